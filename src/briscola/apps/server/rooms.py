"""Rooms: one per table in play (each a :class:`~briscola.apps.server.room.Room`), loaded from
storage on first use, let go when idle, finished or taken over by another process.

The room itself is in :mod:`~briscola.apps.server.room`, its small parts (settings, lock, card
points) in :mod:`~briscola.apps.server.roomparts`, the refusals its sockets are sent in
:mod:`~briscola.apps.server.refusals`: every name is still importable from here.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from briscola.apps.server import seatflags
from briscola.apps.server.botpool import BotPool
from briscola.apps.server.commits import GroupCommit
from briscola.apps.server.leases import Leases, TableElsewhere
from briscola.apps.server.limits import RateLimiter, ServerFull
from briscola.apps.server.recovery import Recovery
from briscola.apps.server.refusals import rate_limited, refuse_full
from briscola.apps.server.room import Room
from briscola.apps.server.roomparts import MAX_ID, RoomLock, Settings, card_points
from briscola.apps.server.store import Storage
from briscola.apps.server.unattended import Resumer
from briscola.core.text import has_surrogate

__all__ = ["Room", "RoomLock", "Rooms", "Settings", "card_points", "rate_limited", "refuse_full"]


class _Gone:
    """The storage of a room handed over to another process: any write is refused."""

    def __getattr__(self, name: str) -> object:
        raise TableElsewhere()


class Rooms:
    """The rooms of the tables in play, loaded from storage on first use."""

    def __init__(self, storage: Storage, settings: Settings, pool: BotPool | None = None) -> None:
        """``pool``: where the computer players think (default: on the loop)."""
        self.storage = storage
        self.settings = settings
        self._rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self.pool = pool or BotPool(0)
        self.limiter = RateLimiter(settings.limits)
        self.commits = GroupCommit(storage)
        self.evicted = 0  # rooms let go while idle
        self._sweeper: asyncio.Task[None] | None = None
        self.recovery = Recovery(storage)
        self.leases: Leases | None = None  # several processes: the tables this one holds
        self.resumer = Resumer(self)  # unattended matches a stop left unfinished

    def add(self, room: Room) -> None:
        """Register a new room (call :meth:`make_space` first)."""
        if self.leases is not None:
            self.leases.take(room.table_id)  # a new id: nobody else holds it
        self._adopt(room)

    def _adopt(self, room: Room) -> None:
        room.pool, room.limiter, room.commits = self.pool, self.limiter, self.commits
        self._rooms[room.table_id] = room

    def __len__(self) -> int:
        return len(self._rooms)

    def table_ids(self) -> list[str]:
        """The ids of the tables in memory."""
        return list(self._rooms)

    async def lose(self, table_id: str) -> None:
        """Another process took this table over (see :mod:`.cluster`): its room leaves memory
        and its sockets are closed with 1012, so that they reconnect to the new owner."""
        room = self._rooms.pop(table_id, None)
        if room is None:
            return
        await room.close()
        for ws in [w for sockets in room.sockets.values() for w in sockets] + room.flow.watchers:
            with contextlib.suppress(Exception):
                await ws.close(1012, "moved")

    async def hand_over(self, table_id: str, wait: float = 1.0) -> bool:
        """Let the table's room leave memory for another process, the one the proxy now sends
        its people to (:mod:`.cluster`): True once it is gone (storage holds all of it, since
        every change is stored before it is shown; its lease released, its tasks stopped, its
        sockets closed with 1012 so that they reconnect through the proxy). The room's lock is
        taken first (a change being stored finishes), waiting up to ``wait`` seconds (False
        after); a change that waited for the lock behind it is never stored, so the new holder
        alone writes the table. A match the computers play out alone (``unattended``) stays
        here while it runs (False)."""
        room = self._rooms.get(table_id)
        if room is None:
            if self.leases is not None:
                self.leases.release(table_id)
            return True
        if room.table.unattended and room.idle_for(time.monotonic()) is None:
            return False
        try:
            await asyncio.wait_for(room.lock.__aenter__(), wait)
        except TimeoutError:
            return False
        try:
            if self._rooms.get(table_id) is room:
                sockets = [w for group in room.sockets.values() for w in group]
                self._let_go(room)
                await room.close()
                room.storage = room.commits = _Gone()  # type: ignore[assignment]
                for ws in sockets + room.flow.watchers:
                    with contextlib.suppress(Exception):
                        await ws.close(1012, "moved")
        finally:
            await room.lock.__aexit__(None, None, None)
        return True

    def make_space(self) -> None:
        """Make room for one more table, letting idle ones go if the process holds its most;
        raises :class:`~briscola.apps.server.limits.ServerFull` when none is idle."""
        cap = self.settings.limits.max_tables
        if len(self._rooms) < cap:
            return
        now = time.monotonic()
        idle = [(t, r) for r in self._rooms.values() if (t := r.idle_for(now)) is not None]
        idle.sort(key=lambda pair: -pair[0])  # the longest idle first
        for _, room in idle[: len(self._rooms) - cap + 1 + cap // 10]:
            self._let_go(room)
        if len(self._rooms) >= cap:
            raise ServerFull(cap)

    def let_go_idle(self, now: float | None = None) -> int:
        """Let every room idle for the limits' ``idle_seconds`` leave memory; how many left."""
        now = time.monotonic() if now is None else now
        limit = self.settings.limits.idle_seconds
        gone = [r for r in self._rooms.values() if (r.idle_for(now) or -1.0) >= limit]
        for room in gone:
            self._let_go(room)
        return len(gone)

    def _let_go(self, room: Room) -> None:
        """Drop an idle room from memory: storage holds all of it, :meth:`get` loads it again."""
        if self._rooms.get(room.table_id) is room:
            seatflags.keep(room)  # autoplay and ready: the table's record does not hold them
            del self._rooms[room.table_id]
            self.evicted += 1
            if self.leases is not None:
                self.leases.release(room.table_id)
            room.stop_timers()

    def start(self) -> None:
        """Start letting idle rooms go, and playing out the unattended matches a stop left
        unfinished (:mod:`.unattended`): tasks on the running loop, until :meth:`close`."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        self.resumer.start()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.05, self.settings.limits.idle_seconds / 4)))
            self.let_go_idle()
            self.limiter.forget_full()

    async def get(self, table_id: str) -> Room | None:
        """The room of a table, rebuilt from storage if needed; None for an unknown table.
        Raises :class:`~briscola.apps.server.recovery.DamagedTableError` (a 409) for a stored
        table that cannot be rebuilt exactly."""
        room = self._rooms.get(table_id)
        if room is not None:
            return room
        if len(table_id) > MAX_ID or has_surrogate(table_id):
            return None  # no table has such an id: storage is not asked
        async with self._loading:
            room = self._rooms.get(table_id)
            if room is not None:
                return room
            self.make_space()
            if self.leases is not None and not self.leases.take(table_id):
                raise TableElsewhere()  # another process took it a moment ago
            loaded = self.recovery.load(table_id)
            if loaded is None:
                if self.leases is not None:
                    self.leases.release(table_id)
                return None
            stored = loaded.stored
            room = Room(
                table_id,
                loaded.table,
                stored.seats,
                stored.invite_code,
                self.storage,
                self.settings,
                stored.lang,
                saved=loaded.saved,
                hints=stored.hints,
            )
            room.flow.restore(room, stored)
            seatflags.restore(room, stored.seat_flags)  # autoplay and ready, kept when it left
            room.commits = self.commits
            await room.store()  # a deal dealt again from the seed (or the first one) is stored now
            self._adopt(room)
            return room

    def forget_if_finished(self, room: Room) -> None:
        """Let a finished table's room go once nobody is connected (storage keeps it), and stop
        its timers: nothing keeps it in memory (a table ended a minute ago cost as much as one
        in play: the load benchmark's 1,000 tables held about 1,000 more)."""
        idle = not any(room.sockets.values())
        if idle and room.table.status == "over" and self._rooms.get(room.table_id) is room:
            del self._rooms[room.table_id]
            room.stop_timers()
            if self.leases is not None:
                self.leases.release(room.table_id)

    async def close(self) -> None:
        """Stop letting rooms go, and every room's tasks."""
        await self.resumer.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        for room in list(self._rooms.values()):
            await room.close()
        self._rooms.clear()
