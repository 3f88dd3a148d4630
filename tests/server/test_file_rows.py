"""The deals and actions written through SQLite's DBAPI (store._FileRows): the same
rows, value for value, as SQLAlchemy Core writes; a group that fails is stored not at all; the
path is taken on an SQLite file only, and a start or a seat still goes through SQLAlchemy."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from briscola.apps.server.store import Progress, Storage, StoredSeat, StoredTable

pytestmark = pytest.mark.server


def _table(table_id: str) -> StoredTable:
    seats = [
        StoredSeat(0, "human", None, "Anna", True, True, None),
        StoredSeat(1, "bot", "simple", "", True, False, None),
    ]
    return StoredTable(table_id, {}, "single", 1, "c", False, "simple", "it", seats, [])


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "rows.db"


@pytest.fixture
def storage(path: Path) -> Iterator[Storage]:
    s = Storage(f"sqlite:///{path}")
    for t in ("fast", "core"):
        s.create_table(_table(t))
    yield s
    s.close()


def _rows(path: Path, table: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(f"SELECT * FROM {table} ORDER BY table_id, rowid"))


def _progress(table_id: str) -> Progress:
    deals = ((0, 1, "Ab 2b 3b"), (1, 0, "Ac 2c 3c"))
    return Progress(table_id, deals=deals, actions=((0, 0, 1, "Ab"), (0, 1, 0, "2b")))


def test_the_same_rows_as_sqlalchemy(storage: Storage, path: Path) -> None:
    assert storage._rows is not None
    storage.save_many([_progress("fast")])  # deals and actions only: the DBAPI's way
    core = storage._rows
    storage._rows = None  # the same through SQLAlchemy Core
    storage.save_many([_progress("core")])
    storage._rows = core
    deals = _rows(path, "briscola_deals")
    assert [r[1:] for r in deals if r[0] == "fast"] == [r[1:] for r in deals if r[0] == "core"]
    actions = _rows(path, "briscola_actions")
    fast = [r[1:5] for r in actions if r[0] == "fast"]
    assert fast == [r[1:5] for r in actions if r[0] == "core"] == [(0, 0, 1, "Ab"), (0, 1, 0, "2b")]
    times = {r[0]: r[5] for r in actions}
    assert len(str(times["fast"])) == len(str(times["core"]))  # a time in the same text
    for t in ("fast", "core"):
        stored = storage.load(t)
        assert stored is not None and stored.unreadable is None
        assert stored.deals == [(1, "Ab 2b 3b", ["Ab", "2b"]), (0, "Ac 2c 3c", [])]


def test_a_group_that_fails_stores_nothing(storage: Storage) -> None:
    bad = Progress("nobody", actions=((0, 0, 0, "Ab"),))  # no such table: a foreign key refuses
    with pytest.raises(sqlite3.IntegrityError):
        storage.save_many([_progress("fast"), bad])
    stored = storage.load("fast")
    assert stored is not None and stored.deals == []  # not the deals of the group either
    storage.save_many([_progress("fast")])  # the writer goes on after a failure
    stored = storage.load("fast")
    assert stored is not None and len(stored.deals) == 2


def test_a_start_or_a_seat_goes_through_sqlalchemy(storage: Storage, path: Path) -> None:
    seat = StoredSeat(1, "bot", "medium", "", True, False, None)
    storage.save_many([Progress("fast", started=True, seats=(seat,), deals=((0, 1, "Ab"),))])
    stored = storage.load("fast")
    assert stored is not None and stored.started and stored.seats[1].bot == "medium"
    assert stored.deals == [(1, "Ab", [])]


def test_only_on_an_sqlite_file() -> None:
    memory = Storage("sqlite://")  # one connection shared by all: left to SQLAlchemy
    try:
        assert memory._rows is None
    finally:
        memory.close()


def test_closed_and_written_again(storage: Storage) -> None:
    rows = storage._rows
    assert rows is not None
    rows.write([{"table_id": "fast", "number": 0, "dealer": 0, "deck": "Ab"}], [])
    rows.close()
    rows.write([{"table_id": "fast", "number": 1, "dealer": 1, "deck": "Ac"}], [])
    rows.close()
    stored = storage.load("fast")
    assert stored is not None and [d[1] for d in stored.deals] == ["Ab", "Ac"]
