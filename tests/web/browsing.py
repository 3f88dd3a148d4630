"""What the browser tests share: Debian's Chromium and how to launch it, the server on a free
localhost port in a background thread, and a page's script errors.

Playwright never downloads a browser here: it launches Debian's Chromium by its path (``make
system-deps`` installs it). Outside CI a missing browser skips the browser tests (``MISSING``
says why); in CI (``CI=true``) it is an error.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = os.environ.get("BRISCOLA_CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000
# a page script: true when the table's player is to play a card
MY_TURN = "(o => o && o.phase === 'play' && o.turn === o.seat)(window.briscolaTable.obs)"

MISSING: str | None = None
if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
    MISSING = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
else:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:  # pragma: no cover - the dev extra installs it
        MISSING = "playwright is not installed (pip install -e '.[dev]')"
if MISSING and IN_CI:
    raise RuntimeError(f"CI runs the browser tests: {MISSING}")


def page_errors(page: Any) -> list[str]:
    """The script errors of a Playwright ``page`` from now on, in a list that fills as they come
    (a test fails on any)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a background thread; yields its base URL."""
    import uvicorn

    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


def play_to_the_summary(page: Any) -> None:
    """Play the first card the hand offers at each turn until the deal's summary shows."""
    deadline = time.monotonic() + 120
    while not page.locator("#summary").count():
        assert time.monotonic() < deadline, "the deal did not end in time"
        page.evaluate(
            """() => { const c = document.querySelector("#hand.live button.card");
                       if (c) c.click(); }"""
        )
        page.wait_for_timeout(60)
