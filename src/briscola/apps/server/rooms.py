"""Rooms: one per table in play (each a :class:`~briscola.apps.server.room.Room`), loaded from
storage on first use, let go when idle, finished or taken over by another process; and the
matches nobody plays any more, played out by themselves, also after a restart (:class:`Resumer`).

When the last person at a table resigns, its computer players play the match to its end by
themselves (:attr:`~briscola.session.table.Table.unattended`): the room's driver plays every
move and deals each next deal. A room whose driver runs is never idle
(:meth:`~briscola.apps.server.room.Room.idle_for`), so such a match does not leave memory
halfway, neither to the idle sweep nor to make space.

A server that stops (a restart, a crash) stops those matches too. When it starts again, its
:class:`Resumer` finds in storage the started tables whose every seat is a computer player's and
that are not marked played out (:meth:`~briscola.apps.server.store.Storage.computer_only_ids`),
and plays them out without anybody connecting, :data:`AT_ONCE` at a time: a server with many of
them does not rebuild them all at once, and the tables people play keep their pace. A match
played out is marked so (the table's column ``played_out``,
:meth:`~briscola.apps.server.room.Room.mark_played_out`: the next start does not rebuild it) and
its room leaves memory at once, unless somebody watches it (then it goes when they leave, as every
finished table). Several processes on one database share the work through the tables' leases: a
table another process holds is its to play.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator, Sequence

from briscola.apps.server.botpool import BotPool
from briscola.apps.server.leases import Leases, TableElsewhere
from briscola.apps.server.limits import RateLimiter, ServerFull
from briscola.apps.server.recovery import DamagedTableError, Recovery
from briscola.apps.server.room import MAX_ID, Room
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import GroupCommit, Storage, StoredTable
from briscola.core.text import has_surrogate
from briscola.session.table import OVER, Table

__all__ = ["AT_ONCE", "Resumer", "Room", "Rooms"]

log = logging.getLogger(__name__)

AT_ONCE = 4
"""How many unattended matches a starting server plays out at the same time."""

POLL = 0.25
"""Seconds between two looks at a match being played out."""

FULL_WAIT = 5.0
"""Seconds before a server holding its most tables tries again to load one."""


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

    def room(
        self,
        table: Table,
        stored: StoredTable,
        saved: Sequence[tuple[bool, int]] | None = None,
        load: bool = False,
    ) -> Room:
        """A room for ``table`` (stored as ``stored``) with this process's collaborators: its
        storage, settings, group commit, computer players' pool and rate limiter. ``load``: a
        table loaded again (the row's speed, resignations, rematch and seat flags restored)."""
        return Room(
            stored.id, table, stored.seats, stored.invite_code, storage=self.storage,
            settings=self.settings, pool=self.pool, commits=self.commits, limiter=self.limiter,
            lang=stored.lang, hints=stored.hints, saved=saved, stored=stored if load else None,
        )  # fmt: skip

    def add(self, room: Room) -> None:
        """Register a new room (call :meth:`make_space` first)."""
        if self.leases is not None:
            self.leases.take(room.table_id)  # a new id: nobody else holds it
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
        for ws in [w for sockets in room.sockets.values() for w in sockets] + room.watchers:
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
                for ws in sockets + room.watchers:
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
            room.keep_flags()  # autoplay and ready: the table's record does not hold them
            del self._rooms[room.table_id]
            self.evicted += 1
            if self.leases is not None:
                self.leases.release(room.table_id)
            room.stop_timers()

    def start(self) -> None:
        """Start letting idle rooms go, and playing out the unattended matches a stop left
        unfinished (:class:`Resumer`): tasks on the running loop, until :meth:`close`."""
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
            room = self.room(loaded.table, loaded.stored, loaded.saved, load=True)
            await room.store()  # a deal dealt again from the seed (or the first one) is stored now
            self._rooms[table_id] = room
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
            await room.mark_played_out()
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
