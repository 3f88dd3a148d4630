"""The app's icons (issue 39), drawn from the favicon's design (src/briscola/apps/web/favicon.svg:
a card with a gold coin and a red star) on the felt's green, at the sizes browsers and phones
ask of an installable app, into src/briscola/apps/web/icons/:

    .venv/bin/python scripts/make_icons.py

``icon-192.png`` and ``icon-512.png`` (the manifest's "any" icons: the card on a rounded green
square), ``maskable-512.png`` (the card within the middle 80 %, the green to the edges, for
Android's shaped icons), ``apple-touch-icon.png`` (180 px, iOS's home screen). Drawn four times
larger and scaled down, so the edges are smooth. Needs Pillow (the dev extra's matplotlib brings
it). The PNGs are committed; run it again after a change of the design.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "src" / "briscola" / "apps" / "web" / "icons"
FELT, PAPER, EDGE = "#1d7040", "#fffaf0", "#5b4a32"
GOLD, GOLD_EDGE, RED = "#f2c230", "#3b2a14", "#c62828"
# the favicon's star, in its 64-unit box
STAR = [(32, 20), (35, 28), (43, 29), (37, 34), (39, 42), (32, 38), (25, 42), (27, 34), (21, 29)]
STAR += [(29, 28)]
SCALE = 4  # drawn at four times the size, then scaled down


def draw(size: int, *, inset: float, corner: float) -> Image.Image:
    """The icon at ``size`` px: the green square (corners ``corner`` of the size; 0 square), the
    favicon's 64-unit drawing within the middle ``1 - 2 * inset`` of it."""
    big = size * SCALE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(img)
    pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=round(big * corner), fill=FELT)
    unit = big * (1 - 2 * inset) / 64
    x0 = y0 = big * inset

    def at(x: float, y: float) -> tuple[float, float]:
        return (x0 + x * unit, y0 + y * unit)

    line = round(3 * unit)
    pen.rounded_rectangle((*at(10, 4), *at(54, 60)), radius=7 * unit, fill=PAPER, outline=EDGE,
                          width=line)  # fmt: skip
    pen.ellipse((*at(17, 17), *at(47, 47)), fill=GOLD, outline=GOLD_EDGE, width=line)
    pen.polygon([at(x, y) for x, y in STAR], fill=RED)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    icons = {
        "icon-192.png": draw(192, inset=0.06, corner=0.18),
        "icon-512.png": draw(512, inset=0.06, corner=0.18),
        "maskable-512.png": draw(512, inset=0.14, corner=0.0),
        "apple-touch-icon.png": draw(180, inset=0.08, corner=0.0),
    }
    for name, img in icons.items():
        img.save(OUT / name, optimize=True)
        print(f"{OUT / name}: {img.size[0]} px")


if __name__ == "__main__":
    main()
