"""The two lowest levels: beginner (almost random) and easy (grabs points greedily).

* **easy** takes every trick it can when that brings points, with the card that brings the most
  (even a big trump on a small trick: it does not count cards nor save its trumps), and otherwise
  throws its card worth least; a trick its partner is winning it leaves to the partner: playing
  the last card it loads the most points it can on it (not a trump), otherwise it throws its
  cheapest card. It leads its cheapest card. In Briscola chiamata it bids by a simple count of
  its hand (:func:`count_bid`: the cards of its longest suit and its carichi) and calls its
  longest suit (:func:`count_call`).
* **beginner** plays at random, except that now and then (one move in three) it plays as easy does;
  in Briscola chiamata's auction it goes on bidding on a coin toss (the cheapest bid) and calls a
  suit at random, unless that move is one of those it plays as easy.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("three"), seed=4)
>>> obs = observe(state, state.turn)
>>> EasyBot().act(obs) in obs.legal and BeginnerBot(seed=2).act(obs) in obs.legal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from briscola.bots.auction import ambition, bid, call
from briscola.bots.base import turn_actions
from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import Card, Rank, Suit
from briscola.core.chiamata import bid_order
from briscola.core.game import Phase, trick_winner
from briscola.core.observation import Observation

__all__ = ["BeginnerBot", "EasyBot", "count_bid", "count_call", "greedy_action"]

_CARICO = 10  # an Asso or a Tre


def _worth(card: Card, obs: Observation) -> tuple[int, int]:
    return obs.ruleset.points_of(card), obs.ruleset.strength_of(card)


def _greedy_card(obs: Observation, cards: Sequence[Card]) -> Card:
    rules = obs.ruleset
    trump = obs.trump
    assert trump is not None
    if not obs.trick:
        return min(cards, key=lambda c: (*_worth(c, obs), c.suit is trump, c.index))
    best_seat = trick_winner(obs.trick, trump, rules)
    if best_seat != obs.seat and best_seat in obs.sides().with_me:  # a partner is winning
        if len(obs.trick) == rules.players - 1:  # the last card: load the most points on it
            return max(cards, key=lambda c: (c.suit is not trump, rules.points_of(c), -c.index))
        return min(cards, key=lambda c: (*_worth(c, obs), c.suit is trump, c.index))
    best = next(c for s, c in obs.trick if s == best_seat)
    pts = sum(rules.points_of(c) for _, c in obs.trick)

    def beats(card: Card) -> bool:
        if card.suit is best.suit:
            return rules.strength_of(card) > rules.strength_of(best)
        return card.suit is trump

    winners = [c for c in cards if beats(c)]
    if winners:
        take = max(winners, key=lambda c: (rules.points_of(c), rules.strength_of(c), -c.index))
        if pts + rules.points_of(take) > 0:
            return take
    return min(cards, key=lambda c: (*_worth(c, obs), c.suit is trump, c.index))


def _suit_count(cards: Sequence[Card], suit: Suit) -> tuple[int, int]:
    return sum(1 for c in cards if c.suit is suit), -list(Suit).index(suit)


def count_bid(obs: Observation) -> Action:
    """The easy level's bid in Briscola chiamata: a simple count of its hand. With ``length``
    cards in its longest suit (at least 3) and ``carichi`` Assi and Tre in hand it goes as far as
    ``2 * (length - 3) + carichi`` steps down the bid order (0 the Asso, 9 the 2; on points, as
    many points above 61), never beyond the 2 (71 points on points); it passes a shorter suit.

    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> state = new_game(preset("chiamata"), seed=1)
    >>> count_bid(observe(state, state.turn))
    Bid(rank=<Rank.ASSO: 1>, points=None)
    """
    rules = obs.ruleset
    order = bid_order(rules)
    length = max(_suit_count(obs.hand, s) for s in Suit)[0]
    carichi = sum(1 for c in obs.hand if rules.points_of(c) >= _CARICO)
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    if length < 3 or not bids:
        return Pass()
    limit = min(2 * (length - 3) + carichi, len(order) - 1)
    if rules.points_only_auction:
        limit += len(order) - 1  # 61 points is as ambitious as the 2
    cheapest = min(bids, key=lambda b: ambition(b, order))
    return cheapest if ambition(cheapest, order) <= limit else Pass()


def count_call(obs: Observation) -> Action:
    """The easy level's call: its longest suit (the first in the suits' order on a tie), unless
    it holds that suit's card of the contract's rank (it would play alone) and another suit
    will do."""
    assert obs.auction is not None
    rank = obs.auction.contract_rank or Rank.DUE
    return Call(max(Suit, key=lambda s: (Card(s, rank) not in obs.hand, _suit_count(obs.hand, s))))


def greedy_action(obs: Observation) -> Action:
    """The easy level's action."""
    legal = obs.legal
    if obs.phase is Phase.AUCTION:
        if obs.ruleset.call_card:  # points up to what the hand is worth, not on to 120
            return bid(obs)
        return count_bid(obs)
    if obs.phase is Phase.CALL:
        if obs.ruleset.call_card:  # a card, not a suit: the strongest missing of the best suit
            return call(obs)
        return count_call(obs)
    declares = [a for a in legal if isinstance(a, Declare)]
    if declares:
        return declares[0]
    if ExchangeBriscola() in legal:
        return ExchangeBriscola()
    cards = [a.card for a in legal if isinstance(a, Play)]
    return Play(_greedy_card(obs, cards))


class EasyBot:
    """The easy computer player: greedy for points (see the module's documentation)."""

    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        turn_actions(obs)  # ValueError when it is not this seat's turn
        return greedy_action(obs)


class BeginnerBot:
    """The beginner: random play with a little sense (see the module's documentation)."""

    name = "beginner"

    def __init__(self, seed: int | None = None, sense: float = 1 / 3) -> None:
        self._rng = random.Random(seed)
        self._sense = sense

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        legal = turn_actions(obs)
        if self._rng.random() < self._sense:
            return greedy_action(obs)
        if obs.phase is Phase.AUCTION:  # a coin toss: the cheapest bid, or a pass
            bids = [a for a in legal if isinstance(a, Bid)]
            return bids[0] if bids and self._rng.random() < 0.5 else Pass()
        return self._rng.choice(legal)
