"""Issue 12: the seats' WebSocket fuzzed with Hypothesis.

Live tables of people only (every preset; single deals and matches) get frames of every client
message type, valid and mutated (see :mod:`server.ws_frames`), from the seat to act and from the
others. Every frame gets exactly one answer to its sender: an error in the documented shape with
a known code (never ``internal``) and a short message, a ``pong``, or a ``state``; a change
reaches every seat as one ``state`` with the same events. Every socket still answers a ``ping``
after each batch, nothing is logged as an error, and afterwards every fuzzed table is played to
its end with legal moves. First frames (the hello) are fuzzed on sockets of their own. The frames
actually sent are counted and the count is asserted.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from server.fuzzing import SLOW_FACTOR, WS_INPUTS, check_ws_error, watch_log
from server.ws_frames import LEGAL, Frame, frames, hellos
from server_helpers import TestClient, client_for, make_table, nothing_pending, recv

PRESETS = ["classic", "three", "pairs", "six", "scoperta", "chiamata"]
MATCHES = ["single", "best-of:3", "single", "deals:2"]
BATCH = 25
"""Frames in one Hypothesis example (then every socket is pinged)."""

HELLO_SHARE = 10
"""One frame in this many of the default run is a fuzzed first frame (a hello)."""

PER_PRESET = WS_INPUTS * (HELLO_SHARE - 1) // HELLO_SHARE // len(PRESETS)
"""Frames sent to the live tables of each preset in the default run."""

CLOSE_REASONS = {"expected hello", "missing token", "bad token"}
"""Why the server may close a socket after its first frame (docs/web-protocol.md)."""

MOVE = Frame('{"type": "action", "action": "' + LEGAL + '"}')
"""A legal move of the seat to act (which one: its ``pick``)."""


class Seat:
    """One seat's socket; only its latest ``state`` is kept."""

    def __init__(self, client: TestClient, table_id: str, seat: int, token: str | None) -> None:
        """A seat's socket (its hello sent, its first state read); a spectator's without a
        token (``seat`` -1)."""
        self.seat = seat
        path = f"/ws/{table_id}" if token is not None else f"/ws/{table_id}/watch"
        self._cm = client.websocket_connect(path)
        self.ws = self._cm.__enter__()
        if token is not None:
            self.ws.send_json({"type": "hello", "token": token})
        self.state = self.recv()

    def recv(self) -> dict[str, Any]:
        message = recv(self.ws)
        if message["type"] == "state":
            self.state = message
        return message

    def close(self) -> None:
        self._cm.__exit__(None, None, None)


@dataclass
class Live:
    """A table being fuzzed and its seats' sockets."""

    table_id: str
    seats: list[Seat]
    watcher: Seat

    @property
    def sockets(self) -> list[Seat]:
        """The seats' sockets and the spectator's."""
        return [*self.seats, self.watcher]

    @property
    def state(self) -> dict[str, Any]:
        return self.seats[0].state

    @property
    def status(self) -> str:
        return str(self.state["table"]["status"])

    def sender(self, frame: Frame) -> Seat:
        """The seat that sends ``frame``."""
        if frame.who == "watch":
            return self.watcher
        if frame.who == "turn":
            turn = (self.state["observation"] or {}).get("turn")
            return self.seats[turn if isinstance(turn, int) else 0]
        return self.seats[int(frame.who) % len(self.seats)]


@dataclass
class Arena:
    """The live tables of one preset, what was sent to them and what they finished."""

    client: TestClient
    preset: str
    tables: list[Live] = field(default_factory=list)
    made: int = 0
    fuzzed: int = 0
    moves: int = 0
    finished: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(12))

    def new_table(self) -> Live:
        """A table of people only, every seat connected, started."""
        match = MATCHES[self.made % len(MATCHES)]
        self.made += 1
        table_id, tokens, _ = make_table(self.client, self.preset, None, match=match)
        seats = []
        for seat, token in tokens:
            seats.append(Seat(self.client, table_id, seat, token))
            for earlier in seats[:-1]:
                assert earlier.recv()["events"][0]["type"] == "presence"
        r = self.client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
        assert r.status_code == 200, r.text
        for s in seats:
            assert s.recv()["events"][0]["type"] == "deal_started"
        watcher = Seat(self.client, table_id, -1, None)  # the spectators' count: to all
        for s in [*seats]:
            assert s.recv()["events"] == [{"type": "spectators", "count": 1}]
        assert watcher.state["events"] == [{"type": "spectators", "count": 1}], watcher.state
        return Live(table_id, seats, watcher)

    def table(self, pick: int) -> Live:
        """One of the live tables (up to three); a finished one is replaced by a new one."""
        if pick >= len(self.tables):
            self.tables.append(self.new_table())
            return self.tables[-1]
        live = self.tables[pick]
        if live.status == "over":
            for s in live.sockets:
                s.close()
            self.finished += 1
            live = self.tables[pick] = self.new_table()
        return live

    def send(self, live: Live, frame: Frame) -> None:
        """Send one frame and check the answers (to the sender and to every other seat)."""
        sender = live.sender(frame)
        observation = sender.state["observation"] or {}
        content = frame.render(list(observation.get("legal", [])))
        if isinstance(content, bytes):
            sender.ws.send_bytes(content)
        else:
            sender.ws.send_text(content)
        reply = sender.recv()
        shown = content.decode(errors="replace") if isinstance(content, bytes) else content
        if frame.legal and observation.get("legal"):
            assert reply["type"] == "state" and reply["events"], (shown, reply)
        if reply["type"] == "error":
            check_ws_error(reply, shown)
        elif reply["type"] == "state":
            self.heard(live, sender, reply)
        else:
            assert reply == {"type": "pong"}, (shown, reply)

    def heard(self, live: Live, sender: Seat, reply: dict[str, Any]) -> None:
        """A ``state`` answer: a change (events) reaches every other seat once, alike."""
        assert set(reply) >= {"table", "observation", "events"}, reply
        assert reply["seat"] == sender.seat or reply.get("spectator") is True, reply
        if not reply["events"]:
            return  # a sync
        for other in live.sockets:
            if other is not sender:
                try:
                    message = other.recv()
                except TimeoutError:
                    raise AssertionError(
                        f"seat {other.seat} not told of {reply['events']}"
                    ) from None
                assert message["type"] == "state", message
                assert message["events"] == reply["events"], (message, reply)

    def all_answer(self, live: Live) -> None:
        """Every socket of the table still answers a ping, and nothing else is pending."""
        for s in live.sockets:
            s.ws.send_text('{"type": "ping"}')
            assert s.recv() == {"type": "pong"}
        assert nothing_pending(live.watcher.ws, 0.0)

    def close(self) -> None:
        """Close every socket of every table."""
        for live in self.tables:
            for s in live.sockets:
                s.close()

    def play_to_the_end(self, live: Live) -> None:
        """Legal moves (and ``next_deal`` from every seat between deals) until the match ends."""
        for _ in range(5_000):
            if live.status == "over":
                return
            if live.status == "deal_over":
                for i in range(len(live.seats)):
                    self.send(live, Frame('{"type": "next_deal"}', i))
                    self.moves += 1
            else:
                self.send(live, Frame(MOVE.content, "turn", self.rng.randrange(1000)))
                self.moves += 1
        raise AssertionError(f"table {live.table_id} did not end")


@pytest.fixture
def arena_client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "briscola.db") as client:
        yield client


def fuzz_preset(client: TestClient, preset: str, frames_wanted: int) -> Arena:
    """Fuzz live tables of ``preset`` with about ``frames_wanted`` frames, then play every one
    to its end."""
    arena = Arena(client, preset)
    examples = max(1, frames_wanted // BATCH)
    players = len(arena.table(0).seats)

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(pick=st.integers(0, 2), batch=st.lists(frames(players), min_size=BATCH, max_size=BATCH))
    def run(pick: int, batch: list[Frame]) -> None:
        live = arena.table(pick)
        for frame in batch:
            arena.send(live, frame)
            arena.fuzzed += 1
        arena.all_answer(live)
        arena.fuzzed += len(live.sockets)

    try:
        with watch_log() as log:
            run()
            for live in arena.tables:
                arena.play_to_the_end(live)
                arena.all_answer(live)
                arena.finished += 1
    finally:  # the test client waits for open sockets: close them even when a check failed
        arena.close()
    assert not log.problems(), log.problems()
    return arena


@pytest.mark.parametrize("preset", PRESETS)
def test_every_frame_is_answered_clearly(arena_client: TestClient, preset: str) -> None:
    arena = fuzz_preset(arena_client, preset, PER_PRESET)
    assert arena.fuzzed >= PER_PRESET * 0.95, arena.fuzzed
    assert arena.finished >= len(arena.tables) >= 1
    print(f"{preset}: {arena.fuzzed} frames, {arena.moves} moves to finish, {arena.finished} ended")


def fuzz_hellos(client: TestClient, wanted: int) -> int:
    """Open ``wanted`` sockets, each with a fuzzed first frame; how many were sent."""
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    token = tokens[1][1]
    sent = 0

    @settings(
        max_examples=wanted,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(first=hellos(token))
    def run(first: str | bytes) -> None:
        nonlocal sent
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            if isinstance(first, bytes):
                ws.send_bytes(first)
            else:
                ws.send_text(first)
            sent += 1
            try:
                reply = recv(ws)
            except WebSocketDisconnect as closed:
                assert closed.code == 1008 and closed.reason in CLOSE_REASONS, closed
                return
            assert reply["type"] == "state" and reply["seat"] == 1, reply
            assert json.loads(first) == {"type": "hello", "token": token}

    with watch_log() as log:
        run()
    assert not log.problems(), log.problems()
    return sent


def test_every_first_frame_is_a_seat_or_a_clear_close(arena_client: TestClient) -> None:
    wanted = WS_INPUTS // HELLO_SHARE
    sent = fuzz_hellos(arena_client, wanted)
    assert sent >= wanted * 0.95, sent


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_every_frame_is_answered_clearly_long(arena_client: TestClient, preset: str) -> None:
    arena = fuzz_preset(arena_client, preset, PER_PRESET * SLOW_FACTOR)
    print(f"{preset}: {arena.fuzzed} frames, {arena.moves} moves to finish, {arena.finished} ended")
    assert arena.fuzzed >= PER_PRESET * SLOW_FACTOR * 0.95, arena.fuzzed
    assert arena.finished >= len(arena.tables) >= 1


@pytest.mark.slow
def test_every_first_frame_is_a_seat_or_a_clear_close_long(arena_client: TestClient) -> None:
    wanted = WS_INPUTS // HELLO_SHARE * SLOW_FACTOR
    sent = fuzz_hellos(arena_client, wanted)
    print(f"first frames: {sent}")
    assert sent >= wanted * 0.95, sent
