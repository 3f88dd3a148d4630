"""A player's name and its limit (issue 36, item 11) in Debian's Chromium: the home page and the
invitation say the limit where the name is typed; a longer name is cut to it, without a trailing
space, and the line under the field says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

LONG = "Massimiliano Bartolomeo Rossi"  # 29 letters; the 24th is the space before «Rossi»


def test_the_name_field_says_its_limit_and_cuts_without_a_space(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page = contexts(390, 844).new_page()
    errors = page_errors(page)
    page.goto(server + "/")
    expect(page.locator("#name-limit")).to_have_text("Fino a 24 caratteri")
    expect(page.locator("#name")).to_have_attribute("aria-describedby", "name-limit")
    page.locator("#name").fill(LONG)
    expect(page.locator("#name")).to_have_value("Massimiliano Bartolomeo")  # no trailing space
    expect(page.locator("#name-limit")).to_have_text(
        "Al massimo 24 caratteri: il nome è stato accorciato."
    )
    page.locator("#name").fill("Anna")
    expect(page.locator("#name-limit")).to_have_text("Fino a 24 caratteri")
    # the invitation's field too, in English
    made = page.request.post(
        server + "/api/tables", data={"preset": "classic", "seats": ["human", "human"]}
    ).json()
    page.goto(f"{server}/join/{made['table_id']}/{made['invite_code']}?lang=en")
    expect(page.locator("#join-name-limit")).to_have_text("Up to 24 characters")
    page.locator("#join-name").fill("😀" * 30)
    expect(page.locator("#join-name")).to_have_value("😀" * 24)  # an emoji is one letter
    expect(page.locator("#join-name-limit")).to_have_text(
        "At most 24 characters: the name was shortened."
    )
    assert not errors, errors
