"""The "sensible" bot: takes points cheaply, does not waste trumps, helps its partner.

It reads only its observation. In play it follows a few rules of thumb that every table teaches:

* following, it takes a trick holding points with a card of the suit led when it can, a trick of
  10 points or more with its lowest sufficient trump, and otherwise throws a *liscio* (a card
  worth nothing, not a trump);
* leading, it plays a low card that is not a trump, and never an Asso or 3 of trumps early;
* with a partner winning the trick it does not overtake and, when the trick is safe, gives points
  (*carica*);
* it declares accusi and exchanges the briscola when that improves its hand;
* in Briscola chiamata it bids from the strength of its hand and calls its strongest suit.
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.bots import auction
from briscola.bots.knowledge import Knowledge, exchange_improves
from briscola.core.actions import Action, Bid, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import Card, Suit
from briscola.core.chiamata import bid_order, on_points
from briscola.core.game import trick_winner
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset

__all__ = ["SimpleBot", "hand_strength"]

_BIG = 10  # an Asso or a 3: the cards that make a trick worth taking


class SimpleBot:
    """The sensible computer player, the default opponent.

    >>> from briscola.core.cards import parse_cards
    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> deck = parse_cards("3c 2s Ac 4b 5b 6b 7s") + tuple(
    ...     c for c in preset("classic").deck() if str(c) not in "3c 2s Ac 4b 5b 6b 7s".split())
    >>> # seat 1 gets 3c Ac 5b, seat 0 gets 2s 4b 6b, and the briscola is the 7 of spade
    >>> state = new_game(preset("classic"), deck=deck, dealer=0)
    >>> state = state.apply(Play(Card.parse("3c")))   # seat 1 leads the 3 of coppe (10 points)
    >>> str(SimpleBot().act(observe(state, 0)))       # seat 0 takes it with the 2 of trumps (spade)
    '2s'
    """

    name = "simple"

    def __init__(self, seed: int | None = None) -> None:
        """``seed``: taken like every level's, though this one never draws: ties between
        equally good cards go to the lower card (a ``random.Random`` made for nothing cost a
        server 24 µs a decision, more than half the decision)."""
        self.seed = seed

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        routine = auction.routine(obs, _bid, _call)
        if routine is not None:
            return routine
        legal = obs.legal
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: a.suit is obs.trump)
        if ExchangeBriscola() in legal and exchange_improves(obs):
            return ExchangeBriscola()
        cards = [a.card for a in legal if isinstance(a, Play)]
        return Play(_Table(obs).choose(cards))


class _Table(Knowledge):
    """The facts about the trick on the table that the play rules need: the card counting of
    :class:`~briscola.bots.knowledge.Knowledge`, with this bot's own idea of what a card costs."""

    def cost(self, card: Card) -> float:
        """What giving a card away costs: its points, and a premium for trumps."""
        strength = self.strength(card)
        if card.suit is self.trump:
            return self.points(card) + 4 + strength / 2
        return self.points(card) + strength / 10

    # -- the choice -------------------------------------------------------------------------
    def choose(self, cards: Sequence[Card]) -> Card:
        if not self.obs.trick:
            return self.lead(cards)
        return self.follow(cards)

    def lead(self, cards: Sequence[Card]) -> Card:
        plain = [c for c in cards if c.suit is not self.trump and self.points(c) < _BIG]
        if plain:
            return self.cheapest(plain)
        early = self.obs.stock_count > 0
        trumps = [c for c in cards if c.suit is self.trump]
        small_trumps = [c for c in trumps if self.points(c) < _BIG]
        if small_trumps:
            return self.cheapest(small_trumps)
        others = [c for c in cards if c.suit is not self.trump]
        if others:
            return self.cheapest(others)
        if early or not trumps:
            return self.cheapest(cards)
        return max(trumps, key=self.rules.strength_of)  # late: cash the big trumps

    def follow(self, cards: Sequence[Card]) -> Card:
        trick = self.obs.trick
        win_seat = trick_winner(trick, self.trump, self.rules)
        best = next(card for seat, card in trick if seat == win_seat)
        trick_points = sum(self.points(c) for _, c in trick)
        threats = self.threats()
        if win_seat in self.friends:
            if self.safe(best, threats):
                gifts = [c for c in cards if c.suit is not self.trump and self.points(c) > 0]
                if gifts:  # caricare: load the partner's trick
                    return max(gifts, key=lambda c: (self.points(c), -c.index))
            return min(cards, key=lambda c: (self.cost(c) + 3 * self.beats(c, best), c.index))
        winners = [c for c in cards if self.beats(c, best)]
        safe = [c for c in winners if self.safe(c, threats)]
        plain_safe = [c for c in safe if c.suit is not self.trump]
        if plain_safe and trick_points + max(self.points(c) for c in plain_safe) > 0:
            return max(plain_safe, key=lambda c: (self.points(c), -self.rules.strength_of(c)))
        plain = [c for c in winners if c.suit is not self.trump]
        if plain and trick_points > 0:
            risky = min(plain, key=lambda c: (self.points(c), self.rules.strength_of(c)))
            if self.points(risky) <= trick_points:
                return risky
        trumps = [c for c in safe if c.suit is self.trump]
        trumps = trumps or [c for c in winners if c.suit is self.trump]
        if trumps:
            low = min(trumps, key=self.rules.strength_of)
            if trick_points >= _BIG or (trick_points >= 4 and self.points(low) == 0):
                return low
        discard = self.cheapest(cards)
        if self.points(discard) >= _BIG and trumps:
            low = min(trumps, key=self.rules.strength_of)
            if self.points(low) < self.points(discard):
                return low  # better to trump than to give an Asso or a 3 away
        return discard


# -- Briscola chiamata: the auction and the call -----------------------------------------------


def _suit_score(cards: Sequence[Card], suit: Suit, rules: Ruleset) -> int:
    """A suit's worth as trump: 4 a card and the cards' points."""
    mine = [c for c in cards if c.suit is suit]
    return 4 * len(mine) + sum(rules.points_of(c) for c in mine)


def hand_strength(cards: Sequence[Card], rules: Ruleset) -> int:
    """A rough measure of a chiamata hand: its points plus the length of its best suit.

    About 40 on average for 8 cards; the bot opens from 38 and goes lower the stronger it is.
    """
    longest = max(sum(1 for c in cards if c.suit is s) for s in Suit)
    best = max(_suit_score(cards, s, rules) for s in Suit)
    return sum(rules.points_of(c) for c in cards) + 3 * longest + best // 4


def _bid(obs: Observation) -> Action:
    rules = obs.ruleset
    order = bid_order(rules)
    strength = hand_strength(obs.hand, rules)
    limit = (strength - 38) // 3  # how far down (or up in points) this hand will go
    limit = min(limit, len(order) - 1 + 14)  # never beyond 75 points
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    if bids:
        # in an auction on points only, 61 counts as an average contract (like a Cavallo)
        start = 3 if on_points(rules) else None
        cheapest = min(bids, key=lambda b: auction.ambition(b, order, start))
        if auction.ambition(cheapest, order, start) <= limit:
            return cheapest
    return Pass()


def _call(obs: Observation) -> Action:
    # calling one's own card means playing alone
    return auction.call(obs, _suit_score, alone=40)
