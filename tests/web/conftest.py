"""Fixtures of the browser tests: the game server (a fresh SQLite file, computer players without
delay) and Debian's Chromium, one of each per test module; a test's browser contexts, and a table
of play-now opened in a page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browsing import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, served

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server in a background thread; yields its base URL."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("web") / "briscola.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Make the test's browser contexts: ``contexts(width, height, **options)`` (default
    1366×768; options as ``browser.new_context``'s, e.g. ``reduced_motion="reduce"``), each with
    the tests' timeout, all closed after the test."""
    made: list[BrowserContext] = []

    def new(width: int = 1366, height: int = 768, **options: Any) -> BrowserContext:
        ctx = browser.new_context(viewport={"width": width, "height": height}, **options)
        ctx.set_default_timeout(TIMEOUT_MS)
        made.append(ctx)
        return ctx

    yield new
    for ctx in made:
        ctx.close()


@pytest.fixture
def open_table(server: str) -> Callable[[Page, str | dict[str, Any]], None]:
    """Open a table of play-now in ``page`` and wait for its first state: ``/api/play`` with
    ``preset``, or with the whole request body given (``{"preset": ..., "options": ...}``)."""

    def open_in(page: Page, preset: str | dict[str, Any]) -> None:
        body = {"preset": preset} if isinstance(preset, str) else preset
        made = page.request.post(server + "/api/play", data=body).json()
        page.goto(server + made["url"])
        page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")

    return open_in


@pytest.fixture
def calm_page(contexts: Callable[..., BrowserContext]) -> Page:
    """A page of a 1366×768 context that asks for reduced motion (no card flights to wait on)."""
    return contexts(1366, 768, reduced_motion="reduce").new_page()
