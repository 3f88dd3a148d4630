"""The call panel in Debian's Chromium under the auction with a called card (``call_card``):
having won the auction, the player picks a rank, then a suit drawn as that rank's card, and the
card is called."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING

if TYPE_CHECKING:
    from playwright.sync_api import Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def test_the_winner_calls_a_card_by_rank_then_suit(
    calm_page: Page, open_table: Callable[[Page, dict[str, Any]], None]
) -> None:
    page = calm_page
    body = {"preset": "chiamata", "options": {"call_card": True}}
    open_table(page, body)
    # at the player's turn in the auction, the highest bid: nobody can go over it
    page.wait_for_function(
        "(o => o && o.turn === o.seat && o.legal.includes('bid 120'))(window.briscolaTable.obs)"
    )
    page.evaluate("window.briscolaTable.act('bid 120')")
    panel = page.get_by_role("region", name="Chiama una carta: scegli il valore, poi il seme")
    expect(panel).to_be_visible()
    ranks = panel.get_by_role("group", name="Valore").get_by_role("button")
    expect(ranks).to_have_count(10)
    expect(ranks.first).to_have_attribute("aria-pressed", "true")  # the Asso, strongest first
    panel.get_by_role("button", name="Re", exact=True).click()
    expect(panel.get_by_role("button", name="Re", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    panel.get_by_role("button", name="Chiami il Re di spade").click()
    page.wait_for_function("window.briscolaTable.obs.called === 'Rs'")
    assert page.evaluate("window.briscolaTable.obs.trump") == "s"
