"""Leaderboards and profiles (issue 37, part 4): a board lists the top 100 of a game kind, the
highest rating first, with the caller's own place even past the 100th; bot accounts have their
own board and are never on the people's; guests are on no board and have no public page; a
profile gives the ratings with their history, the recent finished games with their deals'
review pages and the statistics (chiamata as caller and as partner); nothing of a game in play,
no card and no secret reaches either; errors are worded in the caller's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.ratings.board import BOARD_SIZE
from briscola.apps.server.ratings.schema import RatingRow
from server.ratings_play import PASSWORD, browser, play_out, player_id, results, sit, start
from server_helpers import CARD_RE, TestClient, client_for

pytestmark = pytest.mark.server


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "boards.db") as c:
        yield c


def engine_of(client: TestClient) -> sa.Engine:
    engine: sa.Engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    return engine


def rate(client: TestClient, player: str, game: str, mu: float, games: int = 20,
         sigma: float = 100.0) -> None:  # fmt: skip
    with engine_of(client).begin() as conn:
        values = {"mu": mu, "sigma": sigma, "games": games, "updated_at": datetime.now(UTC)}
        conn.execute(sa.insert(RatingRow).values(player_id=player, game=game, **values))


def account(client: TestClient, username: str, bot: bool = False) -> str:
    accounts = Accounts(engine_of(client))
    player, _ = accounts.new_guest(username.title(), "🐻")
    accounts.claim(player.id, username, PASSWORD)
    if bot:
        with engine_of(client).begin() as conn:
            conn.execute(sa.text("UPDATE briscola_players SET bot = :b WHERE id = :p"),
                         {"b": True, "p": player.id})  # fmt: skip
    return player.id


def test_the_board_lists_the_top_100_highest_first_and_the_callers_own_place(
    client: TestClient,
) -> None:
    for i in range(BOARD_SIZE + 30):
        rate(client, account(client, f"p{i:03d}"), "classic", 1000.0 + 7 * i)
    me = browser(client, "Me", "zz_me")  # below all of them
    rate(client, player_id(me), "classic", 900.0, games=2, sigma=300.0)
    board = me.get("/api/leaderboard/classic").json()
    lines = board["players"]
    assert len(lines) == BOARD_SIZE
    assert [line["rank"] for line in lines] == list(range(1, BOARD_SIZE + 1))
    ratings = [line["rating"] for line in lines]
    assert ratings == sorted(ratings, reverse=True) and ratings[0] == 1000 + 7 * (BOARD_SIZE + 29)
    assert lines[0]["username"] == f"p{BOARD_SIZE + 29:03d}" and lines[0]["provisional"] is False
    you = board["you"]
    assert (you["rank"], you["username"], you["rating"]) == (BOARD_SIZE + 31, "zz_me", 900)
    assert you["provisional"] is True  # two games, still uncertain
    assert client.get("/api/leaderboard/classic").json()["you"] is None  # no cookie: no place
    assert me.get("/api/leaderboard/pairs").json() == {"game": "pairs", "bots": False,
                                                       "players": [], "you": None}  # fmt: skip


def test_bots_have_their_own_board_and_guests_none(client: TestClient) -> None:
    rate(client, account(client, "anna"), "classic", 1600.0)
    rate(client, account(client, "robo", bot=True), "classic", 1700.0)
    guest = browser(client, "Guest")  # a guest with a rating (made by hand): on no board
    rate(client, player_id(guest), "classic", 1800.0)
    people = client.get("/api/leaderboard/classic").json()["players"]
    bots = client.get("/api/leaderboard/classic?bots=true").json()
    assert [p["username"] for p in people] == ["anna"]
    assert [p["username"] for p in bots["players"]] == ["robo"] and bots["bots"] is True
    assert guest.get("/api/leaderboard/classic").json()["you"] is None


def test_errors_are_worded_in_the_callers_language(client: TestClient) -> None:
    guest = browser(client, "Guest")
    r = client.get("/api/profiles/nobody", headers={"accept-language": "it"})
    assert r.status_code == 404 and r.json()["code"] == "no_such_player"
    assert r.json()["message"].startswith("Non c'è nessun giocatore")
    r = client.get("/api/profiles/nobody?lang=ro")
    assert r.json()["message"].startswith("Nu există niciun jucător")
    name = guest.get("/api/players/me").json()["name"]
    assert client.get(f"/api/profiles/{name}").status_code == 404  # a guest: no public page
    r = client.get("/api/leaderboard/scoperta?lang=en")  # not played online: no board
    assert r.status_code == 422 and set(r.json()) >= {"code", "message"}
    assert client.get("/api/profiles/a%20b").status_code == 422


def test_a_profile_gives_ratings_history_recent_games_and_statistics(client: TestClient) -> None:
    anna, bruno = browser(client, "Anna 🦊", "anna"), browser(client, "Bruno", "bruno")
    played = []
    for seed, rated in ((1, True), (2, False), (3, True)):
        table_id, tokens = sit([anna, bruno], "classic", rated=rated)
        play_out(start(client, table_id, tokens, [0, 1]), seed=seed)
        played.append({r.seat: r for r in results(client, table_id)}[0])  # Anna's seat
        played[-1] = (table_id, played[-1])
    live, _ = sit([anna, bruno], "classic")  # a game still in play: not on the profile
    page = client.get("/api/profiles/ANNA").json()  # the username in any case
    assert (page["username"], page["name"], page["bot"]) == ("anna", "Anna 🦊", False)
    (rating,) = page["ratings"]
    assert rating["game"] == "classic" and rating["games"] == 2 and rating["provisional"] is True
    after = [r.rating_after for _, r in played if r.rated]
    assert [p["rating"] for p in rating["history"]] == [1500] + [round(a) for a in after]
    assert rating["rating"] == round(after[-1])
    recent = page["recent"]
    assert [g["table_id"] for g in recent] == [t for t, _ in reversed(played)]  # the last first
    assert live not in json.dumps(page)
    assert recent[0]["reviews"] == [f"/review/{played[-1][0]}/0"]
    assert recent[0]["analyses"] == [f"/api/tables/{played[-1][0]}/deals/0/analysis?seat=0"]
    assert client.get(recent[0]["reviews"][0]).status_code == 200  # the review page exists
    assert [g["rated"] for g in recent] == [True, False, True]
    stats = page["stats"]["classic"]
    rows = [r for _, r in played]
    assert stats["games"] == 3 == stats["wins"] + stats["draws"] + stats["losses"]
    assert stats["wins"] == sum(r.outcome == "win" for r in rows)
    assert stats["average_points"] == round(sum(r.points for r in rows) / 3, 1)
    assert stats["rated"] == 2 and page["stats"]["all"]["games"] == 3


def test_no_card_and_no_secret_reaches_a_board_or_a_profile(client: TestClient) -> None:
    anna, bruno = browser(client, "Anna", "anna"), browser(client, "Bruno", "bruno")
    table_id, tokens = sit([anna, bruno], "classic", rated=True)
    play_out(start(client, table_id, tokens, [0, 1]), seed=7)
    live, live_tokens = sit([anna, bruno], "classic", rated=True)
    start(client, live, live_tokens, [0, 1])  # in play: its hands are secret
    texts = [anna.get(u).text for u in ("/api/profiles/anna", "/api/profiles/bruno",
                                        "/api/leaderboard/classic")]  # fmt: skip
    secrets = [
        *tokens.values(),
        *live_tokens.values(),
        anna.cookies[COOKIE],
        bruno.cookies[COOKIE],
        PASSWORD,
        "argon2",
    ]
    for text in texts:
        assert not CARD_RE.findall(text), text
        assert not any(s in text for s in secrets)
        assert live not in text
        assert player_id(anna) not in text and player_id(bruno) not in text  # ids stay private


def test_chiamata_statistics_count_the_caller_and_the_partner(client: TestClient) -> None:
    people = [browser(client, f"Player {i}", f"player{i}") for i in range(5)]
    for seed in range(1, 10):  # a deal somebody called (a deal everybody passed is dealt again)
        table_id, tokens = sit(people, "chiamata")
        play_out(start(client, table_id, tokens, list(range(5))), seed=seed)
        rows = results(client, table_id)
        if any(r.caller_deals for r in rows):
            break
    callers = [r for r in rows if r.role == "caller"]
    partners = [r for r in rows if r.role == "partner"]
    assert len(callers) == 1 and len(partners) <= 1 and len(rows) == 5
    caller = callers[0]
    side = [caller, *partners]
    assert {r.outcome for r in side} | {r.outcome for r in rows if r not in side} == {"win", "loss"}
    page = client.get(f"/api/profiles/player{caller.seat}").json()
    stats = page["stats"]["chiamata"]
    assert stats["caller"]["deals"] == sum(r.caller_deals for r in rows if r.player_id ==
                                           caller.player_id) >= 1  # fmt: skip
    assert stats["caller"]["won"] == sum(r.caller_won for r in rows
                                         if r.player_id == caller.player_id)  # fmt: skip
    assert page["recent"][0]["role"] == "caller"
