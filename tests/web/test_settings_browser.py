"""The settings people expect (issue 39, part 4) in Debian's Chromium, in the "?" dialog beside
the trick's hold and the cards' size (test_prefs_browser.py): the sounds, off or on at a volume,
and the layout for a left hand; each kept on the device and holding after a reload. The hand's
order is the bar's own switch (test_table_hand.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
GAIN = "async (n) => (await import('/static/js/table/sound.js')).soundGain(n)"
SPEAKER = "#sound"


def open_settings(page: Page) -> None:
    page.locator("#show-rules").click()
    expect(page.locator("#prefs-title")).to_be_visible()


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")


def test_the_sounds_are_off_or_on_at_a_volume_and_kept(
    calm_page: Page, open_table: Callable[[Page, str], None]
) -> None:
    page = calm_page
    errors = page_errors(page)
    open_table(page, "classic")
    open_settings(page)
    expect(page.locator("#pref-sound")).to_have_value("off")  # off until the player turns them on
    expect(page.locator(SPEAKER)).to_have_attribute("aria-pressed", "false")
    page.locator("#pref-sound").select_option("loud")
    expect(page.locator(SPEAKER)).to_have_attribute("aria-pressed", "true")  # the bar follows
    assert page.evaluate(GAIN, "play") == pytest.approx(0.35 * 1.8)
    assert page.evaluate(GAIN, "trick") == pytest.approx(0.25 * 1.8)
    reload(page)
    expect(page.locator(SPEAKER)).to_have_attribute("aria-pressed", "true")
    open_settings(page)
    expect(page.locator("#pref-sound")).to_have_value("loud")
    page.locator("#pref-sound").select_option("quiet")
    assert page.evaluate(GAIN, "play") == pytest.approx(0.35 * 0.4)
    page.keyboard.press("Escape")
    page.locator(SPEAKER).click()  # off from the bar: the menu says so, the volume is kept
    open_settings(page)
    expect(page.locator("#pref-sound")).to_have_value("off")
    page.keyboard.press("Escape")
    page.locator(SPEAKER).click()
    open_settings(page)
    expect(page.locator("#pref-sound")).to_have_value("quiet")
    assert not errors, errors


def _box(page: Page, selector: str) -> dict[str, Any]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return dict(box)


def test_the_left_handed_layout_puts_the_column_and_the_hand_on_the_left(
    contexts: Callable[..., Any], open_table: Callable[[Page, str], None]
) -> None:
    page = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    open_table(page, "classic")
    assert _box(page, ".side")["x"] > _box(page, ".felt")["x"]  # right-handed: the column right
    open_settings(page)
    page.locator("#pref-hand").select_option("left")
    assert _box(page, ".side")["x"] < _box(page, ".felt")["x"]
    reload(page)
    assert _box(page, ".side")["x"] < _box(page, ".felt")["x"]
    # a phone held sideways (the same device's choice): the hand left of the player's bar
    phone = page.context.new_page()
    phone.set_viewport_size({"width": 844, "height": 390})
    phone.goto(page.url)
    phone.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    expect(phone.locator("#hand button.card")).to_have_count(3)
    assert _box(phone, "#hand")["x"] < _box(phone, ".me-bar")["x"]
    open_settings(phone)
    phone.locator("#pref-hand").select_option("right")
    assert _box(phone, "#hand")["x"] > _box(phone, ".me-bar")["x"]
    assert not errors, errors
