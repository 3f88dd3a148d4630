"""The points of each rank travel with every ``state`` message (``card_points``), under the
table's ruleset: the web client counts tricks with them and keeps no table of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server.protocol import StateMessage
from server_helpers import Player, client_for

CLASSIC = {"A": 11, "2": 0, "3": 10, "4": 0, "5": 0, "6": 0, "7": 0, "F": 2, "C": 3, "R": 4}
INVERTED = {**CLASSIC, "3": 0, "7": 10}


def _first_state(db: Path, preset: str, options: dict[str, Any]) -> dict[str, Any]:
    with client_for(db) as client:
        r = client.post("/api/play", json={"preset": preset, "options": options})
        assert r.status_code == 200, r.text
        body = r.json()
        me = Player(client, body["table_id"], 0, body["token"])
        state = me.connect()
        me.close()
    StateMessage.model_validate(state)
    return state


@pytest.mark.parametrize(
    ("preset", "options", "points"),
    [
        ("classic", {}, CLASSIC),
        ("classic", {"inversion": True}, INVERTED),
        ("pairs", {"inversion": True}, INVERTED),
        ("chiamata", {}, CLASSIC),
    ],
)
def test_state_carries_the_points_of_each_rank(
    tmp_path: Path, preset: str, options: dict[str, Any], points: dict[str, int]
) -> None:
    state = _first_state(tmp_path / "db.sqlite", preset, options)
    assert state["type"] == "state"
    assert state["card_points"] == points
    assert sum(points.values()) * 4 == 120
