"""A finished table leaves memory with its last socket (issue 12, the load benchmark's 18:58 run):
nothing piles up as tables end and new ones replace them. A finished table's room used to stay
a minute longer, held by the absent person's 60-second timeout, so that 1,000 tables in play
held about 1,000 finished ones too, and their tasks."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path
from typing import Any

import pytest

from server_helpers import Player, TestClient, client_for

pytestmark = pytest.mark.server


def _play_to_the_end(client: TestClient) -> tuple[str, Player]:
    """A play-now table against ``random``, played to its end by seat 0 (still connected)."""
    reply = client.post("/api/play", json={"level": "random", "name": "Anna"})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    player = Player(client, body["table_id"], 0, body["token"])
    state = player.connect()
    while state["table"]["status"] != "over":
        obs = state["observation"]
        if obs["turn"] == 0 and obs["legal"]:
            player.send({"type": "action", "action": obs["legal"][0]})
        state = player.recv()
    return body["table_id"], player


def _rooms(client: TestClient) -> Any:
    return client.app.state.rooms  # type: ignore[attr-defined]


def _gone(ref: weakref.ref[Any], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while ref() is not None and time.monotonic() < deadline:
        time.sleep(0.02)
        gc.collect()
    return ref() is None


def test_a_finished_tables_room_leaves_memory_with_its_last_socket(db: Path) -> None:
    with client_for(db, human_timeout=60.0) as client:
        table_id, player = _play_to_the_end(client)
        room = weakref.ref(_rooms(client)._rooms[table_id])
        player.close()
        assert _gone(room), "something still holds the finished table's room"
        assert table_id not in _rooms(client)._rooms
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"  # stored


def test_tables_that_end_and_are_replaced_do_not_pile_up(db: Path) -> None:
    with client_for(db, human_timeout=60.0) as client:
        rooms = []
        for _ in range(5):
            table_id, player = _play_to_the_end(client)
            rooms.append(weakref.ref(_rooms(client)._rooms[table_id]))
            player.close()
        assert all(_gone(room) for room in rooms)
        assert len(_rooms(client)) == 0
