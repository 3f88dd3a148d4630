"""The players' upkeep (issue 37, part 1; players/upkeep.py): the seats a rematch or a started
table gives a person are that person's games; a guest who logs in brings their games to the
account and is gone, nobody else's games move; expired sessions and unreachable guests are
purged, as the server starts."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from briscola.apps.server.players.accounts import SESSION_DAYS
from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.players.upkeep import _move, merge_guest, purge
from briscola.apps.server.store import Storage
from server_helpers import Player, TestClient, client_for, connect_all

pytestmark = pytest.mark.server

PASSWORD = "correct horse battery"
ME = "/api/players/me"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "upkeep.db") as c:
        yield c


def engine_of(client: TestClient) -> sa.Engine:
    storage: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return storage.engine


def become(client: TestClient, session: str | None) -> None:
    """The client's browser is now the one with this session cookie (None: no cookie)."""
    client.cookies.clear()
    if session is not None:
        client.cookies.set(COOKIE, session, domain="testserver.local")  # as the server sets it


def new_guest(client: TestClient, name: str) -> tuple[str, str]:
    """A fresh browser's guest: (player id, session)."""
    become(client, None)
    r = client.post("/api/players/guest", json={"name": name, "avatar": "🦊"})
    assert r.status_code == 200, r.text
    return str(r.json()["id"]), client.cookies[COOKIE]


def games(client: TestClient, session: str) -> dict[str, list[int]]:
    """The games of the player with this session: table id -> their seats there."""
    become(client, session)
    r = client.get(ME + "/games")
    assert r.status_code == 200, r.text
    return {g["table_id"]: g["your_seats"] for g in r.json()["games"]}


def play_to_the_end(players: list[Player], seed: int = 1) -> None:
    """Random legal moves by whoever is to act, until every seat sees the match over."""
    rng = random.Random(seed)
    by_seat = {p.seat: p for p in players}
    while players[0].last_state["table"]["status"] != "over":
        if players[0].last_state["table"]["status"] == "deal_over":
            for p in players:
                p.send({"type": "next_deal"})
                for q in players:
                    q.recv()
            continue
        obs = players[0].last_state["observation"]
        if obs["turn"] in by_seat:
            actor = by_seat[obs["turn"]]
            actor.send(
                {"type": "action", "action": rng.choice(actor.last_state["observation"]["legal"])}
            )
        for p in players:
            p.recv()


def friends_table(client: TestClient, host: str, guest: str) -> tuple[str, list[tuple[int, str]]]:
    """A classic table made by the browser ``host`` and joined by ``guest`` (sessions)."""
    become(client, host)
    r = client.post("/api/tables", json={"preset": "classic", "host_name": "Anna"})
    assert r.status_code == 200, r.text
    table_id, code = r.json()["table_id"], r.json()["invite_code"]
    become(client, guest)
    j = client.post(f"/api/tables/{table_id}/join", json={"invite_code": code, "name": "Bea"})
    assert j.status_code == 200, j.text
    return table_id, [(0, r.json()["token"]), (1, j.json()["token"])]


def rematch(players: list[Player]) -> str:
    """Everyone present asks for the rematch: its table id."""
    for p in players:
        p.send({"type": "rematch"})
    while (link := players[-1].recv())["type"] != "rematch":
        pass
    return str(link["table_id"])


def test_the_rematchs_seats_are_the_same_peoples_games(client: TestClient) -> None:
    (_, anna_s), (_, bea_s) = new_guest(client, "Anna"), new_guest(client, "Bea")
    table_id, tokens = friends_table(client, anna_s, bea_s)
    players = connect_all(client, table_id, tokens)
    r = client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    assert r.status_code == 200, r.text
    for p in players:
        p.recv()
    play_to_the_end(players)
    new_id = rematch(players)
    # the seats rotate: Anna (seat 0) plays seat 1 of the rematch, Bea seat 0
    assert games(client, anna_s) == {table_id: [0], new_id: [1]}
    assert games(client, bea_s) == {table_id: [1], new_id: [0]}
    for p in players:
        p.close()


def test_an_absent_persons_computer_seat_in_the_rematch_is_nobodys_game(
    client: TestClient,
) -> None:
    (_, anna_s), (_, bea_s) = new_guest(client, "Anna"), new_guest(client, "Bea")
    table_id, tokens = friends_table(client, anna_s, bea_s)
    anna_p, bea_p = connect_all(client, table_id, tokens)
    client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    anna_p.recv()
    bea_p.recv()
    play_to_the_end([anna_p, bea_p])
    bea_p.close()  # Bea goes without asking: the computer plays her seat under her name
    new_id = rematch([anna_p])
    new = client.get(f"/api/tables/{new_id}").json()
    assert [(s["kind"], s["name"]) for s in new["seats"]] == [("bot", "Bea"), ("human", "Anna")]
    assert games(client, anna_s) == {table_id: [0], new_id: [1]}
    assert games(client, bea_s) == {table_id: [1]}  # she did not play it
    anna_p.close()


def test_starting_links_the_host_not_yet_linked_and_never_the_filled_seats(
    client: TestClient,
) -> None:
    become(client, None)  # a table made before the browser was a player (no cookie)
    body = {"preset": "three", "host_name": "Anna", "seats": ["human", "human", "human"]}
    made = client.post("/api/tables", json=body).json()
    _, anna_s = new_guest(client, "Anna")
    assert games(client, anna_s) == {}
    r = client.post(f"/api/tables/{made['table_id']}/start", json={"token": made["token"]})
    assert r.status_code == 200, r.text
    assert [s["kind"] for s in r.json()["seats"]] == ["human", "bot", "bot"]
    assert games(client, anna_s) == {made["table_id"]: [0]}  # the filled seats are nobody's
    with engine_of(client).connect() as conn:
        linked = conn.execute(sa.text("SELECT seat FROM briscola_player_seats")).scalars().all()
    assert linked == [0]
    # a host's seat already linked stays its player's, whoever's browser starts the table
    made = client.post("/api/tables", json=body).json()  # Anna's, linked as she makes it
    _, bruno_s = new_guest(client, "Bruno")
    r = client.post(f"/api/tables/{made['table_id']}/start", json={"token": made["token"]})
    assert r.status_code == 200, r.text
    assert games(client, bruno_s) == {}
    assert made["table_id"] in games(client, anna_s)


def test_a_guest_who_logs_in_brings_their_games_and_is_gone(client: TestClient) -> None:
    anna, anna_s = new_guest(client, "Anna")
    assert client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    anna_s = client.cookies[COOKIE]
    mine = client.post("/api/play", json={"preset": "classic"}).json()["table_id"]
    _, guest_s = new_guest(client, "Anna on the phone")
    played = [client.post("/api/play", json={"preset": p}).json()["table_id"]
              for p in ("classic", "three")]  # fmt: skip
    bruno, bruno_s = new_guest(client, "Bruno")
    bruno_game = client.post("/api/play", json={"preset": "classic"}).json()["table_id"]
    other = new_guest(client, "Carla")  # another guest, with no game
    become(client, guest_s)
    r = client.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert r.json()["id"] == anna
    assert games(client, client.cookies[COOKIE]) == {mine: [0], played[0]: [0], played[1]: [0]}
    assert games(client, anna_s) == {mine: [0], played[0]: [0], played[1]: [0]}  # on both
    assert games(client, bruno_s) == {bruno_game: [0]}  # nobody else's games moved
    become(client, guest_s)
    assert client.get(ME).status_code == 401  # the guest's session is gone with the guest
    with engine_of(client).connect() as conn:
        ids = set(conn.execute(sa.text("SELECT id FROM briscola_players")).scalars())
    assert ids == {anna, bruno, other[0]}


def test_an_account_logging_into_another_keeps_its_games(client: TestClient) -> None:
    new_guest(client, "Anna")
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    anna_game = client.post("/api/play", json={"preset": "classic"}).json()["table_id"]
    anna_s = client.cookies[COOKIE]
    new_guest(client, "Bruno")
    client.post("/api/players/signup", json={"username": "bruno", "password": PASSWORD})
    become(client, anna_s)
    r = client.post("/api/players/login", json={"username": "bruno", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert games(client, client.cookies[COOKIE]) == {}  # Bruno's: none
    phone = TestClient(client.app)
    phone.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    assert [g["table_id"] for g in phone.get(ME + "/games").json()["games"]] == [anna_game]


def test_a_failed_login_merges_nothing(client: TestClient) -> None:
    new_guest(client, "Anna")
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    guest, guest_s = new_guest(client, "Guest")
    played = client.post("/api/play", json={"preset": "classic"}).json()["table_id"]
    r = client.post("/api/players/login", json={"username": "anna", "password": "wrong one!"})
    assert r.status_code == 401
    assert games(client, guest_s) == {played: [0]} and client.get(ME).json()["id"] == guest


def test_merging_keeps_the_accounts_row_where_both_have_one() -> None:
    """Another feature's table keyed by player and something else (a rating per game kind):
    the guest's rows move unless the account has the same key, then the account's stays."""
    engine = sa.create_engine("sqlite://")
    meta = sa.MetaData()
    players = sa.Table("p", meta, sa.Column("id", sa.String, primary_key=True))
    rated = sa.Table(
        "r", meta,
        sa.Column("player_id", sa.ForeignKey("p.id"), primary_key=True),
        sa.Column("game", sa.String, primary_key=True),
        sa.Column("rating", sa.Integer),
    )  # fmt: skip
    meta.create_all(engine)
    with engine.begin() as conn:
        conn.execute(sa.insert(players), [{"id": "guest"}, {"id": "anna"}, {"id": "bruno"}])
        conn.execute(sa.insert(rated), [
            {"player_id": "guest", "game": "classic", "rating": 1400},
            {"player_id": "guest", "game": "three", "rating": 1450},
            {"player_id": "anna", "game": "classic", "rating": 1700},
            {"player_id": "bruno", "game": "three", "rating": 1600},
        ])  # fmt: skip
        _move(conn, rated, rated.c.player_id, "guest", "anna")
        rows = {tuple(row) for row in conn.execute(sa.select(rated))}
    assert rows == {("anna", "classic", 1700), ("anna", "three", 1450), ("bruno", "three", 1600)}


def test_merge_guest_merges_only_a_guest(client: TestClient) -> None:
    anna, _ = new_guest(client, "Anna")
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    client.post("/api/play", json={"preset": "classic"})
    bruno, bruno_s = new_guest(client, "Bruno")
    assert merge_guest(engine_of(client), anna, bruno) == 0  # Anna is an account: not merged
    assert merge_guest(engine_of(client), anna, anna) == 0
    assert games(client, bruno_s) == {}


def _age(engine: sa.Engine, table: str, days: float, where: str = "") -> None:
    then = datetime.now(UTC) - timedelta(days=days)
    with engine.begin() as conn:
        conn.execute(sa.text(f"UPDATE {table} SET created_at = :t {where}"), {"t": then})


def _count(engine: sa.Engine, table: str) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one())


def _player_ids(engine: sa.Engine) -> set[str]:
    with engine.connect() as conn:
        return set(conn.execute(sa.text("SELECT id FROM briscola_players")).scalars())


def test_expired_sessions_and_unreachable_guests_are_purged(client: TestClient) -> None:
    engine = engine_of(client)
    _, lost_s = new_guest(client, "Lost")  # an old guest whose session expires
    played, played_s = new_guest(client, "Played")  # the same, with a game kept
    client.post("/api/play", json={"preset": "classic"})
    account, _ = new_guest(client, "Anna")  # an account whose session expires
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    alive, _ = new_guest(client, "Alive")  # an old guest with a live session
    _age(engine, "briscola_players", 30)
    fresh, _ = new_guest(client, "Fresh")  # a guest of today
    _age(engine, "briscola_sessions", SESSION_DAYS + 1, f"WHERE player_id != '{alive}'")
    become(client, lost_s)
    assert client.get(ME).status_code == 401  # an expired session is no session already
    assert purge(engine) == (4, 1)  # Lost, Played, Anna, Fresh's sessions; Lost
    assert _player_ids(engine) == {played, account, alive, fresh}
    with engine.connect() as conn:
        left = conn.execute(sa.text("SELECT player_id FROM briscola_sessions")).scalars().all()
    assert left == [alive]
    assert purge(engine) == (0, 0)
    become(client, played_s)
    assert client.get(ME).status_code == 401
    phone = TestClient(client.app)  # the account still logs in
    assert phone.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    assert phone.get(ME).json()["id"] == account
    # a day later Fresh is no longer new: gone too (no session, no game)
    later = datetime.now(UTC) + timedelta(days=1, minutes=1)
    assert purge(engine, later) == (0, 1) and fresh not in _player_ids(engine)


def test_the_server_purges_as_it_starts(tmp_path: Path) -> None:
    db = tmp_path / "start.db"
    with client_for(db) as client:
        lost, _ = new_guest(client, "Lost")
        kept, _ = new_guest(client, "Kept")
        engine = engine_of(client)
        _age(engine, "briscola_players", 2)
        _age(engine, "briscola_sessions", SESSION_DAYS + 1, f"WHERE player_id = '{lost}'")
    with client_for(db) as client:
        engine = engine_of(client)
        deadline = time.monotonic() + 10
        while lost in _player_ids(engine) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _player_ids(engine) == {kept}


def test_a_guests_results_come_to_the_account_on_its_profile(client: TestClient) -> None:
    """The ratings' per-player rows (ratings/: the results of finished games) move too."""
    new_guest(client, "Anna")
    client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    (_, guest_s), (bea, bea_s) = new_guest(client, "Anna's phone"), new_guest(client, "Bea")
    table_id, tokens = friends_table(client, guest_s, bea_s)
    players = connect_all(client, table_id, tokens)
    client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    for p in players:
        p.recv()
    play_to_the_end(players)
    for p in players:
        p.close()
    deadline = time.monotonic() + 10  # the results are written in a worker thread
    while _count(engine_of(client), "briscola_results") < 2:
        assert time.monotonic() < deadline, "the game's results were not written"
        time.sleep(0.05)
    assert client.get("/api/profiles/anna").json()["recent"] == []  # the guest's, not yet hers
    become(client, guest_s)
    assert client.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    recent = client.get("/api/profiles/anna").json()["recent"]
    assert [(g["table_id"], g["seat"], g["rated"]) for g in recent] == [(table_id, 0, False)]
    with engine_of(client).connect() as conn:
        rows = conn.execute(sa.text("SELECT seat, player_id FROM briscola_results")).all()
    assert sorted(rows) == [(0, client.get(ME).json()["id"]), (1, bea)]  # Bea's stays hers
