"""The ASGI application: the HTTP API, the WebSocket of each seat, and the web client's pages.

:func:`create_app` puts together the tables' routes (:mod:`.tables`), the seats' WebSocket
(:mod:`.sockets`), the pages (:mod:`.pages`) and the score keeper (:mod:`.scores`) over one
database. The protocol is described in docs/web-protocol.md; the HTTP API also by
``/openapi.json``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from briscola import __version__
from briscola.apps.server import analysis_api, catalog, review, scores, sockets, tables
from briscola.apps.server.api_wording import word_errors
from briscola.apps.server.botpool import BotPool
from briscola.apps.server.cluster import TABLE_PATH, ClusterMiddleware, cluster_from_env
from briscola.apps.server.errors import ApiError, add_error_handlers
from briscola.apps.server.limits import Limits
from briscola.apps.server.pages import default_static_dir, install_error_pages, page_routes
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.schemas import LevelsResponse, PresetsResponse
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import Storage
from briscola.apps.server.workers import end_with_supervisor, tune_gc

__all__ = ["ApiError", "create_app", "default_static_dir"]


_server = APIRouter()
"""The server's own routes: its health and its catalog of games and computer players."""


@_server.get("/healthz", tags=["server"])
async def healthz(request: Request) -> dict[str, Any]:
    """The server is up: its tables in memory, and its computer players' pool (workers,
    decisions waiting, the share of their budget the search levels get now)."""
    rooms: Rooms = request.app.state.rooms
    cluster = getattr(request.app.state, "cluster", None)  # several processes: its handoffs
    extra = {"cluster": cluster.health()} if cluster is not None else {}
    health = {"status": "ok", "version": __version__, "tables": len(rooms)}
    return {**health, **rooms.pool.health(), **extra}


@_server.get("/api/presets", response_model=PresetsResponse, tags=["catalog"])
async def get_presets() -> dict[str, Any]:
    """The game variants, their options (allowed values, defaults) and match formats."""
    return catalog.presets()


@_server.get("/api/levels", response_model=LevelsResponse, tags=["catalog"])
async def get_levels() -> dict[str, Any]:
    """The computer players."""
    return catalog.levels()


def create_app(
    settings: Settings | str | os.PathLike[str] | None = None,
    static_dir: str | Path | None = None,
    *,
    bot_delay: float | None = None,
    human_timeout: float | None = None,
    stand_in: str | None = None,
    bot_workers: int | None = None,
    limits: Limits | None = None,
    trick_hold: float | None = None,
    move_timeout: float | None = None,
) -> FastAPI:
    """The game server as an ASGI app.

    ``settings``: the server's :class:`~.settings.Settings` (default: from the ``BRISCOLA_*``
    variables), or just the database (an SQLAlchemy URL or an SQLite file path), the rest from
    the variables. ``static_dir``: the web client (default the package's ``web/``). Each other
    argument given (not None) replaces that setting: ``bot_delay``, ``human_timeout``,
    ``stand_in``, ``bot_workers`` (None in the settings: 0, the searches think on the loop),
    ``trick_hold``, ``move_timeout``; ``limits``: the rate limits and caps all at once (most
    tests: :meth:`Limits.unlimited`). A bad value raises
    :class:`~.settings.SettingsError` (a ``ValueError``) naming the setting.

    ``X-Forwarded-For`` names the client only on a connection from one of the settings'
    ``trusted_proxies`` (uvicorn's ``ProxyHeadersMiddleware``, outermost); elsewhere it is
    ignored and the peer is the client, whom the rate limits count.
    """
    given: dict[str, Any] = {
        "bot_delay": bot_delay,
        "human_timeout": human_timeout,
        "stand_in": stand_in,
        "bot_workers": bot_workers,
        "trick_hold": trick_hold,
        "move_timeout": move_timeout,
    }
    if isinstance(settings, Settings):
        if any(value is not None for value in given.values()):
            settings = settings.replace(**given)
    else:
        db = os.fspath(settings) if settings is not None else None
        settings = Settings.load(db=db, **given)
    if limits is not None:
        settings = settings.with_limits(limits)
    storage = Storage(settings.db)
    pool = BotPool(settings.bot_workers or 0)
    rooms = Rooms(storage, settings, pool)
    web = Path(static_dir) if static_dir is not None else default_static_dir()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        end_with_supervisor()  # one of --workers: it ends with its parent, even after kill -9
        pool.launch()  # the workers warm up while the server already answers
        rooms.start()
        if cluster is not None:
            await cluster.start()
        if settings.tune_gc:  # briscola serve: the heap made so far, out of the GC's walks
            tune_gc()
        yield
        await rooms.close()
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
    add_error_handlers(app, TABLE_PATH)  # 503 documented on every table's operation
    app.include_router(_server)
    app.include_router(tables.router)
    app.include_router(sockets.router)
    app.include_router(review.router)
    app.include_router(analysis_api.router)  # the analysis and hints (issue 15)
    app.include_router(review.flow_pages(web))
    app.include_router(page_routes(web))
    install_error_pages(app, web)  # an unknown page is a page; API errors stay JSON
    scores.install(app, storage.engine, web)  # the score keeper: /api/scores, /score
    word_errors(app)  # the table API's errors in the request's language (every handler added)
    if web.is_dir():
        app.mount("/static", StaticFiles(directory=web), name="static")
    cluster = cluster_from_env(rooms, settings.redis)  # several processes: cluster.py
    if cluster is not None:
        app.state.cluster = cluster
        app.add_middleware(ClusterMiddleware, cluster=cluster)
    if settings.trusted_proxies:  # added last: the outermost, before any other reads the client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    return app
