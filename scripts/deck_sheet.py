"""Contact sheets of every deck: docs/screenshots/decks-<deck>.png.

Run ``.venv/bin/python scripts/deck_sheet.py`` (after ``scripts/make_cards.py``). Each sheet shows
the deck's 40 faces and its back three times, with Debian's Chromium as the browser tests use it,
on the felt's green: at 24 and 29 px wide, the smallest faces the table draws (the briscola of
the six-player embed in a 320x480 and a 390x700 frame measured 24 and 27 px; the issue names
29 px), to check every card can be told at that size, and at 96 px to see the drawing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from browsing import CHROMIUM, CHROMIUM_ARGS  # type: ignore[import-not-found]  # noqa: E402
from screenshots import shrink  # noqa: E402

CARDS = ROOT / "src" / "briscola" / "apps" / "web" / "cards"
DECKS = ["progetto", "napoletane", "piacentine", "francesi"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
SUITS = ["c", "d", "s", "b"]


def folder(deck: str) -> Path:
    """The deck's files: the project's own deck is in cards/ itself."""
    return CARDS if deck == "progetto" else CARDS / deck


def page(deck: str, widths: tuple[int, ...] = (24, 29, 96)) -> str:
    """A page with the deck's cards at each width, a row per suit (the back ends the last)."""
    base = folder(deck).as_uri()
    blocks = []
    for width in widths:
        rows = []
        for i, suit in enumerate(SUITS):
            names = [f"{r}{suit}" for r in RANKS] + (["back"] if i == len(SUITS) - 1 else [])
            imgs = "".join(
                f'<img src="{base}/{n}.svg" alt="{n}" style="width:{width}px">' for n in names
            )
            rows.append(f'<div class="row">{imgs}</div>')
        blocks.append(f"<h2>{deck} · {width} px</h2>" + "".join(rows))
    return (
        "<!doctype html><meta charset=utf-8><style>"
        "body{margin:0;padding:10px;background:#1f6b3a;color:#fff;font:13px sans-serif;"
        "display:inline-block}h2{font-size:13px;margin:6px 0}"
        ".row{display:flex;gap:4px;margin-bottom:4px}img{display:block;"
        "filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.5))}</style>" + "".join(blocks)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", nargs="*", choices=DECKS, help="these decks only")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1200, "height": 800})
        for deck in args.only or DECKS:
            html = args.out / f".decks-{deck}.html"
            html.write_text(page(deck), encoding="utf-8")
            try:
                tab.goto(html.as_uri())
                tab.wait_for_function("[...document.images].every(i => i.complete)")
                shot = args.out / f"decks-{deck}.png"
                tab.locator("body").screenshot(path=str(shot))
                shrink(shot)
                print(f"wrote {shot}")
            finally:
                html.unlink()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
