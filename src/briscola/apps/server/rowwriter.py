"""The deals and actions of many tables written to SQLite through one DBAPI connection kept for it.

A move stored with SQLAlchemy Core (``engine.begin()``, ``conn.execute(insert(...), rows)``)
cost about 290 µs of the server's CPU, of which SQLite's own insert and commit are about 50:
the rest is the pool's checkout and reset, the statement's cache key and execution context, and
the transaction's bookkeeping, once per group of moves, which with tables spread over time is
once per move. :class:`RowWriter` writes the same rows with the same values (each column's
value goes through the bind processor SQLAlchemy's SQLite dialect gives it, so a time is stored
in the same text) in one transaction per group, on a connection it takes from the engine's pool
once (with the engine's pragmas: the write-ahead log, ``synchronous=NORMAL``, foreign keys) and
keeps. :meth:`Storage.save_many <briscola.apps.server.store.Storage.save_many>` uses it for
groups of deals and actions on an SQLite file; a start, a seat or a column of a table's row, and
every other database, go through SQLAlchemy Core.

>>> from briscola.apps.server.store import Base, Storage, StoredTable
>>> storage = Storage("sqlite://")
>>> storage.create_table(StoredTable("t1", {}, "single", 1, "c", True, "simple", "it", [], []))
>>> deals, actions = (Base.metadata.tables[f"briscola_{t}"] for t in ("deals", "actions"))
>>> writer = RowWriter(storage.engine, deals, actions)
>>> writer.write([{"table_id": "t1", "number": 0, "dealer": 0, "deck": "Ab 2b"}], [])
>>> storage.load("t1").deals[0][:2]
(0, 'Ab 2b')
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import Table
from sqlalchemy.engine import Engine

__all__ = ["RowWriter"]

Row = Mapping[str, Any]


class _Insert:
    """One table's ``INSERT`` in SQLite's parameter style, and each column's bind processor."""

    def __init__(self, table: Table, engine: Engine) -> None:
        dialect = engine.dialect
        columns = list(table.columns)
        if any(c.default is not None or c.server_default is not None for c in columns):
            raise ValueError(f"{table.name} has column defaults, which only SQLAlchemy fills in")
        names = ", ".join(c.name for c in columns)
        marks = ", ".join("?" for _ in columns)
        self.sql = f"INSERT INTO {table.name} ({names}) VALUES ({marks})"
        self.columns = [c.name for c in columns]
        self.processors: list[Callable[[Any], Any] | None] = [
            c.type.dialect_impl(dialect).bind_processor(dialect) for c in columns
        ]

    def values(self, rows: Sequence[Row]) -> list[tuple[Any, ...]]:
        """The rows as the tuples of values the statement takes (every row has every column)."""
        pairs = list(zip(self.columns, self.processors, strict=True))
        return [
            tuple(row[name] if p is None else p(row[name]) for name, p in pairs) for row in rows
        ]


class RowWriter:
    """Inserts deals and actions in one transaction on a connection kept for it (SQLite only:
    see the module's documentation). Safe to call from several threads (one at a time)."""

    def __init__(self, engine: Engine, deals: Table, actions: Table) -> None:
        """``deals``, ``actions``: the tables of the deals' and the actions' rows."""
        if engine.dialect.name != "sqlite":
            raise ValueError(f"RowWriter writes to SQLite, not {engine.dialect.name}")
        self.engine = engine
        self._deals = _Insert(deals, engine)
        self._actions = _Insert(actions, engine)
        self._lock = threading.Lock()
        self._conn: Any = None  # the pool's connection, taken at the first write
        self._pid = 0

    def write(self, deals: Sequence[Row], actions: Sequence[Row]) -> None:
        """Store ``deals`` (then ``actions``) in one transaction: all of them or none (what
        failed is raised, the transaction rolled back)."""
        with self._lock:
            conn = self._connection()
            try:
                cursor = conn.cursor()
                try:
                    if deals:
                        cursor.executemany(self._deals.sql, self._deals.values(deals))
                    if actions:
                        cursor.executemany(self._actions.sql, self._actions.values(actions))
                finally:
                    cursor.close()
                conn.commit()
            except BaseException:
                self._rollback()
                raise

    def close(self) -> None:
        """Give the connection back to the engine's pool (the next write takes one again)."""
        with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None and self._pid == os.getpid():
                conn.close()

    def _connection(self) -> Any:
        if self._conn is None or self._pid != os.getpid():  # none yet, or a forked child's
            self._conn = self.engine.raw_connection()
            self._pid = os.getpid()
        return self._conn

    def _rollback(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            conn.rollback()
        finally:
            conn.close()  # a connection that failed is not kept (the pool checks it again)
