"""Storage of tables with SQLAlchemy: an SQLite file by default, PostgreSQL (or any database
SQLAlchemy speaks) by URL.

On PostgreSQL (``postgresql+psycopg://user:password@host/db``, the ``postgres`` extra installs
the driver) the NUL character, which its text cannot hold, is dropped from the text written.

Every table, seat, deal and action is written as it happens, so a restarted server rebuilds each
game exactly (:meth:`Storage.load`). Seats keep a hash of their token, never the token itself.
Each change is one transaction: a table is created with its seats (and, when it starts at once,
its first deal); a start, the deals dealt and the actions taken are written together
(:meth:`Storage.save_progress`), so a crash keeps all of a change or none of it.

A table that cannot be rebuilt exactly is marked damaged (:meth:`Storage.mark_damaged`: the
``damaged`` column says why). The schema is created by ``create_all``; a column added since a
database was created is added to it when the storage opens (:func:`add_missing_columns`).

This module holds the reads and writes; the rows and their stored forms are in
:mod:`~briscola.apps.server.storage_rows`, opening the database in
:mod:`~briscola.apps.server.storage_engine` (their public names are importable from here too).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from briscola.apps.server.rowwriter import RowWriter
from briscola.apps.server.storage_engine import (
    DEFAULT_DB_URL,
    add_missing_columns,
    open_engine,
    resolve_db_url,
)
from briscola.apps.server.storage_rows import (
    ActionRow,
    Base,
    DealRow,
    Progress,
    SeatRow,
    StoredSeat,
    StoredTable,
    TableRow,
    hash_token,
    token_matches,
)

__all__ = [
    "DEFAULT_DB_URL",
    "Base",
    "Progress",
    "Storage",
    "StoredSeat",
    "StoredTable",
    "add_missing_columns",
    "hash_token",
    "resolve_db_url",
    "token_matches",
]

log = logging.getLogger(__name__)

_TABLES: Final = Base.metadata.tables["briscola_tables"]
_SEATS: Final = Base.metadata.tables["briscola_seats"]
_DEALS: Final = Base.metadata.tables["briscola_deals"]
_ACTIONS: Final = Base.metadata.tables["briscola_actions"]


class Storage:
    """The database of tables. Every method is one short transaction."""

    def __init__(self, db_url: str | os.PathLike[str] | None = None) -> None:
        url = resolve_db_url(db_url)
        self.url = url
        self.engine: Engine = open_engine(url)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        file = self.engine.dialect.name == "sqlite" and not isinstance(self.engine.pool, StaticPool)
        self._rows = RowWriter(self.engine) if file else None  # moves, without the Core's cost

    def close(self) -> None:
        """Release the database connections."""
        if self._rows is not None:
            self._rows.close()
        self.engine.dispose()

    def _s(self) -> Session:
        return self._session()

    # -- writing ----------------------------------------------------------------------------
    def create_table(self, table: StoredTable) -> None:
        """Store a new table, its seats and the deals it holds (a table started at once holds
        its first deal) in one transaction; later deals and actions are stored as they happen,
        by :meth:`save_progress`."""
        for number, (dealer, deck, actions) in enumerate(table.deals):
            if dealer is None or deck is None or actions:
                raise ValueError(f"deal {number} of a new table needs a deck and no actions")
        seats = [{"table_id": table.id, "seat": s.seat, **s.columns()} for s in table.seats]
        deals = [
            {"table_id": table.id, "number": n, "dealer": dealer, "deck": deck}
            for n, (dealer, deck, _) in enumerate(table.deals)
        ]
        with self.engine.begin() as conn:
            row = {"created_at": datetime.now(UTC), **table.columns()}
            conn.execute(insert(_TABLES), [row])
            if seats:
                conn.execute(insert(_SEATS), seats)
            if deals:
                conn.execute(insert(_DEALS), deals)

    def update_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Store a seat's new kind, name, state or token hash."""
        with self._s() as s, s.begin():
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
                .values(**seat.columns())
            )

    def save_progress(
        self,
        table_id: str,
        *,
        started: bool = False,
        seats: Sequence[StoredSeat] = (),
        deals: Sequence[tuple[int, int, str]] = (),
        actions: Sequence[tuple[int, int, int, str]] = (),
    ) -> None:
        """Record, in one transaction, that the match has started (``started``), the seats that
        changed with it (empty seats given to bots), the deals just dealt (number, dealer, deck
        text) and the actions just taken (deal, number in the deal, seat, action text): a crash
        keeps all of it or none, never a deal's actions without it."""
        self.save_many([Progress(table_id, started, tuple(seats), tuple(deals), tuple(actions))])

    def save_many(self, batch: Sequence[Progress]) -> None:
        """Record the progress of several tables in **one** transaction (a group commit: see
        :mod:`~briscola.apps.server.commits`): all of it is stored or none. SQLAlchemy Core
        statements, one ``executemany`` per kind of row, no ORM objects; on an SQLite file a
        group of deals and actions only is written by :class:`~.rowwriter.RowWriter`."""
        batch = [p for p in batch if p]
        if not batch:
            return
        now = datetime.now(UTC)
        deals = [
            {"table_id": p.table_id, "number": number, "dealer": dealer, "deck": deck}
            for p in batch
            for number, dealer, deck in p.deals
        ]
        actions = [
            {"table_id": p.table_id, "deal": d, "number": n, "seat": seat, "action": a, "at": now}
            for p in batch
            for d, n, seat, a in p.actions
        ]
        if self._rows is not None and not any(p.started or p.seats for p in batch):
            self._rows.write(deals, actions)  # the same rows, through SQLite's DBAPI directly
            return
        with self.engine.begin() as conn:
            started = [p.table_id for p in batch if p.started]
            if started:
                conn.execute(update(_TABLES).where(_TABLES.c.id.in_(started)), {"started": True})
            for p in batch:
                for seat in p.seats:
                    conn.execute(
                        update(_SEATS).where(
                            _SEATS.c.table_id == p.table_id, _SEATS.c.seat == seat.seat
                        ),
                        seat.columns(),
                    )
            if deals:
                conn.execute(insert(_DEALS), deals)
            if actions:
                conn.execute(insert(_ACTIONS), actions)

    def mark_damaged(self, table_id: str, why: str | None) -> None:
        """Mark a table damaged (``why`` it cannot be rebuilt exactly), or sound again (None)."""
        with self._s() as s, s.begin():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(damaged=why))

    # -- reading ----------------------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats, deals and actions, or None. It never raises on what
        is stored: what cannot be read is said in :attr:`StoredTable.unreadable`."""
        with self._s() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = [
                StoredSeat(r.seat, r.kind, r.bot, r.name, r.joined, r.host, r.token_hash)
                for r in s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ]
            rows = {
                d.number: (d.dealer, d.deck)
                for d in s.scalars(select(DealRow).where(DealRow.table_id == table_id))
            }
            actions: dict[int, list[tuple[int, str]]] = {}
            for a in s.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.deal, ActionRow.number)
            ):
                actions.setdefault(a.deal, []).append((a.number, a.action))
            deals, gap = _deals(table_id, rows, actions)
            stored = StoredTable.of(row, seats, deals)
            stored.unreadable = stored.unreadable or gap
            return stored

    def table_ids(self) -> list[str]:
        """Every stored table's id."""
        with self._s() as s:
            return list(s.scalars(select(TableRow.id)))

    def computer_only_ids(self) -> list[str]:
        """The started tables, not marked damaged, whose every seat is a computer player's (a
        match starts with a person, so every person resigned it), the oldest first."""
        people = select(SeatRow.table_id).where(SeatRow.kind != "bot")
        query = (
            select(TableRow.id)
            .where(TableRow.started.is_(True), TableRow.damaged.is_(None))
            .where(TableRow.id.not_in(people))
            .order_by(TableRow.created_at, TableRow.id)
        )
        with self._s() as s:
            return list(s.scalars(query))


def _deals(
    table_id: str,
    rows: dict[int, tuple[int, str]],
    actions: dict[int, list[tuple[int, str]]],
) -> tuple[list[tuple[int | None, str | None, list[str]]], str | None]:
    """A table's deals (dealer, deck, action texts) from its deal rows and its actions (number,
    text) by deal; and what is missing, if a deal or an action in the middle is (else None)."""
    numbers = set(rows) | set(actions)
    if numbers != set(range(len(numbers))):
        return [], "its deals are not numbered 0, 1, 2..."
    deals: list[tuple[int | None, str | None, list[str]]] = []
    for number in range(len(numbers)):
        taken = actions.get(number, [])
        if [n for n, _ in taken] != list(range(len(taken))):
            return [], f"an action of deal {number} is missing"
        dealer, deck = rows.get(number, (None, None))
        if deck is None:  # written by a version that could half-commit: dealt again
            log.warning("table %s: deal %d was not stored; it is dealt again from the "
                        "table's seed", table_id, number)  # fmt: skip
        deals.append((dealer, deck, [a for _, a in taken]))
    return deals, None
