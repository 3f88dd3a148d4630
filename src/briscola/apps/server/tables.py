"""The HTTP routes of the tables: play now, a table with friends, joining, starting, reading.

:data:`router` holds them; they work on the app's ``state.rooms``, and each new table is
stored and gets a room. Requests are checked here (preset, options, match format, levels,
seats) so that every refusal is a clear ``{"code", "message"}``.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.exceptions import HTTPException

from briscola.apps.server import catalog
from briscola.apps.server.errors import ApiError
from briscola.apps.server.limits import client_ip, retry_after
from briscola.apps.server.protocol import PublicTable
from briscola.apps.server.rooms import Room, Rooms
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
from briscola.apps.server.store import StoredSeat, StoredTable, hash_token
from briscola.bots import UnknownBotError, bot_info
from briscola.core.cards import format_cards
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.rules import Ruleset, RulesetError, preset
from briscola.core.text import excerpt
from briscola.i18n import t
from briscola.session.table import Event, Seat, Table, TableError

__all__ = ["NAMES", "computer_names", "router"]

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "A bad request"},
    403: {"model": ErrorResponse, "description": "A bad token or invitation"},
    404: {"model": ErrorResponse, "description": "No such table"},
    409: {"model": ErrorResponse, "description": "The table cannot do that now"},
    503: {
        "model": ErrorResponse,
        "description": "server_full: the server holds as many tables as it may; table_moved: "
        "another process serves the table now (several processes). Try again later",
    },
}
_RATE: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorResponse,
        "description": "rate_limited: too many requests from this client; Retry-After says "
        "how many seconds to wait",
        "headers": {
            "Retry-After": {
                "description": "whole seconds to wait before trying again (at least 1)",
                "schema": {"type": "integer", "minimum": 1},
            }
        },
    },
}


def _new_id(nbytes: int = 6) -> str:
    return secrets.token_urlsafe(nbytes)


def _ruleset(name: str, options: dict[str, Any]) -> Ruleset:
    try:
        base = preset(name)
    except RulesetError as exc:
        raise ApiError(400, "unknown_preset", str(exc)) from None
    offered = {o["name"]: o["values"] for o in catalog.preset_options(base)}
    unknown = sorted(set(options) - set(offered))
    if unknown:
        raise ApiError(
            400,
            "bad_options",
            f"unknown option {excerpt(unknown[0])} for {base.name}; options: {', '.join(offered)}",
        )
    for name, value in options.items():
        _check_offered(name, value, offered[name])
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
        if not isinstance(value, bool):
            raise ApiError(400, "bad_options", f"{name} must be true or false, not {shown}")
        return
    if name == "removed":
        cards = value if isinstance(value, list) else [value]
        if len(cards) != 1 or cards[0] not in values:
            raise ApiError(
                400, "bad_options", f"removed must be one of {', '.join(values)}, not {shown}"
            )
        return
    if not isinstance(value, str | int) or isinstance(value, bool) or len(str(value)) > 40:
        raise ApiError(400, "bad_options", f"{name} must be one of {_listed(values)}, not {shown}")


def _listed(values: list[Any]) -> str:
    return ", ".join(str(v) for v in values)


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


def _bot_names(levels: list[str | None], lang: str) -> list[str]:
    """Display names for bot seats: Italian first names (the client shows the level beside)."""
    return computer_names(levels)


def _human_name(name: str, seat: int, lang: str) -> str:
    name = " ".join(name.split())[:40]
    if name:
        return name
    return t("web.player", lang, n=seat + 1)


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


def _seat_url(table_id: str, seat: int, token: str) -> str:
    return f"/table/{table_id}?seat={seat}#token={token}"


NAMES = (
    "Giulia",
    "Marco",
    "Chiara",
    "Luca",
    "Sofia",
    "Matteo",
    "Elena",
    "Paolo",
    "Francesca",
    "Giorgio",
    "Anna",
    "Davide",
    "Marta",
    "Stefano",
    "Lucia",
    "Antonio",
)
"""The names the computer players take, one per seat (more than any table has seats)."""


def computer_names(levels: Sequence[str | None], rng: random.Random | None = None) -> list[str]:
    """A name for each computer seat (``levels``: a seat's level, ``None`` for a person, who gets
    ``""``): different Italian first names, drawn at random, so that a table of three reads
    "Giulia, Marco" rather than "Sensato 1, Sensato 2" (the client shows the level beside the name).

    >>> names = computer_names([None, "simple", "simple", "medium"], random.Random(4))
    >>> names[0], len(set(names[1:])), all(n in NAMES for n in names[1:])
    ('', 3, True)
    """
    drawn = (rng or random.Random()).sample(NAMES, sum(level is not None for level in levels))
    names = iter(drawn)
    return ["" if level is None else next(names) for level in levels]


router = APIRouter(tags=["tables"], responses=_ERRORS)
"""The tables' routes; they find the tables in the app's ``state.rooms``."""


async def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


RoomsOf = Annotated[Rooms, Depends(_rooms)]
"""The rooms of the app that answers the request."""


def _refuse(wait: float) -> HTTPException:
    """429 ``rate_limited``, with the seconds to wait in ``Retry-After``."""
    return HTTPException(429, headers={"Retry-After": retry_after(wait)})


def _limited(kind: str) -> Any:
    """A dependency that counts a request of ``kind`` against its client (429 over the rate)."""

    async def check(request: Request) -> None:
        rooms: Rooms = request.app.state.rooms
        wait = rooms.limiter.take(kind, client_ip(request.scope))
        if wait is not None:
            raise _refuse(wait)

    return Depends(check)


def _may_guess(rooms: Rooms, request: Request) -> str:
    """The client, if it may try a token or an invitation code now (else 429): a wrong one is
    counted with :func:`_guessed_wrong`."""
    ip = client_ip(request.scope)
    wait = rooms.limiter.check("guess", ip)
    if wait is not None:
        raise _refuse(wait)
    return ip


def _guessed_wrong(rooms: Rooms, ip: str) -> None:
    rooms.limiter.charge("guess", ip)


async def _room(rooms: Rooms, table_id: str) -> Room:
    """The table's room; 404 for an unknown table, 503 when the server is full."""
    room = await rooms.get(table_id)  # a full server: 503 (errors.server_full_reply)
    if room is None:
        raise ApiError(404, "not_found", f"there is no table {table_id!r}")
    return room


def _new_room(
    rooms: Rooms,
    ruleset: Ruleset,
    fmt: MatchFormat,
    seats: list[Seat],
    lang: str,
    host_token: str,
    *,
    start: bool = False,
    hints: bool = False,
) -> Room:
    """A new table, stored, with its room; the host at seat 0 holds ``host_token``. A table
    started at once (``start``) is stored started, with its first deal, in the same transaction;
    ``hints``: the host allows hints."""
    storage, settings = rooms.storage, rooms.settings
    rooms.make_space()  # a full server: 503 server_full (errors.server_full_reply)
    table_id = _new_id()
    invite = _new_id()
    seed = secrets.randbits(62)
    stored = [
        StoredSeat.of(i, s, host=i == 0, token_hash=hash_token(host_token) if i == 0 else None)
        for i, s in enumerate(seats)
    ]
    table = Table(ruleset, seats, fmt, seed, stand_in=settings.stand_in)
    if start:
        table.start()
    deals: list[tuple[int | None, str | None, list[str]]] = [
        (d.dealer, format_cards(d.deck), []) for d in table.deals
    ]
    rules, match = ruleset.to_dict(), str(fmt)
    row = StoredTable(
        table_id, rules, match, seed, invite, start, settings.stand_in, lang, stored, deals,
        hints=hints,
    )  # fmt: skip
    storage.create_table(row)
    room = rooms.room(table, row)
    rooms.add(room)
    return room


@router.post(
    "/api/play", response_model=PlayResponse, dependencies=[_limited("create")], responses=_RATE
)
async def play(req: PlayRequest, rooms: RoomsOf) -> PlayResponse:
    """Play now against the computer: a table with the human at seat 0, already started."""
    ruleset = _ruleset(req.preset, req.options)
    fmt = _match(req.match)
    level = _level(req.level)
    n = ruleset.players
    names = _bot_names([None] + [level] * (n - 1), req.lang)
    seats = [Seat.human(_human_name(req.name, 0, req.lang))]
    seats += [Seat.computer(level, names[i]) for i in range(1, n)]
    token = secrets.token_urlsafe(24)
    room = _new_room(rooms, ruleset, fmt, seats, req.lang, token, start=True)
    url = _seat_url(room.table_id, 0, token)
    return PlayResponse(table_id=room.table_id, seat=0, token=token, url=url)


@router.post(
    "/api/tables",
    response_model=CreateTableResponse,
    dependencies=[_limited("create")],
    responses=_RATE,
)
async def create_table(req: CreateTableRequest, rooms: RoomsOf) -> CreateTableResponse:
    """A table with friends: the host at seat 0, humans and bots as given."""
    ruleset = _ruleset(req.preset, req.options)
    fmt = _match(req.match)
    specs = req.seats if req.seats is not None else ["human"] * ruleset.players
    levels = _seat_levels(specs, ruleset)
    names = _bot_names(levels, req.lang)
    seats = []
    for i, seat_level in enumerate(levels):
        if seat_level is None:
            if i == 0:
                seats.append(Seat.human(_human_name(req.host_name, 0, req.lang)))
            else:
                seats.append(Seat.human(_human_name("", i, req.lang), joined=False))
        else:
            seats.append(Seat.computer(seat_level, names[i]))
    token = secrets.token_urlsafe(24)
    room = _new_room(rooms, ruleset, fmt, seats, req.lang, token, hints=req.hints)
    return CreateTableResponse(
        table_id=room.table_id,
        seat=0,
        token=token,
        invite_code=room.invite_code,
        invite_url=room.invite_url(),
        url=_seat_url(room.table_id, 0, token),
    )


@router.post(
    "/api/tables/{table_id}/join",
    response_model=JoinResponse,
    dependencies=[_limited("join")],
    responses=_RATE,
)
async def join(table_id: str, req: JoinRequest, rooms: RoomsOf, request: Request) -> JoinResponse:
    """Take the first free human seat with the invitation code."""
    ip = _may_guess(rooms, request)
    room = await _room(rooms, table_id)
    if not secrets.compare_digest(req.invite_code.encode(), room.invite_code.encode()):
        _guessed_wrong(rooms, ip)
        raise ApiError(403, "bad_invite", "this invitation code is not the table's")
    async with room.lock:
        table = room.table
        if table.started:
            raise ApiError(409, "already_started", "the game has already started")
        free = [i for i, s in enumerate(table.seats) if not s.is_bot and not s.joined]
        if not free:
            raise ApiError(409, "table_full", "every seat at this table is taken")
        seat = free[0]
        lang = room.lang
        token = secrets.token_urlsafe(24)
        table.seats[seat].joined = True
        table.seats[seat].name = _human_name(req.name, seat, lang)
        room.stored_seats[seat].token_hash = hash_token(token)
        await room.save_seat(seat)
        await room.broadcast([Event("joined", {"seat": seat, "name": table.seats[seat].name})])
    url = _seat_url(table_id, seat, token)
    return JoinResponse(table_id=table_id, seat=seat, token=token, url=url)


@router.post("/api/tables/{table_id}/start", response_model=PublicTable, responses=_RATE)
async def start(
    table_id: str, req: StartRequest, rooms: RoomsOf, request: Request
) -> dict[str, Any]:
    """The host starts the game; empty human seats are given to bots of level ``fill``."""
    ip = _may_guess(rooms, request)
    room = await _room(rooms, table_id)
    seat = room.seat_for_token(req.token)
    if seat is None:
        _guessed_wrong(rooms, ip)
        raise ApiError(403, "bad_token", "this token is not one of the table's")
    if seat != room.host:
        raise ApiError(403, "not_host", "only the host can start the game")
    fill = _level(req.fill)
    async with room.lock:
        table = room.table
        if table.started:
            raise ApiError(409, "already_started", "the game has already started")
        empty = [i for i, s in enumerate(table.seats) if not s.is_bot and not s.joined]
        lang = room.lang
        try:
            events = table.start(fill)
        except TableError as exc:
            raise ApiError(409, exc.code, exc.message) from None
        names = _bot_names([fill] * len(empty), lang)
        for name, i in zip(names, empty, strict=True):
            table.seats[i].name = name
        room.note(started=True, seats=empty)  # stored with the deal in one transaction
        await room.commit(events)
        return room.info()


@router.get("/api/tables/{table_id}", response_model=PublicTable)
async def get_table(table_id: str, rooms: RoomsOf) -> dict[str, Any]:
    """Public information about a table: seats, status, standing. No secrets, no cards."""
    room = await _room(rooms, table_id)
    return room.info()
