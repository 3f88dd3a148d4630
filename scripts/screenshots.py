"""Make the web client's screenshots in docs/screenshots/ again, with the same Playwright and
Debian Chromium as the browser tests (tests/web/browsing.py).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--only NAME ...]

It serves the game on a free localhost port (a fresh SQLite file, computer players without
delay), opens each screen at its size and writes NAME.png. A table is shown with a full trick
drawn on it (one card a seat, as the browser tests draw it), so that each picture shows the
trick's layout; the summary is reached by playing a whole deal. Look at every picture after
making them: they are what the docs show.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from browsing import CHROMIUM, CHROMIUM_ARGS, served  # type: ignore[import-not-found]  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

DESKTOP = (1366, 768)
PHONE = (390, 844)
EMBED = (320, 480)
TABLES = {"table-2": "classic", "table-3": "three", "table-4": "pairs", "table-5": "chiamata",
          "table-6": "six"}  # fmt: skip
FULL_TRICK = (ROOT / "tests" / "web" / "felt_boxes.js").read_text(encoding="utf-8")


Shot = Callable[["Browser", str, Path], None]


def _new_page(browser: Browser, size: tuple[int, int]) -> Page:
    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        reduced_motion="reduce",
        locale="it-IT",
        device_scale_factor=1,
    )
    ctx.set_default_timeout(20_000)
    return ctx.new_page()


def screen(size: tuple[int, int], show: Callable[[Page, str], Page | None]) -> Shot:
    """A shot at ``size``: ``show(page, server)`` opens the screen in a fresh page (or returns
    the page it opened from it), which is photographed once its loads settle."""

    def shot(browser: Browser, server: str, path: Path) -> None:
        page = _new_page(browser, size)
        shown = show(page, server) or page
        shown.wait_for_load_state("networkidle")
        shown.wait_for_timeout(400)
        shown.screenshot(path=path)
        page.context.close()

    return shot


def _play(page: Page, server: str, preset: str, **extra: str) -> None:
    made = page.request.post(server + "/api/play", data={"preset": preset, **extra}).json()
    page.goto(server + made["url"])  # a fresh browser: the page speaks Italian
    _wait_table(page)


def _wait_table(page: Page) -> None:
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")


def table(preset: str, size: tuple[int, int]) -> Shot:
    def show(page: Page, server: str) -> None:
        _play(page, server, preset)
        if preset == "chiamata":  # past the auction: pass until the computers have bid
            _pass_auction(page)
        page.evaluate(FULL_TRICK)

    return screen(size, show)


def _pass_auction(page: Page) -> None:
    deadline = time.monotonic() + 30
    while page.evaluate("window.briscolaTable.obs.phase") in ("auction", "call"):
        if time.monotonic() > deadline:
            raise RuntimeError("the auction did not end")
        bids = page.locator(".auction .bids .btn-light")
        with contextlib.suppress(Exception):  # bid the lowest rank once, then pass
            if bids.count() and not page.evaluate("window.__bid || false"):
                bids.last.click(timeout=500)
                page.evaluate("window.__bid = true")
            else:
                page.locator(".auction .actions .btn-red").click(timeout=500)
        with contextlib.suppress(Exception):
            page.locator(".auction .suits button").first.click(timeout=300)
        page.wait_for_timeout(100)


def auction(size: tuple[int, int]) -> Shot:
    def show(page: Page, server: str) -> None:
        _play(page, server, "chiamata")
        page.locator(".auction .bids").wait_for()

    return screen(size, show)


def summary(size: tuple[int, int]) -> Shot:
    def show(page: Page, server: str) -> None:
        _play(page, server, "pairs", match="deals:2")
        _play_to_summary(page)

    return screen(size, show)


def _play_to_summary(page: Page) -> None:
    """Play the person's cards (the first one that may be played) until the deal's summary."""
    deadline = time.monotonic() + 120
    while not page.locator("#summary").count():
        if time.monotonic() > deadline:
            raise RuntimeError("the deal did not end")
        live = page.locator("#hand.live button.card")
        if live.count():
            with contextlib.suppress(Exception):
                live.first.click(timeout=500)
        page.wait_for_timeout(40)


def address(url: str, size: tuple[int, int], wait: str = "") -> Shot:
    def show(page: Page, server: str) -> None:
        page.goto(server + url)
        if wait:
            page.wait_for_function(wait)

    return screen(size, show)


def embed(preset: str) -> Shot:
    def show(page: Page, server: str) -> None:
        page.goto(f"{server}/embed?preset={preset}&level=simple&lang=it")
        _wait_table(page)
        page.evaluate(FULL_TRICK)

    return screen(EMBED, show)


def _waiting(page: Page, server: str) -> None:
    made = page.request.post(
        server + "/api/tables",
        data={"preset": "three", "seats": ["human", "human", "bot:medium"], "host_name": "Anna"},
    ).json()
    page.goto(server + made["url"])
    _wait_table(page)


def _watch_offer(page: Page, server: str) -> None:
    """The invitation opened once the table has started: the offer to watch instead."""
    made = page.request.post(server + "/api/tables", data={"seats": ["human", "human"]}).json()
    page.request.post(
        f"{server}/api/tables/{made['table_id']}/start",
        data={"token": made["token"], "fill": "simple"},
    )
    page.goto(server + made["invite_url"])


waiting = screen(DESKTOP, _waiting)
watch_offer = screen(PHONE, _watch_offer)


def watching(size: tuple[int, int]) -> Shot:
    """A spectator's view of a table of four in play (a full trick drawn on it)."""

    def show(page: Page, server: str) -> None:
        made = page.request.post(server + "/api/play", data={"preset": "pairs"}).json()
        page.goto(f"{server}/watch/{made['table_id']}")
        _wait_table(page)
        page.evaluate(FULL_TRICK)

    return screen(size, show)


def review(size: tuple[int, int]) -> Shot:
    """A finished deal's review, opened from its summary, at its third trick."""

    def show(page: Page, server: str) -> Page:
        _play(page, server, "classic", match="deals:2")
        _play_to_summary(page)
        with page.context.expect_page() as opened:
            page.locator("#review-deal").click()
        steps = opened.value
        steps.locator("#review-step").wait_for()
        for _ in range(2):
            steps.locator("#review-next").click()
        return steps

    return screen(size, show)


def lesson(size: tuple[int, int]) -> Shot:
    """«Impara a giocare»: the first lesson past its rules, at the person's first turn, with the
    computer's lead explained and the Champion's hint (js/table/lesson.js)."""

    def show(page: Page, server: str) -> None:
        made = page.request.post(server + "/api/lessons/first", data={"lang": "it"}).json()
        page.goto(server + made["url"])
        _wait_table(page)
        for _ in range(5):  # the five steps of rules
            page.locator("#lesson-next").click()
        page.locator("#lesson-why li").first.wait_for()
        page.wait_for_function(
            "window.briscolaLesson.hint && window.briscolaLesson.hint.reason", timeout=60_000
        )

    return screen(size, show)


def offline(size: tuple[int, int], tricks: int = 2) -> Shot:
    """The offline game (/offline, docs/offline.md) against *Facile*, ``tricks`` tricks played
    and the person to play: the package's Python in Pyodide, its files made as ``make offline``
    makes them (again: the zip holds the sources as they are now)."""

    def show(page: Page, server: str) -> None:
        _offline_files()
        page.goto(server + "/offline?delay=0")
        page.locator('label[for="level-easy"]').click(timeout=90_000)  # Pyodide's start
        page.locator("#offline-start").click()
        _wait_table(page)
        for done in range(1, tricks + 1):  # each trick draws two cards from the stock
            page.locator("#hand.live button.card").first.wait_for()
            page.evaluate("document.querySelector('#hand.live button.card').click()")
            page.wait_for_function(f"window.briscolaTable.obs.stock <= {34 - 2 * done}")
        page.locator("#hand.live").wait_for()  # the person's turn again

    return screen(size, show)


def _offline_files() -> None:
    spec = importlib.util.spec_from_file_location("bundle", ROOT / "scripts/offline_bundle.py")
    assert spec is not None and spec.loader is not None
    bundle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bundle)
    bundle.build()


_FETCH = """async ([path, body]) => (await fetch(path, {method: "POST", body: JSON.stringify(body),
  headers: {"content-type": "application/json"}})).json()"""


def talk(size: tuple[int, int]) -> Shot:
    """Talking at a table of three with friends (issue 37, part 5): a friend's quick message in
    a bubble by their plate, the panel open with the emotes and the chat; the plates with the
    players' avatars."""

    def shot(browser: Browser, server: str, path: Path) -> None:
        host, friend = _new_page(browser, size), _new_page(browser, DESKTOP)
        seats = {"preset": "three", "seats": ["human", "human", "bot:medium"], "chat": True,
                 "host_name": "Annamaria Lucrezia 🌸"}  # fmt: skip
        for page, avatar in ((host, "🦊"), (friend, "🐻")):
            page.goto(server + "/?lang=it")
            page.evaluate(_FETCH, ["/api/players/guest", {"name": ""}])
            page.evaluate(_FETCH, ["/api/players/me/update", {"avatar": avatar}])
        made = host.evaluate(_FETCH, ["/api/tables", seats])
        join = {"invite_code": made["invite_code"], "name": "Bruno Massimiliano"}
        joined = friend.evaluate(_FETCH, [f"/api/tables/{made['table_id']}/join", join])
        for page, url in ((host, made["url"]), (friend, joined["url"])):
            page.goto(server + url)
            _wait_table(page)
        host.evaluate(_FETCH, [f"/api/tables/{made['table_id']}/start", {"token": made["token"]}])
        friend.wait_for_selector("#talk-btn")
        friend.click("#talk-btn")
        friend.fill("#chat-input", "Ciao a tutti, bella partita! 🎉")
        friend.click("#chat-send")
        friend.click("[data-emote=bella_giocata]")
        host.wait_for_selector(".bubble")
        host.click("#talk-btn")
        host.wait_for_timeout(400)
        host.screenshot(path=path)
        host.context.close()
        friend.context.close()

    return shot


SHOTS: dict[str, Shot] = {
    "home-desktop": address("/?lang=it", DESKTOP),
    "home-phone": address("/?lang=it", PHONE),
    **{f"{name}-desktop": table(preset, DESKTOP) for name, preset in TABLES.items()},
    **{f"{name}-phone": table(preset, PHONE) for name, preset in TABLES.items()},
    "chiamata-desktop": auction(DESKTOP),
    "chiamata-phone": auction(PHONE),
    "summary-desktop": summary(DESKTOP),
    "summary-phone": summary(PHONE),
    "embed": embed("three"),
    "embed-6": embed("six"),
    "watch-phone": watching(PHONE),
    "review-phone": review(PHONE),
    "waiting-desktop": waiting,
    "join-watch-phone": watch_offer,
    "error-table-desktop": address("/table/no-such-table?lang=it", DESKTOP),
    "error-page-phone": address("/no/such/page?lang=it", PHONE),
    "lesson-desktop": lesson(DESKTOP),
    "lesson-phone": lesson(PHONE),
    "offline-desktop": offline(DESKTOP),
    "offline-phone": offline(PHONE),
    "talk-desktop": talk(DESKTOP),
    "talk-phone": talk(PHONE),
}


def shrink(path: Path) -> None:
    """Store the picture with a palette of 256 colours (about a third of the bytes; the felt's
    gradient needs no more), where Pillow is installed (matplotlib's extra brings it)."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - kept as Chromium wrote it
        return
    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(
            256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    small.save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", choices=sorted(SHOTS), help="these screens only")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from briscola.apps.server.app import create_app

    args.out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "screens.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0)) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in args.only or SHOTS:
            path = args.out / f"{name}.png"
            SHOTS[name](browser, server, path)
            shrink(path)
            print(path)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
