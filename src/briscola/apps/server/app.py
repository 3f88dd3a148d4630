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

from briscola import __version__
from briscola.apps.server import analysis_api, catalog, review, scores, sockets, tables
from briscola.apps.server.api_wording import word_errors
from briscola.apps.server.botpool import BotPool
from briscola.apps.server.cluster import TABLE_PATH, ClusterMiddleware, cluster_from_env
from briscola.apps.server.errors import ApiError, add_error_handlers
from briscola.apps.server.gctune import tune_gc_if_asked
from briscola.apps.server.limits import Limits
from briscola.apps.server.pages import default_static_dir, install_error_pages, page_routes
from briscola.apps.server.rooms import Rooms, Settings
from briscola.apps.server.schemas import LevelsResponse, PresetsResponse
from briscola.apps.server.storage import Storage
from briscola.apps.server.workers import end_with_supervisor

__all__ = ["ApiError", "create_app", "default_static_dir"]


_server = APIRouter()
"""The server's own routes: its health and its catalog of games and computer players."""


@_server.get("/healthz", tags=["server"])
async def healthz(request: Request) -> dict[str, Any]:
    """The server is up: its tables in memory, and its computer players' pool (workers,
    decisions waiting, the share of their budget the search levels get now)."""
    rooms: Rooms = request.app.state.rooms
    cluster = getattr(request.app.state, "cluster", None)  # several processes: its tunnels
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


def _seconds(value: float | None, env: str, default: float) -> float:
    """A duration: the value given, else the environment variable ``env``, else ``default``."""
    if value is None:
        text = os.environ.get(env, "").strip()
        try:
            value = float(text) if text else default
        except ValueError:
            raise ValueError(f"{env} must be a number of seconds, not {text!r}") from None
    if value < 0:
        raise ValueError(f"a duration cannot be negative: {value}")
    return value


def _count(value: int | None, env: str, default: int) -> int:
    """A count: the value given, else the environment variable ``env``, else ``default``."""
    if value is None:
        text = os.environ.get(env, "").strip()
        if text and not (text.isascii() and text.isdigit()):
            raise ValueError(f"{env} must be a whole number, not {text!r}")
        value = int(text) if text else default
    if value < 0:
        raise ValueError(f"a count cannot be negative: {value}")
    return value


def create_app(
    db_url: str | os.PathLike[str] | None = None,
    static_dir: str | Path | None = None,
    *,
    bot_delay: float | None = None,
    human_timeout: float | None = None,
    stand_in: str = "simple",
    bot_workers: int | None = None,
    limits: Limits | None = None,
    trick_hold: float | None = None,
    move_timeout: float | None = None,
) -> FastAPI:
    """The game server as an ASGI app.

    ``db_url``: an SQLAlchemy URL or an SQLite file path (default ``$BRISCOLA_DB``, else
    ``./briscola.db``); ``static_dir``: the web client (default the package's ``web/``);
    ``bot_delay``: seconds between computer moves (default ``$BRISCOLA_BOT_DELAY``, else 0.8);
    ``human_timeout``: seconds before the computer plays for a disconnected person (default
    ``$BRISCOLA_HUMAN_TIMEOUT``, else 60); ``trick_hold``: seconds a completed trick stays shown
    before a computer player leads again (default ``$BRISCOLA_TRICK_HOLD``, else 1.5);
    ``move_timeout``: seconds a person has for a move at a table with friends before the computer
    makes it (default ``$BRISCOLA_MOVE_TIMEOUT``, else 60).
    ``bot_workers``: processes for the computer players' search levels (default
    ``$BRISCOLA_BOT_WORKERS``, else 0: they think on the loop; ``briscola serve`` starts one per
    core). ``limits``: rate limits and caps (default :meth:`Limits.from_env`).
    """
    settings = Settings(
        bot_delay=_seconds(bot_delay, "BRISCOLA_BOT_DELAY", 0.8),
        human_timeout=_seconds(human_timeout, "BRISCOLA_HUMAN_TIMEOUT", 60.0),
        stand_in=stand_in,
        limits=limits if limits is not None else Limits.from_env(),
        trick_hold=_seconds(trick_hold, "BRISCOLA_TRICK_HOLD", 1.5),
        move_timeout=_seconds(move_timeout, "BRISCOLA_MOVE_TIMEOUT", 60.0),
    )
    storage = Storage(db_url)
    pool = BotPool(_count(bot_workers, "BRISCOLA_BOT_WORKERS", 0))
    rooms = Rooms(storage, settings, pool)
    web = Path(static_dir) if static_dir is not None else default_static_dir()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        end_with_supervisor()  # one of --workers: it ends with its parent, even after kill -9
        pool.launch()  # the workers warm up while the server already answers
        rooms.start()
        if cluster is not None:
            await cluster.start()
        tune_gc_if_asked()  # briscola serve: the heap made so far, out of the GC's walks
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
    cluster = cluster_from_env(rooms)  # several processes ($BRISCOLA_REDIS): cluster.py
    if cluster is not None:
        cluster.app = app
        app.state.cluster = cluster
        app.add_middleware(ClusterMiddleware, cluster=cluster)
    return app
