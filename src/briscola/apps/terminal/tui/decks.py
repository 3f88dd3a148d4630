"""The decks of the full-screen table (``briscola play --tui --deck NAME``): each suit's sign and
colour, and for the French-suited deck its letters and names.

The web client's decks (``src/briscola/apps/web/cards/``) by the same names:

- ``progetto`` (the default): the project's own, signs ♥ ◆ ♠ ♣ (the French suits the Italian
  ones match) in red, gold, blue and green, as the line mode colours them;
- ``napoletane`` and ``piacentine``: Italian signs (a cup Ʊ, a coin ◉, a sword †, a knotted club
  Ɨ) in each deck's own colours (the Napoletane's green clubs, the Piacentine's yellow ones);
- ``francesi``: hearts, diamonds, spades and clubs (♥ ♦ ♠ ♣ for coppe, denari, spade and
  bastoni), red and the terminal's own ink, J, Q and K for Fante, Cavallo and Re, and the French
  names (``cuori``, ``Donna``...).

>>> from briscola.core.cards import Card
>>> deck = DECKS["francesi"]
>>> card = Card.parse("Cc")
>>> deck.letter(card.rank), deck.sign(card.suit), deck.rank_name(card.rank, "en")
('Q', '♥', 'Queen')
>>> DECKS["napoletane"].sign(card.suit), DECKS["progetto"].sign(card.suit)
('Ʊ', '♥')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from briscola.apps.terminal.i18n import t
from briscola.core.cards import Rank, Suit

__all__ = ["DECKS", "DEFAULT_DECK", "Deck"]

C, D, S, B = Suit.COPPE, Suit.DENARI, Suit.SPADE, Suit.BASTONI
_FRENCH_LETTERS = {Rank.FANTE: "J", Rank.CAVALLO: "Q", Rank.RE: "K"}
_FRENCH_RANKS = {
    Rank.FANTE: "tui.french.jack",
    Rank.CAVALLO: "tui.french.queen",
    Rank.RE: "tui.french.king",
}
_FRENCH_SUITS = {
    C: "tui.french.hearts",
    D: "tui.french.diamonds",
    S: "tui.french.spades",
    B: "tui.french.clubs",
}


@dataclass(frozen=True)
class Deck:
    """How a deck's cards are drawn in the terminal."""

    name: str
    signs: dict[Suit, str]
    colours: dict[Suit, str]  # Rich colours
    letters: dict[Rank, str] = field(default_factory=dict)  # letters other than the rank's own
    french_names: bool = False  # rank and suit names from terminal.tui.french.*

    def sign(self, suit: Suit) -> str:
        return self.signs[suit]

    def colour(self, suit: Suit) -> str:
        return self.colours[suit]

    def letter(self, rank: Rank) -> str:
        return self.letters.get(rank, rank.letter)

    def rank_name(self, rank: Rank, lang: str) -> str:
        if self.french_names and rank in _FRENCH_RANKS:
            return t(_FRENCH_RANKS[rank], lang)
        return rank.name_in(lang)

    def suit_name(self, suit: Suit, lang: str) -> str:
        return t(_FRENCH_SUITS[suit], lang) if self.french_names else suit.name_in(lang)


_ITALIAN_SIGNS = {C: "Ʊ", D: "◉", S: "†", B: "Ɨ"}

DECKS: dict[str, Deck] = {
    "progetto": Deck(
        "progetto",
        {C: "♥", D: "◆", S: "♠", B: "♣"},
        {C: "red", D: "yellow", S: "blue", B: "green"},
    ),
    "napoletane": Deck(
        "napoletane",
        _ITALIAN_SIGNS,
        {C: "red3", D: "dark_orange", S: "dodger_blue2", B: "green3"},
    ),
    "piacentine": Deck(
        "piacentine",
        _ITALIAN_SIGNS,
        {C: "bright_red", D: "gold3", S: "steel_blue1", B: "orange3"},
    ),
    "francesi": Deck(
        "francesi",
        {C: "♥", D: "♦", S: "♠", B: "♣"},
        {C: "bright_red", D: "bright_red", S: "default", B: "default"},
        letters=_FRENCH_LETTERS,
        french_names=True,
    ),
}
DEFAULT_DECK = "progetto"
