"""Cards of the Italian 40-card deck: suits, ranks, points, strength and the text notation.

A card's text is its rank letter (``A 2 3 4 5 6 7 F C R``) followed by its suit letter
(``c d s b``: coppe, denari, spade, bastoni). The conversion is exact both ways:

>>> card = Card.parse("Ad")
>>> card
Card('Ad')
>>> str(card), card.name("it"), card.name("en"), card.name("ro")
('Ad', 'Asso di denari', 'Ace of coins', 'As de denari')
>>> Card.parse(str(Card(Suit.SPADE, Rank.RE))) == Card(Suit.SPADE, Rank.RE)
True
>>> sum(DEFAULT_POINTS[c.rank] for c in FULL_DECK)
120
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum, IntEnum
from typing import ClassVar, Final

from briscola.core.text import ascii_number, excerpt

__all__ = [
    "DEFAULT_POINTS",
    "DEFAULT_STRENGTH",
    "FULL_DECK",
    "INVERTED_POINTS",
    "INVERTED_STRENGTH",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "format_cards",
    "parse_cards",
]


class CardParseError(ValueError):
    """A text that is not a card (or not a list of cards) in the notation."""


class Suit(Enum):
    """The four Italian suits; the value is the suit's letter in the notation."""

    COPPE = "c"
    DENARI = "d"
    SPADE = "s"
    BASTONI = "b"

    @property
    def letter(self) -> str:
        """The suit's letter: ``c d s b``."""
        return self.value

    def name_in(self, lang: str = "it") -> str:
        """The suit's name in Italian (``it``), English (``en``) or Romanian (``ro``).

        Romanian keeps the Italian suits' Italian names, as the web client does.

        >>> Suit.BASTONI.name_in("it"), Suit.BASTONI.name_in("en"), Suit.BASTONI.name_in("ro")
        ('bastoni', 'clubs', 'bastoni')
        """
        return _SUIT_NAMES[_lang(lang)][self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or its Italian or English name, in any case.

        >>> Suit.parse("d"), Suit.parse("Denari"), Suit.parse("swords")
        (<Suit.DENARI: 'd'>, <Suit.DENARI: 'd'>, <Suit.SPADE: 's'>)
        """
        key = text.strip().lower()
        for suit in cls:
            names = {suit.value, suit.name.lower()} | {n[suit] for n in _SUIT_NAMES.values()}
            if key in names:
                return suit
        raise CardParseError(
            f"{excerpt(text)} is not a suit: use c (coppe), d (denari), s (spade) or b (bastoni)"
        )


class Rank(IntEnum):
    """The ten ranks, numbered as on Napoletane/Piacentine cards (Fante 8, Cavallo 9, Re 10)."""

    ASSO = 1
    DUE = 2
    TRE = 3
    QUATTRO = 4
    CINQUE = 5
    SEI = 6
    SETTE = 7
    FANTE = 8
    CAVALLO = 9
    RE = 10

    @property
    def letter(self) -> str:
        """The rank's letter in the notation: ``A 2 3 4 5 6 7 F C R``."""
        return _RANK_LETTERS[self]

    def name_in(self, lang: str = "it") -> str:
        """The rank's name in Italian, English or Romanian.

        >>> Rank.CAVALLO.name_in("it"), Rank.CAVALLO.name_in("en"), Rank.CAVALLO.name_in("ro")
        ('Cavallo', 'Knight', 'Cal')
        """
        return _RANK_NAMES[_lang(lang)][self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from its letter (``A 2 … 7 F C R``, any case) or its number 1–10.

        >>> Rank.parse("c"), Rank.parse("10")
        (<Rank.CAVALLO: 9>, <Rank.RE: 10>)
        """
        key = text.strip().upper()
        for rank, letter in _RANK_LETTERS.items():
            if key == letter:
                return rank
        number = ascii_number(key, 2)
        if number is not None and 1 <= number <= 10:
            return cls(number)
        raise CardParseError(f"{excerpt(text)} is not a rank: use A 2 3 4 5 6 7 F C R")


_RANK_LETTERS: Final = {
    Rank.ASSO: "A",
    Rank.DUE: "2",
    Rank.TRE: "3",
    Rank.QUATTRO: "4",
    Rank.CINQUE: "5",
    Rank.SEI: "6",
    Rank.SETTE: "7",
    Rank.FANTE: "F",
    Rank.CAVALLO: "C",
    Rank.RE: "R",
}

_RANK_NAMES: Final = {
    "it": {
        Rank.ASSO: "Asso",
        Rank.DUE: "Due",
        Rank.TRE: "Tre",
        Rank.QUATTRO: "Quattro",
        Rank.CINQUE: "Cinque",
        Rank.SEI: "Sei",
        Rank.SETTE: "Sette",
        Rank.FANTE: "Fante",
        Rank.CAVALLO: "Cavallo",
        Rank.RE: "Re",
    },
    "en": {
        Rank.ASSO: "Ace",
        Rank.DUE: "Two",
        Rank.TRE: "Three",
        Rank.QUATTRO: "Four",
        Rank.CINQUE: "Five",
        Rank.SEI: "Six",
        Rank.SETTE: "Seven",
        Rank.FANTE: "Jack",
        Rank.CAVALLO: "Knight",
        Rank.RE: "King",
    },
    # the web client's words (apps/web/js/common/ro/table.js, RANK_NAMES_RO; a test compares them)
    "ro": {
        Rank.ASSO: "As",
        Rank.DUE: "Doi",
        Rank.TRE: "Trei",
        Rank.QUATTRO: "Patru",
        Rank.CINQUE: "Cinci",
        Rank.SEI: "Șase",
        Rank.SETTE: "Șapte",
        Rank.FANTE: "Valet",
        Rank.CAVALLO: "Cal",
        Rank.RE: "Rege",
    },
}

_SUIT_NAMES: Final = {
    "it": {
        Suit.COPPE: "coppe",
        Suit.DENARI: "denari",
        Suit.SPADE: "spade",
        Suit.BASTONI: "bastoni",
    },
    "en": {Suit.COPPE: "cups", Suit.DENARI: "coins", Suit.SPADE: "swords", Suit.BASTONI: "clubs"},
    # Romanian keeps the Italian names (apps/web/js/common/ro/table.js, SUIT_NAMES_RO)
    "ro": {
        Suit.COPPE: "coppe",
        Suit.DENARI: "denari",
        Suit.SPADE: "spade",
        Suit.BASTONI: "bastoni",
    },
}

_OF: Final = {"it": " di ", "en": " of ", "ro": " de "}
"""The word between a card's rank and its suit, by language."""


def _lang(lang: str) -> str:
    if lang not in _RANK_NAMES:
        raise ValueError(f"unknown language {lang!r}: use 'it', 'en' or 'ro'")
    return lang


class Card:
    """One card: a suit and a rank. Cards are interned, immutable and hashable.

    >>> Card(Suit.COPPE, Rank.SETTE) is Card.parse("7c")
    True
    """

    __slots__ = ("_hash", "index", "rank", "suit", "text")
    _interned: ClassVar[dict[tuple[Suit, Rank], Card]] = {}

    suit: Suit
    rank: Rank
    index: int
    text: str
    """The card's notation, ``str(card)``, made once (messages write it for every card)."""
    _hash: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        key = (suit, rank)
        card = cls._interned.get(key)
        if card is None:
            if not isinstance(suit, Suit) or not isinstance(rank, Rank):
                raise TypeError(f"Card needs a Suit and a Rank, not {suit!r} and {rank!r}")
            card = object.__new__(cls)
            index = _SUIT_ORDER.index(suit) * 10 + int(rank) - 1
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "index", index)
            object.__setattr__(card, "text", rank.letter + suit.letter)
            object.__setattr__(card, "_hash", index)
            cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        """Sort order for display: by suit (c d s b), then by rank number."""
        return self.index < other.index

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def name(self, lang: str = "it") -> str:
        """The card's full name, e.g. ``Re di spade``, ``King of swords`` or ``Rege de spade``."""
        return self.rank.name_in(lang) + _OF[_lang(lang)] + self.suit.name_in(lang)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index 0–39 (suit-major: coppe 0–9, denari, spade, bastoni)."""
        if not 0 <= index < 40:
            raise ValueError(f"card index {index} is outside 0-39")
        return cls(_SUIT_ORDER[index // 10], Rank(index % 10 + 1))

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its notation (``Ad``, ``7c``, ``rs``; case does not matter).

        >>> Card.parse("x")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        briscola.core.cards.CardParseError: 'x' is not a card: write rank then suit, like Ad, ...
        """
        key = text.strip()
        if len(key) != 2:
            raise CardParseError(
                f"{excerpt(text)} is not a card: write rank then suit, like Ad, 3c or Rs"
            )
        try:
            return cls(Suit.parse(key[1]), Rank.parse(key[0]))
        except CardParseError:
            raise CardParseError(
                f"{excerpt(text)} is not a card: write rank then suit, like Ad, 3c or Rs"
            ) from None


_SUIT_ORDER: Final = (Suit.COPPE, Suit.DENARI, Suit.SPADE, Suit.BASTONI)

FULL_DECK: Final[tuple[Card, ...]] = tuple(Card(s, r) for s in _SUIT_ORDER for r in Rank)
"""The 40 cards in index order."""

DEFAULT_POINTS: Final[Mapping[Rank, int]] = {
    Rank.ASSO: 11,
    Rank.TRE: 10,
    Rank.RE: 4,
    Rank.CAVALLO: 3,
    Rank.FANTE: 2,
    Rank.SETTE: 0,
    Rank.SEI: 0,
    Rank.CINQUE: 0,
    Rank.QUATTRO: 0,
    Rank.DUE: 0,
}
"""Card points: Asso 11, Tre 10, Re 4, Cavallo 3, Fante 2, the rest 0."""

_STRENGTH_ORDER: Final = (
    Rank.ASSO,
    Rank.TRE,
    Rank.RE,
    Rank.CAVALLO,
    Rank.FANTE,
    Rank.SETTE,
    Rank.SEI,
    Rank.CINQUE,
    Rank.QUATTRO,
    Rank.DUE,
)

DEFAULT_STRENGTH: Final[Mapping[Rank, int]] = {
    rank: len(_STRENGTH_ORDER) - i for i, rank in enumerate(_STRENGTH_ORDER)
}
"""Strength within a suit, higher wins: Asso 10, Tre 9, Re 8, … Due 1."""

INVERTED_POINTS: Final[Mapping[Rank, int]] = {
    **DEFAULT_POINTS,
    Rank.SETTE: 10,
    Rank.TRE: 0,
}
"""Points with the Tre/Sette inversion: the 7 is worth 10, the 3 nothing."""

INVERTED_STRENGTH: Final[Mapping[Rank, int]] = {
    **DEFAULT_STRENGTH,
    Rank.SETTE: DEFAULT_STRENGTH[Rank.TRE],
    Rank.TRE: DEFAULT_STRENGTH[Rank.SETTE],
}
"""Strength with the Tre/Sette inversion: the 7 is second only to the Asso."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from a text of card notations separated by spaces or commas.

    >>> parse_cards("Ad, 3c Rs")
    (Card('Ad'), Card('3c'), Card('Rs'))
    """
    return tuple(Card.parse(tok) for tok in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, separated by spaces.

    >>> format_cards(parse_cards("ad 3C"))
    'Ad 3c'
    """
    return " ".join(str(c) for c in cards)
