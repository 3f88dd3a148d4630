"""A bot connected with ``briscola connect`` plays a full game against a person in Debian's
Chromium (issue 37, part 6): an account makes a bot account; ``briscola connect`` runs as a
subprocess with its token; a guest opens the lobby page (``/online``), chooses «Bot online» and
seeks a classic game; the lobby seats them with the bot account, whose seat the table marks as a
bot; the person plays by clicking their cards to the match's end, and the command says the same
result and stops after its one game."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors, served

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

if MISSING is None:
    from playwright.sync_api import expect

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

ROOT = Path(__file__).resolve().parents[2]
PERSON = "Carla Benedetti 🐞"
SHOTS = os.environ.get("BRISCOLA_CONNECT_SHOTS")
"""A folder for a picture of the table with the bot's plate (unset: none)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server; the person is never offered computer players instead of the bot."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("connect") / "briscola.db"
    app = create_app(f"sqlite:///{db}", bot_delay=0, lobby_offer_seconds=600)
    with served(app) as url:
        yield url


def bot_token(context: BrowserContext, server: str) -> str:
    """An account (made through the API in its own browser context) makes a bot account."""
    api = context.request
    account = {"username": "ricercatrice", "password": "una password lunga"}
    made = api.post(f"{server}/api/players/signup", data=account)
    assert made.status == 200, made.text()
    bot = api.post(f"{server}/api/players/me/bots/new", data={"name": "Fulmine"})
    assert bot.status == 201, bot.text()
    token: str = bot.json()["token"]
    return token


def status(page: Page) -> str | None:
    value: str | None = page.evaluate(
        "(t => t && t.table ? t.table.status : null)(window.briscolaTable)"
    )
    return value


def play_to_the_end(page: Page) -> None:
    """Click the first card of the live hand, ask for the next deal, until the match is over."""
    deadline = time.monotonic() + 180
    while status(page) != "over":
        assert time.monotonic() < deadline, "the game did not end in time"
        live = page.locator("#hand.live button.card")
        if live.count():
            with contextlib.suppress(Exception):  # the hand may be redrawn meanwhile
                live.first.click(timeout=500)
        page.wait_for_timeout(50)


def test_a_person_in_a_browser_plays_a_bot_connected_with_briscola_connect(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    token = bot_token(contexts(), server)
    env = {**os.environ, "BRISCOLA_BOT_TOKEN": token, "BRISCOLA_LANG": "en"}
    command = [sys.executable, "-m", "briscola", "connect", "--server", server,
               "--level", "champion", "--game", "classic", "--games", "1"]  # fmt: skip
    proc = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        page = contexts(390, 844, is_mobile=True, has_touch=True).new_page()
        errors = page_errors(page)
        page.goto(f"{server}/online?lang=it")
        page.wait_for_function(
            "(l => l && l.link === 'open' && l.player && l.lobby)(window.briscolaLobby)"
        )
        page.locator("#lobby-name").fill(PERSON)
        expect(page.locator("#lobby-game-classic")).to_be_checked()
        page.locator("#lobby-bots + label").click()
        expect(page.locator("#lobby-bots")).to_be_checked()
        page.locator("#lobby-seek").click()
        page.wait_for_url("**/table/**", timeout=60_000)
        page.wait_for_function("window.briscolaTable && window.briscolaTable.table")
        mine = int(page.url.split("seat=", 1)[1].split("#", 1)[0])
        seats: list[dict[str, Any]] = page.evaluate("window.briscolaTable.table.seats")
        bot = seats[1 - mine]
        assert (seats[mine]["name"], bot["name"]) == (PERSON, "Fulmine")
        assert bot.get("player", {}).get("bot") is True, bot  # the table marks the bot account
        expect(page.get_by_text("Fulmine").first).to_be_visible()
        expect(page.locator(".plate .botmark")).to_have_count(1)  # the bot's plate, not ours
        expect(page.locator(".plate .botmark")).to_be_visible()
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/connect-bot-plate-390.png")
        play_to_the_end(page)
        match: dict[str, Any] = page.evaluate("window.briscolaTable.table.match")
    finally:
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    assert proc.returncode == 0, (out, err)
    assert match["over"] and sum(match["points"]) == 120
    word = "drawn" if match["winner"] is None else "lost" if match["winner"] == mine else "won"
    assert f"Game 1 {word} ({match['points'][1 - mine]} points)." in out, out
    assert "Games played: 1." in out and token not in out + err
    assert errors == []
