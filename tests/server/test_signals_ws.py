"""Partner signals through the server (issue 14, item 2): a pairs and a six table of people with
the signals option, played to the end over the WebSocket with random legal moves (signs among
them): every message a seat receives holds the meaning of its own side's signs only, never an
opponent's; the public events say only that a sign was made."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_helpers import play_humans
from signal_helpers import meanings

pytestmark = pytest.mark.server


@pytest.mark.parametrize("preset", ["pairs", "six"])
def test_no_seat_is_sent_an_opponents_sign(client: TestClient, preset: str) -> None:
    _, players = play_humans(client, preset, seed=3, options={"signals": True})
    signs = 0
    for p in players:
        for message in p.messages:
            for event in message.get("events", []):
                assert meanings(event) == [], event
                if event["type"] == "signalled":
                    assert set(event) == {"type", "seat", "trick", "action"}
                    assert event["action"] == "signal"
                    signs += 1
            obs: Any = message.get("observation")
            if not obs:
                continue
            theirs = [s for s in obs["signals"] if s["seat"] % 2 != p.seat % 2]
            ours = [s for s in obs["signals"] if s["seat"] % 2 == p.seat % 2]
            assert all(s["signal"] is None for s in theirs)
            assert all(s["signal"] is not None for s in ours)
            # each of its side's signs once in "signals", once in "actions": nothing more
            assert len(meanings(message)) == 2 * len(ours), message
            assert obs["actions"].count("signal") == len(theirs)
    assert signs > 0


def test_a_sign_is_refused_without_the_option(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"preset": "classic", "options": {"signals": True}, "host_name": "Anna"},
    )
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad_options"
    assert "unknown option 'signals' for classic" in r.json()["message"]
