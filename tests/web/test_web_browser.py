"""The web client in a real browser: Debian's Chromium driven by Playwright against the game server
on a free localhost port (a temporary SQLite file, computer players without delay); and the card
art, checked against its generator.

Outside CI the browser tests are skipped when /usr/bin/chromium (or Playwright) is missing; in CI
(``CI=true``) a missing browser is a failure. Playwright never downloads a browser here: it
launches Debian's Chromium by its path.
"""

from __future__ import annotations

import importlib.util
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, TIMEOUT_MS, page_errors

from briscola.apps.server.tables import NAMES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "briscola" / "apps" / "web"
needs_browser = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
if MISSING is None:
    from playwright.sync_api import expect


@pytest.fixture
def context(contexts: Callable[..., BrowserContext]) -> BrowserContext:
    return contexts(1280, 800, reduced_motion="reduce")


def _play_until_summary(pages: list[Page], limit_s: float = 90) -> None:
    """Click a playable card on whichever page may play, until every page shows the summary."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(p.locator("#summary").count() for p in pages):
            return
        moved = False
        for page in pages:
            live = page.locator("#hand.live button.card")
            if live.count():
                try:
                    live.first.click(timeout=500)
                    moved = True
                except Exception:  # the hand was redrawn under the click: try again
                    pass
        if not moved:
            pages[0].wait_for_timeout(40)
    raise AssertionError("the deal did not reach its summary in time")


def _summary_points(page: Page) -> list[int]:
    return [int(x) for x in page.locator("#summary .result-table td.big").all_inner_texts()]


@needs_browser
def test_play_a_whole_deal_against_the_computer(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    page.locator("#name").fill("Anna")
    page.locator("label[for=game-classic]").click()
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/[^/?#]+\?seat=0#token="))
    expect(page.locator("#hand button.card")).to_have_count(3)
    # the first card's accessible name is its full Italian name
    label = page.locator("#hand button.card").first.get_attribute("aria-label") or ""
    assert re.search(r"(Asso|Due|Tre|Quattro|Cinque|Sei|Sette|Fante|Cavallo|Re) di ", label)
    _play_until_summary([page])
    expect(page.locator("#summary h2")).to_be_visible()
    assert sum(_summary_points(page)) == 120
    expect(page.locator("#summary #new-game")).to_be_visible()
    assert not errors, errors


@needs_browser
def test_a_match_of_two_deals_with_the_next_deal_button(
    server: str, context: BrowserContext
) -> None:
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    page.locator("label[for=game-classic]").click()
    _choose_match(page, "deals:2")
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    _play_until_summary([page])
    expect(page.locator("#summary .standing")).to_be_visible()
    page.locator("#next-deal").click()
    expect(page.locator("#summary")).to_have_count(0)
    expect(page.locator("#hand button.card")).to_have_count(3)
    _play_until_summary([page])
    expect(page.locator("#summary #new-game")).to_be_visible()
    expect(page.locator("#summary .standing")).to_be_visible()
    assert not errors, errors


def _choose_match(page: Page, value: str) -> None:
    """Choose a match format on the home page, adding it when the list lacks it (the server
    accepts any format)."""
    page.evaluate(
        """v => { const s = document.getElementById("match");
                  if (![...s.options].some(o => o.value === v)) s.add(new Option(v, v));
                  s.value = v; s.dispatchEvent(new Event("change")); }""",
        value,
    )


@needs_browser
def test_two_people_at_one_table(server: str, browser: Browser) -> None:
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    guest_ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    try:
        host_ctx.set_default_timeout(TIMEOUT_MS)
        guest_ctx.set_default_timeout(TIMEOUT_MS)
        host = host_ctx.new_page()
        guest = guest_ctx.new_page()
        errors = page_errors(host) + page_errors(guest)
        host.goto(server + "/")
        host.locator("#name").fill("Anna")
        host.locator("label[for=game-classic]").click()
        expect(host.locator("#seat-1")).to_have_value("human")
        host.locator("#create-table").click()
        host.wait_for_url(re.compile(r"/table/"))
        invite = host.locator("#invite-link")
        expect(invite).to_have_value(re.compile(r"/join/"))
        guest.goto(invite.input_value())
        guest.locator("#join-name").fill("Bruno")
        guest.locator("#join-btn").click()
        guest.wait_for_url(re.compile(r"/table/[^/?#]+\?seat=1#token="))
        expect(host.locator('.seats-list li[data-seat="1"]')).to_contain_text("Bruno")
        host.locator("#start-game").click()
        expect(host.locator("#hand button.card")).to_have_count(3)
        expect(guest.locator("#hand button.card")).to_have_count(3)
        # each sees the other's name at the table
        expect(host.locator('.seat[data-seat="1"]')).to_contain_text("Bruno")
        expect(guest.locator('.seat[data-seat="0"]')).to_contain_text("Anna")
        _play_until_summary([host, guest])
        assert sum(_summary_points(host)) == 120
        assert sorted(_summary_points(host)) == sorted(_summary_points(guest))
        assert not errors, errors
    finally:
        host_ctx.close()
        guest_ctx.close()


@needs_browser
def test_join_errors_speak_the_page_language(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors = page_errors(page)
    made = page.request.post(server + "/api/tables", data={"seats": ["human", "human"]}).json()
    path = made["invite_url"].split("://", 1)[-1]
    path = path[path.index("/join/") :]
    page.goto(server + path.rsplit("/", 1)[0] + "/not-the-code")
    page.locator("#join-name").fill("Bruno")
    page.locator("#join-btn").click()
    expect(page.locator(".toast").last).to_have_text(
        "Questo invito non è del tavolo: chiedi un nuovo link."
    )
    page.locator('.lang-switch button[data-lang="en"]').click()
    page.locator("#join-btn").click()
    expect(page.locator(".toast").last).to_have_text(
        "This invitation is not the table's: ask for a new link."
    )
    assert not errors, errors


@needs_browser
def test_waiting_room_then_start_with_computer_players(
    server: str, context: BrowserContext
) -> None:
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    page.locator("label[for=game-pairs]").click()
    page.locator("#seat-2").select_option("bot:simple")
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r"/table/"))
    expect(page.locator(".seats-list li")).to_have_count(4)
    # the computer player has an Italian name, not its level's
    names = "|".join(NAMES)
    expect(page.locator('.seats-list li[data-seat="2"]')).to_contain_text(re.compile(names))
    expect(page.locator("#invite-link")).to_have_value(
        re.compile(r"^http://127\.0\.0\.1:\d+/join/")
    )
    page.locator("#start-game").click()
    expect(page.locator("#hand button.card")).to_have_count(3)
    expect(page.locator(".seat")).to_have_count(3)
    assert not errors, errors


def _stock(page: Page) -> int:
    return int(page.locator(".deck .count").inner_text())


@needs_browser
def test_reload_mid_game_keeps_the_seat(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    for _ in range(2):
        page.locator("#hand.live button.card").first.click()
        page.wait_for_timeout(100)
    expect(page.locator("#hand.live button.card")).to_have_count(3)
    stock = _stock(page)
    hand = page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    expect(page.locator("#hand button.card")).to_have_count(3)
    assert (
        page.locator("#hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
        == hand
    )
    assert _stock(page) == stock
    # the same seat without the token in the URL: it comes from localStorage
    url = page.url.split("#")[0]
    page.goto(server + "/")
    page.goto(url)
    expect(page.locator("#hand.live button.card")).to_have_count(3)
    page.locator("#hand.live button.card").first.click()
    expect(page.locator(".deck .count")).to_have_text(str(stock - 2))
    assert not errors, errors


CLASSIC_POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}


@needs_browser
@pytest.mark.parametrize("inversion", [False, True])
def test_points_aid_counts_with_the_servers_points(
    server: str, context: BrowserContext, inversion: bool
) -> None:
    """The beginner aid counts the cards on the table with the points the server sends for the
    table's rules (the Tre/Sette inversion makes the 7 worth 10 and the 3 nothing)."""
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    page.locator("label[for=game-classic]").click()
    if inversion:
        page.locator("#opt-inversion").check()
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    page.locator(".aid-toggle input").check()
    points = {**CLASSIC_POINTS, **({"3": 0, "7": 10} if inversion else {})}
    deadline = time.monotonic() + 60
    # play until the computer leads a trick: its card lies on the table, and it is my turn
    while (
        page.locator(".trick:not(.done) .played").count() != 1
        or not page.locator("#hand.live").count()
    ):
        assert time.monotonic() < deadline, "the computer never led a trick"
        assert not page.locator("#summary").count(), "the deal ended before the computer led"
        live = page.locator("#hand.live button.card")
        if live.count() and not page.locator(".trick .played").count():
            live.first.click()
        page.wait_for_timeout(40)
    card = page.locator(".trick .played").first.get_attribute("data-card") or ""
    on_table = points.get(card[:-1], 0)
    expect(page.locator("#turn-status")).to_contain_text(f"Sul tavolo: {on_table} punti")
    # the side column: the points taken, plus what is still in play, plus the table's, make 120
    cells = page.locator(".side .box").first.locator("td.n").all_inner_texts()
    assert sum(int(c) for c in cells) + on_table == 120, (cells, card)
    assert not errors, errors


@needs_browser
def test_keyboard_play(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    expect(page.locator("#hand.live button.card")).to_have_count(3)
    stock = _stock(page)
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused
    page.keyboard.press("Enter")
    expect(page.locator("#last-trick .mini-row img")).to_have_count(2)
    expect(page.locator("#hand.live button.card")).to_have_count(3)
    page.keyboard.press("2")
    expect(page.locator(".deck .count")).to_have_text(str(stock - 4))


@needs_browser
def test_embed_page_plays_a_card(server: str, browser: Browser) -> None:
    ctx = browser.new_context(viewport={"width": 420, "height": 640}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        page = ctx.new_page()
        errors = page_errors(page)
        page.goto(server + "/embed?preset=classic&level=simple&lang=it")
        expect(page.locator("#app")).to_have_class(re.compile("embed"))
        card = page.locator("#hand.live button.card").first
        code = card.get_attribute("data-card")
        card.click()
        expect(page.locator(f'#hand button.card[data-card="{code}"]')).to_have_count(0)
        expect(page.locator("#hand button.card")).to_have_count(3)
        expect(
            page.locator(f'.trick .played[data-card="{code}"], #last-trick img').first
        ).to_be_attached()
        assert not errors, errors
    finally:
        ctx.close()


@needs_browser
def test_language_switch_to_english(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(server + "/")
    expect(page.locator("#play-title")).to_have_text("Gioca ora")
    expect(page.locator('header a[href="/score"]')).to_have_text("Segnapunti")
    page.locator('.lang-switch button[data-lang="en"]').click()
    expect(page.locator("#play-title")).to_have_text("Play now")
    expect(page.locator('header a[href="/score"]')).to_have_text("Score keeper")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.reload()
    expect(page.locator("#play-title")).to_have_text("Play now")
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    expect(page.locator("#turn-status")).to_contain_text(re.compile(r"Your turn|'s turn"))
    label = page.locator("#hand button.card").first.get_attribute("aria-label") or ""
    assert re.search(r" of (cups|coins|swords|clubs)$", label), label
    page.locator('.lang-switch button[data-lang="it"]').click()
    expect(page.locator("#turn-status")).to_contain_text(re.compile(r"Tocca a"))


def test_card_art_is_complete() -> None:
    names = {p.stem for p in (WEB / "cards").glob("*.svg")}
    expected = {r + s for r in "A234567FCR" for s in "cdsb"} | {"back"}
    assert names == expected
    for page in ("index.html", "table.html", "join.html", "embed.html"):
        assert (WEB / page).is_file()


def test_card_art_matches_its_generator() -> None:
    """The committed SVGs are exactly what scripts/make_cards.py draws (regenerate, don't edit)."""
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "scripts" / "make_cards.py")
    assert spec is not None and spec.loader is not None
    make_cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_cards)
    for suit in make_cards.SUITS:
        for rank in make_cards.RANKS:
            drawn = make_cards.card_svg(rank, suit)
            assert (WEB / "cards" / f"{rank}{suit}.svg").read_text(encoding="utf-8") == drawn
    assert (WEB / "cards" / "back.svg").read_text(encoding="utf-8") == make_cards.back_svg()
