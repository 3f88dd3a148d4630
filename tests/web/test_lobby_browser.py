"""Quick match in Debian's Chromium (issue 37, part 2): the lobby page ``/online`` against the
real server's lobby socket. Two guests (two browser contexts) seek a casual classic game, are sent
to the same table and each sees the other's name; a guest cannot choose rated, and a refusal of
the server's is shown in the page's language; a lone seeker is offered computer players after
``lobby_offer_seconds`` (2 s here) and the offer fills the table; an open public table is listed
with its invitation; the page speaks it/en/ro and fits a 320 px phone; the home page leads to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors, served

from briscola.i18n import t as catalog

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

OFFER_SECONDS = 2
ANNA = "Annalisa Bellini 🦊"  # a long name with an emoji
BRUNO = "Bruno 🐻"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server with a short wait before the lobby's offer of computer players."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("lobby") / "briscola.db"
    app = create_app(f"sqlite:///{db}", bot_delay=0, lobby_offer_seconds=OFFER_SECONDS)
    with served(app) as url:
        yield url


def lobby_page(context: BrowserContext, server: str, lang: str = "it") -> tuple[Page, list[str]]:
    """The lobby page in ``context``, its socket open for the account panel's guest."""
    page = context.new_page()
    errors = page_errors(page)
    page.goto(f"{server}/online?lang={lang}")
    connected(page)
    return page, errors


def connected(page: Page) -> None:
    """Wait until the page's lobby socket is open for its player and the lobby has spoken."""
    page.wait_for_function(
        "(l => l && l.link === 'open' && l.player && l.lobby)(window.briscolaLobby)"
    )


def seat_names(page: Page) -> list[str]:
    """The names of the table's seats, as the table page got them."""
    page.wait_for_function("window.briscolaTable && window.briscolaTable.table")
    names: list[str] = page.evaluate("window.briscolaTable.table.seats.map(s => s.name)")
    return names


def table_of(page: Page) -> str:
    """The table id of the table page open in ``page``."""
    return page.url.split("/table/", 1)[1].split("?", 1)[0]


def test_two_guests_find_each_other_at_one_table(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    anna, anna_errors = lobby_page(contexts(1280, 900), server)
    bruno, bruno_errors = lobby_page(contexts(390, 844, is_mobile=True, has_touch=True), server)
    # the lobby's numbers: both are online (the page shows what the server counts)
    expect(anna.locator("#lobby-online strong")).to_have_text("2")
    expect(bruno.locator("#lobby-online strong")).to_have_text("2")
    for page, name in ((anna, ANNA), (bruno, BRUNO)):
        page.locator("#lobby-name").fill(name)  # seeking at once: the name goes first
        expect(page.locator("#lobby-game-classic")).to_be_checked()
        expect(page.locator("#lobby-casual")).to_be_checked()
        page.locator("#lobby-seek").click()
    anna.wait_for_url("**/table/**")
    bruno.wait_for_url("**/table/**")
    assert table_of(anna) == table_of(bruno)
    assert "#token=" in anna.url and "#token=" in bruno.url
    seats = seat_names(anna)
    assert sorted(seats) == sorted([ANNA, BRUNO]) == sorted(seat_names(bruno))
    # each sees the other's name on the table's plates (their own reads «Tu»)
    expect(anna.get_by_text(BRUNO).first).to_be_visible()
    expect(bruno.get_by_text(ANNA).first).to_be_visible()
    assert anna_errors == [] and bruno_errors == []


def test_seeking_shows_the_time_and_the_window_and_cancels(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page, errors = lobby_page(contexts(844, 700), server)
    page.locator("#lobby-game-pairs + label").click()  # nobody else seeks pairs here
    page.locator("#lobby-seek").click()
    expect(page.locator("#lobby-window")).to_have_text("Punteggi tra 1400 e 1600")
    expect(page.locator("#lobby-waited")).to_have_text("In attesa da 0:01", timeout=5000)
    expect(page.locator("#lobby-name")).to_be_disabled()  # the choices wait
    expect(page.locator("#lobby-searching strong")).to_have_text("1")
    # the window widens as the seeker waits (±100, then +50 every 5 s)
    expect(page.locator("#lobby-window")).to_have_text("Punteggi tra 1350 e 1650", timeout=8000)
    expect(page.locator("#lobby-offer")).to_be_visible()  # after 2 s alone: the computer
    page.locator("#lobby-cancel").click()
    expect(page.locator("#lobby-seek")).to_be_enabled()
    expect(page.locator("#lobby-searching strong")).to_have_text("0")
    expect(page.locator("#lobby-status")).to_be_empty()
    assert errors == []


def test_the_offer_fills_the_empty_seats_with_computer_players(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page, errors = lobby_page(contexts(320, 640, is_mobile=True, has_touch=True), server)
    page.locator("#lobby-name").fill("Carla")
    page.locator("#lobby-game-three + label").click()
    page.locator("#lobby-seek").click()
    expect(page.locator("#lobby-seeking, .lobby-seeking")).to_be_visible()
    expect(page.locator("#lobby-offer")).to_have_count(0)
    offer = page.locator("#lobby-offer")
    expect(offer).to_be_visible(timeout=(OFFER_SECONDS + 5) * 1000)
    expect(offer).to_contain_text("Con il computer la partita è amichevole.")
    page.locator("#lobby-fill").click()
    page.wait_for_url("**/table/**")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.table")
    seats: list[dict[str, Any]] = page.evaluate("window.briscolaTable.table.seats")
    assert len(seats) == 3
    mine = int(page.url.split("seat=", 1)[1].split("#", 1)[0])
    assert seats[mine]["name"] == "Carla"
    others = [s for i, s in enumerate(seats) if i != mine]
    assert others and all(s["kind"] == "bot" for s in others), seats
    assert errors == []


def test_a_guest_cannot_choose_rated_until_they_make_an_account(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page, errors = lobby_page(contexts(390, 844), server)
    expect(page.locator("#lobby-rated")).to_be_disabled()
    note = page.locator("#lobby-rated-note")
    expect(note).to_contain_text("Le partite classificate sono per chi ha un account.")
    note.locator("a").click()  # the link opens the account panel, where an account is made
    expect(page.locator("#account details")).to_have_attribute("open", "")
    expect(page.locator("#account-signup-username")).to_be_focused()
    page.locator("#account-signup-username").fill("dario_lobby")
    page.locator("#account-signup-password").fill("una password lunga")
    page.locator("#account-signup button[type=submit]").click()
    # an account: rated is a choice now (the socket opened again for the account)
    expect(page.locator("#lobby-rated")).to_be_enabled()
    expect(note).to_have_count(0)
    connected(page)
    page.locator("#lobby-rated + label").click()
    page.locator("#lobby-seek").click()
    expect(page.locator("#lobby-window")).to_have_text("Punteggi tra 1400 e 1600")
    assert page.evaluate("window.briscolaLobby.seeking.rated") is True
    page.locator("#lobby-cancel").click()
    assert errors == []


@pytest.mark.parametrize("lang", ["it", "en", "ro"])
def test_a_refusal_of_the_server_is_shown_in_the_page_s_language(
    server: str, contexts: Callable[..., BrowserContext], lang: str
) -> None:
    """A page that believes its guest has an account (its account made a guest again in another
    tab, say) seeks rated: the server refuses, worded in the page's language."""
    page, errors = lobby_page(contexts(1280, 800), server, lang)
    page.evaluate("window.briscolaLobby.player = {...window.briscolaLobby.player, guest: false}")
    page.locator("#lobby-game-three + label").click()  # drawn again, for an account
    page.locator("#lobby-rated + label").click()
    page.locator("#lobby-seek").click()
    words = catalog("web.ws_error.rated_needs_account", lang)
    assert words and "ws_error" not in words
    expect(page.locator(".lobby-error")).to_have_text(words)
    expect(page.locator("#lobby-seek")).to_be_enabled()  # nothing is being sought
    assert errors == []


LOOK = {
    "it": ("Gioca online", "Cerca avversari", "Tavoli aperti", "Amichevole"),
    "en": ("Play online", "Find opponents", "Open tables", "Casual"),
    "ro": ("Joacă online", "Caută adversari", "Mese deschise", "Amicală"),
}


@pytest.mark.parametrize("lang", LOOK)
def test_the_page_in_each_language(
    server: str, contexts: Callable[..., BrowserContext], lang: str
) -> None:
    page, errors = lobby_page(contexts(1280, 800), server, lang)
    title, seek, tables, casual = LOOK[lang]
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator("#lobby-seek")).to_have_text(f"▶ {seek}")
    expect(page.locator("#lobby-tables-title")).to_have_text(tables)
    expect(page.locator("#lobby-casual + label strong")).to_have_text(casual)
    expect(page.locator("#lobby-game-chiamata + label")).to_be_visible()
    expect(page.locator("#lobby-game-scoperta")).to_have_count(0)  # not offered online
    assert page.evaluate("document.documentElement.lang") == lang
    assert errors == []


def test_switching_the_language_words_the_page_and_the_server_s_errors_anew(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page, errors = lobby_page(contexts(1280, 800), server)
    page.locator('.lang-switch button[data-lang="ro"]').click()
    expect(page.locator("h1")).to_have_text("Joacă online")
    expect(page.locator("#lobby-seek")).to_have_text("▶ Caută adversari")
    expect(page.locator("#lobby-searching span")).to_have_text("caută")
    connected(page)  # the socket opened again, for the server's words in Romanian
    page.evaluate("window.briscolaLobby.player = {...window.briscolaLobby.player, guest: false}")
    page.locator("#lobby-game-three + label").click()
    page.locator("#lobby-rated + label").click()
    page.locator("#lobby-seek").click()
    expect(page.locator(".lobby-error")).to_have_text(
        catalog("web.ws_error.rated_needs_account", "ro")
    )
    assert errors == []


def test_the_home_page_leads_to_the_lobby(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page = contexts(390, 844).new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    link = page.locator("#play-online")
    expect(link).to_have_text("Gioca online")
    link.click()
    page.wait_for_url("**/online")
    connected(page)
    assert errors == []


def test_an_open_public_table_is_listed_with_its_invitation(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page, errors = lobby_page(contexts(320, 640), server)
    expect(page.locator("#lobby-no-tables")).to_be_visible()
    body = {"seats": ["human", "human", "human"], "preset": "three", "public": True,
            "host_name": "Giovanna Maria 🌻"}  # fmt: skip
    made = page.request.post(server + "/api/tables", data=body)
    assert made.status == 200, made.text()
    row = page.locator(f'.lobby-table[data-table="{made.json()["table_id"]}"]')
    expect(row).to_be_visible(timeout=6000)  # the lobby looks at the tables every 2 s
    expect(row).to_contain_text("3 giocatori")
    expect(row).to_contain_text("di Giovanna Maria 🌻")
    expect(row).to_contain_text("Posti liberi: 2 su 3")
    href = row.locator("a").get_attribute("href") or ""
    assert href.startswith(f"/join/{made.json()['table_id']}/")
    # nothing of the page is wider than the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert errors == []


def test_a_table_made_public_on_the_home_page_is_joined_from_the_lobby(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    host = contexts(1280, 900).new_page()
    host_errors = page_errors(host)
    host.goto(server + "/")
    host.locator("#name").fill("Ottavia 🦉")
    host.locator("#game-three + label").click()
    host.locator("#public-table").check()
    host.locator("#create-table").click()
    host.wait_for_url("**/table/**")
    table_id = table_of(host)
    guest, guest_errors = lobby_page(contexts(390, 844), server)
    row = guest.locator(f'.lobby-table[data-table="{table_id}"]')
    expect(row).to_be_visible(timeout=6000)  # the lobby looks at the tables every 2 s
    expect(row).to_contain_text("di Ottavia 🦉")
    expect(row).to_contain_text("Posti liberi: 2 su 3")
    row.locator("a").click()
    guest.wait_for_url(f"**/join/{table_id}/**")
    assert host_errors == [] and guest_errors == []
