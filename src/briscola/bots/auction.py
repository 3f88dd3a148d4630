"""Briscola chiamata: how the heuristic levels bid and call.

A hand is judged suit by suit as the would-be trump: trumps are worth their strength and points,
the other suits their Assi and Tre. The bot bids for the strongest card of its best suit that it
does not hold (calling that card makes its holder the partner), and goes lower (a more ambitious
bid) the stronger the hand; after the 2, it bids points only with a very strong hand.

In the auction "a punti con carta chiamata" (``call_card``) every bid is on points: the bot bids
up to what its hand is worth (:func:`points_worth`), and once it has won calls the strongest card
of its best suit that it does not hold (:func:`card_to_call`): the partner it gets holds that
card, so the caller's side holds the top trumps.

>>> from briscola.core.cards import parse_cards
>>> from briscola.core.rules import preset
>>> rules = preset("chiamata")
>>> suit, score = best_suit(parse_cards("Ad 3d Rd Cd Ac 3c As 4d"), rules)
>>> suit.letter, score > 60
('d', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from briscola.bots.base import turn_actions
from briscola.core.actions import Action, Bid, Call, Pass
from briscola.core.cards import Card, Rank, Suit
from briscola.core.chiamata import MAX_POINTS, MIN_POINTS, bid_order
from briscola.core.game import Phase
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset

__all__ = [
    "ambition",
    "best_suit",
    "bid",
    "call",
    "card_to_call",
    "points_worth",
    "routine",
    "suit_score",
]

Choice = Callable[[Observation], Action]
SuitScore = Callable[[Sequence[Card], Suit, Ruleset], int]


def suit_score(cards: Sequence[Card], suit: Suit, rules: Ruleset) -> int:
    """How good ``cards`` are with ``suit`` as trump: trumps count their strength (1-10) twice
    and their points, plus 4 each; the other suits their points (Assi and Tre above all)."""
    score = 0
    for c in cards:
        if c.suit is suit:
            score += 4 + 2 * rules.strength_of(c) + rules.points_of(c)
        else:
            score += rules.points_of(c) if rules.points_of(c) >= 10 else rules.points_of(c) // 2
    return score


def best_suit(cards: Sequence[Card], rules: Ruleset) -> tuple[Suit, int]:
    """The suit that makes the best trump for ``cards``, and its score."""
    best = max(Suit, key=lambda s: (suit_score(cards, s, rules), -list(Suit).index(s)))
    return best, suit_score(cards, best, rules)


def ambition(b: Bid, order: Sequence[Rank], points_from: int | None = None) -> int:
    """How ambitious a bid is: 0 for a bid of Asso, 9 for a 2 (the ranks of ``order``, the bid
    order), then one more for each point above 61, counted from ``points_from`` (default: the
    2's)."""
    if b.rank is not None:
        return order.index(b.rank)
    assert b.points is not None
    start = len(order) - 1 if points_from is None else points_from
    return start + b.points - MIN_POINTS


CARD_CALL_CAP = 95
"""The most points the heuristic levels commit to in an auction with a called card."""


def points_worth(cards: Sequence[Card], rules: Ruleset, boldness: int = 0) -> int:
    """The points a hand undertakes to reach in the auction with a called card (``call_card``):
    0 (a pass) below an average hand, else 61 and 2 more for each 6 of its best suit's score
    above 62, at most :data:`CARD_CALL_CAP`. ``boldness`` adds (or takes) steps of 2.

    >>> from briscola.core.cards import parse_cards
    >>> from briscola.core.rules import preset
    >>> rules = preset("chiamata", call_card=True)
    >>> points_worth(parse_cards("Ad 3d Rd Cd Ac 3c As 4d"), rules)
    91
    >>> points_worth(parse_cards("2d 4d 5c 6c 7s 4s 5b 6b"), rules)
    0
    """
    _suit, score = best_suit(cards, rules)
    spare = (score - 62) // 6 + boldness
    if spare < 0:
        return 0
    return min(MIN_POINTS + 2 * spare, CARD_CALL_CAP, MAX_POINTS)


def _bid_points(obs: Observation, boldness: int) -> Action:
    """The cheapest points bid while it is within the hand's worth, else a pass."""
    limit = points_worth(obs.hand, obs.ruleset, boldness)
    bids = [a.points for a in obs.legal if isinstance(a, Bid) and a.points is not None]
    if bids and min(bids) <= limit:
        return Bid(points=min(bids))
    return Pass()


def bid(obs: Observation, boldness: int = 0) -> Action:
    """A bid (the cheapest legal one) if the hand is worth it, else a pass.

    ``boldness`` shifts how far the bot goes (negative: more careful).
    """
    rules = obs.ruleset
    if rules.call_card:
        return _bid_points(obs, boldness)
    order = bid_order(rules)
    suit, score = best_suit(obs.hand, rules)
    held = {c.rank for c in obs.hand if c.suit is suit}
    first_missing = next((i for i, r in enumerate(order) if r not in held), len(order) - 1)
    # An average hand scores about 55 with its best suit; from 62 the bot plays for a contract.
    spare = (score - 62) // 6 + boldness
    if spare < 0:
        return Pass()
    limit = first_missing + spare
    if rules.points_only_auction:
        limit = len(order) - 1 + spare * 2
    limit = min(limit, len(order) - 1 + 10)  # never beyond 71 points
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    if not bids:
        return Pass()
    cheapest = min(bids, key=lambda b: ambition(b, order))
    if ambition(cheapest, order) <= limit:
        return cheapest
    return Pass()


def card_to_call(cards: Sequence[Card], rules: Ruleset, score_of: SuitScore = suit_score) -> Card:
    """With ``call_card``: the strongest card the hand lacks in its best suit by ``score_of``
    (the suit becomes trump; the card's holder the partner).

    >>> from briscola.core.cards import parse_cards
    >>> from briscola.core.rules import preset
    >>> rules = preset("chiamata", call_card=True)
    >>> card_to_call(parse_cards("Ad Rd Cd Fd Ac 3c As 4d"), rules)
    Card('3d')
    """
    suit = max(Suit, key=lambda s: (score_of(cards, s, rules), -list(Suit).index(s)))
    held = {c.rank for c in cards if c.suit is suit}
    rank = next(r for r in bid_order(rules) if r not in held)  # 8 cards: a suit has 10
    return Card(suit, rank)


def call(obs: Observation, score_of: SuitScore = suit_score, alone: int = 60) -> Action:
    """The caller names its best suit by ``score_of``, avoiding calling a card of its own
    (playing alone), which costs ``alone`` in the score. With ``call_card`` it calls the
    strongest card it lacks of that suit (:func:`card_to_call`)."""
    rules = obs.ruleset
    assert obs.auction is not None
    if rules.call_card:
        card = card_to_call(obs.hand, rules, score_of)
        return Call(card.suit, card.rank)
    rank = obs.auction.contract_rank or Rank.DUE
    best: tuple[int, int] | None = None
    choice = Suit.COPPE
    for i, suit in enumerate(Suit):
        score = score_of(obs.hand, suit, rules)
        if Card(suit, rank) in obs.hand:
            score -= alone
        key = (score, -i)
        if best is None or key > best:
            best, choice = key, suit
    return Call(choice)


def routine(obs: Observation, bidder: Choice = bid, caller: Choice = call) -> Action | None:
    """The action that needs no thought about a card: the only legal one, or in Briscola
    chiamata the bid (by ``bidder``) or the call (by ``caller``); None when the bot has a card
    to choose. ValueError when it is not the seat's turn."""
    legal = turn_actions(obs)
    if len(legal) == 1:
        return legal[0]
    if obs.phase is Phase.AUCTION:
        return bidder(obs)
    if obs.phase is Phase.CALL:
        return caller(obs)
    return None
