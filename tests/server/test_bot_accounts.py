"""Bot accounts (issue 37, part 6; apps/server/players/bots.py, bot_routes.py): a claimed account
makes a bot and sees its token once, lists its bots (never a token), makes another token and
revokes one; a guest cannot make a bot; nobody makes, lists, or revokes another's bots (foreign
cookies, forged ids); a revoked, unknown or forged token is no bot; no bot token reaches a log;
the bot shows as a bot in its public info. Migration 0007 adds the column and the table and takes
them away again, on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.players.bots import MAX_BOTS, TOKEN_PREFIX, Bots, bot_for_token
from briscola.apps.server.store import Storage, hash_token, migrate, open_engine
from server.migration_helpers import columns_and_tables, downgrade
from server.test_server_postgres import pg_url  # noqa: F401 (the PostgreSQL fixture)
from server_helpers import TestClient, client_for

pytestmark = pytest.mark.server

PASSWORD = "correct horse battery"
BOTS = "/api/players/me/bots"
NEW = BOTS + "/new"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "bots.db") as c:
        yield c


def browser(client: TestClient) -> TestClient:
    """Another browser on the same server (its own cookies)."""
    return TestClient(client.app)


def engine_of(client: TestClient) -> sa.engine.Engine:
    storage: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return storage.engine


def account(client: TestClient, username: str) -> dict[str, Any]:
    reply = client.post("/api/players/signup", json={"username": username, "password": PASSWORD})
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def make_bot(client: TestClient, name: str) -> dict[str, Any]:
    reply = client.post(NEW, json={"name": name, "avatar": "🤖"})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def said(reply: Any, status: int, code: str) -> str:
    assert (reply.status_code, reply.json()["code"]) == (status, code), reply.text
    return str(reply.json()["message"])


def test_an_account_makes_a_bot_sees_its_token_once_and_the_bot_is_marked(
    client: TestClient,
) -> None:
    anna = account(client, "anna")
    made = make_bot(client, "Fulmine")
    token, bot = made["token"], made["bot"]
    assert token.startswith(TOKEN_PREFIX) and len(token) >= 40
    assert (bot["name"], bot["username"], bot["bot"], bot["guest"]) == ("Fulmine", "Fulmine",
                                                                       True, False)  # fmt: skip
    assert anna["bot"] is False and client.get("/api/players/me").json()["bot"] is False
    resolved = bot_for_token(engine_of(client), token)
    assert resolved is not None and resolved.id == bot["id"] and resolved.bot
    listed = client.get(BOTS).json()["bots"]
    assert [(b["id"], b["name"], b["bot"]) for b in listed] == [(bot["id"], "Fulmine", True)]
    assert [t["active"] for t in listed[0]["tokens"]] == [True]
    assert token not in str(listed) and hash_token(token) not in str(listed)  # shown once only
    with engine_of(client).connect() as conn:  # only the hash is stored
        stored = conn.execute(sa.text("SELECT token_hash FROM briscola_bot_tokens")).scalars()
        assert list(stored) == [hash_token(token)]
    # a bot account cannot log in (it has no password) and its name is taken
    login = client.post("/api/players/login", json={"username": "fulmine", "password": PASSWORD})
    assert login.status_code == 401
    assert said(client.post(NEW, json={"name": "FULMINE"}), 409, "username_taken")
    assert said(client.post(NEW, json={"name": "no spaces"}), 422, "bad_username")


def test_another_token_and_revoking_one(client: TestClient) -> None:
    account(client, "anna")
    made = make_bot(client, "Fulmine")
    bot_id, first = made["bot"]["id"], made["token"]
    second = client.post(f"{BOTS}/{bot_id}/tokens")
    assert second.status_code == 201
    second_token = second.json()["token"]
    engine = engine_of(client)
    assert bot_for_token(engine, first) is not None and bot_for_token(engine, second_token)
    tokens = client.get(BOTS).json()["bots"][0]["tokens"]
    assert tokens[0]["id"] == second.json()["id"]  # the newest first
    first_id = tokens[1]["id"]
    assert client.post(f"{BOTS}/{bot_id}/tokens/{first_id}/revoke").json() == {"ok": True}
    assert bot_for_token(engine, first) is None  # revoked at once
    again = bot_for_token(engine, second_token)  # the other stays
    assert again is not None and again.id == bot_id
    tokens = client.get(BOTS).json()["bots"][0]["tokens"]
    states = [(t["active"], t["revoked_at"] is not None) for t in tokens]
    assert states == [(True, False), (False, True)]
    revoke_again = client.post(f"{BOTS}/{bot_id}/tokens/{first_id}/revoke")
    assert revoke_again.status_code == 200 and bot_for_token(engine, first) is None


def test_a_guest_or_nobody_cannot_make_bots(client: TestClient) -> None:
    assert said(client.post(NEW, json={"name": "Fulmine"}), 401, "not_signed_in")
    client.post("/api/players/guest", json={"name": "Anna"})
    refused = client.post(NEW, json={"name": "Fulmine"}, headers={"Accept-Language": "it"})
    assert said(refused, 403, "bot_needs_account").startswith("Solo un account")
    assert client.get(BOTS).json() == {"bots": []}


def test_nobody_makes_lists_or_revokes_anothers_bots(client: TestClient) -> None:
    account(client, "anna")
    made = make_bot(client, "Fulmine")
    bot_id = made["bot"]["id"]
    token_id = client.get(BOTS).json()["bots"][0]["tokens"][0]["id"]
    bruno = browser(client)
    account(bruno, "bruno")
    assert bruno.get(BOTS).json() == {"bots": []}  # Anna's bots are not Bruno's to see
    for path in (f"{BOTS}/{bot_id}/tokens", f"{BOTS}/{bot_id}/tokens/{token_id}/revoke"):
        assert said(bruno.post(path), 404, "no_such_bot")  # as if there were no such bot
    assert said(client.post(f"{BOTS}/{bot_id}/tokens/forged/revoke"), 404, "no_such_bot")
    assert said(client.post(f"{BOTS}/forged/tokens"), 404, "no_such_bot")
    assert bot_for_token(engine_of(client), made["token"]) is not None  # still working
    # a forged cookie is nobody; a page of another site cannot act with Anna's cookie
    forged = browser(client)
    forged.cookies.set("briscola_player", "forged-session-id")
    assert said(forged.post(NEW, json={"name": "Tuono"}), 401, "not_signed_in")
    assert said(forged.get(BOTS), 401, "not_signed_in")
    evil = {"Origin": "https://evil.example"}
    assert said(client.post(NEW, json={"name": "Tuono"}, headers=evil), 403, "cross_site")
    path = f"{BOTS}/{bot_id}/tokens/{token_id}/revoke"
    assert said(client.post(path, headers={"Sec-Fetch-Site": "cross-site"}), 403, "cross_site")
    assert bot_for_token(engine_of(client), made["token"]) is not None
    # and a bot cannot be a cookie's player making bots: it has no session at all
    with engine_of(client).connect() as conn:
        query = sa.text("SELECT count(*) FROM briscola_sessions WHERE player_id = :p")
        assert conn.execute(query, {"p": bot_id}).scalar_one() == 0


def test_a_bad_token_is_no_bot(client: TestClient) -> None:
    account(client, "anna")
    token = make_bot(client, "Fulmine")["token"]
    engine = engine_of(client)
    for bad in ("", "x", token[:-1], token + "x", token.upper(), TOKEN_PREFIX, "Bearer " + token,
                token[len(TOKEN_PREFIX):], TOKEN_PREFIX + "a" * 500):  # fmt: skip
        assert bot_for_token(engine, bad) is None, bad


def test_a_deleted_owner_takes_their_bots_tokens_along(client: TestClient) -> None:
    account(client, "anna")
    token = make_bot(client, "Fulmine")["token"]
    assert client.post("/api/players/me/delete", json={"password": PASSWORD}).status_code == 200
    assert bot_for_token(engine_of(client), token) is None


def test_an_account_makes_at_most_max_bots(client: TestClient) -> None:
    account(client, "anna")
    for n in range(MAX_BOTS):
        make_bot(client, f"bot{n}")
    assert said(client.post(NEW, json={"name": "onemore"}), 409, "too_many_bots")


def test_no_bot_token_reaches_a_log(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    account(client, "anna")
    made = make_bot(client, "Fulmine")
    bot_id = made["bot"]["id"]
    second = client.post(f"{BOTS}/{bot_id}/tokens").json()["token"]
    client.get(BOTS)
    assert caplog.records
    for secret in (made["token"], second, hash_token(made["token"]), hash_token(second)):
        assert secret not in caplog.text


def _players_columns_and_tables(url: str) -> tuple[set[str], set[str]]:
    return columns_and_tables(url, "briscola_players")


def test_migration_0007_applies_and_reverts(url: str) -> None:
    engine = open_engine(url)
    migrate(engine, "0006_ratings")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO briscola_players (id, name, avatar, username, login, password_hash,"
            " created_at) VALUES ('p1', 'Anna', '', 'anna', 'anna', 'x',"
            " '2026-01-02 03:04:05+00:00')"
        ))  # fmt: skip
    engine.dispose()
    columns, tables = _players_columns_and_tables(url)
    assert "bot" not in columns and "briscola_bot_tokens" not in tables
    storage = Storage(url)  # upgraded to the head as it opens
    try:
        columns, tables = _players_columns_and_tables(url)
        assert "bot" in columns and "briscola_bot_tokens" in tables
        session = Accounts(storage.engine).new_session("p1")
        anna = Accounts(storage.engine).by_session(session)
        assert anna is not None and anna.bot is False  # a player already there is no bot
        bot, token = Bots(storage.engine).create("p1", "Fulmine", "")
        found = bot_for_token(storage.engine, token)
        assert found is not None and found.id == bot.id and found.bot
    finally:
        storage.close()
    downgrade(url, "0006_ratings")
    columns, tables = _players_columns_and_tables(url)
    assert "bot" not in columns and "briscola_bot_tokens" not in tables
    engine = open_engine(url)
    with engine.connect() as conn:
        names = sorted(
            str(r[0]) for r in conn.execute(sa.text("SELECT name FROM briscola_players"))
        )
    engine.dispose()
    assert names == ["Anna", "Fulmine"]  # the players stay (the bot as a plain player)
    Storage(url).close()  # and up again
    assert "bot" in _players_columns_and_tables(url)[0]


def test_new_bots_count_against_the_create_rate(tmp_path: Path) -> None:
    """A bot account is made under the players' ``create`` rate (the guest and the sign-up were
    the first two of five), refused in the request's language with a Retry-After."""
    limited = {"create_rate": "5/0.001", "rate_exempt": "none"}  # 5 per 5,000 s
    with client_for(tmp_path / "limited.db", **limited) as client:
        client.post("/api/players/guest", json={"name": "Anna"})
        account(client, "anna")
        for name in ("Fulmine", "Tuono", "Lampo"):
            make_bot(client, name)
        refused = client.post(NEW, json={"name": "Nebbia"}, headers={"Accept-Language": "it"})
        assert "aspetta" in said(refused, 429, "rate_limited")
        assert 4990 < int(refused.headers["retry-after"]) <= 5000
        assert len(client.get(BOTS).json()["bots"]) == 3
