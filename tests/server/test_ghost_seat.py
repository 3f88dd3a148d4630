"""A person's seat whose join was stored but whose answer was lost (a crash between the two: the
crash test's "ghost" seat, its token known to nobody) is played by the computer after the human
timeout, also after a restart, while the others play on: the crash test's pairs table of three
people that once stalled (tests/server/test_crash.py) had such a seat."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server import room as room_module
from server_helpers import Player, client_for

pytestmark = pytest.mark.server

TIMEOUT = 0.3


def _play_until_over(players: list[Player], moves: int) -> dict[str, object]:
    """The players move whenever it is their turn until the match is over (or ``moves`` states
    have been read): the last state."""
    state: dict[str, object] = {}
    for _ in range(moves):
        for p in players:
            state = p.recv(timeout=10)
            if state["type"] != "state":
                continue
            table, obs = state["table"], state["observation"]
            if table["status"] == "over":  # type: ignore[index]
                return state
            if obs and obs["turn"] == p.seat and table["status"] == "playing":  # type: ignore[index]
                p.send({"type": "action", "action": obs["legal"][0]})  # type: ignore[index]
    return state


class _EarlyAsyncio:
    """The asyncio module as the room sees it, but each timer of the loop rings early (at 80% of
    its time), as uvloop's millisecond timers on a cached clock sometimes do, by a little."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    def get_running_loop() -> Any:
        return _EarlyLoop(asyncio.get_running_loop())


class _EarlyLoop:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loop, name)

    def call_later(self, delay: float, callback: Any, *args: Any) -> asyncio.TimerHandle:
        return self.loop.call_later(delay * 0.8, callback, *args)


@pytest.mark.parametrize("early", [False, True], ids=["timers-on-time", "timers-early"])
def test_a_ghost_seat_is_played_by_the_computer_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, early: bool
) -> None:
    """With timers that wake early (every one, here) the seat's timeout is armed again for the
    time left, so the seat is still given to the computer and the match ends."""
    if early:
        monkeypatch.setattr(room_module, "asyncio", _EarlyAsyncio())
    db = tmp_path / "briscola.db"
    with client_for(db, human_timeout=TIMEOUT) as c:
        seats = ["human", "human", "human", "bot:random"]
        made = c.post("/api/tables", json={"preset": "pairs", "seats": seats}).json()
        table_id, code = made["table_id"], made["invite_code"]
        joined = c.post(f"/api/tables/{table_id}/join", json={"invite_code": code}).json()
        ghost = c.post(f"/api/tables/{table_id}/join", json={"invite_code": code}).json()
        assert ghost["seat"] == 2  # its token is forgotten: nobody will connect for it
        start = c.post(f"/api/tables/{table_id}/start", json={"token": made["token"]})
        assert start.status_code == 200
    tokens = {0: made["token"], joined["seat"]: joined["token"]}
    with client_for(db, human_timeout=TIMEOUT) as c:  # the restart: the table loaded again
        players = [Player(c, table_id, seat, token) for seat, token in tokens.items()]
        for p in players:
            assert p.connect()["type"] == "state"
        last = _play_until_over(players, 400)
        assert last["table"]["status"] == "over", last  # type: ignore[index]
        for p in players:
            p.close()
