"""The crash test: real ``briscola serve`` processes killed with SIGKILL at random moments while
clients create tables, join, start, bid, play and go to the next deal; after every kill the
database is checked (every table replays from its seed, nothing acknowledged is lost) and the
clients come back with their tokens, until every match is over (briscola.tools.bench.crash).

The default run kills 160 times on SQLite and 160 times on PostgreSQL; the long run (``-m slow``)
500 times on each. The checker is also shown to see a lost action, a lost seat, a changed deck
and an action stored without its deal.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from briscola.tools.bench.crash import CrashFigures, run_crash
from briscola.tools.bench.crash_check import Acknowledged, Checker
from server.test_server_postgres import pg_url  # noqa: F401 (a fixture of the PostgreSQL runs)
from server_helpers import Player, client_for

KILLS = 160
"""Kills of the default run, on each database."""

LONG_KILLS = 500
"""Kills of the long run, on each database."""


def _assert_nothing_lost(figures: CrashFigures, kills: int) -> None:
    print(figures)  # the figures, for docs/operations.md
    assert figures.kills == kills
    assert figures.problems == []
    assert figures.losses == 0
    assert figures.tables >= 10 and figures.finished == figures.tables
    assert figures.actions_acknowledged > 0 and figures.reconnects > figures.kills


@pytest.mark.parametrize("kills", [KILLS, pytest.param(LONG_KILLS, marks=pytest.mark.slow)])
def test_kill_9_on_sqlite_loses_nothing(tmp_path: Path, kills: int) -> None:
    url = f"sqlite:///{tmp_path / 'crash.db'}"
    _assert_nothing_lost(run_crash(url, kills, seed=kills, workdir=tmp_path), kills)


@pytest.mark.parametrize("kills", [KILLS, pytest.param(LONG_KILLS, marks=pytest.mark.slow)])
def test_kill_9_on_postgresql_loses_nothing(pg_url: str, tmp_path: Path, kills: int) -> None:  # noqa: F811
    _assert_nothing_lost(run_crash(pg_url, kills, seed=kills + 1, workdir=tmp_path), kills)


def test_the_same_with_the_briscola_executable(tmp_path: Path) -> None:
    """Each server started from the ``briscola`` executable (seconds each) instead of forked."""
    url = f"sqlite:///{tmp_path / 'crash.db'}"
    figures = run_crash(url, 3, seed=3, tables_at_once=2, fork=False, workdir=tmp_path)
    assert figures.kills == 3 and figures.problems == [] and figures.losses == 0
    assert figures.finished == figures.tables >= 2


# -- the checker sees what is wrong -----------------------------------------------------------
def _game(db: Path) -> Acknowledged:
    """A table against the computer where seat 0 played a few cards: what it saw."""
    with client_for(db) as c:
        body = c.post("/api/play", json={"preset": "classic", "level": "random"}).json()
        me = Player(c, body["table_id"], 0, body["token"])
        state = me.connect()
        played = 0
        while played < 3:
            if state["observation"]["turn"] == 0:
                me.send({"type": "action", "action": state["observation"]["legal"][0]})
                played += 1
            state = me.recv()
        while state["observation"]["turn"] != 0:
            state = me.recv()
        me.close()
    seen = {state["table"]["deal"]: state["observation"]["actions"]}
    return Acknowledged(body["table_id"], {0: body["token"]}, True, seen)


def _sql(db: Path, query: str, *args: object) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(query, args)


@pytest.mark.parametrize(
    ("damage", "found"),
    [
        ("DELETE FROM briscola_actions WHERE number = (SELECT max(number) FROM briscola_actions)",
         "acknowledged actions lost"),
        ("UPDATE briscola_seats SET token_hash = NULL WHERE seat = 0", "the token of seat 0"),
        ("UPDATE briscola_deals SET deck = substr(deck, 4) || ' ' || substr(deck, 1, 2)",
         "not the one dealt from the seed"),
        ("DELETE FROM briscola_deals", "stored without the deal"),
        ("UPDATE briscola_actions SET seat = 1 - seat", "a seat not to act"),
    ],
)  # fmt: skip
def test_the_checker_finds_what_a_crash_could_spoil(
    tmp_path: Path, damage: str, found: str
) -> None:
    db = tmp_path / "briscola.db"
    ack = _game(db)
    engine = create_engine(f"sqlite:///{db}")
    try:
        sound = Checker()
        sound.check(engine, [ack])
        assert sound.problems == [] and sound.losses == 0 and sound.actions_replayed >= 3
        _sql(db, damage)
        checker = Checker()
        checker.check(engine, [ack])
    finally:
        engine.dispose()
    assert any(found in p for p in checker.problems), checker.problems


# -- a table that does not finish says why ----------------------------------------------------
def _state(status: str, deal: int, turn: int | None, actions: int) -> dict[str, object]:
    seats = [{"kind": "human", "connected": True, "autoplay": False}, {"kind": "bot"}]
    return {
        "type": "state",
        "table": {"status": status, "deal": deal, "seats": seats},
        "observation": {"turn": turn, "actions": ["Ad"] * actions, "legal": ["2d"]},
    }


def test_a_table_that_does_not_finish_says_what_each_client_got_and_awaits() -> None:
    import random

    from briscola.tools.bench import crash

    waiting = _state("playing", 0, 1, 3)
    assert crash._awaited(waiting, 0, set(), set()) == "seat 1 to move at deal 0, move 3"
    mine = _state("playing", 0, 0, 4)
    assert crash._awaited(mine, 0, {(0, 4)}, set()) == (
        "the answer to its action at deal 0, move 4"
    )
    assert "not sent" in crash._awaited(mine, 0, set(), set())
    assert crash._awaited(_state("deal_over", 1, None, 40), 0, set(), {1}) == (
        "the next deal (it asked: True)"
    )
    assert crash._summary(waiting) == (
        "state (status playing, deal 0, turn 1, 3 actions, seats 0:human,1:bot)"
    )
    client = crash.TableClient(random.Random(1), 0)
    client.tokens = {0: "t", 2: "u"}
    client.last[0], client.waiting[0] = crash._summary(waiting), "seat 1 to move at deal 0, move 3"
    client.ended = "TimeoutError: "
    said = client.report()
    assert "seat 0: last got state (status playing" in said and "seat 1 to move" in said
    assert "seat 2: last got nothing, waiting for nothing (never connected)" in said
    assert said.endswith("its run ended: TimeoutError: ")


def test_the_snapshot_describes_a_stored_table(tmp_path: Path) -> None:
    db = tmp_path / "briscola.db"
    ack = _game(db)  # seat 0 is to act
    engine = create_engine(f"sqlite:///{db}")
    try:
        snapshot = Checker().check(engine, [ack])
    finally:
        engine.dispose()
    said = snapshot.describe(ack.table_id)
    assert said.startswith("stored: started True, seats 0:human, 1:bot/random/no token")
    assert "rebuilt: status playing, seat 0 to act" in said
    assert snapshot.describe("nosuchtable") == "not stored"
