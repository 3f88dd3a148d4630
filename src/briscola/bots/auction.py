"""Briscola chiamata: how the heuristic levels bid and call.

A hand is judged suit by suit as the would-be trump: trumps are worth their strength and points,
the other suits their Assi and Tre. The bot bids for the strongest card of its best suit that it
does not hold (calling that card makes its holder the partner), and goes lower (a more ambitious
bid) the stronger the hand; after the 2, it bids points only with a very strong hand.

>>> from briscola.core.cards import parse_cards
>>> from briscola.core.rules import preset
>>> rules = preset("chiamata")
>>> suit, score = best_suit(parse_cards("Ad 3d Rd Cd Ac 3c As 4d"), rules)
>>> suit.letter, score > 60
('d', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.core.actions import Action, Bid, Call, Pass
from briscola.core.cards import Card, Rank, Suit
from briscola.core.chiamata import MIN_POINTS
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset

__all__ = ["best_suit", "bid", "call", "suit_score"]


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


def _order(rules: Ruleset) -> list[Rank]:
    return sorted(Rank, key=lambda r: -rules.strength_of(Card(Suit.COPPE, r)))


def _ambition(b: Bid, order: Sequence[Rank]) -> int:
    """0 for a bid of Asso, 9 for a 2, then one more for each point above 61."""
    if b.rank is not None:
        return order.index(b.rank)
    assert b.points is not None
    return len(order) - 1 + b.points - MIN_POINTS


def bid(obs: Observation, boldness: int = 0) -> Action:
    """A bid (the cheapest legal one) if the hand is worth it, else a pass.

    ``boldness`` shifts how far the bot goes (negative: more careful).
    """
    rules = obs.ruleset
    order = _order(rules)
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
    cheapest = min(bids, key=lambda b: _ambition(b, order))
    if _ambition(cheapest, order) <= limit:
        return cheapest
    return Pass()


def call(obs: Observation) -> Action:
    """The caller names its best suit, avoiding calling a card of its own (playing alone)."""
    rules = obs.ruleset
    assert obs.auction is not None
    rank = obs.auction.contract_rank or Rank.DUE
    best: tuple[int, int] | None = None
    choice = Suit.COPPE
    for i, suit in enumerate(Suit):
        score = suit_score(obs.hand, suit, rules)
        if Card(suit, rank) in obs.hand:
            score -= 60
        key = (score, -i)
        if best is None or key > best:
            best, choice = key, suit
    return Call(choice)
