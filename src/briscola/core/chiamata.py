"""Briscola chiamata (5 players): the auction, the call, the secret partner and the settlement.

These are the hooks the state machine (:mod:`briscola.core.game`) uses while a deal is in its
``AUCTION`` and ``CALL`` phases, and to settle a finished deal. The auction opens at the seat after
the dealer; each bid names a rank strictly weaker than the standing one (A, 3, R, C, F, 7, 6, 5,
4, 2); a pass is final; after a 2, bids go on points (62 to 120, the 2 itself standing for 61).
The auction ends when one bidder is left; if everybody passes the deal is void.

Two options change the auction: ``points_only_auction`` (bids on points from the first, 61 to
120; the 2 of the named suit is called) and ``call_card``, the auction "a punti con carta
chiamata" of the rules reference ("si dichiara a quanti punti ci si impegna ad arrivare e si
chiama una carta"): bids on points only, and the winner calls any one card by rank and suit.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Final, TypeVar

from briscola.core.actions import Action, Bid, Call, Pass
from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import BID_MULTIPLIERS, MAX_BID_POINTS, MIN_BID_POINTS, Ruleset
from briscola.core.state import Auction, DealState, Phase, Result

__all__ = [
    "MAX_POINTS",
    "MIN_POINTS",
    "Auction",
    "apply",
    "bid_order",
    "calls",
    "legal_actions",
    "multiplier",
    "on_points",
    "result",
    "settle",
    "start",
    "why_illegal",
]

MIN_POINTS = MIN_BID_POINTS
MAX_POINTS = MAX_BID_POINTS

S = TypeVar("S", bound=DealState)

# The actions the auction offers again and again, made once: every points bid, every suit call.
_POINT_BIDS: Final = tuple(Bid(points=p) for p in range(MIN_POINTS, MAX_POINTS + 1))
_SUIT_CALLS: Final = tuple(Call(suit) for suit in Suit)


def bid_order(ruleset: Ruleset) -> tuple[Rank, ...]:
    """Ranks from the least to the most ambitious bid: by strength, strongest first.

    >>> from briscola.core.rules import preset
    >>> "".join(r.letter for r in bid_order(preset("chiamata")))
    'A3RCF76542'
    """
    return tuple(sorted(Rank, key=lambda r: -ruleset.strength_of(Card(Suit.COPPE, r))))


def on_points(ruleset: Ruleset) -> bool:
    """Whether every bid is on points (61 to 120), from the first: ``points_only_auction`` or
    ``call_card``.

    >>> from briscola.core.rules import preset
    >>> on_points(preset("chiamata")), on_points(preset("chiamata", call_card=True))
    (False, True)
    """
    return ruleset.points_only_auction or ruleset.call_card


def calls(ruleset: Ruleset) -> tuple[Call, ...]:
    """What the auction's winner may call: a suit (the called card is the bid rank of it), or
    with ``call_card`` any card of the deck, its own too (then it plays alone).

    >>> from briscola.core.rules import preset
    >>> [str(c) for c in calls(preset("chiamata"))]
    ['call c', 'call d', 'call s', 'call b']
    >>> cards = calls(preset("chiamata", call_card=True))
    >>> len(cards), str(cards[0]), str(cards[-1])
    (40, 'call Ac', 'call Rb')
    """
    return _card_calls(ruleset.deck()) if ruleset.call_card else _SUIT_CALLS


@cache
def _card_calls(deck: tuple[Card, ...]) -> tuple[Call, ...]:
    return tuple(Call(card.suit, card.rank) for card in deck)


def start(state: S) -> S:
    """The deal's state once the cards are dealt: the auction opens at the seat after the dealer."""
    return replace(state, phase=Phase.AUCTION, auction=Auction())


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """Bids and passes in the auction, or the suits to call."""
    assert state.auction is not None
    if state.phase is Phase.CALL:
        return calls(state.ruleset)
    standing = state.auction.standing
    out: list[Action] = [Pass()]
    if on_points(state.ruleset):
        low = MIN_POINTS if standing is None else _points_of(standing[1]) + 1
        out.extend(_POINT_BIDS[low - MIN_POINTS :])
        return tuple(out)
    order = bid_order(state.ruleset)
    if standing is None:
        out.extend(Bid(rank=r) for r in order)
    elif standing[1].rank is not None and standing[1].rank is not Rank.DUE:
        idx = order.index(standing[1].rank)
        out.extend(Bid(rank=r) for r in order[idx + 1 :])
    else:
        low = _points_of(standing[1]) + 1
        out.extend(_POINT_BIDS[low - MIN_POINTS :])
    return tuple(out)


def _points_of(bid: Bid) -> int:
    return bid.points if bid.points is not None else MIN_POINTS


def apply(state: S, action: Action) -> S:
    """Apply a legal bid, pass or call (the caller checked legality)."""
    assert state.auction is not None and state.turn is not None
    seat = state.turn
    actions = (*state.actions, action)
    if isinstance(action, Call):
        rank = action.rank if action.rank is not None else state.auction.contract_rank
        assert rank is not None and state.auction.winner is not None
        caller = state.auction.winner
        first = caller if state.ruleset.caller_leads else state.next_seat(state.dealer)
        return replace(
            state,
            phase=Phase.PLAY,
            trump=action.suit,
            called=Card(action.suit, rank),
            turn=first,
            leader=first,
            actions=actions,
        )
    assert isinstance(action, Bid | Pass)
    auction = Auction(calls=(*state.auction.calls, (seat, action)))
    active = [s for s in range(state.players) if s not in auction.passed]
    standing = auction.standing
    if not active:  # everybody passed: the deal is void
        return replace(state, auction=auction, phase=Phase.OVER, turn=None, actions=actions)
    if standing is not None and active == [standing[0]]:
        won = replace(auction, winner=standing[0])
        return replace(state, auction=won, phase=Phase.CALL, turn=standing[0], actions=actions)
    nxt = state.next_seat(seat)
    while nxt in auction.passed:
        nxt = state.next_seat(nxt)
    return replace(state, auction=auction, turn=nxt, actions=actions)


def why_illegal(state: DealState, action: Action) -> str:
    """A person's explanation of why an auction or call action is refused."""
    if state.phase is Phase.CALL:
        if state.ruleset.call_card:
            return f"the caller must now call a card by rank and suit (like call Ad), not {action}"
        return f"the caller must now name the trump suit (call c, d, s or b), not {action}"
    if not isinstance(action, Bid | Pass):
        return f"the auction is on: bid or pass, not {action}"
    assert state.auction is not None
    standing = state.auction.standing
    if on_points(state.ruleset) and isinstance(action, Bid) and action.rank is not None:
        return "this auction is on points only (61 to 120)"
    if standing is None:
        return f"{action} is not a valid opening bid"
    return f"{action} does not beat the standing bid ({standing[1]} by seat {standing[0]})"


def settle(
    won: bool, alone: bool, caller: int, partner: int, players: int, multiplier: int
) -> tuple[int, ...]:
    """Units per seat (zero-sum): caller +2, partner +1, others −1 on a win (alone: +4 and −1
    each); the signs reverse on a loss; everything times the multiplier.

    >>> settle(True, False, caller=0, partner=2, players=5, multiplier=1)
    (2, -1, 1, -1, -1)
    >>> settle(False, True, caller=3, partner=3, players=5, multiplier=2)
    (2, 2, 2, -8, 2)
    """
    sign = 1 if won else -1
    units = [-sign * multiplier] * players
    if alone:
        units[caller] = 4 * sign * multiplier
    else:
        units[caller] = 2 * sign * multiplier
        units[partner] = sign * multiplier
    return tuple(units)


def multiplier(state: DealState, caller_points: int, total: int) -> int:
    """The settlement multiplier: high bids (71+ ×2 … 101+ ×5) and cappotto (×2), if chosen.

    ``caller_points`` and ``total`` are card points (the caller's side's, and all taken):
    declarations do not make a cappotto, only taking every card point does.
    """
    assert state.auction is not None
    factor = 1
    if state.ruleset.bid_multipliers:
        bid = state.auction.contract_points
        for threshold, times in BID_MULTIPLIERS:
            if bid >= threshold:
                factor = times
                break
    card_total = state.ruleset.total_points
    if state.ruleset.cappotto_doubles and (
        caller_points >= card_total or total - caller_points >= card_total
    ):
        factor *= 2
    return factor


def result(state: DealState) -> Result:
    """The outcome of a finished chiamata deal, with its settlement in units."""
    seat_points = state.seat_points()
    n = state.players
    caller = state.caller
    if caller is None:  # all passed: void deal, redealt
        return Result(seat_points, (0, 0), (1,) * n, (), replay=True, units=(0,) * n)
    partner = state.partner
    assert partner is not None and state.auction is not None
    teams = tuple(state.team_of(s) for s in range(n))
    side = sum(p for s, p in enumerate(seat_points) if teams[s] == 0)
    total = sum(seat_points)
    won = side >= state.auction.contract_points
    card_points = state.card_points()
    card_side = sum(p for s, p in enumerate(card_points) if teams[s] == 0)
    factor = multiplier(state, card_side, sum(card_points))
    units = settle(won, partner == caller, caller, partner, n, factor)
    return Result(seat_points, (side, total - side), teams, (0,) if won else (1,), units=units)
