"""The analysis and the hint in a real browser (issue 15): a deal against the computer, a hint at
the first turn, then "Analisi della partita" from the summary: the SVG curve, a dot per move
coloured by its rating, the moves' table with the best move on its card."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, TIMEOUT_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

needs_browser = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
if MISSING is None:
    from playwright.sync_api import expect

RATINGS = {"obbligata", "ottima", "buona", "imprecisione", "errore", "errore grave"}


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    ctx.set_default_timeout(TIMEOUT_MS)
    yield ctx
    ctx.close()


def play_to_the_summary(page: Page, limit_s: float = 90) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if page.locator("#summary").count():
            return
        live = page.locator("#hand.live button.card")
        try:
            live.first.click(timeout=500)
        except Exception:  # no playable card now, or the hand was redrawn under the click
            page.wait_for_timeout(40)
    raise AssertionError("the deal did not reach its summary in time")


@needs_browser
def test_a_hint_then_the_analysis_after_the_deal(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    page.locator("#name").fill("Anna")
    page.locator("label[for=game-classic]").click()
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/[^/?#]+\?seat=0#token="))
    expect(page.locator("#hand.live button.card").first).to_be_visible()
    page.locator("#hint").click()
    hint = re.compile(r"Gioca \S+: vinci il \d+%")
    expect(page.locator("#hint-text")).to_contain_text(hint, timeout=60_000)  # loads the search
    named = re.search(r"Gioca (\S+):", page.locator("#hint-text").inner_text())
    assert named is not None
    hand = [b.get_attribute("data-card") for b in page.locator("#hand button.card").all()]
    assert named.group(1) in hand  # the hint names a card of the hand, nothing hidden
    play_to_the_summary(page)
    page.locator("#open-analysis").click()
    expect(page.locator("#analysis h2")).to_have_text("Analisi della partita")
    expect(page.locator("#analysis-chart")).to_be_visible(timeout=60_000)
    dots = page.locator("#analysis-chart circle.move")
    expect(dots).to_have_count(20)
    ratings = {d.get_attribute("data-rating") for d in dots.all()}
    assert ratings <= {"forced", "best", "good", "inaccuracy", "mistake", "blunder"}
    assert "forced" in ratings  # the last card
    rows = page.locator("#analysis-moves tbody tr")
    expect(rows).to_have_count(20)
    shown = set(page.locator("#analysis-moves td.rating.view").all_inner_texts())
    assert shown <= RATINGS and "obbligata" in shown
    assert page.locator("#analysis-moves td.best img.card-img").count() == 20
    expect(page.locator("#analysis")).to_contain_text("Precisione")
    expect(page.locator("#analysis")).to_contain_text("Col senno di poi")
    page.screenshot(path=str(_shots() / "analysis-desktop.png"), full_page=False)
    page.locator("#analysis-close").click()
    expect(page.locator("#analysis")).to_have_count(0)
    assert not errors, errors


def _shots() -> object:
    """Where the screenshot goes: $BRISCOLA_SHOTS when set (docs), else a temporary folder."""
    import os
    import tempfile
    from pathlib import Path

    return Path(os.environ.get("BRISCOLA_SHOTS") or tempfile.mkdtemp())
