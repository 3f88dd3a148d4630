"""The flow around a game in a room: spectators, resigning, the rematch votes, the computer
players' speed and the move clock (the room itself is :class:`~briscola.apps.server.rooms.Room`).

A :class:`RoomFlow` is one per room. The room asks it for the fields every state message adds
(:meth:`RoomFlow.fields`), tells it of every change before it is sent (:meth:`RoomFlow.seen`,
which notes completed tricks and arms the move clock), and has it send the spectators their view
(:meth:`RoomFlow.tell_watchers`). The messages ``resign``, ``rematch`` and ``speed`` of a seat go
to :func:`handle`. What the flow keeps across a restart (the speed, the resignations, the
rematch's table) is stored in columns of the table's row (:meth:`.room.Room.note`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from briscola.apps.server.pacing import SPEEDS, MoveClock, Pace
from briscola.apps.server.schemas import PROTOCOL, RematchMessage, ResignMessage, SpeedMessage
from briscola.apps.server.wire import dumps
from briscola.session.audience import public_view
from briscola.session.table import OVER, Event, TableError

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Room, Rooms
    from briscola.apps.server.store import StoredTable

__all__ = ["FlowMessage", "RoomFlow", "handle", "send_json", "spectator_message"]

log = logging.getLogger(__name__)

FlowMessage = ResignMessage | RematchMessage | SpeedMessage
"""The messages of a seat that :func:`handle` answers."""


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
    """The ``state`` message of a spectator: the viewpoint of seat 0, ``spectator`` true, and
    only what everybody may know (:func:`~briscola.session.audience.public_view`)."""
    table = room.table
    return {
        "type": "state",
        "protocol": PROTOCOL,
        "seat": 0,
        "host": False,
        "spectator": True,
        "table": room.info(),
        "observation": public_view(table.state) if table.state is not None else None,
        "events": [e.to_dict() for e in events],
        "invite_url": None,
        "card_points": room.card_points,
        **room.flow.fields(room),
    }


async def handle(rooms: Rooms, room: Room, seat: int, ws: WebSocket, message: FlowMessage) -> None:
    """A seat's ``resign``, ``rematch`` or ``speed``: act, or explain the refusal."""
    from briscola.apps.server.rematch import vote

    async with room.lock:
        try:
            if isinstance(message, ResignMessage):
                await _resign(room, seat)
            elif isinstance(message, SpeedMessage):
                await _speed(room, seat, message.speed)
            else:
                await vote(rooms, room, seat)
        except TableError as exc:
            await room.error(ws, exc.code, exc.message)


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
