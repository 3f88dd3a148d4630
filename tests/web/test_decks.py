"""The deck chooser (js/common/deck.js): a deck picked on the home page is kept on the device, so
after a reload the home page and the table draw their cards from it; the embed's ``deck=`` draws
that deck in the frame without changing the device's choice."""

from __future__ import annotations

import filecmp
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

CARD = re.compile(r"/static/cards/(?:(\w+)/)?(\w+)\.svg$")
ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "src" / "briscola" / "apps" / "web" / "cards"


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


def test_every_deck_s_pictures_are_what_the_script_draws(tmp_path: Path) -> None:
    """The committed SVGs of every deck are exactly scripts/make_cards.py's (regenerate, don't
    edit): 41 files a deck, the default one in cards/ itself."""
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_cards.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    decks = sorted(d.name for d in tmp_path.iterdir() if d.is_dir())
    assert decks == ["francesi", "napoletane", "piacentine"]
    for drawn, kept in [(tmp_path, CARDS)] + [(tmp_path / d, CARDS / d) for d in decks]:
        names = sorted(f.name for f in drawn.glob("*.svg"))
        assert len(names) == 41, drawn
        assert sorted(f.name for f in kept.glob("*.svg")) == names, kept
        _, differ, errors = filecmp.cmpfiles(drawn, kept, names, shallow=False)
        assert differ == [] and errors == [], (kept, differ, errors)
