"""An idle table that leaves memory keeps its seats' flags (issue 12): a seat the stand-in plays
because its person stayed away (autoplay) and a seat that asked for the next deal (ready) are
the same when the table is loaded again, and a table that moved on since is not given stale
flags."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server.store import Progress
from server_helpers import Player, TestClient, client_for, make_table

pytestmark = pytest.mark.server

TIMEOUT = 1.0
"""The seconds an absent person's seat waits before the stand-in plays it, in these tests."""


def _wait_for(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _app(db: Path) -> Any:
    return client_for(db, idle_seconds=0.1, human_timeout=TIMEOUT)


def _seats(state: dict[str, Any], flag: str) -> list[int]:
    return [i for i, s in enumerate(state["table"]["seats"]) if s[flag]]


def _start(client: TestClient) -> tuple[str, list[Player]]:
    """A friends' table of two people, started; nobody connected."""
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"], match="deals:2")
    r = client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    assert r.status_code == 200, r.text
    return table_id, [Player(client, table_id, seat, token) for seat, token in tokens]


def _evicted(client: TestClient, table_id: str) -> dict[str, Any]:
    """Wait until the table left memory and its seat flags are stored (through the group
    commit, not waited for by the eviction): the flags kept."""
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    storage = client.app.state.storage  # type: ignore[attr-defined]
    _wait_for(lambda: table_id not in rooms._rooms)
    _wait_for(lambda: storage.load(table_id).seat_flags is not None)
    kept: dict[str, Any] = storage.load(table_id).seat_flags
    return kept


def test_a_seat_on_autoplay_is_still_on_autoplay_after_eviction(db: Path) -> None:
    with _app(db) as client:
        table_id, (anna, bruno) = _start(client)
        state = anna.connect()
        _wait_for(lambda: 1 in _seats(anna.recv(), "autoplay"), 3 * TIMEOUT + 5)  # bruno away
        anna.close()
        assert _evicted(client, table_id)["autoplay"] == [1]
        state = Player(client, table_id, 0, anna.token).connect()  # loaded again
        assert _seats(state, "autoplay") == [1]  # at once, not after another timeout
        assert _seats(bruno.connect(), "autoplay") == []  # bruno comes back: his seat again


def _play_deal(players: list[Player], rng: random.Random) -> dict[str, Any]:
    """Both people play random legal cards until the deal is over: the last state."""
    by_seat = {p.seat: p for p in players}
    state = players[0].last_state
    while state["table"]["status"] == "playing":
        actor = by_seat[state["observation"]["turn"]]
        actor.send(
            {"type": "action", "action": rng.choice(actor.last_state["observation"]["legal"])}
        )
        for p in players:
            assert p.recv()["type"] == "state"
        state = players[0].last_state
    return state


def test_a_seat_that_asked_for_the_next_deal_has_still_asked_after_eviction(db: Path) -> None:
    with _app(db) as client:
        table_id, (anna, bruno) = _start(client)
        anna.connect()
        bruno.connect()
        anna.recv()  # bruno's arrival
        state = _play_deal([anna, bruno], random.Random(3))
        assert state["table"]["status"] == "deal_over"
        anna.send({"type": "next_deal"})
        assert _seats(anna.recv(), "ready") == [0]
        bruno.recv()
        anna.close()
        bruno.close()
        _evicted(client, table_id)
        anna, bruno = (Player(client, table_id, p.seat, p.token) for p in (anna, bruno))
        assert _seats(anna.connect(), "ready") == [0]
        state = bruno.connect()
        assert state["table"]["status"] == "deal_over" and _seats(state, "ready") == [0]
        anna.recv()
        bruno.send({"type": "next_deal"})  # the second asks: the next deal is dealt
        events = [e["type"] for e in bruno.recv()["events"]]
        assert "deal_started" in events and bruno.last_state["table"]["deal"] == 1
        anna.close()
        bruno.close()


def test_flags_kept_for_an_earlier_point_of_the_game_are_not_given_back(db: Path) -> None:
    with _app(db) as client:
        table_id, (anna, _) = _start(client)
        anna.connect()
        _wait_for(lambda: 1 in _seats(anna.recv(), "autoplay"), 3 * TIMEOUT + 5)
        anna.close()
        kept = _evicted(client, table_id)
        kept["at"][1] -= 1  # kept one action earlier: the table moved on since (elsewhere)
        storage = client.app.state.storage  # type: ignore[attr-defined]
        storage.save_many([Progress(table_id, columns={"seat_flags": kept})])
        state = Player(client, table_id, 0, anna.token).connect()
        assert _seats(state, "autoplay") == []  # stale: bruno's seat waits its timeout again
