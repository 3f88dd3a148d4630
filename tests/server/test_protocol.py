"""The WebSocket protocol declared once (apps/server/protocol.py): whole games walked through the
server send only messages of the server's union (strictly: no field it does not declare), every
message type after the hello has exactly one handler, and a message type added by the recipe of
docs/web-protocol.md ("Adding a message") is validated, dispatched and rate limited by the socket
loop like the others."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Any, Literal, Union

import pytest
from pydantic import Field, TypeAdapter

from briscola.apps.server.app import dispatch
from briscola.apps.server.errors import Refusal
from briscola.apps.server.protocol import (
    ActionMessage,
    ClientMessage,
    Peer,
    PingMessage,
    Reader,
    Route,
    ServerMessage,
    SocketMessage,
    Strict,
    TableEvent,
    example,
    handlers,
    models_of,
    type_of,
)
from server.test_spectators import Spectator
from server_helpers import Player, TestClient, connect_all, make_table, pending, players_of

pytestmark = pytest.mark.server

SERVER: TypeAdapter[Any] = TypeAdapter(ServerMessage)
CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def test_every_message_after_the_hello_has_one_handler() -> None:
    after_hello = [type_of(m) for m in models_of(SocketMessage)]
    assert set(handlers) == set(after_hello)
    assert ["hello", *after_hello] == [type_of(m) for m in models_of(ClientMessage)]
    assert {t for t, route in handlers.items() if route.spectators} == {"ping", "sync"}


def test_each_client_message_example_is_valid() -> None:
    for model in models_of(ClientMessage):
        assert CLIENT.validate_python(example(model)) == model.model_validate(example(model))


def test_the_session_events_are_each_declared() -> None:
    declared = {type_of(m) for m in models_of(TableEvent)}
    assert len(declared) == 22
    # the events the session and the server make: the classes of briscola.session.events
    assert {"deal_started", "played", "trick", "deal_over", "match_over", "spectators"} <= declared


# -- whole games, every message checked ---------------------------------------------------------
def strictly(message: dict[str, Any]) -> str:
    """The message's type, once the server's union accepted it strictly (JSON types, no field
    it does not declare)."""
    parsed = SERVER.validate_json(json.dumps(message), strict=True)
    return str(parsed.type)


@dataclass
class Seen:
    """The messages' types and the events' types the sockets were sent."""

    messages: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)
    count: int = 0

    def check(self, message: dict[str, Any]) -> dict[str, Any]:
        self.messages.add(strictly(message))
        _record(message)
        self.events |= {e["type"] for e in message.get("events", [])}
        self.count += 1
        return message


FIXTURE = Path(__file__).resolve().parents[1] / "js" / "protocol-messages.json"
"""Real messages of the server, one of each kind (tests/js/protocol.test.js validates them
against docs/web-protocol.schema.json). Recorded by the whole games below when
``BRISCOLA_RECORD_PROTOCOL=1``; checked against the server's union on every run."""

_RECORDED: dict[str, dict[str, Any]] = {}


def _kind(message: dict[str, Any]) -> str:
    """What a recorded message stands for: its type, a state's last event, a spectator's."""
    if message["type"] != "state":
        return str(message["type"])
    last = message["events"][-1]["type"] if message["events"] else "none"
    players = any("player" in seat for seat in message["table"]["seats"])  # who took the seats
    return (f"state:{last}" + (":players" if players else "")
            + (":spectator" if message.get("spectator") else ""))  # fmt: skip


def _record(message: dict[str, Any]) -> None:
    """Keep the first message of its kind (one spectator's state only) in :data:`FIXTURE`."""
    kind = _kind(message)
    spectators = kind.endswith(":spectator") and any(k.endswith(":spectator") for k in _RECORDED)
    if os.environ.get("BRISCOLA_RECORD_PROTOCOL") != "1" or kind in _RECORDED or spectators:
        return
    _RECORDED[kind] = json.loads(re.sub(r"#token=[\w-]+", "#token=T", json.dumps(message)))
    lines = ",\n".join(json.dumps(m, ensure_ascii=False) for m in _RECORDED.values())
    FIXTURE.write_text(f"[\n{lines}\n]\n", encoding="utf-8")


def test_the_recorded_messages_are_the_servers() -> None:
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    kinds = {_kind(m) for m in recorded}
    assert {"state:none", "state:played", "error", "pong", "rematch"} <= kinds
    assert {"state:trick", "state:match_over", "state:spectators:spectator"} <= kinds
    for message in recorded:
        strictly(message)


def _drain(sockets: list[Player | Spectator], seen: Seen) -> None:
    """Read and check whatever each socket was sent, until nothing more comes."""
    for s in sockets:
        while (message := pending(s.ws)) is not None:
            if isinstance(s, Player):
                s.messages.append(message)
            seen.check(message)


def _walk(client: TestClient, preset: str, options: dict[str, Any], match: str, seed: int) -> Seen:
    """A table of people and a spectator, played to the end of its match at random with pings,
    syncs, refusals and a speed, then a rematch: every message any socket is sent is checked."""
    rng, seen = random.Random(seed), Seen()
    n = players_of(client, preset)
    table_id, tokens, _ = make_table(client, preset, ["human"] * n, options, match)
    players = connect_all(client, table_id, tokens)
    for p in players:
        for m in p.messages:
            seen.check(m)
    spectator = Spectator(client, table_id)
    everyone: list[Player | Spectator] = [*players, spectator]

    def each(kind: str = "state") -> None:  # one message to every socket
        for s in everyone:
            assert seen.check(s.recv())["type"] == kind

    each()  # a spectator came
    assert client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]}).is_success
    each()
    players[0].send({"type": "speed", "speed": "veloce"})
    each()
    spectator.send({"type": "action", "action": "Ad"})  # refused: a spectator only watches
    spectator.send({"type": "sync"})
    assert [seen.check(spectator.recv())["type"] for _ in "ab"] == ["error", "state"]
    by_seat = {p.seat: p for p in players}
    for step in range(10_000):
        state = players[0].last_state
        status = state["table"]["status"]
        if status == "over":
            break
        if status == "deal_over":
            for p in players:
                p.send({"type": "next_deal"})
                each()
            continue
        actor = by_seat[state["observation"]["turn"]]
        if step % 7 == 0:
            actor.send({"type": "ping"})
            actor.send({"type": "action", "action": "zz"})  # refused: no action
            assert [seen.check(actor.recv())["type"] for _ in "ab"] == ["pong", "error"]
        actor.send(
            {"type": "action", "action": rng.choice(actor.last_state["observation"]["legal"])}
        )
        each()
    for p in players:
        p.send({"type": "rematch"})
    _drain(everyone, seen)
    spectator.close()
    for p in players:
        p.close()
    return seen


WALKS = [
    ("classic", {"accusi": True, "exchange": "two"}, "deals:2"),
    ("pairs", {}, "single"),
    ("pairs", {"signals": True}, "single"),
    ("chiamata", {}, "single"),
]


@pytest.mark.parametrize(("preset", "options", "match"), WALKS)
def test_every_message_of_whole_games_is_the_protocols(
    client: TestClient, preset: str, options: dict[str, Any], match: str
) -> None:
    seen = _walk(client, preset, options, match, seed=len(options))
    assert seen.messages == {"state", "error", "pong", "rematch"}
    assert {"deal_started", "played", "trick", "deal_over", "match_over", "presence"} <= seen.events
    assert {"spectators", "speed", "rematch_asked", "rematch"} <= seen.events
    if preset == "chiamata":
        assert {"bid", "called"} <= seen.events
    if match != "single":
        assert "ready" in seen.events
    assert seen.count > 50


def test_a_message_the_server_would_not_send_is_refused_by_the_union() -> None:
    pong = {"type": "pong"}
    assert strictly(pong) == "pong"
    with pytest.raises(ValueError, match="extra"):
        strictly({**pong, "spectators": 1})
    with pytest.raises(ValueError):
        strictly({"type": "error", "code": "bad_json"})  # no message


# -- a message added by the recipe ----------------------------------------------------------------
class WaveMessage(Strict):
    """A toy message: wave at the table with one hand."""

    type: Literal["wave"]
    hand: Literal["left", "right"] = Field(examples=["left"])


class _Socket:
    """A socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.scope = {"client": ("10.0.0.7", 5000)}
        self.sent: list[dict[str, Any]] = []


@dataclass
class _Limiter:
    """Three messages a client, then a wait of 20 s."""

    taken: list[tuple[str, str]] = field(default_factory=list)

    def take(self, kind: str, key: str) -> float | None:
        self.taken.append((kind, key))
        return None if len(self.taken) <= 3 else 20.0


@dataclass
class _Room:
    """What the socket loop asks of a room: its rooms' limiter, its id and its errors."""

    rooms: SimpleNamespace
    table_id: str = "t1"
    lang: str | None = None  # the server's own words, with the details

    async def error(self, ws: _Socket, refusal: Refusal) -> None:
        ws.sent.append(refusal.worded(self.lang))


def test_a_new_message_is_validated_dispatched_and_rate_limited() -> None:
    asyncio.run(_a_new_message())


async def _a_new_message() -> None:
    waves: list[tuple[int | None, str]] = []

    async def wave(room: Any, peer: Peer, message: WaveMessage) -> None:
        waves.append((peer.seat, message.hand))

    reader = Reader(Annotated[Union[PingMessage, WaveMessage], Field(discriminator="type")])  # noqa: UP007
    routes = {**handlers, "wave": Route(wave, spectators=False)}
    room, ws = _Room(SimpleNamespace(limiter=_Limiter())), _Socket()
    seat, spectator = Peer(ws, 1), Peer(ws, None)  # type: ignore[arg-type]

    async def send(peer: Peer, message: dict[str, Any]) -> None:
        await dispatch(room, peer, json.dumps(message), reader.read, routes)  # type: ignore[arg-type]

    await send(seat, {"type": "wave", "hand": "left"})
    assert waves == [(1, "left")] and ws.sent == []
    await send(seat, {"type": "wave", "hand": "left", "foot": "right"})
    assert ws.sent[-1]["code"] == "bad_message"
    assert "a wave message is {'type': 'wave', 'hand': 'left'}" in ws.sent[-1]["message"]
    await send(spectator, {"type": "wave", "hand": "right"})
    assert ws.sent[-1]["code"] == "spectator" and waves == [(1, "left")]
    await send(seat, {"type": "wave", "hand": "right"})  # the fourth message: over the rate
    assert ws.sent[-1]["code"] == "rate_limited" and waves == [(1, "left")]
    assert ws.sent[-1]["message"] == "too many messages: wait 20 s"
    assert room.rooms.limiter.taken == [("message", "10.0.0.7")] * 4  # every message counted once


def test_an_action_example_is_a_real_action() -> None:
    assert example(ActionMessage) == {"type": "action", "action": "Ad"}
