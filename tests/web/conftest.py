"""Fixtures of the browser tests: the game server (a fresh SQLite file, computer players without
delay) and Debian's Chromium, one of each per test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browsing import CHROMIUM, CHROMIUM_ARGS, served

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server in a background thread; yields its base URL."""
    from briscola.apps.server import create_app

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
