"""The flow around a game in a room: spectators, resigning, the rematch votes, the computer
players' speed and the move clock (the room itself is :class:`~briscola.apps.server.rooms.Room`).

A :class:`RoomFlow` is one per room. The room asks it for the fields every state message adds
(:meth:`RoomFlow.fields`), tells it of every change before it is sent (:meth:`RoomFlow.seen`,
which notes completed tricks and arms the move clock), and has it send the spectators their view
(:meth:`RoomFlow.tell_watchers`). A seat's ``resign``, ``rematch`` and ``speed`` are answered by
:func:`resign`, :func:`rematch` and :func:`speed`. What the flow keeps across a restart (the
speed, the resignations, the rematch's table) is stored in columns of the table's row
(:meth:`~briscola.apps.server.room.Room.note`, :mod:`~briscola.apps.server.store`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from briscola.apps.server.pacing import SPEEDS, MoveClock, Pace
from briscola.apps.server.protocol import (
    Peer,
    RematchMessage,
    ResignMessage,
    SpeedMessage,
    handles,
)
from briscola.apps.server.wire import dumps
from briscola.session.table import OVER, Event, TableError

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Room
    from briscola.apps.server.store import StoredTable

__all__ = ["RoomFlow", "rematch", "resign", "send_json", "spectator_message", "speed"]

log = logging.getLogger(__name__)


class RoomFlow:
    """What a room holds besides its table and seats' sockets. See the module's documentation."""

    def __init__(self) -> None:
        self.watchers: list[WebSocket] = []
        self.pace = Pace()
        self.clock = MoveClock()
        self.votes: set[int] = set()
        self.rematch_id: str | None = None
        self.tasks: set[asyncio.Task[None]] = set()  # checks running on their own

    def restore(self, room: Room, stored: StoredTable) -> None:
        """Take back what storage kept of the flow (a room rebuilt after a restart)."""
        if stored.speed is not None and stored.speed in SPEEDS:
            self.pace.speed = stored.speed
        self.rematch_id = stored.rematch_id
        if stored.resigned:
            room.table.resigned = list(stored.resigned)

    def fields(self, room: Room) -> dict[str, Any]:
        """What every state message adds: spectators, speed, move clock, rematch, watch link."""
        rematch = None
        if room.table.status == OVER:
            rematch = {"votes": sorted(self.votes), "table_id": self.rematch_id}
        return {
            "spectators": len(self.watchers),
            "speed": self.pace.speed,
            "clock": self.clock.info(),
            "rematch": rematch,
            "watch_url": f"/watch/{room.table_id}",
            "trick_hold_ms": round(room.settings.trick_hold * 1000),
        }

    def seen(self, room: Room, events: Sequence[Event]) -> None:
        """Before a change is sent: note a completed trick, arm the move clock."""
        if any(e.type == "trick" for e in events):
            self.pace.saw_trick()

        async def expire(key: tuple[int, int]) -> None:
            async with room.lock:
                if self.clock.move_key(room.table) == key:
                    await room.commit(room.table.stand_in_move())

        timeout = room.settings.move_timeout
        self.clock.arm(room.table, timeout, expire, active=room.humans_connected())

    def bot_wait(self, room: Room) -> float:
        """Seconds before the next computer move (the speed, the hold of the last trick)."""
        settings = room.settings
        return self.pace.wait(settings.bot_delay, settings.trick_hold)

    async def tell_watchers(self, room: Room, events: Sequence[Event]) -> None:
        """Send every spectator the public view with ``events``."""
        if not self.watchers:
            return
        message = spectator_message(room, events)
        for ws in list(self.watchers):
            await send_json(ws, message)

    async def close(self) -> None:
        """Stop the move clock and the checks still running."""
        await self.clock.close()
        for task in list(self.tasks):
            task.cancel()


async def send_json(ws: WebSocket, message: dict[str, Any]) -> None:
    """Send ``message`` to one socket; one that went away is left to its own handler."""
    try:
        await ws.send_text(dumps(message))
    except Exception:
        log.debug("could not send to a socket that went away")


def spectator_message(room: Room, events: Sequence[Event] = ()) -> dict[str, Any]:
    """The ``state`` message of a spectator (:meth:`~.views.Views.message` for no seat): only
    what everybody may know (:func:`~briscola.session.audience.public_view`)."""
    return room.views.message(room.table, None, room.shared(events))


@handles(ResignMessage)
async def resign(room: Room, peer: Peer, message: ResignMessage) -> None:
    """A seat's ``resign``: it goes to the computer for good (a refusal is raised)."""
    async with room.lock:
        await _resign(room, peer.player)


@handles(RematchMessage)
async def rematch(room: Room, peer: Peer, message: RematchMessage) -> None:
    """A seat's ``rematch``: its vote (:mod:`~briscola.apps.server.rematch`)."""
    from briscola.apps.server.rematch import vote

    async with room.lock:
        await vote(peer.rooms, room, peer.player)


@handles(SpeedMessage)
async def speed(room: Room, peer: Peer, message: SpeedMessage) -> None:
    """A seat's ``speed``: the computer players' speed (the host's to set)."""
    async with room.lock:
        await _speed(room, peer.player, message.speed)


async def _resign(room: Room, seat: int) -> None:
    events = room.table.resign(seat)
    room.flow.votes.discard(seat)
    room.note(seats=[seat], resigned=list(room.table.resigned))  # stored by the commit
    room.gone_since.pop(seat, None)
    # the person's sockets watch from now on: they are no longer sent the seat's hand
    room.flow.watchers.extend(room.sockets.pop(seat, []))
    await room.commit(events)


async def _speed(room: Room, seat: int, speed: str) -> None:
    if speed not in SPEEDS:
        raise TableError("bad_speed", f"the speed is one of {', '.join(SPEEDS)}, not {speed!r}")
    if seat != room.host and len(room.table.human_seats()) > 1:
        raise TableError("not_host", "only the host can change the computer players' speed")
    room.flow.pace.speed = speed
    room.note(speed=speed)  # stored by the commit
    await room.commit([Event("speed", {"seat": seat, "speed": speed})])
