"""The web client in Romanian, in Debian's Chromium: the IT | EN | RO switch (RO pressed, the page
in Romanian, the choice kept over a reload), the home page and a table with no Italian or English
left over (no key-looking text, none of the other languages' common words in the text, the
tooltips or the labels), cards named "As de denari", the score keeper's page and an error page in
Romanian; and at a phone's width the switch and the page fit the screen, in Romanian and in
Italian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, TIMEOUT_MS

from briscola.apps.server.tables import NAMES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
if MISSING is None:
    from playwright.sync_api import expect

# Words of Italian and English that a Romanian page never shows (the game's name, "Briscola",
# and the Italian suits' names are Romanian players' words too).
LEFTOVERS = re.compile(
    r"\b(gioca|partita|smazzata|tavolo|giocatori|livello|opzioni|carte|mazzo|tocca|prendi|"
    r"play|create|table|players|level|options|cards|turn|your|the|and|with|computer level)\b",
    re.IGNORECASE,
)
KEY_LIKE = re.compile(r"\b[a-z]+\.[a-z_]+(?:\.[a-z_]+)*\b")  # "table.yourturn"
SUITS = "denari|coppe|spade|bastoni"


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.set_default_navigation_timeout(3 * TIMEOUT_MS)  # a page's first load on a busy machine
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.set_default_navigation_timeout(3 * TIMEOUT_MS)  # a page's first load on a busy machine
    yield ctx
    ctx.close()


def _words(page: Page) -> str:
    """What a person reads on the page: its text and every tooltip, label and placeholder, with
    the computer players' names (Italian first names) left out."""
    text = page.evaluate(
        """() => [document.body.innerText, document.title,
          ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap(
            (el) => ['title', 'aria-label', 'placeholder'].map((a) => el.getAttribute(a) || ''))
        ].join('\\n')"""
    )
    for name in NAMES:
        text = re.sub(rf"\b{re.escape(name)}\b", " ", text)
    return str(text)


def _no_leftovers(page: Page) -> None:
    words = _words(page)
    # the switch names each language in itself: "Italiano" and "English" are meant
    words = words.replace("Italiano", " ").replace("English", " ")
    assert LEFTOVERS.findall(words) == [], words
    assert KEY_LIKE.findall(words) == [], words


def _switch_to_romanian(page: Page) -> None:
    page.locator('.lang-switch button[data-lang="ro"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    pressed = page.locator('.lang-switch button[aria-pressed="true"]')
    expect(pressed).to_have_count(1)
    expect(pressed).to_have_text("RO")
    expect(pressed).to_have_attribute("aria-label", "Română")


def test_home_and_a_table_in_romanian(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    expect(page.locator("#play-title")).to_have_text("Gioca ora")
    expect(page.locator(".lang-switch button")).to_have_text(["IT", "EN", "RO"])
    _switch_to_romanian(page)
    expect(page.locator("#play-title")).to_have_text("Joacă acum")
    expect(page.locator('header a[href="/score"]')).to_have_text("Ține scorul")
    # the server's words: an option's title, a level's name
    expect(page.locator("#opt-exchange")).to_have_accessible_name("Schimbul atuului")
    expect(page.locator("body")).to_contain_text("Chibzuit")
    _no_leftovers(page)
    page.reload()  # the choice is kept
    expect(page.locator("#play-title")).to_have_text("Joacă acum")
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    expect(page.locator("#turn-status")).to_contain_text("E rândul tău")  # not «lui X»
    label = page.locator("#hand button.card").first.get_attribute("aria-label") or ""
    assert re.search(rf"^Joacă .+ de ({SUITS})$", label), label
    expect(page.locator('.lang-switch button[aria-pressed="true"]')).to_have_text("RO")
    _no_leftovers(page)
    assert errors == []


def test_the_score_keeper_and_an_error_page_in_romanian(
    server: str, context: BrowserContext
) -> None:
    page = context.new_page()
    page.goto(server + "/score?lang=ro")
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    expect(page.locator("body")).to_contain_text("Foaie nouă")
    _no_leftovers(page)
    # the client's cookie tells the server: its own pages speak Romanian too
    page.goto(server + "/no/such/page")
    expect(page.locator("h1")).to_have_text("Pagina nu a fost găsită")
    page.locator('.lang-link[hreflang="en"]').click()
    expect(page.locator("h1")).to_have_text("Page not found")
    page.goto(server + "/")
    expect(page.locator("#play-title")).to_have_text("Play now")


def test_the_switch_fits_a_phone_in_romanian(server: str, phone: BrowserContext) -> None:
    page = phone.new_page()
    page.goto(server + "/?lang=ro")
    expect(page.locator("#play-title")).to_have_text("Joacă acum")
    _fits(page)
    # the narrowest phones' switch is a menu showing the current language; ?lang= is for the
    # page it opens, the switch keeps the choice
    menu = page.locator(".topline .lang-switch .lang-menu")
    expect(menu).to_have_value("ro")
    menu.select_option("en")
    expect(page.locator("#play-title")).to_have_text("Play now")
    menu.select_option("ro")
    expect(page.locator("#play-title")).to_have_text("Joacă acum")
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/"))
    expect(page.locator("#turn-status")).to_contain_text("E rândul tău")  # not «lui X»
    _fits(page)
    menu = page.locator(".topbar .lang-switch .lang-menu")
    expect(menu).to_be_visible()
    expect(menu).to_have_value("ro")
    expect(menu).to_have_accessible_name("Limba")
    menu.select_option("it")  # Italian's words are wider here
    expect(page.locator("#turn-status")).to_contain_text(re.compile(r"Tocca a"))
    expect(page.locator("html")).to_have_attribute("lang", "it")
    _fits(page)


def _fits(page: Page) -> None:
    """The language switch's controls on the screen and at least 34 px high, nothing wider than
    the screen."""
    width = page.viewport_size["width"] if page.viewport_size else 360
    shown = [
        c for c in page.locator(".lang-switch button, .lang-switch select").all() if c.is_visible()
    ]
    assert shown
    for control in shown:
        box = control.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert box["height"] >= 34, box
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


@pytest.mark.parametrize("lang", ["it", "ro"])
def test_the_options_show_their_whole_values_on_a_phone(
    server: str, phone: BrowserContext, lang: str
) -> None:
    """On a phone the option's label wraps and its choice keeps room for the chosen value
    ("a mazzo finito" was cut to "a mazzo fin")."""
    page = phone.new_page()
    page.goto(f"{server}/?lang={lang}")
    selects = page.locator(".opt select")
    expect(selects.first).to_be_visible()
    cut = page.evaluate(
        """() => {
          const ctx = document.createElement("canvas").getContext("2d");
          return [...document.querySelectorAll(".opt select")].flatMap((s) => {
            const st = getComputedStyle(s);
            ctx.font = st.font;
            const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)
              - 16;  // the arrow
            const text = s.options[s.selectedIndex].text;
            const need = ctx.measureText(text).width;
            return need > room ? [`${s.id}: ${text} needs ${need | 0} px, has ${room | 0}`] : [];
          });
        }"""
    )
    assert selects.count() >= 5
    assert cut == [], cut
    _fits(page)


@pytest.mark.parametrize("lang", ["it", "en", "ro"])
def test_the_home_top_line_fits_the_narrowest_phone(
    browser: Browser, server: str, lang: str
) -> None:
    """At 320 px the brand, «Segnapunti» and the language menu sit side by side without
    touching (the brand's name ran under «Segnapunti» before), each whole on the screen."""
    ctx = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.set_default_navigation_timeout(3 * TIMEOUT_MS)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/?lang={lang}")
        expect(page.locator(".topline .lang-switch")).to_be_visible()
        boxes = [
            page.locator(sel).bounding_box()
            for sel in (".topline .brand-name", ".topline .topline-link", ".topline #lang")
        ]
        assert all(b is not None for b in boxes)
        edges = [(b["x"], b["x"] + b["width"]) for b in boxes if b is not None]
        assert edges[0][0] >= 0 and edges[-1][1] <= 320, edges
        for (_, right), (left, _) in pairwise(edges):
            assert right <= left, edges  # each ends before the next begins
        link = page.locator(".topline .topline-link").bounding_box()
        assert link is not None and link["height"] >= 30, link
    finally:
        ctx.close()
