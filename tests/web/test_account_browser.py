"""The home page's account panel (issue 37, part 1) in Debian's Chromium: a visitor is a guest at
once; they create an account on a phone, log in on a computer (a second browser context) and are
the same player there, name included; the panel fits a 320 px screen; and a guest deletes their
profile."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SHOTS = os.environ.get("BRISCOLA_ACCOUNT_SHOTS")
"""A folder for the panel's screenshots at each width (unset: none are kept)."""


def me(page: Page) -> dict[str, object]:
    reply = page.request.get(page.url.split("?")[0].rstrip("/") + "/api/players/me")
    assert reply.status == 200, reply.text()
    return dict(reply.json())


def open_panel(page: Page) -> None:
    page.locator("#account summary").click()
    expect(page.locator("#account .account-body")).to_be_visible()


def test_sign_up_on_a_phone_and_log_in_on_a_computer_is_the_same_player(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    phone_context = contexts(390, 844)
    phone = phone_context.new_page()
    errors = page_errors(phone)
    phone.goto(server + "/")
    expect(phone.locator("#account .account-kind")).to_have_text("ospite")
    phone.locator("#name").fill("Annalisa")  # the player's name follows the field
    open_panel(phone)
    expect(phone.locator("#account-signup")).to_be_visible()
    phone.locator("#account-signup-username").fill("annalisa")
    phone.locator("#account-signup-password").fill("una password lunga")
    phone.locator("#account-signup button[type=submit]").click()
    expect(phone.locator("#account .account-kind")).to_have_text("@annalisa")
    expect(phone.locator("#account-logout")).to_have_text("Esci")
    cookie = next(c for c in phone_context.cookies() if c["name"] == "briscola_player")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert "briscola_player" not in phone.evaluate("document.cookie")  # no script reads it
    who = me(phone)
    assert (who["name"], who["username"], who["guest"]) == ("Annalisa", "annalisa", False)

    computer = contexts(1366, 768).new_page()
    errors += page_errors(computer)
    computer.goto(server + "/?lang=en")
    expect(computer.locator("#account .account-kind")).to_have_text("guest")
    guest_id = me(computer)["id"]
    open_panel(computer)
    computer.get_by_role("button", name="Already have an account? Log in").click()
    computer.locator("#account-login-username").fill("AnnaLisa")
    computer.locator("#account-login-password").fill("wrong password")
    computer.locator("#account-login button[type=submit]").click()
    expect(computer.locator(".account-note")).to_have_text("Wrong username or password.")
    computer.locator("#account-login-password").fill("una password lunga")
    computer.locator("#account-login button[type=submit]").click()
    expect(computer.locator("#account .account-kind")).to_have_text("@annalisa")
    expect(computer.locator("#name")).to_have_value("Annalisa")  # the name came along
    assert me(computer) == who and who["id"] != guest_id  # the same player on both
    computer.locator("#account-logout").click()
    expect(computer.locator("#account .account-kind")).to_have_text("guest")  # a new guest
    assert me(computer)["id"] not in (who["id"], guest_id)
    assert me(phone) == who  # the phone is still logged in
    assert errors == []


@pytest.mark.parametrize("width,height", [(320, 640), (390, 844), (844, 390), (1366, 768)])
def test_the_panel_fits_the_screen(
    server: str, contexts: Callable[..., BrowserContext], width: int, height: int
) -> None:
    page = contexts(width, height).new_page()
    errors = page_errors(page)
    page.goto(server + "/?lang=ro")
    expect(page.locator("#account .account-kind")).to_have_text("oaspete")
    open_panel(page)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide at {width} px"
    for box in page.locator("#account input, #account select, #account .btn").all():
        if box.is_visible():
            right = page.evaluate("e => e.getBoundingClientRect().right", box.element_handle())
            assert right <= width, (width, box.get_attribute("id"))
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/account-{width}x{height}.png", full_page=False)
        page.locator("#account").screenshot(path=f"{SHOTS}/account-panel-{width}.png")
    assert errors == []


def test_a_guest_deletes_their_profile(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    page = contexts(390, 844).new_page()
    page.goto(server + "/?lang=en")
    expect(page.locator("#account .account-kind")).to_have_text("guest")
    first = me(page)["id"]
    page.locator("#name").fill("Bruno")  # typed on the home page: the player is named so
    expect(page.locator("#account .account-name")).to_have_text("Bruno")
    assert me(page)["name"] == "Bruno"
    made = page.request.post(server + "/api/play", data={"preset": "classic", "name": "Bruno"})
    table_id = made.json()["table_id"]
    open_panel(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#account-remove").click()
    expect(page.locator(".account-note")).to_have_text("Profile deleted.")
    assert me(page)["id"] != first  # a fresh guest now
    seats = page.request.get(f"{server}/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == "giocatore cancellato"  # in the table's language (Italian)
