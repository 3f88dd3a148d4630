"""Helpers for the game server's tests: an app on a temporary SQLite file, WebSocket receives
with a timeout, and players that drive tables through the protocol."""

from __future__ import annotations

import json
import random
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession

from briscola.apps.server.app import create_app

__all__ = [
    "CARD_RE",
    "UNLIMITED",
    "Player",
    "TestClient",
    "card_tokens",
    "client_for",
    "connect_all",
    "deal_states",
    "hello",
    "make_table",
    "pending",
    "play_humans",
    "players_of",
    "recv",
    "start_friends",
]

_OPEN: dict[int, list[Player]] = {}

UNLIMITED = {f"{kind}_rate": "off" for kind in ("create", "join", "guess", "message")}
"""No rate limit: what most tests give ``create_app`` (they play at machine speed)."""

# a card's notation standing alone: not part of a table id, invite code or token, which are
# URL-safe base64 (letters, digits, "-", "_": a table id "6b_013sZ" holds no card)
CARD_RE = re.compile(r"(?<![\w-])[A2-7FCR][cdsb](?![\w-])")


@contextmanager
def client_for(db: Path | str, **settings: Any) -> Iterator[TestClient]:
    """A test client of a fresh app on the SQLite file ``db`` (bots without delay, no hold
    after a trick, no rate limit but those ``settings`` give)."""
    settings = {**UNLIMITED, "bot_delay": 0, "trick_hold": 0, **settings}
    app = create_app(f"sqlite:///{db}", **settings)
    with TestClient(app) as client:
        try:
            yield client
        finally:  # a failed test must not leave sockets open: the client would wait for them
            for player in _OPEN.pop(id(client), []):
                player.close()


def error_page(reply: Any) -> str:
    """The HTML of a page the server words itself for what is not there (an unknown table or
    address): a 404 in HTML, not the API's JSON."""
    assert reply.status_code == 404
    assert reply.headers["content-type"].startswith("text/html")
    return str(reply.text)


def page_language_from_cookie_then_browser(
    client: Any, lang: str, accept_language: str, not_found: str
) -> None:
    """The server's page for an unknown address is in ``lang`` (its title ``not_found``) when
    the client's cookie asks for it, and when the browser's Accept-Language does; in Italian
    when neither does."""
    client.cookies.set("briscola_lang", lang)
    try:
        assert not_found in error_page(client.get("/no/such/page"))
    finally:
        client.cookies.clear()
    asked = {"accept-language": accept_language}
    assert not_found in error_page(client.get("/no/such/page", headers=asked))
    assert "Pagina non trovata" in error_page(client.get("/no/such/page"))


def recv(ws: WebSocketTestSession, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of a test WebSocket, failing after ``timeout`` seconds."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    data = json.loads(message["text"])
    assert isinstance(data, dict)
    return data


def pending(ws: WebSocketTestSession, wait: float = 0.5) -> dict[str, Any] | None:
    """The socket's next message, or None when none comes within ``wait`` seconds."""

    async def get() -> Any:
        with anyio.move_on_after(wait):
            return await ws._send_rx.receive()
        return None

    message = ws.portal.call(get)
    if message is None:
        return None
    ws._raise_on_close(message)
    data = json.loads(message["text"])
    assert isinstance(data, dict)
    return data


def nothing_pending(ws: WebSocketTestSession, wait: float = 0.05) -> bool:
    """True when no message arrives within ``wait`` seconds."""

    async def get() -> Any:
        with anyio.move_on_after(wait):
            return await ws._send_rx.receive()
        return None

    return ws.portal.call(get) is None


def card_tokens(data: Any) -> set[str]:
    """Every card notation found in the strings (values and keys) of a JSON value."""
    found: set[str] = set()
    if isinstance(data, str):
        found.update(CARD_RE.findall(data))
    elif isinstance(data, dict):
        for key, value in data.items():
            found |= card_tokens(key)
            found |= card_tokens(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_tokens(value)
    return found


def hello(token: str) -> dict[str, str]:
    """A seat's first WebSocket message: its token (never in the URL)."""
    return {"type": "hello", "token": token}


class Player:
    """One seat's WebSocket and every message it received."""

    def __init__(self, client: TestClient, table_id: str, seat: int, token: str) -> None:
        self.client = client
        self.table_id = table_id
        self.seat = seat
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.ws: WebSocketTestSession | None = None
        self._cm: Any = None

    def connect(self) -> dict[str, Any]:
        self._cm = self.client.websocket_connect(f"/ws/{self.table_id}")
        self.ws = self._cm.__enter__()
        self.ws.send_json(hello(self.token))
        _OPEN.setdefault(id(self.client), []).append(self)
        return self.recv()

    def close(self) -> None:
        if self._cm is not None:
            cm, self._cm, self.ws = self._cm, None, None
            cm.__exit__(None, None, None)

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        assert self.ws is not None
        message = recv(self.ws, timeout)
        self.messages.append(message)
        return message

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send_json(message)

    @property
    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "state")


def make_table(
    client: TestClient,
    preset: str,
    seats: list[str] | None = None,
    options: dict[str, Any] | None = None,
    match: str = "single",
) -> tuple[str, list[tuple[int, str]], str]:
    """Create a table, join every other human seat: (table id, [(seat, token)], invite code)."""
    r = client.post(
        "/api/tables",
        json={
            "preset": preset,
            "options": options or {},
            "match": match,
            "seats": seats,
            "host_name": "Anna",
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    table_id, code = body["table_id"], body["invite_code"]
    tokens = [(0, body["token"])]
    humans = seats.count("human") if seats is not None else players_of(client, preset)
    for i in range(humans - 1):
        j = client.post(f"/api/tables/{table_id}/join", json={"invite_code": code, "name": f"P{i}"})
        assert j.status_code == 200, j.text
        tokens.append((j.json()["seat"], j.json()["token"]))
    return table_id, tokens, code


def connect_all(client: TestClient, table_id: str, tokens: list[tuple[int, str]]) -> list[Player]:
    """Connect every seat in turn; each earlier seat hears of each later one."""
    players: list[Player] = []
    for seat, token in tokens:
        p = Player(client, table_id, seat, token)
        first = p.connect()
        assert first["type"] == "state" and first["seat"] == seat and first["events"] == []
        for q in players:
            m = q.recv()
            assert [e["type"] for e in m["events"]] == ["presence"]
        players.append(p)
    return players


def start_friends(
    client: TestClient,
    preset: str = "pairs",
    seats: tuple[str, ...] = ("human", "human", "bot:random", "bot:random"),
) -> tuple[str, list[tuple[int, str]], list[Player]]:
    """A table with friends, every person connected, started by the host, and the start's
    ``state`` read by every person: (table id, [(seat, token)], the players)."""
    table_id, tokens, _ = make_table(client, preset, list(seats))
    players = connect_all(client, table_id, tokens)
    r = client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    assert r.status_code == 200, r.text
    for p in players:
        assert p.recv()["table"]["status"] == "playing"
    return table_id, tokens, players


def play_humans(
    client: TestClient,
    preset: str,
    seed: int,
    options: dict[str, Any] | None = None,
    match: str = "single",
) -> tuple[str, list[Player]]:
    """A table of humans only, played to the end through the WebSocket with random legal
    actions; each change must reach every seat as exactly one ``state``."""
    rng = random.Random(seed)
    n = players_of(client, preset)
    table_id, tokens, _ = make_table(client, preset, ["human"] * n, options, match)
    players = connect_all(client, table_id, tokens)
    by_seat = {p.seat: p for p in players}
    r = client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    assert r.status_code == 200, r.text
    for p in players:
        assert p.recv()["events"][0]["type"] == "deal_started"
    for _ in range(10_000):
        state = players[0].last_state
        status = state["table"]["status"]
        if status == "over":
            break
        if status == "deal_over":
            for p in players:
                p.send({"type": "next_deal"})
                for q in players:
                    m = q.recv()
                    assert m["type"] == "state", m
            continue
        turn = state["observation"]["turn"]
        actor = by_seat[turn]
        legal = actor.last_state["observation"]["legal"]
        assert legal, actor.last_state
        actor.send({"type": "action", "action": rng.choice(legal)})
        for p in players:
            m = p.recv()
            assert m["type"] == "state", m
    else:  # pragma: no cover
        raise AssertionError("the game did not end")
    for p in players:
        p.close()
    return table_id, players


def players_of(client: TestClient, preset: str) -> int:
    """How many players a preset has, as the API says."""
    presets = client.get("/api/presets").json()["presets"]
    return int(next(p["players"] for p in presets if p["name"] == preset))


def deal_states(ruleset: Any, dealer: int, deck: str, actions: list[str]) -> list[Any]:
    """Every core ``State`` of a stored deal (its ruleset, dealer, deck text and action texts),
    from the deal to its last action: what the hidden-information checks compare with."""
    from briscola.core.actions import parse_action
    from briscola.core.cards import parse_cards
    from briscola.core.game import new_game

    state = new_game(ruleset, deck=parse_cards(deck), dealer=dealer)
    out = [state]
    for text in actions:
        state = state.apply(parse_action(text))
        out.append(state)
    return out


def cards_on_the_table(state: Any) -> set[str]:
    """The cards every seat may see in a core ``State``, from the rules reference (not from
    observe() or public_view()): tricks, the briscola face up, the called card, declarations,
    exchanges, and every hand when hands are open."""
    from briscola.core.cards import Card, Rank

    rules = state.ruleset
    seen = {str(c) for t in state.tricks for _, c in t.plays}
    seen |= {str(c) for _, c in state.trick}
    if rules.briscola_face_up and state.briscola is not None:
        seen.add(str(state.briscola))
    if state.called is not None:
        seen.add(str(state.called))
    for d in state.declarations:
        seen |= {str(Card(d.suit, Rank.RE)), str(Card(d.suit, Rank.CAVALLO))}
    for e in state.exchanges:
        seen |= {str(e.gave), str(e.took)}
    if rules.open_hands:
        seen |= {str(c) for hand in state.hands for c in hand}
    return seen
