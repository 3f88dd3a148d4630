"""Tables loaded back from storage: rebuilt exactly, repaired where that is exact, else damaged.

A stored table is rebuilt by replaying its deals and actions (a deal whose row is missing is
dealt again from the seed: :meth:`~briscola.session.table.Table.rebuild`). When that cannot be
done exactly (an action the rules refuse on replay, a deck that cannot be dealt, a column that
cannot be read, a computer level that no longer exists) the table is **damaged**: it is marked so
in storage (the ``damaged`` column, through :meth:`~.store.Storage.save_many`), one line is logged
(``table X is damaged: <why>``), and every request for it is answered with a
:class:`DamagedTableError` (HTTP 409, code ``damaged_table``; a socket gets that error, then is
closed) instead of an error on every load. A table marked damaged is tried again on each first
load of a process (a version that reads it again clears the mark); a process remembers its
verdict, so a damaged table costs one attempt per process, not one per request.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from briscola.apps.server.errors import ApiError
from briscola.apps.server.store import Progress, Storage, StoredTable
from briscola.bots import bot_info
from briscola.core.cards import parse_cards
from briscola.core.rules import Ruleset
from briscola.session.table import Seat, Table

__all__ = [
    "DAMAGED",
    "DamagedTableError",
    "Loaded",
    "Recovery",
    "table_from_stored",
]

log = logging.getLogger(__name__)

DAMAGED = "damaged_table"
"""The error code of a request for a damaged table."""

POLICY_VIOLATION = 1008
"""The WebSocket close code of a socket refused for a damaged table (as for an unknown one)."""

MAX_WHY = 300
"""The longest reason stored and said for a damaged table."""


class DamagedTableError(ApiError):
    """A stored table that cannot be rebuilt exactly: answered 409 ``damaged_table``."""

    def __init__(self, table_id: str, why: str) -> None:
        super().__init__(409, DAMAGED, f"table {table_id} is damaged and cannot be played: {why}")
        self.table_id = table_id
        self.why = why


@dataclass
class Loaded:
    """A table rebuilt from storage: what was stored, the table, and for each of its deals
    whether storage holds the deal's row and how many of its actions (a deal dealt again from
    the seed is not stored yet)."""

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
    return Table.rebuild(
        Ruleset.from_dict(stored.ruleset),
        seats,
        stored.match_format,
        stored.seed,
        deals,
        started=stored.started,
        stand_in=stand_in,
    )


class Recovery:
    """Loads tables from ``storage``, and remembers the damaged ones (per process)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.damaged: dict[str, str] = {}

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
                self._mark(table_id, why)
            raise DamagedTableError(table_id, why) from None
        if stored.damaged is not None:
            log.warning("table %s is no longer damaged (it was: %s)", table_id, stored.damaged)
            self._mark(table_id, None)
        saved = [(deck is not None, len(actions)) for _, deck, actions in stored.deals]
        saved += [(False, 0)] * (len(table.deals) - len(saved))
        return Loaded(stored, table, saved)

    def _mark(self, table_id: str, why: str | None) -> None:
        """Mark a table damaged (``why`` it cannot be rebuilt exactly), or sound again (None)."""
        self.storage.save_many([Progress(table_id, columns={"damaged": why})])


def _reason(exc: Exception) -> str:
    """Why a rebuild failed, in one line of at most :data:`MAX_WHY` characters."""
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    line = " ".join(str(message).split())
    return line if len(line) <= MAX_WHY else line[: MAX_WHY - 1] + "…"
