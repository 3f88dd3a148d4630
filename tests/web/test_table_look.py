"""The table as a player sees it, in Debian's Chromium: a trick the computer wins stays on the
felt for at least 1.5 s before it sweeps to the winner; a played card is tilted and flies in
from its player's side; with 2 to 6 players on a desktop, a phone upright and sideways, and a
320×480 embed, no card of a full trick touches another, a name plate, a hand, the stock or the
status line (element bounding boxes), the trick's cards are readable (34 px wide and more; in
the embed 32 px for two and three players, 28 for six) and the top bar keeps inside the
screen's width, in Italian, English and Romanian; the chiamata auction's panel hides no name
plate and, on a desktop and a phone either way up, needs no scrolling; the end-of-deal summary
opens at its title; nothing on the felt moves once the cards' pictures have loaded.

Every layout check runs twice on each table: with the names the computers were given at random,
then with every seat named LONG_NAME (longer than any name a plate shows whole, so the widest
plates there can be) and each computer at the level with the longest title (longest_names.js)."""

from __future__ import annotations

import contextlib
import math
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
Contexts = Callable[..., "BrowserContext"]
Opener = Callable[["Page", str], None]
BOXES = (Path(__file__).parent / "felt_boxes.js").read_text(encoding="utf-8")
LONGEST = (Path(__file__).parent / "longest_names.js").read_text(encoding="utf-8")
LONG_NAME = "Massimiliano Ottavio"  # 20 characters, a person's long name
NAMINGS = ("random", "longest")
PRESETS = ["classic", "three", "pairs", "chiamata", "six"]  # 2, 3, 4, 5 and 6 players
SIZES = {"desktop": (1366, 768), "phone": (390, 844), "sideways": (844, 390)}
# the least width of a trick's card (px) in a 320×480 embed, by preset: four to six players sit
# compact there (the felt's tight class), six the smallest
EMBED_LEAST = {"classic": 32, "three": 32, "pairs": 34, "chiamata": 34, "six": 28}


@pytest.fixture
def context(contexts: Contexts) -> BrowserContext:
    return contexts()  # with motion: the tests watch cards fly


def test_a_trick_the_computer_wins_stays_on_the_felt(
    open_table: Opener, context: BrowserContext
) -> None:
    """The server here paces nothing (no delay, no hold): the client alone keeps the trick."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(
        """window.__shown = []; new MutationObserver(() => {
             const done = document.querySelector(".trick.done .played.winner");
             const won = done && done.dataset.seat !== "0";
             if (won && !window.__since) window.__since = performance.now();
             if (window.__since && !document.querySelector(".trick.done .played:not(.sweep)")) {
               window.__shown.push(performance.now() - window.__since); window.__since = 0; }
           }).observe(document, {subtree: true, childList: true, attributes: true});"""
    )
    open_table(page, "classic")
    deadline = time.monotonic() + 60
    while not page.evaluate("window.__shown.length"):
        assert time.monotonic() < deadline, "the computer never won a trick"
        # play only when no trick is on show (a card played skips the rest of the show):
        # looked at and clicked in one task of the page, so no trick can end in between
        page.evaluate(
            """() => { const card = document.querySelector("#hand.live button.card");
                       if (card && !document.querySelector(".trick.done")) card.click(); }"""
        )
        page.wait_for_timeout(50)
    shown = page.evaluate("window.__shown[0]")
    assert shown >= 1500, shown
    # once swept, the taker's plate shows the pile of cards taken
    pile = page.locator(".seat .plate .pile")
    expect(pile).to_have_count(1)
    assert int(pile.get_attribute("data-count") or 0) >= 2
    assert not errors, errors


def _matrix(transform: str) -> list[float]:
    match = re.match(r"matrix\(([^)]*)\)", transform)
    assert match, transform
    return [float(x) for x in match.group(1).split(",")]


def test_a_played_card_is_tilted_and_flies_in_from_its_side(
    open_table: Opener, context: BrowserContext
) -> None:
    page = context.new_page()
    open_table(page, "classic")
    # the opponent (across the table, at the top) plays a card: it starts high and turned
    got: dict[str, Any] = page.evaluate(
        """() => { const v = window.briscolaTable; const m = structuredClone(v.msg);
             m.observation.trick = [[1, "Ad"]]; m.events = []; v.onState(m);
             const el = document.querySelector('.trick .played[data-seat="1"]');
             const fly = el.getAnimations()[0]; fly.pause(); fly.currentTime = 0;
             const start = getComputedStyle(el).transform; fly.finish();
             return {start, end: getComputedStyle(el).transform, enter: el.className}; }"""
    )
    start, end = _matrix(got["start"]), _matrix(got["end"])
    assert "enter" in got["enter"]
    assert start[5] < -100, got  # from the top seat's side: well above where it lands
    angle = math.degrees(math.atan2(end[1], end[0]))
    assert 2 <= abs(angle) <= 8, got  # tilted, a little


def test_the_long_name_is_longer_than_any_computers() -> None:
    from briscola.apps.server.tables import NAMES

    assert len(LONG_NAME) > max(len(name) for name in NAMES)


def _name_seats(page: Page, naming: str) -> None:
    """``longest``: every seat named LONG_NAME, the computers at the wordiest level."""
    if naming == "longest":
        got = page.evaluate(LONGEST, LONG_NAME)
        assert set(got["names"]) == {LONG_NAME}, got
        page.wait_for_timeout(50)


def _check_layout(page: Page) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(BOXES)
    return got


TOP_BAR = """() => {
  const bar = document.querySelector('.topbar');
  const out = [...bar.querySelectorAll('*')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < -1 || r.right > innerWidth + 1);
  }).map((e) => e.id || e.className);
  return {out, bar: bar.scrollWidth - bar.clientWidth,
          page: document.documentElement.scrollWidth - innerWidth};
}"""


def _check_top_bar(page: Page, what: object) -> None:
    """Every piece of the top bar inside the screen's width; neither it nor the page scrolls."""
    got = page.evaluate(TOP_BAR)
    assert not got["out"] and got["bar"] <= 0 and got["page"] <= 0, (what, got)


@pytest.mark.parametrize("size", SIZES)
def test_no_piece_of_the_felt_overlaps_another(
    open_table: Opener, contexts: Contexts, size: str
) -> None:
    width, height = SIZES[size]
    page = contexts(width, height, reduced_motion="reduce").new_page()
    for preset in PRESETS:
        open_table(page, preset)
        for naming in NAMINGS:
            _name_seats(page, naming)
            got = _check_layout(page)
            assert not got["bad"], (preset, size, naming, got)
            assert got["fit"]["w"] >= 34, (preset, size, naming, got["fit"])
            _check_top_bar(page, (preset, size, naming))


@pytest.mark.parametrize("lang", ["it", "en", "ro"])
def test_the_top_bar_fits_a_phone_in_every_language(
    server: str, contexts: Contexts, lang: str
) -> None:
    """The fullest top bar: a match of five (its standing has five numbers), the computers'
    speed and the resign button, on a 390 px phone and in a 320 px embed."""
    for width, height in ((390, 844), (320, 480)):
        context = contexts(width, height, reduced_motion="reduce")
        context.add_init_script(f"localStorage.setItem('briscola.lang', '{lang}')")
        page = context.new_page()
        for preset in ("chiamata", "classic"):
            made = page.request.post(
                server + "/api/play", data={"preset": preset, "match": "deals:3"}
            ).json()
            page.goto(server + made["url"])
            page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            for shown in ("#resign", "#speed", ".score-chip.compact", ".lang-switch"):
                expect(page.locator(f".topbar {shown}")).to_be_visible()
            for naming in NAMINGS:
                _name_seats(page, naming)
                _check_top_bar(page, (width, preset, lang, naming))


CARD_BOXES = """() => [...document.querySelectorAll('.felt .card-img, .felt .trump-chip')]
  .map((e) => { const r = e.getBoundingClientRect();
                return [e.className, e.complete ?? null, r.left, r.top, r.width, r.height]; })"""


def test_the_felt_keeps_its_measures_while_the_cards_load(server: str, contexts: Contexts) -> None:
    """The felt is fitted as soon as it is drawn, when the cards' pictures may still be loading
    (a slow network, a busy server): each picture has its 2:3 shape already, so nothing on the
    felt moves or grows once they come in (it used to: the trump chip grew onto a name plate)."""
    context = contexts(390, 844, reduced_motion="reduce")
    held: list[Any] = []
    context.route("**/static/cards/*.svg", lambda route: held.append(route))  # answered later
    page = context.new_page()
    page.goto(f"{server}/embed?preset=six&level=simple&lang=it")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    # the computers before the player have played (the status line and the trick are what they
    # stay until the player moves: each change of them fits the felt again)
    page.wait_for_selector("#turn-status.mine")
    page.wait_for_timeout(300)
    before = page.evaluate(CARD_BOXES)
    assert any("trump-chip" in box[0] for box in before), before
    pending = [box for box in before if box[1] is False]
    assert pending, before  # the test holds the pictures back
    for _cls, _done, _x, _y, w, hgt in pending:
        assert w > 0 and hgt > w, before  # upright, as the picture will be
    while held:
        held.pop().continue_()
    page.wait_for_function(
        "[...document.querySelectorAll('.felt .card-img')].every((i) => i.complete)"
    )
    after = page.evaluate(CARD_BOXES)
    assert len(after) == len(before)
    for was, now in zip(before, after, strict=True):
        assert now[2:] == pytest.approx(was[2:], abs=0.6), (was, now)


PLATE_LOG = """(() => {
  window.__plates = [];
  const tick = () => {
    if (window.briscolaTable && window.briscolaTable.msg) {
      window.__plates.push([...document.querySelectorAll('.felt .seat .plate')]
        .map((p) => p.innerText.replace(/\\s+/g, ' ')));
    }
    if (window.__plates.length < 400) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();"""


def test_the_plates_have_their_level_titles_from_the_first_state(
    server: str, contexts: Contexts
) -> None:
    """The table is drawn with the computers' level titles on their plates ("computer, Sensato")
    from its first state, even when the levels call answers late: a plate that grew afterwards
    moved the trump chip to another corner of the fitted felt."""
    context = contexts(390, 844, reduced_motion="reduce")
    context.add_init_script(PLATE_LOG)
    held: list[Any] = []
    context.route("**/api/levels*", lambda route: held.append(route))  # answered 0.8 s late
    page = context.new_page()
    page.goto(f"{server}/embed?preset=six&level=simple&lang=it")
    page.wait_for_timeout(800)
    assert held, "the table asks for the levels"
    while held:
        held.pop().continue_()
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    page.wait_for_function("window.__plates.length >= 5")
    frames = page.evaluate("window.__plates")
    bots = [text for frame in frames for text in frame if "computer" in text]
    assert bots, frames
    assert all("computer, Sensato" in text for text in bots), frames[:3]


def _open_embed(page: Page, server: str, preset: str) -> None:
    page.goto(f"{server}/embed?preset={preset}&level=simple&lang=it")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")


def test_no_piece_overlaps_in_a_small_embed(server: str, contexts: Contexts) -> None:
    """2 to 6 players in a 320×480 embed: four and more sit compact (the felt's tight class)."""
    page = contexts(320, 480, reduced_motion="reduce").new_page()
    for preset in PRESETS:
        _open_embed(page, server, preset)
        for naming in NAMINGS:
            _name_seats(page, naming)
            got = _check_layout(page)
            assert not got["bad"], (preset, naming, got)
            least = EMBED_LEAST[preset]
            assert got["fit"]["w"] >= least, (preset, naming, got["fit"])
            # the trump chip found a place that touches no seat (not the last resort)
            for placed in page.locator(".trump-chip").all():
                assert placed.get_attribute("data-free") == "true", (preset, naming)
            _check_top_bar(page, (preset, naming))


PANEL_BOXES = """() => {
  const felt = document.querySelector('.felt').getBoundingClientRect();
  const el = document.querySelector('.auction');
  const a = el.getBoundingClientRect();
  const hidden = [];
  for (const p of document.querySelectorAll('.seat .plate, .seat .backs, .status')) {
    const r = p.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const ox = Math.min(a.right, r.right) - Math.max(a.left, r.left);
    const oy = Math.min(a.bottom, r.bottom) - Math.max(a.top, r.top);
    if (ox > 0 && oy > 0) hidden.push(`${p.className}:${p.closest('[data-seat]')?.dataset.seat}`);
  }
  const inside = a.left >= felt.left && a.right <= felt.right && a.top >= felt.top
    && a.bottom <= felt.bottom;
  const bids = el.querySelector('.bids');
  const b = bids ? bids.getBoundingClientRect() : null;
  return {hidden, inside, whole: el.scrollHeight <= el.clientHeight + 1,
          bidsShown: !b || (b.top >= a.top - 1 && b.top < a.bottom)};
}"""


@pytest.mark.parametrize("size", [*SIZES, "embed"])
def test_the_auction_hides_no_name_plate(
    server: str, open_table: Opener, contexts: Contexts, size: str
) -> None:
    """Chiamata's auction panel lies between the seats, inside the felt, whole on a desktop and
    a phone either way up; where it must scroll (the low felt of a 320×480 embed) the player's
    own bids are in view."""
    width, height = SIZES.get(size, (320, 480))
    page = contexts(width, height, reduced_motion="reduce").new_page()
    if size == "embed":
        _open_embed(page, server, "chiamata")
    else:
        open_table(page, "chiamata")
    page.locator(".auction .bids").wait_for()  # the computers bid until it is our turn
    for naming in NAMINGS:
        _name_seats(page, naming)
        page.locator(".auction .bids").wait_for()
        got = page.evaluate(PANEL_BOXES)
        assert not got["hidden"], (size, naming, got)
        assert got["inside"], (size, naming, got)
        assert got["bidsShown"], (size, naming, got)
        if size != "embed":
            assert got["whole"], (size, naming, got)


def _play_until_summary(page: Page, limit_s: float = 90) -> None:
    deadline = time.monotonic() + limit_s
    while not page.locator("#summary").count():
        assert time.monotonic() < deadline, "the deal did not reach its summary in time"
        live = page.locator("#hand.live button.card")
        if live.count():
            with contextlib.suppress(Exception):  # the hand was redrawn under the click
                live.first.click(timeout=500)
        page.wait_for_timeout(40)


def test_the_summary_opens_at_its_title(server: str, context: BrowserContext) -> None:
    """At 1366×768 the sheet of a four players' match opens scrolled to its top, its title in
    view, and its focused button (the next deal) in view too, at the sheet's foot."""
    page = context.new_page()
    made = page.request.post(
        server + "/api/play", data={"preset": "pairs", "match": "deals:2"}
    ).json()
    page.goto(server + made["url"])
    _play_until_summary(page)
    expect(page.locator("#next-deal")).to_be_focused()
    page.wait_for_timeout(200)
    got: dict[str, Any] = page.evaluate(
        """() => { const s = document.querySelector('#summary .sheet');
             const box = s.getBoundingClientRect();
             const title = s.querySelector('h2').getBoundingClientRect();
             const next = document.querySelector('#next-deal').getBoundingClientRect();
             return {top: s.scrollTop, title: title.top >= box.top && title.bottom <= box.bottom,
                     next: next.top >= box.top && next.bottom <= box.bottom + 1}; }"""
    )
    assert got == {"top": 0, "title": True, "next": True}, got
