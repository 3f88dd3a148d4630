"""Helpers of the ratings' tests: players with their own browsers (cookies) sitting at one table,
playing it to its end through the table's socket, and waiting for the results' recording."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import sqlalchemy as sa

from briscola.apps.server.ratings.schema import ResultRow
from server_helpers import Player, TestClient, pending

PASSWORD = "correct horse battery"


def browser(client: TestClient, name: str, username: str | None = None) -> TestClient:
    """A new browser on the client's server with a guest (claimed as ``username`` if given)."""
    other = TestClient(client.app, client=(f"10.0.0.{len(name)}", 50000))
    other.portal = client.portal  # the server's own event loop (a portal per request would end
    # the tasks a request starts, the move clock's and the timeouts', with the request)
    r = other.post("/api/players/guest", json={"name": name, "avatar": "🦊"})
    assert r.status_code == 200, r.text
    if username is not None:
        r = other.post("/api/players/signup", json={"username": username, "password": PASSWORD})
        assert r.status_code == 200, r.text
    return other


def player_id(browser: TestClient) -> str:
    return str(browser.get("/api/players/me").json()["id"])


def sit(
    browsers: list[TestClient], preset: str, rated: bool = False, match: str = "single"
) -> tuple[str, dict[int, str]]:
    """A table of ``preset`` whose seats each browser takes in turn (the first opens it): the
    table's id and each seat's token. ``rated``: its row says so (as the lobby's tables do)."""
    host = browsers[0]
    body = {"preset": preset, "seats": ["human"] * len(browsers), "host_name": "Host",
            "match": match}  # fmt: skip
    r = host.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table_id, code = r.json()["table_id"], r.json()["invite_code"]
    tokens = {0: r.json()["token"]}
    for i, b in enumerate(browsers[1:], start=1):
        j = b.post(f"/api/tables/{table_id}/join", json={"invite_code": code, "name": f"P{i}"})
        assert j.status_code == 200, j.text
        tokens[j.json()["seat"]] = j.json()["token"]
    if rated:
        engine = host.app.state.storage.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE briscola_tables SET rated = :r WHERE id = :t"),
                         {"r": True, "t": table_id})  # fmt: skip
    return table_id, tokens


def start(
    host: TestClient, table_id: str, tokens: dict[int, str], seats: list[int]
) -> list[Player]:
    """Connect the ``seats`` (in order) and start the table: their players."""
    players = []
    for seat in seats:
        p = Player(host, table_id, seat, tokens[seat])
        assert p.connect()["type"] == "state"
        players.append(p)
    r = host.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    return players


def play_out(players: list[Player], seed: int, limit: float = 60.0) -> dict[str, Any]:
    """Play random legal moves for the connected ``players`` until the match is over (the
    computer plays the other seats): the last state's table."""
    rng = random.Random(seed)
    acted: set[str] = set()
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for p in players:
            if p.ws is None:
                continue
            m = pending(p.ws, 0.02)
            if m is None or m["type"] != "state" or m["observation"] is None:
                continue
            table, obs = m["table"], m["observation"]
            if table["status"] == "over":
                for q in players:
                    q.close()
                return dict(table)
            if table["status"] == "deal_over":
                key = json.dumps([table["deal"], p.seat])
                if key not in acted:
                    acted.add(key)
                    p.send({"type": "next_deal"})
                continue
            seen = [obs.get(k) for k in ("hand", "trick", "tricks", "auction", "called", "phase")]
            key = json.dumps([table["deal"], p.seat, seen])  # once for each moment of the deal
            if obs["turn"] == p.seat and obs["legal"] and key not in acted:
                acted.add(key)
                p.send({"type": "action", "action": rng.choice(obs["legal"])})
    raise AssertionError("the match did not end")


def results(client: TestClient, table_id: str, wait: float = 10.0) -> list[Any]:
    """The table's recorded results (by seat), once the recorder wrote them."""
    engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    query = sa.select(ResultRow).where(ResultRow.table_id == table_id).order_by(ResultRow.seat)
    end = time.monotonic() + wait
    while True:
        with engine.connect() as conn:
            rows = conn.execute(query).all()
        if rows or time.monotonic() > end:
            return rows
        time.sleep(0.02)
