"""This device's settings of the table (issue 36, item 17) in Debian's Chromium: in the "?"
dialog, how long a finished trick stays on the felt and the size of the hand's cards; each is
kept in the browser (localStorage) and holds after a reload."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
CARD_WIDTH = "document.querySelector('#hand button.card').getBoundingClientRect().width"


def test_the_trick_hold_and_the_card_size_are_chosen_and_kept(
    calm_page: Page, open_table: Callable[[Page, str], None]
) -> None:
    page = calm_page
    errors = page_errors(page)
    open_table(page, "classic")
    expect(page.locator("#hand button.card")).to_have_count(3)
    normal = page.evaluate(CARD_WIDTH)
    assert page.evaluate("window.briscolaTable.holdMs") == 1500  # the table's own
    page.locator("#show-rules").click()
    expect(page.locator("#prefs-title")).to_have_text("Su questo dispositivo")
    page.locator("#pref-hold").select_option("long")
    page.locator("#pref-cards").select_option("large")
    assert page.evaluate("window.briscolaTable.holdMs") == 3000
    assert page.evaluate(CARD_WIDTH) == pytest.approx(normal * 1.2, abs=1)
    page.reload()
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    expect(page.locator("#hand button.card")).to_have_count(3)
    assert page.evaluate("window.briscolaTable.holdMs") == 3000
    assert page.evaluate(CARD_WIDTH) == pytest.approx(normal * 1.2, abs=1)
    page.locator("#show-rules").click()
    expect(page.locator("#pref-hold")).to_have_value("long")
    expect(page.locator("#pref-cards")).to_have_value("large")
    page.locator("#pref-hold").select_option("short")
    page.locator("#pref-cards").select_option("small")
    assert page.evaluate("window.briscolaTable.holdMs") == 800
    assert page.evaluate(CARD_WIDTH) == pytest.approx(normal * 0.85, abs=1)
    assert not errors, errors
