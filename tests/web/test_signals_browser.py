"""Partner signals in Debian's Chromium (issue 14, item 2): at a pairs table with the signals
option the player's turn shows a "Segnali" row; its button sends the sign; the partner's signs
are told with their meaning, the opponents' only as "… ha fatto un segno"."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, MY_TURN

if TYPE_CHECKING:
    from playwright.sync_api import Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


TABLE_SEED = 1
"""The table's seed: its deal is one where the partner signs (the medium rules sign only what
they hold, and a deal drawn at random failed once in CI with no sign from the partner)."""


def test_the_signals_row_sends_a_sign_and_only_the_partners_meaning_shows(
    calm_page: Page,
    open_table: Callable[[Page, dict[str, Any]], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = calm_page
    body = {"preset": "pairs", "options": {"signals": True}, "level": "medium"}
    # the server (in a thread of this process) draws the table's seed with it
    monkeypatch.setattr(secrets, "randbits", lambda bits: TABLE_SEED)
    open_table(page, body)
    monkeypatch.undo()
    page.evaluate(
        "(() => { const v = window.briscolaTable; window.banners = [];"
        " const show = v.showBanner.bind(v);"
        " v.showBanner = (text) => { window.banners.push(text); show(text); }; })()"
    )
    page.wait_for_function(MY_TURN)
    row = page.get_by_role("group", name="Un segno al compagno, uno a presa, prima della carta")
    expect(row).to_be_visible()
    expect(row).to_contain_text("Segnali")
    row.get_by_role("button", name="carica", exact=True).click()
    page.wait_for_function(
        "window.briscolaTable.obs.signals.some(s => s.seat === 0 && s.signal === 'carica')"
    )
    expect(page.locator("#signals")).to_have_count(0)  # one sign a trick
    assert "Tu: carica" in page.evaluate("window.banners")
    names = page.evaluate("window.briscolaTable.table.seats.map(s => s.name)")
    told = [f"{names[1]} ha fatto un segno", f"{names[3]} ha fatto un segno"]

    def heard() -> tuple[bool, bool]:
        banners = page.evaluate("window.banners")
        return any(b in told for b in banners), any(b.startswith(f"{names[2]}: ") for b in banners)

    # play on until the partner (seat 2) and an opponent have both signed since then
    for _ in range(30):
        if all(heard()) or page.evaluate("window.briscolaTable.table.status") != "playing":
            break
        page.wait_for_function(MY_TURN + " || window.briscolaTable.table.status !== 'playing'")
        if page.evaluate("window.briscolaTable.table.status") != "playing":
            break
        page.locator("#hand button[data-card]:not([disabled])").first.click()
        page.wait_for_function("!window.briscolaTable.pending")
    assert heard() == (True, True), page.evaluate("window.banners")
    signs = page.evaluate("window.briscolaTable.obs.signals")
    assert all(s["signal"] is None for s in signs if s["seat"] in (1, 3))
    assert all(s["signal"] is not None for s in signs if s["seat"] in (0, 2))
    partner = [b for b in page.evaluate("window.banners") if b.startswith(f"{names[2]}: ")]
    assert not any("ha fatto un segno" in b for b in partner)
