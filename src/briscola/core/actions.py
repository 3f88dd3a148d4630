"""Actions a seat can take, with one exact text form each.

=================  ===============  =====================================================
action             text             meaning
=================  ===============  =====================================================
``Play(card)``     ``Ad``           play a card from the hand
``Declare(suit)``  ``declare d``    accuso: show Re and Cavallo of a suit (+20, +40 trumps)
``ExchangeBriscola()`` ``exchange`` swap the 2 (or the 7) of trumps for the face-up briscola
``Bid(rank)``      ``bid 3``        chiamata auction: bid a rank
``Bid(points=75)`` ``bid 75``       chiamata auction: bid points after a 2
``Pass()``         ``pass``         chiamata auction: pass (final)
``Call(suit)``     ``call d``       chiamata: name the trump suit
``Call(s, rank)``  ``call Ad``      chiamata with ``call_card``: call a card (rank, suit)
``Signal(kind)``   ``signal asso``  a sign to the partner (``signal``: a sign whose
                                    meaning this seat may not see)
=================  ===============  =====================================================

>>> parse_action("Ad"), parse_action("declare b"), parse_action("exchange")
(Play(card=Card('Ad')), Declare(suit=<Suit.BASTONI: 'b'>), ExchangeBriscola())
>>> all(parse_action(str(a)) == a for a in [Bid(rank=Rank.TRE), Bid(points=75), Pass()])
True
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.core.cards import Card, CardParseError, Rank, Suit
from briscola.core.rules import MAX_BID_POINTS, MIN_BID_POINTS
from briscola.core.signals import SignalKind, SignalParseError
from briscola.core.text import ascii_number, excerpt

__all__ = [
    "Action",
    "ActionParseError",
    "Bid",
    "Call",
    "Declare",
    "ExchangeBriscola",
    "Pass",
    "Play",
    "Signal",
    "parse_action",
]


class ActionParseError(ValueError):
    """A text that is not an action in the notation."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Declare:
    """Accuso: declare the Re and Cavallo of a suit held in hand."""

    suit: Suit

    def __str__(self) -> str:
        return f"declare {self.suit.letter}"


@dataclass(frozen=True, slots=True)
class ExchangeBriscola:
    """Swap the exchange card (2, or 7, of trumps) in hand for the face-up briscola."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid in the Briscola chiamata auction: a rank, or (after a 2) a number of points."""

    rank: Rank | None = None
    points: int | None = None

    def __post_init__(self) -> None:
        if (self.rank is None) == (self.points is None):
            raise ValueError("a bid names either a rank or points, not both")

    def __str__(self) -> str:
        return f"bid {self.rank.letter if self.rank is not None else self.points}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the auction (final)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Call:
    """The auction's winner names the trump suit (and so the called card), or, under the option
    ``call_card``, calls a card by rank and suit (its suit is trump).

    >>> ace = Call(Suit.DENARI, Rank.ASSO)
    >>> str(Call(Suit.DENARI)), str(ace), ace.card, parse_action("call Ad") == ace
    ('call d', 'call Ad', Card('Ad'), True)
    """

    suit: Suit
    rank: Rank | None = None

    @property
    def card(self) -> Card | None:
        """The card called, when the call names one (``call_card``)."""
        return None if self.rank is None else Card(self.suit, self.rank)

    def __str__(self) -> str:
        card = self.card
        return f"call {self.suit.letter if card is None else card}"


@dataclass(frozen=True, slots=True)
class Signal:
    """A sign to the partner (the ``signals`` option): its meaning, or None in the view of a
    seat that may see only that a sign was made.

    >>> str(Signal(SignalKind.ASSO)), str(Signal(None)), parse_action("segnale carica")
    ('signal asso', 'signal', Signal(kind=<SignalKind.CARICA: 'carica'>))
    """

    kind: SignalKind | None

    def __str__(self) -> str:
        return "signal" if self.kind is None else f"signal {self.kind.value}"


Action = Play | Declare | ExchangeBriscola | Bid | Pass | Call | Signal

_WORDS = {
    "declare": "declare",
    "accuso": "declare",
    "exchange": "exchange",
    "scambio": "exchange",
    "scambia": "exchange",
    "bid": "bid",
    "punto": "bid",
    "pass": "pass",
    "passo": "pass",
    "call": "call",
    "chiamo": "call",
    "signal": "signal",
    "segnale": "signal",
    "segno": "signal",
}


def _call(arg: str) -> Call:
    """``call d`` names a suit, ``call Ad`` a card (``call_card``)."""
    if len(arg.strip()) == 2:
        card = Card.parse(arg)
        return Call(card.suit, card.rank)
    return Call(Suit.parse(arg))


def parse_action(text: str) -> Action:
    """An action from its text (Italian words are accepted too: accuso, scambio, passo, chiamo).

    >>> parse_action("accuso denari")
    Declare(suit=<Suit.DENARI: 'd'>)
    >>> parse_action("bid 130")
    Traceback (most recent call last):
    ...
    briscola.core.actions.ActionParseError: 'bid 130': points bids run from 61 to 120
    """
    words = text.strip().split()
    if not words:
        raise ActionParseError("an empty text is not an action")
    head = _WORDS.get(words[0].lower())
    try:
        if head is None:
            if len(words) == 1:
                return Play(Card.parse(words[0]))
            raise ActionParseError(
                f"{excerpt(text)} is not an action: play a card (like Ad) or say declare, "
                "exchange, bid, pass, call or signal"
            )
        rest = words[1:]
        if head in ("exchange", "pass"):
            if rest:
                raise ActionParseError(f"{excerpt(text)}: {head} takes nothing after it")
            return ExchangeBriscola() if head == "exchange" else Pass()
        if head == "signal":
            return _signal(text, rest)
        if len(rest) != 1:
            raise ActionParseError(f"{excerpt(text)}: {head} needs exactly one argument")
        arg = rest[0]
        if head == "declare":
            return Declare(Suit.parse(arg))
        if head == "call":
            return _call(arg)
        points = ascii_number(arg)
        if points is not None and points > 10:
            if not MIN_BID_POINTS <= points <= MAX_BID_POINTS:
                raise ActionParseError(
                    f"{excerpt(text)}: points bids run from {MIN_BID_POINTS} to {MAX_BID_POINTS}"
                )
            return Bid(points=points)
        return Bid(rank=Rank.parse(arg))
    except CardParseError as exc:
        if len(words) == 1:  # the card's own message already quotes it
            raise ActionParseError(str(exc)) from None
        raise ActionParseError(f"{excerpt(text)}: {exc}") from None


def _signal(text: str, rest: list[str]) -> Signal:
    """``signal`` (a sign of unseen meaning) or ``signal KEY``."""
    if not rest:
        return Signal(None)
    if len(rest) != 1:
        raise ActionParseError(f"{excerpt(text)}: signal takes one sign, like signal asso")
    try:
        return Signal(SignalKind.parse(rest[0]))
    except SignalParseError as exc:
        raise ActionParseError(f"{excerpt(text)}: {exc}") from None
