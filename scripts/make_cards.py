"""Draw the project's own Italian-suited cards as SVG: 40 faces and a back.

Run ``python scripts/make_cards.py`` to (re)write ``src/briscola/apps/web/cards/*.svg``, the
default deck, and the regional decks drawn by ``scripts/regional_cards.py`` (Napoletane,
Piacentine, French-suited) into ``cards/<deck>/`` (``--sheet /tmp/sheet.html`` also writes a page
showing the default deck; ``scripts/deck_sheet.py`` renders every deck). Each file is
standalone (its own symbols), named by the card's text (``Ad.svg`` = Asso di denari), plus
``back.svg``. The
drawing is plain geometry, so every card shares one hand: the same pips, the same frame, large
corner indices that stay legible on a phone.

Suits: coppe (cups, red), denari (coins, gold), spade (swords, blue), bastoni (clubs, green).
Ranks: A, 2-7 with pips, and three figures: Fante (a page), Cavallo (a knight on horseback) and
Re (a king), each holding the suit's symbol.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

W, H = 200, 300
OUT = Path(__file__).resolve().parent.parent / "src" / "briscola" / "apps" / "web" / "cards"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
SUITS = ["c", "d", "s", "b"]
RANK_IT = {
    "A": "Asso",
    "2": "Due",
    "3": "Tre",
    "4": "Quattro",
    "5": "Cinque",
    "6": "Sei",
    "7": "Sette",
    "F": "Fante",
    "C": "Cavallo",
    "R": "Re",
}
SUIT_IT = {"c": "coppe", "d": "denari", "s": "spade", "b": "bastoni"}

# index colour (dark, legible) and figure colours per suit
INK = {"c": "#b3261e", "d": "#9a6a00", "s": "#1d4f91", "b": "#2e6b1f"}
ROBE = {"c": "#c0392b", "d": "#d9a21b", "s": "#2f6db5", "b": "#3f8a2c"}
ROBE2 = {"c": "#7d1f16", "d": "#9a6a00", "s": "#163b6b", "b": "#245419"}
TRIM = {"c": "#f0c419", "d": "#b3261e", "s": "#f0c419", "b": "#c0392b"}
TINT = {"c": "#fbe9e4", "d": "#fbf1d8", "s": "#e6eef9", "b": "#e7f3e1"}

OUTLINE = "#3b2a14"
GOLD = "#f2c230"
GOLD_DARK = "#a8780a"
SKIN = "#f3cfa8"
CREAM = "#fffaf0"

# -- suit symbols, each in a 100x100 box ----------------------------------------------------

SYMBOLS = {
    # a goblet: red bowl with a gold rim, gold knotted stem and foot
    "c": f"""
  <path d="M18 20 H82 C82 48 68 62 50 62 C32 62 18 48 18 20 Z" fill="#c62828"
        stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"/>
  <path d="M26 30 C28 44 36 53 46 56" fill="none" stroke="#ef8a7a" stroke-width="4"
        stroke-linecap="round"/>
  <ellipse cx="50" cy="20" rx="32" ry="7" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="3"/>
  <ellipse cx="50" cy="20" rx="24" ry="3.5" fill="#7d1f16"/>
  <rect x="45" y="61" width="10" height="20" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="3"/>
  <ellipse cx="50" cy="70" rx="10" ry="5" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="3"/>
  <path d="M26 95 C30 84 40 80 50 80 C60 80 70 84 74 95 Z" fill="{GOLD}"
        stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"/>
""",
    # a coin: gold disc, a ring of dots, a red and green rosette
    "d": f"""
  <circle cx="50" cy="50" r="45" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="3.5"/>
  <circle cx="50" cy="50" r="36" fill="#f7d35c" stroke="{GOLD_DARK}" stroke-width="2.5"/>
  @RING@
  <path d="@STAR@" fill="#c62828" stroke="{OUTLINE}" stroke-width="2" stroke-linejoin="round"/>
  <circle cx="50" cy="50" r="9" fill="#2e7d32" stroke="{OUTLINE}" stroke-width="2"/>
  <circle cx="50" cy="50" r="3.5" fill="{GOLD}"/>
""",
    # a straight sword, point up: steel blade, gold guard and pommel, blue grip
    "s": f"""
  <path d="M50 2 L58 16 L58 70 L42 70 L42 16 Z" fill="#c9d6e6" stroke="{OUTLINE}"
        stroke-width="3" stroke-linejoin="round"/>
  <path d="M50 10 L50 66" stroke="#7d93ad" stroke-width="3"/>
  <path d="M30 70 H70 Q74 74 70 78 H30 Q26 74 30 70 Z" fill="{GOLD}" stroke="{OUTLINE}"
        stroke-width="3" stroke-linejoin="round"/>
  <circle cx="28" cy="74" r="4.5" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="2.5"/>
  <circle cx="72" cy="74" r="4.5" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="2.5"/>
  <rect x="45" y="78" width="10" height="12" fill="#1d4f91" stroke="{OUTLINE}" stroke-width="3"/>
  <circle cx="50" cy="93" r="5.5" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="3"/>
""",
    # a knotty wooden club, rounded knob up: warm wood with grain, cut branch stumps (one with
    # a leaf) and a red band at the grip
    "b": f"""
  <path d="M62 34 L74 28 Q79 30 76 35 L63 43 Z" fill="#8b5a2b" stroke="{OUTLINE}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M38 54 L25 50 Q21 53 24 57 L38 62 Z" fill="#8b5a2b" stroke="{OUTLINE}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M59 70 L70 70 Q73 74 69 76 L58 77 Z" fill="#8b5a2b" stroke="{OUTLINE}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M74 30 C84 20 94 24 96 30 C88 34 80 34 75 32 Z" fill="#4f9a2c" stroke="{OUTLINE}"
        stroke-width="2" stroke-linejoin="round"/>
  <path d="M43 97 L37 22 C36 4 64 4 63 22 L57 97 Q50 100 43 97 Z" fill="#b5793d"
        stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"/>
  <path d="M46 92 L41 24 C41 16 45 11 50 10" fill="none" stroke="#e0ad72" stroke-width="3.5"
        stroke-linecap="round"/>
  <path d="M55 90 L58 24" fill="none" stroke="#8b5a2b" stroke-width="2" stroke-linecap="round"/>
  <ellipse cx="52" cy="38" rx="3.2" ry="4.2" fill="#7a4a20"/>
  <ellipse cx="46" cy="66" rx="2.8" ry="3.8" fill="#7a4a20"/>
  <rect x="42.5" y="82" width="15" height="7" fill="#c62828" stroke="{OUTLINE}"
        stroke-width="2.5"/>
""",
}


def _ring(n: int) -> list[tuple[float, float]]:
    return [(math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n)]


def _star(points: int, r_out: float, r_in: float, cx: float = 50, cy: float = 50) -> str:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / points - math.pi / 2
        pts.append(f"{cx + r * math.cos(a):.2f} {cy + r * math.sin(a):.2f}")
    return "M" + " L".join(pts) + " Z"


def symbol_body(suit: str) -> str:
    body = SYMBOLS[suit]
    if suit == "d":
        ring = "".join(
            f'<circle cx="{50 + 40.5 * c:.2f}" cy="{50 + 40.5 * s:.2f}" r="1.8" '
            f'fill="{GOLD_DARK}"/>'
            for c, s in _ring(24)
        )
        body = body.replace("@RING@", ring).replace("@STAR@", _star(8, 27, 14))
    return body


def symbol_def(suit: str) -> str:
    return f'<symbol id="pip-{suit}" viewBox="0 0 100 100">{symbol_body(suit)}</symbol>'


def use(suit: str, cx: float, cy: float, size: float, rotate: float = 0) -> str:
    x, y = cx - size / 2, cy - size / 2
    tr = f' transform="rotate({rotate} {cx} {cy})"' if rotate else ""
    return f'<use href="#pip-{suit}" x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}"{tr}/>'


# -- frame and corner indices ---------------------------------------------------------------


def frame(suit: str) -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="{CREAM}" '
        f'stroke="#5b4a32" stroke-width="3"/>'
        f'<rect x="8" y="8" width="{W - 16}" height="{H - 16}" rx="9" fill="none" '
        f'stroke="{INK[suit]}" stroke-opacity="0.35" stroke-width="1.5"/>'
    )


def index(rank: str, suit: str, badge: bool = False) -> str:
    """Rank and a small pip in the top-left corner, and the same turned in the bottom-right."""
    ink = INK[suit]
    bg = (
        f'<rect x="7" y="7" width="38" height="78" rx="8" fill="{CREAM}" stroke="{ink}" '
        f'stroke-opacity="0.5" stroke-width="1.5"/>'
        if badge
        else ""
    )
    one = (
        f"{bg}"
        f'<text x="26" y="44" text-anchor="middle" font-family="Georgia, \'DejaVu Serif\', '
        f'\'Times New Roman\', serif" font-weight="700" font-size="40" fill="{ink}">{rank}</text>'
        f"{use(suit, 26, 64, 28)}"
    )
    return f'<g>{one}</g><g transform="rotate(180 {W / 2} {H / 2})">{one}</g>'


# -- pip layouts ------------------------------------------------------------------------------

COLS = (74, 126)
ROWS3 = (78, 150, 222)


def pips(rank: str, suit: str, long_: bool | None = None) -> str:
    if long_ is None:
        long_ = suit in "sb"  # swords and clubs are tall and narrow
    size = 84 if long_ else 50
    n = int(rank)
    spots: Sequence[tuple[float, float]] = []
    if n == 2:
        spots = [(100, 90), (100, 210)]
    elif n == 3:
        spots = [(100, 72), (100, 150), (100, 228)]
    elif n == 4:
        spots = [(COLS[0], 92), (COLS[1], 92), (COLS[0], 208), (COLS[1], 208)]
    elif n == 5:
        spots = [(COLS[0], 84), (COLS[1], 84), (100, 150), (COLS[0], 216), (COLS[1], 216)]
    elif n == 6:
        spots = [(c, r) for r in ROWS3 for c in COLS]
    elif n == 7 and long_:
        spots = [(x, y) for y in (80, 220) for x in (60, 100, 140)] + [(100, 150)]
    elif n == 7:
        spots = [(c, r) for r in (70, 150, 230) for c in COLS] + [(100, 110)]
    if n >= 6:
        size = 74 if long_ else 46
    if n == 7:
        size = 66 if long_ else 42
    return "".join(use(suit, x, y, size) for x, y in spots)


def ace(suit: str) -> str:
    ink = INK[suit]
    rays = "".join(
        f'<path d="M100 150 L{100 + 80 * c:.1f} {150 + 80 * s:.1f}" stroke="{ink}" '
        f'stroke-opacity="0.12" stroke-width="6"/>'
        for c, s in _ring(16)
    )
    wreath = (
        f'<circle cx="100" cy="150" r="70" fill="{TINT[suit]}" stroke="{ink}" '
        f'stroke-opacity="0.45" stroke-width="2"/>'
        f'<circle cx="100" cy="150" r="62" fill="none" stroke="{ink}" stroke-opacity="0.3" '
        f'stroke-width="1" stroke-dasharray="3 4"/>'
    )
    leaves = ""
    for side in (-1, 1):
        for i in range(5):
            a = 110 + i * 14
            ang = math.radians(a if side > 0 else 180 - a)
            x = 100 + 74 * math.cos(ang)
            y = 150 + 74 * math.sin(ang)
            rot = math.degrees(ang) + 90 * side
            leaves += (
                f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="4.5" ry="10" fill="#5d8f2e" '
                f'stroke="{OUTLINE}" stroke-width="1" transform="rotate({rot:.1f} {x:.1f} '
                f'{y:.1f})"/>'
            )
    size = 132 if suit in "sb" else 110
    return rays + wreath + leaves + use(suit, 100, 150, size)


# -- figures ----------------------------------------------------------------------------------


def panel(suit: str) -> str:
    ink = INK[suit]
    return (
        f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="8" fill="{TINT[suit]}" '
        f'stroke="{ink}" stroke-width="2"/>'
        f'<path d="M14 236 Q100 222 186 236 V278 Q186 286 178 286 H22 Q14 286 14 278 Z" '
        f'fill="#d8c9a3" opacity="0.7"/>'
        f'<path d="M14 236 Q100 222 186 236" fill="none" stroke="#8a7650" stroke-width="1.5"/>'
    )


def head(cx: float, cy: float, r: float = 15, beard: bool = False) -> str:
    out = (
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{SKIN}" stroke="{OUTLINE}" '
        f'stroke-width="2.5"/>'
        f'<circle cx="{cx - r * 0.35:.1f}" cy="{cy - r * 0.1:.1f}" r="1.8" fill="{OUTLINE}"/>'
        f'<circle cx="{cx + r * 0.35:.1f}" cy="{cy - r * 0.1:.1f}" r="1.8" fill="{OUTLINE}"/>'
        f'<path d="M{cx - r * 0.3:.1f} {cy + r * 0.42:.1f} Q{cx} {cy + r * 0.62:.1f} '
        f'{cx + r * 0.3:.1f} {cy + r * 0.42:.1f}" fill="none" stroke="{OUTLINE}" '
        f'stroke-width="1.6" stroke-linecap="round"/>'
    )
    if beard:
        out += (
            f'<path d="M{cx - r:.1f} {cy + 2:.1f} Q{cx - r * 0.8:.1f} {cy + r * 1.9:.1f} {cx} '
            f"{cy + r * 2.0:.1f} Q{cx + r * 0.8:.1f} {cy + r * 1.9:.1f} {cx + r:.1f} {cy + 2:.1f} "
            f'Q{cx} {cy + r * 0.95:.1f} {cx - r:.1f} {cy + 2:.1f} Z" fill="#e8e2d6" '
            f'stroke="{OUTLINE}" stroke-width="2"/>'
        )
    return out


Colours = tuple[str, str, str]  # a figure's robe, its darker shade and the trim


def colours_of(suit: str) -> Colours:
    return ROBE[suit], ROBE2[suit], TRIM[suit]


def fante(suit: str, colours: Colours | None = None) -> str:
    robe, robe2, trim = colours or colours_of(suit)
    o = OUTLINE
    return (
        # legs (hose) and shoes
        f'<path d="M84 196 L80 258 L93 258 L98 196 Z" fill="{robe2}" stroke="{o}" '
        f'stroke-width="2.5"/>'
        f'<path d="M102 196 L107 258 L120 258 L116 196 Z" fill="#efe6d0" stroke="{o}" '
        f'stroke-width="2.5"/>'
        f'<ellipse cx="84" cy="261" rx="11" ry="5" fill="#4a3220" stroke="{o}" stroke-width="2"/>'
        f'<ellipse cx="116" cy="261" rx="11" ry="5" fill="#4a3220" stroke="{o}" '
        f'stroke-width="2"/>'
        # tunic with skirt
        f'<path d="M74 120 Q100 110 126 120 L134 204 Q100 214 66 204 Z" fill="{robe}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M100 116 L100 208" stroke="{robe2}" stroke-width="2"/>'
        f'<path d="M68 186 Q100 194 132 186" fill="none" stroke="{trim}" stroke-width="4"/>'
        f'<rect x="70" y="160" width="60" height="8" rx="2" fill="{trim}" stroke="{o}" '
        f'stroke-width="2"/>'
        f'<path d="M86 118 L100 136 L114 118" fill="none" stroke="{trim}" stroke-width="3"/>'
        # left arm down on the hip, right arm out holding the suit symbol
        f'<path d="M76 124 Q60 150 70 166 L78 162 Q72 148 84 130 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M124 124 Q146 130 152 150 L144 156 Q138 142 120 138 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="150" cy="156" r="6" fill="{SKIN}" stroke="{o}" stroke-width="2"/>'
        + use(suit, 150, 124 if suit in "sb" else 126, 62 if suit in "sb" else 46)
        # head, hair, beret with a feather
        + '<path d="M84 96 Q84 76 100 76 Q116 76 116 96 L116 104 L84 104 Z" fill="#6b4423"/>'
        + head(100, 98, 15)
        + f'<path d="M78 86 Q100 64 124 84 Q104 90 78 86 Z" fill="{robe}" stroke="{o}" '
        f'stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M112 80 Q130 56 140 60 Q128 66 116 84" fill="#fffaf0" stroke="{o}" '
        f'stroke-width="1.8"/>'
        f'<circle cx="100" cy="74" r="3" fill="{trim}" stroke="{o}" stroke-width="1.5"/>'
    )


def cavallo(suit: str, colours: Colours | None = None) -> str:
    robe, robe2, trim = colours or colours_of(suit)
    o = OUTLINE
    horse = "#f1ece2"
    return (
        # tail
        f'<path d="M156 178 Q178 196 170 236 Q162 214 150 196 Z" fill="#8a7a66" stroke="{o}" '
        f'stroke-width="2"/>'
        # back legs and front legs
        f'<path d="M138 196 L146 232 L140 258 L150 258 L156 230 L152 196 Z" fill="{horse}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M122 200 L124 258 L134 258 L134 200 Z" fill="#ddd5c6" stroke="{o}" '
        f'stroke-width="2.5"/>'
        f'<path d="M66 196 L54 226 L62 256 L72 254 L66 228 L80 204 Z" fill="{horse}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M86 204 L88 258 L98 258 L98 204 Z" fill="#ddd5c6" stroke="{o}" '
        f'stroke-width="2.5"/>'
        # hooves
        + "".join(
            f'<rect x="{x}" y="{y}" width="12" height="6" rx="2" fill="#4a3220"/>'
            for x, y in ((139, 255), (123, 255), (61, 251), (87, 255))
        )
        # body
        + f'<ellipse cx="110" cy="186" rx="50" ry="26" fill="{horse}" stroke="{o}" '
        f'stroke-width="2.5"/>'
        # neck and head (facing left), mane, eye, bridle
        f'<path d="M96 168 C88 144 80 124 70 116 L69 102 L61 113 C52 118 40 132 33 144 '
        f'Q30 155 40 157 L50 153 Q56 149 60 150 C62 170 66 186 74 202 Z" fill="{horse}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M93 164 C85 142 78 126 68 116" fill="none" stroke="#8a7a66" '
        f'stroke-width="7" stroke-linecap="round"/>'
        f'<circle cx="53" cy="128" r="2.4" fill="{o}"/>'
        f'<circle cx="36" cy="148" r="1.6" fill="{o}"/>'
        f'<path d="M39 152 L62 134 M62 134 L100 160" fill="none" stroke="{trim}" '
        f'stroke-width="2.5" stroke-linecap="round"/>'
        # caparison
        f'<path d="M84 168 Q110 160 138 168 L142 204 Q112 214 82 204 Z" fill="{robe}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M84 198 Q112 208 142 198" fill="none" stroke="{trim}" stroke-width="4"/>'
        # rider: leg, torso, arm raised with the symbol, head with a plumed helmet
        f'<path d="M104 168 L104 200 L112 214 L120 210 L114 196 L116 168 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M94 118 Q110 110 126 118 L124 170 L96 170 Z" fill="{robe2}" stroke="{o}" '
        f'stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M96 150 L124 150" stroke="{trim}" stroke-width="4"/>'
        f'<path d="M122 122 Q140 112 148 94 L140 90 Q132 106 118 110 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="145" cy="90" r="5.5" fill="{SKIN}" stroke="{o}" stroke-width="2"/>'
        + use(suit, 152, 62 if suit in "sb" else 66, 58 if suit in "sb" else 42)
        + head(110, 98, 13)
        + f'<path d="M96 96 Q96 78 110 78 Q124 78 124 96 Z" fill="#b7c3cf" stroke="{o}" '
        f'stroke-width="2.5"/>'
        f'<path d="M110 78 Q100 60 86 64 Q100 66 106 80" fill="{robe}" stroke="{o}" '
        f'stroke-width="1.8"/>'
    )


def re(suit: str, colours: Colours | None = None) -> str:
    robe, robe2, trim = colours or colours_of(suit)
    o = OUTLINE
    ermine = "".join(
        f'<path d="M{x} {y} l2 4 l-4 0 Z" fill="{o}"/>'
        for x, y in ((70, 252), (86, 254), (102, 254), (118, 254), (132, 252), (96, 222), (96, 180))
    )
    return (
        # cloak
        f'<path d="M70 118 Q100 106 130 118 L150 258 Q100 268 50 258 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        # gown
        f'<path d="M80 124 Q100 116 120 124 L130 256 Q100 262 70 256 Z" fill="{robe}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        # ermine trim at the hem and down the front
        f'<path d="M50 258 Q100 268 150 258 L150 248 Q100 258 50 248 Z" fill="#fffaf0" '
        f'stroke="{o}" stroke-width="2"/>'
        f'<rect x="92" y="126" width="12" height="126" fill="#fffaf0" stroke="{o}" '
        f'stroke-width="2"/>'
        f"{ermine}"
        f'<rect x="80" y="166" width="40" height="7" rx="2" fill="{trim}" stroke="{o}" '
        f'stroke-width="2"/>'
        # ermine collar
        f'<path d="M72 120 Q100 136 128 120 Q120 112 100 112 Q80 112 72 120 Z" fill="#fffaf0" '
        f'stroke="{o}" stroke-width="2"/>'
        # arms: left holds a sceptre, right holds the suit symbol
        f'<path d="M74 126 Q58 150 64 176 L74 174 Q70 154 84 136 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M58 112 L66 240" stroke="{GOLD_DARK}" stroke-width="4" '
        f'stroke-linecap="round"/>'
        f'<circle cx="58" cy="110" r="6" fill="{GOLD}" stroke="{o}" stroke-width="2"/>'
        f'<circle cx="68" cy="176" r="6" fill="{SKIN}" stroke="{o}" stroke-width="2"/>'
        f'<path d="M126 126 Q146 136 150 156 L142 162 Q136 146 120 140 Z" fill="{robe2}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="148" cy="160" r="6" fill="{SKIN}" stroke="{o}" stroke-width="2"/>'
        + use(suit, 150, 128 if suit in "sb" else 132, 62 if suit in "sb" else 46)
        # head: hair, beard, crown
        + '<path d="M83 92 Q83 72 100 72 Q117 72 117 92 L118 104 L82 104 Z" fill="#9a8f80"/>'
        + head(100, 92, 15, beard=True)
        + f'<path d="M82 80 L82 58 L91 68 L100 54 L109 68 L118 58 L118 80 Z" fill="{GOLD}" '
        f'stroke="{o}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="100" cy="70" r="3" fill="#c62828"/>'
        f'<circle cx="89" cy="74" r="2" fill="#2f6db5"/>'
        f'<circle cx="111" cy="74" r="2" fill="#2f6db5"/>'
    )


FIGURES = {"F": fante, "C": cavallo, "R": re}


# -- whole cards ------------------------------------------------------------------------------


def card_svg(rank: str, suit: str) -> str:
    title = f"{RANK_IT[rank]} di {SUIT_IT[suit]}"
    if rank in FIGURES:
        body = panel(suit) + FIGURES[rank](suit) + index(rank, suit, badge=True)
    elif rank == "A":
        body = ace(suit) + index(rank, suit)
    else:
        body = pips(rank, suit) + index(rank, suit)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}" role="img" aria-label="{title}">'
        f"<title>{title}</title><defs>{symbol_def(suit)}</defs>"
        f"{frame(suit)}{body}</svg>\n"
    )


def back_svg() -> str:
    lattice = (
        '<pattern id="lat" width="20" height="20" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect width="20" height="20" fill="#8e1b1b"/>'
        '<path d="M0 10 H20 M10 0 V20" stroke="#b8433a" stroke-width="2"/>'
        '<circle cx="10" cy="10" r="2.6" fill="#f2c230"/>'
        "</pattern>"
    )
    medallion = (
        '<ellipse cx="100" cy="150" rx="48" ry="62" fill="#fffaf0" stroke="#f2c230" '
        'stroke-width="5"/>'
        '<ellipse cx="100" cy="150" rx="40" ry="54" fill="none" stroke="#8e1b1b" '
        'stroke-width="2"/>'
    )
    mini = (
        use("c", 100, 118, 30)
        + use("d", 74, 150, 30)
        + use("s", 126, 150, 34)
        + use("b", 100, 184, 34)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}" role="img" aria-label="Dorso della carta">'
        f"<title>Dorso della carta</title><defs>{lattice}"
        + "".join(symbol_def(s) for s in SUITS)
        + "</defs>"
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fffaf0" '
        f'stroke="#5b4a32" stroke-width="3"/>'
        f'<rect x="10" y="10" width="{W - 20}" height="{H - 20}" rx="8" fill="url(#lat)" '
        f'stroke="#f2c230" stroke-width="3"/>'
        f"{medallion}{mini}</svg>\n"
    )


def contact_sheet(names: list[str], folder: str = ".") -> str:
    imgs = "".join(
        f'<figure><img src="{folder}/{n}.svg" alt="{n}"><figcaption>{n}</figcaption></figure>'
        for n in names
    )
    return (
        "<!doctype html><meta charset=utf-8><title>Carte</title><style>"
        "body{background:#1f6b3a;margin:12px;font:14px sans-serif;color:#fff}"
        "main{display:grid;grid-template-columns:repeat(10,1fr);gap:10px}"
        "figure{margin:0;text-align:center}img{width:100%;display:block;"
        "filter:drop-shadow(0 2px 3px rgba(0,0,0,.4))}</style><main>" + imgs + "</main>"
    )


def write_deck(folder: Path, face: Callable[[str, str], str], back: Callable[[], str]) -> list[str]:
    """Write a deck's 40 faces and its back into ``folder``; the faces' names in order."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for suit in SUITS:
        for rank in RANKS:
            name = f"{rank}{suit}"
            (folder / f"{name}.svg").write_text(face(rank, suit), encoding="utf-8")
            names.append(name)
    (folder / "back.svg").write_text(back(), encoding="utf-8")
    return names


def main() -> None:
    from regional_cards import DECKS
    from regional_cards import back_svg as regional_back
    from regional_cards import card_svg as regional_card

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the SVG files")
    parser.add_argument(
        "--sheet", type=Path, help="also write a contact sheet (an HTML page) to this path"
    )
    args = parser.parse_args()
    names = write_deck(args.out, card_svg, back_svg)
    for deck in DECKS:
        write_deck(args.out / deck.name, partial(regional_card, deck), partial(regional_back, deck))
    if args.sheet:
        rel = Path(os.path.relpath(args.out, args.sheet.parent))
        args.sheet.write_text(contact_sheet([*names, "back"], rel.as_posix()), encoding="utf-8")
    print(f"wrote {len(DECKS) + 1} decks of {len(names) + 1} cards to {args.out}")


if __name__ == "__main__":
    main()
