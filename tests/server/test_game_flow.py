"""The flow around a game on the server: the hold after a trick before a computer leads, the
computer players' speed, the move clock at a table with friends, resigning, and a finished
deal's review."""

from __future__ import annotations

import time
from pathlib import Path

from briscola.apps.server.room import SPEEDS, Pace
from server_helpers import Player, TestClient, client_for, connect_all, make_table, start_friends


def _solo(c: TestClient, preset: str = "classic", match: str = "single") -> Player:
    r = c.post("/api/play", json={"preset": preset, "level": "random", "match": match})
    assert r.status_code == 200, r.text
    me = Player(c, r.json()["table_id"], 0, r.json()["token"])
    me.connect()
    return me


def _my_move(me: Player) -> None:
    obs = me.last_state["observation"]
    me.send({"type": "action", "action": obs["legal"][0]})


def test_a_computer_leads_only_after_the_trick_it_won_was_shown(db: Path) -> None:
    hold = 0.5
    with client_for(db, trick_hold=hold) as c:
        me = _solo(c)
        gaps: list[float] = []
        won_at = None
        while me.last_state["table"]["status"] == "playing" and len(gaps) < 3:
            state = me.last_state
            if state["observation"]["turn"] == 0 and any(
                e["type"] == "deal_started" or e["type"] == "played" for e in state["events"]
            ):
                _my_move(me)
            m = me.recv()
            now = time.monotonic()
            for e in m["events"]:
                if e["type"] == "played" and e["seat"] == 1 and won_at is not None:
                    gaps.append(now - won_at)
                    won_at = None
                if e["type"] == "trick":
                    won_at = now if e["winner"] == 1 else None
        assert gaps, "the computer never won a trick"
        assert min(gaps) >= hold - 0.05, gaps
        me.close()


def test_the_hold_counts_from_the_trick_and_the_speed_scales_the_delay() -> None:
    pace = Pace()
    assert pace.wait(bot_delay=0.8, trick_hold=1.5, now=0.0) == 0.8
    pace.saw_trick(now=100.0)
    assert pace.wait(bot_delay=0.8, trick_hold=1.5, now=100.2) == 1.3
    assert pace.wait(bot_delay=0.8, trick_hold=1.5, now=102.0) == 0.8
    pace.speed = "lenta"
    assert pace.wait(bot_delay=0.8, trick_hold=1.5, now=102.0) == 1.6
    assert SPEEDS["veloce"] < SPEEDS["normale"] < SPEEDS["lenta"]


def test_the_host_sets_the_speed_and_it_is_kept(db: Path) -> None:
    with client_for(db) as c:
        tid, tokens, _ = make_table(c, "classic", ["human", "human"])
        host, guest = connect_all(c, tid, tokens)
        assert host.last_state["speed"] == "normale"
        guest.send({"type": "speed", "speed": "veloce"})
        assert guest.recv()["code"] == "not_host"
        host.send({"type": "speed", "speed": "lesta"})
        assert host.recv()["code"] == "bad_speed"
        host.send({"type": "speed", "speed": "veloce"})
        for p in (host, guest):
            m = p.recv()
            assert m["speed"] == "veloce"
            assert m["events"] == [{"type": "speed", "seat": 0, "speed": "veloce"}]
        assert c.app.state.storage.load(tid).speed == "veloce"  # type: ignore[attr-defined]
        host.close()
        guest.close()
    with client_for(db) as c:  # a restart keeps it
        p = Player(c, tid, 0, tokens[0][1])
        assert p.connect()["speed"] == "veloce"
        p.close()


def test_the_move_clock_hands_a_slow_move_to_the_computer(db: Path) -> None:
    with client_for(db, move_timeout=0.3) as c:
        _, _, players = start_friends(c, "classic", ("human", "human"))
        started = players[-1].last_state
        turn = started["observation"]["turn"]
        clock = started["clock"]
        assert clock["seat"] == turn and 0 < clock["left"] <= 0.3
        began = time.monotonic()
        m = players[0].recv()
        assert time.monotonic() - began >= 0.2
        assert m["events"][0] == {"type": "timed_out", "seat": turn}
        assert m["events"][1]["type"] == "played" and m["events"][1]["seat"] == turn
        assert m["clock"]["seat"] == 1 - turn  # the other's clock runs now
        for p in players:
            p.close()


def test_the_timeout_of_a_person_away_leaves_the_move_clock_running(db: Path) -> None:
    """One timer serves both: when it rings for a person away, the person to act keeps their
    move and their clock."""
    with client_for(db, human_timeout=0.3, move_timeout=60) as c:
        _, _, players = start_friends(c, "pairs", ("human", "human", "human", "bot:random"))
        state = players[0].last_state
        while state["observation"]["turn"] == 3:  # the computer plays up to a person
            state = players[0].recv()
        turn = state["observation"]["turn"]
        away = next(p for p in players[1:] if p.seat != turn)
        away.close()
        assert [e["type"] for e in players[0].recv()["events"]] == ["presence"]
        m = players[0].recv()
        assert m["events"] == [{"type": "autoplay", "seat": away.seat, "on": True}]
        assert m["clock"]["seat"] == turn and m["clock"]["left"] > 50
        for p in players:
            if p is not away:
                p.close()


def test_no_clock_when_one_person_plays_against_the_computer(client: TestClient) -> None:
    me = _solo(client)
    assert me.last_state["clock"] is None
    me.close()


def test_a_resignation_hands_the_seat_to_the_computer_and_is_recorded(db: Path) -> None:
    with client_for(db) as c:
        tid, tokens, (host, guest) = start_friends(c)
        guest.send({"type": "resign"})
        m = host.recv()
        assert m["events"][0] == {"type": "resigned", "seat": 1, "name": "P0"}
        assert m["table"]["resigned"] == [1]
        assert m["table"]["seats"][1]["kind"] == "bot"
        watched = guest.recv()  # the one who left now watches: no hand
        assert watched["spectator"] is True and watched["observation"]["hand"] == []
        guest.send({"type": "action", "action": "Ad"})
        for _ in range(200):  # the computers play on for seat 1 while seat 0 plays
            reply = guest.recv()
            if reply["type"] == "error":
                assert reply["code"] == "spectator"
                break
        host.send({"type": "resign"})  # the last person may leave too
        while not any(e["type"] == "resigned" for e in host.recv()["events"]):
            pass
        assert host.last_state["table"]["resigned"] == [1, 0]
        host.close()
        guest.close()
        info = c.get(f"/api/tables/{tid}").json()
        assert info["resigned"] == [1, 0]
    with client_for(db) as c:  # the record keeps it
        back = Player(c, tid, 1, tokens[1][1])
        first = back.connect()
        assert first["spectator"] is True and first["table"]["resigned"] == [1, 0]
        back.close()


def test_resigning_is_refused_before_the_start_and_for_a_computer_seat(client: TestClient) -> None:
    tid, tokens, _ = make_table(client, "classic", ["human", "human"])
    host, guest = connect_all(client, tid, tokens)
    host.send({"type": "resign"})
    assert host.recv()["code"] == "not_started"
    host.close()
    guest.close()


def test_a_finished_deal_can_be_reviewed_trick_by_trick(client: TestClient) -> None:
    me = _solo(client, match="deals:2")
    tid = me.table_id
    assert client.get(f"/api/tables/{tid}/deals/0").json()["code"] == "deal_not_over"
    while me.last_state["table"]["status"] == "playing":
        if me.last_state["observation"]["turn"] == 0:
            _my_move(me)
        me.recv()
    review = client.get(f"/api/tables/{tid}/deals/0")
    assert review.status_code == 200, review.text
    body = review.json()
    steps = body["steps"]
    assert len(steps) == 20 and body["review_url"] == f"/review/{tid}/0"
    assert [len(h) for h in steps[0]["hands"]] == [3, 3] and steps[0]["stock"] == 34
    assert sum(s["points"] for s in steps) == 120 == sum(steps[-1]["taken"])
    assert body["record"]["result"]["seat_points"] == steps[-1]["taken"]
    assert client.get(f"/api/tables/{tid}/deals/5").status_code == 404
    assert client.get("/api/tables/nope/deals/0").status_code == 404
    page = client.get(f"/review/{tid}/0")
    assert page.status_code == 200 and "review.js" in page.text
    me.close()
