"""Spectators of a table: they join by the table's watch link (``/watch/{table_id}``, whose page
opens the socket ``/ws/{table_id}/watch``), are sent the public view after every change
(:func:`~briscola.apps.server.flow.spectator_message`), and may only ask for it again (``sync``)
or ``ping`` (the socket loop, :mod:`.sockets`, refuses the rest). Every seat is told how many
watch (a ``spectators`` event and the ``spectators`` field of each state).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from fastapi import WebSocket

from briscola.session.table import Event

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Room

__all__ = ["MAX_SPECTATORS", "join", "leave"]

MAX_SPECTATORS = 200
"""The most spectators of one table; one more is refused (closed with 1008, ``too many``)."""


async def join(room: Room, ws: WebSocket) -> None:
    """A spectator came: send them the table, tell everybody how many watch."""
    async with room.lock:
        if ws not in room.flow.watchers and len(room.flow.watchers) >= MAX_SPECTATORS:
            await ws.close(1008, "too many spectators")
            return
        if ws not in room.flow.watchers:
            room.flow.watchers.append(ws)
        await room.broadcast([Event("spectators", {"count": len(room.flow.watchers)})])


async def leave(room: Room, ws: WebSocket) -> None:
    """A spectator went away: tell everybody how many still watch. The last socket of the room
    to go makes it idle (it may leave memory once nothing else keeps it busy)."""
    async with room.lock:
        if ws in room.flow.watchers:
            room.flow.watchers.remove(ws)
            if not room.has_connections():
                room.idle_since = time.monotonic()
            await room.broadcast([Event("spectators", {"count": len(room.flow.watchers)})])
