"""When the last person at a table resigns, the computer players play the match to its end by
themselves (deal after deal, at the table's pace, watched by whoever resigned): it does not
stall, and the finished match records every resignation."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_helpers import Player, TestClient, client_for, connect_all, make_table


def _watch_to_the_end(c: TestClient, tid: str, watcher: Player, limit_s: float = 60) -> None:
    """Read ``watcher``'s messages until the match is over: once it resigned, it watches."""
    deadline = time.monotonic() + limit_s
    watching = False
    while not watching or watcher.last_state["table"]["status"] != "over":
        assert time.monotonic() < deadline, watcher.last_state["table"]
        m = watcher.recv()
        assert m["type"] == "state", m
        watching = watching or bool(m.get("spectator"))
        if watching:  # no hand any more
            assert m.get("spectator") is True and m["observation"]["hand"] == [], m


def _finished(c: TestClient, tid: str) -> dict[str, Any]:
    for _ in range(200):  # the last move is stored before it is sent
        info: dict[str, Any] = c.get(f"/api/tables/{tid}").json()
        if info["status"] == "over":
            return info
        time.sleep(0.02)
    raise AssertionError(info)


def test_alone_against_the_computers_a_resignation_plays_the_match_out(db: Path) -> None:
    with client_for(db) as c:
        r = c.post("/api/play", json={"preset": "classic", "level": "random", "match": "deals:2"})
        tid, token = r.json()["table_id"], r.json()["token"]
        me = Player(c, tid, 0, token)
        me.connect()
        me.send({"type": "resign"})
        _watch_to_the_end(c, tid, me)
        seen = [e["type"] for m in me.messages if m["type"] == "state" for e in m["events"]]
        assert seen.count("deal_over") == 2 and seen.count("deal_started") == 1, seen
        me.close()
        info = _finished(c, tid)
        assert info["resigned"] == [0] and len(info["match"]["deals"]) == 2
        assert info["seats"][0]["kind"] == "bot"


def test_at_a_friends_table_the_last_resignation_plays_the_match_out(db: Path) -> None:
    with client_for(db) as c:
        tid, tokens, _ = make_table(c, "pairs", ["human", "human", "bot:random", "bot:random"])
        host, guest = connect_all(c, tid, tokens)
        c.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
        host.recv()
        guest.recv()
        guest.send({"type": "resign"})
        guest.close()  # the first to leave does not watch
        host.send({"type": "resign"})
        _watch_to_the_end(c, tid, host)
        host.close()
        info = _finished(c, tid)
        assert info["resigned"] == [1, 0] and info["match"]["over"] is True
