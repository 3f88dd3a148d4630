"""The leaderboards and the players' pages (issue 37, part 4) in Debian's Chromium: a player who
finished a game vs the computer on a phone finds it on their page with its review (which opens),
their rating with its provisional mark and its chart over time, and their statistics; the
leaderboard lists them with their own place, its bots' board lists the bot and not them, and the
language switch words it in English; neither page is wider than a 320 px phone."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa
from browsing import MISSING, page_errors, play_to_the_summary, served

from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.ratings.schema import RatingRow, ResultRow
from briscola.apps.server.store import Storage, StoredSeat, StoredTable

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

NAME = "Annamaria Benedetta Castellammare 🦊🎉"
HISTORY = [1500.0, 1561.0, 1532.0, 1598.0]  # Anna's classic rating before and after 3 games


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("profiles") / "briscola.db"


@pytest.fixture(scope="module")
def server(db: Path) -> Iterator[str]:
    from briscola.apps.server.app import create_app

    with served(create_app(f"sqlite:///{db}", bot_delay=0, trick_hold=0)) as url:
        yield url


def seed(db: Path, anna: str) -> None:
    """Anna's rated history (three games at tables made for it), a bot and another player."""
    storage = Storage(f"sqlite:///{db}")
    engine = storage.engine
    accounts = Accounts(engine)
    bruno, _ = accounts.new_guest("Bruno 🐻", "🐻")
    accounts.claim(bruno.id, "bruno", "una password lunga")
    robo, _ = accounts.new_guest("RoboBriscola", "🤖")
    accounts.claim(robo.id, "robo", "una password lunga")
    start = datetime.now(UTC) - timedelta(days=3)
    for i in range(len(HISTORY) - 1):
        seat = StoredSeat(0, "human", None, "Anna", True, True, None)
        storage.create_table(StoredTable(f"h{i}", {}, "single", i, "c", True, "simple", "it",
                                         [seat], []))  # fmt: skip
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE briscola_players SET bot = :b WHERE id = :p"),
                     {"b": True, "p": robo.id})  # fmt: skip
        for i, (before, after) in enumerate(itertools.pairwise(HISTORY)):
            conn.execute(sa.insert(ResultRow).values(
                table_id=f"h{i}", seat=0, player_id=anna, game="classic", rated=True,
                outcome="win" if after > before else "loss", left=False, points=70, deals=1,
                cappotti=0, role=None, caller_deals=0, caller_won=0, partner_deals=0,
                partner_won=0, rating_before=before, rating_after=after,
                finished_at=start + timedelta(days=i),
            ))  # fmt: skip
        for player, mu, games in ((anna, HISTORY[-1], 3), (bruno.id, 1450.0, 12),
                                  (robo.id, 1700.0, 40)):  # fmt: skip
            conn.execute(sa.insert(RatingRow).values(
                player_id=player, game="classic", mu=mu, sigma=300.0 if games < 10 else 120.0,
                games=games, updated_at=datetime.now(UTC)))  # fmt: skip
    storage.close()


def no_wider_than(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_players_page_and_the_leaderboard(
    server: str, db: Path, contexts: Callable[..., BrowserContext]
) -> None:
    phone = contexts(390, 844, reduced_motion="reduce").new_page()
    errors = page_errors(phone)
    guest = phone.request.post(server + "/api/players/guest", data={"name": NAME, "avatar": "🦊"})
    anna = guest.json()["id"]
    body = {"username": "anna", "password": "una password lunga", "name": NAME, "avatar": "🦊"}
    assert phone.request.post(server + "/api/players/signup", data=body).ok
    made = phone.request.post(server + "/api/play", data={"preset": "classic"}).json()
    phone.goto(server + made["url"])
    play_to_the_summary(phone)  # a casual game against the computer, to its end
    seed(db, anna)

    phone.goto(server + "/players/anna")
    expect(phone.locator("#profile-name")).to_contain_text("Castellammare")
    expect(phone.locator(".profile-username")).to_have_text("@anna")
    card = phone.locator(".rating-card[data-game=classic]")
    expect(card.locator(".rating-big")).to_have_text("1598?")  # three games: provisional
    expect(card.locator("svg.rating-chart circle")).to_have_count(len(HISTORY))
    expect(card.locator("svg.rating-chart title").first).to_contain_text("classica")
    game = phone.locator(f".recent-game[data-table='{made['table_id']}']")
    expect(game.locator(".outcome")).to_have_text(re.compile("^(Vittoria|Pareggio|Sconfitta)$"))
    expect(game).to_contain_text("Amichevole")
    expect(phone.locator(".recent-game")).to_have_count(4)
    cards = phone.locator(".stats-card[data-game=classic] li")
    expect(cards.first).to_have_text("4 Partite")  # the stats as cards on a phone
    no_wider_than(phone, 390)
    game.locator("a", has_text="Rivedi").click()
    expect(phone).to_have_url(f"{server}/review/{made['table_id']}/0")
    expect(phone.locator("#review")).not_to_contain_text("Caricamento")

    desk = contexts(1280, 800).new_page()
    errors += page_errors(desk)
    desk.context.add_cookies(phone.context.cookies())  # Anna on her computer too
    desk.goto(server + "/leaderboard?lang=it")
    rows = desk.locator(".board-panel > .board-table tbody tr")
    expect(rows).to_have_count(2)  # Anna and Bruno; the bot is not a person
    expect(rows.nth(0)).to_have_attribute("data-username", "anna")
    expect(rows.nth(0).locator(".rating")).to_have_text("1598?")
    expect(rows.nth(1).locator(".rating")).to_have_text("1450")
    expect(desk.locator("#board-you tbody td").first).to_have_text("1")  # her own place
    rows.nth(1).locator("a").click()
    expect(desk).to_have_url(f"{server}/players/bruno")
    desk.go_back()
    desk.locator(".board-who[data-bots=true]").click()
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_have_attribute("data-username", "robo")
    expect(desk.locator("#board-you")).to_have_count(0)  # Anna is on no bots' board
    assert "bots=true" in desk.url
    desk.locator('.lang-switch button[data-lang="en"]').click()
    expect(desk.locator("h1")).to_have_text("Leaderboards")
    desk.locator(".board-tab[data-game=pairs]").click()
    expect(desk.locator("#board-empty")).to_have_text("Nobody has a rating in this game yet.")

    small = contexts(320, 640).new_page()
    errors += page_errors(small)
    small.context.add_cookies(phone.context.cookies())
    for path in ("/leaderboard", "/players/anna"):
        small.goto(server + path)
        expect(small.locator(".board-table, .rating-card").first).to_be_visible()
        no_wider_than(small, 320)
    small.goto(server + "/players/nobody?lang=ro")
    expect(small.locator("#profile .error")).to_have_text("Nu există niciun jucător cu acest nume.")
    assert errors == []
