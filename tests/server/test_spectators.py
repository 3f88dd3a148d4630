"""Spectators: the watch socket, what they are sent (public information only, proved over whole
games of every preset), what they may send, and the count every seat is told."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from briscola.apps.server.protocol import StateMessage
from briscola.apps.server.store import StoredTable
from briscola.core.game import Phase, State
from briscola.core.rules import Ruleset
from server_helpers import (
    Player,
    TestClient,
    card_tokens,
    cards_on_the_table,
    connect_all,
    deal_states,
    make_table,
    players_of,
    recv,
)


class Spectator:
    """A spectator's socket and every message it received."""

    def __init__(self, client: TestClient, table_id: str) -> None:
        self._cm = client.websocket_connect(f"/ws/{table_id}/watch")
        self.ws = self._cm.__enter__()
        self.messages: list[dict[str, Any]] = []

    def recv(self) -> dict[str, Any]:
        message = recv(self.ws)
        self.messages.append(message)
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)

    def close(self) -> None:
        self._cm.__exit__(None, None, None)


def public_now(state: State) -> set[str]:
    """The cards everybody may see in ``state``, from the rules (not from public_view())."""
    seen = cards_on_the_table(state)
    if state.phase is Phase.OVER:
        seen |= {str(c) for hand in state.hands for c in hand}
    return seen


def check_spectator(client: TestClient, table_id: str, spectator: Spectator) -> int:
    """Every card in every message to the spectator is public at that moment; the hidden
    partner of chiamata is never named before the called card is played."""
    stored = client.app.state.storage.load(table_id)  # type: ignore[attr-defined]
    return check_watched(stored, spectator.messages)


def check_watched(stored: StoredTable, messages: list[dict[str, Any]]) -> int:
    """:func:`check_spectator` of the ``messages`` a spectator of the ``stored`` table got
    (any process's): how many states were checked."""
    ruleset = Ruleset.from_dict(stored.ruleset)
    removed = {str(c) for c in ruleset.removed}
    known: dict[tuple[int, int], set[str]] = {}
    so_far = set(removed)
    for number, (dealer, deck, actions) in enumerate(stored.deals):
        for i, state in enumerate(deal_states(ruleset, dealer, deck, actions)):
            so_far |= public_now(state)
            known[(number, i)] = set(so_far)
    checked = 0
    for message in messages:
        if message["type"] != "state":
            continue
        StateMessage.model_validate(message)
        assert message["spectator"] is True and message["invite_url"] is None
        obs = message["observation"]
        deal = message["table"]["deal"]
        allowed = removed if deal is None else known[(deal, len(obs["actions"]))]
        cards = card_tokens(message)
        assert cards <= allowed, (sorted(cards - allowed), message)
        if obs is not None:
            assert obs["hand"] == [] and obs["legal"] == [] and obs["seat"] is None
            if obs["partner"] is not None and obs["phase"] != "over":
                played = [c for t in obs["tricks"] for _, c in t["plays"]]
                assert obs["called"] in played + [c for _, c in obs["trick"]]
        checked += 1
    return checked


def _play_watched(client: TestClient, preset: str, seed: int, options: dict[str, Any]) -> int:
    """A table of people played to its end at random, watched from its start."""
    rng = random.Random(seed)
    n = players_of(client, preset)
    table_id, tokens, _ = make_table(client, preset, ["human"] * n, options)
    players = connect_all(client, table_id, tokens)
    spectator = Spectator(client, table_id)
    assert spectator.recv()["events"] == [{"type": "spectators", "count": 1}]
    for p in players:
        assert p.recv()["spectators"] == 1
    assert client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]}).is_success
    everyone: list[Player | Spectator] = [*players, spectator]
    for q in everyone:
        q.recv()
    by_seat = {p.seat: p for p in players}
    while players[0].last_state["table"]["status"] == "playing":
        obs = players[0].last_state["observation"]
        actor = by_seat[obs["turn"]]
        actor.send(
            {"type": "action", "action": rng.choice(actor.last_state["observation"]["legal"])}
        )
        for q in everyone:
            assert q.recv()["type"] == "state"
    checked = check_spectator(client, table_id, spectator)
    spectator.close()
    for p in players:
        p.close()
    return checked


CASES = [
    ("classic", {"accusi": True, "exchange": "two"}),
    ("scoperta", {}),
    ("three", {}),
    ("pairs", {"tricks_visible": "always"}),
    ("pairs", {"partners_show_first": True}),
    ("six", {"accusi": True}),
    ("chiamata", {}),
]


@pytest.mark.parametrize(("preset", "options"), CASES)
def test_a_spectator_is_never_sent_a_hidden_card(
    client: TestClient, preset: str, options: dict[str, Any]
) -> None:
    checked = sum(_play_watched(client, preset, seed, options) for seed in range(2))
    assert checked > 20


def test_a_spectator_may_only_watch(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    spectator = Spectator(client, table_id)
    first = spectator.recv()
    assert first["table"]["status"] == "waiting" and first["observation"] is None
    spectator.send({"type": "action", "action": "Ad"})
    assert spectator.recv()["code"] == "spectator"
    spectator.send({"type": "ping"})
    assert spectator.recv() == {"type": "pong"}
    spectator.send({"type": "sync"})
    assert spectator.recv()["spectator"] is True
    spectator.send({"type": "hello", "token": tokens[0][1]})
    assert spectator.recv()["code"] == "unknown_type"
    spectator.close()


def test_players_are_told_how_many_watch(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "classic", ["human", "bot:random"])
    (host,) = connect_all(client, table_id, tokens)
    assert host.last_state["spectators"] == 0
    assert host.last_state["watch_url"] == f"/watch/{table_id}"
    one, two = Spectator(client, table_id), Spectator(client, table_id)
    assert host.recv()["spectators"] == 1
    assert host.recv()["spectators"] == 2
    one.close()
    m = host.recv()
    assert m["events"] == [{"type": "spectators", "count": 1}] and m["spectators"] == 1
    two.close()
    assert host.recv()["spectators"] == 0
    host.close()


def test_an_unknown_table_cannot_be_watched(client: TestClient) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as info,
        client.websocket_connect("/ws/nope/watch") as ws,
    ):
        recv(ws)
    assert info.value.code == 1008
    assert client.get("/watch/nope").status_code == 404
