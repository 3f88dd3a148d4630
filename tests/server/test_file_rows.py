"""A group's progress written through SQLite's DBAPI (store._FileRows): the same rows of deals,
actions, tables and seats, value for value, as SQLAlchemy Core writes; a group that fails is
stored not at all; the path is taken on an SQLite file only, for every change (a start, a seat,
a row's columns, a new table: no statement through SQLAlchemy)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import event

from briscola.apps.server.store import _DEALS, Progress, Storage, StoredSeat, StoredTable

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


COLUMNS = {"speed": "veloce", "resigned": [1], "seat_flags": {"autoplay": [0], "at": [1, 2]},
           "results_due": True, "hints": None, "timed_out": [0, 3]}  # fmt: skip
"""Changes of a table's row: text, JSON lists and objects, a boolean, a None."""


def _changes(table_id: str) -> Progress:
    seat = StoredSeat(1, "bot", "medium", "Bruno \u00e8 \U0001f600", False, False, "h" * 64)
    return Progress(table_id, seats=(seat,), columns={"started": True, **COLUMNS})


def _row(path: Path, table: str, key: str, value: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        query = f"SELECT * FROM {table} WHERE {key} = ? ORDER BY rowid"
        return [r[1:] for r in conn.execute(query, (value,))]  # the id left out


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


def test_a_tables_row_and_seats_are_the_same_as_sqlalchemys(storage: Storage, path: Path) -> None:
    assert storage._rows is not None
    storage.save_many([_changes("fast")])
    core = storage._rows
    storage._rows = None  # the same through SQLAlchemy Core
    storage.save_many([_changes("core")])
    storage._rows = core
    fast, slow = (_row(path, "briscola_tables", "id", t) for t in ("fast", "core"))
    assert [r[1:] for r in fast] == [r[1:] for r in slow] and len(fast) == 1  # but created_at
    fast_seats, slow_seats = (_row(path, "briscola_seats", "table_id", t) for t in ("fast", "core"))
    assert fast_seats == slow_seats and len(fast_seats) == 2
    stored = storage.load("fast")
    assert stored is not None and stored.started and stored.speed == "veloce"
    assert stored.resigned == [1] and stored.seat_flags == COLUMNS["seat_flags"]
    assert stored.results_due is True and stored.hints is False and stored.timed_out == [0, 3]
    assert stored.seats[1] == _changes("fast").seats[0]
    assert stored.seats[0] == _table("fast").seats[0]  # the seat not changed left as it was


def test_a_new_table_is_the_same_as_sqlalchemys(storage: Storage, path: Path) -> None:
    through: list[str] = []
    event.listen(storage.engine, "before_cursor_execute", lambda *a: through.append(a[2]))
    seats = _table("x").seats
    made = {t: StoredTable(t, {"name": "classic"}, "single", 7, "c", True, "simple", "ro", seats,
                           [(1, "Ab 2b", [])], resigned=[1], seat_flags={"at": [0, 0]})
            for t in ("new_fast", "new_core")}  # fmt: skip
    storage.create_table(made["new_fast"])
    assert through == []  # nothing through SQLAlchemy
    core = storage._rows
    storage._rows = None
    storage.create_table(made["new_core"])
    storage._rows = core
    fast, slow = (_row(path, "briscola_tables", "id", t) for t in made)
    assert [r[1:] for r in fast] == [r[1:] for r in slow] and len(fast) == 1  # but created_at
    for table in ("briscola_seats", "briscola_deals"):
        fast, slow = (_row(path, table, "table_id", t) for t in made)
        assert fast == slow and fast
    stored = storage.load("new_fast")
    assert stored is not None and stored.unreadable is None
    assert (stored.seats, stored.deals, stored.resigned) == (seats, [(1, "Ab 2b", [])], [1])
    assert stored.seat_flags == {"at": [0, 0]} and stored.lang == "ro" and stored.started


def test_a_group_that_fails_stores_nothing(storage: Storage) -> None:
    bad = Progress("nobody", actions=((0, 0, 0, "Ab"),))  # no such table: a foreign key refuses
    with pytest.raises(sqlite3.IntegrityError):
        storage.save_many([_progress("fast"), _changes("core"), bad])
    stored = storage.load("fast")
    assert stored is not None and stored.deals == []  # not the deals of the group either
    other = storage.load("core")  # nor the row and seat changed in it
    assert other is not None and not other.started and other.speed is None
    assert other.seats == _table("core").seats
    storage.save_many([_progress("fast")])  # the writer goes on after a failure
    stored = storage.load("fast")
    assert stored is not None and len(stored.deals) == 2


def test_a_start_a_seat_and_a_rows_columns_go_the_same_way(storage: Storage) -> None:
    through: list[str] = []
    event.listen(storage.engine, "before_cursor_execute", lambda *a: through.append(a[2]))
    seat = StoredSeat(1, "bot", "medium", "", True, False, None)
    progress = Progress("fast", (seat,), deals=((0, 1, "Ab"),), columns={"started": True})
    storage.save_many([progress, Progress("core", columns={"results_due": True})])
    assert through == []  # nothing through SQLAlchemy: one write path on a file
    stored = storage.load("fast")
    assert stored is not None and stored.started and stored.seats[1].bot == "medium"
    assert stored.deals == [(1, "Ab", [])]
    other = storage.load("core")
    assert other is not None and other.results_due is True and not other.started


def test_only_on_an_sqlite_file() -> None:
    memory = Storage("sqlite://")  # one connection shared by all: left to SQLAlchemy
    try:
        assert memory._rows is None
    finally:
        memory.close()


def test_closed_and_written_again(storage: Storage) -> None:
    rows = storage._rows
    assert rows is not None
    rows.write([], [(_DEALS, [{"table_id": "fast", "number": 0, "dealer": 0, "deck": "Ab"}])])
    rows.close()
    rows.write([], [(_DEALS, [{"table_id": "fast", "number": 1, "dealer": 1, "deck": "Ac"}])])
    rows.close()
    stored = storage.load("fast")
    assert stored is not None and [d[1] for d in stored.deals] == ["Ab", "Ac"]
