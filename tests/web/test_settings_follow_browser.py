"""A player's table settings follow them (issue 39 part 1, with issue 37's players) in Debian's
Chromium: signed in on one browser, a player picks the Napoletane deck at home and large cards at
the table; logged in on a second browser (another context: nothing of the first's storage), the
table there draws Napoletane cards at that size."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
CARD_WIDTH = "document.querySelector('#hand button.card').getBoundingClientRect().width"
SCALE = "getComputedStyle(document.documentElement).getPropertyValue('--hand-scale').trim()"
PASSWORD = "una password lunga"


def settings(page: Page, server: str) -> dict[str, Any]:
    reply = page.request.get(server + "/api/players/me")
    assert reply.status == 200, reply.text()
    return dict(reply.json()["settings"])


def deck_folders(page: Page) -> set[str]:
    srcs: list[str] = page.eval_on_selector_all(
        "#hand img.card-img", "els => els.map(e => e.getAttribute('src'))"
    )
    assert srcs, "no card in the hand"
    return {s.rsplit("/", 2)[-2] for s in srcs}


def account(page: Page, kind: str, username: str) -> None:
    expect(page.locator("#account .account-kind")).to_have_text("ospite")
    page.locator("#account summary").click()
    if kind == "login":
        page.get_by_role("button", name="Hai già un account? Accedi").click()
    page.locator(f"#account-{kind}-username").fill(username)
    page.locator(f"#account-{kind}-password").fill(PASSWORD)
    page.locator(f"#account-{kind} button[type=submit]").click()
    expect(page.locator("#account .account-kind")).to_have_text(f"@{username}")


def to_table(page: Page) -> None:
    page.click("#quick-play")
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    expect(page.locator("#hand button.card")).to_have_count(3)


def test_the_deck_and_card_size_chosen_on_one_browser_follow_the_player_to_another(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    phone = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors = page_errors(phone)
    phone.goto(server + "/")
    account(phone, "signup", "lucia")
    phone.select_option("#deck", "napoletane")
    to_table(phone)
    normal = phone.evaluate(CARD_WIDTH)
    phone.locator("#show-rules").click()
    phone.locator("#pref-cards").select_option("large")
    large = phone.evaluate(CARD_WIDTH)
    assert large == pytest.approx(normal * 1.2, abs=1)
    deadline = time.monotonic() + 10
    while settings(phone, server) != {"deck": "napoletane", "cards": "large"}:
        assert time.monotonic() < deadline, settings(phone, server)  # sent after a pause
        phone.wait_for_timeout(100)

    laptop = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors += page_errors(laptop)
    laptop.goto(server + "/")
    assert laptop.input_value("#deck") == "progetto"  # a new device: the default
    account(laptop, "login", "lucia")
    expect(laptop.locator("#deck")).to_have_value("napoletane")
    to_table(laptop)
    assert deck_folders(laptop) == {"napoletane"}
    assert laptop.evaluate(SCALE) == "1.2"
    assert laptop.evaluate(CARD_WIDTH) == pytest.approx(large, abs=1)
    laptop.locator("#show-rules").click()
    expect(laptop.locator("#pref-cards")).to_have_value("large")
    assert errors == []
