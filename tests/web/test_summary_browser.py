"""Briscola chiamata's contract and the end-of-deal sheet (issue 36) in Debian's Chromium: the
caller's plate and the called card's chip say the contract during play ("chiama 120"), the
summary says in a sentence what the caller's side needed and took, and every row of the sheet
(each side, each seat's units, the match's standing) lies within the dialog's visible area
without scrolling, at 1366×768 and on a 390×844 phone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors, play_to_the_summary, served

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
Contexts = Callable[..., "BrowserContext"]

# the rows of the sheet that lie outside its visible area (above its top, under its buttons or
# the screen's foot)
HIDDEN_ROWS = """() => {
  const sheet = document.querySelector('#summary .sheet');
  const box = sheet.getBoundingClientRect();
  const foot = Math.min(box.bottom, innerHeight,
                        sheet.querySelector('.actions').getBoundingClientRect().top);
  return [...sheet.querySelectorAll('tr, #contract')].filter((row) => {
    const r = row.getBoundingClientRect();
    return r.top < box.top - 0.5 || r.bottom > foot + 0.5;
  }).map((row) => row.textContent.trim());
}"""


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that holds no finished trick (nor do its clients), computers without delay."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("summary") / "briscola.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0, trick_hold=0)) as url:
        yield url


def _open(page: Page, server: str, body: dict[str, Any]) -> None:
    made = page.request.post(server + "/api/play", data=body).json()
    page.goto(server + made["url"])
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")


def _rows_all_shown(page: Page, what: object) -> None:
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        hidden = page.evaluate(HIDDEN_ROWS)
        assert not hidden, (what, width, hidden)


def test_the_contract_is_shown_in_play_and_explained_in_the_summary(
    quick_server: str, contexts: Contexts
) -> None:
    page = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    _open(page, quick_server, {"preset": "chiamata", "options": {"points_only_auction": True}})
    page.wait_for_function(
        "(o => o && o.turn === o.seat && o.legal.includes('bid 120'))(window.briscolaTable.obs)"
    )
    page.evaluate("window.briscolaTable.act('bid 120')")
    page.wait_for_function(
        "(o => o.phase === 'call' && o.turn === o.seat)(window.briscolaTable.obs)"
    )
    page.evaluate("window.briscolaTable.act(window.briscolaTable.obs.legal[0])")
    # during play: the caller's plate and the called card's chip
    expect(page.locator(".plate .chip.caller")).to_have_text("chiama 120")
    expect(page.locator(".trump-chip .contract")).to_have_text("Contratto: 120 punti (Tu)")
    expect(page.locator(".trump-chip")).to_have_attribute("aria-label", re.compile("120 punti"))
    play_to_the_summary(page)
    took = int(page.locator("#summary tr.mine td.n").first.inner_text())
    ending = "contratto riuscito" if took >= 120 else "contratto fallito"
    expect(page.locator("#contract")).to_have_text(
        f"La squadra del chiamante doveva fare almeno 120 punti e ne ha fatti {took}: {ending}."
    )
    _rows_all_shown(page, "chiamata")
    assert not errors, errors


def test_a_match_summary_shows_every_row_of_the_standing(
    quick_server: str, contexts: Contexts
) -> None:
    page = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    _open(page, quick_server, {"preset": "classic", "match": "best-of:3"})
    play_to_the_summary(page)
    expect(page.locator("#summary .standing tbody tr")).to_have_count(2)
    _rows_all_shown(page, "best-of:3")
    assert not errors, errors


def test_the_deal_review_calls_the_player_tu(quick_server: str, contexts: Contexts) -> None:
    """A person who gave no name is «Giocatore 1» to the server; the deal's review, opened from
    their browser, calls them «Tu» (issue 36, item 14), and says «Prendi tu» for their tricks."""
    page = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    _open(page, quick_server, {"preset": "classic"})
    assert page.evaluate("window.briscolaTable.table.seats[0].name") == "Giocatore 1"
    play_to_the_summary(page)
    table_id = page.url.split("/table/")[1].split("?")[0]
    page.goto(f"{quick_server}/review/{table_id}/0")
    rows = page.locator(".review-hands tbody tr")
    expect(rows.first.locator("td").first).to_have_text("Tu")
    expect(page.locator(".review-hands")).not_to_contain_text("Giocatore")
    for _ in range(20):  # to a trick the player took
        if page.locator('.review-hands tr.winner[data-seat="0"]').count():
            expect(page.locator("#review-took")).to_contain_text("Prendi tu")
            break
        page.locator("#review-next").click()
    else:
        raise AssertionError("the player took no trick")
    assert not errors, errors
