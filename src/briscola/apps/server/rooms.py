"""A process's rooms (:class:`Rooms`): loaded from storage on first use, let go when idle,
finished or taken over by another process (their computer players think in a shared
:class:`~briscola.bots.pool.BotPool`); and the matches nobody plays any more, played out also
after a restart (:class:`Resumer`).

**Loading.** A stored table is rebuilt by replaying its deals and actions (a deal whose row is
missing is dealt again from the seed). When that cannot be done exactly (an action the rules
refuse on replay, a deck that cannot be dealt, a column that cannot be read, a computer level that
no longer exists) the table is **damaged**: marked so in its row (``damaged``), logged once
(``table X is damaged: <why>``) and answered with :class:`DamagedTableError` (HTTP 409
``damaged_table``; a socket gets that error, then is closed). Each process tries a damaged table
once (a version that reads it again clears the mark).

**Unattended matches.** When the last person at a table resigns, its computer players play the
match to its end by themselves (:attr:`~briscola.session.table.Table.unattended`); such a room is
never idle while its driver runs. After a stop, :class:`Resumer` finds the started tables whose
every seat is a computer's and that are not marked ``played_out``, and plays them out,
:data:`AT_ONCE` at a time; several processes share them through the tables' leases.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from briscola.apps.server.errors import ApiError
from briscola.apps.server.limits import RateLimiter, ServerFull, TableElsewhere
from briscola.apps.server.room import MAX_ID, Finished, Room
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import GroupCommit, Progress, Storage, StoredTable
from briscola.bots import bot_info
from briscola.bots.pool import BotPool
from briscola.core.cards import parse_cards
from briscola.core.rules import Ruleset
from briscola.core.text import has_surrogate
from briscola.session.table import OVER, Seat, Table

__all__ = [
    "AT_ONCE",
    "DAMAGED",
    "DamagedTableError",
    "Leases",
    "Resumer",
    "Room",
    "Rooms",
    "table_from_stored",
]

log = logging.getLogger(__name__)

AT_ONCE = 4
"""How many unattended matches a starting server plays out at the same time."""

POLL = 0.25
"""Seconds between two looks at a match being played out."""

FULL_WAIT = 5.0
"""Seconds before a server holding its most tables tries again to load one."""

DAMAGED = "damaged_table"
"""The error code of a request for a damaged table."""

MAX_WHY = 300
"""The longest reason stored and said for a damaged table."""


# -- loading --------------------------------------------------------------------------------------
class DamagedTableError(ApiError):
    """A stored table that cannot be rebuilt exactly: answered 409 ``damaged_table``."""

    def __init__(self, table_id: str, why: str) -> None:
        super().__init__(409, DAMAGED, f"table {table_id} is damaged and cannot be played: {why}")
        self.table_id = table_id
        self.why = why


@dataclass
class Loaded:
    """A table rebuilt from storage: its row, the table, and for each of its deals whether
    storage holds the deal's row and how many of its actions."""

    stored: StoredTable
    table: Table
    saved: list[tuple[bool, int]]


def table_from_stored(stored: StoredTable, stand_in: str) -> Table:
    """Rebuild a stored table exactly; raises (``TableError``, ``ValueError``...) when it cannot
    be, and for a computer level that no longer exists."""
    if stored.unreadable is not None:
        raise ValueError(stored.unreadable)
    for s in stored.seats:
        if s.kind == "bot":
            bot_info(s.bot or "")
    bot_info(stand_in)
    seats = [Seat(s.kind, s.name, s.bot, s.joined) for s in stored.seats]
    deals = [
        (dealer, None if deck is None else parse_cards(deck), actions)
        for dealer, deck, actions in stored.deals
    ]
    ruleset = Ruleset.from_dict(stored.ruleset)
    return Table.rebuild(
        ruleset, seats, stored.match_format, stored.seed, deals, started=stored.started,
        stand_in=stand_in,
    )  # fmt: skip


def _reason(exc: Exception) -> str:
    """Why a rebuild failed, in one line of at most :data:`MAX_WHY` characters."""
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    line = " ".join(str(message).split())
    return line if len(line) <= MAX_WHY else line[: MAX_WHY - 1] + "…"


class Leases(Protocol):
    """Which tables this process plays when several share them (the leases of
    :mod:`.cluster`, given to :class:`Rooms` by the app; one process has none): all the rooms
    know of that part."""

    def take(self, table_id: str) -> bool:
        """Hold ``table_id`` (True) unless another process does (False)."""

    def release(self, table_id: str) -> None:
        """Let ``table_id`` go: its room left memory."""


class _Alone:
    """One process: every table is its own."""

    def take(self, table_id: str) -> bool:
        return True

    def release(self, table_id: str) -> None:
        return None


class _Gone:
    """The group commit of a room handed over to another process: any write is refused."""

    def __getattr__(self, name: str) -> object:
        raise TableElsewhere()


# -- the rooms ------------------------------------------------------------------------------------
class Rooms:
    """The rooms of the tables in play, loaded from storage on first use."""

    finished: Finished | None = None  # told when a match is over (the app: the ratings)

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        pool: BotPool | None = None,
        leases: Leases | None = None,
    ) -> None:
        """``pool``: where the computer players think (default: on the loop); ``leases``: the
        tables this process holds among several (None: one process, every table its own)."""
        self.storage = storage
        self.settings = settings
        self._rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self.pool = pool or BotPool(0)
        self.limiter = RateLimiter(settings.limits)
        self.commits = GroupCommit(storage)
        self.evicted = 0  # rooms let go while idle
        self._sweeper: asyncio.Task[None] | None = None
        self.damaged: dict[str, str] = {}  # this process's verdicts: table id, why
        self.leases: Leases = leases or _Alone()
        self.resumer = Resumer(self)

    def room(
        self,
        table: Table,
        stored: StoredTable,
        saved: Sequence[tuple[bool, int]] | None = None,
        load: bool = False,
    ) -> Room:
        """A room for ``table`` (stored as ``stored``) with this process's collaborators.
        ``load``: a table loaded again (the row's speed, resignations, rematch and seat flags
        taken back)."""
        room = Room(
            table, stored, settings=self.settings, pool=self.pool, commits=self.commits,
            limiter=self.limiter, saved=saved, load=load,
        )  # fmt: skip
        if table.status != OVER:  # a match that ends here is told once (Room.store)
            room.finished = self.finished
        return room

    def add(self, room: Room) -> None:
        """Register a new room (call :meth:`make_space` first)."""
        self.leases.take(room.table_id)  # a new id: nobody else holds it
        self._rooms[room.table_id] = room

    def __len__(self) -> int:
        return len(self._rooms)

    def table_ids(self) -> list[str]:
        """The ids of the tables in memory."""
        return list(self._rooms)

    async def lose(self, table_id: str) -> None:
        """Another process took this table over (:mod:`.cluster`): its room leaves memory and
        its sockets are closed with 1012, so that they reconnect to the new owner."""
        room = self._rooms.pop(table_id, None)
        if room is not None:
            await room.close()
            await _moved(room)

    async def hand_over(self, table_id: str, wait: float = 1.0) -> bool:
        """Let the table's room leave memory for another process, the one the proxy now sends
        its people to (:mod:`.cluster`): True once it is gone (its lease released, its tasks
        stopped, its sockets closed with 1012 to reconnect through the proxy). The room's lock
        is taken first (a change being stored finishes), waiting up to ``wait`` seconds (False
        after); a change that waited behind it is never stored, so the new holder alone writes
        the table. A match the computers play out alone stays here while it runs (False)."""
        room = self._rooms.get(table_id)
        if room is None:
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
                self._let_go(room)
                await room.close()
                room.commits = _Gone()  # type: ignore[assignment]
                await _moved(room)
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
            self.evicted += 1
            self._drop(room)

    def _drop(self, room: Room) -> None:
        del self._rooms[room.table_id]
        room.stop_timers()
        self.leases.release(room.table_id)

    def forget_if_finished(self, room: Room) -> None:
        """Let a finished table's room go once no seat is connected (storage keeps it): a table
        ended a minute ago costs as much memory as one in play."""
        idle = not any(room.sockets.values())
        if idle and room.table.status == OVER and self._rooms.get(room.table_id) is room:
            self._drop(room)

    def start(self) -> None:
        """Start letting idle rooms go, and playing out the unattended matches a stop left
        unfinished: tasks on the running loop, until :meth:`close`."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        self.resumer.start()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.05, self.settings.limits.idle_seconds / 4)))
            self.let_go_idle()

    async def get(self, table_id: str) -> Room | None:
        """The room of a table, rebuilt from storage if needed; None for an unknown table.
        Raises :class:`DamagedTableError` (a 409) for a stored table that cannot be rebuilt
        exactly."""
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
            if not self.leases.take(table_id):
                raise TableElsewhere()  # another process took it a moment ago
            loaded = self.load(table_id)
            if loaded is None:
                self.leases.release(table_id)
                return None
            room = self.room(loaded.table, loaded.stored, loaded.saved, load=True)
            await room.store()  # a deal dealt again from the seed (or the first one) is stored now
            self._rooms[table_id] = room
            return room

    def load(self, table_id: str) -> Loaded | None:
        """The stored table ``table_id`` rebuilt; None for an unknown table. Raises
        :class:`DamagedTableError` for a damaged one (marking and logging it the first time)."""
        why = self.damaged.get(table_id)
        if why is not None:
            raise DamagedTableError(table_id, why)
        stored = self.storage.load(table_id)
        if stored is None:
            return None
        try:
            table = table_from_stored(stored, stored.stand_in)
        except Exception as exc:  # whatever stops the rebuild makes the table damaged
            why = _reason(exc)
            self.damaged[table_id] = why
            if stored.damaged != why:
                log.error("table %s is damaged: %s", table_id, why)
                self.storage.save_many([Progress(table_id, columns={"damaged": why})])
            raise DamagedTableError(table_id, why) from None
        if stored.damaged is not None:
            log.warning("table %s is no longer damaged (it was: %s)", table_id, stored.damaged)
            self.storage.save_many([Progress(table_id, columns={"damaged": None})])
        saved = [(deck is not None, len(actions)) for _, deck, actions in stored.deals]
        saved += [(False, 0)] * (len(table.deals) - len(saved))
        return Loaded(stored, table, saved)

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


async def _moved(room: Room) -> None:
    """Close every socket of a room that another process serves now (1012: reconnect)."""
    for ws in [w for sockets in room.sockets.values() for w in sockets] + room.watchers:
        with contextlib.suppress(Exception):
            await ws.close(1012, "moved")


class Resumer:
    """Plays out, from the server's start, the unattended matches that a stop left unfinished.
    See the module's documentation."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.played_out = 0  # matches this resumer brought to their end
        self._task: asyncio.Task[None] | None = None

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
        try:  # every person resigned, and not marked played out
            ids = iter(self.rooms.storage.computer_only_ids())
        except Exception:
            log.exception("could not list the unattended matches to play out")
            return
        await asyncio.gather(*(self._work(ids) for _ in range(AT_ONCE)))

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
            except (TableElsewhere, DamagedTableError):
                return None  # another process plays it out, or it is marked and logged
            except ServerFull:
                await asyncio.sleep(FULL_WAIT)  # as many tables as it may: some will go
