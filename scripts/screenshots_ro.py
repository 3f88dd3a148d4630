"""The web client's screenshots in Romanian, beside the Italian ones of scripts/screenshots.py
(whose machinery this uses): the home page, tables and the score keeper at desktop and phone
sizes.

    .venv/bin/python scripts/screenshots_ro.py [--out docs/screenshots] [--only NAME ...]

Each page opens with the language choice saved as Romanian (localStorage "briscola.lang", as the
IT | EN | RO switch saves it). Look at every picture after making them: Romanian words are longer
than Italian ones, and a label that overflows shows here first.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import screenshots as base  # type: ignore[import-not-found]  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROMANIAN = "localStorage.setItem('briscola.lang', 'ro')"


def _page(browser: Browser, size: tuple[int, int]) -> Page:
    page: Page = base._new_page(browser, size)
    page.context.add_init_script(ROMANIAN)
    return page


def address(
    url: str, size: tuple[int, int], wait: str = ""
) -> Callable[[Browser, str, Path], None]:
    """A page of the client at ``url`` in Romanian."""

    def shot(browser: Browser, server: str, path: Path) -> None:
        page = _page(browser, size)
        page.goto(server + url)
        if wait:
            page.wait_for_function(wait)
        base._settle(page)
        page.screenshot(path=path)
        page.context.close()

    return shot


def table(preset: str, size: tuple[int, int]) -> Callable[[Browser, str, Path], None]:
    """A table of ``preset`` in Romanian, a full trick drawn on it (the auction's panel in
    chiamata)."""

    def shot(browser: Browser, server: str, path: Path) -> None:
        page = _page(browser, size)
        base._play(page, server, preset, lang="ro")
        if preset != "chiamata":
            page.evaluate(base.FULL_TRICK)
        base._settle(page)
        page.screenshot(path=path)
        page.context.close()

    return shot


HOME_READY = "document.querySelector('#play-now')"
SHOTS: dict[str, Callable[[Browser, str, Path], None]] = {
    "ro-home-desktop": address("/", base.DESKTOP, HOME_READY),
    "ro-home-phone": address("/", base.PHONE, HOME_READY),
    "ro-table-2-desktop": table("classic", base.DESKTOP),
    "ro-table-2-phone": table("classic", base.PHONE),
    "ro-table-4-phone": table("pairs", base.PHONE),
    "ro-auction-phone": table("chiamata", base.PHONE),
    "ro-score-phone": address("/score", base.PHONE),
    "ro-error-phone": address("/table/nosuchtable?lang=ro", base.PHONE),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", choices=sorted(SHOTS), help="these screens only")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from briscola.apps.server import create_app

    args.out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "screens.db"
    with (
        base.served(create_app(f"sqlite:///{db}", bot_delay=0)) as server,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=base.CHROMIUM, args=base.CHROMIUM_ARGS)
        for name in args.only or SHOTS:
            path = args.out / f"{name}.png"
            SHOTS[name](browser, server, path)
            base.shrink(path)
            print(path)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
