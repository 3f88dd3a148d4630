"""When the last person at a table resigns, the computer players play the match to its end by
themselves (deal after deal, at the table's pace, watched by whoever resigned): it does not
stall, and the finished match records every resignation. A server stopped meanwhile plays such
matches out when it starts again, without anybody connecting, a few at a time; a match being
played out does not leave memory before its end, and leaves it at its end."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server import rooms as unattended
from briscola.apps.server.rooms import Rooms, table_from_stored
from briscola.apps.server.store import Progress, Storage
from server_helpers import Player, TestClient, client_for, make_table, start_friends


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
        tid, _, (host, guest) = start_friends(c)
        guest.send({"type": "resign"})
        guest.close()  # the first to leave does not watch
        host.send({"type": "resign"})
        _watch_to_the_end(c, tid, host)
        host.close()
        info = _finished(c, tid)
        assert info["resigned"] == [1, 0] and info["match"]["over"] is True


def _stored_status(db: Path, tid: str) -> tuple[str, int]:
    """The table's status and number of deals as rebuilt from the database alone."""
    storage = Storage(f"sqlite:///{db}")
    try:
        stored = storage.load(tid)
        assert stored is not None
        table = table_from_stored(stored)
        return table.status, len(table.deals)
    finally:
        storage.close()


def _resign_and_stop(db: Path, match: str = "deals:2") -> str:
    """Play now, resign at once, and stop the server while the computers play the match out
    (they move every 20 ms: it is far from over)."""
    with client_for(db, bot_delay=0.02) as c:
        r = c.post("/api/play", json={"preset": "classic", "level": "random", "match": match})
        tid, token = str(r.json()["table_id"]), r.json()["token"]
        me = Player(c, tid, 0, token)
        me.connect()
        me.send({"type": "resign"})
        while not any(e["type"] == "resigned" for e in me.recv()["events"]):
            pass
        me.close()
    return tid


def _wait_over(db: Path, tid: str, c: TestClient, limit_s: float = 30) -> None:
    """Wait until the database holds the end of the match, and its room left memory; nobody
    asks the server for the table meanwhile."""
    rooms = c.app.state.rooms  # type: ignore[attr-defined]
    deadline = time.monotonic() + limit_s
    while _stored_status(db, tid)[0] != "over" or tid in rooms.table_ids():
        assert time.monotonic() < deadline, (_stored_status(db, tid), rooms.table_ids())
        time.sleep(0.05)


def test_a_restart_plays_out_the_match_nobody_plays_without_anyone_connecting(db: Path) -> None:
    tid = _resign_and_stop(db)
    assert _stored_status(db, tid)[0] != "over"
    with client_for(db) as c:  # nobody connects, nobody asks for the table
        _wait_over(db, tid, c)
        assert c.app.state.rooms.played_out == 1  # type: ignore[attr-defined]
        info = c.get(f"/api/tables/{tid}").json()
        assert info["status"] == "over" and len(info["match"]["deals"]) == 2
        assert info["resigned"] == [0]
    storage = Storage(f"sqlite:///{db}")
    assert storage.load(tid).played_out  # type: ignore[union-attr]
    with client_for(db) as c:  # played out: the next start leaves it alone
        assert c.app.state.rooms.storage.computer_only_ids() == []  # type: ignore[attr-defined]
    storage.close()


def test_only_started_tables_that_every_person_resigned_are_resumed(db: Path) -> None:
    tid = _resign_and_stop(db)
    with client_for(db, bot_delay=60) as c:  # the computers think slowly: nothing finishes
        r = c.post("/api/play", json={"preset": "classic", "level": "random"})
        assert r.status_code == 200, r.text
        make_table(c, "classic", ["human", "human"])  # waiting for its guest
        make_table(c, "classic", ["human", "bot:random"])  # waiting for its host's start
    storage = Storage(f"sqlite:///{db}")
    try:
        with storage.engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT count(*) FROM briscola_tables").scalar() == 4
        assert storage.computer_only_ids() == [tid]
    finally:
        storage.close()


def test_a_stop_in_the_pause_between_deals_is_resumed_with_the_next_deal(db: Path) -> None:
    with client_for(db) as c:  # a person plays the first deal out, then asks for nothing
        r = c.post("/api/play", json={"preset": "classic", "level": "random", "match": "deals:2"})
        tid, token = r.json()["table_id"], r.json()["token"]
        me = Player(c, tid, 0, token)
        me.connect()
        while me.last_state["table"]["status"] == "playing":
            obs = me.last_state["observation"]
            if obs["turn"] == 0 and obs["legal"]:
                me.send({"type": "action", "action": obs["legal"][0]})
            me.recv()
        me.close()
    assert _stored_status(db, tid) == ("deal_over", 1)
    storage = Storage(f"sqlite:///{db}")  # as stored when the last person resigned in the deal
    stored = storage.load(tid)
    assert stored is not None
    seat = stored.seats[0]
    seat.kind, seat.bot = "bot", "simple"
    storage.save_many([Progress(tid, seats=(seat,))])
    storage.close()
    with client_for(db) as c:
        _wait_over(db, tid, c)
    assert _stored_status(db, tid) == ("over", 2)


def test_matches_are_played_out_a_few_at_a_time(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tids = [_resign_and_stop(db, match="single") for _ in range(5)]
    monkeypatch.setattr(unattended, "AT_ONCE", 2)
    running, most = 0, 0
    play_out = Rooms.play_out

    async def counted(self: Rooms, table_id: str) -> bool:
        nonlocal running, most
        running += 1
        most = max(most, running)
        try:
            await asyncio.sleep(0.05)  # long enough for the others to start, were they allowed
            return await play_out(self, table_id)
        finally:
            running -= 1

    monkeypatch.setattr(Rooms, "play_out", counted)
    with client_for(db) as c:
        for tid in tids:
            _wait_over(db, tid, c)
        assert c.app.state.rooms.played_out == 5  # type: ignore[attr-defined]
    assert most == 2


def test_a_match_being_played_out_does_not_leave_memory_before_its_end(db: Path) -> None:
    with client_for(db, bot_delay=0.01, idle_seconds=0.02) as c:
        r = c.post("/api/play", json={"preset": "classic", "level": "random", "match": "deals:2"})
        tid, token = r.json()["table_id"], r.json()["token"]
        me = Player(c, tid, 0, token)
        me.connect()
        me.send({"type": "resign"})
        while not any(e["type"] == "resigned" for e in me.recv()["events"]):
            pass
        me.close()  # nobody connected: idle but for its computer players, which play on
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        deadline = time.monotonic() + 30
        while True:
            held = tid in rooms.table_ids()
            status = _stored_status(db, tid)[0]
            if status == "over":
                break
            assert held, "the match left memory before its end"
            assert time.monotonic() < deadline, status
            time.sleep(0.02)
        _wait_over(db, tid, c)  # and once over it leaves (as an idle table)
        assert _stored_status(db, tid) == ("over", 2)
