"""The table as a player sees it, in Debian's Chromium: a trick the computer wins stays on the
felt for at least 1.5 s before it sweeps to the winner; a played card is tilted and flies in
from its player's side; with 2 to 6 players on a desktop, a phone upright and sideways, and a
320×480 embed, no card of a full trick touches another, a name plate, a hand, the stock or the
status line (element bounding boxes); the chiamata auction's panel hides no name plate; the
end-of-deal summary opens at its title."""

from __future__ import annotations

import contextlib
import math
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, TIMEOUT_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
BOXES = (Path(__file__).parent / "felt_boxes.js").read_text(encoding="utf-8")
PRESETS = ["classic", "three", "pairs", "chiamata", "six"]  # 2, 3, 4, 5 and 6 players
SIZES = {"desktop": (1366, 768), "phone": (390, 844), "sideways": (844, 390)}


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(TIMEOUT_MS)
    yield ctx
    ctx.close()


def _open(page: Page, server: str, preset: str) -> None:
    made = page.request.post(server + "/api/play", data={"preset": preset}).json()
    page.goto(server + made["url"])
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")


def test_a_trick_the_computer_wins_stays_on_the_felt(server: str, context: BrowserContext) -> None:
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
    _open(page, server, "classic")
    deadline = time.monotonic() + 60
    while not page.evaluate("window.__shown.length"):
        assert time.monotonic() < deadline, "the computer never won a trick"
        # play only when no trick is on show (a card played skips the rest of the show)
        if not page.locator(".trick.done").count() and page.locator("#hand.live").count():
            page.locator("#hand.live button.card").first.click()
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
    server: str, context: BrowserContext
) -> None:
    page = context.new_page()
    _open(page, server, "classic")
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


def _check_layout(page: Page) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(BOXES)
    return got


@pytest.mark.parametrize("size", SIZES)
def test_no_piece_of_the_felt_overlaps_another(server: str, browser: Browser, size: str) -> None:
    width, height = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        page = ctx.new_page()
        for preset in PRESETS:
            _open(page, server, preset)
            got = _check_layout(page)
            assert not got["bad"], (preset, size, got)
            assert got["fit"]["w"] >= 34, (preset, size, got["fit"])
    finally:
        ctx.close()


def test_no_piece_overlaps_in_a_small_embed(server: str, browser: Browser) -> None:
    """2 to 6 players in a 320×480 embed: four and more sit compact (the felt's tight class)."""
    ctx = browser.new_context(viewport={"width": 320, "height": 480}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        page = ctx.new_page()
        for preset in PRESETS:
            page.goto(f"{server}/embed?preset={preset}&level=simple&lang=it")
            page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
            got = _check_layout(page)
            assert not got["bad"], (preset, got)
            # three players keep readable cards; four to six sit compact, smaller (26 px or more)
            least = 30 if preset in ("classic", "three") else 26
            assert got["fit"]["w"] >= least, (preset, got["fit"])
    finally:
        ctx.close()


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
def test_the_auction_hides_no_name_plate(server: str, browser: Browser, size: str) -> None:
    """Chiamata's auction panel lies between the seats, inside the felt, whole on a desktop and
    a phone upright; where it must scroll (a low felt: a phone sideways, a 320×480 embed) the
    player's own bids are in view."""
    width, height = SIZES.get(size, (320, 480))
    ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        page = ctx.new_page()
        if size == "embed":
            page.goto(f"{server}/embed?preset=chiamata&level=simple&lang=it")
            page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
        else:
            _open(page, server, "chiamata")
        page.locator(".auction .bids").wait_for()  # the computers bid until it is our turn
        got = page.evaluate(PANEL_BOXES)
        assert not got["hidden"], (size, got)
        assert got["inside"], (size, got)
        assert got["bidsShown"], (size, got)
        if size in ("desktop", "phone"):
            assert got["whole"], (size, got)
    finally:
        ctx.close()


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
