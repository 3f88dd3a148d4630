"""The lobby's outputs: a message sent to a socket that may be gone, the seats of new tables
linked to their players in one transaction, and a loop's failure logged without flooding."""

from __future__ import annotations

import contextlib
import json
import logging
import time
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from starlette.websockets import WebSocket

from briscola.apps.server.players.schema import PlayerSeatRow
from briscola.apps.server.store import Base

__all__ = ["QUIET_SECONDS", "failed", "link_seats", "send"]

log = logging.getLogger("briscola.apps.server.lobby")

QUIET_SECONDS: Final = 60.0
"""A loop that keeps failing (its Redis or database gone) logs its traceback once in this long."""
_LAST_LOGGED: dict[str, float] = {}


def failed(what: str) -> None:
    """Log the exception being handled: with its traceback the first time, then one line at
    most every :data:`QUIET_SECONDS` (a loop failing every 0.1 s must not flood the log)."""
    now = time.monotonic()
    last = _LAST_LOGGED.get(what)
    if last is None:
        log.exception(what)
    elif now - last >= QUIET_SECONDS:
        log.error("%s (again)", what)
    else:
        return
    _LAST_LOGGED[what] = now


async def send(ws: WebSocket, message: dict[str, Any] | str) -> None:
    """Send a message (or its JSON text), if the socket is still there."""
    with contextlib.suppress(Exception):
        await ws.send_text(message if isinstance(message, str) else json.dumps(message))


def link_seats(engine: Engine, links: list[tuple[str, int, str]]) -> None:
    """Each (table, seat, player): the player took the seat (``PlayerSeatRow``, one
    transaction for all)."""
    rows = [{"table_id": t, "seat": s, "player_id": p} for t, s, p in links]
    with engine.begin() as conn:
        conn.execute(sa.insert(Base.metadata.tables[PlayerSeatRow.__tablename__]), rows)
