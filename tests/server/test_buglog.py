"""A bug in handling a message: the player keeps their socket, and the log gets one traceback, not
one per message."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from briscola.apps.server.protocol import Peer, Route, handlers
from briscola.apps.server.room import Room
from server_helpers import Player, client_for, make_table


def test_a_repeated_failure_is_answered_each_time_and_logged_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(room: Room, peer: Peer, message: object) -> None:
        raise RuntimeError("a bug")

    with client_for(tmp_path / "b.db") as c:
        table_id, tokens, _ = make_table(c, "classic", ["human", "bot"])
        me = Player(c, table_id, 0, tokens[0][1])
        me.connect()
        monkeypatch.setitem(handlers, "ping", Route(broken, spectators=True))
        with caplog.at_level(logging.ERROR, logger="briscola.apps.server.app"):
            for _ in range(50):
                me.send({"type": "ping"})
                assert me.recv()["code"] == "internal"
        me.close()
    tracebacks = [r for r in caplog.records if r.exc_info is not None]
    assert len(tracebacks) == 1
    assert "RuntimeError: a bug" in caplog.text
