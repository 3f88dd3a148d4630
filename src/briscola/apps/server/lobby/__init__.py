"""Quick match (issue 37, parts 2 and 7): the lobby's socket ``/ws/lobby``, its pool of seekers
and its numbers, in one process or, with Redis, across several (docs/online.md, "Quick match").

- :mod:`.messages`: the socket's messages (pydantic models);
- :mod:`.pool`: the buckets, the rating window and the groups; the pool in memory;
- :mod:`.shared`: the pool and the numbers in Redis (several processes);
- :mod:`.presence`: the numbers and the open public tables;
- :mod:`.service`: the lobby of one process (seeks, offers, tables made for the groups);
- :mod:`.sending`: its outputs (messages, the seats linked, failures logged quietly);
- :mod:`.socket`: the socket route.
"""

from __future__ import annotations

from fastapi import FastAPI

from briscola.apps.server.lobby import schema as _schema  # noqa: F401 (its table on the store's metadata)
from briscola.apps.server.lobby.service import Lobby
from briscola.apps.server.lobby.socket import router
from briscola.apps.server.rooms import Rooms

__all__ = ["Lobby", "install", "router"]


def install(app: FastAPI, rooms: Rooms) -> Lobby:
    """The app's lobby (``app.state.lobby``) and its socket route; with the ``redis`` setting,
    its pool and numbers are shared with the other processes through that Redis. Mount it
    before the tables' sockets (``/ws/{table_id}`` would take ``/ws/lobby``); the app's
    lifespan starts and closes it."""
    settings = rooms.settings
    pool = None
    process = getattr(settings, "process", None) or ""
    if settings.redis:
        from briscola.apps.server.lobby.shared import RedisPool

        pool = RedisPool(settings.redis, rooms.storage.engine, process)
        process = pool.process
    lobby = app.state.lobby = Lobby(rooms, pool, process)
    app.include_router(router)
    return lobby
