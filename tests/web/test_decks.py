"""The deck chooser (js/common/deck.js): a deck picked on the home page is kept on the device, so
after a reload the home page and the table draw their cards from it; the embed's ``deck=`` draws
that deck in the frame without changing the device's choice."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page

CARD = re.compile(r"/static/cards/(?:(\w+)/)?(\w+)\.svg$")


def decks_drawn(page: Page) -> set[str | None]:
    """The decks of the card pictures on the page (None: the default deck's folder)."""
    srcs: list[str] = page.eval_on_selector_all(
        "img.card-img", "els => els.map(e => e.getAttribute('src'))"
    )
    assert srcs, "no card on the page"
    found = [CARD.search(s) for s in srcs]
    assert all(found), srcs
    return {m.group(1) for m in found if m}


def faces_loaded(page: Page) -> None:
    """Every card picture of the page was found and drawn (a wrong URL would not load)."""
    page.wait_for_function(
        "[...document.querySelectorAll('img.card-img')].every(i => i.complete && i.naturalWidth)"
    )


def test_a_deck_picked_at_home_is_kept_and_deals_the_table_s_cards(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page = contexts(1366, 768, reduced_motion="reduce").new_page()
    page.goto(server + "/")
    page.wait_for_selector("#deck")
    assert decks_drawn(page) == {None}  # the project's own deck until one is chosen
    labels = page.eval_on_selector_all("#deck option", "els => els.map(e => e.textContent)")
    assert labels == ["Del progetto", "Napoletane", "Piacentine", "Francesi (♥ ♦ ♠ ♣)"]
    page.select_option("#deck", "napoletane")
    assert decks_drawn(page) == {"napoletane"}  # the hero's fan is redrawn at once

    page.reload()
    page.wait_for_selector("#deck")
    assert page.input_value("#deck") == "napoletane"
    assert decks_drawn(page) == {"napoletane"}
    faces_loaded(page)

    page.click("#quick-play")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    page.wait_for_selector(".hand img.card-img")
    assert decks_drawn(page) == {"napoletane"}
    faces_loaded(page)
    back = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--card-back')"
    )
    assert "/static/cards/napoletane/back.svg" in back

    page.goto(server + "/?lang=en")
    page.wait_for_selector("#deck")
    assert page.locator("label[for=deck]").text_content() == "Cards"


def test_the_embed_draws_the_deck_its_address_names(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page = contexts(390, 700, reduced_motion="reduce").new_page()
    page.goto(server + "/embed?preset=six&deck=francesi")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    page.wait_for_selector(".hand img.card-img")
    assert decks_drawn(page) == {"francesi"}
    faces_loaded(page)
    assert page.evaluate("localStorage.getItem('briscola.deck')") is None  # the device's own

    page.goto(server + "/embed?preset=six&deck=no-such-deck")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    page.wait_for_selector(".hand img.card-img")
    assert decks_drawn(page) == {None}  # an unknown name: the device's deck, the default here
