"""Migration 0006 (the ratings' tables) on SQLite and PostgreSQL: a database at 0005 with a
player and a finished table gets ``briscola_ratings`` and ``briscola_results`` as the models
say them, a result and a rating are written and read back, and the downgrade to 0005 takes the
two tables away, leaving the players and the games; up again, it is at the head."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.ratings import rating_of
from briscola.apps.server.ratings.outcome import SeatOutcome
from briscola.apps.server.ratings.record import record_match
from briscola.apps.server.ratings.schema import RatingRow, ResultRow
from briscola.apps.server.store import Storage, StoredSeat, StoredTable, migrate, open_engine
from server.test_players_migration import HEAD, _downgrade, _state
from server.test_server_postgres import pg_url  # noqa: F401 (the PostgreSQL fixture)

pytestmark = pytest.mark.server

RATINGS = {"briscola_ratings", "briscola_results"}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'briscola.db'}"
    return str(request.getfixturevalue("pg_url"))


def _columns(engine: sa.Engine, table: str) -> dict[str, bool]:
    return {c["name"]: bool(c["nullable"]) for c in sa.inspect(engine).get_columns(table)}


def test_migration_0006_applies_and_reverts(url: str) -> None:
    engine = open_engine(url)
    migrate(engine, "0005_lobby")
    engine.dispose()
    assert _state(url)[0] == ["0005_lobby"] and not RATINGS & _state(url)[1]
    storage = Storage(url)  # upgraded to the head as it opens
    try:
        assert _state(url)[0] == [HEAD] and _state(url)[1] >= RATINGS
        for model in (RatingRow, ResultRow):  # the migration makes what the models say
            table = model.__table__
            expected = {c.name: bool(c.nullable) for c in table.columns}  # type: ignore[attr-defined]
            assert _columns(storage.engine, table.name) == expected  # type: ignore[attr-defined]
        seats = [StoredSeat(i, "human", None, n, True, i == 0, None) for i, n in enumerate("AB")]
        storage.create_table(StoredTable("T", {}, "single", 1, "c", True, "s", "it", seats, []))
        accounts = Accounts(storage.engine)
        anna, _ = accounts.new_guest("Anna", "🦊")
        bruno, _ = accounts.new_guest("Bruno", "")
        accounts.take_seat(anna.id, "T", 0)
        accounts.take_seat(bruno.id, "T", 1)
        with storage.engine.begin() as conn:
            conn.execute(sa.text("UPDATE briscola_tables SET rated = :r"), {"r": True})
        won = SeatOutcome(0, side=0, rank=1, outcome="win", points=80, deals=1)
        lost = SeatOutcome(1, side=1, rank=2, outcome="loss", points=40, deals=1)
        record_match(storage.engine, "T", "classic", [won, lost], datetime.now(UTC))
        assert rating_of(storage.engine, anna.id, "classic") > 1500.0
        assert rating_of(storage.engine, bruno.id, "classic") < 1500.0
        accounts.delete(bruno.id)  # a deleted player's results and ratings go with them
        with storage.engine.connect() as conn:
            players = conn.execute(sa.select(ResultRow.player_id)).scalars().all()
            rated = conn.execute(sa.select(RatingRow.player_id)).scalars().all()
        assert players == [anna.id] and rated == [anna.id]
    finally:
        storage.close()
    _downgrade(url, "0005_lobby")
    versions, names = _state(url)
    assert versions == ["0005_lobby"] and not RATINGS & names
    assert {"briscola_tables", "briscola_players"} <= names
    Storage(url).close()  # and up again
    assert _state(url)[0] == [HEAD]


def test_tables_ending_together_on_postgresql_rate_the_same_players_in_turn(pg_url: str) -> None:  # noqa: F811 (the fixture)
    """Several processes (threads here) record rated tables of the same two new players at the
    same moment: each table's update waits for the one before, none is lost or refused."""
    storage = Storage(pg_url)
    try:
        accounts = Accounts(storage.engine)
        anna, _ = accounts.new_guest("Anna", "🦊")
        bruno, _ = accounts.new_guest("Bruno", "")
        tables = [f"T{i}" for i in range(6)]
        for table_id in tables:
            seats = [
                StoredSeat(i, "human", None, n, True, i == 0, None) for i, n in enumerate("AB")
            ]
            storage.create_table(
                StoredTable(table_id, {}, "single", 1, "c", True, "s", "it", seats, [])
            )
            accounts.take_seat(anna.id, table_id, 0)
            accounts.take_seat(bruno.id, table_id, 1)
        with storage.engine.begin() as conn:
            conn.execute(sa.text("UPDATE briscola_tables SET rated = :r"), {"r": True})
        won = SeatOutcome(0, side=0, rank=1, outcome="win", points=80, deals=1)
        lost = SeatOutcome(1, side=1, rank=2, outcome="loss", points=40, deals=1)
        at = datetime.now(UTC)
        with ThreadPoolExecutor(len(tables)) as pool:
            jobs = [pool.submit(record_match, storage.engine, t, "classic", [won, lost], at)
                    for t in tables]  # fmt: skip
            for job in jobs:
                job.result()  # none failed
        with storage.engine.connect() as conn:
            rows = conn.execute(sa.select(RatingRow.player_id, RatingRow.games))
            games = {player: n for player, n in rows}
            afters = conn.execute(
                sa.select(ResultRow.rating_after).where(ResultRow.player_id == anna.id)
            ).scalars()
            climb = sorted(afters)
        assert games == {anna.id: len(tables), bruno.id: len(tables)}
        assert len(set(climb)) == len(tables)  # each table rated from the one before's result
        assert rating_of(storage.engine, anna.id, "classic") == pytest.approx(climb[-1])
    finally:
        storage.close()
