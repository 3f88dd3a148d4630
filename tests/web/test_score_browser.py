"""The score keeper's page in a real browser, on a phone-sized screen: Debian's Chromium driven by
Playwright against the server on a free localhost port (a temporary SQLite file).

Outside CI these tests are skipped when /usr/bin/chromium (or Playwright) is missing; in CI
(``CI=true``) a missing browser is a failure. Playwright never downloads a browser here: it
launches Debian's Chromium by its path (``make system-deps`` installs it).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from browsing import MISSING, page_errors

if MISSING:
    pytest.skip(MISSING, allow_module_level=True)
from playwright.sync_api import BrowserContext, Page, expect

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(contexts: Callable[..., BrowserContext]) -> BrowserContext:
    return contexts(PHONE["width"], PHONE["height"], has_touch=True)


def _card(page: Page, i: int) -> Any:
    return page.locator(f'.sk-card[data-index="{i}"]')


def _total(page: Page, i: int) -> Any:
    return _card(page, i).locator(".sk-total")


def _pad(page: Page, digits: str, action: str) -> None:
    page.locator("#pad-open").click()
    expect(page.locator("#pad")).to_be_visible()
    for digit in digits:
        page.locator(f'#pad .sk-key[data-key="{digit}"]').click()
    expect(page.locator("#pad-display")).to_have_text(digits)
    page.locator(f"#pad-{action}").click()
    expect(page.locator("#pad")).to_be_hidden()


def _synced(page: Page) -> None:
    """Wait until no change is waiting for the server."""
    expect(page.locator("#net")).to_be_hidden()
    page.wait_for_function(
        "id => (JSON.parse(localStorage.getItem('briscola.score.sheet.' + id)) || {queue: [1]})"
        ".queue.length === 0",
        arg=page.url.rsplit("/", 1)[1],
    )


def _create(page: Page, server: str, names: list[str]) -> str:
    page.goto(server + "/score")
    expect(page.locator("#new-title")).to_have_text("Nuovo foglio")
    while page.locator(".sk-rows li").count() < len(names):
        page.locator("#add-competitor").click()
    for i, name in enumerate(names):
        page.locator(f"#competitor-{i}").fill(name)
    page.locator("#create-sheet").click()
    page.wait_for_url(re.compile(r"/score/[A-Za-z0-9_-]{16,}$"))
    expect(page.locator(".sk-card")).to_have_count(len(names))
    return page.url.rsplit("/", 1)[1]


def test_quick_buttons_pad_win_trophy_and_reload(server: str, phone: BrowserContext) -> None:
    page = phone.new_page()
    errors = page_errors(page)
    key = _create(page, server, ["Anna", "Bruno"])
    expect(page.locator("#sheet-title")).to_have_text("Anna – Bruno")
    # the quick buttons, trick by trick, for the selected competitor (Anna, the first)
    expect(page.locator("#selected-name")).to_have_text("Anna")
    for delta in ("10", "10", "5", "1", "10"):
        page.locator(f'.sk-quick-btn[data-delta="{delta}"]').click()
    page.locator('.sk-quick-btn[data-delta="-1"]').click()
    expect(_total(page, 0)).to_have_text("35")
    # the pad: Bruno's total at the end of the deal
    _card(page, 1).click()
    expect(page.locator("#selected-name")).to_have_text("Bruno")
    _pad(page, "42", "set")
    expect(_total(page, 1)).to_have_text("42")
    expect(page.locator(".sk-badge")).to_have_count(0)
    # the pad again: a trick worth exactly 26 takes Anna to 61, the target
    _card(page, 0).click()
    _pad(page, "26", "add")
    expect(_total(page, 0)).to_have_text("61")
    expect(_card(page, 0).locator(".sk-badge")).to_have_text("★ VINCE")
    expect(_card(page, 0)).to_have_class(re.compile("is-winner"))
    expect(page.locator("#banner")).to_contain_text("Anna vince la partita 1!")
    # the sheet does not close the game by itself
    expect(_card(page, 0).locator(".sk-trophy-count")).to_have_text("0")
    # undo and redo
    page.locator("#undo").click()
    expect(_total(page, 0)).to_have_text("35")
    expect(page.locator(".sk-badge")).to_have_count(0)
    page.locator("#redo").click()
    expect(_total(page, 0)).to_have_text("61")
    expect(_card(page, 0).locator(".sk-badge")).to_be_visible()
    _synced(page)
    # Nuova partita: the trophy, a fresh game, the history
    page.locator("#new-game").click()
    expect(_card(page, 0).locator(".sk-trophy-count")).to_have_text("1")
    expect(_card(page, 1).locator(".sk-trophy-count")).to_have_text("0")
    expect(_total(page, 0)).to_have_text("0")
    expect(page.locator("#sheet-sub")).to_contain_text("Partita 2")
    expect(page.locator(".sk-game")).to_have_count(1)
    expect(page.locator(".sk-game").first).to_contain_text("Anna 61 – Bruno 42")
    _card(page, 1).click()
    page.locator('.sk-quick-btn[data-delta="5"]').click()
    _synced(page)
    # a reload keeps everything: it comes from the server
    page.evaluate("localStorage.clear()")
    page.reload()
    expect(_total(page, 1)).to_have_text("5")
    expect(_card(page, 0).locator(".sk-trophy-count")).to_have_text("1")
    expect(page.locator(".sk-game")).to_have_count(1)
    expect(page.locator("#sheet-sub")).to_contain_text("Partita 2")
    assert page.locator("#export-csv").get_attribute("href") == (
        f"/api/scores/{key}/export.csv?lang=it"
    )
    # and the list of this browser's sheets has it
    page.goto(server + "/score")
    expect(page.locator(".sk-sheet-link")).to_have_count(1)
    expect(page.locator(".sk-sheet-score")).to_have_text("Anna 0 1 · Bruno 5")
    expect(page.locator(".sk-sheet-score .sk-icon")).to_have_count(1)  # Anna's trophy
    page.locator(".sk-sheet-link").click()
    page.wait_for_url(re.compile(f"/score/{key}$"))
    expect(_total(page, 1)).to_have_text("5")
    assert not errors, errors


def test_offline_points_wait_and_sync(server: str, phone: BrowserContext) -> None:
    page = phone.new_page()
    errors = page_errors(page)
    key = _create(page, server, ["Anna", "Bruno", "Carla"])
    page.locator('.sk-quick-btn[data-delta="10"]').click()
    _synced(page)
    # the service worker keeps the page's files for a reload without network
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")
    phone.set_offline(True)
    _card(page, 2).click()
    page.locator('.sk-quick-btn[data-delta="5"]').click()
    page.locator('.sk-quick-btn[data-delta="1"]').click()
    expect(_total(page, 2)).to_have_text("6")
    expect(page.locator("#net")).to_be_visible()
    expect(page.locator("#net")).to_have_attribute("data-state", "offline")
    expect(page.locator("#net")).to_contain_text("Offline · 2 in attesa")
    # a reload without network: the page and the last state come back from this phone
    page.reload()
    expect(_total(page, 2)).to_have_text("6")
    expect(_total(page, 0)).to_have_text("10")
    expect(page.locator("#net")).to_contain_text("Offline")
    _card(page, 1).click()
    page.locator('.sk-quick-btn[data-delta="10"]').click()
    expect(_total(page, 1)).to_have_text("10")
    # the network comes back: the waiting points go to the server
    phone.set_offline(False)
    _synced(page)
    sheet = page.request.get(f"{server}/api/scores/{key}").json()
    assert sheet["sheet"]["totals"] == [10, 10, 6]
    assert sheet["revision"] == 5
    # another phone changes the sheet meanwhile: this one catches up (409, then the new sheet)
    r = page.request.post(
        f"{server}/api/scores/{key}/changes",
        data={"revision": sheet["revision"], "change": {"op": "add", "competitor": 0, "delta": 1}},
    )
    assert r.ok
    page.locator('.sk-quick-btn[data-delta="1"]').click()
    expect(_total(page, 0)).to_have_text("11")
    expect(_total(page, 1)).to_have_text("11")
    _synced(page)
    totals = page.request.get(f"{server}/api/scores/{key}").json()["sheet"]["totals"]
    assert totals == [11, 11, 6]
    assert not errors, errors


def test_points_whose_answer_was_lost_count_once(server: str, phone: BrowserContext) -> None:
    """The server takes a change but its answer never reaches the phone (the network drops on
    the way back): the page sends it again with its id, and the sheet counts it once."""
    page = phone.new_page()
    errors = page_errors(page)
    key = _create(page, server, ["Anna", "Bruno"])
    sent: list[str] = []

    def lose_the_first_answer(route: Any) -> None:
        sent.append(route.request.post_data_json["id"])
        if len(sent) == 1:
            route.fetch()  # the server applies it...
            route.abort("internetdisconnected")  # ...and the answer is lost
        else:
            route.continue_()

    page.route(re.compile(r"/api/scores/[^/]+/changes"), lose_the_first_answer)
    _card(page, 1).click()
    page.locator('.sk-quick-btn[data-delta="5"]').click()
    expect(_total(page, 1)).to_have_text("5")
    _synced(page)
    assert len(sent) == 2 and sent[0] == sent[1], sent  # sent again, with the same id
    sheet = page.request.get(f"{server}/api/scores/{key}").json()
    assert sheet["sheet"]["totals"] == [0, 5]
    assert sheet["revision"] == 2
    expect(_total(page, 1)).to_have_text("5")
    assert not errors, errors


def test_english_and_a_draw(server: str, phone: BrowserContext) -> None:
    page = phone.new_page()
    errors = page_errors(page)
    _create(page, server, ["Anna", "Bruno"])
    page.locator('.lang-switch button[data-lang="en"]').click()
    expect(page.locator("#new-game")).to_have_text("New game")
    _pad(page, "60", "set")
    _card(page, 1).click()
    _pad(page, "60", "set")
    expect(page.locator("#banner")).to_contain_text("DRAW 60-60")
    expect(page.locator(".sk-badge")).to_have_count(0)
    # a check that catches a real mistake, worded in the page's language
    page.locator('.sk-quick-btn[data-delta="1"]').click()
    expect(page.locator(".toast")).to_contain_text("a deal is worth at most 120 points")
    expect(_total(page, 1)).to_have_text("60")
    page.locator("#new-game").click()
    expect(page.locator(".sk-game")).to_contain_text("draw")
    expect(page.locator(".sk-trophy-count")).to_have_text(["0", "0"])
    assert not errors, errors


def _pixel(page: Page, x: float, y: float) -> tuple[int, ...]:
    """The colour painted at (x, y): a screenshot of that one pixel, read from its PNG (one row:
    a filter byte, which for a lone pixel leaves it as it is, then its red, green and blue)."""
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    at, data = 8, b""
    while at < len(png):
        size = int.from_bytes(png[at : at + 4], "big")
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + size]
        at += 12 + size
    return tuple(zlib.decompress(data)[1:4])


def test_a_refused_keypad_entry_shows_over_the_keypad(server: str, phone: BrowserContext) -> None:
    """The keypad is a modal dialog with a dimmed backdrop; the message refusing an empty entry
    shows over both (it sat behind the backdrop: issue 36, item 13)."""
    page = phone.new_page()
    errors = page_errors(page)
    _create(page, server, ["Anna", "Bruno"])
    page.locator("#pad-open").click()
    expect(page.locator("#pad")).to_be_visible()
    page.locator("#pad-set").click()  # nothing typed
    toast = page.locator(".toast")
    expect(toast).to_have_text("Scrivi un numero.")
    box = toast.bounding_box()
    assert box is not None
    # its red left edge (#ff6b5b) bright, not dimmed to a dark brown by the backdrop
    red = _pixel(page, box["x"] + 2, box["y"] + box["height"] / 2)
    assert red[0] > 200, red
    assert not errors, errors
