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

import random
from collections.abc import Iterable, Sequence

from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import Card, Rank, Suit
from briscola.core.chiamata import MIN_POINTS
from briscola.core.game import Phase, trick_winner
from briscola.core.observation import Observation
from briscola.core.rules import Exchange, Ruleset

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
        self._rng = random.Random(seed)  # for ties between equally good cards

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        legal = obs.legal
        if not legal:
            raise ValueError(f"seat {obs.seat} has nothing to do: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.AUCTION:
            return _bid(obs)
        if obs.phase is Phase.CALL:
            return _call(obs)
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: a.suit is obs.trump)
        if ExchangeBriscola() in legal and _exchange_improves(obs):
            return ExchangeBriscola()
        cards = [a.card for a in legal if isinstance(a, Play)]
        return Play(_Table(obs).choose(cards))


def _exchange_improves(obs: Observation) -> bool:
    """True when the face-up briscola is a better card than the 2 (or 7) it would replace."""
    face_up = obs.briscola
    if face_up is None:
        return False
    rank = Rank.SETTE if obs.ruleset.exchange is Exchange.SEVEN else Rank.DUE
    gave = Card(face_up.suit, rank)
    rules = obs.ruleset
    return (rules.points_of(face_up), rules.strength_of(face_up)) > (
        rules.points_of(gave),
        rules.strength_of(gave),
    )


class _Table:
    """The facts about the trick on the table that the play rules need."""

    def __init__(self, obs: Observation) -> None:
        assert obs.trump is not None
        self.obs = obs
        self.rules: Ruleset = obs.ruleset
        self.trump: Suit = obs.trump
        self.seat = obs.seat
        self.friends = obs.sides().with_me
        n, step = self.rules.players, self.rules.step
        later = n - len(obs.trick) - 1
        self.later = [(self.seat + k * step) % n for k in range(1, later + 1)]
        self.enemies_later = [s for s in self.later if s not in self.friends]

    # -- card values ------------------------------------------------------------------------
    def points(self, card: Card) -> int:
        return self.rules.points_of(card)

    def value(self, card: Card) -> float:
        """What giving a card away costs: its points, and a premium for trumps."""
        strength = self.rules.strength_of(card)
        if card.suit is self.trump:
            return self.points(card) + 4 + strength / 2
        return self.points(card) + strength / 10

    def cheapest(self, cards: Iterable[Card]) -> Card:
        return min(cards, key=lambda c: (self.value(c), c.index))

    def beats(self, card: Card, best: Card) -> bool:
        """True when ``card`` played now would take the trick from ``best``."""
        if card.suit is best.suit:
            return self.rules.strength_of(card) > self.rules.strength_of(best)
        return card.suit is self.trump

    # -- what the later players may hold ----------------------------------------------------
    def threats(self) -> set[Card]:
        """Cards that an opponent still to play in this trick might hold."""
        obs = self.obs
        visible = dict(obs.other_hands)
        known = dict(obs.known_cards)
        placed = {c for h in visible.values() for c in h} | {c for h in known.values() for c in h}
        gone = set(obs.played_cards()) | set(obs.hand) | placed
        if obs.briscola_on_table and obs.briscola is not None:
            gone.add(obs.briscola)
        unknown = {c for c in self.rules.deck() if c not in gone}
        out: set[Card] = set()
        for seat in self.enemies_later:
            if seat in visible:
                out |= set(visible[seat])
            else:
                out |= unknown | set(known.get(seat, ()))
        return out

    def safe(self, card: Card, threats: set[Card]) -> bool:
        """True when no opponent still to play can beat ``card``."""
        return not any(self.beats(t, card) for t in threats)

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
            return min(cards, key=lambda c: (self.value(c) + 3 * self.beats(c, best), c.index))
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
    mine = [c for c in cards if c.suit is suit]
    return 4 * len(mine) + sum(rules.points_of(c) for c in mine)


def hand_strength(cards: Sequence[Card], rules: Ruleset) -> int:
    """A rough measure of a chiamata hand: its points plus the length of its best suit.

    About 40 on average for 8 cards; the bot opens from 38 and goes lower the stronger it is.
    """
    longest = max(sum(1 for c in cards if c.suit is s) for s in Suit)
    best = max(_suit_score(cards, s, rules) for s in Suit)
    return sum(rules.points_of(c) for c in cards) + 3 * longest + best // 4


def _ambition(bid: Bid, order: Sequence[Rank], points_only: bool) -> int:
    """0 for a bid of Asso, 9 for a 2, then one more for each point above 61.

    In an auction on points only, 61 counts as an average contract (like a Cavallo).
    """
    if bid.rank is not None:
        return order.index(bid.rank)
    assert bid.points is not None
    start = 3 if points_only else len(order) - 1
    return start + bid.points - MIN_POINTS


def _bid(obs: Observation) -> Action:
    rules = obs.ruleset
    order = sorted(Rank, key=lambda r: -rules.strength_of(Card(Suit.COPPE, r)))
    strength = hand_strength(obs.hand, rules)
    limit = (strength - 38) // 3  # how far down (or up in points) this hand will go
    limit = min(limit, len(order) - 1 + 14)  # never beyond 75 points
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    if bids:
        only = rules.points_only_auction
        cheapest = min(bids, key=lambda b: _ambition(b, order, only))
        if _ambition(cheapest, order, only) <= limit:
            return cheapest
    return Pass()


def _call(obs: Observation) -> Action:
    rules = obs.ruleset
    assert obs.auction is not None
    rank = obs.auction.contract_rank or Rank.DUE
    best: tuple[int, int] | None = None
    choice = Suit.COPPE
    for i, suit in enumerate(Suit):
        score = _suit_score(obs.hand, suit, rules)
        if Card(suit, rank) in obs.hand:
            score -= 40  # calling one's own card means playing alone
        key = (score, -i)
        if best is None or key > best:
            best, choice = key, suit
    return Call(choice)
