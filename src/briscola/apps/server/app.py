"""The ASGI application (:func:`create_app`): the HTTP routes (:mod:`.tables`, :mod:`.scores`,
:mod:`.pages`), the server's health and the socket loop, over one database. The protocol is
described in docs/web-protocol.md; the HTTP API also by ``/openapi.json``.

**The sockets**: a seat's, ``/ws/{table_id}``, whose first message is its ``hello`` with the
token (never in the URL, which proxies and the access log write down), and a spectator's,
``/ws/{table_id}/watch``. A socket with an unknown table, without a hello in time, with a bad
token or a token in its URL is closed with the policy-violation code; a person who resigned
watches. Every message goes through :func:`dispatch`, the one place where it is rate limited,
read (:func:`~.protocol.read_message`), given to its type's handler (:data:`~.protocol.handlers`;
a spectator only to those for spectators), and where a refusal is worded in the table's
language. A bug in handling one message is logged and answered ``internal``: the socket stays.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from briscola import __version__
from briscola.apps.server import analysis, scores, tables, tune_gc
from briscola.apps.server.cluster import TABLE_PATH, Cluster, ClusterMiddleware, process_leases
from briscola.apps.server.errors import add_error_handlers, request_lang
from briscola.apps.server.limits import Limits, ServerFull, client_ip
from briscola.apps.server.lobby import install as install_lobby
from briscola.apps.server.pages import default_static_dir, install_pages
from briscola.apps.server.players import bots_router, offline
from briscola.apps.server.players import router as players_router
from briscola.apps.server.players.upkeep import Purger
from briscola.apps.server.protocol import (
    HelloMessage,
    Peer,
    Refusal,
    Route,
    handlers,
    rate_limited,
    read_message,
    refuse,
    refuse_full,
)
from briscola.apps.server.ratings import Recorder
from briscola.apps.server.ratings.catchup import catch_up
from briscola.apps.server.ratings.routes import router as ratings_router
from briscola.apps.server.room import Room, send_json
from briscola.apps.server.rooms import DamagedTableError, Rooms
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import Storage
from briscola.bots.pool import BotPool
from briscola.session.table import TableError

__all__ = [
    "HELLO_TIMEOUT",
    "POLICY_VIOLATION",
    "BugLog",
    "create_app",
    "dispatch",
]


_server = APIRouter()
"""The server's own route: its health."""


@_server.get("/healthz", tags=["server"])
async def healthz(request: Request) -> dict[str, Any]:
    """The server is up: its tables in memory, and its computer players' pool (workers,
    decisions waiting, the share of their budget the search levels get now)."""
    rooms: Rooms = request.app.state.rooms
    cluster = getattr(request.app.state, "cluster", None)  # several processes: its handoffs
    extra = {"cluster": cluster.health()} if cluster is not None else {}
    health = {"status": "ok", "version": __version__, "tables": len(rooms)}
    return {**health, **rooms.pool.health(), **extra}


POLICY_VIOLATION = 1008
"""The WebSocket close code for an unknown table, a missing token or a bad one."""

HELLO_TIMEOUT = 10.0
"""Seconds a new socket has to send its ``hello`` before it is closed."""

_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,128}")
"""What a seat token may look like (``secrets.token_urlsafe``); anything else is a bad token."""

_HELLO_KEYS = frozenset(HelloMessage.model_fields)

log = logging.getLogger(__name__)


class BugLog:
    """A bug's traceback logged without flooding the log: one traceback per kind of failure in a
    while, and a count of the ones left out. A client that keeps sending a message the server
    fails on would otherwise write a full traceback per message (about 1.5 MB/s from one
    socket): the first failure of each kind (its message template) is written with its
    traceback, then at most one line per ``every`` seconds that counts the failures since; after
    a quiet spell (nothing left out) the next one has its traceback.

    >>> clock = iter([0.0, 1.0, 2.0, 12.5, 30.0]).__next__
    >>> bugs = BugLog(logging.getLogger("doctest"), every=10.0, clock=clock)
    >>> [bugs.failed("seat %d failed", 1) for _ in range(5)]
    ['traceback', 'dropped', 'dropped', 'counted', 'traceback']
    """

    def __init__(
        self,
        logger: logging.Logger,
        every: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._last: dict[str, float] = {}  # kind -> when its last line was written
        self._dropped: dict[str, int] = {}

    def failed(self, message: str, *args: object) -> str:
        """Log the exception being handled as ``message % args``; what was written:
        ``traceback`` (the first of its kind, or after a quiet spell), ``counted`` (one line
        with the number of failures since the last line) or ``dropped`` (nothing)."""
        now = self.clock()
        last = self._last.get(message)
        dropped = self._dropped.get(message, 0)
        if last is not None and now - last < self.every:
            self._dropped[message] = dropped + 1
            return "dropped"
        self._last[message] = now
        self._dropped[message] = 0
        if last is None or not dropped:
            self.logger.exception(message, *args)
            return "traceback"
        self.logger.error(
            message + " (again: %d times in %.0f s; traceback left out)",
            *args,
            dropped + 1,
            now - last,
        )
        return "counted"


_BUGS = BugLog(log)  # a client repeating a message the server fails on cannot flood the log


_sockets = APIRouter()
"""The seats' WebSocket route; it finds the tables in the app's ``state.rooms``."""


async def _hello_token(websocket: WebSocket) -> str | None:
    """The token of the socket's first message, or None (the socket is then closed here)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        await websocket.close(POLICY_VIOLATION, "missing token")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    raw = message.get("text")
    if raw is None:
        raw = (message.get("bytes") or b"").decode(errors="replace")
    try:
        hello = json.loads(raw)
    except (ValueError, RecursionError):
        hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello" or set(hello) - _HELLO_KEYS:
        await websocket.close(POLICY_VIOLATION, "expected hello")
        return None
    token = hello.get("token")
    if not isinstance(token, str) or not token:
        await websocket.close(POLICY_VIOLATION, "missing token")
        return None
    return token


async def _seat(websocket: WebSocket, room: Room) -> int | None:
    """The seat this socket speaks for, from its hello, or None (the socket is then closed)."""
    if "token" in websocket.query_params:
        await websocket.close(POLICY_VIOLATION, "token in URL")
        return None
    token = await _hello_token(websocket)
    if token is None:
        return None
    limiter, ip = websocket.app.state.rooms.limiter, client_ip(websocket.scope)
    wait = limiter.check("guess", ip)  # too many bad tokens from this client: wait
    if wait is not None:
        await send_json(websocket, rate_limited(wait).worded(_lang(websocket)))
        await websocket.close(POLICY_VIOLATION, "rate limited")
        return None
    seat = room.seat_for_token(token) if _TOKEN_SHAPE.fullmatch(token) else None
    if seat is None:
        limiter.charge("guess", ip)
        await websocket.close(POLICY_VIOLATION, "bad token")
    return seat


def _lang(websocket: WebSocket) -> str | None:
    """The language the socket's request names (``?lang=``, ``Accept-Language``), or None: what
    it is told before its table is known."""
    return request_lang(websocket.headers, websocket.query_params.get("lang"))


async def _room(websocket: WebSocket, rooms: Rooms, table_id: str) -> Room | None:
    """The table's room, or None when the socket was told why there is none and closed (an
    unknown table, a damaged one, a full server)."""
    try:
        room = await rooms.get(table_id)
    except DamagedTableError as exc:  # the policy-violation code: the client does not come back
        close = (POLICY_VIOLATION, "damaged table")
        await refuse(websocket, Refusal(exc.code, exc.message), close, _lang(websocket))
        return None
    except ServerFull as exc:
        await refuse_full(websocket, exc, _lang(websocket))
        return None
    if room is None:
        await websocket.close(POLICY_VIOLATION, "unknown table")
    return room


@_sockets.websocket("/ws/{table_id}")
async def ws_endpoint(websocket: WebSocket, table_id: str) -> None:
    """A seat's connection to its table (see docs/web-protocol.md)."""
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()
    room = await _room(websocket, rooms, table_id)
    if room is None:
        return
    room.pins += 1  # the room stays in memory while its hello is awaited
    try:
        seat = await _seat(websocket, room)
    finally:
        room.pins -= 1
    if seat is None:
        return
    if seat in room.table.resigned:  # a person who resigned comes back as a spectator
        await _watch(websocket, rooms, room)
        return
    try:
        await room.connect(seat, websocket)
        async for text in _texts(websocket, room):
            watching = websocket in room.watchers  # resigned meanwhile
            await dispatch(room, Peer(rooms, websocket, None if watching else seat), text)
    finally:
        await _to_the_end(_leave(rooms, room, seat, websocket))


async def dispatch(
    room: Room,
    peer: Peer,
    text: str,
    read: Callable[[str], Any] = read_message,
    routes: Mapping[str, Route] = handlers,
) -> None:
    """One message of a socket: rate limited, read, given to its type's handler in ``routes``;
    a refusal (raised or read) is sent to the socket in the table's language. ``read`` and
    ``routes``: the protocol's (a test gives its own)."""
    try:
        wait = room.limiter.take("message", client_ip(peer.ws.scope)) if room.limiter else None
        if wait is not None:
            raise rate_limited(wait)
        message = read(text)
        if isinstance(message, Refusal):
            raise message
        route = routes[message.type]
        if peer.seat is None and not route.spectators:
            raise Refusal("spectator", "a spectator can only watch the table")
        await route.handle(room, peer, message)
    except TableError as exc:
        await room.error(peer.ws, Refusal.of_table(exc, peer.seat))
    except Refusal as refusal:
        await room.error(peer.ws, refusal)
    except Exception:  # a bug must not cost the player their socket
        if peer.seat is None:
            _BUGS.failed("table %s: a spectator's message failed", room.table_id)
        else:
            _BUGS.failed("table %s: a message from seat %d failed", room.table_id, peer.seat)
        await room.error(peer.ws, Refusal("internal", "the server could not do that"))


async def _leave(rooms: Rooms, room: Room, seat: int, websocket: WebSocket) -> None:
    """A seat's socket is gone: the room forgets it (and may let the table go)."""
    if websocket in room.watchers:
        await room.unwatch(websocket)
    else:
        await room.disconnect(seat, websocket)
        room.after_leaving(rooms)  # those still here may all have asked for the rematch
    rooms.forget_if_finished(room)


_CLEANING: set[asyncio.Task[None]] = set()
"""Clean-ups going on after their socket's task was cancelled (kept from the collector)."""


async def _to_the_end(cleanup: Coroutine[Any, Any, None]) -> None:
    """Run a socket's clean-up to its end even when the socket's task is cancelled (a server
    stopping, a test client leaving) while the clean-up waits for its room's lock (a move being
    stored): a room must never keep a socket that is gone, or it is never idle again."""
    task = asyncio.ensure_future(cleanup)
    _CLEANING.add(task)
    task.add_done_callback(_CLEANING.discard)
    await asyncio.shield(task)


async def _texts(websocket: WebSocket, room: Room) -> AsyncIterator[str]:
    """The socket's messages as text, until it closes (a binary one that is no UTF-8 is
    answered with an error and skipped)."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                try:
                    text = (message.get("bytes") or b"").decode()
                except UnicodeDecodeError:
                    await room.error(websocket, Refusal("bad_json", "the message is not JSON text"))
                    continue
            yield text
    except WebSocketDisconnect:
        return


@_sockets.websocket("/ws/{table_id}/watch")
async def watch_endpoint(websocket: WebSocket, table_id: str) -> None:
    """A spectator's connection: no token, no seat, only what everybody may see."""
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()
    if "token" in websocket.query_params:
        await websocket.close(POLICY_VIOLATION, "token in URL")
        return
    room = await _room(websocket, rooms, table_id)
    if room is None:
        return
    await _watch(websocket, rooms, room)


async def _watch(websocket: WebSocket, rooms: Rooms, room: Room) -> None:
    """Serve one spectator's socket until it closes."""
    await room.watch(websocket)
    try:
        async for text in _texts(websocket, room):
            await dispatch(room, Peer(rooms, websocket, None), text)
    finally:
        await _to_the_end(_unwatch(rooms, room, websocket))


async def _unwatch(rooms: Rooms, room: Room, websocket: WebSocket) -> None:
    await room.unwatch(websocket)
    rooms.forget_if_finished(room)


def create_app(
    settings: Settings | str | os.PathLike[str] | None = None,
    static_dir: str | Path | None = None,
    *,
    limits: Limits | None = None,
    **given: Any,
) -> FastAPI:
    """The game server as an ASGI app.

    ``settings``: the server's :class:`~.settings.Settings` (default: from the ``BRISCOLA_*``
    variables), or just the database (an SQLAlchemy URL or an SQLite file path), the rest from
    the variables. Each setting ``given`` (not None: ``bot_delay=0``, ``trick_hold=0.5``…)
    replaces its value, a bad one raises :class:`~.settings.SettingsError` naming it;
    ``limits``: the rate limits and caps all at once (most tests: :meth:`Limits.unlimited`).
    ``static_dir``: the web client (default the package's ``web/``).

    ``X-Forwarded-For`` names the client only on a connection from one of the settings'
    ``trusted_proxies`` (uvicorn's ``ProxyHeadersMiddleware``, outermost); elsewhere the peer is
    the client, whom the rate limits count.
    """
    if not isinstance(settings, Settings):
        settings = Settings.load(db=None if settings is None else os.fspath(settings), **given)
    elif any(value is not None for value in given.values()):
        settings = settings.replace(**given)
    if limits is not None:
        settings = settings.with_limits(limits)
    storage = Storage(settings.db)
    pool = BotPool(settings.bot_workers or 0)
    leases = process_leases(settings, storage.engine)  # several processes (cluster/), else None
    rooms = Rooms(storage, settings, pool, leases)
    rooms.finished = recorder = Recorder(storage.engine)  # results and ratings (issue 37)
    web = Path(static_dir) if static_dir is not None else default_static_dir()
    purger = Purger(storage.engine)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool.launch()  # the workers warm up while the server already answers
        lobby.start()  # quick match: its pool looked at, its numbers kept (lobby/)
        rooms.start()
        recorder.run(catch_up, storage.engine, storage.load)  # what a crash left unrecorded
        purger.start()  # expired sessions and unreachable guests, now and daily (players)
        if cluster is not None:
            await cluster.start()
        if settings.tune_gc:  # briscola serve: the heap made so far, out of the GC's walks
            tune_gc()
        yield
        await lobby.close()
        await purger.close()
        await rooms.close()
        await recorder.drain()  # the results being written
        recorder.close()
        if cluster is not None:
            await cluster.close()
        pool.close()
        storage.close()

    app = FastAPI(
        title="Briscola",
        version=__version__,
        summary="The Briscola game server: tables, seats and play (see docs/web-protocol.md).",
        lifespan=lifespan,
    )
    app.state.storage = storage
    app.state.rooms = rooms
    app.state.settings = settings
    app.state.ratings = recorder
    add_error_handlers(app, TABLE_PATH)  # 503 documented on every table's operation
    app.include_router(_server)
    app.include_router(tables.router)
    app.include_router(players_router)  # guests, accounts, sessions (issue 37)
    app.include_router(ratings_router)  # leaderboards and profiles (issue 37)
    app.include_router(bots_router)  # bot accounts and their tokens (issue 37, part 6)
    app.include_router(analysis.router)  # the review, analysis, hints and lessons (issue 39)
    app.include_router(offline.router)  # offline games to the history (issue 39)
    lobby = install_lobby(app, rooms)  # quick match: /ws/lobby, before /ws/{table_id}
    app.include_router(_sockets)
    scores.install(app, storage.engine)  # the score keeper: /api/scores
    install_pages(app, web)  # the pages; an unknown one is a page, API errors stay JSON
    if web.is_dir():
        app.mount("/static", StaticFiles(directory=web), name="static")
    cluster: Cluster | None = None
    if leases is not None:  # several processes: the table's holder serves it
        cluster = app.state.cluster = Cluster(settings, leases, rooms)
        app.add_middleware(ClusterMiddleware, cluster=cluster)
    if settings.trusted_proxies:  # added last: the outermost, before any other reads the client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    return app
