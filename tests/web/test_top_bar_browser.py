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
