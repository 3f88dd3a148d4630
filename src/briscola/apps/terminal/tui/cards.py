"""Card art for the full-screen table: each card a small box with its rank and its suit.

A face is nine columns wide and five rows high: the rank's letter and the suit's sign at the top,
the rank's name in the middle, the suit's name at the bottom, in the suit's colour (coppe red,
denari gold, spade blue, bastoni green, as the line mode colours them). The signs are the French
suits the Italian ones match (denari ◆, coppe ♥, spade ♠, bastoni ♣); the names say which is which.
Another deck (``deck``, ``--deck``: :mod:`.decks`) brings its own signs, colours and letters.

>>> from briscola.core.cards import Card
>>> print(face(Card.parse("Cb"), "it").plain)
╭───────╮
│C     ♣│
│Cavallo│
│bastoni│
╰───────╯
>>> print(face(Card.parse("3d"), "en").plain.splitlines()[3])
│coins  │
>>> print(row([face(Card.parse("Ad"), "it"), back(2)]).plain.splitlines()[1])
│A     ◆│ │░░░░░░░│
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from briscola.apps.terminal.tui.decks import DECKS, DEFAULT_DECK, Deck
from briscola.core.cards import Card, Suit

__all__ = [
    "HEIGHT",
    "SMALL_WIDTH",
    "SUIT_STYLE",
    "WIDTH",
    "back",
    "blank",
    "face",
    "label",
    "row",
    "small",
]

WIDTH = 9
HEIGHT = 5
SMALL_WIDTH = 7  # a small face (a trick of many cards on a narrow screen): rank and sign
_INNER = WIDTH - 2

_PROGETTO = DECKS[DEFAULT_DECK]
SUIT_STYLE = _PROGETTO.colours  # the default deck's colours


def _box(lines: Sequence[Text], border: str, inner: int = _INNER) -> Text:
    """``lines`` (each at most ``inner`` columns) framed with a rounded border."""
    out = Text()
    out.append("╭" + "─" * inner + "╮\n", style=border)
    for line in lines:
        line = line.copy()
        line.truncate(inner, pad=True)
        out.append("│", style=border).append_text(line).append("│\n", style=border)
    out.append("╰" + "─" * inner + "╯", style=border)
    return out


def face(
    card: Card,
    lang: str,
    *,
    selected: bool = False,
    dim: bool = False,
    trump: Suit | None = None,
    deck: Deck = _PROGETTO,
) -> Text:
    """The card face up; ``selected`` draws it bold and reversed (the card the cursor is on),
    ``dim`` fades it (a card that may not be played now, or a trick already taken); a card of
    the ``trump`` suit has a star between its rank and its sign, as the line mode says
    «★ briscola».

    >>> print(face(Card.parse("7s"), "it", trump=Suit.SPADE).plain.splitlines()[1])
    │7  ★  ♠│
    """
    colour = deck.colour(card.suit)
    style = f"bold {colour}" if not dim else f"dim {colour}"
    if selected:
        style += " reverse"
    between = "★".center(_INNER - 2) if card.suit is trump else " " * (_INNER - 2)
    top = Text(deck.letter(card.rank) + between + deck.sign(card.suit), style=style)
    middle = Text(deck.rank_name(card.rank, lang).center(_INNER)[:_INNER], style=style)
    bottom = Text(deck.suit_name(card.suit, lang).ljust(_INNER)[:_INNER], style=style)
    border = "bold white" if selected else ("dim" if dim else colour)
    return _box([top, middle, bottom], border)


def small(
    card: Card, *, dim: bool = False, trump: Suit | None = None, deck: Deck = _PROGETTO
) -> Text:
    """The card face up in :data:`SMALL_WIDTH` columns and three rows: its rank's letter and its
    suit's sign (a star between them for a card of the ``trump`` suit).

    >>> print(small(Card.parse("Rc")).plain)
    ╭─────╮
    │ R ♥ │
    ╰─────╯
    >>> print(small(Card.parse("Rc"), trump=Suit.COPPE).plain.splitlines()[1])
    │R ★ ♥│
    """
    colour = deck.colour(card.suit)
    style = f"dim {colour}" if dim else f"bold {colour}"
    inner = SMALL_WIDTH - 2
    sign, letter = deck.sign(card.suit), deck.letter(card.rank)
    letters = f"{letter} ★ {sign}" if card.suit is trump else f" {letter} {sign} "
    line = Text(letters, style=style)
    return _box([line], "dim" if dim else colour, inner)


def back(count: int = 1) -> Text:
    """The back of a card (a hand's hidden cards, the stock); ``count`` is written on it when
    there are more than one."""
    fill = Text("░" * _INNER, style="dim cyan")
    middle = Text(f"×{count}".center(_INNER) if count > 1 else "░" * _INNER, style="bold cyan")
    return _box([fill, middle, fill], "cyan")


def blank(text: str = "") -> Text:
    """An empty place on the table (a seat that has not played yet), with ``text`` in it."""
    return _box([Text(""), Text(text.center(_INNER)[:_INNER], style="dim"), Text("")], "dim")


def label(text: str, style: str = "", width: int = WIDTH) -> Text:
    """One line of ``text`` centred under (or over) a card, ``width`` columns wide."""
    return Text(text[:width].center(width), style=style)


def row(cards: Sequence[Text], gap: int = 1, indent: int = 0) -> Text:
    """Cards (or labels, all of one height) side by side, ``gap`` columns apart, the first
    ``indent`` columns from the left."""
    if not cards:
        return Text("")
    columns = [card.split("\n") for card in cards]
    height = max(len(c) for c in columns)
    out = Text()
    for i in range(height):
        if i:
            out.append("\n")
        out.append(" " * indent)
        for j, column in enumerate(columns):
            if j:
                out.append(" " * gap)
            out.append_text(column[i] if i < len(column) else Text(" " * WIDTH))
    return out
