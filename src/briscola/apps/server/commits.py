"""Group commit: the moves of many tables that arrive in the same turn of the event loop are
stored in **one** transaction, and each is acknowledged only after that transaction committed.

A room that has something to store (a move, a deal) awaits :meth:`GroupCommit.save`; the first
save of a turn of the loop schedules a flush with ``call_soon``, so every other save made by the
callbacks of the same turn joins it. The flush writes them all with
:meth:`~briscola.apps.server.storage.Storage.save_many` and then wakes the rooms, which only then
send their ``state`` messages: nothing acknowledged is ever lost, and a crash loses the whole
group or none of it (each room's own changes are whole either way). When the group's transaction
fails (one table's row refused), each room's progress is tried again alone, so one table's trouble
is that table's only.

>>> import asyncio
>>> from briscola.apps.server.storage import Progress, Storage, StoredTable
>>> storage = Storage("sqlite://")
>>> for t in ("t1", "t2"):
...     storage.create_table(StoredTable(t, {}, "single", 1, "c", True, "simple", "it", [], []))
>>> commits = GroupCommit(storage)
>>> async def two_tables() -> None:
...     deal = ((0, 0, "Ab 2b"),)
...     await asyncio.gather(
...         commits.save(Progress("t1", deals=deal)), commits.save(Progress("t2", deals=deal))
...     )
>>> asyncio.run(two_tables())
>>> commits.transactions, commits.saved
(1, 2)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from briscola.apps.server.storage import Progress, Storage

__all__ = ["GroupCommit"]

log = logging.getLogger(__name__)


class GroupCommit:
    """Stores the progress of the tables of one process, grouped by turn of the event loop."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._waiting: list[tuple[Progress, asyncio.Future[None], Callable[[], None] | None]] = []
        self._scheduled = False
        self.transactions = 0
        """Transactions committed (a group's, or a table's alone after its group failed)."""
        self.saved = 0
        """Progress records stored."""

    async def save(self, progress: Progress, stored: Callable[[], None] | None = None) -> None:
        """Store ``progress`` with whatever else is saved in this turn of the loop; return once
        it is committed (raise what storing it raised). ``stored`` is called as soon as it is
        committed, even when the caller was cancelled meanwhile: the room notes what storage
        holds whatever happens to the task that asked."""
        if not progress:
            if stored is not None:
                stored()
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((progress, done, stored))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush)
        await done

    def _flush(self) -> None:
        """Write the group (see the module's documentation) and wake its rooms."""
        self._scheduled = False
        group, self._waiting = self._waiting, []
        try:
            self.storage.save_many([progress for progress, _, _ in group])
        except Exception as exc:
            if len(group) == 1:
                self._settle(group[0], exc)
                return
            log.warning("a group of %d tables failed to store: each is tried alone", len(group))
            for entry in group:
                try:
                    self.storage.save_many([entry[0]])
                except Exception as exc:
                    self._settle(entry, exc)
                else:
                    self.transactions += 1
                    self._settle(entry, None)
            return
        self.transactions += 1
        for entry in group:
            self._settle(entry, None)

    def _settle(
        self,
        entry: tuple[Progress, asyncio.Future[None], Callable[[], None] | None],
        error: BaseException | None,
    ) -> None:
        _, done, stored = entry
        if error is None:
            self.saved += 1
            if stored is not None:
                stored()
        if done.done():  # its task was cancelled meanwhile
            return
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
