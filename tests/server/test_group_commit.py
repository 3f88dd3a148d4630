"""The group commit on a database file (store.GroupCommit): in the writer thread (the
default on PostgreSQL, asked for here on an SQLite file) the transaction runs while the event loop
goes on, the saves made meanwhile go as the next group, each save returns only once its rows are
committed, and one table's bad row fails that table only; on SQLite the default is the loop."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from briscola.apps.server.store import GroupCommit, Progress, Storage, StoredTable
from server_helpers import client_for, start_friends

pytestmark = pytest.mark.server


class SlowStorage(Storage):
    """A storage whose transactions take 50 ms more, noting the thread and size of each.

    With ``loop_tick`` set, a transaction instead waits (up to 5 s) until the event loop has run
    meanwhile, and notes whether it did: a proof that does not hang on the machine's speed.
    """

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.groups: list[tuple[str, int]] = []
        self.loop_tick: threading.Event | None = None
        self.loop_ran: list[bool] = []

    def save_many(self, batch: Sequence[Progress]) -> None:
        self.groups.append((threading.current_thread().name, len(batch)))
        if self.loop_tick is None:
            time.sleep(0.05)
        else:
            self.loop_tick.clear()
            self.loop_ran.append(self.loop_tick.wait(5))
        super().save_many(batch)


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[SlowStorage]:
    s = SlowStorage(f"sqlite:///{tmp_path / 'group.db'}")
    for t in ("t1", "t2", "t3"):
        s.create_table(StoredTable(t, {}, "single", 1, "c", True, "simple", "it", [], []))
    yield s
    s.close()


def _deal(table_id: str) -> Progress:
    return Progress(table_id, deals=((0, 0, "Ab 2b"),))


def test_the_loop_goes_on_while_a_group_commits(storage: SlowStorage) -> None:
    commits = GroupCommit(storage, threaded=True)
    storage.loop_tick = tick = threading.Event()

    async def ticker(until: asyncio.Event) -> None:
        while not until.is_set():
            tick.set()
            await asyncio.sleep(0.005)

    async def run() -> None:
        stop = asyncio.Event()
        ticking = asyncio.create_task(ticker(stop))
        first = asyncio.gather(commits.later(_deal("t1")), commits.later(_deal("t2")))
        await asyncio.sleep(0.01)  # the first group is being written
        later = commits.later(_deal("t3"))  # waits for it, then goes as the next group
        await asyncio.gather(first, later)
        stop.set()
        await ticking

    asyncio.run(run())
    assert [size for _, size in storage.groups] == [2, 1]
    assert all(name.startswith("briscola-commit") for name, _ in storage.groups)
    assert commits.transactions == 2 and commits.saved == 3
    assert storage.loop_ran == [True, True]  # the loop ran while each transaction was open
    for t in ("t1", "t2", "t3"):
        stored = storage.load(t)
        assert stored is not None and stored.deals == [(0, "Ab 2b", [])]


@pytest.mark.parametrize("threaded", [True, False])
def test_a_bad_row_fails_its_table_only(storage: SlowStorage, threaded: bool) -> None:
    commits = GroupCommit(storage, threaded=threaded)
    noted: list[str] = []

    async def run() -> list[BaseException | None]:
        saves = [
            commits.later(_deal("t1"), lambda: noted.append("t1")),
            commits.later(_deal("nobody"), lambda: noted.append("nobody")),  # no such table
            commits.later(_deal("t2"), lambda: noted.append("t2")),
        ]
        return await asyncio.gather(*saves, return_exceptions=True)

    results = asyncio.run(run())
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception)
    assert noted == ["t1", "t2"]  # what storage holds, noted for the stored ones only
    assert commits.saved == 2
    assert storage.load("t2") is not None and storage.load("nobody") is None


def test_sqlite_groups_are_written_on_the_loop(storage: SlowStorage) -> None:
    """SQLite's one write lock: the loop's own writes must not wait for a writer thread's."""
    commits = GroupCommit(storage)

    async def save() -> None:
        await commits.later(_deal("t1"))

    asyncio.run(save())
    assert storage.groups == [(threading.main_thread().name, 1)]
    memory = Storage("sqlite://")  # one connection for the process: never from a thread
    try:
        assert not GroupCommit(memory, threaded=True)._threaded
    finally:
        memory.close()


def test_every_change_of_a_table_is_a_progress_written_through_the_group_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join, the start, the speed and a resignation: every UPDATE of a table's row or of a
    seat runs inside ``save_many`` (the one write path, reached through the group commit), and
    a resignation's seat and ``resigned`` column are one progress, stored with what follows."""
    with client_for(tmp_path / "one.db") as client:
        storage = client.app.state.storage  # type: ignore[attr-defined]
        batches: list[Progress] = []
        inside = [0]
        updates: list[tuple[str, bool]] = []

        def save_many(batch: Sequence[Progress]) -> None:
            batches.extend(batch)
            inside[0] += 1
            try:
                Storage.save_many(storage, batch)
            finally:
                inside[0] -= 1

        def seen(statement: str) -> None:
            if statement.lstrip().upper().startswith("UPDATE"):
                updates.append((statement.split()[1], inside[0] > 0))

        def traced(dbapi_connection: Any, *rest: Any) -> None:
            dbapi_connection.set_trace_callback(seen)  # through SQLAlchemy or SQLite's driver

        monkeypatch.setattr(storage, "save_many", save_many)
        event.listen(storage.engine, "checkout", traced)
        storage._rows.close()  # the driver's writes take a connection again, traced
        table_id, _, (host, guest) = start_friends(client, "classic", ("human", "human"))
        host.send({"type": "speed", "speed": "veloce"})
        assert host.recv()["speed"] == guest.recv()["speed"] == "veloce"
        guest.send({"type": "resign"})
        assert host.recv()["table"]["resigned"] == [1]
        host.close()
        guest.close()
    tables = {name for name, _ in updates}
    assert tables == {"briscola_tables", "briscola_seats"}  # the joins, start, speed, resign
    assert all(through for _, through in updates), updates
    mine = [p for p in batches if p.table_id == table_id]
    assert any(p.columns == {"speed": "veloce"} for p in mine)
    resigned = [p for p in mine if p.columns.get("resigned") == [1]]
    assert len(resigned) == 1 and [(s.seat, s.kind) for s in resigned[0].seats] == [(1, "bot")]
    stored = Storage(f"sqlite:///{tmp_path / 'one.db'}")
    table = stored.load(table_id)
    stored.close()
    assert table is not None and (table.speed, table.resigned) == ("veloce", [1])
    assert table.seats[1].kind == "bot"
