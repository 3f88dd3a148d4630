"""The table API (docs/web-protocol.md, "HTTP API"): what the server offers (:mod:`.catalog`),
play now, a table with friends, joining, starting, reading a table, a finished deal's review and
analysis, and the hints.

The routes work on the app's ``state.rooms``; a request is checked here (preset, options, match
format, levels, seats), each refusal an :class:`~.errors.ApiError`.

>>> from briscola.core.game import new_game
>>> state = new_game(preset("classic"), seed=2)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> steps = deal_steps(GameRecord.from_state(state))
>>> len(steps), [len(h) for h in steps[0]["hands"]], sum(s["points"] for s in steps)
(20, [3, 3], 120)
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from briscola.analysis import DEFAULT_BUDGET, Analysis, Rating, analyze, hint, phase_name
from briscola.apps.server import catalog
from briscola.apps.server.errors import RATE_LIMITED, ApiError
from briscola.apps.server.limits import client_ip, retry_after
from briscola.apps.server.players import seat_taken
from briscola.apps.server.protocol import PublicTable
from briscola.apps.server.rooms import Room, Rooms
from briscola.apps.server.schemas import (
    CreateTableRequest,
    CreateTableResponse,
    ErrorResponse,
    JoinRequest,
    JoinResponse,
    LevelsResponse,
    PlayRequest,
    PlayResponse,
    PresetsResponse,
    StartRequest,
)
from briscola.apps.server.store import StoredSeat, StoredTable, hash_token
from briscola.bots import UnknownBotError, bot_info
from briscola.core.actions import Play
from briscola.core.cards import format_cards
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.record import GameRecord
from briscola.core.rules import Ruleset, RulesetError, preset
from briscola.core.state import Phase
from briscola.core.text import excerpt
from briscola.i18n import WEB_LANGS, t
from briscola.session.events import JoinedEvent
from briscola.session.table import DEAL_OVER, OVER, Seat, Table, TableError

__all__ = [
    "CACHE_SIZE",
    "MAX_RUNNING",
    "NAMES",
    "WAIT",
    "AnalysisCache",
    "AnalysisRunning",
    "computer_names",
    "deal_review",
    "deal_steps",
    "router",
    "table_room",
]

NAMES = (
    "Giulia", "Marco", "Chiara", "Luca", "Sofia", "Matteo", "Elena", "Paolo",
    "Francesca", "Giorgio", "Anna", "Davide", "Marta", "Stefano", "Lucia", "Antonio",
)  # fmt: skip
"""The names the computer players take, one per seat (more than any table has seats)."""


def computer_names(levels: Sequence[str | None], rng: random.Random | None = None) -> list[str]:
    """A different Italian first name, drawn at random, for each computer seat (``levels``: a
    seat's level, ``None`` for a person, who gets ``""``); the client shows the level beside.

    >>> names = computer_names([None, "simple", "simple", "medium"], random.Random(4))
    >>> names[0], len(set(names[1:])), all(n in NAMES for n in names[1:])
    ('', 3, True)
    """
    names = iter((rng or random.Random()).sample(NAMES, sum(lv is not None for lv in levels)))
    return ["" if level is None else next(names) for level in levels]


# -- checking a request ------------------------------------------------------------------------
def _ruleset(name: str, options: dict[str, Any]) -> Ruleset:
    try:
        base = preset(name)
    except RulesetError as exc:
        raise ApiError(400, "unknown_preset", str(exc)) from None
    offered = {o["name"]: o["values"] for o in catalog.preset_options(base)}
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


def _human_name(name: str, seat: int, lang: str) -> str:
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


def _seat_url(table_id: str, seat: int, token: str) -> str:
    return f"/table/{table_id}?seat={seat}#token={token}"


# -- the routes --------------------------------------------------------------------------------
_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "A bad request"},
    403: {"model": ErrorResponse, "description": "A bad token or invitation"},
    404: {"model": ErrorResponse, "description": "No such table or deal"},
    409: {"model": ErrorResponse, "description": "The table cannot do that now"},
    503: {
        "model": ErrorResponse,
        "description": "server_full: the server holds as many tables as it may; table_moved: "
        "another process serves the table now (several processes). Try again later",
    },
}
_RATE = RATE_LIMITED

router = APIRouter()
"""The table API's routes."""

_tables = APIRouter(tags=["tables"], responses=_ERRORS)


@router.get("/api/presets", response_model=PresetsResponse, tags=["catalog"])
async def get_presets() -> dict[str, Any]:
    """The game variants, their options (allowed values, defaults) and match formats."""
    return catalog.presets()


@router.get("/api/levels", response_model=LevelsResponse, tags=["catalog"])
async def get_levels() -> dict[str, Any]:
    """The computer players."""
    return catalog.levels()


async def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


RoomsOf = Annotated[Rooms, Depends(_rooms)]
"""The rooms of the app that answers the request."""


def _too_many(wait: float) -> ApiError:
    """429 ``rate_limited``, with the whole seconds to wait in ``Retry-After``."""
    seconds = retry_after(wait)
    message = f"too many requests: wait {seconds} s"
    return ApiError(429, "rate_limited", message, headers={"Retry-After": seconds}, seconds=seconds)


def _limited(kind: str) -> Any:
    """A dependency that counts a request of ``kind`` against its client (429 over the rate)."""

    async def check(request: Request, rooms: RoomsOf) -> None:
        wait = rooms.limiter.take(kind, client_ip(request.scope))
        if wait is not None:
            raise _too_many(wait)

    return Depends(check)


def _may_guess(rooms: Rooms, request: Request) -> str:
    """The client, if it may try a token or an invitation code now (else 429); a wrong one is
    then charged to it (``rooms.limiter.charge("guess", ip)``)."""
    ip = client_ip(request.scope)
    wait = rooms.limiter.check("guess", ip)
    if wait is not None:
        raise _too_many(wait)
    return ip


async def table_room(rooms: Rooms, table_id: str) -> Room:
    """The table's room; 404 for an unknown table (503 when the server is full)."""
    room = await rooms.get(table_id)
    if room is None:
        raise ApiError(404, "not_found", f"there is no table {table_id!r}")
    return room


def _new_room(
    rooms: Rooms,
    ruleset: Ruleset,
    fmt: MatchFormat,
    seats: list[Seat],
    lang: str,
    host_token: str | None,
    *,
    start: bool = False,
    hints: bool = False,
    seed: int | None = None,
    hashes: Sequence[str | None] | None = None,
    rated: bool = False,
    public: bool = False,
    chat: bool = False,
) -> Room:
    """A new table, stored, with its room; the host at seat 0 holds ``host_token``. A table
    started at once (``start``) is stored started, with its first deal, in the same transaction;
    ``hints``: the host allows hints; ``seed``: the match's seed (a lesson's), else a random one.
    ``hashes``: each seat's token hash instead (the lobby's: its seekers' processes minted them);
    ``rated``: a quick match's rated game; ``public``: listed in the lobby while seats are free;
    ``chat``: the host allows free-text chat (:mod:`.chat`; friends' tables only)."""
    settings = rooms.settings
    rooms.make_space()  # a full server: 503 server_full
    table_id, invite, seed = (
        secrets.token_urlsafe(6),
        secrets.token_urlsafe(6),
        secrets.randbits(62) if seed is None else seed,
    )
    if hashes is None:
        hashes = [hash_token(host_token) if host_token else None] + [None] * (len(seats) - 1)
    stored = [StoredSeat.of(i, s, host=i == 0, token_hash=hashes[i]) for i, s in enumerate(seats)]
    table = Table(ruleset, seats, fmt, seed, stand_in=settings.stand_in)
    if start:
        table.start()
    deals: list[tuple[int | None, str | None, list[str]]] = [
        (d.dealer, format_cards(d.deck), []) for d in table.deals
    ]
    row = StoredTable(
        table_id, ruleset.to_dict(), str(fmt), seed, invite, start, settings.stand_in, lang,
        stored, deals, hints=hints, rated=rated, public=public, chat=chat,
    )  # fmt: skip
    rooms.storage.create_table(row)
    room = rooms.room(table, row)
    rooms.add(room)
    return room


@_tables.post(
    "/api/play", response_model=PlayResponse, dependencies=[_limited("create")], responses=_RATE
)
async def play(req: PlayRequest, rooms: RoomsOf, request: Request) -> PlayResponse:
    """Play now against the computer: a table with the human at seat 0, already started."""
    ruleset = _ruleset(req.preset, req.options)
    fmt = _match(req.match)
    level = _level(req.level)
    names = computer_names([None] + [level] * (ruleset.players - 1))
    seats = [Seat.human(_human_name(req.name, 0, req.lang))]
    seats += [Seat.computer(level, name) for name in names[1:]]
    token = secrets.token_urlsafe(24)
    room = _new_room(rooms, ruleset, fmt, seats, req.lang, token, start=True)
    url = _seat_url(room.table_id, 0, token)
    seat_taken(request, room.table_id, 0)  # the player's game (apps/server/players)
    return PlayResponse(table_id=room.table_id, seat=0, token=token, url=url)


@_tables.post(
    "/api/tables",
    response_model=CreateTableResponse,
    dependencies=[_limited("create")],
    responses=_RATE,
)
async def create_table(
    req: CreateTableRequest, rooms: RoomsOf, request: Request
) -> CreateTableResponse:
    """A table with friends: the host at seat 0, humans and bots as given."""
    ruleset = _ruleset(req.preset, req.options)
    fmt = _match(req.match)
    specs = req.seats if req.seats is not None else ["human"] * ruleset.players
    levels = _seat_levels(specs, ruleset)
    names = computer_names(levels)
    seats = [Seat.human(_human_name(req.host_name, 0, req.lang))]
    for i, level in enumerate(levels[1:], start=1):
        if level is None:
            seats.append(Seat.human(_human_name("", i, req.lang), joined=False))
        else:
            seats.append(Seat.computer(level, names[i]))
    token = secrets.token_urlsafe(24)
    chat = req.chat and not req.public  # friends only: a table listed in the lobby is strangers'
    room = _new_room(rooms, ruleset, fmt, seats, req.lang, token, hints=req.hints, chat=chat)
    seat_taken(request, room.table_id, 0)  # the player's game (apps/server/players)
    if req.public:  # listed in the lobby while seats are free (lobby/presence.py)
        rooms.storage.make_public(room.table_id)
    return CreateTableResponse(
        table_id=room.table_id,
        seat=0,
        token=token,
        invite_code=room.invite_code,
        invite_url=room.invite_url(),
        url=_seat_url(room.table_id, 0, token),
    )


@_tables.post(
    "/api/tables/{table_id}/join",
    response_model=JoinResponse,
    dependencies=[_limited("join")],
    responses=_RATE,
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
        table.seats[seat].name = _human_name(req.name, seat, room.lang)
        room.stored_seats[seat].token_hash = hash_token(token)
        await room.save_seat(seat)
        await room.broadcast([JoinedEvent(seat=seat, name=table.seats[seat].name)])
    url = _seat_url(table_id, seat, token)
    seat_taken(request, table_id, seat)  # the player's game (apps/server/players)
    return JoinResponse(table_id=table_id, seat=seat, token=token, url=url)


@_tables.post("/api/tables/{table_id}/start", response_model=PublicTable, responses=_RATE)
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
        for name, i in zip(computer_names([fill] * len(empty)), empty, strict=True):
            table.seats[i].name = name
        room.note(started=True, seats=empty)  # stored with the deal in one transaction
        await room.commit(events)
        info = room.info()
    seat_taken(request, table_id, seat, replace=False)  # the host's game, if not linked yet
    return info


@_tables.get("/api/tables/{table_id}", response_model=PublicTable)
async def get_table(table_id: str, rooms: RoomsOf) -> dict[str, Any]:
    """Public information about a table: seats, status, standing. No secrets, no cards."""
    return (await table_room(rooms, table_id)).info()


def deal_steps(record: GameRecord) -> list[dict[str, Any]]:
    """One step per trick of a finished deal: the hands before it, the stock left, the cards
    played, the winner, the trick's points and every seat's points after it."""
    states = record.states()
    steps: list[dict[str, Any]] = []
    start = states[0]
    taken = [0] * record.ruleset.players
    for before, after, action in zip(states[:-1], states[1:], record.actions, strict=True):
        if isinstance(action, Play) and not before.trick:
            start = before
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            points = trick.points(record.ruleset)
            taken[trick.winner] += points
            steps.append({
                "hands": [[str(c) for c in hand] for hand in start.hands],
                "stock": len(start.stock),
                "plays": [[s, str(c)] for s, c in trick.plays],
                "winner": trick.winner,
                "points": points,
                "taken": list(taken),
            })  # fmt: skip
    return steps


@_tables.get("/api/tables/{table_id}/deals/{number}")
async def deal_review(table_id: str, number: int, rooms: RoomsOf) -> dict[str, Any]:
    """A finished deal (409 ``deal_not_over`` before: every hand is public then): its record
    (as :class:`~briscola.core.record.GameRecord` reads it), the seats' names and its steps."""
    table = (await table_room(rooms, table_id)).table
    if not 0 <= number < len(table.deals):
        raise ApiError(404, "no_such_deal", f"the table has no deal {number}")
    if number == len(table.deals) - 1 and table.status not in (DEAL_OVER, OVER):
        raise ApiError(409, "deal_not_over", "a deal can be reviewed once it is over")
    deal = table.deals[number]
    record = GameRecord(table.ruleset, deal.dealer, deal.deck, tuple(deal.actions))
    final = record.replay()
    trump = final.briscola if final.briscola is not None else final.called
    return {
        "table_id": table_id,
        "deal": number,
        "deals": len(table.deals),
        "seats": [s.name for s in table.seats],
        "record": record.to_dict(),
        "steps": deal_steps(record),
        "briscola": str(trump) if trump is not None else None,
        "review_url": f"/review/{table_id}/{number}",
    }


# -- the analysis of a finished deal, and the hints ----------------------------------------------
# An analysis runs off the event loop, at most MAX_RUNNING at once, in the background; the
# CACHE_SIZE latest are kept in memory. A request waits ``wait`` seconds for it, else is answered
# 202 with the progress, and asks again.
_ERROR = {"model": ErrorResponse}
_analysis = APIRouter(
    tags=["analysis"],
    responses={
        400: {**_ERROR, "description": "bad_seat: the seat is not one of the table's"},
        403: {**_ERROR, "description": "A bad token, or hints off at this table"},
        404: {**_ERROR, "description": "No such table or deal"},
        409: {**_ERROR, "description": "The deal is not over, or it is not this seat's turn"},
    },
)
"""The routes of the analysis and the hints (docs/web-protocol.md, "Analysis and hints")."""

CACHE_SIZE = 64
MAX_RUNNING = 2
WAIT = 1.0
"""Seconds a request for an analysis waits for it by default before it is answered 202."""
Key = tuple[str, int, int]
"""An analysis's key: the table, the deal's number and the seat."""


class AnalysisRunning(BaseModel):
    """The reply (202) while an analysis is worked out: ask again for the result."""

    status: Literal["running"] = "running"
    progress: float = Field(ge=0, le=1, description="the share of the moves analysed so far")


class AnalysisCache:
    """Analyses by (table, deal, seat), the ``size`` latest kept; one computation per key at a
    time (a second request waits for the first's result), in the background."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._done: OrderedDict[Key, Analysis] = OrderedDict()
        self._running: dict[Key, asyncio.Future[Analysis]] = {}
        self._progress: dict[Key, float] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._slots = asyncio.Semaphore(MAX_RUNNING)

    def progress(self, key: Key) -> float:
        """The share of ``key``'s moves analysed so far (0 while it waits for a free slot; 1 once
        it is done)."""
        if key in self._done:
            return 1.0
        return self._progress.get(key, 0.0)

    def reporter(self, key: Key) -> Callable[[int, int], None]:
        """A progress callback for ``key``'s computation (called from its worker thread)."""

        def report(done: int, total: int) -> None:
            self._progress[key] = done / total if total else 1.0

        return report

    async def get(
        self, key: Key, compute: Callable[[], Analysis], timeout: float | None = None
    ) -> Analysis | None:
        """The analysis of ``key``: cached, else ``compute()`` run in a worker thread; None when
        it is not there within ``timeout`` seconds (the computation goes on)."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        future = self._running.get(key) or self._start(key, compute)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            return None

    def _start(self, key: Key, compute: Callable[[], Analysis]) -> asyncio.Future[Analysis]:
        future: asyncio.Future[Analysis] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        self._progress[key] = 0.0
        task = asyncio.create_task(self._run(key, compute, future))
        self._tasks.add(task)  # a reference, until it is done
        task.add_done_callback(self._tasks.discard)
        return future

    async def _run(
        self, key: Key, compute: Callable[[], Analysis], future: asyncio.Future[Analysis]
    ) -> None:
        try:
            async with self._slots:
                result = await asyncio.to_thread(compute)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            return
        finally:
            del self._running[key]
            self._progress.pop(key, None)
        self._done[key] = result
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        future.set_result(result)


def _budget(request: Request) -> int:
    """Worlds a decision: ``app.state.analysis_budget`` when set (tests), else the default."""
    return int(getattr(request.app.state, "analysis_budget", DEFAULT_BUDGET))


def _cache(request: Request) -> AnalysisCache:
    state = request.app.state
    if not hasattr(state, "analysis_cache"):
        state.analysis_cache = AnalysisCache()
    cache: AnalysisCache = state.analysis_cache
    return cache


@_analysis.get(
    "/api/tables/{table_id}/deals/{number}/analysis",
    responses={
        202: {
            "model": AnalysisRunning,
            "description": "Still being worked out: the share of the moves done; ask again",
        }
    },
)
async def deal_analysis(
    table_id: str,
    number: int,
    request: Request,
    seat: Annotated[int, Query()],
    wait: Annotated[
        float, Query(ge=0, le=30, description="Seconds to wait for the result before a 202")
    ] = WAIT,
) -> Any:
    """A finished deal's analysis from ``seat``'s view, with the seats' names and the ratings'
    and phases' names in each language; 202 with the progress while it is worked out."""
    review = await deal_review(
        table_id, number, request.app.state.rooms
    )  # the deal exists and is over
    record = GameRecord.from_dict(review["record"])
    players = record.ruleset.players
    if not 0 <= seat < players:
        raise ApiError(400, "bad_seat", f"seat must be from 0 to {players - 1}, not {seat}")
    budget = _budget(request)
    cache = _cache(request)
    key = (table_id, number, seat)
    report = cache.reporter(key)
    result = await cache.get(
        key, lambda: analyze(record, seat, budget, seed=number, progress=report), wait
    )
    if result is None:
        running = AnalysisRunning(progress=round(cache.progress(key), 3))
        return JSONResponse(running.model_dump(), status_code=202)
    return {
        "table_id": table_id,
        "deal": number,
        "seats": review["seats"],
        "analysis": result.to_dict(),
        "ratings": {r.value: {lang: r.name_in(lang) for lang in WEB_LANGS} for r in Rating},
        "phases": {
            p.value: {lang: phase_name(p, lang) for lang in WEB_LANGS}
            for p in (Phase.AUCTION, Phase.CALL)
        },
    }


@_analysis.get("/api/tables/{table_id}/hint")
async def seat_hint(
    table_id: str,
    request: Request,
    x_seat_token: Annotated[str, Header(description="The seat's token (never in the URL).")],
) -> dict[str, Any]:
    """The champion's choice for the token's seat, whose turn it is to play a card, and why."""
    room = await table_room(request.app.state.rooms, table_id)
    seat = room.seat_for_token(x_seat_token)
    if seat is None:
        raise ApiError(403, "bad_token", "this token is not one of the table's")
    table = room.table
    if not room.hints and any(not s.is_bot for i, s in enumerate(table.seats) if i != seat):
        raise ApiError(
            403, "hints_off", "the host has not allowed hints at this table with other people"
        )
    obs = table.observation(seat)
    if obs is None or obs.phase is not Phase.PLAY or not obs.legal:
        raise ApiError(409, "not_your_turn", "a hint is given when it is your turn to play")
    tip = await asyncio.to_thread(hint, obs, _budget(request), len(obs.actions))
    return {**tip.to_dict(), "reason": {lang: tip.reason(lang) for lang in WEB_LANGS}}


router.include_router(_tables)
router.include_router(_analysis)
