"""The table's top bar at its fullest (issue 36): a friends' table of three, best of three, with a
person and a computer beside the host, someone watching and the move clock running. At 320, 360,
390 and 844 px wide, in Italian and Romanian (the longest words), no control or chip of the bar
lies over another or off the screen, and Playwright finds each control tappable (its
actionability checks: visible, stable, enabled, and the control itself receives the tap)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

Contexts = Callable[..., "BrowserContext"]
SIZES = ((320, 568), (360, 740), (390, 844), (844, 390))

# every chip and control of the bar that is shown, with its box
PIECES = """() => {
  const bar = document.querySelector('.topbar');
  const pieces = [...bar.querySelectorAll(
    '.brand, .game-name, .score-chip, button, select, label.aid-toggle')]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  const named = pieces.filter((e) => !pieces.some((o) => o !== e && o.contains(e)));
  return named.map((e) => {
    const r = e.getBoundingClientRect();
    return {name: e.id || e.className, x: r.left, y: r.top, r: r.right, b: r.bottom};
  });
}"""


NEXT_FRAME = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _overlaps(pieces: list[dict[str, float | str]]) -> list[str]:
    out = []
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :]:
            dx = min(float(a["r"]), float(b["r"])) - max(float(a["x"]), float(b["x"]))
            dy = min(float(a["b"]), float(b["b"])) - max(float(a["y"]), float(b["y"]))
            if dx > 0.5 and dy > 0.5:
                out.append(f"{a['name']} × {b['name']}")
    return out


def _fullest_bar(server: str, contexts: Contexts, lang: str) -> Page:
    """The host's page of a started table with a guest, a computer and a spectator."""
    host_ctx = contexts(1366, 768, reduced_motion="reduce")
    host_ctx.add_init_script(f"localStorage.setItem('briscola.lang', '{lang}')")
    host, guest, watcher = host_ctx.new_page(), contexts().new_page(), contexts().new_page()
    made = host.request.post(
        server + "/api/tables",
        data={
            "preset": "three",
            "match": "best-of:3",
            "seats": ["human", "human", "bot:simple"],
            "host_name": "Anna",
        },
    ).json()
    table_id = made["table_id"]
    host.goto(server + made["url"])
    guest.goto(f"{server}/join/{table_id}/{made['invite_code']}")
    guest.locator("#join-name").fill("Bruno")
    guest.locator("#join-btn").click()
    guest.wait_for_url(re.compile(r"/table/"))
    host.locator("#start-game").click()
    watcher.goto(f"{server}/watch/{table_id}")
    expect(host.locator("#flow-spectators")).to_be_visible()
    return host


@pytest.mark.parametrize("lang", ["it", "ro"])
def test_every_control_of_the_top_bar_is_whole_and_tappable(
    server: str, contexts: Contexts, lang: str
) -> None:
    page = _fullest_bar(server, contexts, lang)
    errors = page_errors(page)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)  # the page's resize handled (the bar fitted), as before a paint
        for shown in ("#flow-clock", "#flow-spectators", ".score-chip.compact", "#speed"):
            expect(page.locator(f".topbar {shown}")).to_be_visible()
        pieces = page.evaluate(PIECES)
        assert not _overlaps(pieces), (lang, width, _overlaps(pieces))
        off = [p["name"] for p in pieces if p["x"] < -0.5 or p["r"] > width + 0.5]
        assert not off, (lang, width, off)
        for control in (
            "#resign",
            "#speed",
            "#sound",
            "#show-rules",
            ".aid-toggle input",
            ".brand",
            ".lang-switch .lang-menu, .lang-switch button[aria-pressed=true]",
        ):
            target = page.locator(f".topbar {control}").locator("visible=true").first
            target.click(trial=True, timeout=3000)  # actionability: Playwright's own checks
    assert not errors, errors


# the speed menu's room for its chosen words: its width less the words' width (px)
SPEED_ROOM = """() => {
  const select = document.querySelector('#speed');
  const words = document.createElement('span');
  words.style.font = getComputedStyle(select).font;
  words.style.whiteSpace = 'pre';
  words.textContent = select.selectedOptions[0].textContent;
  document.body.append(words);
  const room = select.getBoundingClientRect().width - words.getBoundingClientRect().width;
  words.remove();
  return room;
}"""


def test_the_top_line_of_an_embed_and_a_lost_connection_collide_nowhere(
    server: str, contexts: Contexts
) -> None:
    """The 800×560 embed in English: "Briscola" and the game's name apart, the speed menu's words
    whole; on a desktop "Connessione persa" beside the game's name, not over it."""
    page = contexts(800, 560, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    page.goto(f"{server}/embed?preset=pairs&level=simple&lang=en")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    pieces = page.evaluate(PIECES)
    assert not _overlaps(pieces), _overlaps(pieces)
    if page.locator("#speed").is_visible() and "tight" not in (
        page.locator(".topbar").get_attribute("class") or ""
    ):
        assert page.evaluate(SPEED_ROOM) >= 16, page.evaluate(SPEED_ROOM)
    desk = contexts(1366, 768, reduced_motion="reduce").new_page()
    desk.goto(f"{server}/embed?preset=chiamata&level=simple&lang=it")
    desk.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    desk.evaluate("(v => { v.connState = 'lost'; v.render(); })(window.briscolaTable)")
    expect(desk.locator(".topbar .score-chip", has_text="⚠")).to_be_visible()
    pieces = desk.evaluate(PIECES)
    assert not _overlaps(pieces), _overlaps(pieces)
    assert not errors, errors
