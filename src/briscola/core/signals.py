"""Partner signals: the conventional signs of team play, as data and as rules.

At a real table partners may not talk, but a quick sign is a custom: "I hold the Asso", "I hold
the Tre", "load this trick". With the ``signals`` option (team games with fixed partners: pairs
and six) a player may make one sign of a small fixed set at its turn, once per trick, before its
card; the sign does not pass the turn. The sign is public (everybody sees *that* a seat made one,
and when), its meaning is seen only by the seat's partners.

=========  ===============  ============================================================
key        Italian          what it says (true of the hand when it is made)
=========  ===============  ============================================================
``asso``   ho l'asso        I hold the Asso of trumps
``tre``    ho il tre        I hold the Tre of trumps (the 7 under the Tre/Sette inversion)
``alte``   briscole alte    I hold a high trump: the Fante or above
``nessuna`` nessuna briscola  I hold no trump
``carica`` carica           load points on this trick (a request: always allowed)
``liscio`` liscio           play a plain card on this trick (a request: always allowed)
=========  ===============  ============================================================

The four signs about the hand are offered only when they are true (a sign to one's own partner
gains nothing by lying, and truthful signs let a partner, human or computer, rely on them).

>>> from briscola.core.cards import parse_cards
>>> from briscola.core.rules import preset
>>> hand = parse_cards("Ab 4c Rd")
>>> [k.value for k in true_signals(hand, Suit.BASTONI, preset("pairs"))]
['asso', 'alte', 'carica', 'liscio']
>>> SignalKind.parse("ace"), SignalKind.parse("Nessuna")
(<SignalKind.ASSO: 'asso'>, <SignalKind.NESSUNA: 'nessuna'>)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import Ruleset

__all__ = [
    "HAND_SIGNS",
    "SignalKind",
    "SignalMade",
    "SignalParseError",
    "hand_signs",
    "mask_signals",
    "signal_shown_to",
    "signalled_cards",
    "true_signals",
]


class SignalParseError(ValueError):
    """A text that names no signal."""


class SignalKind(Enum):
    """The signs a player may make to its partner (keys in the notation: ``signal asso``)."""

    ASSO = "asso"
    TRE = "tre"
    ALTE = "alte"
    NESSUNA = "nessuna"
    CARICA = "carica"
    LISCIO = "liscio"

    @classmethod
    def parse(cls, text: str) -> SignalKind:
        """A sign from its key or one of its Italian or English words.

        >>> SignalKind.parse("load")
        <SignalKind.CARICA: 'carica'>
        >>> SignalKind.parse("wink")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        briscola.core.signals.SignalParseError: 'wink' is not a signal: ... asso, tre, alte, ...
        """
        word = text.strip().lower()
        kind = _WORDS.get(word)
        if kind is None:
            keys = ", ".join(k.value for k in cls)
            shown = word if len(word) <= 20 else word[:17] + "..."
            raise SignalParseError(f"{shown!r} is not a signal: the signals are {keys}")
        return kind


_WORDS: Final = {
    **{k.value: k for k in SignalKind},
    "ace": SignalKind.ASSO,
    "three": SignalKind.TRE,
    "high": SignalKind.ALTE,
    "none": SignalKind.NESSUNA,
    "no-trumps": SignalKind.NESSUNA,
    "load": SignalKind.CARICA,
    "low": SignalKind.LISCIO,
    "plain": SignalKind.LISCIO,
}

HAND_SIGNS: Final = (SignalKind.ASSO, SignalKind.TRE, SignalKind.ALTE, SignalKind.NESSUNA)
"""The signs that say something about the hand (offered only when true)."""


@dataclass(frozen=True, slots=True)
class SignalMade:
    """A sign ``seat`` made during trick number ``trick`` (0 the first). ``kind`` is None in
    the view of a seat that may not see the meaning (an opponent, a spectator)."""

    seat: int
    trick: int
    kind: SignalKind | None


def _second_trump(trump: Suit, ruleset: Ruleset) -> Card:
    """The Tre of trumps, or the 7 that takes its place under the inversion."""
    rank = Rank.SETTE if ruleset.inversion else Rank.TRE
    return Card(trump, rank)


def hand_signs(kind: SignalKind, trump: Suit, ruleset: Ruleset) -> tuple[Card, ...]:
    """The trumps a sign names: the Asso for ``asso``, the Tre (or the inverted 7) for ``tre``;
    nothing for the other signs.

    >>> from briscola.core.rules import preset
    >>> hand_signs(SignalKind.TRE, Suit.DENARI, preset("pairs", inversion=True))
    (Card('7d'),)
    """
    if kind is SignalKind.ASSO:
        return (Card(trump, Rank.ASSO),)
    if kind is SignalKind.TRE:
        return (_second_trump(trump, ruleset),)
    return ()


def true_signals(hand: Iterable[Card], trump: Suit, ruleset: Ruleset) -> tuple[SignalKind, ...]:
    """The signs that may be made with ``hand``: the true hand signs, then the two requests."""
    cards = tuple(hand)
    trumps = [c for c in cards if c.suit is trump]
    fante = ruleset.strength_of(Card(trump, Rank.FANTE))
    truth = {
        SignalKind.ASSO: Card(trump, Rank.ASSO) in cards,
        SignalKind.TRE: _second_trump(trump, ruleset) in cards,
        SignalKind.ALTE: any(ruleset.strength_of(c) >= fante for c in trumps),
        SignalKind.NESSUNA: not trumps,
    }
    return (*(k for k in HAND_SIGNS if truth[k]), SignalKind.CARICA, SignalKind.LISCIO)


def signal_shown_to(ruleset: Ruleset, signaller: int, viewer: int | None) -> bool:
    """May ``viewer`` (a seat, or None for a spectator) see the meaning of ``signaller``'s sign?
    Only the signaller and its partners may."""
    if viewer is None:
        return False
    return viewer == signaller or ruleset.team_of(viewer) == ruleset.team_of(signaller)


def mask_signals(
    signals: Iterable[SignalMade], ruleset: Ruleset, viewer: int | None
) -> tuple[SignalMade, ...]:
    """The signs as ``viewer`` sees them: the meaning of an opponent's sign left out."""
    return tuple(
        s if signal_shown_to(ruleset, s.seat, viewer) else SignalMade(s.seat, s.trick, None)
        for s in signals
    )


def signalled_cards(
    signals: Iterable[SignalMade],
    trump: Suit | None,
    ruleset: Ruleset,
    gone: Iterable[Card],
) -> dict[int, tuple[Card, ...]]:
    """The trumps each seat said it holds (``asso``, ``tre``) and that are not ``gone`` since (the
    cards played, and any given away in an exchange of the briscola). Signs are true when made
    and a card leaves a hand only so, so these cards are still in that seat's hand."""
    if trump is None:
        return {}
    played = set(gone)
    out: dict[int, list[Card]] = {}
    for sign in signals:
        if sign.kind is None:
            continue
        for card in hand_signs(sign.kind, trump, ruleset):
            cards = out.setdefault(sign.seat, [])
            if card not in played and card not in cards:
                cards.append(card)
    return {seat: tuple(cards) for seat, cards in out.items() if cards}
