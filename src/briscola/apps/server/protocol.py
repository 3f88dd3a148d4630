"""The WebSocket protocol, declared once (docs/web-protocol.md): every message a client sends
(:data:`ClientMessage`), every message the server sends (:data:`ServerMessage`) and every event a
``state`` carries (:data:`TableEvent`), each one pydantic model in a discriminated union on
``type``. From the unions come the reading of a client's text (:func:`read_message`), the JSON
Schema of docs/web-protocol.schema.json (:func:`schema_text`) and the socket loop's handler map
(:func:`handles`); the loop, :func:`.app.dispatch`, words every :class:`~.errors.Refusal`.

>>> read_message('{"type": "ping"}')
PingMessage(type='ping')
>>> read_message('{"type": "ping", "x": 1}').message
"a ping message is {'type': 'ping'}: unknown field 'x'"
>>> read_message('{"type": "hello", "token": "T"}').code  # only a socket's first message
'unknown_type'
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, Union, get_args

from fastapi import WebSocket
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from briscola.apps.server.errors import Refusal
from briscola.core.cards import Card as _Card
from briscola.core.rules import Ruleset as _Ruleset
from briscola.core.signals import SignalKind
from briscola.core.state import Phase
from briscola.core.text import excerpt
from briscola.session.envelope import PROTOCOL  # the version, in every ``state``: one for both
from briscola.session.events import CardText, DealResult, Event, PlayText, Standing, SuitText

if TYPE_CHECKING:
    from briscola.apps.server.room import Room

TRY_AGAIN_LATER = 1013
"""The WebSocket close code of a server that is full."""


async def refuse(
    ws: WebSocket, refusal: Refusal, close: tuple[int, str], lang: str | None = None
) -> None:
    """Tell a new socket why it is refused, in the language its request names (``lang``), and
    close it with ``close`` (code, reason)."""
    await ws.send_text(json.dumps(refusal.worded(lang)))  # rare: the standard library
    await ws.close(*close)


MAX_FRAME = 64 * 1024
"""The largest message a client may send, in characters (a real one is under 100)."""

MAX_DEPTH = 32
"""The deepest nesting of a message's JSON (a real one has depth 1)."""


class Strict(BaseModel):
    """A message, or a part of one: no field that is not declared, in either direction (what a
    new message's model derives from)."""

    model_config = ConfigDict(extra="forbid")


TableEvent = Annotated[Event, Field(discriminator="type")]
"""Every event a ``state`` may carry (:data:`briscola.session.events.Event`, the session's and
the server's), discriminated on ``type``."""


# -- the parts of a state -------------------------------------------------------------------------
def _json_type(hint: Any) -> Any:
    """The type of a ruleset field's JSON value (an enum's values, a list of cards)."""
    if isinstance(hint, type) and issubclass(hint, Enum):
        return Literal[tuple(m.value for m in hint)]
    if typing.get_origin(hint) is tuple and get_args(hint)[0] is _Card:
        return list[CardText]
    return hint


if TYPE_CHECKING:
    RulesetData = dict[str, Any]
else:
    _HINTS = typing.get_type_hints(_Ruleset)
    RulesetData = create_model(
        "Ruleset",
        __config__=ConfigDict(extra="forbid"),
        __doc__="The table's rules (``Ruleset.to_dict``: every option, docs/options.md).",
        **{
            f.name: (_json_type(_HINTS[f.name]), ...)
            for f in dataclasses.fields(_Ruleset)
            if f.init
        },
    )


class SeatPlayer(Strict):
    """Who took a seat, as everybody may know it (only on a seat a known player took): their
    avatar (an emoji, or null), whether they are a bot account, their profile's username (a
    claimed account's; null for a guest). No id, no token, no session."""

    avatar: str | None = Field(max_length=16, examples=["🦊"])
    bot: bool = Field(description="a bot account (it plays online through a token)")
    profile: str | None = Field(
        max_length=32, description="the username of /players/{profile}, a claimed account's"
    )


class SeatInfo(Strict):
    """Public information about a seat. ``bot`` is a computer player's level; ``player`` says
    who took the seat, on a seat a known player took (absent elsewhere)."""

    seat: int
    kind: Literal["human", "bot"]
    name: str
    bot: str | None
    joined: bool
    connected: bool
    autoplay: bool
    ready: bool
    player: SeatPlayer | None = None


class PublicTable(Strict):
    """The table's public information (``GET /api/tables/{id}``): no secrets, no cards."""

    table_id: str
    preset: str
    ruleset: RulesetData
    status: Literal["waiting", "playing", "deal_over", "over"]
    seats: list[SeatInfo]
    match: Standing
    deal: int | None
    result: DealResult | None
    resigned: list[int]
    hints: bool


class TrickTaken(Strict):
    """A finished trick."""

    leader: int
    plays: list[PlayText]
    winner: int


class Declaration(Strict):
    """An accuso: Re and Cavallo of ``suit`` shown."""

    seat: int
    suit: SuitText
    points: int


class Exchange(Strict):
    """The face-up briscola exchanged."""

    seat: int
    gave: CardText
    took: CardText


class Auction(Strict):
    """Chiamata's auction: the calls (``[seat, "pass" | bid]``) and its winner."""

    calls: list[tuple[int, str]]
    winner: int | None


class SignalSeen(Strict):
    """A partner sign; ``signal`` is its meaning, null for those who may not read it."""

    seat: int
    trick: int
    signal: Literal[tuple(k.value for k in SignalKind)] | None  # type: ignore[valid-type]


class Observation(Strict):
    """What one seat may know of the deal (``Observation.to_dict``), or a spectator
    (``public_view``: ``seat`` null, no hand, no legal actions)."""

    ruleset: RulesetData
    seat: int | None
    dealer: int
    phase: Literal[tuple(p.value for p in Phase)]  # type: ignore[valid-type]
    turn: int | None
    leader: int | None
    hand: list[CardText]
    briscola: CardText | None
    trump: SuitText | None
    stock: int
    hand_counts: list[int]
    trick: list[PlayText]
    tricks: list[TrickTaken]
    declarations: list[Declaration]
    exchanges: list[Exchange]
    actions: list[str]
    other_hands: dict[str, list[CardText]]
    known_cards: dict[str, list[CardText]]
    shown: dict[str, list[CardText]]
    legal: list[str]
    tricks_visible: bool
    points: list[int]
    auction: Auction | None
    called: CardText | None
    partner: int | None
    signals: list[SignalSeen]


class Clock(Strict):
    """The move clock: the seat to act and the seconds it has left."""

    seat: int
    left: float


class RematchVotes(Strict):
    """Once the match is over: the seats that asked for the rematch, and its table once made."""

    votes: list[int]
    table_id: str | None


# -- client to server ----------------------------------------------------------------------------
class HelloMessage(Strict):
    """A seat's first message on its socket: its token (never in the URL)."""

    type: Literal["hello"]
    token: str = Field(examples=["T"])


class ActionMessage(Strict):
    """Take an action, in the text notation (``Ad``, ``declare d``, ``bid 75``, ``call b``)."""

    type: Literal["action"]
    action: str = Field(max_length=100, examples=["Ad"])


class NextDealMessage(Strict):
    """Between deals: ready for the next deal."""

    type: Literal["next_deal"]


class SyncMessage(Strict):
    """Send me the state again."""

    type: Literal["sync"]


class PingMessage(Strict):
    """Keep-alive; answered by ``pong``."""

    type: Literal["ping"]


class ResignMessage(Strict):
    """Leave the match for good: the seat goes to the computer, the resignation is recorded."""

    type: Literal["resign"]


class RematchMessage(Strict):
    """Once the match is over: ask for a rematch (same rules, seats rotated)."""

    type: Literal["rematch"]


class SpeedMessage(Strict):
    """The host sets the computer players' speed: ``lenta``, ``normale`` or ``veloce``."""

    type: Literal["speed"]
    speed: str = Field(max_length=20, examples=["veloce"])


EMOTES = ("bella_giocata", "ciao", "grazie", "ben_giocato", "peccato", "buona_fortuna",
          "applause", "smile", "wow", "sad")  # fmt: skip
"""The quick messages and emotes, a closed set: the client words them (or draws the emoji)."""


class EmoteMessage(Strict):
    """A quick message or emote from :data:`EMOTES`, shown by the sender's plate to everybody."""

    type: Literal["emote"]
    emote: Literal[EMOTES] = Field(examples=["bella_giocata"])  # type: ignore[valid-type]


CHAT_LENGTH = 200
"""The longest line of chat, in characters."""


class ChatMessage(Strict):
    """A line of free-text chat, at a table whose host allows it (``chat``): shown to every
    seat and spectator."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=CHAT_LENGTH, examples=["Ciao a tutti!"])


SocketMessage = Annotated[
    ActionMessage
    | NextDealMessage
    | SyncMessage
    | PingMessage
    | ResignMessage
    | RematchMessage
    | SpeedMessage
    | EmoteMessage
    | ChatMessage,
    Field(discriminator="type"),
]
"""Every message a socket may send after its hello."""

ClientMessage = Annotated[Union[HelloMessage, SocketMessage], Field(discriminator="type")]  # noqa: UP007
"""Every message a client may send: the hello first, then any of :data:`SocketMessage`."""


# -- server to client ----------------------------------------------------------------------------
class StateMessage(Strict):
    """The socket's whole view, after every change; ``events`` says what just changed."""

    type: Literal["state"]
    protocol: int
    seat: int = Field(description="the seat's number (0 in a spectator's)")
    host: bool
    table: PublicTable
    observation: Observation | None = Field(description="null while the table is waiting")
    events: list[TableEvent]
    invite_url: str | None = Field(description="the invitation, to the host of a waiting table")
    card_points: dict[str, int] = Field(
        description="the points of each rank (by its letter) under the table's ruleset"
    )
    spectator: bool = Field(default=False, description="true in a spectator's messages")
    spectators: int = Field(description="how many watch the table")
    speed: str = Field(description="the computer players' speed")
    clock: Clock | None = Field(description="the move clock, at a table of several people")
    rematch: RematchVotes | None = Field(description="once the match is over")
    watch_url: str = Field(description="the table's spectators' link")
    trick_hold_ms: int = Field(description="how long a completed trick stays shown (ms)")
    chat: bool = Field(default=False, description="the table's free-text chat is open")


class ErrorMessage(Strict):
    """A refused message (only to its sender): ``code`` for programs, ``message`` for people,
    in the table's language."""

    type: Literal["error"]
    code: str = Field(examples=["not_your_turn"])
    message: str = Field(examples=["Non tocca a te: aspetta il tuo turno."])


class PongMessage(Strict):
    """The answer to ``ping``."""

    type: Literal["pong"]


class RematchLinkMessage(Strict):
    """The rematch started: a person's new seat (a new token in ``url``), or a spectator's
    watch link."""

    type: Literal["rematch"]
    table_id: str
    url: str


class EmoteShown(Strict):
    """A seat's quick message or emote, to every seat and spectator (never stored)."""

    type: Literal["emote"]
    seat: int
    emote: Literal[EMOTES]  # type: ignore[valid-type]


class ChatShown(Strict):
    """A seat's line of chat, to every seat and spectator (kept in memory only: see
    docs/web-protocol.md)."""

    type: Literal["chat"]
    seat: int
    text: str = Field(max_length=CHAT_LENGTH)


ServerMessage = Annotated[
    StateMessage | ErrorMessage | PongMessage | RematchLinkMessage | EmoteShown | ChatShown,
    Field(discriminator="type"),
]
"""Every message the server sends on a table's socket."""


# -- what the unions give ------------------------------------------------------------------------
def models_of(union: Any) -> tuple[type[Any], ...]:
    """The classes of a union of messages or events (``Annotated`` and nested unions followed):
    pydantic models, or the session's event dataclasses."""
    args = get_args(union)
    if typing.get_origin(union) is Annotated:
        return models_of(args[0])
    if isinstance(union, type):
        return (union,)
    return tuple(model for arg in args for model in models_of(arg))


def type_of(model: type[Any]) -> str:
    """The ``type`` a message model (or an event's dataclass) declares."""
    if issubclass(model, BaseModel):
        (value,) = get_args(model.model_fields["type"].annotation)
        return str(value)
    return str(dataclasses.fields(model)[0].default)


def example(model: type[BaseModel]) -> dict[str, Any]:
    """A message of ``model``: its type and the first example of every other field."""
    out: dict[str, Any] = {"type": type_of(model)}
    for name, field in model.model_fields.items():
        if name != "type":
            out[name] = (field.examples or ["..."])[0]
    return out


def schema_text() -> str:
    """The protocol's JSON Schema (the client's messages, the server's and the events) as the
    text of docs/web-protocol.schema.json."""
    both = TypeAdapter[Any](Union[ClientMessage, ServerMessage]).json_schema()  # type: ignore[arg-type, unused-ignore]  # noqa: UP007
    client, server = both["anyOf"]
    defs = both["$defs"]
    events = defs["StateMessage"]["properties"]["events"]
    table_event = events["items"]
    events["items"] = {"$ref": "#/$defs/TableEvent"}
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"The briscola server's WebSocket protocol, version {PROTOCOL}",
        "description": "Generated from briscola.apps.server.protocol by "
        "scripts/gen_protocol_schema.py: do not edit by hand.",
        "$defs": {
            **defs,
            "ClientMessage": client,
            "ServerMessage": server,
            "TableEvent": table_event,
        },
        "oneOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
    }
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


# -- reading a client's text ---------------------------------------------------------------------
def _depth(data: Any) -> int:
    """The deepest nesting of lists and objects in a JSON value.

    >>> _depth({"a": [1, {"b": "[[["}]}), _depth("x")
    (3, 0)
    """
    depth, level = 0, [data]
    while nested := [x for x in level if isinstance(x, dict | list)]:
        depth += 1
        level = [v for x in nested for v in (x.values() if isinstance(x, dict) else x)]
    return depth


def _field_problem(err: dict[str, Any]) -> str:
    """One pydantic error in words, quoting at most an excerpt of the field's name."""
    where = ".".join(str(x) for x in err.get("loc", ())[1:])
    kind = err.get("type", "")
    if kind == "extra_forbidden":
        return f"unknown field {excerpt(where)}"
    if kind == "missing":
        return f"missing field {excerpt(where)}"
    if kind == "string_too_long":
        return f"{excerpt(where)} is too long"
    return f"{excerpt(where)}: {err.get('msg', 'invalid')}"


class Reader:
    """Reads a client's text strictly as one of a union's messages (see :func:`read_message`)."""

    def __init__(self, union: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)
        self.models = {type_of(m): m for m in models_of(union)}

    def read(self, text: str) -> Any:
        """The message in ``text``, or why it is refused: over :data:`MAX_FRAME`
        (``too_large``), not JSON, no object or nested past :data:`MAX_DEPTH` (``bad_json``), a
        type that is not the union's (``unknown_type``), a field missing, unknown or wrong
        (``bad_message``)."""
        if len(text) > MAX_FRAME:
            return Refusal("too_large", f"a message is at most {MAX_FRAME} characters")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return Refusal("bad_json", "the message is not JSON")
        brackets = text.count("{") + text.count("[")  # the depth is at most this: mostly no walk
        if brackets > MAX_DEPTH and _depth(data) > MAX_DEPTH:
            return Refusal("bad_json", f"a message is nested at most {MAX_DEPTH} levels deep")
        if not isinstance(data, dict):
            return Refusal("bad_json", "a message must be a JSON object with a 'type'")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self.models:
            shown = excerpt(kind) if isinstance(kind, str) else type(kind).__name__
            message = f"unknown message type {shown}: send one of {', '.join(self.models)}"
            return Refusal("unknown_type", message)
        try:
            return self.adapter.validate_python(data)
        except ValidationError as exc:
            problems = "; ".join(_field_problem(dict(e)) for e in exc.errors()[:3])
            shape = example(self.models[kind])
            return Refusal("bad_message", f"a {kind} message is {shape}: {problems}")


read_message: Callable[[str], SocketMessage | Refusal] = Reader(SocketMessage).read
"""The message a seat's or a spectator's socket sent after its hello, or its refusal."""


# -- the handler map -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Peer:
    """Who sent a message: its socket and its seat (None: a spectator, or a seat that resigned
    and watches)."""

    ws: WebSocket
    seat: int | None

    @property
    def player(self) -> int:
        """The seat, for a message that only a seat may send (the loop refuses a spectator's)."""
        assert self.seat is not None, "a spectator's message reached a seat's handler"
        return self.seat


Handler = Callable[["Room", Peer, Any], Awaitable[None]]
"""A message's handler: ``(room, peer, message)``; it answers, or raises a
:class:`Refusal` (or a table's ``TableError``) that the socket loop words."""


@dataclass(frozen=True)
class Route:
    """A message type's handler, and whether spectators may send it."""

    handle: Handler
    spectators: bool


handlers: dict[str, Route] = {}
"""The handler of each message type after the hello (filled by :func:`handles`)."""

H = TypeVar("H", bound=Handler)


def handles(*models: type[BaseModel], spectators: bool = False) -> Callable[[H], H]:
    """Register the decorated function as the handler of ``models`` (``spectators``: they may
    send them too, else they are refused with ``spectator``)."""

    def register(handler: H) -> H:
        for model in models:
            handlers[type_of(model)] = Route(handler, spectators)
        return handler

    return register
