"""The state machine: deal, legal actions, apply, trick resolution, drawing, the end and the result.

A :class:`State` is immutable data; :func:`apply` returns a new state. A game starts from a seed or
from an explicit deck order (top card first) and is fully reproducible:

>>> from briscola.rules import preset
>>> state = new_game(preset("classic"), seed=7)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> result = state.result()
>>> sum(result.seat_points) == 120
True
>>> new_game(preset("classic"), seed=7).hands == new_game(preset("classic"), seed=7).hands
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum

from . import chiamata
from .actions import Action, Declare, ExchangeBriscola, Play
from .cards import Card, Rank, Suit, format_cards
from .rules import Exchange, Partnership, Ruleset, TieRule

__all__ = [
    "DeckError",
    "Declaration",
    "ExchangeMade",
    "IllegalActionError",
    "Phase",
    "Result",
    "State",
    "Trick",
    "apply",
    "legal_actions",
    "new_game",
    "shuffled_deck",
    "trick_winner",
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
class State:
    """Everything about a deal at one moment. Only the engine and the table see a whole state;
    players see an :class:`~briscola.observation.Observation`.

    ``deck`` is the deal's deck order (top first) as dealt, for records; ``stock`` is what is left
    to draw, next card first, with the face-up briscola last while it lies on the table.
    ``actions`` are the actions applied since the deal.
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
    auction: chiamata.Auction | None = None
    called: Card | None = None
    revealed: bool = False
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
        return chiamata.holder(self, self.called)

    def team_of(self, seat: int) -> int:
        """The side a seat plays for. In Briscola chiamata: 0 the caller's side, 1 the others."""
        if self.ruleset.partnership is Partnership.CALLED:
            return 0 if seat in (self.caller, self.partner) else 1
        return self.ruleset.team_of(seat)

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to act may do now (nothing once the deal is over)."""
        return legal_actions(self)

    def apply(self, action: Action) -> State:
        """The state after the seat to act takes ``action``; see :func:`apply`."""
        return apply(self, action)

    def seat_points(self) -> tuple[int, ...]:
        """Points taken so far by each seat (tricks won plus declarations)."""
        pts = [0] * self.ruleset.players
        for trick in self.tricks:
            pts[trick.winner] += trick.points(self.ruleset)
        for decl in self.declarations:
            pts[decl.seat] += decl.points
        return tuple(pts)

    def result(self) -> Result:
        """The outcome of a finished deal; raises ValueError while it is still being played."""
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        if self.ruleset.partnership is Partnership.CALLED:
            return chiamata.result(self)
        seat_points = self.seat_points()
        teams = tuple(self.team_of(s) for s in range(self.players))
        team_points = [0] * self.ruleset.team_count
        for seat, pts in enumerate(seat_points):
            team_points[teams[seat]] += pts
        top = max(team_points)
        winners = tuple(t for t, p in enumerate(team_points) if p == top)
        replay = len(winners) > 1 and self.ruleset.tie is TieRule.REPLAY
        return Result(seat_points, tuple(team_points), teams, winners, replay)

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


def shuffled_deck(ruleset: Ruleset, seed: int | str | None) -> tuple[Card, ...]:
    """The ruleset's deck shuffled by ``random.Random(seed)``: the same seed, the same deal."""
    cards = list(ruleset.deck())
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def _check_deck(ruleset: Ruleset, deck: tuple[Card, ...]) -> None:
    want = Counter(ruleset.deck())
    have = Counter(deck)
    if have == want:
        return
    problems = []
    missing = sorted(want - have)
    extra = sorted(have - want)
    if missing:
        problems.append("missing " + format_cards(missing))
    if extra:
        problems.append("has extra or repeated " + format_cards(extra))
    raise DeckError(
        f"the deck must hold the {len(want)} cards of the {ruleset.name} ruleset once each: "
        + "; ".join(problems)
    )


def new_game(
    ruleset: Ruleset,
    *,
    seed: int | str | None = None,
    deck: tuple[Card, ...] | list[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a new game from a seed or from an explicit deck order (top card first).

    The dealer deals ``hand_size`` rounds of one card, starting at the seat after the dealer in
    the direction of play; then (when the ruleset turns one up) the next card is the briscola and
    goes under the stock, to be drawn last.
    """
    if not 0 <= dealer < ruleset.players:
        raise ValueError(f"dealer must be a seat from 0 to {ruleset.players - 1}, not {dealer}")
    if deck is None:
        if seed is None:
            seed = random.randrange(2**63)
        cards = shuffled_deck(ruleset, seed)
    else:
        if seed is not None:
            raise ValueError("give a seed or a deck, not both")
        cards = tuple(deck)
        _check_deck(ruleset, cards)
    n = ruleset.players
    step = ruleset.step
    first = (dealer + step) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for _ in range(ruleset.hand_size):
        for i in range(n):
            hands[(first + i * step) % n].append(cards[pos])
            pos += 1
    base = State(
        ruleset=ruleset,
        dealer=dealer,
        deck=cards,
        phase=Phase.PLAY,
        hands=tuple(tuple(h) for h in hands),
        stock=(),
        briscola=None,
        trump=None,
        turn=first,
        leader=first,
    )
    if ruleset.partnership is Partnership.CALLED:
        return chiamata.start(base)
    briscola = cards[pos]
    return replace(
        base, stock=(*cards[pos + 1 :], briscola), briscola=briscola, trump=briscola.suit
    )


def trick_winner(
    plays: tuple[tuple[int, Card], ...] | list[tuple[int, Card]], trump: Suit, ruleset: Ruleset
) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the suit led.

    >>> from briscola.cards import parse_cards
    >>> from briscola.rules import preset
    >>> a, b = parse_cards("3c Ac")
    >>> trick_winner([(0, a), (1, b)], Suit.SPADE, preset("classic"))
    1
    >>> a, b = parse_cards("Ac 2s")
    >>> trick_winner([(0, a), (1, b)], Suit.SPADE, preset("classic"))
    1
    """
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit is best.suit:
            if ruleset.strength_of(card) > ruleset.strength_of(best):
                best_seat, best = seat, card
        elif card.suit is trump:
            best_seat, best = seat, card
    return best_seat


def _declarable(state: State, seat: int) -> list[Suit]:
    if not state.ruleset.accusi:
        return []
    hand = state.hands[seat]
    done = {d.suit for d in state.declarations}
    return [
        suit
        for suit in Suit
        if suit not in done and Card(suit, Rank.RE) in hand and Card(suit, Rank.CAVALLO) in hand
    ]


def _exchange_card(state: State, seat: int) -> Card | None:
    """The card this seat may swap for the face-up briscola now, if any."""
    rules = state.ruleset
    if rules.exchange is Exchange.NONE or not state.stock or state.trump is None:
        return None
    if rules.exchange is Exchange.TWO:
        if state.tricks:
            return None
        card = Card(state.trump, Rank.DUE)
    else:
        if not any(t.winner == seat for t in state.tricks):
            return None
        card = Card(state.trump, Rank.SETTE)
    return card if card in state.hands[seat] else None


def legal_actions(state: State) -> tuple[Action, ...]:
    """The actions the seat to act may take: play any card in hand (no need to follow suit);
    declare an accuso; exchange the briscola; or, in Briscola chiamata, bid, pass and call."""
    if state._legal is not None:
        return state._legal
    if state.phase is Phase.OVER or state.turn is None:
        legal: tuple[Action, ...] = ()
    elif state.phase is not Phase.PLAY:
        legal = chiamata.legal_actions(state)
    else:
        seat = state.turn
        actions: list[Action] = [Play(card) for card in state.hands[seat]]
        actions.extend(Declare(suit) for suit in _declarable(state, seat))
        if _exchange_card(state, seat) is not None:
            actions.append(ExchangeBriscola())
        legal = tuple(actions)
    object.__setattr__(state, "_legal", legal)
    return legal


def apply(state: State, action: Action) -> State:
    """The state after the seat to act takes ``action``.

    Raises :class:`IllegalActionError`, with the reason, for an action the rules do not allow.
    """
    if state.phase is Phase.OVER or state.turn is None:
        raise IllegalActionError("the deal is over: no more actions")
    if action not in legal_actions(state):
        raise IllegalActionError(_why_illegal(state, action))
    if state.phase is not Phase.PLAY:
        return chiamata.apply(state, action)
    seat = state.turn
    actions = (*state.actions, action)
    if isinstance(action, Declare):
        pts = 40 if action.suit is state.trump else 20
        decl = Declaration(seat, action.suit, pts)
        return replace(state, declarations=(*state.declarations, decl), actions=actions)
    if isinstance(action, ExchangeBriscola):
        gave = _exchange_card(state, seat)
        assert gave is not None and state.briscola is not None
        took = state.briscola
        hands = list(state.hands)
        hands[seat] = tuple(took if c == gave else c for c in hands[seat])
        return replace(
            state,
            hands=tuple(hands),
            stock=(*state.stock[:-1], gave),
            briscola=gave,
            exchanges=(*state.exchanges, ExchangeMade(seat, gave, took)),
            actions=actions,
        )
    assert isinstance(action, Play)
    return _play(state, seat, action.card, actions)


def _play(state: State, seat: int, card: Card, actions: tuple[Action, ...]) -> State:
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c is not card)
    trick = (*state.trick, (seat, card))
    revealed = state.revealed or (card is state.called)
    if len(trick) < state.players:
        return replace(
            state,
            hands=tuple(hands),
            trick=trick,
            turn=state.next_seat(seat),
            actions=actions,
            revealed=revealed,
        )
    assert state.trump is not None
    winner = trick_winner(trick, state.trump, state.ruleset)
    tricks = (*state.tricks, Trick(state.leader, trick, winner))
    stock = state.stock
    if stock:
        for i, drawer in enumerate(state.play_order(winner)):
            hands[drawer] = (*hands[drawer], stock[i])
        stock = stock[state.players :]
    over = not hands[winner]
    return replace(
        state,
        hands=tuple(hands),
        stock=stock,
        trick=(),
        tricks=tricks,
        turn=None if over else winner,
        leader=winner,
        phase=Phase.OVER if over else Phase.PLAY,
        actions=actions,
        revealed=revealed,
    )


def _why_illegal(state: State, action: Action) -> str:
    seat = state.turn
    if state.phase is not Phase.PLAY:
        return chiamata.why_illegal(state, action)
    assert seat is not None
    if isinstance(action, Play):
        return f"seat {seat} does not hold {action.card} ({action.card.name('en')})"
    if isinstance(action, Declare):
        if not state.ruleset.accusi:
            return "declarations (accusi) are not played under these rules"
        if any(d.suit is action.suit for d in state.declarations):
            return f"the Re and Cavallo of {action.suit.name_in('en')} were already declared"
        return (
            f"seat {seat} cannot declare {action.suit.name_in('en')}: "
            "it needs both the Re and the Cavallo of that suit in hand"
        )
    if isinstance(action, ExchangeBriscola):
        rules = state.ruleset
        if rules.exchange is Exchange.NONE:
            return "exchanging the briscola is not played under these rules"
        if not state.stock:
            return "the briscola has already been drawn: nothing to exchange"
        if rules.exchange is Exchange.TWO:
            if state.tricks:
                return "the 2 of trumps may be exchanged only before or during the first trick"
            return f"seat {seat} does not hold the 2 of trumps"
        return f"seat {seat} needs the 7 of trumps and a trick won to exchange"
    return f"{action} is not an action of the play phase"
