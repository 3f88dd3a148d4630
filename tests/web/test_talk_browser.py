"""Talking at the table in Debian's Chromium (issue 37, part 5): at a table with friends two
people in two browser contexts send each other a quick message (a bubble by the sender's plate
on the other's screen, in the viewer's language), one mutes them and sees no more bubbles; where
the host allowed the chat a line typed by one shows in the other's panel (the button lit while
it is closed), a spectator reads it without a line to write, and the plates show the avatar, the
bot account's mark and the profile's link."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def _post(page: Page, path: str, body: dict[str, Any]) -> Any:
    """POST from the page itself, as its scripts do (same site, the player's cookie)."""
    script = """async ([path, body]) => {
      const r = await fetch(path, {method: "POST", body: JSON.stringify(body),
                                   headers: {"content-type": "application/json"}});
      if (!r.ok) throw new Error(path + ": " + r.status + " " + await r.text());
      return r.json();
    }"""
    return page.evaluate(script, [path, body])


def _friends(server: str, host: Page, guest: Page, chat: bool) -> dict[str, Any]:
    """A classic table made by ``host``'s player (a guest with an avatar) and joined by
    ``guest``'s (a claimed account), both pages open at their seats."""
    host.goto(server + "/")
    _post(host, "/api/players/guest", {"name": "Anna"})  # the home page may have made one
    _post(host, "/api/players/me/update", {"name": "Anna", "avatar": "🦊"})  # the account panel
    made = _post(host, "/api/tables", {"preset": "classic", "host_name": "Anna", "chat": chat})
    guest.goto(server + "/")
    account = {"username": f"bruno_{made['table_id'][:6]}".replace("-", "_"),
               "password": "correct horse", "name": "Bruno", "avatar": "🐻"}  # fmt: skip
    _post(guest, "/api/players/signup", account)
    _post(guest, "/api/players/me/update", {"avatar": "🐻"})
    join = {"invite_code": made["invite_code"], "name": "Bruno"}
    joined = _post(guest, f"/api/tables/{made['table_id']}/join", join)
    for page, url in ((host, made["url"]), (guest, joined["url"])):
        page.goto(server + url)
        page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    _post(host, f"/api/tables/{made['table_id']}/start", {"token": made["token"]})
    host.wait_for_function("window.briscolaTable.table.status === 'playing'")
    return {**made, "username": account["username"]}


def test_an_emote_shows_by_the_senders_plate_and_mute_hides_them(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    host = contexts(390, 844).new_page()
    guest = contexts(1280, 800).new_page()
    errors, other_errors = page_errors(host), page_errors(guest)
    made = _friends(server, host, guest, chat=False)
    # the plates: Bruno's avatar and profile link on Anna's screen, Anna's avatar on her own bar
    plate = host.locator('.seat[data-seat="1"] .plate')
    expect(plate.locator(".avatar")).to_have_text("🐻")
    link = plate.locator("a.name")
    expect(link).to_have_attribute("href", f"/players/{made['username']}")
    expect(host.locator(".me-bar .plate .avatar")).to_have_text("🦊")
    expect(plate.locator(".botmark")).to_have_count(0)  # a person, not a bot account
    guest.locator("#talk-btn").click()
    expect(guest.locator("#chat-input")).to_have_count(0)  # the host did not allow the chat
    guest.get_by_role("button", name="Ciao!").click()
    bubble = host.locator('.seat[data-seat="1"] .bubble')
    expect(bubble).to_have_text("Ciao!")
    expect(guest.locator(".me-bar .bubble")).to_have_text("Ciao!")  # the sender sees it too
    expect(bubble).to_have_count(0, timeout=6000)  # gone after a few seconds
    host.locator("#talk-btn").click()
    host.locator("#emotes-mute").check()
    host.locator("#talk-btn").click()
    guest.locator("#talk-btn").click()
    applause = guest.locator("button[data-emote=applause]")
    expect(applause).to_be_enabled(timeout=5000)  # the 3 s between two of one seat
    applause.click()
    expect(guest.locator(".me-bar .bubble")).to_have_text("👏")
    host.wait_for_timeout(800)
    expect(host.locator(".bubble")).to_have_count(0)  # muted: no bubble
    assert host.evaluate("localStorage.getItem('briscola.pref.emotes')") == "off"
    assert errors == [] and other_errors == []


def test_the_chat_of_a_table_whose_host_allows_it(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    host = contexts(1280, 800).new_page()
    guest = contexts(320, 640).new_page()
    errors, other_errors = page_errors(host), page_errors(guest)
    made = _friends(server, host, guest, chat=True)
    host.locator("#talk-btn").click()
    host.locator("#chat-input").fill("Ciao Bruno, <b>pronto</b>? 🃏")
    host.locator("#chat-send").click()
    expect(host.locator("#chat-log .chat-line")).to_have_count(1)
    expect(guest.locator("#talk-btn.unread")).to_have_count(1)  # lit while the panel is closed
    guest.locator("#talk-btn").click()
    line = guest.locator("#chat-log .chat-line")
    expect(line).to_have_text("Anna: Ciao Bruno, <b>pronto</b>? 🃏")  # text, never HTML
    expect(guest.locator("#chat-log b")).to_have_count(1)  # only the name's own
    expect(guest.locator("#talk-btn.unread")).to_have_count(0)
    watcher = contexts(390, 844).new_page()
    watcher_errors = page_errors(watcher)
    watcher.goto(server + f"/watch/{made['table_id']}")
    watcher.locator("#talk-btn").click()
    expect(watcher.locator("#chat-log .chat-line")).to_have_text(
        "Anna: Ciao Bruno, <b>pronto</b>? 🃏"
    )  # the lines kept, sent as the spectator came
    expect(watcher.locator("#chat-input")).to_have_count(0)  # spectators read, not write
    expect(watcher.locator("[data-emote]")).to_have_count(0)
    guest.locator("#chat-input").fill("Prontissimo!")
    guest.locator("#chat-input").press("Enter")
    expect(watcher.locator("#chat-log .chat-line").nth(1)).to_have_text("Bruno: Prontissimo!")
    expect(host.locator("#chat-log .chat-line").nth(1)).to_have_text("Bruno: Prontissimo!")
    assert errors == other_errors == watcher_errors == []
