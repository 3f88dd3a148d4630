"""A crash loses no result (issue 37): a match whose end was stored but whose results were never
written (the recorder not told: the process died there) is recorded as the next app on the same
database starts, once, its ratings moved in the order the tables finished and a seat the computer
played at the end counted as left; a second start records nothing twice; several recorders
catching up at once record each table once; the due tables are found by their partial index;
a person who lets the move clock run out on their moves leaves a rated game; migration 0008 goes
up and down. On SQLite and PostgreSQL (``bash scripts/with-postgres.sh .venv/bin/pytest -q -n 0
tests/server/test_ratings_catchup.py``)."""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from briscola.apps.server.app import create_app
from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.ratings.catchup import catch_up, due, due_query
from briscola.apps.server.ratings.record import TIMED_OUT_LEFT
from briscola.apps.server.ratings.schema import RatingRow, ResultRow
from briscola.apps.server.store import (
    Base,
    Progress,
    Saved,
    Storage,
    StoredSeat,
    StoredTable,
    migrate,
    open_engine,
)
from briscola.core.rules import preset
from briscola.session.table import OVER, Seat, Table
from server.ratings_play import browser, play_out, player_id, results, sit, start
from server.test_players_migration import HEAD, _downgrade, _state
from server.test_server_postgres import pg_url  # noqa: F401 (the PostgreSQL fixture)
from server_helpers import UNLIMITED, Player, TestClient

pytestmark = pytest.mark.server

TABLES = Base.metadata.tables["briscola_tables"]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database of the test: an SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'catchup.db'}"
    return str(request.getfixturevalue("pg_url"))


@contextmanager
def app_on(url: str, **settings: Any) -> Iterator[TestClient]:
    """A test client of a new app (a server's start) on the database ``url``."""
    settings = {**UNLIMITED, "bot_delay": 0, "trick_hold": 0, "human_timeout": 0.2, **settings}
    with TestClient(create_app(url, **settings)) as client:
        yield client


def crash(table_id: str, table: Table) -> None:
    """The rooms' collaborator of a process that dies once the match's end is committed."""
    raise RuntimeError("the process died here")


def all_results(engine: sa.Engine) -> list[Any]:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(ResultRow).order_by(ResultRow.finished_at, ResultRow.seat))
        return list(rows.all())


def ratings(engine: sa.Engine) -> dict[str, tuple[float, float, int]]:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(RatingRow)).all()
    return {r.player_id: (r.mu, r.sigma, r.games) for r in rows}


def marked(engine: sa.Engine) -> set[str]:
    with engine.connect() as conn:
        return set(conn.scalars(sa.select(TABLES.c.id).where(TABLES.c.results_due.is_(True))))


def engine_of(client: TestClient) -> sa.Engine:
    return client.app.state.storage.engine  # type: ignore[attr-defined,no-any-return]


def test_a_match_the_recorder_never_heard_of_is_recorded_once_at_the_next_start(url: str) -> None:
    with app_on(url) as first:
        first.app.state.rooms.finished = crash  # type: ignore[attr-defined]
        anna, bruno = browser(first, "Anna", "anna"), browser(first, "Bruno", "bruno")
        ids = {player_id(anna): "anna", player_id(bruno): "bruno"}
        played, tokens = sit([anna, bruno], "classic", rated=True)
        play_out(start(anna, played, tokens, [0, 1]), seed=1)
        left, tokens = sit([anna, bruno], "classic", rated=True)
        end = play_out(start(anna, left, tokens, [0]), seed=2)  # Bruno never comes
        assert end["seats"][1]["autoplay"] is True  # the computer played his seat to the end
        engine = engine_of(first)
        assert results(first, played, wait=0.3) == [] and results(first, left, wait=0.0) == []
        assert marked(engine) == {played, left}  # stored with the end: due
        assert [t for t, _ in due(engine)] == [played, left]  # the first finished first
    with app_on(url) as second:  # the next start catches up
        second.portal.call(second.app.state.ratings.drain)  # type: ignore[attr-defined]
        engine = engine_of(second)
        rows = all_results(engine)
        assert [(r.table_id, r.seat) for r in rows] == [(played, 0), (played, 1), (left, 0),
                                                        (left, 1)]  # fmt: skip
        assert all(r.rated for r in rows) and marked(engine) == set()
        bruno_left = rows[3]
        assert ids[bruno_left.player_id] == "bruno"
        assert bruno_left.left and bruno_left.outcome == "loss"  # the flags stored with the end
        assert not rows[2].left and rows[2].rating_after > rows[2].rating_before  # above him
        assert rows[0].finished_at < rows[2].finished_at  # each at its match's end
        for first_game, second_game in ((rows[0], rows[2]), (rows[1], rows[3])):
            assert second_game.rating_before == pytest.approx(first_game.rating_after)  # in order
        after = ratings(engine)
        assert {ids[p]: games for p, (_, _, games) in after.items()} == {"anna": 2, "bruno": 2}
        assert after[bruno_left.player_id][0] == pytest.approx(bruno_left.rating_after)
    with app_on(url) as third:  # and again: nothing twice
        third.portal.call(third.app.state.ratings.drain)  # type: ignore[attr-defined]
        engine = engine_of(third)
        assert all_results(engine) == rows and ratings(engine) == after


def test_a_match_no_player_sat_at_is_neither_marked_due_nor_told(url: str) -> None:
    """A person with no player (no cookie) against the computer: nothing to record, so the end
    is not marked due nor told to the recorder; a player against the computer: both."""
    told: list[str] = []
    with app_on(url) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        rooms.finished = lambda table_id, table: told.append(table_id)
        nobody = TestClient(client.app, client=("10.0.0.99", 50000))
        nobody.portal = client.portal  # the server's own loop, as ratings_play's browsers
        ids = []
        for who in (nobody, browser(client, "Anna")):
            body = {"preset": "classic", "seats": ["human", "bot"], "host_name": "Host"}
            r = who.post("/api/tables", json=body)
            assert r.status_code == 200, r.text
            table_id = r.json()["table_id"]
            play_out(start(who, table_id, {0: r.json()["token"]}, [0]), seed=1)
            ids.append(table_id)
        anonymous, known = ids
        engine = engine_of(client)
        assert results(client, known, wait=0.0) == []  # told here, never recorded
        assert anonymous not in told and anonymous not in marked(engine)
        assert told == [known] and marked(engine) == {known}


def _finished_table(storage: Storage, accounts: Accounts, table_id: str, seed: int,
                    players: list[str]) -> None:  # fmt: skip
    """A rated classic table played to its end and stored, its seats linked to ``players``,
    marked due and never recorded (as a crash leaves it)."""
    table = Table(preset("classic"), [Seat.human("A"), Seat.human("B")], seed=seed)
    table.start()
    while table.status != OVER:
        seat = table.to_act()
        assert seat is not None
        obs = table.observation(seat)
        assert obs is not None
        table.submit(seat, obs.legal[seed % len(obs.legal)])
    seats = [StoredSeat(i, "human", None, n, True, i == 0, None) for i, n in enumerate("AB")]
    storage.create_table(StoredTable(table_id, table.ruleset.to_dict(), "single", seed, "c",
                                     True, "simple", "it", seats, [], rated=True))  # fmt: skip
    progress, _ = Saved(table, []).unsaved(table_id, table)
    storage.save_many([progress, Progress(table_id, columns={"results_due": True})])
    for seat, player in enumerate(players):
        accounts.take_seat(player, table_id, seat)


def test_recorders_catching_up_at_once_record_each_table_once(
    url: str, caplog: pytest.LogCaptureFixture
) -> None:
    storage = Storage(url)
    try:
        accounts = Accounts(storage.engine)
        anna, bruno = (accounts.new_guest(n, "")[0].id for n in ("Anna", "Bruno"))
        tables = [f"T{n}" for n in range(6)]
        for n, table_id in enumerate(tables):
            _finished_table(storage, accounts, table_id, n, [anna, bruno])
        gate = threading.Barrier(4)
        counts: list[int] = []

        def process() -> None:  # each its own engine: its own connections, as a process has
            engine = sa.create_engine(url) if url.startswith("postgresql") else storage.engine
            gate.wait()
            counts.append(catch_up(engine, storage.load))
            if engine is not storage.engine:
                engine.dispose()

        with caplog.at_level(logging.WARNING, logger="briscola"):
            workers = [threading.Thread(target=process) for _ in range(4)]
            for w in workers:
                w.start()
            for w in workers:
                w.join(60)
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]  # no conflict
        assert len(counts) == 4
        rows = all_results(storage.engine)
        assert sorted((r.table_id, r.seat) for r in rows) == [
            (t, s) for t in tables for s in (0, 1)
        ]
        assert {p: games for p, (_, _, games) in ratings(storage.engine).items()} == {
            anna: len(tables), bruno: len(tables)}  # fmt: skip
        for player in (anna, bruno):  # one chain of ratings: each game rated once, in turn
            mine = [r for r in rows if r.player_id == player]
            for before, after in itertools.pairwise(mine):
                assert after.rating_before == pytest.approx(before.rating_after)
        assert marked(storage.engine) == set() and due(storage.engine) == []
        assert catch_up(storage.engine, storage.load) == 0  # nothing left
    finally:
        storage.close()


def test_the_due_tables_are_read_by_their_partial_index(url: str) -> None:
    storage = Storage(url)
    try:
        engine = storage.engine
        query = due_query().compile(engine, compile_kwargs={"literal_binds": True})
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(sa.text("SET LOCAL enable_seqscan = off"))  # a tiny table: else a scan
                plan = " ".join(str(r[0]) for r in conn.execute(sa.text(f"EXPLAIN {query}")))
            else:
                rows = conn.execute(sa.text(f"EXPLAIN QUERY PLAN {query}"))
                plan = " ".join(str(r[-1]) for r in rows)
        assert "ix_briscola_tables_results_due" in plan, plan
    finally:
        storage.close()


@pytest.mark.parametrize("rated", [True, False])
def test_letting_the_clock_play_your_moves_leaves_a_rated_game(url: str, rated: bool) -> None:
    with app_on(url, move_timeout=0.05, human_timeout=60) as client:
        anna, bruno = browser(client, "Anna", "anna"), browser(client, "Bruno", "bruno")
        table_id, tokens = sit([anna, bruno], "classic", rated=rated)
        players = start(anna, table_id, tokens, [0, 1])
        staying: Player = players[1]  # Bruno stays connected and never moves
        end = play_out(players[:1], seed=4)
        staying.close()
        assert end["seats"][1]["autoplay"] is False  # he was there all along
        with engine_of(client).connect() as conn:
            timed_out = conn.scalar(sa.select(TABLES.c.timed_out).where(TABLES.c.id == table_id))
        assert timed_out[0] == 0 and timed_out[1] >= TIMED_OUT_LEFT  # every move of his
        rows = {r.seat: r for r in results(client, table_id)}
        assert rows[1].left is rated and not rows[0].left
        if rated:
            assert rows[1].outcome == "loss" and rows[1].rating_after < rows[1].rating_before


def test_migration_0008_applies_and_reverts(url: str) -> None:
    engine = open_engine(url)
    migrate(engine, "0007_bots")
    engine.dispose()
    added = {"results_due", "timed_out", "INDEX"}
    assert _state(url)[0] == ["0007_bots"] and not added & _table_columns(url)
    Storage(url).close()  # upgraded to the head as it opens
    assert _state(url)[0] == [HEAD] and added <= _table_columns(url)
    _downgrade(url, "0007_bots")
    assert _state(url)[0] == ["0007_bots"] and not added & _table_columns(url)
    Storage(url).close()  # and up again
    assert _state(url)[0] == [HEAD] and added <= _table_columns(url)


def _table_columns(url: str) -> set[str]:
    """The columns of ``briscola_tables``, and ``INDEX`` if its partial index is there."""
    engine = open_engine(url)
    try:
        inspector = sa.inspect(engine)
        columns = {c["name"] for c in inspector.get_columns("briscola_tables")}
        indexes = {i["name"] for i in inspector.get_indexes("briscola_tables")}
        return columns | ({"INDEX"} if "ix_briscola_tables_results_due" in indexes else set())
    finally:
        engine.dispose()


def test_an_app_started_again_after_its_close_catches_up_and_records(tmp_path: Path) -> None:
    """The app's lifespan may run twice (the HTTP fuzz test drives one app a request at a time):
    the recorder closed at the first end takes work again at the second start."""
    app = create_app(f"sqlite:///{tmp_path / 'again.db'}", bot_delay=0)
    for _ in range(2):
        with TestClient(app) as client:  # the start hands the recorder the catch-up
            assert client.get("/api/leaderboard/classic").status_code == 200
