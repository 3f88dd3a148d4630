"""The row of buttons under the felt, in Debian's Chromium: at the player's turn, with hints
given (a table of computers), every button of the row (the name plate, the last trick, the
tricks, sorting, the hint) lies inside the screen and is not cut off by the row or any other
box that clips, in a 320×480 embed (where the buttons show only their icons, in one row) and on
a phone's table page (390×844), in Italian and in English, for 2 to 6 players; the champion's
answer to a hint shows in the embed too; the hint button's icon is an SVG that draws (no emoji,
which is an empty box where no font has it, as in Debian's Chromium) and the button keeps its
name in each language. On the way to the player's turn a void chiamata deal (everybody passed)
is dealt again with the summary's "next deal", as a person does."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
Contexts = Callable[..., "BrowserContext"]
PRESETS = ["classic", "three", "pairs", "chiamata", "six"]  # 2, 3, 4, 5 and 6 players
SIZES = {"embed": (320, 480), "phone": (390, 844)}
HINT = {"it": "Suggerimento", "en": "Hint"}
LONGEST = (Path(__file__).parent / "longest_names.js").read_text(encoding="utf-8")
LONG_NAME = "Massimiliano Ottavio"  # a person's long name, as test_table_look.py's

# the player's turn to play a card; on the way, the player passes in chiamata's auction (and
# makes whatever other move is asked of it before the play), and when the computers passed too
# (a void deal, about one chiamata deal in 200 with the "simple" computers) asks for the next
# deal with the summary's button, as a person does: without it the table waits for ever
TO_MY_TURN = """() => {
  const v = window.briscolaTable, o = v && v.obs;
  if (!o) return false;
  if (v.table && v.table.status === 'deal_over') {
    const next = document.getElementById('next-deal');
    if (next) next.click();
    return false;
  }
  if (o.phase === 'play' && o.turn === o.seat) return true;
  if (o.turn === o.seat && o.legal.length && !v.pending)
    v.act(o.legal.includes('pass') ? 'pass' : o.legal[0]);
  return false;
}"""
# where the table stands, for a failure's message
WHERE = """() => { const v = window.briscolaTable, o = v && v.obs;
  return {status: v && v.table && v.table.status, deal: v && v.table && v.table.deal,
          phase: o && o.phase, turn: o && o.turn, seat: o && o.seat, pending: v && v.pending}; }"""

# each piece of the row: its box, whether it is outside the screen, and the boxes that clip it
ROW = """() => {
  const bar = document.querySelector('.me-bar');
  const pieces = [...bar.querySelectorAll(':scope > *, button')];
  return pieces.map((el) => {
    const r = el.getBoundingClientRect();
    const clippedBy = [];
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = p.getBoundingClientRect();
      if (r.left < q.left - 0.5 || r.right > q.right + 0.5 || r.top < q.top - 0.5
          || r.bottom > q.bottom + 0.5) clippedBy.push(p.className || p.tagName);
    }
    return {what: el.id || el.className, top: Math.round(r.top), w: r.width, h: r.height,
            outside: r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5
                     || r.bottom > innerHeight + 0.5,
            clippedBy};
  });
}"""


def _to_my_turn(page: Page) -> None:
    deadline = time.monotonic() + 60
    while not page.evaluate(TO_MY_TURN):
        if time.monotonic() > deadline:
            raise AssertionError(f"never the player's turn to play: {page.evaluate(WHERE)}")
        page.wait_for_timeout(100)
    page.locator("#hint").wait_for()


def _open(page: Page, server: str, size: str, preset: str, lang: str) -> None:
    """The embed's page, or on a phone the table page of a game of play-now, in ``lang``."""
    if size == "embed":
        page.goto(f"{server}/embed?preset={preset}&level=simple&lang={lang}")
    else:
        made = page.request.post(server + "/api/play", data={"preset": preset}).json()
        url, _, token = made["url"].partition("#")
        page.goto(f"{server}{url}{'&' if '?' in url else '?'}lang={lang}#{token}")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    _to_my_turn(page)


def _check_row(page: Page, what: object) -> list[dict[str, Any]]:
    row: list[dict[str, Any]] = page.evaluate(ROW)
    assert len(row) >= 4, (what, row)  # the plate, the last trick, sorting, the hint at least
    bad = [p for p in row if p["outside"] or p["clippedBy"] or not (p["w"] and p["h"])]
    assert not bad, (what, bad)
    return row


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_button_of_the_row_fits(
    server: str, contexts: Contexts, size: str, lang: str
) -> None:
    width, height = SIZES[size]
    page = contexts(width, height, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    for preset in PRESETS:
        _open(page, server, size, preset, lang)
        for naming in ("random", "longest"):
            if naming == "longest":  # every seat, the player's own too, named LONG_NAME
                assert set(page.evaluate(LONGEST, LONG_NAME)["names"]) == {LONG_NAME}
                page.wait_for_timeout(50)
            what = (size, lang, preset, naming)
            row = _check_row(page, what)
            hint = page.get_by_role("button", name=HINT[lang], exact=True)
            expect(hint).to_have_count(1)
            if size == "embed":
                # one row of icons (the plate's name cut short), so that the felt keeps its height
                tops = {p["top"] for p in row}
                assert max(tops) - min(tops) <= 12, (what, row)
                expect(hint.locator(".btn-label")).to_be_hidden()
            else:
                expect(hint).to_contain_text(HINT[lang])  # the words beside the icon
        page.evaluate("localStorage.clear()")  # the embed's next preset starts a new game
    assert not errors, errors


def _void_seed() -> int:
    """A table seed of play-now's chiamata (the player at seat 0, four "simple" computers) whose
    first deal is void when the player passes: every computer passes too."""
    from briscola.bots.pool import decide
    from briscola.core.match import MatchFormat
    from briscola.core.rules import preset
    from briscola.session.table import DEAL_OVER, Seat, Table

    seats = [Seat.human("P")] + [Seat.computer("simple", f"c{i}") for i in range(1, 5)]
    for seed in range(20_000):  # about one in 200
        table = Table(preset("chiamata"), seats, MatchFormat.parse("single"), seed)
        table.start()
        while table.to_act() is not None and table.deal_number == 0:
            if table.to_act() == 0:
                if table.state is None or table.state.phase.name != "AUCTION":
                    break  # the auction has a winner: not void
                table.submit(0, "pass")
            else:
                request = table.bot_request()
                assert request is not None
                decided = decide(request.level, request.seed, request.observation, 1.0)
                table.bot_answer(request, decided)
        if table.status == DEAL_OVER:
            return seed
    raise AssertionError("the simple computers passed all together in none of 20,000 deals")


def test_a_void_chiamata_deal_is_dealt_again_on_the_way(
    server: str, contexts: Contexts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When everybody passes in chiamata's auction the deal is void and the table waits for the
    player's "next deal": the way to the player's turn goes through it (it used to wait there
    until its minute ran out, about one chiamata table in 200)."""
    seed = _void_seed()
    # the server (in a thread of this process) draws the next table's seed with it
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed)
    page = contexts(320, 480, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    page.goto(f"{server}/embed?preset=chiamata&level=simple&lang=it")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    monkeypatch.undo()
    page.wait_for_function("(o => o && o.turn === o.seat)(window.briscolaTable.obs)")
    page.evaluate("window.briscolaTable.act('pass')")  # and so do the computers after it
    page.locator("#next-deal").wait_for()  # the void deal's summary
    _to_my_turn(page)
    assert page.evaluate("window.briscolaTable.table.deal") >= 1
    _check_row(page, "after a void deal")
    assert not errors, errors


def test_the_hints_answer_shows_in_the_embed(server: str, contexts: Contexts) -> None:
    page = contexts(320, 480, reduced_motion="reduce").new_page()
    _open(page, server, "embed", "classic", "it")
    page.locator("#hint").click()
    answer = page.locator("#hint-text")
    expect(answer).to_contain_text("Gioca", timeout=60_000)  # the champion's search loads
    row = _check_row(page, "the answer")
    assert any(p["what"] == "hint-text" for p in row), row


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_hint_icon_is_an_svg_that_draws(server: str, contexts: Contexts, lang: str) -> None:
    page = contexts(1280, 800, reduced_motion="reduce").new_page()
    _open(page, server, "desktop", "classic", lang)
    hint = page.locator("#hint")
    expect(hint).to_have_attribute("aria-label", HINT[lang])
    assert hint.get_attribute("title"), "the hint button has no title"
    assert hint.inner_text().strip() == HINT[lang]  # no emoji nor other glyph beside the words
    icon = hint.locator("svg")
    expect(icon).to_have_count(1)
    box = icon.bounding_box()
    assert box and box["width"] >= 12 and box["height"] >= 12, box
    drawn = page.screenshot(clip=box)
    icon.evaluate("el => { el.style.visibility = 'hidden'; }")
    blank = page.screenshot(clip=box)
    assert drawn != blank, "the icon draws nothing"
