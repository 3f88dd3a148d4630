"""Players (issue 37, part 1; apps/server/players): a guest at once, claimed with a username and
a password, the same identity from a second browser; nobody acts, reads or deletes for another;
a password cannot be brute-forced; a cross-site request is refused; deleting an account leaves
"giocatore cancellato" at its seats; no password or session id reaches a log."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from briscola.apps.server.players.accounts import deleted_name
from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.store import Storage, hash_token
from server_helpers import TestClient, client_for, play_humans

pytestmark = pytest.mark.server

PASSWORD = "correct horse battery"
ME = "/api/players/me"
UPDATE = ME + "/update"
DELETE = ME + "/delete"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "players.db") as c:
        yield c


def other(client: TestClient, ip: str = "testclient") -> TestClient:
    """A second browser on the same server (its own cookies), from the address ``ip``."""
    return TestClient(client.app, client=(ip, 50001))


def storage_of(client: TestClient) -> Storage:
    storage: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return storage


def guest(client: TestClient, name: str = "Anna", avatar: str = "🦊") -> dict[str, Any]:
    r = client.post("/api/players/guest", json={"name": name, "avatar": avatar})
    assert r.status_code == 200, r.text
    return dict(r.json())


def set_cookie(reply: Any) -> str:
    header = reply.headers.get("set-cookie", "")
    assert header.startswith(f"{COOKIE}="), header
    return str(header)


def test_a_guest_plays_at_once_with_a_name_and_an_avatar_kept_in_a_secure_cookie(
    client: TestClient,
) -> None:
    assert client.get(ME).json()["code"] == "not_signed_in"
    r = client.post("/api/players/guest", json={"name": "  Anna   B ", "avatar": "🦊"})
    header = set_cookie(r)
    assert "HttpOnly" in header and "SameSite=lax" in header and "Secure" not in header
    me = client.get(ME).json()
    assert (me["name"], me["avatar"], me["guest"], me["username"]) == ("Anna B", "🦊", True, None)
    assert guest(client, "Someone else")["id"] == me["id"]  # the browser's guest, not a new one
    r = client.post(UPDATE, json={"name": "Annina", "avatar": "🐻"})
    assert (r.json()["name"], r.json()["avatar"]) == ("Annina", "🐻")
    secure = TestClient(client.app, base_url="https://testserver")
    assert "Secure" in set_cookie(secure.post("/api/players/guest", json={"name": "B"}))


def test_a_claimed_guest_is_the_same_player_from_a_second_browser(client: TestClient) -> None:
    anna = guest(client)
    before = client.cookies[COOKIE]
    r = client.post("/api/players/signup", json={"username": "Anna_B", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert (r.json()["id"], r.json()["username"], r.json()["guest"]) == (
        anna["id"],
        "Anna_B",
        False,
    )
    assert client.cookies[COOKIE] != before  # a new session once claimed
    phone = other(client)
    assert phone.get(ME).status_code == 401
    r = phone.post("/api/players/login", json={"username": "anna_b", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert phone.get(ME).json() == client.get(ME).json()  # the same identity on both
    assert phone.post("/api/players/logout").json() == {"ok": True}
    assert phone.get(ME).status_code == 401
    assert client.get(ME).status_code == 200  # the other browser's session is its own


def test_usernames_are_unique_and_passwords_checked(client: TestClient) -> None:
    guest(client)
    assert (
        client.post("/api/players/signup", json={"username": "x", "password": PASSWORD}).json()[
            "code"
        ]
        == "bad_username"
    )
    short = client.post("/api/players/signup", json={"username": "anna", "password": "short"})
    assert (short.status_code, short.json()["code"]) == (422, "bad_password")
    assert client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    again = client.post("/api/players/signup", json={"username": "other", "password": PASSWORD})
    assert (again.status_code, again.json()["code"]) == (409, "already_claimed")
    bruno = other(client)
    taken = bruno.post("/api/players/signup", json={"username": "ANNA", "password": PASSWORD})
    assert (taken.status_code, taken.json()["code"]) == (409, "username_taken")
    wrong = bruno.post(
        "/api/players/login?lang=ro", json={"username": "anna", "password": PASSWORD + "!"}
    )
    assert wrong.status_code == 401
    assert wrong.json() == {
        "code": "bad_login",
        "message": "Nume de utilizator sau parolă greșite.",
    }


def test_a_player_cannot_act_read_or_delete_for_another(client: TestClient) -> None:
    anna = guest(client, "Anna")
    bruno_client = other(client)
    bruno = guest(bruno_client, "Bruno")
    table = client.post("/api/play", json={"preset": "classic", "name": "Anna"}).json()
    assert [g["table_id"] for g in client.get(ME + "/games").json()["games"]] == [table["table_id"]]
    assert bruno_client.get(ME + "/games").json()["games"] == []  # Anna's game is not Bruno's
    for forged in ("x" * 43, anna["id"], hash_token(client.cookies[COOKIE])):
        thief = other(client)
        thief.cookies.set(COOKIE, forged)  # a made-up id, Anna's player id, her session's hash
        assert thief.get(ME).status_code == 401
        assert thief.get(ME + "/games").status_code == 401
        assert thief.post(UPDATE, json={"name": "Thief"}).status_code == 401
        assert thief.post(DELETE, json={}).status_code == 401
    assert bruno_client.post(DELETE, json={}).json() == {"ok": True, "seats": 0}
    assert client.get(ME).json() == {**anna, "name": "Anna"}  # Bruno's deletion is Bruno's
    assert bruno_client.get(ME).status_code == 401 and bruno["id"] != anna["id"]
    with storage_of(client).engine.connect() as conn:
        stored = [r[0] for r in conn.execute(sa.text("SELECT id_hash FROM briscola_sessions"))]
    assert stored == [hash_token(client.cookies[COOKIE])]  # only a hash is kept


def test_brute_forcing_a_password_is_rate_limited(tmp_path: Path) -> None:
    with client_for(tmp_path / "brute.db", guess_rate="3/0.01", rate_exempt="none") as client:
        guest(client)
        client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
        thief = other(client, "10.0.0.9")
        for attempt in range(3):
            r = thief.post(
                "/api/players/login", json={"username": "anna", "password": f"g{attempt}"}
            )
            assert r.status_code == 401
        right = {"username": "anna", "password": PASSWORD}
        r = thief.post("/api/players/login", json=right, headers={"Accept-Language": "it"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert r.json()["code"] == "rate_limited" and "aspetta" in r.json()["message"]
        # from another address the same username is limited too (counted by username)...
        assert other(client, "10.0.0.10").post("/api/players/login", json=right).status_code == 429
        # ...and a right password from a third address on another username is not
        assert (
            other(client, "10.0.0.11")
            .post("/api/players/login", json={"username": "bruno", "password": "x" * 8})
            .status_code
            == 401
        )


@pytest.mark.parametrize(
    "headers",
    [{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"},
     {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver"}],
)  # fmt: skip
def test_a_cross_site_request_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    anna = guest(client)
    hostile = {**headers, "Accept-Language": "it"}
    r = client.post(UPDATE, json={"name": "Pwned"}, headers=hostile)
    assert (r.status_code, r.json()["code"]) == (403, "cross_site")
    assert r.json()["message"] == "Richiesta rifiutata: viene da un altro sito."
    assert client.post(DELETE, json={}, headers=hostile).status_code == 403
    assert client.post("/api/players/logout", headers=hostile).status_code == 403
    assert client.get(ME).json() == anna  # nothing changed
    play = client.post("/api/play", json={"preset": "classic"}, headers=hostile)
    assert play.status_code == 200  # a table may be made, but it is not linked to the player
    assert client.get(ME + "/games").json()["games"] == []


def test_the_same_sites_requests_pass(client: TestClient) -> None:
    guest(client)
    for headers in ({"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin"}, {}):
        r = client.post(UPDATE, json={"name": "Anna"}, headers=headers)
        assert r.status_code == 200, (headers, r.text)


@pytest.mark.parametrize("lang", ["it", "en", "ro"])
def test_deleting_an_account_anonymizes_its_past_seats(client: TestClient, lang: str) -> None:
    guest(client)
    assert client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    body = {"preset": "classic", "lang": lang}
    table_id = client.post("/api/play", json={**body, "name": "Anna"}).json()["table_id"]
    friends = client.post("/api/tables", json={**body, "host_name": "Anna"}).json()["table_id"]
    games = client.get(ME + "/games")
    assert games.headers["content-disposition"].startswith("attachment")
    assert [g["table_id"] for g in games.json()["games"]] == [table_id, friends]
    played = games.json()["games"][0]
    assert played["seats"][0]["name"] == "Anna" and played["deals"] == [{"in_play": True}]
    r = client.post(DELETE, json={"password": "not it at all"})
    assert (r.status_code, r.json()["code"]) == (403, "wrong_password")
    assert client.post(DELETE, json={"password": PASSWORD}).json() == {
        "ok": True,
        "seats": 2,
    }
    assert client.get(ME).status_code == 401
    gone = deleted_name(lang)
    assert (
        gone == {"it": "giocatore cancellato", "en": "deleted player", "ro": "jucător șters"}[lang]
    )
    for tid in (table_id, friends):
        assert client.get(f"/api/tables/{tid}").json()["seats"][0]["name"] == gone  # in memory
        stored = storage_of(client).load(tid)
        assert stored is not None and stored.seats[0].name == gone  # and in the database
    phone = other(client)
    login = phone.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    assert login.status_code == 401  # the account is gone


def test_a_finished_deal_is_downloaded_whole_and_one_in_play_keeps_its_deck(
    client: TestClient,
) -> None:
    guest(client)
    table_id, _ = play_humans(client, "classic", seed=3)
    game = client.get(ME + "/games").json()["games"][0]
    assert game["table_id"] == table_id and game["your_seats"] == [0, 1]  # one browser, two seats
    (deal,) = game["deals"]
    assert deal["format"] == "briscola-record" and len(deal["actions"]) == 40
    assert sum(deal["result"]["seat_points"]) == 120
    live = client.post("/api/play", json={"preset": "classic"}).json()["table_id"]
    games = client.get(ME + "/games").json()["games"]
    assert [g["deals"] for g in games if g["table_id"] == live] == [[{"in_play": True}]]
    assert "deck" not in str(games[-1])


def test_no_password_or_session_id_reaches_a_log(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    guest(client)
    sessions = [client.cookies[COOKIE]]
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    sessions.append(client.cookies[COOKIE])
    client.post("/api/players/login", json={"username": "anna", "password": PASSWORD + "x"})
    client.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    sessions.append(client.cookies[COOKIE])
    client.get(ME + "/games")
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    client.post(DELETE, json={"password": PASSWORD})
    assert caplog.records  # the server did log (the requests, the database...)
    for secret in [PASSWORD, *sessions, *(hash_token(s) for s in sessions)]:
        assert secret not in caplog.text
    assert not re.search(r"argon2id\$", caplog.text)


def test_a_served_server_logs_no_secret_at_debug(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The same through uvicorn (its access log and the WebSocket library's debug lines too)."""
    import threading
    import time

    import httpx
    import uvicorn

    from briscola.apps.server.app import create_app

    caplog.set_level(logging.DEBUG)
    app = create_app(f"sqlite:///{tmp_path / 'served.db'}", bot_delay=0)
    config = uvicorn.Config(app, port=0, log_level="debug", log_config=None, access_log=True)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        assert thread.is_alive()
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            http.post("/api/players/guest", json={"name": "Anna"})
            sessions = [http.cookies[COOKIE]]
            http.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
            sessions.append(http.cookies[COOKIE])
            http.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
            sessions.append(http.cookies[COOKIE])
            http.post("/api/play", json={"preset": "classic"})
            http.get(ME + "/games")
            assert http.post(DELETE, json={"password": PASSWORD}).status_code == 200
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    client_side = ("httpx", "httpcore")  # this test's HTTP client logs the cookies it gets
    logged = "\n".join(
        f"{r.name} {r.getMessage()}" for r in caplog.records if not r.name.startswith(client_side)
    )
    assert "POST /api/players/login" in logged  # the access log was captured
    assert "sqlalchemy" in logged or "uvicorn.error" in logged
    for secret in [PASSWORD, *sessions, *(hash_token(s) for s in sessions)]:
        assert secret not in logged
