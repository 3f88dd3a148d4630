"""La rivincita: once the match is over everyone present asks, and a new table starts with the
same rules and the seats rotated; absent people go to the computer; each asker gets a new link."""

from __future__ import annotations

import random
from pathlib import Path

from briscola.apps.server.room import rotated_seats
from briscola.core.rules import preset
from briscola.session.table import Seat, Table
from server_helpers import Player, TestClient, client_for, connect_all, make_table


def _play_to_the_end(players: list[Player], seed: int = 1) -> None:
    """Random legal moves by whoever is to act, until every seat sees the match over."""
    rng = random.Random(seed)
    by_seat = {p.seat: p for p in players}
    while players[0].last_state["table"]["status"] != "over":
        state = players[0].last_state
        if state["table"]["status"] == "deal_over":
            for p in players:
                p.send({"type": "next_deal"})
                for q in players:
                    q.recv()
            continue
        obs = state["observation"]
        if obs["turn"] in by_seat:
            actor = by_seat[obs["turn"]]
            legal = actor.last_state["observation"]["legal"]
            actor.send({"type": "action", "action": rng.choice(legal)})
        for p in players:
            p.recv()


def _token_of(url: str) -> str:
    return url.split("#token=")[1]


def test_a_rematch_starts_when_everyone_present_asks(client: TestClient) -> None:
    tid, tokens, _ = make_table(client, "three", ["human", "human", "bot:random"], {"accusi": True})
    anna, bea = connect_all(client, tid, tokens)
    client.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
    anna.recv()
    bea.recv()
    _play_to_the_end([anna, bea])
    assert anna.last_state["rematch"] == {"votes": [], "table_id": None}
    anna.send({"type": "rematch"})
    for p in (anna, bea):
        m = p.recv()
        assert m["events"] == [{"type": "rematch_asked", "seat": 0}]
        assert m["rematch"]["votes"] == [0]
    anna.send({"type": "rematch"})  # asking twice changes nothing
    anna.recv()
    bea.recv()
    bea.send({"type": "rematch"})
    links = {p.seat: p.recv() for p in (anna, bea)}
    for seat, link in links.items():
        assert link["type"] == "rematch" and link["url"].startswith(f"/table/{link['table_id']}")
        assert f"?seat={(seat + 1) % 3}#" in link["url"]
    new_id = links[0]["table_id"]
    last = anna.recv()
    assert {"type": "rematch", "table_id": new_id} in last["events"]
    assert last["rematch"]["table_id"] == new_id
    storage = client.app.state.storage  # type: ignore[attr-defined]
    assert storage.load(tid).rematch_id == new_id and storage.load(new_id).rematch_of == tid
    old = client.get(f"/api/tables/{tid}").json()
    new = client.get(f"/api/tables/{new_id}").json()
    assert new["status"] == "playing" and new["ruleset"] == old["ruleset"]
    assert [s["name"] for s in new["seats"]] == [old["seats"][2]["name"], "Anna", "P0"]
    assert [s["kind"] for s in new["seats"]] == ["bot", "human", "human"]
    # the new links are seats of the new table
    a2 = Player(client, new_id, 1, _token_of(links[0]["url"]))
    assert a2.connect()["seat"] == 1
    b2 = Player(client, new_id, 2, _token_of(links[1]["url"]))
    assert b2.connect()["seat"] == 2
    bea.send({"type": "rematch"})
    while (reply := bea.recv())["type"] != "error":
        pass
    assert reply["code"] == "rematch_started"
    for p in (anna, bea, a2, b2):
        p.close()


def test_an_absent_person_goes_to_the_computer_in_the_rematch(db: Path) -> None:
    with client_for(db) as c:
        tid, tokens, _ = make_table(c, "classic", ["human", "human"])
        anna, bea = connect_all(c, tid, tokens)
        c.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
        anna.recv()
        bea.recv()
        _play_to_the_end([anna, bea])
        anna.send({"type": "rematch"})
        anna.recv()
        bea.recv()
        bea.close()  # Bea leaves without asking: Anna is everyone present now
        link = anna.recv()
        while link["type"] != "rematch":
            link = anna.recv()
        new = c.get(f"/api/tables/{link['table_id']}").json()
        assert [(s["kind"], s["name"]) for s in new["seats"]] == [("bot", "P0"), ("human", "Anna")]
        anna.close()


def test_a_rematch_is_asked_only_once_the_match_is_over(client: TestClient) -> None:
    r = client.post("/api/play", json={"preset": "classic", "level": "random"})
    me = Player(client, r.json()["table_id"], 0, r.json()["token"])
    me.connect()
    me.send({"type": "rematch"})
    while (reply := me.recv())["type"] != "error":  # the computer may move meanwhile
        pass
    assert reply["code"] == "match_not_over"
    me.close()


def test_a_solo_rematch_starts_at_once_and_keeps_the_speed(client: TestClient) -> None:
    r = client.post("/api/play", json={"preset": "classic", "level": "random"})
    me = Player(client, r.json()["table_id"], 0, r.json()["token"])
    me.connect()
    me.send({"type": "speed", "speed": "lenta"})
    while me.last_state["speed"] != "lenta":
        me.recv()
    _play_to_the_end([me])
    me.send({"type": "rematch"})
    link = me.recv()
    assert link["type"] == "rematch" and "?seat=1#token=" in link["url"]
    again = Player(client, link["table_id"], 1, _token_of(link["url"]))
    first = again.connect()
    assert first["speed"] == "lenta" and first["table"]["status"] == "playing"
    me.close()
    again.close()


def test_the_seats_rotate_by_one() -> None:
    table = Table(
        preset("pairs"),
        [Seat.human("A"), Seat.computer("random", "B"), Seat.human("C"), Seat.human("D")],
    )
    seats = rotated_seats(table, {0, 3}, "simple")
    assert [(s.kind, s.name) for s in seats] == [
        ("human", "D"),
        ("human", "A"),
        ("bot", "B"),
        ("bot", "C"),
    ]
    assert seats[3].bot == "simple" and seats[2].bot == "random"
