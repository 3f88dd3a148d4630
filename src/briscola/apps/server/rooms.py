"""A process's rooms (:class:`Rooms`): made new (:meth:`Rooms.new`) or loaded from storage on
first use (:meth:`Rooms.get`), let go when idle, finished or taken over by another process; their
computer players think in a shared :class:`~briscola.bots.pool.BotPool`. A table that cannot be
rebuilt exactly is damaged (409 ``damaged_table``), and a starting server plays out the matches
every person resigned (:data:`AT_ONCE` at a time): docs/operations.md, "Damaged tables" and
"Tables in memory".
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from briscola.apps.server.errors import ApiError, ServerFull, TableElsewhere
from briscola.apps.server.limits import RateLimiter
from briscola.apps.server.room import MAX_ID, Finished, Room
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import GroupCommit, Progress, Storage, StoredSeat, StoredTable
from briscola.bots import bot_info
from briscola.bots.pool import BotPool
from briscola.core.cards import format_cards, parse_cards
from briscola.core.match import MatchFormat
from briscola.core.rules import Ruleset
from briscola.core.text import has_surrogate
from briscola.session.table import OVER, Seat, Table

log = logging.getLogger(__name__)

AT_ONCE = 4
"""How many unattended matches a starting server plays out at the same time."""

DAMAGED = "damaged_table"
"""The error code of a request for a damaged table."""

MAX_WHY = 300
"""The longest reason stored and said for a damaged table."""


class DamagedTableError(ApiError):
    """A stored table that cannot be rebuilt exactly: answered 409 ``damaged_table``."""

    def __init__(self, table_id: str, why: str) -> None:
        super().__init__(409, DAMAGED, f"table {table_id} is damaged and cannot be played: {why}")


def table_from_stored(stored: StoredTable) -> Table:
    """Rebuild a stored table exactly; raises (``TableError``, ``ValueError``...) when it cannot
    be, and for a computer level that no longer exists."""
    if stored.unreadable is not None:
        raise ValueError(stored.unreadable)
    for level in [s.bot or "" for s in stored.seats if s.kind == "bot"] + [stored.stand_in]:
        bot_info(level)
    seats = [Seat(s.kind, s.name, s.bot, s.joined) for s in stored.seats]
    deals = [
        (dealer, None if deck is None else parse_cards(deck), actions)
        for dealer, deck, actions in stored.deals
    ]
    return Table.rebuild(
        Ruleset.from_dict(stored.ruleset), seats, stored.match_format, stored.seed, deals,
        started=stored.started, stand_in=stored.stand_in,
    )  # fmt: skip


def _reason(exc: Exception) -> str:
    """Why a rebuild failed, in one line of at most :data:`MAX_WHY` characters."""
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    line = " ".join(str(message).split())
    return line if len(line) <= MAX_WHY else line[: MAX_WHY - 1] + "…"


class Rooms:
    """The rooms of the tables in play (see the module). Without a ``pool`` the computer players
    think on the loop; ``finished`` is told when a match is over (the app: the ratings). All
    they know of several processes (:mod:`.cluster`, given by the app): ``hold(table_id)``,
    False when another process plays the table; ``let_go(table_id)``, its room left memory.
    Without them this is the one process, every table its own."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        pool: BotPool | None = None,
        finished: Finished | None = None,
        hold: Callable[[str], bool] = lambda table_id: True,
        let_go: Callable[[str], None] = lambda table_id: None,
    ) -> None:
        self.storage, self.settings, self.finished = storage, settings, finished
        self.pool = pool or BotPool(0)
        self.hold, self.let_go = hold, let_go
        self.limiter = RateLimiter(settings)
        self.commits = GroupCommit(storage)
        self.evicted = 0  # rooms let go (idle, finished or another process's now)
        self.played_out = 0  # unattended matches brought to their end since the start
        self.damaged: dict[str, str] = {}  # this process's verdicts: table id, why
        self._rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []

    def __len__(self) -> int:
        return len(self._rooms)

    def table_ids(self) -> list[str]:
        """The ids of the tables in memory."""
        return list(self._rooms)

    def new(
        self,
        ruleset: Ruleset,
        fmt: MatchFormat | str,
        seats: list[Seat],
        lang: str,
        hashes: Mapping[int, str | None],
        *,
        host: int = 0,
        start: bool = False,
        seed: int | None = None,
        over_cap: bool = False,
        **columns: Any,
    ) -> Room:
        """A new table, stored (started at once with ``start``: its first deal in the same
        transaction), and its room. Seat ``i`` holds the token hash ``hashes.get(i)``;
        ``seed``: the match's, else a random one; ``columns``: the row's
        (:class:`~.store.StoredTable`). A full server lets idle rooms go or refuses (503
        ``server_full``), unless ``over_cap`` (a rematch: its old table goes as people follow)."""
        if not over_cap:
            self.make_space()
        seed = secrets.randbits(62) if seed is None else seed
        table = Table(ruleset, seats, fmt, seed, stand_in=self.settings.stand_in)
        if start:
            table.start()
        row = StoredTable(
            secrets.token_urlsafe(6), ruleset.to_dict(), str(fmt), seed, secrets.token_urlsafe(6),
            start, self.settings.stand_in, lang,
            [StoredSeat.of(i, s, i == host, hashes.get(i)) for i, s in enumerate(seats)],
            [(d.dealer, format_cards(d.deck), []) for d in table.deals], **columns,
        )  # fmt: skip
        self.storage.create_table(row)
        self.hold(row.id)  # a new id: nobody else holds it
        room = self._rooms[row.id] = Room(table, row, self)
        return room

    async def get(self, table_id: str) -> Room | None:
        """The room of a table, rebuilt from storage if needed (see the module); None if unknown."""
        room = self._rooms.get(table_id)
        if room is not None or len(table_id) > MAX_ID or has_surrogate(table_id):
            return room  # no table has such an id: storage is not asked
        async with self._loading:
            if (room := self._rooms.get(table_id)) is not None:
                return room
            if (why := self.damaged.get(table_id)) is not None:
                raise DamagedTableError(table_id, why)
            self.make_space()
            if not self.hold(table_id):
                raise TableElsewhere()  # another process took it a moment ago
            stored = self.storage.load(table_id)
            if stored is None:
                self.let_go(table_id)
                return None
            try:
                table = table_from_stored(stored)
            except Exception as exc:  # whatever stops the rebuild makes the table damaged
                why = self.damaged[table_id] = _reason(exc)
            if stored.damaged != why:  # damaged now, or an old mark this version clears
                if why is None:
                    log.warning("table %s is no longer damaged (was: %s)", table_id, stored.damaged)
                else:
                    log.error("table %s is damaged: %s", table_id, why)
                self.storage.save_many([Progress(table_id, columns={"damaged": why})])
            if why is not None:
                raise DamagedTableError(table_id, why)
            saved = [(deck is not None, len(actions)) for _, deck, actions in stored.deals]
            room = Room(table, stored, self, saved)
            await room.store()  # a deal dealt again from the seed (or the first one) is stored now
            self._rooms[table_id] = room
            return room

    def make_space(self) -> None:
        """Make room for one more table, letting the longest idle ones go if the process holds
        its most; raises :class:`~briscola.apps.server.errors.ServerFull` when none is idle."""
        cap = self.settings.max_tables
        if len(self._rooms) >= cap:
            self.let_go_idle(longest=len(self._rooms) - cap + 1 + cap // 10)
            if len(self._rooms) >= cap:
                raise ServerFull(cap)

    def let_go_idle(self, now: float | None = None, longest: int = 0) -> int:
        """Let every room idle for the limits' ``idle_seconds`` leave memory, and the
        ``longest`` idle ones whatever their time; how many left."""
        now = time.monotonic() if now is None else now
        idle = [(t, r) for r in self._rooms.values() if (t := r.idle_for(now)) is not None]
        idle.sort(key=lambda pair: -pair[0])
        gone = [
            r for i, (t, r) in enumerate(idle) if i < longest or t >= self.settings.idle_seconds
        ]
        for room in gone:
            self.drop(room)
        return len(gone)

    def forget_if_finished(self, room: Room) -> None:
        """Let a finished table's room go once no seat is connected (it costs memory for none)."""
        if room.table.status == OVER and not any(room.sockets.values()):
            self.drop(room)

    def loaded(self, table_id: str) -> Room | None:
        """The table's room if it is in memory (:meth:`get` loads it)."""
        return self._rooms.get(table_id)

    def drop(self, room: Room, keep_flags: bool = True) -> bool:
        """Let a room leave memory and the table go (``let_go``), its seats' flags stored
        unless not ``keep_flags`` (:meth:`get` loads it again); False if it had left."""
        if self._rooms.get(room.table_id) is not room:
            return False
        if keep_flags:
            room.keep_flags()
        self.evicted += 1
        del self._rooms[room.table_id]
        room.stop_timer()
        self.let_go(room.table_id)
        return True

    def start(self) -> None:
        """Start letting idle rooms go and playing out unattended matches (until :meth:`close`)."""
        if not self._tasks:
            loop = asyncio.get_running_loop()
            self._tasks = [loop.create_task(self._sweep()), loop.create_task(self._resume())]

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.05, self.settings.idle_seconds / 4)))
            self.let_go_idle()

    async def _resume(self) -> None:
        try:  # every person resigned, and not marked played out
            ids = iter(self.storage.computer_only_ids())
        except Exception:
            log.exception("could not list the unattended matches to play out")
            return

        async def work() -> None:
            for table_id in ids:  # the workers share one iterator: each table is played once
                try:
                    await self.play_out(table_id)
                except Exception:
                    log.exception("could not play out the unattended match of table %s", table_id)

        await asyncio.gather(*(work() for _ in range(AT_ONCE)))

    async def play_out(self, table_id: str) -> bool:
        """Let the computer players of an unattended table play its match to the end: True once
        over (False: damaged, held elsewhere, not unattended, or its computer players stopped)."""
        while True:
            try:
                room = await self.get(table_id)
                break
            except (TableElsewhere, DamagedTableError):
                return False  # another process plays it out, or it is marked and logged
            except ServerFull:
                await asyncio.sleep(5.0)  # the most tables it may hold: some will go
        if room is None or not room.table.unattended:
            return False
        if room.table.status == OVER:  # finished before the marks existed
            await room.mark_played_out()
        room.kick()
        while room.table.status != OVER and room.idle_for(time.monotonic()) is None:
            await asyncio.sleep(0.25)
        if room.table.status != OVER:
            return False
        self.played_out += 1
        if not room.has_connections():  # else it goes when they leave
            self.forget_if_finished(room)
        return True

    async def close(self) -> None:
        """Stop the process's tasks and every room's (the next start resumes a match)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        for room in list(self._rooms.values()):
            await room.close()
        self._rooms.clear()
