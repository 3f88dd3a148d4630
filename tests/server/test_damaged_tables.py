"""Tables whose storage was cut short by a crash: loaded, repaired where that is exact, played on.

Before deals were stored in the same transaction as the start, a crash between the two left a
started table without its deal 0 while the actions played on it were stored: every later load
raised ``KeyError: 0`` (a 500 on every GET, every socket dropped). Both ways of getting there are
reproduced on the database file directly.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

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
