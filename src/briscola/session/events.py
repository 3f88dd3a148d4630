"""What a table tells everybody: its events, one typed union (:data:`Event`), declared once.

Every front end is given the same events for each change: the terminal tells them
(:mod:`briscola.apps.terminal.narration`), the server sends them in its ``state`` messages, and
its protocol (:mod:`briscola.apps.server.protocol`) declares them by these same classes, from
which the JSON Schema of docs/web-protocol.schema.json is made. Each event is a frozen dataclass
with its ``type``: plain Python (the session runs where pydantic does not, and a move makes its
events in under a microsecond each); orjson and pydantic read them as they are. The session makes
the table's events, the server its own (``joined``, ``spectators``, ``speed``,
``rematch_asked``, ``rematch``). :func:`action_events` says which events one action makes.

>>> from briscola.core.actions import Play
>>> from briscola.core.rules import preset
>>> from briscola.core.game import new_game
>>> state = new_game(preset("classic"), seed=1)
>>> action = Play(state.hands[state.turn][0])
>>> action_events(state, state.apply(action), state.turn, action)
[PlayedEvent(type='played', seat=1, card='4s', action='4s')]
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Annotated, Any, ClassVar, Literal, Union, cast

from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play, Signal
from briscola.core.cards import Card
from briscola.core.game import Result, State

__all__ = [
    "CardText",
    "DealLog",
    "DealResult",
    "Event",
    "PlayText",
    "Standing",
    "SuitText",
    "action_events",
]


class _Schema:
    """JSON Schema words for a field, read by pydantic where the protocol declares it (the session
    does not import pydantic)."""

    def __init__(self, **words: Any) -> None:
        self.words = words

    def __get_pydantic_json_schema__(self, core: Any, handler: Any) -> Any:
        return {**handler(core), **self.words}


CardText = Annotated[str, _Schema(pattern=r"^[A2-7FCR][cdsb]$", examples=["Ad"])]
"""A card in the notation: rank (``A 2 3 4 5 6 7 F C R``) and suit (``c d s b``)."""

SuitText = Literal["c", "d", "s", "b"]
PlayText = tuple[int, CardText]
"""A card played: ``[seat, card]``."""


@dataclass(frozen=True, kw_only=True, slots=True)
class _Data:
    """Data of a message: no field that is not declared (for pydantic: ``extra="forbid"``)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}

    def to_dict(self) -> dict[str, Any]:
        """The data as JSON-ready data (as a message carries it: pairs as lists)."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        return data


@dataclass(frozen=True, kw_only=True, slots=True)
class DealResult(_Data):
    """A finished deal's result."""

    seat_points: list[int]
    team_points: list[int]
    teams: list[int]
    winners: list[int]
    draw: bool
    replay: bool
    units: Annotated[
        list[int], _Schema(description="the settlement per seat in chiamata, else empty")
    ]

    @classmethod
    def of(cls, r: Result) -> DealResult:
        """The data of a :class:`~briscola.core.game.Result` (read back by :meth:`result`).

        >>> r = Result((70, 50), (70, 50), (0, 1), (0,))
        >>> DealResult.of(r).result() == r
        True
        """
        return cls(
            seat_points=list(r.seat_points), team_points=list(r.team_points), teams=list(r.teams),
            winners=list(r.winners), draw=r.draw, replay=r.replay, units=list(r.units),
        )  # fmt: skip

    def result(self) -> Result:
        """The :class:`~briscola.core.game.Result` this is the data of."""
        return Result(
            tuple(self.seat_points), tuple(self.team_points), tuple(self.teams),
            tuple(self.winners), replay=self.replay, units=tuple(self.units),
        )  # fmt: skip


@dataclass(frozen=True, kw_only=True, slots=True)
class DealPlayed(_Data):
    """A deal of the match."""

    dealer: int
    counted: bool
    result: DealResult


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing(_Data):
    """The match's standing."""

    format: str
    competitors: Literal["teams", "seats"]
    wins: list[int]
    points: list[int]
    deals: list[DealPlayed]
    winner: int | None
    over: bool


# -- the events -----------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True, slots=True)
class _Event(_Data):
    """Something that happened at the table, public to every seat."""

    @classmethod
    def __get_pydantic_json_schema__(cls, core: Any, handler: Any) -> Any:
        schema = handler.resolve_ref_schema(handler(core))
        schema["properties"]["type"].pop("default")  # the type is always sent
        schema["required"] = ["type", *schema.get("required", [])]
        return schema


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStartedEvent(_Event):
    """A deal was dealt."""

    type: Literal["deal_started"] = "deal_started"
    deal: int
    dealer: int


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayedEvent(_Event):
    """A card was played."""

    type: Literal["played"] = "played"
    seat: int
    card: CardText
    action: str


@dataclass(frozen=True, kw_only=True, slots=True)
class DeclaredEvent(_Event):
    """An accuso (Re and Cavallo shown)."""

    type: Literal["declared"] = "declared"
    seat: int
    suit: SuitText
    points: int
    action: str


@dataclass(frozen=True, kw_only=True, slots=True)
class ExchangedEvent(_Event):
    """The briscola was exchanged."""

    type: Literal["exchanged"] = "exchanged"
    seat: int
    gave: CardText
    took: CardText
    action: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SignalledEvent(_Event):
    """A partner sign was made (never its meaning)."""

    type: Literal["signalled"] = "signalled"
    seat: int
    trick: int
    action: Literal["signal"]


@dataclass(frozen=True, kw_only=True, slots=True)
class BidEvent(_Event):
    """Chiamata: a bid (a rank's letter, or points)."""

    type: Literal["bid"] = "bid"
    seat: int
    bid: str
    action: str


@dataclass(frozen=True, kw_only=True, slots=True)
class PassedEvent(_Event):
    """Chiamata: a pass."""

    type: Literal["passed"] = "passed"
    seat: int
    action: str


@dataclass(frozen=True, kw_only=True, slots=True)
class CalledEvent(_Event):
    """Chiamata: the trump named, the called card."""

    type: Literal["called"] = "called"
    seat: int
    suit: SuitText
    card: CardText
    action: str


@dataclass(frozen=True, kw_only=True, slots=True)
class RevealedEvent(_Event):
    """Chiamata: the called card was played; ``seat`` is the partner."""

    type: Literal["revealed"] = "revealed"
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class TrickEvent(_Event):
    """A trick was taken."""

    type: Literal["trick"] = "trick"
    winner: int
    points: int
    cards: list[PlayText]


@dataclass(frozen=True, kw_only=True, slots=True)
class DealOverEvent(_Event):
    """The deal ended."""

    type: Literal["deal_over"] = "deal_over"
    result: DealResult


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchOverEvent(_Event):
    """The match ended (``winner``: a competitor, or null)."""

    type: Literal["match_over"] = "match_over"
    winner: int | None
    match: Standing


@dataclass(frozen=True, kw_only=True, slots=True)
class PresenceEvent(_Event):
    """A seat's socket connected or left."""

    type: Literal["presence"] = "presence"
    seat: int
    connected: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class JoinedEvent(_Event):
    """Somebody took a seat with the invitation."""

    type: Literal["joined"] = "joined"
    seat: int
    name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class ReadyEvent(_Event):
    """A seat asked for the next deal."""

    type: Literal["ready"] = "ready"
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class AutoplayEvent(_Event):
    """A computer took over (or gave back) a disconnected seat."""

    type: Literal["autoplay"] = "autoplay"
    seat: int
    on: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class TimedOutEvent(_Event):
    """The move clock ran out: the stand-in plays this move for ``seat``."""

    type: Literal["timed_out"] = "timed_out"
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class ResignedEvent(_Event):
    """A person left the match for good."""

    type: Literal["resigned"] = "resigned"
    seat: int
    name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SpeedEvent(_Event):
    """The computer players' speed changed."""

    type: Literal["speed"] = "speed"
    seat: int
    speed: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SpectatorsEvent(_Event):
    """A spectator came or went: how many watch now."""

    type: Literal["spectators"] = "spectators"
    count: int


@dataclass(frozen=True, kw_only=True, slots=True)
class RematchAskedEvent(_Event):
    """A seat asked for the rematch."""

    type: Literal["rematch_asked"] = "rematch_asked"
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class RematchEvent(_Event):
    """The rematch started at a new table."""

    type: Literal["rematch"] = "rematch"
    table_id: str


Event = Union[  # noqa: UP007  (a union of classes, also used at run time)
    DealStartedEvent, PlayedEvent, DeclaredEvent, ExchangedEvent, SignalledEvent, BidEvent,
    PassedEvent, CalledEvent, RevealedEvent, TrickEvent, DealOverEvent, MatchOverEvent,
    PresenceEvent, JoinedEvent, ReadyEvent, AutoplayEvent, TimedOutEvent, ResignedEvent,
    SpeedEvent, SpectatorsEvent, RematchAskedEvent, RematchEvent,
]  # fmt: skip
"""Every event: a union of classes, each with its ``type`` (the wire discriminates on it)."""


@dataclass
class DealLog:
    """One deal as dealt and played: its dealer, its deck order, the actions so far and the seat
    that took each."""

    dealer: int
    deck: tuple[Card, ...]
    actions: list[Action] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)


def action_events(before: State, after: State, seat: int, action: Action) -> list[Event]:
    """The public events of ``seat`` taking ``action`` in ``before`` (``after`` is the result).

    A partner sign is public only as a sign: its event (``signalled``) names the seat and the
    trick, never the meaning (the signaller's side reads that in its observation).
    """
    text = str(action)
    if isinstance(action, Signal):
        return [SignalledEvent(seat=seat, trick=after.signals[-1].trick, action="signal")]
    if isinstance(action, Play):
        return _play_events(before, after, seat, action)
    if isinstance(action, Declare):
        points, suit = after.declarations[-1].points, cast(SuitText, action.suit.letter)
        return [DeclaredEvent(seat=seat, suit=suit, points=points, action=text)]
    if isinstance(action, ExchangeBriscola):
        ex = after.exchanges[-1]
        return [ExchangedEvent(seat=seat, gave=str(ex.gave), took=str(ex.took), action=text)]
    if isinstance(action, Bid):
        bid = action.rank.letter if action.rank is not None else str(action.points)
        return [BidEvent(seat=seat, bid=bid, action=text)]
    if isinstance(action, Pass):
        return [PassedEvent(seat=seat, action=text)]
    assert isinstance(action, Call)
    card, suit = str(after.called), cast(SuitText, action.suit.letter)
    return [CalledEvent(seat=seat, suit=suit, card=card, action=text)]


def _play_events(before: State, after: State, seat: int, action: Play) -> list[Event]:
    events: list[Event] = [PlayedEvent(seat=seat, card=str(action.card), action=str(action))]
    if after.revealed and not before.revealed:
        events.append(RevealedEvent(seat=seat))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        cards = [(s, str(c)) for s, c in trick.plays]
        points = trick.points(after.ruleset)
        events.append(TrickEvent(winner=trick.winner, points=points, cards=cards))
    return events
