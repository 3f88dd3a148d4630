"""Matches nobody plays any more, played out by themselves, also after a restart.

When the last person at a table resigns, its computer players play the match to its end by
themselves (:attr:`~briscola.session.table.Table.unattended`): the room's driver plays every
move and deals each next deal. A room whose driver runs is never idle
(:meth:`~briscola.apps.server.rooms.Room.idle_for`), so such a match does not leave memory
halfway, neither to the idle sweep nor to make space.

A server that stops (a restart, a crash) stops those matches too. When it starts again, its
:class:`Resumer` finds in storage the started tables whose every seat is a computer player's and
that are not marked played out (:meth:`~briscola.apps.server.store.Storage.computer_only_ids`),
and plays them out without anybody connecting, :data:`AT_ONCE` at a time: a server with many of
them does not rebuild them all at once, and the tables people play keep their pace. A match
played out is marked so (the table's column ``played_out``, :func:`mark_played_out`: the next
start does not rebuild it) and its room leaves memory at once, unless somebody watches it (then
it goes when they leave, as every finished table). Several processes on one database share the
work through the tables' leases: a table another process holds is its to play.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from briscola.apps.server.leases import TableElsewhere
from briscola.apps.server.limits import ServerFull
from briscola.apps.server.recovery import DamagedTableError
from briscola.session.table import OVER

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Room, Rooms

__all__ = ["AT_ONCE", "Resumer", "mark_played_out"]

log = logging.getLogger(__name__)

AT_ONCE = 4
"""How many unattended matches a starting server plays out at the same time."""

POLL = 0.25
"""Seconds between two looks at a match being played out."""

FULL_WAIT = 5.0
"""Seconds before a server holding its most tables tries again to load one."""


async def mark_played_out(room: Room) -> None:
    """Store that the unattended match of the room's table is over: no start resumes it again."""
    async with room.lock:
        room.note(played_out=True)
        await room.store()


class Resumer:
    """Plays out, from the server's start, the unattended matches that a stop left unfinished.
    See the module's documentation."""

    def __init__(self, rooms: Rooms, at_once: int | None = None) -> None:
        """``at_once``: how many matches it plays out at the same time (:data:`AT_ONCE`)."""
        self.rooms = rooms
        self.at_once = max(1, AT_ONCE if at_once is None else at_once)
        self.played_out = 0  # matches this resumer brought to their end
        self._task: asyncio.Task[None] | None = None

    def pending(self) -> list[str]:
        """The tables to play out: every person resigned, and not marked played out."""
        return self.rooms.storage.computer_only_ids()

    def start(self) -> None:
        """Start playing them out (a task on the running loop, until :meth:`close`)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        """Stop (a match not yet over is resumed by the next start)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        try:
            ids = iter(self.pending())
        except Exception:
            log.exception("could not list the unattended matches to play out")
            return
        await asyncio.gather(*(self._work(ids) for _ in range(self.at_once)))

    async def _work(self, ids: Iterator[str]) -> None:
        for table_id in ids:  # the workers share one iterator: each table is played once
            try:
                await self.play_out(table_id)
            except Exception:
                log.exception("could not play out the unattended match of table %s", table_id)

    async def play_out(self, table_id: str) -> bool:
        """Load the table, let its computer players play the match to its end, let it leave
        memory: True once it is over (False: damaged, held by another process, not unattended,
        or its computer players stopped)."""
        room = await self._load(table_id)
        if room is None or not room.table.unattended:
            return False
        if room.table.status == OVER:  # finished before the marks existed
            await mark_played_out(room)
        room.kick()
        while room.table.status != OVER and room.idle_for(time.monotonic()) is None:
            await asyncio.sleep(POLL)
        if room.table.status != OVER:
            return False
        self.played_out += 1
        if not room.has_connections():  # else it goes when they leave
            self.rooms.forget_if_finished(room)
        return True

    async def _load(self, table_id: str) -> Room | None:
        while True:
            try:
                return await self.rooms.get(table_id)
            except TableElsewhere:
                return None  # another process holds it: that one plays it out
            except ServerFull:
                await asyncio.sleep(FULL_WAIT)  # as many tables as it may: some will go
            except DamagedTableError:
                return None  # marked and logged by the recovery
