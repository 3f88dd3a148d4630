"""The play phase: play a card, declare an accuso, exchange the briscola, make a sign to the
partner; tricks and drawing.

Every Briscola deal is played by these rules once its trump is known. No need to follow suit: a
trick goes to the highest trump, else to the highest card of the suit led; the winner draws first
and leads the next trick. The functions take a state and import only the state types.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from briscola.core.actions import Action, Declare, ExchangeBriscola, Play, Signal
from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import (
    ACCUSO_POINTS,
    ACCUSO_TRUMP_POINTS,
    Exchange,
    Partnership,
    Ruleset,
    TieRule,
)
from briscola.core.signals import SignalKind, SignalMade, true_signals
from briscola.core.state import DealState, Declaration, ExchangeMade, Phase, Result, Trick

__all__ = [
    "apply",
    "declarable",
    "exchange_card",
    "legal_actions",
    "result",
    "signallable",
    "trick_winner",
    "why_illegal",
]

S = TypeVar("S", bound=DealState)


def trick_winner(
    plays: tuple[tuple[int, Card], ...] | list[tuple[int, Card]], trump: Suit, ruleset: Ruleset
) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the suit led.

    >>> from briscola.core.cards import parse_cards
    >>> from briscola.core.rules import preset
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


def declarable(state: DealState, seat: int) -> list[Suit]:
    """The suits whose Re and Cavallo ``seat`` holds and may declare now (accusi)."""
    if not state.ruleset.accusi:
        return []
    hand = state.hands[seat]
    done = {d.suit for d in state.declarations}
    return [
        suit
        for suit in Suit
        if suit not in done and Card(suit, Rank.RE) in hand and Card(suit, Rank.CAVALLO) in hand
    ]


def exchange_card(state: DealState, seat: int) -> Card | None:
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


def signallable(state: DealState, seat: int) -> tuple[SignalKind, ...]:
    """The signs ``seat`` may make now (the ``signals`` option): the true ones, if it has made
    none in this trick yet."""
    if not state.ruleset.signals or state.trump is None or not state.hands[seat]:
        return ()
    trick = len(state.tricks)
    if any(s.seat == seat and s.trick == trick for s in state.signals):
        return ()
    return true_signals(state.hands[seat], state.trump, state.ruleset)


def legal_actions(state: DealState, seat: int) -> tuple[Action, ...]:
    """Play any card in hand; declare an accuso; exchange the briscola; make a sign."""
    actions: list[Action] = [Play(card) for card in state.hands[seat]]
    actions.extend(Declare(suit) for suit in declarable(state, seat))
    if exchange_card(state, seat) is not None:
        actions.append(ExchangeBriscola())
    actions.extend(Signal(kind) for kind in signallable(state, seat))
    return tuple(actions)


def apply(state: S, seat: int, action: Action) -> S:
    """The state after ``seat`` takes a legal ``action`` (the caller checked legality)."""
    actions = (*state.actions, action)
    if isinstance(action, Declare):
        pts = ACCUSO_TRUMP_POINTS if action.suit is state.trump else ACCUSO_POINTS
        decl = Declaration(seat, action.suit, pts)
        return replace(state, declarations=(*state.declarations, decl), actions=actions)
    if isinstance(action, Signal):
        sign = SignalMade(seat, len(state.tricks), action.kind)
        return replace(state, signals=(*state.signals, sign), actions=actions)
    if isinstance(action, ExchangeBriscola):
        gave = exchange_card(state, seat)
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


def _play(state: S, seat: int, card: Card, actions: tuple[Action, ...]) -> S:
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


def why_illegal(state: DealState, seat: int, action: Action) -> str:
    """A person's explanation of why a play-phase action is refused."""
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
    if isinstance(action, Signal):
        return _why_no_signal(state, seat, action)
    return f"{action} is not an action of the play phase"


def _why_no_signal(state: DealState, seat: int, action: Signal) -> str:
    rules = state.ruleset
    if not rules.signals:
        if rules.partnership is not Partnership.ALTERNATE:
            return "signals are made to a partner: they are played only in team games (4 or 6)"
        return "signals to the partner are not played under these rules"
    if action.kind is None:
        return "a signal names its sign: signal asso, tre, alte, nessuna, carica or liscio"
    if any(s.seat == seat and s.trick == len(state.tricks) for s in state.signals):
        return f"seat {seat} has already made a sign in this trick: one a trick"
    return f"seat {seat} cannot signal {action.kind.value}: the sign is not true of its hand"


def result(state: DealState) -> Result:
    """The outcome of a finished deal with fixed sides (every seat alone, or fixed teams)."""
    seat_points = state.seat_points()
    teams = tuple(state.team_of(s) for s in range(state.players))
    team_points = [0] * state.ruleset.team_count
    for seat, pts in enumerate(seat_points):
        team_points[teams[seat]] += pts
    top = max(team_points)
    winners = tuple(t for t, p in enumerate(team_points) if p == top)
    replay = len(winners) > 1 and state.ruleset.tie is TieRule.REPLAY
    return Result(seat_points, tuple(team_points), teams, winners, replay)
