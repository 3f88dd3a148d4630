"""The two lowest levels: beginner (almost random) and easy (grabs points greedily).

* **easy** takes every trick it can when that brings points, with the card that brings the most
  (even a big trump on a small trick: it does not count cards nor save its trumps), and otherwise
  throws its card worth least; a trick its partner is winning it leaves to the partner: playing
  the last card it loads the most points it can on it (not a trump), otherwise it throws its
  cheapest card. It leads its cheapest card.
* **beginner** plays at random, except that now and then (one move in three) it plays as easy does.

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

from briscola.bots.auction import best_suit, bid, call
from briscola.bots.base import turn_actions
from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import Card, Suit
from briscola.core.game import Phase, trick_winner
from briscola.core.observation import Observation

__all__ = ["BeginnerBot", "EasyBot", "greedy_action"]


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


def greedy_action(obs: Observation) -> Action:
    """The easy level's action."""
    legal = obs.legal
    if obs.phase is Phase.AUCTION:
        if obs.ruleset.call_card:  # points up to what the hand is worth, not on to 120
            return bid(obs)
        _suit, score = best_suit(obs.hand, obs.ruleset)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and score >= 70:
            return bids[0]
        return Pass()
    if obs.phase is Phase.CALL:
        if obs.ruleset.call_card:  # a card, not a suit: the strongest missing of the best suit
            return call(obs)
        counts = {s: sum(1 for c in obs.hand if c.suit is s) for s in Suit}
        return Call(max(Suit, key=lambda s: counts[s]))
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
        if obs.phase is not Phase.PLAY or self._rng.random() < self._sense:
            return greedy_action(obs)
        return self._rng.choice(legal)
