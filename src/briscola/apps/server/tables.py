"""The table API (docs/web-protocol.md, "HTTP API"): what the server offers (:mod:`.catalog`),
play now, a table with friends, joining, starting and reading a table.

The routes work on the app's ``state.rooms``; a request is checked here (preset, options, match
format, levels, seats), each refusal an :class:`~.errors.ApiError`.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from briscola.apps.server import catalog
from briscola.apps.server.errors import RATE_LIMITED, UNAVAILABLE, ApiError
from briscola.apps.server.limits import client_ip, rate_limited
from briscola.apps.server.players import seat_taken
from briscola.apps.server.protocol import PublicTable
from briscola.apps.server.room import Room, seat_url
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.schemas import (
    CreateTableRequest,
    CreateTableResponse,
    ErrorResponse,
    JoinRequest,
    JoinResponse,
    PlayRequest,
    PlayResponse,
    StartRequest,
)
from briscola.apps.server.store import hash_token
from briscola.bots import UnknownBotError, bot_info
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.options import offered_on
from briscola.core.rules import Ruleset, RulesetError, preset
from briscola.core.text import excerpt
from briscola.i18n import t
from briscola.session.events import JoinedEvent
from briscola.session.table import Seat, Table, TableError

NAMES = (
    "Giulia", "Marco", "Chiara", "Luca", "Sofia", "Matteo", "Elena", "Paolo",
    "Francesca", "Giorgio", "Anna", "Davide", "Marta", "Stefano", "Lucia", "Antonio",
)  # fmt: skip
"""The names the computer players take, one per seat (more than any table has seats)."""


def computer_names(
    levels: Sequence[str | None], people: Iterable[str] = (), rng: random.Random | None = None
) -> list[str]:
    """A different Italian first name, drawn at random, for each computer seat (``levels``: a
    seat's level, ``None`` for a person, who gets ``""``); the client shows the level beside. A
    name that begins one of the ``people``'s at the table is not drawn: nobody plays their
    namesake.

    >>> names = computer_names([None, "simple", "simple", "medium"], rng=random.Random(4))
    >>> names[0], len(set(names[1:])), all(n in NAMES for n in names[1:])
    ('', 3, True)
    >>> any("Anna" in computer_names([None, *"12345"], ["anna 🦊"]) for _ in range(100))
    False
    """
    taken = {_first(name) for name in people}
    free = [name for name in NAMES if _first(name) not in taken]
    names = iter((rng or random.Random()).sample(free, sum(lv is not None for lv in levels)))
    return ["" if level is None else next(names) for level in levels]


def _first(name: str) -> str:
    """The first word of a name, as names are compared: ``"anna 🦊"`` and ``"Anna"`` alike."""
    return (name.split() or [""])[0].casefold()


def name_apart(table: Table, seats: Sequence[int]) -> None:
    """Name the computers of ``seats`` again (:func:`computer_names`), apart from every other
    seat of ``table``."""
    others = [s.name for i, s in enumerate(table.seats) if i not in seats]
    for i, name in zip(seats, computer_names(["bot"] * len(seats), others), strict=True):
        table.seats[i].name = name


# -- checking a request ------------------------------------------------------------------------
def offered_ruleset(name: str, options: dict[str, Any]) -> Ruleset:
    """The preset ``name`` with ``options``, each one it offers with a value it offers (a table's
    request, a lobby's seek); else 400 ``unknown_preset`` or ``bad_options``."""
    try:
        base = preset(name)
    except RulesetError as exc:
        raise ApiError(400, "unknown_preset", str(exc)) from None
    offered = {o.name: list(o.offered) for o in offered_on(base)}
    unknown = sorted(set(options) - set(offered))
    if unknown:
        listed = ", ".join(offered)
        message = f"unknown option {excerpt(unknown[0])} for {base.name}; options: {listed}"
        raise ApiError(400, "bad_options", message)
    for option, value in options.items():
        _check_offered(option, value, offered[option])
    try:
        return base.with_options(**options) if options else base
    except (RulesetError, TypeError, ValueError) as exc:
        raise ApiError(400, "bad_options", str(exc)) from None


def _check_offered(name: str, value: Any, values: list[Any]) -> None:
    """Refuse an option's value that the catalog does not offer: a yes/no option takes a JSON
    boolean, ``removed`` one of the offered cards (as ``"2d"`` or ``["2d"]``), any other option
    one of its values (or a form of it: ``Clockwise`` for ``clockwise``)."""
    shown = excerpt(value) if isinstance(value, str) else excerpt(json.dumps(value)[:200])
    if values == [False, True]:
        wrong = not isinstance(value, bool)
        expected = "true or false"
    elif name == "removed":
        cards = value if isinstance(value, list) else [value]
        wrong = len(cards) != 1 or cards[0] not in values
        expected = f"one of {', '.join(values)}"
    else:
        wrong = not isinstance(value, str | int) or isinstance(value, bool) or len(str(value)) > 40
        expected = f"one of {', '.join(str(v) for v in values)}"
    if wrong:
        raise ApiError(400, "bad_options", f"{name} must be {expected}, not {shown}")


def _match(text: str) -> MatchFormat:
    try:
        return MatchFormat.parse(text)
    except MatchFormatError as exc:
        raise ApiError(400, "bad_match", str(exc)) from None


def _level(name: str) -> str:
    try:
        return bot_info(name).name
    except UnknownBotError as exc:
        raise ApiError(400, "unknown_level", str(exc)) from None


def seat_name(name: str, seat: int, lang: str) -> str:
    """A person's ``name`` at ``seat`` (spaces folded, at most 40 characters), or "Player N"."""
    return " ".join(name.split())[:40] or t("web.player", lang, n=seat + 1)


def _seat_levels(specs: list[str], ruleset: Ruleset) -> list[str | None]:
    """Each seat's computer level, ``None`` for a person; seat 0 is the host's."""
    n = ruleset.players
    if len(specs) != n:
        raise ApiError(400, "bad_seats", f"the {ruleset.name} game has {n} seats, not {len(specs)}")
    levels: list[str | None] = []
    for spec in specs:
        kind, _, level = spec.strip().lower().partition(":")
        if kind == "human" and not level:
            levels.append(None)
        elif kind == "bot":
            levels.append(_level(level or catalog.DEFAULT_LEVEL))
        else:
            raise ApiError(400, "bad_seats", f"a seat is 'human' or 'bot:<level>', not {spec!r}")
    if levels[0] is not None:
        raise ApiError(400, "bad_seats", "seat 0 is the host's: it must be 'human'")
    return levels


# -- the routes --------------------------------------------------------------------------------
_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "A bad request"},
    403: {"model": ErrorResponse, "description": "A bad token or invitation"},
    404: {"model": ErrorResponse, "description": "No such table"},
    409: {"model": ErrorResponse, "description": "The table cannot do that now"},
    **UNAVAILABLE,
}

router = APIRouter()
"""The table API's routes."""

_tables = APIRouter(tags=["tables"], responses=_ERRORS)


@router.get("/api/presets", tags=["catalog"])
async def get_presets() -> catalog.PresetsResponse:
    """The game variants, their options (allowed values, defaults) and match formats."""
    return catalog.presets()


@router.get("/api/levels", tags=["catalog"])
async def get_levels() -> catalog.LevelsResponse:
    """The computer players."""
    return catalog.levels()


async def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


RoomsOf = Annotated[Rooms, Depends(_rooms)]
"""The rooms of the app that answers the request."""


def limited(kind: str) -> Any:
    """A dependency that counts a request of ``kind`` against its client (429 over the rate)."""

    async def check(request: Request, rooms: RoomsOf) -> None:
        if (wait := rooms.limiter.take(kind, client_ip(request.scope))) is not None:
            raise rate_limited(wait, "requests")

    return Depends(check)


def _may_guess(rooms: Rooms, request: Request) -> str:
    """The client, if it may try a token or an invitation code now (else 429); a wrong one is
    then charged to it (``rooms.limiter.charge("guess", ip)``)."""
    ip = client_ip(request.scope)
    if (wait := rooms.limiter.check("guess", ip)) is not None:
        raise rate_limited(wait, "requests")
    return ip


async def table_room(rooms: Rooms, table_id: str) -> Room:
    """The table's room; 404 for an unknown table (503 when the server is full)."""
    room = await rooms.get(table_id)
    if room is None:
        raise ApiError(404, "not_found", f"there is no table {table_id!r}")
    return room


def against_computer(
    rooms: Rooms,
    ruleset: Ruleset,
    fmt: MatchFormat,
    level: str,
    name: str,
    lang: str,
    seed: int | None = None,
) -> tuple[Room, str]:
    """A started table of a person (``name``) at seat 0 against computers of ``level``: its
    room and the person's token."""
    seats = [Seat.human(seat_name(name, 0, lang))]
    names = computer_names([None] + [level] * (ruleset.players - 1), [seats[0].name])
    seats += [Seat.computer(level, n) for n in names[1:]]
    token = secrets.token_urlsafe(24)
    room = rooms.new(ruleset, fmt, seats, lang, {0: hash_token(token)}, start=True, seed=seed)
    return room, token


@_tables.post(
    "/api/play",
    response_model=PlayResponse,
    dependencies=[limited("create")],
    responses=RATE_LIMITED,
)
async def play(req: PlayRequest, rooms: RoomsOf, request: Request) -> PlayResponse:
    """Play now against the computer: a table with the human at seat 0, already started."""
    ruleset, fmt = offered_ruleset(req.preset, req.options), _match(req.match)
    level = _level(req.level)
    room, token = against_computer(rooms, ruleset, fmt, level, req.name, req.lang)
    seat_taken(request, room.table_id, 0)  # the player's game (apps/server/players)
    url = seat_url(room.table_id, 0, token)
    return PlayResponse(table_id=room.table_id, seat=0, token=token, url=url)


@_tables.post(
    "/api/tables",
    response_model=CreateTableResponse,
    dependencies=[limited("create")],
    responses=RATE_LIMITED,
)
async def create_table(
    req: CreateTableRequest, rooms: RoomsOf, request: Request
) -> CreateTableResponse:
    """A table with friends: the host at seat 0, humans and bots as given."""
    ruleset = offered_ruleset(req.preset, req.options)
    fmt = _match(req.match)
    specs = req.seats if req.seats is not None else ["human"] * ruleset.players
    levels = _seat_levels(specs, ruleset)
    seats = [Seat.human(seat_name(req.host_name, 0, req.lang))]
    names = computer_names(levels, [seats[0].name])
    for i, level in enumerate(levels[1:], start=1):
        if level is None:
            seats.append(Seat.human(seat_name("", i, req.lang), joined=False))
        else:
            seats.append(Seat.computer(level, names[i]))
    token = secrets.token_urlsafe(24)
    chat = req.chat and not req.public  # friends only: a table listed in the lobby is strangers'
    room = rooms.new(
        ruleset, fmt, seats, req.lang, {0: hash_token(token)}, chat=chat, hints=req.hints,
        public=req.public,  # listed in the lobby while seats are free (lobby/presence.py)
    )  # fmt: skip
    seat_taken(request, room.table_id, 0)  # the player's game (apps/server/players)
    return CreateTableResponse(
        table_id=room.table_id,
        seat=0,
        token=token,
        invite_code=room.invite_code,
        invite_url=room.invite_url(),
        url=seat_url(room.table_id, 0, token),
    )


@_tables.post(
    "/api/tables/{table_id}/join",
    response_model=JoinResponse,
    dependencies=[limited("join")],
    responses=RATE_LIMITED,
)
async def join(table_id: str, req: JoinRequest, rooms: RoomsOf, request: Request) -> JoinResponse:
    """Take the first free human seat with the invitation code."""
    ip = _may_guess(rooms, request)
    room = await table_room(rooms, table_id)
    if not secrets.compare_digest(req.invite_code.encode(), room.invite_code.encode()):
        rooms.limiter.charge("guess", ip)
        raise ApiError(403, "bad_invite", "this invitation code is not the table's")
    async with room.lock:
        table = room.table
        if table.started:
            raise ApiError(409, "already_started", "the game has already started")
        free = [i for i, s in enumerate(table.seats) if not s.is_bot and not s.joined]
        if not free:
            raise ApiError(409, "table_full", "every seat at this table is taken")
        seat = free[0]
        token = secrets.token_urlsafe(24)
        table.seats[seat].joined = True
        name = table.seats[seat].name = seat_name(req.name, seat, room.lang)
        # a computer seated under the newcomer's first name is named again
        clash = [
            i for i, s in enumerate(table.seats) if s.is_bot and _first(s.name) == _first(name)
        ]
        name_apart(table, clash)
        room.note(seats=clash)  # stored with the seat taken
        room.stored_seats[seat].token_hash = hash_token(token)
        await room.save_seat(seat)
        await room.broadcast([JoinedEvent(seat=seat, name=table.seats[seat].name)])
    url = seat_url(table_id, seat, token)
    seat_taken(request, table_id, seat)  # the player's game (apps/server/players)
    return JoinResponse(table_id=table_id, seat=seat, token=token, url=url)


@_tables.post("/api/tables/{table_id}/start", response_model=PublicTable, responses=RATE_LIMITED)
async def start(
    table_id: str, req: StartRequest, rooms: RoomsOf, request: Request
) -> dict[str, Any]:
    """The host starts the game; empty human seats are given to bots of level ``fill``."""
    ip = _may_guess(rooms, request)
    room = await table_room(rooms, table_id)
    seat = room.seat_for_token(req.token)
    if seat is None:
        rooms.limiter.charge("guess", ip)
        raise ApiError(403, "bad_token", "this token is not one of the table's")
    if seat != room.host:
        raise ApiError(403, "not_host", "only the host can start the game")
    fill = _level(req.fill)
    async with room.lock:
        table = room.table
        if table.started:
            raise ApiError(409, "already_started", "the game has already started")
        empty = [i for i, s in enumerate(table.seats) if not s.is_bot and not s.joined]
        try:
            events = table.start(fill)
        except TableError as exc:
            raise ApiError(409, exc.code, exc.message) from None
        name_apart(table, empty)
        room.note(started=True, seats=empty)  # stored with the deal in one transaction
        await room.commit(events)
        info = room.views.info()
    seat_taken(request, table_id, seat, replace=False)  # the host's game, if not linked yet
    return info


@_tables.get("/api/tables/{table_id}", response_model=PublicTable)
async def get_table(table_id: str, rooms: RoomsOf) -> dict[str, Any]:
    """Public information about a table: seats, status, standing. No secrets, no cards."""
    return (await table_room(rooms, table_id)).views.info()


router.include_router(_tables)
