"""The regional decks drawn by the project: Napoletane, Piacentine and French-suited cards.

``scripts/make_cards.py`` writes them into ``src/briscola/apps/web/cards/<deck>/`` next to the
project's own deck (the default, in ``cards/`` itself); this module draws them, reusing the
default deck's geometry (pip layouts, heads, full-length figures). Plain geometry again, nothing
copied: each deck is told apart by what players know it by.

- Napoletane: curved swords, smooth green clubs with leaves, denari drawn as stars, yellow cups
  with a red band; full-length figures (the Fante a lady in a long gown, the Cavallo on
  horseback, the Re); the Asso di denari an eagle with two heads, the three of clubs with the
  "gatto mammone" mask; corners numbered 1-10 (Fante 8, Cavallo 9, Re 10).
- Piacentine: straight swords with curled guards, knotted yellow clubs, gold cups and coins with
  blue and red; double-headed figures (a bust mirrored at the middle), the Cavallo a rider beside
  his horse's head; corners numbered 1-10.
- Francesi: hearts and diamonds red, spades and clubs black (coppe -> hearts, denari ->
  diamonds, spade -> spades, bastoni -> clubs), J, Q and K for Fante, Cavallo and Re, with
  double-headed figures.

Every face has a large corner index (number or letter, in the suit's ink; on a light badge over a
figure or an ace), so a card can be told at 24 to 29 px wide, the smallest the table draws.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from make_cards import (
    GOLD,
    GOLD_DARK,
    OUTLINE,
    RANK_IT,
    SKIN,
    SUIT_IT,
    SUITS,
    Colours,
    H,
    W,
    _ring,
    _star,
    cavallo,
    head,
    pips,
    re,
    use,
)

LINE = OUTLINE
RED, BLUE, GREEN = "#c62828", "#2f6db5", "#3f8a2c"

# -- suit signs, each in a 100x100 box ------------------------------------------------------

NAPOLETANE_SIGNS = {
    # a yellow chalice with a red band, a blue knot on the stem
    "c": f"""
  <path d="M20 14 H80 Q80 48 56 58 L44 58 Q20 48 20 14 Z" fill="{GOLD}" stroke="{LINE}"
        stroke-width="3" stroke-linejoin="round"/>
  <path d="M21 28 H79 L76 38 H24 Z" fill="{RED}"/>
  <ellipse cx="50" cy="14" rx="30" ry="6" fill="{RED}" stroke="{LINE}" stroke-width="3"/>
  <rect x="44" y="57" width="12" height="22" fill="{GOLD}" stroke="{LINE}" stroke-width="3"/>
  <ellipse cx="50" cy="68" rx="11" ry="6" fill="{BLUE}" stroke="{LINE}" stroke-width="2.5"/>
  <path d="M26 96 Q32 80 50 78 Q68 80 74 96 Z" fill="{GOLD}" stroke="{LINE}" stroke-width="3"
        stroke-linejoin="round"/>
""",
    # a coin drawn as a star: a red ring, a yellow eight-pointed star, a blue heart
    "d": f"""
  <circle cx="50" cy="50" r="46" fill="#e8a317" stroke="{LINE}" stroke-width="3"/>
  <circle cx="50" cy="50" r="38" fill="{RED}"/>
  <path d="@STAR@" fill="#f8d649" stroke="{LINE}" stroke-width="2" stroke-linejoin="round"/>
  <circle cx="50" cy="50" r="10" fill="{BLUE}" stroke="{LINE}" stroke-width="2"/>
""",
    # a curved sword (a scimitar), point up: pale blade, yellow guard, red grip
    "s": f"""
  <path d="M44 76 C36 52 40 24 66 2 C58 28 56 52 57 76 Z" fill="#d4dde8" stroke="{LINE}"
        stroke-width="3" stroke-linejoin="round"/>
  <path d="M49 72 C45 50 48 30 60 14" fill="none" stroke="#8aa0b8" stroke-width="2.5"/>
  <path d="M28 75 H72 Q76 80 72 85 H28 Q24 80 28 75 Z" fill="{GOLD}" stroke="{LINE}"
        stroke-width="3" stroke-linejoin="round"/>
  <rect x="45" y="85" width="10" height="8" fill="{RED}" stroke="{LINE}" stroke-width="2.5"/>
  <circle cx="50" cy="95" r="4.5" fill="{GOLD}" stroke="{LINE}" stroke-width="2.5"/>
""",
    # a smooth green club, wider at the top, with two sprouting leaves
    "b": f"""
  <path d="M62 30 Q80 18 90 24 Q80 36 64 36 Z" fill="{GREEN}" stroke="{LINE}" stroke-width="2"/>
  <path d="M38 62 Q18 56 10 64 Q22 72 38 68 Z" fill="{GREEN}" stroke="{LINE}" stroke-width="2"/>
  <path d="M44 97 L38 16 C37 0 63 0 62 16 L56 97 Q50 100 44 97 Z" fill="#8fae48"
        stroke="{LINE}" stroke-width="3" stroke-linejoin="round"/>
  <path d="M46 90 L42 18 C42 11 46 7 50 7" fill="none" stroke="#c8dc8a" stroke-width="3.5"
        stroke-linecap="round"/>
""",
}

PIACENTINE_SIGNS = {
    # a gold cup with a blue scalloped band, a red knot and a wide foot
    "c": f"""
  <path d="M16 18 Q18 56 50 60 Q82 56 84 18 Z" fill="#e9b824" stroke="{LINE}" stroke-width="3"
        stroke-linejoin="round"/>
  <path d="M20 30 Q28 40 35 30 Q42 40 50 30 Q58 40 65 30 Q72 40 80 30" fill="none"
        stroke="{BLUE}" stroke-width="5"/>
  <ellipse cx="50" cy="18" rx="34" ry="7" fill="#f6dc6e" stroke="{LINE}" stroke-width="3"/>
  <rect x="45" y="59" width="10" height="20" fill="#e9b824" stroke="{LINE}" stroke-width="3"/>
  <circle cx="50" cy="68" r="7" fill="{RED}" stroke="{LINE}" stroke-width="2.5"/>
  <path d="M20 96 Q26 80 50 78 Q74 80 80 96 Z" fill="#e9b824" stroke="{LINE}" stroke-width="3"
        stroke-linejoin="round"/>
""",
    # a gold coin: a blue ring of dots, a red rose at the centre
    "d": f"""
  <circle cx="50" cy="50" r="46" fill="{GOLD}" stroke="{LINE}" stroke-width="3"/>
  <circle cx="50" cy="50" r="36" fill="none" stroke="{BLUE}" stroke-width="6"/>
  @RING@
  <path d="@ROSE@" fill="{RED}" stroke="{LINE}" stroke-width="2" stroke-linejoin="round"/>
  <circle cx="50" cy="50" r="6" fill="{GOLD}" stroke="{LINE}" stroke-width="1.5"/>
""",
    # a straight sword, point up: blue steel, a guard with curled ends, red grip
    "s": f"""
  <path d="M50 2 L57 14 L56 72 L44 72 L43 14 Z" fill="#9dbbe0" stroke="{LINE}" stroke-width="3"
        stroke-linejoin="round"/>
  <path d="M50 8 L50 68" stroke="#4f79ad" stroke-width="2.5"/>
  <path d="M26 66 Q26 76 36 76 H64 Q74 76 74 66" fill="none" stroke="{LINE}" stroke-width="8"
        stroke-linecap="round"/>
  <path d="M26 66 Q26 76 36 76 H64 Q74 76 74 66" fill="none" stroke="{GOLD}" stroke-width="4"
        stroke-linecap="round"/>
  <rect x="45" y="77" width="10" height="13" fill="{RED}" stroke="{LINE}" stroke-width="2.5"/>
  <circle cx="50" cy="93" r="5" fill="{GOLD}" stroke="{LINE}" stroke-width="2.5"/>
""",
    # a knotted club: yellow wood, knobs on both sides, thicker at the top
    "b": f"""
  <path d="M44 97 L40 70 Q32 68 34 62 Q40 60 40 56 L38 40 Q28 38 30 31 Q37 29 38 24
           C36 4 64 4 62 24 Q68 24 70 30 Q66 36 61 38 L60 52 Q68 54 67 60 Q62 63 59 64
           L56 97 Q50 100 44 97 Z" fill="#e0a84a" stroke="{LINE}" stroke-width="3"
        stroke-linejoin="round"/>
  <path d="M46 90 L42 24 C42 15 46 10 50 9" fill="none" stroke="#f4d08e" stroke-width="3"
        stroke-linecap="round"/>
  <circle cx="53" cy="30" r="3.5" fill="#8b5a2b"/>
  <circle cx="47" cy="52" r="3" fill="#8b5a2b"/>
  <circle cx="53" cy="76" r="3" fill="#8b5a2b"/>
""",
}

BLACK, HEART_RED = "#1b1b1b", "#d32f2f"
FRENCH_SIGNS = {
    "c": f"""<path d="M50 92 C22 68 6 52 6 32 C6 16 18 6 30 6 C40 6 47 12 50 21 C53 12 60 6 70 6
  C82 6 94 16 94 32 C94 52 78 68 50 92 Z" fill="{HEART_RED}"/>""",
    "d": f'<path d="M50 3 L86 50 L50 97 L14 50 Z" fill="{HEART_RED}"/>',
    "s": f"""<path d="M50 4 C40 24 8 38 8 60 C8 74 19 82 31 82 C39 82 45 78 48 73 C47 84 42 92
  34 97 H66 C58 92 53 84 52 73 C55 78 61 82 69 82 C81 82 92 74 92 60 C92 38 60 24 50 4 Z"
  fill="{BLACK}"/>""",
    "b": f"""<circle cx="50" cy="27" r="19" fill="{BLACK}"/><circle cx="27" cy="60" r="19"
  fill="{BLACK}"/><circle cx="73" cy="60" r="19" fill="{BLACK}"/><path d="M46 50 Q46 84 34 97
  H66 Q54 84 54 50 Z" fill="{BLACK}"/>""",
}


def _rose() -> str:
    """A five-petalled rose (Piacentine coin's centre) as one path."""
    pts = []
    for i in range(10):
        r = 22 if i % 2 == 0 else 11
        c, s = _ring(10)[i]
        pts.append(f"{50 + r * s:.1f} {50 - r * c:.1f}")
    return "M" + " L".join(pts) + " Z"


def _fill_signs(signs: dict[str, str]) -> dict[str, str]:
    ring = "".join(
        f'<circle cx="{50 + 36 * c:.2f}" cy="{50 + 36 * s:.2f}" r="2" fill="{GOLD}"/>'
        for c, s in _ring(16)
    )
    return {
        k: v.replace("@STAR@", _star(8, 34, 17)).replace("@RING@", ring).replace("@ROSE@", _rose())
        for k, v in signs.items()
    }


# -- decks ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    name: str  # the folder under cards/
    title: str  # shown in the cards' titles
    signs: dict[str, str]  # suit -> SVG body in a 100x100 box
    ink: dict[str, str]  # suit -> the corner index's colour
    robes: dict[str, Colours]  # suit -> a figure's robe, its darker shade, the trim
    labels: dict[str, str]  # rank -> the corner index
    figure: Callable[[Deck, str, str], str]  # (deck, rank, suit) -> the figure's drawing
    long_suits: str  # suits whose signs are tall and narrow (laid out in more room)
    paper: str  # the card's ground
    back: tuple[str, str]  # the back's two colours


NUMBERS = {r: str(i + 1) for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"])}
FRENCH_LABELS = {**{r: r for r in "A234567"}, "F": "J", "C": "Q", "R": "K"}
FRENCH_NAMES = {"c": "cuori", "d": "quadri", "s": "picche", "b": "fiori"}
FRENCH_RANKS = {"F": "Fante", "C": "Donna", "R": "Re"}


# -- faces ------------------------------------------------------------------------------------


def defs(deck: Deck, suits: str) -> str:
    return "".join(
        f'<symbol id="pip-{s}" viewBox="0 0 100 100">{deck.signs[s]}</symbol>' for s in suits
    )


def index(deck: Deck, rank: str, suit: str) -> str:
    """The corner index, large (on a light badge over a figure or an ace): top left, and turned
    in the bottom right."""
    ink, text = deck.ink[suit], deck.labels[rank]
    fit = ' textLength="46" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    badge = (
        f'<rect x="4" y="4" width="52" height="96" rx="8" fill="{deck.paper}" fill-opacity="0.92"/>'
        if rank in "AFCR"
        else ""
    )
    one = (
        f"{badge}"
        f'<text x="30" y="55" text-anchor="middle" font-family="\'DejaVu Sans\', Arial, '
        f'sans-serif" font-weight="700" font-size="58"{fit} fill="{ink}">{text}</text>'
        f"{use(suit, 30, 79, 30)}"
    )
    return f'<g>{one}</g><g transform="rotate(180 {W / 2} {H / 2})">{one}</g>'


def frame(deck: Deck, suit: str) -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="{deck.paper}" '
        f'stroke="#4a3b28" stroke-width="3"/>'
        f'<rect x="9" y="9" width="{W - 18}" height="{H - 18}" rx="8" fill="none" '
        f'stroke="{deck.ink[suit]}" stroke-opacity="0.5" stroke-width="2"/>'
    )


def ace(deck: Deck, suit: str) -> str:
    if deck.name == "napoletane" and suit == "d":
        return eagle()
    size = 150 if suit in deck.long_suits else 118
    if deck.name == "francesi":
        return use(suit, 100, 150, 96)
    scroll = (
        f'<path d="M36 250 Q100 236 164 250 L158 266 Q100 254 42 266 Z" fill="#f3ead2" '
        f'stroke="{LINE}" stroke-width="2"/>'
        if deck.name == "piacentine"
        else ""
    )
    return (
        f'<circle cx="100" cy="150" r="72" fill="{deck.ink[suit]}" fill-opacity="0.10"/>'
        + use(suit, 100, 146, size)
        + scroll
    )


def eagle() -> str:
    """The Napoletane's Asso di denari: a two-headed eagle holding the coin on its breast."""
    wing = (
        "M100 150 C76 120 46 108 20 118 C30 128 34 138 30 150 C40 146 46 150 42 162 "
        "C54 158 60 164 56 176 C72 168 86 168 100 172 Z"
    )
    feathers = "".join(
        f'<path d="M{x} {y} L{x + 14} {y + 8}" stroke="{GOLD}" stroke-width="2"/>'
        for x, y in ((34, 126), (44, 140), (54, 154))
    )
    half = f'<path d="{wing}" fill="#3a2f25" stroke="{LINE}" stroke-width="2.5"/>{feathers}'
    necks = "".join(
        f'<path d="M100 150 Q{x} 128 {x} 108" fill="none" stroke="#3a2f25" stroke-width="10"/>'
        f'<circle cx="{x}" cy="102" r="10" fill="#3a2f25"/>'
        f'<path d="M{x + 8 * d} 100 l{10 * d} 4 l{-10 * d} 4 Z" fill="{GOLD}"/>'
        f'<path d="M{x - 8} 92 l3 -10 l5 6 l5 -6 l3 10 Z" fill="{GOLD}" stroke="{LINE}" '
        f'stroke-width="1.2"/>'
        for x, d in ((84, -1), (116, 1))
    )
    return (
        half
        + f'<g transform="matrix(-1 0 0 1 200 0)">{half}</g>'
        + necks
        + '<path d="M86 180 L100 232 L114 180 Z" fill="#3a2f25" stroke="#1b1510" '
        'stroke-width="2"/>'
        + '<path d="M92 226 l-10 14 M108 226 l10 14" stroke="#e8a317" stroke-width="4"/>'
        + use("d", 100, 160, 52)
    )


def mammone() -> str:
    """The mask at the heart of the Napoletane's three of clubs (the "gatto mammone")."""
    return (
        f'<circle cx="100" cy="150" r="24" fill="{SKIN}" stroke="{LINE}" stroke-width="2.5"/>'
        f'<circle cx="91" cy="144" r="3" fill="{LINE}"/><circle cx="109" cy="144" r="3" '
        f'fill="{LINE}"/>'
        f'<path d="M100 148 V156" stroke="{LINE}" stroke-width="2"/>'
        f'<path d="M100 158 C90 150 76 160 70 152 C74 168 92 166 100 160 C108 166 126 168 130 '
        f'152 C124 160 110 150 100 158 Z" fill="{LINE}"/>'
    )


def face(deck: Deck, rank: str, suit: str) -> str:
    if rank in "FCR":
        return deck.figure(deck, rank, suit)
    if rank == "A":
        return ace(deck, suit)
    if deck.name == "napoletane" and rank == "3" and suit == "b":
        return "".join(use("b", x, 150, 96) for x in (58, 100, 142)) + mammone()
    return pips(rank, suit, long_=suit in deck.long_suits)


# -- figures ----------------------------------------------------------------------------------


def standing(deck: Deck, rank: str, suit: str) -> str:
    """Full-length figures on a patch of ground (Napoletane): a lady, a rider, a king."""
    colours = deck.robes[suit]
    ground = (
        '<path d="M14 240 Q100 226 186 240 V280 Q186 288 178 288 H22 Q14 288 14 280 Z" '
        'fill="#cfe0b0" opacity="0.8"/>'
    )
    body = {"F": lady, "C": cavallo, "R": re}[rank](suit, colours)
    return ground + body


def lady(suit: str, colours: Colours) -> str:
    """The Napoletane's Fante: a young woman in a long gown, holding the suit's sign."""
    robe, robe2, trim = colours
    return (
        f'<path d="M80 112 Q100 104 120 112 L146 262 Q100 274 54 262 Z" fill="{robe}" '
        f'stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M62 240 Q100 252 138 240" fill="none" stroke="{trim}" stroke-width="5"/>'
        f'<path d="M84 112 L100 140 L116 112" fill="none" stroke="{trim}" stroke-width="4"/>'
        f'<rect x="80" y="146" width="40" height="7" rx="2" fill="{trim}" stroke="{LINE}" '
        f'stroke-width="1.5"/>'
        f'<path d="M120 118 Q144 126 150 148 L142 154 Q136 140 116 134 Z" fill="{robe2}" '
        f'stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M80 118 Q64 140 74 164 L82 160 Q76 144 86 130 Z" fill="{robe2}" '
        f'stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="148" cy="152" r="6" fill="{SKIN}" stroke="{LINE}" stroke-width="2"/>'
        + use(suit, 150, 118 if suit in "sb" else 124, 62 if suit in "sb" else 46)
        + '<path d="M80 98 Q78 70 100 70 Q122 70 120 98 L124 130 Q112 122 112 104 L88 104 '
        'Q88 122 76 130 Z" fill="#7a4a20" stroke="#3b2a14" stroke-width="1.5"/>'
        + head(100, 92, 15)
        + f'<path d="M84 80 Q100 66 116 80" fill="none" stroke="{trim}" stroke-width="4"/>'
        + f'<circle cx="100" cy="72" r="3.5" fill="{trim}" stroke="{LINE}" stroke-width="1.2"/>'
    )


def bust(rank: str, suit: str, colours: Colours, headgear: str) -> str:
    """The top half of a double-headed figure: head, shoulders and the suit's sign in hand."""
    robe, robe2, trim = colours
    beard = rank == "R" or headgear == "king"
    hair = (
        '<path d="M78 62 Q76 36 100 36 Q124 36 122 62 L128 104 Q112 96 114 76 L86 76 '
        'Q88 96 72 104 Z" fill="#c08a3e" stroke="#3b2a14" stroke-width="1.5"/>'
        if headgear == "queen"
        else '<path d="M82 58 Q82 38 100 38 Q118 38 118 58 L120 70 L80 70 Z" fill="#6b4423"/>'
    )
    hats = {
        "cap": f'<path d="M78 48 Q100 24 124 46 Q104 52 78 48 Z" fill="{robe}" stroke="{LINE}" '
        f'stroke-width="2.5"/><path d="M112 42 Q130 18 142 22 Q128 30 116 46" '
        f'fill="#fffaf0" stroke="{LINE}" stroke-width="1.8"/>',
        "helmet": f'<path d="M84 56 Q84 32 100 32 Q116 32 116 56 Z" fill="#b7c3cf" '
        f'stroke="{LINE}" stroke-width="2.5"/><path d="M100 32 Q92 14 76 18 Q92 22 98 34" '
        f'fill="{robe}" stroke="{LINE}" stroke-width="1.8"/>',
        "king": f'<path d="M82 44 L82 22 L91 32 L100 18 L109 32 L118 22 L118 44 Z" '
        f'fill="{GOLD}" stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="100" cy="34" r="3" fill="{RED}"/>',
        "queen": f'<path d="M86 42 L86 28 L93 34 L100 24 L107 34 L114 28 L114 42 Z" '
        f'fill="{GOLD}" stroke="{LINE}" stroke-width="2" stroke-linejoin="round"/>'
        f'<circle cx="100" cy="33" r="2.5" fill="{BLUE}"/>',
    }
    horse = (
        '<path d="M62 150 C58 128 52 112 44 104 L42 92 L35 102 C28 106 20 116 16 124 '
        'Q14 132 22 134 L30 130 Q36 128 40 130 C42 138 44 146 46 150 Z" fill="#f1ece2" '
        f'stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="32" cy="112" r="2.2" fill="{LINE}"/>'
        f'<path d="M59 146 C55 128 50 116 42 106" fill="none" stroke="#8a7a66" stroke-width="6"/>'
        if headgear == "helmet"
        else ""
    )
    face = (  # the head, hair and headgear, a fifth larger than the default deck's heads
        '<g transform="translate(100 68) scale(1.2) translate(-100 -62)">'
        + hair
        + head(100, 62, 16, beard=beard)
        + hats[headgear]
        + "</g>"
    )
    return (
        horse + f'<rect x="94" y="84" width="12" height="14" fill="{SKIN}" stroke="{LINE}" '
        f'stroke-width="2"/>'
        f'<path d="M64 150 Q64 100 100 94 Q136 100 136 150 Z" fill="{robe}" '
        f'stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M88 97 L100 118 L112 97" fill="none" stroke="{trim}" stroke-width="4"/>'
        f'<path d="M100 118 V150" stroke="{robe2}" stroke-width="3"/>'
        f'<path d="M126 110 Q146 114 150 128 L142 134 Q136 122 120 124 Z" fill="{robe2}" '
        f'stroke="{LINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="147" cy="132" r="6" fill="{SKIN}" stroke="{LINE}" stroke-width="2"/>'
        + use(suit, 150, 98 if suit in "sb" else 106, 54 if suit in "sb" else 40)
        + face
    )


def double(deck: Deck, rank: str, suit: str) -> str:
    """A double-headed figure (Piacentine, French): one bust, and the same turned about."""
    french = deck.name == "francesi"
    gear = {"F": "cap", "C": "queen" if french else "helmet", "R": "king"}[rank]
    colours = deck.robes[suit]
    half = bust(rank, suit, colours, gear)
    line = (
        f'<path d="M14 162 L186 138" stroke="{deck.ink[suit]}" stroke-width="2"/>'
        if french
        else f'<path d="M14 150 H186" stroke="{deck.ink[suit]}" stroke-width="2"/>'
    )
    clip = "M14 14 H186 V138 L14 162 Z" if french else "M14 14 H186 V150 H14 Z"
    tint = deck.ink[suit]
    return (
        f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="8" fill="{tint}" '
        f'fill-opacity="0.08" stroke="{tint}" stroke-width="2"/>'
        f'<clipPath id="half"><path d="{clip}"/></clipPath>'
        f'<g clip-path="url(#half)">{half}</g>'
        f'<g transform="rotate(180 100 150)"><g clip-path="url(#half)">{half}</g></g>'
        f"{line}"
    )


NAPOLETANE = Deck(
    name="napoletane",
    title="Napoletane",
    signs=_fill_signs(NAPOLETANE_SIGNS),
    ink={"c": "#b3261e", "d": "#a86a00", "s": "#1d4f91", "b": "#2e6b1f"},
    robes={
        "c": ("#c0392b", "#7d1f16", GOLD),
        "d": ("#e8a317", "#9a6a00", RED),
        "s": ("#2f6db5", "#163b6b", GOLD),
        "b": ("#3f8a2c", "#245419", GOLD),
    },
    labels=NUMBERS,
    figure=standing,
    long_suits="sb",
    paper="#fffdf6",
    back=("#1d4f91", "#e8eef8"),
)

PIACENTINE = Deck(
    name="piacentine",
    title="Piacentine",
    signs=_fill_signs(PIACENTINE_SIGNS),
    ink={"c": "#a31f1f", "d": "#8f5f00", "s": "#174a8b", "b": "#7a4a10"},
    robes={
        "c": ("#c0392b", "#7d1f16", "#2f6db5"),
        "d": ("#2f6db5", "#163b6b", GOLD),
        "s": ("#3f8a2c", "#245419", RED),
        "b": ("#d9a21b", "#9a6a00", RED),
    },
    labels=NUMBERS,
    figure=double,
    long_suits="sb",
    paper="#fbf6e9",
    back=("#7d1f16", "#f2c230"),
)

FRANCESI = Deck(
    name="francesi",
    title="Francesi",
    signs=FRENCH_SIGNS,
    ink={"c": "#c62828", "d": "#c62828", "s": BLACK, "b": BLACK},
    robes={
        "c": ("#c62828", "#1d4f91", GOLD),
        "d": ("#2f6db5", "#c62828", GOLD),
        "s": ("#1d4f91", "#1b1b1b", GOLD),
        "b": ("#c62828", "#1b1b1b", GOLD),
    },
    labels=FRENCH_LABELS,
    figure=double,
    long_suits="",
    paper="#ffffff",
    back=("#1b3f7a", "#d9e3f3"),
)

DECKS = [NAPOLETANE, PIACENTINE, FRANCESI]


def title(deck: Deck, rank: str, suit: str) -> str:
    if deck.name == "francesi":
        name = RANK_IT[rank] if rank not in FRENCH_RANKS else FRENCH_RANKS[rank]
        return f"{name} di {FRENCH_NAMES[suit]}"
    return f"{RANK_IT[rank]} di {SUIT_IT[suit]}"


def card_svg(deck: Deck, rank: str, suit: str) -> str:
    label = title(deck, rank, suit)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}" role="img" aria-label="{label}">'
        f"<title>{label}</title><defs>{defs(deck, suit)}</defs>"
        f"{frame(deck, suit)}{face(deck, rank, suit)}{index(deck, rank, suit)}</svg>\n"
    )


def back_svg(deck: Deck) -> str:
    dark, light = deck.back
    lattice = (
        '<pattern id="lat" width="18" height="18" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        f'<rect width="18" height="18" fill="{dark}"/>'
        f'<path d="M0 9 H18 M9 0 V18" stroke="{light}" stroke-opacity="0.45" stroke-width="2"/>'
        f'<circle cx="9" cy="9" r="2.4" fill="{light}"/>'
        "</pattern>"
    )
    ring = "".join(
        f'<circle cx="{100 + 44 * c:.1f}" cy="{150 + 58 * s:.1f}" r="3" fill="{dark}"/>'
        for c, s in _ring(20)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}" role="img" aria-label="Dorso della carta">'
        f"<title>Dorso della carta</title><defs>{lattice}{defs(deck, ''.join(SUITS))}</defs>"
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="{deck.paper}" '
        f'stroke="#4a3b28" stroke-width="3"/>'
        f'<rect x="10" y="10" width="{W - 20}" height="{H - 20}" rx="8" fill="url(#lat)" '
        f'stroke="{GOLD_DARK}" stroke-width="2"/>'
        f'<ellipse cx="100" cy="150" rx="52" ry="66" fill="{deck.paper}" stroke="{dark}" '
        f'stroke-width="4"/>{ring}'
        + use("c", 100, 118, 30)
        + use("d", 74, 150, 30)
        + use("s", 126, 150, 34)
        + use("b", 100, 184, 34)
        + "</svg>\n"
    )
