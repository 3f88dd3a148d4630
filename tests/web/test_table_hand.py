"""The player's hand in Debian's Chromium: sorted by suit and strength (on by default for
chiamata's eight cards, off for three, a toggle that is remembered), a card just drawn marked
for a moment, and a card clicked out of turn shaking with a line that says why."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
Opener = Callable[["Page", str], None]
SUITS = "cdsb"  # the client's order of suits (cards.js SUITS), the trump suit last
RANKS = "A3RCF76542"  # strongest first


@pytest.fixture
def context(contexts: Callable[..., BrowserContext]) -> BrowserContext:
    return contexts(reduced_motion="reduce")


def _shown(page: Page) -> list[str]:
    return [
        c or ""
        for c in page.locator("#hand button.card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    ]


def _dealt(page: Page) -> list[str]:
    hand: list[str] = page.evaluate("window.briscolaTable.obs.hand")
    return hand


def _sorted(hand: list[str], trump: str) -> list[str]:
    def key(card: str) -> tuple[int, int]:
        suit = len(SUITS) if card[1] == trump else SUITS.index(card[1])
        return suit, RANKS.index(card[0])

    return sorted(hand, key=key)


def test_chiamata_sorts_the_hand_and_the_toggle_shows_it_as_dealt(
    open_table: Opener, context: BrowserContext
) -> None:
    page = context.new_page()
    open_table(page, "chiamata")
    expect(page.locator("#hand button.card")).to_have_count(8)
    toggle = page.locator("#sort-hand")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    # in the auction no suit is trump yet: by suit in the client's order, strongest first
    trump = page.evaluate("window.briscolaTable.obs.trump") or ""
    assert _shown(page) == _sorted(_dealt(page), trump)
    toggle.click()
    expect(page.locator("#sort-hand")).to_have_attribute("aria-pressed", "false")
    assert _shown(page) == _dealt(page)
    # the choice is remembered: a new table of three cards starts as the player left it
    open_table(page, "classic")
    expect(page.locator("#sort-hand")).to_have_attribute("aria-pressed", "false")
    page.locator("#sort-hand").click()
    expect(page.locator("#sort-hand")).to_have_attribute("aria-pressed", "true")
    trump = page.evaluate("window.briscolaTable.obs.trump")
    assert _shown(page) == _sorted(_dealt(page), trump)


def test_three_cards_are_shown_as_dealt(open_table: Opener, context: BrowserContext) -> None:
    page = context.new_page()
    open_table(page, "classic")
    expect(page.locator("#sort-hand")).to_have_attribute("aria-pressed", "false")
    assert _shown(page) == _dealt(page)


def test_a_card_just_drawn_is_marked_for_a_moment(
    open_table: Opener, context: BrowserContext
) -> None:
    page = context.new_page()
    open_table(page, "classic")
    page.locator("#hand.live button.card").first.wait_for()
    before = _dealt(page)
    page.locator("#hand.live button.card").first.click()
    drawn = page.locator("#hand button.card.drawn")
    expect(drawn).to_have_count(1)
    card = drawn.get_attribute("data-card")
    assert card and card not in before, (card, before)
    assert card in _dealt(page)
    started = time.monotonic()
    expect(drawn).to_have_count(0)  # the mark fades after about two seconds
    assert time.monotonic() - started < 5


def test_a_card_clicked_out_of_turn_shakes_and_says_why(
    open_table: Opener, context: BrowserContext
) -> None:
    page = context.new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(str(f))))
    open_table(page, "classic")
    # the table as it is when another seat is to play
    page.evaluate(
        """() => { const v = window.briscolaTable; const m = structuredClone(v.msg);
             m.observation.turn = 1; m.observation.legal = []; m.events = []; v.onState(m); }"""
    )
    card = page.locator("#hand button.card").first
    expect(card).to_have_attribute("aria-disabled", "true")
    card.click(force=True)  # aria-disabled, yet a person may click it
    expect(page.locator("#hand button.card.nope")).to_have_count(1)
    expect(page.locator(".toast")).to_have_text("Non è il tuo turno.")
    page.wait_for_timeout(300)
    assert not [f for f in sent if '"action"' in f], sent
