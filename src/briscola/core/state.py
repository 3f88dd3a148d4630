"""The state types of a deal: what a deal is at one moment, and what it is made of.

Data only, with the queries every phase needs (whose turn follows, who is on which side, the
points taken so far). The steps (legal actions, applying one) are in the phase modules
(:mod:`~briscola.core.play`, :mod:`~briscola.core.chiamata`), which import only this module, and
:mod:`~briscola.core.game` dispatches to them by phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from briscola.core.actions import Action, Bid, Pass
from briscola.core.cards import Card, Rank, Suit, format_cards
from briscola.core.rules import MIN_BID_POINTS, Partnership, Ruleset
from briscola.core.signals import SignalMade

__all__ = [
    "Auction",
    "DealState",
    "DeckError",
    "Declaration",
    "ExchangeMade",
    "IllegalActionError",
    "Phase",
    "Result",
    "Trick",
]


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state."""


class DeckError(ValueError):
    """An explicit deck order that is not the ruleset's deck."""


class Phase(Enum):
    """Where a deal stands."""

    AUCTION = "auction"  # Briscola chiamata only
    CALL = "call"  # Briscola chiamata only: the auction's winner names the trump suit
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the plays in order as (seat, card), and who took it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def cards(self) -> tuple[Card, ...]:
        """The trick's cards in the order played."""
        return tuple(card for _, card in self.plays)

    def points(self, ruleset: Ruleset) -> int:
        """The card points in the trick."""
        return sum(ruleset.points_of(card) for _, card in self.plays)


@dataclass(frozen=True, slots=True)
class Declaration:
    """An accuso: a seat showed the Re and Cavallo of a suit."""

    seat: int
    suit: Suit
    points: int


@dataclass(frozen=True, slots=True)
class ExchangeMade:
    """A seat swapped ``gave`` (the 2 or 7 of trumps) for the face-up ``took``."""

    seat: int
    gave: Card
    took: Card


@dataclass(frozen=True, slots=True)
class Auction:
    """The public record of the auction: every (seat, bid or pass) in order, and its outcome."""

    calls: tuple[tuple[int, Bid | Pass], ...] = ()
    winner: int | None = None

    @property
    def passed(self) -> frozenset[int]:
        """Seats that have passed (a pass is final)."""
        return frozenset(seat for seat, bid in self.calls if isinstance(bid, Pass))

    @property
    def standing(self) -> tuple[int, Bid] | None:
        """The highest bid so far and its bidder."""
        for seat, bid in reversed(self.calls):
            if isinstance(bid, Bid):
                return seat, bid
        return None

    @property
    def contract_rank(self) -> Rank | None:
        """The rank of the called card: the winning rank bid, or 2 once bids are on points."""
        standing = self.standing
        if standing is None:
            return None
        bid = standing[1]
        return bid.rank if bid.rank is not None else Rank.DUE

    @property
    def contract_points(self) -> int:
        """The points the caller's side needs: 61, or the points bid if higher."""
        standing = self.standing
        if standing is None or standing[1].points is None:
            return MIN_BID_POINTS
        return max(MIN_BID_POINTS, standing[1].points)


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished deal.

    ``seat_points`` are what each seat took (card points plus its declarations); ``team_points``
    add them up per side (with no teams, a side is a seat). ``winners`` are the sides with the top
    score: one side wins, several mean a draw. ``replay`` is set when the ruleset says a drawn deal
    is replayed. ``units`` is the settlement per seat in Briscola chiamata, otherwise empty.
    """

    seat_points: tuple[int, ...]
    team_points: tuple[int, ...]
    teams: tuple[int, ...]  # the side of each seat
    winners: tuple[int, ...]
    replay: bool = False
    units: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        """True when more than one side shares the top score (60-60 in two)."""
        return len(self.winners) != 1

    @property
    def winner(self) -> int | None:
        """The winning side, or None for a draw."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass(frozen=True, slots=True)
class DealState:
    """Everything about a deal at one moment, as data. :class:`briscola.core.game.State` adds
    the steps (``legal_actions``, ``apply``, ``result``); only the engine and the table see a
    whole state, players see an :class:`~briscola.core.observation.Observation`.

    ``deck`` is the deal's deck order (top first) as dealt, for records; ``stock`` is what is left
    to draw, next card first, with the face-up briscola last while it lies on the table.
    ``actions`` are the actions applied since the deal; ``signals`` the partner signs made
    (:mod:`briscola.core.signals`), who made each and in which trick; ``shown`` each seat's hand
    as shown to its partners before the first trick (``partners_show_first``; empty otherwise).
    """

    ruleset: Ruleset
    dealer: int
    deck: tuple[Card, ...]
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    briscola: Card | None
    trump: Suit | None
    turn: int | None
    leader: int
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    exchanges: tuple[ExchangeMade, ...] = ()
    actions: tuple[Action, ...] = ()
    auction: Auction | None = None
    called: Card | None = None
    revealed: bool = False
    signals: tuple[SignalMade, ...] = ()
    shown: tuple[tuple[Card, ...], ...] = ()
    _legal: tuple[Action, ...] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def is_over(self) -> bool:
        """True once every card has been played."""
        return self.phase is Phase.OVER

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.ruleset.players

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` in the ruleset's direction."""
        return (seat + self.ruleset.step) % self.ruleset.players

    def play_order(self, first: int) -> tuple[int, ...]:
        """All seats in playing order starting with ``first``."""
        n, step = self.ruleset.players, self.ruleset.step
        return tuple((first + i * step) % n for i in range(n))

    @property
    def caller(self) -> int | None:
        """Briscola chiamata: the auction's winner, once known."""
        return self.auction.winner if self.auction is not None else None

    @property
    def partner(self) -> int | None:
        """Briscola chiamata: the holder of the called card (the caller, if alone)."""
        if self.called is None:
            return None
        return self.holder(self.called)

    def holder(self, card: Card) -> int | None:
        """The seat that holds or played ``card`` (None if nobody: only in a void deal)."""
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        for trick in self.tricks:
            for seat, played in trick.plays:
                if played is card:
                    return seat
        for seat, played in self.trick:
            if played is card:
                return seat
        return None

    def team_of(self, seat: int) -> int:
        """The side a seat plays for. In Briscola chiamata: 0 the caller's side, 1 the others."""
        if self.ruleset.partnership is Partnership.CALLED:
            return 0 if seat in (self.caller, self.partner) else 1
        return self.ruleset.team_of(seat)

    def card_points(self) -> tuple[int, ...]:
        """Card points taken so far by each seat (tricks only, no declarations)."""
        pts = [0] * self.ruleset.players
        for trick in self.tricks:
            pts[trick.winner] += trick.points(self.ruleset)
        return tuple(pts)

    def seat_points(self) -> tuple[int, ...]:
        """Points taken so far by each seat (tricks won plus declarations)."""
        pts = list(self.card_points())
        for decl in self.declarations:
            pts[decl.seat] += decl.points
        return tuple(pts)

    def __str__(self) -> str:
        lines = [f"{self.ruleset.name} dealer={self.dealer} phase={self.phase.value}"]
        if self.trump is not None:
            lines.append(
                f"briscola={self.briscola} trump={self.trump.letter} stock={len(self.stock)}"
            )
        for seat, hand in enumerate(self.hands):
            marker = "*" if seat == self.turn else " "
            lines.append(f"{marker}{seat}: {format_cards(hand)}")
        if self.trick:
            lines.append("trick: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        return "\n".join(lines)
