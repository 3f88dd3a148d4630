"""The game server: HTTP API, WebSocket rooms, storage, and the web client's files.

Start it with :func:`serve` (``briscola serve`` on the command line), or build the ASGI app with
:func:`create_app` (:func:`briscola.apps.server.app.create_app`, imported on first use so that
importing this package does not import the web framework). The protocol is described in
docs/web-protocol.md.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from briscola.apps.server.app import create_app

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from briscola.apps.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


WS_MAX_SIZE = 4 * 64 * 1024
"""The largest WebSocket frame the transport takes: a bigger one closes the socket (1009). Frames
up to it reach the message reader, which answers one over 64 KB with a ``too_large`` error."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str | None = None,
    reload: bool = False,
    log_level: str = "info",
    **app_options: Any,
) -> None:
    """Run the game server with uvicorn until interrupted.

    ``db_url``: an SQLAlchemy URL or an SQLite file (default ``$BRISCOLA_DB``, else
    ``./briscola.db``). ``reload``: restart when the package's files change (development).
    ``log_level``: uvicorn's and the package's (``critical`` ... ``debug``, ``trace``). Every log
    line goes through :class:`~briscola.apps.server.logfilter.SecretFilter`: no token, key or
    invite code is written. ``app_options`` go to :func:`create_app` (``bot_workers``,
    ``limits``...; not with ``reload``, which reads the environment).
    """
    import uvicorn

    from briscola.apps.server.logfilter import log_config
    from briscola.apps.server.storage import resolve_db_url

    if reload:
        os.environ["BRISCOLA_DB"] = resolve_db_url(db_url)
        uvicorn.run(
            "briscola.apps.server.app:create_app",
            factory=True,
            host=host,
            port=port,
            reload=True,
            reload_dirs=[str(Path(__file__).resolve().parent.parent)],
            log_config=log_config(log_level),
            log_level=log_level,
            ws_max_size=WS_MAX_SIZE,
        )
    else:
        from briscola.apps.server.app import create_app
        from briscola.apps.server.gctune import ENV

        os.environ[ENV] = "1"  # its start-up tunes the garbage collector (gctune.py)
        uvicorn.run(
            create_app(db_url, **app_options),
            host=host,
            port=port,
            log_config=log_config(log_level),
            log_level=log_level,
            ws_max_size=WS_MAX_SIZE,
        )
