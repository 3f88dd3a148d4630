"""The game server: HTTP API, WebSocket rooms, storage, and the web client's files (the protocol:
docs/web-protocol.md).

Start it with :func:`serve` (``briscola serve`` on the command line), or build the ASGI app with
:func:`briscola.apps.server.app.create_app`; importing this package imports no web framework.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from briscola.apps.server.settings import Settings

WS_MAX_SIZE = 1024 * 1024
"""The hard limit: the largest WebSocket message uvicorn takes (1 MiB); a bigger one closes the
socket with 1009 (message too big). Messages up to it reach the message reader, which answers
one over 64 KB with a ``too_large`` error and keeps the socket (docs/web-protocol.md)."""


MAX_TRICK_HOLD = 30.0
"""The longest a completed trick may be held (the ``trick_hold`` setting), in seconds."""


def serve(settings: Settings | None = None) -> None:
    """Run the game server with uvicorn until interrupted, by ``settings`` (default: the
    ``BRISCOLA_*`` variables), every log line masked of secrets
    (:func:`~briscola.apps.server.settings.log_config`). uvicorn reads no proxy header itself:
    the app trusts those of the ``trusted_proxies`` only."""
    import uvicorn

    from briscola.apps.server.app import create_app
    from briscola.apps.server.settings import Settings, log_config

    settings = (settings or Settings.load()).replace(tune_gc=True)  # tune_gc, once built
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=log_config(settings.log_level),
        log_level=settings.log_level,
        ws_max_size=WS_MAX_SIZE,
        proxy_headers=False,
    )


YOUNG_THRESHOLD = 20_000
"""New container objects between two collections of the young generation (Python's: 700)."""


def tune_gc() -> None:
    """Freeze the heap made so far (:func:`gc.freeze`) and collect the young generation less
    often; safe to call more than once. Each ``briscola serve`` process does it once its app is
    built (the ``tune_gc`` setting): its large heap lives as long as it does, and with Python's
    defaults the collector's walks of it took a sixth of the server's CPU time under load.

    >>> before = gc.get_threshold()
    >>> tune_gc()
    >>> gc.get_threshold()[0] >= YOUNG_THRESHOLD and gc.get_freeze_count() > 0
    True
    >>> gc.unfreeze(); gc.set_threshold(*before)
    """
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, old)
