"""The ASGI application (:func:`create_app`): the HTTP routes (:mod:`.tables`, :mod:`.scores`,
:mod:`.pages`...), the server's health and the tables' sockets, over one database.

The sockets (docs/web-protocol.md): a seat's, ``/ws/{table_id}``, whose first message is its
``hello`` with the token, and a spectator's, ``/ws/{table_id}/watch``. Every later message goes
through :func:`dispatch`, the one place where it is rate limited, read, given to its type's
handler and where a refusal is worded in the table's language.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from briscola import __version__
from briscola.apps.server import analysis, scores, tables, tune_gc
from briscola.apps.server.cluster.handoffs import Cluster, ClusterMiddleware
from briscola.apps.server.cluster.leases import process_leases
from briscola.apps.server.errors import Refusal, ServerFull, add_error_handlers, request_lang
from briscola.apps.server.limits import client_ip, rate_limited
from briscola.apps.server.lobby import install as install_lobby
from briscola.apps.server.pages import default_static_dir, install_pages
from briscola.apps.server.players import bots_router, offline
from briscola.apps.server.players import router as players_router
from briscola.apps.server.players.upkeep import Purger
from briscola.apps.server.protocol import (
    TRY_AGAIN_LATER,
    HelloMessage,
    Peer,
    Route,
    handlers,
    read_message,
    refuse,
)
from briscola.apps.server.ratings import Recorder
from briscola.apps.server.ratings.catchup import catch_up
from briscola.apps.server.ratings.routes import router as ratings_router
from briscola.apps.server.room import Room
from briscola.apps.server.rooms import DamagedTableError, Rooms
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import Storage
from briscola.bots.pool import BotPool
from briscola.session.table import TableError

_routes = APIRouter()
"""The server's own routes: its health and the tables' sockets (which find the tables in the
app's ``state.rooms``)."""


@_routes.get("/healthz", tags=["server"])
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

log = logging.getLogger(__name__)


BUG_EVERY = 10.0
"""Seconds between two tracebacks of one kind of failure (its message template): a client that
keeps sending a message the server fails on would otherwise write one a message."""

_BUGS: dict[str, tuple[float, int]] = {}
"""Each kind of failure: when its last traceback was logged, the failures left out since."""


def _log_bug(message: str, *args: object) -> None:
    """Log the exception being handled, unless its kind was logged within :data:`BUG_EVERY`."""
    now = time.monotonic()
    last, left_out = _BUGS.get(message, (-math.inf, 0))
    if now - last < BUG_EVERY:
        _BUGS[message] = (last, left_out + 1)
        return
    _BUGS[message] = (now, 0)
    if left_out:
        message += f" ({left_out} more since its last line, their tracebacks left out)"
    log.exception(message, *args)


@_routes.websocket("/ws/{table_id}")
async def ws_endpoint(websocket: WebSocket, table_id: str) -> None:
    """A seat's connection to its table (see docs/web-protocol.md)."""
    await _serve(websocket, table_id, as_seat=True)


@_routes.websocket("/ws/{table_id}/watch")
async def watch_endpoint(websocket: WebSocket, table_id: str) -> None:
    """A spectator's connection: no token, no seat, only what everybody may see."""
    await _serve(websocket, table_id, as_seat=False)


async def _serve(websocket: WebSocket, table_id: str, as_seat: bool) -> None:
    """Serve a seat's socket (``as_seat``, from its hello on) or a spectator's until it closes."""
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()
    if "token" in websocket.query_params:
        await websocket.close(POLICY_VIOLATION, "token in URL")
        return
    room = await _room(websocket, rooms, table_id)
    if room is None:
        return
    seat: int | None = None
    if as_seat:
        room.pins += 1  # the room stays in memory while its hello is awaited
        try:
            seat = await _seat(websocket, room)
        finally:
            room.pins -= 1
        if seat is None:
            return
        if seat in room.table.resigned:  # a person who resigned watches
            seat = None
    try:
        await (room.watch(websocket) if seat is None else room.connect(seat, websocket))
        while (message := await websocket.receive())["type"] == "websocket.receive":
            watching = websocket in room.watchers  # a seat's: resigned meanwhile
            peer = Peer(websocket, None if watching else seat)
            await dispatch(room, peer, _text(message))
    finally:
        await _to_the_end(_leave(room, seat, websocket))


async def _room(websocket: WebSocket, rooms: Rooms, table_id: str) -> Room | None:
    """The table's room, or None when the socket was told why there is none and closed (an
    unknown table, a damaged one, a full server)."""
    try:
        room = await rooms.get(table_id)
    except (DamagedTableError, ServerFull) as exc:  # damaged: 1008, the client does not come back
        damaged = isinstance(exc, DamagedTableError)
        close = (POLICY_VIOLATION, "damaged table") if damaged else (TRY_AGAIN_LATER, "server full")
        await refuse(websocket, exc, close, request_lang(websocket))
        return None
    if room is None:
        await websocket.close(POLICY_VIOLATION, "unknown table")
    return room


async def _seat(websocket: WebSocket, room: Room) -> int | None:
    """The seat this socket speaks for, from its hello, or None (the socket is then closed)."""
    token = await _hello_token(websocket)
    if token is None:
        return None
    limiter, ip = websocket.app.state.rooms.limiter, client_ip(websocket.scope)
    wait = limiter.check("guess", ip)  # too many bad tokens from this client: wait
    if wait is not None:
        close = (POLICY_VIOLATION, "rate limited")
        await refuse(websocket, rate_limited(wait, "messages"), close, request_lang(websocket))
        return None
    seat = room.seat_for_token(token)
    if seat is None:
        limiter.charge("guess", ip)
        await websocket.close(POLICY_VIOLATION, "bad token")
    return seat


async def _hello_token(websocket: WebSocket) -> str | None:
    """The token of the socket's first message, or None (the socket is then closed here)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        await websocket.close(POLICY_VIOLATION, "missing token")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    try:
        hello = json.loads(_text(message))  # not pydantic's: a lone surrogate is a bad token
    except (ValueError, RecursionError):
        hello = None
    try:
        token = HelloMessage.model_validate(hello).token
    except ValidationError as exc:  # no hello, or a hello with other fields; or no token
        only_token = all(e["loc"] == ("token",) for e in exc.errors())
        await websocket.close(POLICY_VIOLATION, "missing token" if only_token else "expected hello")
        return None
    if not token:
        await websocket.close(POLICY_VIOLATION, "missing token")
        return None
    return token


def _text(message: Mapping[str, Any]) -> str:
    """A socket message's text, a binary one's as UTF-8 (not UTF-8: no text)."""
    if (text := message.get("text")) is not None:
        return str(text)
    try:
        return bytes(message["bytes"]).decode()
    except UnicodeDecodeError:
        return ""  # no JSON: the reader refuses it (bad_json)


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
        if (wait := room.rooms.limiter.take("message", client_ip(peer.ws.scope))) is not None:
            raise rate_limited(wait, "messages")
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
        who = "a spectator" if peer.seat is None else f"seat {peer.seat}"
        _log_bug("table %s: a message from %s failed", room.table_id, who)
        await room.error(peer.ws, Refusal("internal", "the server could not do that"))


async def _leave(room: Room, seat: int | None, websocket: WebSocket) -> None:
    """A socket is gone: the room forgets it (and may let the table go)."""
    await room.disconnect(seat, websocket)
    room.rooms.forget_if_finished(room)


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


def create_app(
    settings: Settings | str | os.PathLike[str] | None = None,
    static_dir: str | Path | None = None,
    **given: Any,
) -> FastAPI:
    """The game server as an ASGI app.

    ``settings``: the server's :class:`~.settings.Settings` (default: from the ``BRISCOLA_*``
    variables), or just the database (an SQLAlchemy URL or an SQLite file path). Each setting
    ``given`` (not None: ``bot_delay=0``, ``create_rate="off"``…) replaces its value;
    ``static_dir``: the web client (default the package's ``web/``). ``X-Forwarded-For`` names
    the client only on a connection from one of the ``trusted_proxies``; elsewhere the peer is
    the client.
    """
    if not isinstance(settings, Settings):
        settings = Settings.load(db=None if settings is None else os.fspath(settings), **given)
    elif any(value is not None for value in given.values()):
        settings = settings.replace(**given)
    storage = Storage(settings.db)
    pool = BotPool(settings.bot_workers or 0)
    leases = process_leases(settings, storage.engine)  # several processes (cluster/), else None
    recorder = Recorder(storage.engine)  # results and ratings (issue 37)
    if leases is None:  # one process: every table its own
        rooms = Rooms(storage, settings, pool, recorder)
    else:  # a table is played by the process holding its lease
        rooms = Rooms(storage, settings, pool, recorder, leases.take, leases.release)
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
    add_error_handlers(app)
    app.include_router(tables.router)
    lobby = install_lobby(app, rooms)  # quick match: /ws/lobby, before /ws/{table_id}
    app.include_router(_routes)  # /healthz and the tables' sockets
    # the game's routes first: a request is matched against each route in turn (a table's
    # socket after the routes below cost 140 µs more a connection); no path of theirs is a game's
    app.include_router(players_router)  # guests, accounts, sessions (issue 37)
    app.include_router(ratings_router)  # leaderboards and profiles (issue 37)
    app.include_router(bots_router)  # bot accounts and their tokens (issue 37, part 6)
    app.include_router(analysis.router)  # the review, analysis, hints and lessons (issue 39)
    app.include_router(offline.router)  # offline games to the history (issue 39)
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
