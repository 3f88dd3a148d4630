"""Tables whose storage was cut short by a crash: loaded, repaired where that is exact, played on;
and tables that cannot be rebuilt exactly: marked damaged, logged once, answered 409.

Before deals were stored in the same transaction as the start, a crash between the two left a
started table without its deal 0 while the actions played on it were stored: every later load
raised ``KeyError: 0`` (a 500 on every GET, every socket dropped). Both ways of getting there are
reproduced on the database file directly.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, event, text
from starlette.websockets import WebSocketDisconnect

from briscola.apps.server.app import create_app
from server.test_server_postgres import pg_url  # noqa: F401 (a fixture of the PostgreSQL runs)
from server_helpers import Player, TestClient, client_for, make_table


def _sql(db: Path, query: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(query, args).fetchall()


def _play_one_card(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """Seat 0 plays its first legal card when its turn comes; the state it saw after."""
    me = Player(client, table_id, 0, token)
    state = me.connect()
    while state["observation"]["turn"] != 0:
        state = me.recv()
    me.send({"type": "action", "action": state["observation"]["legal"][0]})
    after = me.recv()
    while after["type"] != "state":
        after = me.recv()
    me.close()
    return after


def _seen_again(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    assert client.get(f"/api/tables/{table_id}").status_code == 200
    me = Player(client, table_id, 0, token)
    state = me.connect()
    me.close()
    return state


def test_a_table_started_without_its_deal_is_dealt_again_from_its_seed(tmp_path: Path) -> None:
    """The issue's reproduction: a table with a bot seat; the server stops; the row says
    started (the deal was never written); a card is played; the server starts again."""
    db = tmp_path / "briscola.db"
    with client_for(db) as c:
        table_id, tokens, _ = make_table(c, "classic", ["human", "bot"])
    _sql(db, "UPDATE briscola_tables SET started = 1 WHERE id = ?", table_id)
    with client_for(db) as c:
        played = _play_one_card(c, table_id, tokens[0][1])
    with client_for(db) as c:
        again = _seen_again(c, table_id, tokens[0][1])
    n = len(played["observation"]["actions"])  # the bot may have moved again since
    assert again["observation"]["actions"][:n] == played["observation"]["actions"]
    assert _sql(db, "SELECT number FROM briscola_deals WHERE table_id = ?", table_id) == [(0,)]
    stored = _sql(db, "SELECT action FROM briscola_actions WHERE table_id = ? ORDER BY number",
                  table_id)  # fmt: skip
    assert [a for (a,) in stored] == again["observation"]["actions"]


def test_actions_stored_without_their_deal_are_replayed_on_the_seeds_deal(tmp_path: Path) -> None:
    """A deal row lost while its actions were kept: the deal comes back from the seed, exactly
    (the same dealer and deck order, every stored action replayed), and is stored again."""
    db = tmp_path / "briscola.db"
    with client_for(db) as c:
        body = c.post("/api/play", json={"preset": "classic", "level": "random"}).json()
        played = _play_one_card(c, body["table_id"], body["token"])
    table_id = body["table_id"]
    deal = "SELECT number, dealer, deck FROM briscola_deals WHERE table_id = ?"
    actions = "SELECT deal, number, action FROM briscola_actions WHERE table_id = ? ORDER BY number"
    original, stored = _sql(db, deal, table_id), _sql(db, actions, table_id)
    _sql(db, "DELETE FROM briscola_deals WHERE table_id = ?", table_id)
    with client_for(db) as c:
        again = _seen_again(c, table_id, body["token"])
    assert _sql(db, deal, table_id) == original
    now = _sql(db, actions, table_id)  # the bot may have moved again since
    assert now[: len(stored)] == stored
    n = len(played["observation"]["actions"])
    assert again["observation"]["actions"][:n] == played["observation"]["actions"]
    seen = again["observation"]["actions"]
    assert seen == [a for _, _, a in now][: len(seen)]
    with client_for(db) as c:  # and once more: nothing left to repair
        last = _seen_again(c, table_id, body["token"])["observation"]
    assert last["actions"][: len(seen)] == seen


# -- tables that cannot be rebuilt exactly: damaged, answered clearly, never a 500 -------------
@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database of the test: an SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'briscola.db'}"
    return str(request.getfixturevalue("pg_url"))


@contextmanager
def _client(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(url, bot_delay=0)) as client:
        yield client


def _run(url: str, query: str, **params: Any) -> list[tuple[Any, ...]]:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            result = conn.execute(text(query), params)
            return [tuple(r) for r in result] if result.returns_rows else []
    finally:
        engine.dispose()


def _played(url: str) -> tuple[str, str]:
    """A table against the computer where a card was played: (table id, seat 0's token)."""
    with _client(url) as c:
        body = c.post("/api/play", json={"preset": "classic", "level": "random"}).json()
        _play_one_card(c, body["table_id"], body["token"])
    return body["table_id"], body["token"]


def _first_action(url: str, table_id: str) -> str:
    rows = _run(url, "SELECT action FROM briscola_actions WHERE table_id = :t AND number = 0",
                t=table_id)  # fmt: skip
    return str(rows[0][0])


def _not_in_hand(url: str, table_id: str) -> None:
    """The first action becomes a card the player to act did not hold: illegal on replay."""
    deck = _run(url, "SELECT deck FROM briscola_deals WHERE table_id = :t", t=table_id)[0][0]
    card = str(deck).split()[-1]  # the last card of the deck, the briscola: in nobody's hand
    _run(url, "UPDATE briscola_actions SET action = :a WHERE table_id = :t AND number = 0",
         a=card, t=table_id)  # fmt: skip


DAMAGES: dict[str, tuple[Callable[[str, str], None], str]] = {
    "an action illegal on replay": (_not_in_hand, "deal 0, action 1"),
    "a deck that cannot be dealt": (
        lambda url, t: _run(
            url, "UPDATE briscola_deals SET deck = 'Ab Ab Zz' WHERE table_id = :t", t=t
        ),
        "",
    ),
    "a deck short of a card": (
        lambda url, t: _run(
            url,
            "UPDATE briscola_deals SET deck = substr(deck, 4) WHERE table_id = :t",
            t=t,
        ),
        "",
    ),
    "a ruleset that is not JSON": (
        lambda url, t: _run(
            url, "UPDATE briscola_tables SET ruleset = '{\"name\": ' WHERE id = :t", t=t
        ),
        "its ruleset is not a JSON object",
    ),
    "a missing action": (
        lambda url, t: _run(
            url, "DELETE FROM briscola_actions WHERE table_id = :t AND number = 0", t=t
        ),
        "an action of deal 0 is missing",
    ),
    "a computer level that does not exist": (
        lambda url, t: _run(
            url, "UPDATE briscola_seats SET bot = 'grandmaster' WHERE table_id = :t", t=t
        ),
        "grandmaster",
    ),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_table_is_marked_logged_once_and_answered_409(
    url: str, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, token = _played(url)
    spoil, said = DAMAGES[damage]
    spoil(url, table_id)
    caplog.set_level(logging.INFO, logger="briscola.apps.server.rooms")
    with _client(url) as c:
        for _ in range(3):  # the same clear answer every time, never a 500
            r = c.get(f"/api/tables/{table_id}")
            assert r.status_code == 409, r.text
            assert r.json()["code"] == "damaged_table"
            assert said in r.json()["message"] and table_id in r.json()["message"]
        r = c.post(f"/api/tables/{table_id}/start", json={"token": token})
        assert (r.status_code, r.json()["code"]) == (409, "damaged_table")
        with c.websocket_connect(f"/ws/{table_id}") as ws:
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "damaged_table"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
        assert c.get("/healthz").status_code == 200
    lines = [r.getMessage() for r in caplog.records if "damaged" in r.getMessage()]
    assert len(lines) == 1 and lines[0].startswith(f"table {table_id} is damaged: "), lines
    assert token not in lines[0]
    (mark,) = _run(url, "SELECT damaged FROM briscola_tables WHERE id = :t", t=table_id)
    assert mark[0] and said in mark[0]
    caplog.clear()
    with _client(url) as c:  # a new process: the same answer, and no second log line
        assert c.get(f"/api/tables/{table_id}").status_code == 409
    assert not [r for r in caplog.records if "damaged" in r.getMessage()]


def test_a_table_marked_damaged_that_loads_again_is_no_longer_damaged(url: str) -> None:
    table_id, token = _played(url)
    _run(url, "UPDATE briscola_tables SET damaged = 'an old mark' WHERE id = :t", t=table_id)
    with _client(url) as c:
        assert c.get(f"/api/tables/{table_id}").status_code == 200
        assert _seen_again(c, table_id, token)["observation"]["actions"]
    assert _run(url, "SELECT damaged FROM briscola_tables WHERE id = :t", t=table_id) == [(None,)]


def _table_commits(engine: Any) -> list[list[str]]:
    """The committed transactions that wrote a table's rows, each as its statements (filled as
    they commit). The players' purge, run in the background as the server starts, writes no
    table's rows, so it is not among them whenever it runs. On SQLite, SQLite's own trace of
    each connection sees them (what goes through SQLAlchemy and what the store writes through
    the driver, ``store._FileRows``); elsewhere SQLAlchemy's events."""
    running: dict[int, list[str]] = {}
    committed: list[list[str]] = []

    def executed(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        running.setdefault(id(conn), []).append(statement)

    def commit(conn: Any) -> None:
        statements = running.pop(id(conn), [])
        if any(s.lstrip().upper().startswith(("INSERT", "UPDATE")) and "briscola_seats" in s
               for s in statements):  # fmt: skip
            committed.append(statements)

    def traced(dbapi_connection: Any, *rest: Any) -> None:
        def seen(statement: str) -> None:
            word = statement.lstrip().upper()
            if word.startswith(("COMMIT", "END")):
                commit(dbapi_connection)
            elif word.startswith("ROLLBACK"):
                running.pop(id(dbapi_connection), None)
            else:
                executed(dbapi_connection, None, statement)

        dbapi_connection.set_trace_callback(seen)

    if engine.dialect.name == "sqlite":
        event.listen(engine, "checkout", traced)
        return committed
    event.listen(engine, "before_cursor_execute", executed)
    event.listen(engine, "commit", commit)
    event.listen(engine, "rollback", lambda conn: running.pop(id(conn), None))
    return committed


def test_a_table_started_at_once_is_stored_with_its_deal_in_one_transaction(url: str) -> None:
    """Play now creates, starts and deals: one transaction, so a crash keeps all or nothing."""
    app = create_app(url, bot_delay=0)
    commits = _table_commits(app.state.storage.engine)
    with TestClient(app) as c:
        body = c.post("/api/play", json={"preset": "classic", "level": "random"}).json()
    assert len(commits) == 1
    assert any("briscola_deals" in s for s in commits[0])  # the deal with the table
    table_id = body["table_id"]
    assert _run(url, "SELECT started FROM briscola_tables WHERE id = :t", t=table_id) == [(True,)]
    assert _run(url, "SELECT number FROM briscola_deals WHERE table_id = :t", t=table_id) == [(0,)]


def test_a_start_stores_the_seats_given_to_bots_with_the_start_in_one_transaction(
    url: str,
) -> None:
    app = create_app(url, bot_delay=0)
    commits = _table_commits(app.state.storage.engine)
    with TestClient(app) as c:
        body = c.post("/api/tables", json={"preset": "three", "seats": ["human"] * 3}).json()
        table_id = body["table_id"]
        commits.clear()
        r = c.post(f"/api/tables/{table_id}/start", json={"token": body["token"], "fill": "random"})
        assert r.status_code == 200, r.text
    assert len(commits) == 1
    assert any("briscola_deals" in s for s in commits[0])  # the deal with the seats
    seats = _run(url, "SELECT kind, bot FROM briscola_seats WHERE table_id = :t ORDER BY seat",
                 t=table_id)  # fmt: skip
    assert seats == [("human", None), ("bot", "random"), ("bot", "random")]
    assert _run(url, "SELECT number FROM briscola_deals WHERE table_id = :t", t=table_id) == [(0,)]
