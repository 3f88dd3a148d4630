"""Issue 37, part 8's safety checks on every players' route (apps/server/players), beside
test_players.py's: a forged cookie (made up, another's player id, a session's hash, an ended
session) acts, reads or deletes for nobody on any route of ``/api/players/me`` (those other
features add under it too); the routes outside it never reach another's player; ids put in a
body or a query are refused or ignored; a deletion's password and the sign-ups are
rate-limited like a login."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.store import hash_token
from server_helpers import TestClient, client_for

pytestmark = pytest.mark.server

PASSWORD = "correct horse battery"
ME = "/api/players/me"
HOST = "testserver.local"  # the cookie's domain as the test client keeps it


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "safety.db") as c:
        yield c


def browser(client: TestClient, cookie: str | None = None, ip: str = "testclient") -> TestClient:
    """Another browser on the same server, with this cookie (or none)."""
    other = TestClient(client.app, client=(ip, 50001))
    if cookie is not None:
        other.cookies.set(COOKIE, cookie, domain=HOST)
    return other


def account(client: TestClient, username: str) -> dict[str, Any]:
    """A new browser's player claimed as ``username``, who played one game."""
    client.cookies.clear()
    assert client.post("/api/players/guest", json={"name": username.title()}).status_code == 200
    r = client.post("/api/players/signup", json={"username": username, "password": PASSWORD})
    assert r.status_code == 200, r.text
    table = client.post("/api/play", json={"preset": "classic"}).json()["table_id"]
    return {**r.json(), "session": client.cookies[COOKIE], "table": table}


def me_routes(client: TestClient) -> list[tuple[str, str]]:
    """Every operation under /api/players/me in the server's API document (method, path)."""
    paths = client.get("/openapi.json").json()["paths"]
    return [
        (method, path)
        for path, operations in paths.items()
        if path == ME or path.startswith(ME + "/")
        for method in operations
    ]


def forged_cookies(anna: dict[str, Any], ended: str) -> list[str]:
    session = anna["session"]
    changed = session[:-1] + ("A" if session[-1] != "A" else "B")
    return ["x" * 43, anna["id"], hash_token(session), changed, ended, "", "a" * 200]


def test_a_forged_cookie_acts_reads_or_deletes_for_nobody_on_any_me_route(
    client: TestClient,
) -> None:
    anna = account(client, "anna")
    bot = client.post(ME + "/bots/new", json={"name": "Fulmine", "avatar": "🤖"})
    assert bot.status_code == 201, bot.text
    ids = {"bot_id": bot.json()["bot"]["id"], "token_id": "x"}
    before = {path: client.get(path).json() for method, path in me_routes(client)
              if method == "get" and "{" not in path}  # fmt: skip
    ended = account(client, "bruno")["session"]
    assert client.post("/api/players/logout").status_code == 200  # Bruno's session ends
    routes = me_routes(client)
    assert {("get", ME), ("post", ME + "/update"), ("get", ME + "/games"),
            ("post", ME + "/delete")} <= set(routes)  # fmt: skip
    for forged in forged_cookies(anna, ended):
        thief = browser(client, forged)
        for method, path in routes:
            url = re.sub(r"\{(\w+)\}", lambda m: ids.get(m.group(1), "x"), path)
            body = {"name": "Thief", "password": PASSWORD} if method == "post" else None
            r = thief.request(method.upper(), url, json=body)
            assert (r.status_code, r.json()["code"]) == (401, "not_signed_in"), (forged, url)
            assert COOKIE not in r.headers.get("set-cookie", "")
    anna_browser = browser(client, anna["session"])
    after = {path: anna_browser.get(path).json() for path in before}
    assert after == before  # nothing of Anna's changed, her bot included
    assert [g["table_id"] for g in after[ME + "/games"]["games"]] == [anna["table"]]


def test_the_routes_outside_me_never_reach_another_player(client: TestClient) -> None:
    anna = account(client, "anna")
    client.cookies.clear()  # a guest with a game, whose ids a thief knows
    guest = client.post("/api/players/guest", json={"name": "Gina"}).json()
    guest_session = client.cookies[COOKIE]
    played = client.post("/api/play", json={"preset": "three"}).json()["table_id"]
    account(client, "bruno")
    forged_ids = (anna["id"], hash_token(anna["session"]), guest["id"], hash_token(guest_session))
    for n, forged in enumerate(forged_ids):
        thief = browser(client, forged)
        made = thief.post("/api/players/guest", json={"name": "Thief"}).json()
        assert made["id"] not in (anna["id"], guest["id"])  # a new guest, nobody's
        thief = browser(client, forged)
        assert thief.post("/api/players/logout").json() == {"ok": True}
        thief = browser(client, forged)
        body = {"username": f"thief{n}", "password": PASSWORD}
        signed = thief.post("/api/players/signup", json=body)
        assert signed.status_code == 200 and signed.json()["id"] not in (anna["id"], guest["id"])
        assert thief.get(ME + "/games").json()["games"] == []
        thief = browser(client, forged)  # logging in: nothing of the forged id's player comes
        r = thief.post("/api/players/login", json={"username": "bruno", "password": PASSWORD})
        assert r.status_code == 200, r.text
        assert played not in {g["table_id"] for g in thief.get(ME + "/games").json()["games"]}
    for session, player, games in ((anna["session"], anna, [anna["table"]]),
                                   (guest_session, guest, [played])):  # fmt: skip
        owner = browser(client, session)
        assert owner.get(ME).json()["id"] == player["id"]  # the sessions still work
        assert [g["table_id"] for g in owner.get(ME + "/games").json()["games"]] == games


def test_ids_in_a_body_or_a_query_are_refused_or_ignored(client: TestClient) -> None:
    bruno = account(client, "bruno")
    anna = account(client, "anna")
    r = client.post(ME + "/update", json={"id": bruno["id"], "name": "Bruno?"})
    assert (r.status_code, r.json()["code"]) == (422, "invalid_request")
    r = client.post(ME + "/delete", json={"player_id": bruno["id"], "password": PASSWORD})
    assert (r.status_code, r.json()["code"]) == (422, "invalid_request")
    for query in (f"?id={bruno['id']}", f"?player_id={bruno['id']}", "?username=bruno"):
        assert client.get(ME + query).json()["id"] == anna["id"]
        games = client.get(ME + "/games" + query).json()["games"]
        assert [g["table_id"] for g in games] == [anna["table"]]
    r = client.post(ME + "/update?id=" + bruno["id"], json={"name": "Anna B"})
    assert r.json()["id"] == anna["id"]
    bruno_browser = browser(client, bruno["session"])
    assert bruno_browser.get(ME).json()["name"] == "Bruno"  # untouched
    r = client.post(ME + "/delete?id=" + bruno["id"], json={"password": PASSWORD})
    assert r.json() == {"ok": True, "seats": 1}  # Anna's own deletion: her one seat
    assert bruno_browser.get(ME).json()["id"] == bruno["id"]


def _limited(tmp_path: Path, **rates: str) -> Any:
    return client_for(tmp_path / "limited.db", rate_exempt="none", **rates)


def test_guessing_a_deletions_password_is_rate_limited(tmp_path: Path) -> None:
    with _limited(tmp_path, guess_rate="3/0.01") as client:
        anna = account(client, "anna")
        for attempt in range(3):
            r = client.post(ME + "/delete", json={"password": f"guess {attempt}"})
            assert (r.status_code, r.json()["code"]) == (403, "wrong_password")
        r = client.post(ME + "/delete?lang=ro", json={"password": PASSWORD})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert r.json()["code"] == "rate_limited" and "așteaptă" in r.json()["message"]
        assert client.get(ME).json()["id"] == anna["id"]  # not deleted
        # the username's count is shared with logging in: from another address too
        elsewhere = browser(client, ip="10.0.0.7")
        r = elsewhere.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
        assert r.status_code == 429


def test_sign_ups_and_new_guests_are_rate_limited(tmp_path: Path) -> None:
    with _limited(tmp_path, create_rate="2/0.01") as client:
        first = browser(client, ip="10.0.0.1")
        assert first.post("/api/players/guest", json={"name": "A"}).status_code == 200
        second = browser(client, ip="10.0.0.1")
        body = {"username": "bea", "password": PASSWORD}
        assert second.post("/api/players/signup", json=body).status_code == 200
        third = browser(client, ip="10.0.0.1")
        r = third.post("/api/players/signup", json={"username": "carla", "password": PASSWORD})
        assert (r.status_code, r.json()["code"]) == (429, "rate_limited")
        assert third.post("/api/players/guest", json={"name": "C"}).status_code == 429
        assert COOKIE not in third.cookies  # nobody was made
        other = browser(client, ip="10.0.0.2")  # another address has its own count
        body = {"username": "carla", "password": PASSWORD}
        assert other.post("/api/players/signup", json=body).status_code == 200
