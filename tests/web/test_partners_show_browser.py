"""Partners show their hands before the first trick (``partners_show_first``) in Debian's
Chromium: at a pairs table with the option the partner's place (seat 2) shows the cards it showed
and still holds, face up, captioned "Carte mostrate all'inizio"; the opponents' places show
backs only; the rules dialog explains the option."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, MY_TURN

if TYPE_CHECKING:
    from playwright.sync_api import Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def test_the_partners_plate_shows_the_shown_cards_face_up(
    calm_page: Page, open_table: Callable[[Page, dict[str, Any]], None]
) -> None:
    page = calm_page
    body = {"preset": "pairs", "options": {"partners_show_first": True}, "level": "medium"}
    open_table(page, body)
    page.wait_for_function(MY_TURN)
    shown = page.evaluate("window.briscolaTable.obs.shown")
    assert set(shown) == {"2"} and len(shown["2"]) >= 2  # at most one played before my turn
    box = page.locator('.seat[data-seat="2"] .shown-hand')
    expect(box).to_contain_text("Carte mostrate all'inizio")
    faces = box.locator("img[alt]:not([alt=''])")  # face up: named; a back has no name
    expect(faces).to_have_count(len(shown["2"]))
    for seat in ("1", "3"):
        expect(page.locator(f'.seat[data-seat="{seat}"] .shown-hand')).to_have_count(0)
        opponent = page.locator(f'.seat[data-seat="{seat}"] img[alt]:not([alt=""])')
        expect(opponent).to_have_count(0)
    # play one card: the plate follows the partner's shown cards still held
    page.locator("#hand button[data-card]:not([disabled])").first.click()
    page.wait_for_function("!window.briscolaTable.pending")
    page.wait_for_function(MY_TURN + " || window.briscolaTable.table.status !== 'playing'")
    still = page.evaluate("(window.briscolaTable.obs.shown || {})['2'] || []")
    expect(page.locator('.seat[data-seat="2"] img[alt]:not([alt=""])')).to_have_count(len(still))
    page.locator("#show-rules").click()
    expect(page.locator("ul.rules")).to_contain_text("i compagni si mostrano le carte")
