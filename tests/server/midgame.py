"""A game left in the middle and taken up again, for the restart tests (on SQLite and on
PostgreSQL)."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from server_helpers import Player, TestClient

__all__ = ["restart_mid_game"]


def restart_mid_game(
    open_client: Callable[[], AbstractContextManager[TestClient]], rng: random.Random
) -> None:
    """A game left in the middle on one server is found exactly as it was on a new server on
    the same database (``open_client`` opens each), and goes on there to the end of its match."""
    with open_client() as first:
        body, before = _leave_mid_game(first, rng)
    with open_client() as second:
        _come_back(second, body, before)
        me = _play_to_the_end(second, body["table_id"], body["token"], rng)
        assert me.last_state["table"]["status"] == "over"


def _leave_mid_game(
    client: TestClient, rng: random.Random, moves: int = 5
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play now (pairs, best of 3, random bots): seat 0 makes ``moves`` random moves and leaves
    on its turn. The play reply (``table_id``, ``token``...) and the last state seat 0 saw."""
    body = client.post(
        "/api/play", json={"preset": "pairs", "level": "random", "match": "best-of:3"}
    ).json()
    me = Player(client, body["table_id"], 0, body["token"])
    me.connect()
    made = 0
    while made < moves:
        state = me.last_state
        obs = state["observation"]
        if obs["turn"] == 0 and state["table"]["status"] == "playing":
            me.send({"type": "action", "action": rng.choice(obs["legal"])})
            made += 1
        me.recv()
    while me.last_state["observation"]["turn"] != 0:
        me.recv()
    before = me.last_state
    me.close()
    return body, before


def _come_back(client: TestClient, body: dict[str, Any], before: dict[str, Any]) -> None:
    """Seat 0 of the table :func:`_leave_mid_game` left finds it exactly as it was: still playing,
    the same observation, match and deal."""
    assert client.get(f"/api/tables/{body['table_id']}").json()["status"] == "playing"
    again = Player(client, body["table_id"], 0, body["token"])
    after = again.connect()
    assert after["observation"] == before["observation"]
    assert after["table"]["match"] == before["table"]["match"]
    assert after["table"]["deal"] == before["table"]["deal"]
    again.close()


def _play_to_the_end(client: TestClient, table_id: str, token: str, rng: random.Random) -> Player:
    """Seat 0 plays random moves (and asks for each next deal) until the match is over."""
    me = Player(client, table_id, 0, token)
    me.connect()
    acted: set[tuple[int, int]] = set()
    asked: set[int] = set()
    while me.last_state["table"]["status"] != "over":
        state = me.last_state
        deal = state["table"]["deal"]
        if state["table"]["status"] == "deal_over" and deal not in asked:
            asked.add(deal)
            me.send({"type": "next_deal"})
        obs = state["observation"]
        key = (deal, len(obs["actions"]))
        if state["table"]["status"] == "playing" and obs["turn"] == 0 and key not in acted:
            acted.add(key)
            me.send({"type": "action", "action": rng.choice(obs["legal"])})
        me.recv()
    me.close()
    return me
