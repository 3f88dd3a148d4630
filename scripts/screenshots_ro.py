"""The web client's screenshots in Romanian, beside the Italian ones of scripts/screenshots.py
(whose screens this makes again, each page opened in Romanian): the home page, tables, the
auction, a deal's end, the waiting room, the invitation, the score keeper and an error page.

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
_ITALIAN_PAGE = base._new_page


def _page(browser: Browser, size: tuple[int, int]) -> Page:
    """A page of scripts/screenshots.py's with the language choice saved as Romanian."""
    page: Page = _ITALIAN_PAGE(browser, size)
    page.context.add_init_script(ROMANIAN)
    return page


HOME_READY = "document.querySelector('#play-now')"
# scripts/screenshots.py's screens, each made in Romanian (its pages come from _page)
SHOTS: dict[str, Callable[[Browser, str, Path], None]] = {
    "ro-home-desktop": base.address("/", base.DESKTOP, HOME_READY),
    "ro-home-phone": base.address("/", base.PHONE, HOME_READY),
    "ro-table-2-desktop": base.table("classic", base.DESKTOP),
    "ro-table-2-phone": base.table("classic", base.PHONE),
    "ro-table-4-phone": base.table("pairs", base.PHONE),
    "ro-auction-phone": base.auction(base.PHONE),
    "ro-summary-phone": base.summary(base.PHONE),
    "ro-waiting-desktop": base.waiting,
    "ro-join-watch-phone": base.watch_offer,
    "ro-score-phone": base.address("/score", base.PHONE),
    "ro-error-phone": base.address("/table/nosuchtable?lang=ro", base.PHONE),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", choices=sorted(SHOTS), help="these screens only")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from briscola.apps.server.app import create_app

    base._new_page = _page  # every screen of scripts/screenshots.py opens in Romanian
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
