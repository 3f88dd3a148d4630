"""Issue 37's "done when", end to end in Debian's Chromium: two people who never met (two browser
contexts, a computer and a phone) each sign up on the home page, go to «Gioca online», seek a
rated classic game and are seated together by the quick match; they play it to its end by
clicking their cards; then each sees both ratings moved, the winner's up and the loser's down,
on their profiles (``/players/{username}``, the game listed with its review) and on the
leaderboard (``/leaderboard``).

``BRISCOLA_ONLINE_SHOTS=docs/screenshots`` also keeps the pictures of docs/online.md: the lobby,
a profile and the leaderboard at 1280 and 390 px wide.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors, served

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SHOTS = os.environ.get("BRISCOLA_ONLINE_SHOTS")
"""A folder for docs/online.md's pictures (unset: none are kept)."""
PASSWORD = "una password lunga"
ANNA = ("annalisa_b", "Annalisa Bellini 🌻", "🦊")  # username, name (long, an emoji), avatar
BRUNO = ("bruno.r", "Bruno Rossi ⭐", "🐻")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server; nobody is offered computer players while the other is on the way."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("online") / "briscola.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0, lobby_offer_seconds=600)) as url:
        yield url


def sign_up(page: Page, server: str, username: str, name: str, avatar: str) -> None:
    """On the home page, a guest at once, then an account made in the account panel."""
    page.goto(server + "/?lang=it")
    expect(page.locator("#account .account-kind")).to_have_text("ospite")
    page.locator("#name").fill(name)
    expect(page.locator("#account .account-name")).to_have_text(name)
    page.locator("#account summary").click()
    page.locator("#account-avatar").select_option(avatar)
    expect(page.locator("#account .account-face")).to_have_text(avatar)
    page.locator("#account-signup-username").fill(username)
    page.locator("#account-signup-password").fill(PASSWORD)
    page.locator("#account-signup button[type=submit]").click()
    expect(page.locator("#account .account-kind")).to_have_text("@" + username)


def to_the_lobby(page: Page) -> None:
    """From the home page, «Gioca online»: the lobby, its socket open for the player."""
    page.locator("#play-online").click()
    page.wait_for_url("**/online**")
    page.wait_for_function(
        "(l => l && l.link === 'open' && l.player && l.lobby)(window.briscolaLobby)"
    )


def seek_rated_classic(page: Page) -> None:
    """In the lobby, a rated classic game sought."""
    expect(page.locator("#lobby-game-classic")).to_be_checked()
    page.locator("#lobby-rated + label").click()
    expect(page.locator("#lobby-rated")).to_be_checked()
    page.locator("#lobby-seek").click()


def table_id(page: Page) -> str:
    return page.url.split("/table/", 1)[1].split("?", 1)[0]


def status(page: Page) -> str | None:
    value: str | None = page.evaluate(
        "(t => t && t.table ? t.table.status : null)(window.briscolaTable)"
    )
    return value


def play_to_the_end(pages: list[Page]) -> None:
    """Whoever's hand is live clicks its first card, until both tables say the match is over."""
    deadline = time.monotonic() + 180
    while not all(status(p) == "over" for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        for page in pages:
            live = page.locator("#hand.live button.card")
            if live.count():
                with contextlib.suppress(Exception):  # the hand may be redrawn meanwhile
                    live.first.click(timeout=500)
        pages[0].wait_for_timeout(50)


def match_of(page: Page) -> dict[str, Any]:
    """The finished match as the table page got it (its points, its winner or a draw)."""
    value: dict[str, Any] = page.evaluate("window.briscolaTable.table.match")
    return value


def profile_of(page: Page, server: str, username: str) -> dict[str, Any]:
    reply = page.request.get(f"{server}/api/profiles/{username}")
    assert reply.status == 200, reply.text()
    return dict(reply.json())


def classic_rating(page: Page, server: str, username: str) -> dict[str, Any] | None:
    ratings = profile_of(page, server, username)["ratings"]
    return next((r for r in ratings if r["game"] == "classic"), None)


def shot(page: Page, name: str, *, full_page: bool = False) -> None:
    """Keep docs/online.md's picture ``name`` of the page as it is (from its top)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full_page)


def open_profile(page: Page, server: str, username: str) -> None:
    """A player's page, drawn (its name shown)."""
    page.goto(f"{server}/players/{username}?lang=it")
    expect(page.locator("#profile-name")).to_be_visible()


BOARD = ".board-panel > .board-table"
"""The leaderboard's table (the top hundred; your own line is another table above it)."""


def open_board(page: Page, server: str) -> None:
    """The leaderboard (classic, people), drawn."""
    page.goto(f"{server}/leaderboard?lang=it")
    expect(page.locator(".board-tab.on")).to_have_attribute("data-game", "classic")
    expect(page.locator(f"{BOARD}, #board-empty")).to_be_visible()


def board_rows(page: Page) -> list[tuple[str, str]]:
    """The leaderboard's lines as shown: (username, rating text)."""
    rows = page.locator(f"{BOARD} tbody tr")
    return [
        (row.locator(".username").text_content() or "", row.locator(".rating").inner_text())
        for row in rows.all()
    ]


def play_a_rated_game(server: str, anna: Page, bruno: Page) -> tuple[str, dict[str, Any]]:
    """Both at home seek a rated classic game, are seated together and play it to its end:
    (the table's id, its match as each table page got it)."""
    for page in (anna, bruno):
        page.goto(server + "/?lang=it")
    to_the_lobby(anna)
    seek_rated_classic(anna)
    expect(anna.locator("#lobby-searching strong")).to_have_text("1")
    to_the_lobby(bruno)
    expect(bruno.locator("#lobby-searching strong")).to_have_text("1")  # Anna
    shot(anna, "online-lobby-desktop")
    shot(bruno, "online-lobby-phone")
    seek_rated_classic(bruno)
    anna.wait_for_url("**/table/**")
    bruno.wait_for_url("**/table/**")
    game = table_id(anna)
    assert table_id(bruno) == game
    info = anna.request.get(f"{server}/api/tables/{game}").json()
    assert sorted(s["name"] for s in info["seats"]) == sorted([ANNA[1], BRUNO[1]])
    play_to_the_end([anna, bruno])
    match = match_of(anna)
    assert match == match_of(bruno) and match["over"]
    return game, match


def test_two_strangers_play_a_rated_game_and_see_their_ratings_move(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    anna = contexts(1280, 1100).new_page()  # the lobby whole, for its picture
    bruno = contexts(390, 844, is_mobile=True, has_touch=True).new_page()
    anna_errors, bruno_errors = page_errors(anna), page_errors(bruno)
    sign_up(anna, server, *ANNA)
    sign_up(bruno, server, *BRUNO)
    assert classic_rating(anna, server, ANNA[0]) is None  # no rated game yet
    open_profile(anna, server, ANNA[0])  # no rating yet on the page either
    expect(anna.locator("#profile-name")).to_contain_text(ANNA[1])
    expect(anna.locator(".rating-card")).to_have_count(0)
    open_board(bruno, server)
    expect(bruno.locator("#board-empty")).to_be_visible()
    for _ in range(3):  # a draw (60 to 60) moves no rating between equals: play again
        game, match = play_a_rated_game(server, anna, bruno)
        if match["winner"] is not None:
            break
    else:  # pragma: no cover - three draws in a row
        pytest.fail("three draws in a row")
    seats = anna.request.get(f"{server}/api/tables/{game}").json()["seats"]
    winner, loser = (ANNA, BRUNO) if seats[match["winner"]]["name"] == ANNA[1] else (BRUNO, ANNA)
    won = classic_rating(anna, server, winner[0])
    lost = classic_rating(bruno, server, loser[0])
    assert won is not None and lost is not None
    assert won["rating"] > 1500 > lost["rating"]
    assert won["history"][0]["rating"] == 1500 == lost["history"][0]["rating"]
    assert won["history"][-1]["rating"] == won["rating"]
    # each sees both ratings moved on the profiles' pages, and the game there with its review
    for page in (anna, bruno):
        for (username, name, avatar), rating in ((winner, won), (loser, lost)):
            open_profile(page, server, username)
            expect(page.locator("#profile-name")).to_contain_text(name)
            expect(page.locator(".profile-avatar")).to_have_text(avatar)
            card = page.locator(".rating-card[data-game=classic] .rating-big")
            expect(card).to_contain_text(str(rating["rating"]))
        shot(page, "online-profile-" + ("desktop" if page is anna else "phone"))
    for page, (username, _, _) in ((anna, ANNA), (bruno, BRUNO)):
        open_profile(page, server, username)
        review = page.locator(f".recent-list a[href='/review/{game}/0']")
        expect(review).to_have_count(1)
        review.click()
        page.wait_for_url(f"**/review/{game}/0**")
        expect(page.locator("#review-step")).to_be_visible()
    # and on the leaderboard: the winner first, above 1500, the loser below
    for page in (anna, bruno):
        open_board(page, server)
        rows = board_rows(page)
        assert [u for u, _ in rows] == ["@" + winner[0], "@" + loser[0]]
        assert [int(r.rstrip("?")) for _, r in rows] == [won["rating"], lost["rating"]]
        me = ANNA if page is anna else BRUNO
        expect(page.locator("#board-you")).to_contain_text("@" + me[0])
        shot(page, "online-leaderboard-" + ("desktop" if page is anna else "phone"))
    assert anna_errors == [] and bruno_errors == []
