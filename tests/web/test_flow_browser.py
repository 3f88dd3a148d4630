"""The flow around a game in Debian's Chromium: two friends play at one table from two browser
contexts while a third watches (every frame the spectator's page receives is checked for hidden
cards against the deal's record), they play the rivincita, one resigns, and the finished deal is
stepped through trick by trick on its review page. Screenshots of each new screen go to
$BRISCOLA_SHOTS when set (docs/screenshots)."""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, TIMEOUT_MS, served

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def flow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose tricks are held 0.2 s (the clients hold them as long), bots without delay."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("flow") / "briscola.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0, trick_hold=0.2)) as url:
        yield url


def _context(browser: Browser) -> BrowserContext:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(TIMEOUT_MS)
    return ctx


def _shot(page: Page, name: str) -> None:
    folder = Path(os.environ.get("BRISCOLA_SHOTS") or tempfile.mkdtemp())
    page.screenshot(path=str(folder / name))


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def _frames(page: Page) -> list[dict[str, Any]]:
    """Every WebSocket message the page receives, as JSON."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def _play(pages: list[Page], done: str, limit_s: float = 300) -> None:
    """Play the first card (its key, 1) on whichever page may play until every page shows
    ``done``."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(p.locator(done).count() for p in pages):
            return
        moved = False
        for page in pages:
            if page.locator("#hand.live button.card").count():
                page.keyboard.press("1")
                moved = True
        pages[0].wait_for_timeout(60 if moved else 40)
    raise AssertionError(f"the pages did not reach {done} in time")


def _friends_table(page: Page, server: str) -> tuple[str, str, str]:
    """A table of two people: (table id, host's url, invite code)."""
    made = page.request.post(
        server + "/api/tables",
        data={"preset": "classic", "seats": ["human", "human"], "host_name": "Anna"},
    ).json()
    return made["table_id"], made["url"], made["invite_code"]


def _check_spectator_frames(server: str, page: Page, table_id: str, frames: list[Any]) -> int:
    """Every card in every state the spectator was sent was public at that moment."""
    from briscola.core.rules import Ruleset
    from server.test_spectators import deal_states, public_now
    from server_helpers import card_tokens

    review = page.request.get(f"{server}/api/tables/{table_id}/deals/0").json()
    record = review["record"]
    ruleset = Ruleset.from_dict(record["ruleset"])
    known, so_far = {}, set()
    for i, state in enumerate(
        deal_states(ruleset, record["dealer"], record["deck"], record["actions"])
    ):
        so_far |= public_now(state)
        known[i] = set(so_far)
    checked = 0
    for m in frames:
        if m.get("type") != "state" or m["observation"] is None:
            continue
        assert m["spectator"] is True and m["observation"]["hand"] == []
        allowed = known[len(m["observation"]["actions"])]
        assert card_tokens(m) <= allowed, sorted(card_tokens(m) - allowed)
        checked += 1
    return checked


def test_friends_watch_rematch_resign_and_review(flow_server: str, browser: Browser) -> None:
    server = flow_server
    host_ctx, guest_ctx, watch_ctx = _context(browser), _context(browser), _context(browser)
    try:
        host, guest, watcher = host_ctx.new_page(), guest_ctx.new_page(), watch_ctx.new_page()
        errors = {p: _errors(p) for p in (host, guest, watcher)}
        table_id, host_url, code = _friends_table(host, server)
        host.goto(server + host_url)
        guest.goto(f"{server}/join/{table_id}/{code}")
        guest.locator("#join-name").fill("Bruno")
        guest.locator("#join-btn").click()
        guest.wait_for_url(re.compile(r"/table/"))
        host.locator("#start-game").click()
        # the invitation of a started table offers to watch; the watch page shows the table live
        frames = _frames(watcher)
        watcher.goto(f"{server}/join/{table_id}/{code}")
        watcher.locator("#watch").click()
        watcher.wait_for_url(re.compile(r"/watch/"))
        expect(watcher.locator("#flow-watching")).to_be_visible()
        expect(host.locator("#flow-spectators")).to_have_text(re.compile("1"))
        expect(watcher.locator("#hand button.card")).to_have_count(0)
        # the spectator's bar is seat 0's name plate, as every seat's: Anna's, never "Tu"
        expect(watcher.locator("#watch-bar .plate .name")).to_have_text("Anna")
        expect(watcher.locator(".plate .name", has_text=re.compile(r"^Tu\b"))).to_have_count(0)
        expect(host.locator("#flow-clock")).to_be_visible()  # a move clock at friends' tables
        _play([host, guest], ".trick.done, .trick .played")
        _shot(watcher, "watch-desktop.png")
        _play([host, guest], "#summary")
        expect(watcher.locator("#summary h2")).to_have_text(re.compile("Vince|Pareggio"))
        assert _check_spectator_frames(server, watcher, table_id, frames) > 20
        # la rivincita: both ask, both go to the new table, the spectator follows
        host.locator("#rematch").click()
        expect(host.locator("#rematch-asked")).to_contain_text("1 di 2")
        _shot(host, "rematch-desktop.png")
        guest.locator("#rematch").click()
        for page in (host, guest):
            page.wait_for_url(lambda url: table_id not in url and "/table/" in url)
        watcher.wait_for_url(lambda url: table_id not in url and "/watch/" in url)
        assert "seat=1" in host.url and "seat=0" in guest.url  # the seats rotated
        expect(host.locator("#hand button.card")).to_have_count(3)
        # Bruno resigns: a confirmation, the others are told, the computer plays his seat
        guest.locator("#resign").click()
        expect(guest.locator("#resign-dialog")).to_be_visible()
        _shot(guest, "resign-desktop.png")
        guest.locator("#resign-confirm").click()
        expect(host.locator(".banner")).to_contain_text("Bruno ha abbandonato")
        expect(guest.locator("#flow-watching")).to_be_visible()
        _play([host], "#summary")
        expect(host.locator("#resigned")).to_contain_text("Bruno")
        # the deal's review, from the summary: every hand, trick by trick
        with host_ctx.expect_page() as opened:
            host.locator("#review-deal").click()
        review = opened.value
        expect(review.locator("#review-step")).to_have_text("Mano 1 di 20")
        expect(review.locator(".review-hands tbody tr")).to_have_count(2)
        expect(
            review.locator(".review-hands tbody tr").first.locator("img.card-img")
        ).to_have_count(3)
        review.locator("#review-next").click()
        expect(review.locator("#review-step")).to_have_text("Mano 2 di 20")
        review.keyboard.press("ArrowRight")
        expect(review.locator("#review-step")).to_have_text("Mano 3 di 20")
        assert review.locator(".review-hands img[data-played=won]").count() == 1
        assert review.locator(".review-hands img[data-played]").count() == 2
        expect(review.locator("#review-took")).to_contain_text(re.compile("Prende|Prendi tu"))
        _shot(review, "review-desktop.png")
        # the review's link is shareable: another browser opens it as it is
        other = watch_ctx.new_page()
        other.goto(review.url)
        expect(other.locator("#review-step")).to_have_text("Mano 1 di 20")
        for page, errs in errors.items():
            assert not errs, (page.url, errs)
    finally:
        for ctx in (host_ctx, guest_ctx, watch_ctx):
            ctx.close()


def test_home_remembers_the_last_choices(flow_server: str, browser: Browser) -> None:
    ctx = _context(browser)
    try:
        page = ctx.new_page()
        errors = _errors(page)
        page.goto(flow_server + "/")
        page.locator("label[for=game-three]").click()
        level = page.locator("#level option").last.get_attribute("value") or ""
        page.locator("#level").select_option(level)
        page.locator("#play-now").click()
        page.wait_for_url(re.compile(r"/table/"))
        page.goto(flow_server + "/")
        expect(page.locator("#game-three")).to_be_checked()
        expect(page.locator("#level")).to_have_value(level)
        assert not errors, errors
    finally:
        ctx.close()
