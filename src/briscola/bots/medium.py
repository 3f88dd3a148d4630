"""The medium level: sound rules of thumb with card counting and team play.

It reads only its observation and counts the cards (:class:`~briscola.bots.knowledge.Knowledge`):
which trumps and which *carichi* (Assi and Tre) are still out, and, in two players once the stock
is empty, the opponent's exact hand.

* Following, it takes a trick with a higher card of the suit led when no opponent still to play
  can beat it (an Asso on a led Tre: a *strozzo*), a trick worth a carico with its cheapest safe
  trump, a trick with a few points with a worthless trump while it has trumps to spare, and
  otherwise throws its cheapest card (a *liscio*). It trumps rather than give away an Asso or Tre.
* Leading, it plays a liscio, then a figure whose suit's carichi are gone, then a low trump; it
  keeps its carichi and big trumps, and leads a carico only when nothing can take it. With the
  opponent's hand known it looks one trick ahead.
* With a partner winning the trick it never overtakes; when the partner's card is safe it loads
  points on it (*carica*), and when the rules show the partner's hand it counts those cards as
  friends, not threats.
* It declares accusi at once and exchanges the briscola when that gains a better card; in Briscola
  chiamata it bids and calls by the strength of its best suit (:mod:`briscola.bots.auction`).
* With partner signals it makes true signs and reads its partner's (:mod:`briscola.bots.signs`):
  a partner's "carica" makes its card safe to load; a "liscio" (its card may still be taken) keeps
  it from loading points there unless its own count shows the card safe.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=1)
>>> MediumBot(seed=1).act(observe(state, state.turn)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from briscola.bots import auction
from briscola.bots.knowledge import Knowledge, exchange_improves, play_cards
from briscola.bots.signs import partner_said, sign_to_make
from briscola.core.actions import Action, Declare, ExchangeBriscola, Play
from briscola.core.cards import Card
from briscola.core.observation import Observation
from briscola.core.signals import SignalKind

__all__ = ["MediumBot", "medium_card"]

_CARICO = 10  # an Asso or a Tre


class MediumBot:
    """The medium computer player (see the module's documentation)."""

    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        extra = auction.routine(obs)
        if extra is None:
            extra = special_action(obs)
        if extra is None:
            extra = sign_to_make(obs, medium_card)
        if extra is not None:
            return extra
        return Play(medium_card(obs))


def special_action(obs: Observation) -> Action | None:
    """An accuso to declare (trumps first), or the exchange of the briscola when it gains."""
    declares = [a for a in obs.legal if isinstance(a, Declare)]
    if declares:
        return max(declares, key=lambda a: a.suit is obs.trump)
    if ExchangeBriscola() in obs.legal and exchange_improves(obs):
        return ExchangeBriscola()
    return None


def medium_card(obs: Observation) -> Card:
    """The card the medium level plays in this observation."""
    know = Knowledge(obs)
    cards = play_cards(obs)
    if not obs.trick:
        return _lead(know, cards)
    return _follow(know, cards)


# -- following ------------------------------------------------------------------------------
def _follow(k: Knowledge, cards: Sequence[Card]) -> Card:
    win = k.winning()
    assert win is not None
    if k.rules.players == 2 and k.exact(1 - k.seat):
        return _follow_known(k, cards, win[1])
    win_seat, best = win
    pts = k.trick_points()
    threats = k.threats()
    stock = k.obs.stock_count
    if win_seat in k.friends:
        # a partner's "carica" vouches for its card; its "liscio" says only its own count
        # (this seat's, which knows its own hand) may call the card safe
        vouched = partner_said(k.obs, SignalKind.CARICA, win_seat)
        if k.safe(best, threats) or vouched:
            gifts = [c for c in cards if not k.is_trump(c) and k.points(c) > 0]
            if gifts:  # caricare: load the partner's trick
                return max(gifts, key=lambda c: (k.points(c), -k.strength(c)))
            return k.cheapest(cards)
        sure = [c for c in cards if k.beats(c, best) and k.safe(c, threats)]
        cheap_sure = [c for c in sure if k.points(c) < _CARICO]
        if pts >= _CARICO and cheap_sure:
            return k.cheapest(cheap_sure)  # make the partner's big trick safe
        return _discard(k, cards)
    winners = [c for c in cards if k.beats(c, best)]
    safe = [c for c in winners if k.safe(c, threats)]
    plain_safe = [c for c in safe if not k.is_trump(c)]
    if plain_safe:
        take = max(plain_safe, key=lambda c: (k.points(c), -k.strength(c)))
        if pts + k.points(take) > 0:
            return take
        cheap = k.cheapest(cards)
        if cheap in plain_safe:
            return cheap
    plain = [c for c in winners if not k.is_trump(c) and k.points(c) < _CARICO]
    if plain and pts > 0:
        return min(plain, key=lambda c: (k.points(c), k.strength(c)))
    trumps = sorted(
        (c for c in (safe or winners) if k.is_trump(c)), key=lambda c: (k.cost(c), c.index)
    )
    my_trumps = [c for c in cards if k.is_trump(c)]
    discard = _discard(k, cards)
    if trumps:
        low = trumps[0]
        low_is_big = k.points(low) >= _CARICO
        if pts >= _CARICO and (not low_is_big or pts + k.points(low) >= 20 or stock == 0):
            return low
        if pts >= 4 and k.points(low) == 0 and (len(my_trumps) >= 2 or stock <= 6):
            return low
        if k.points(discard) >= _CARICO and not low_is_big:
            return low  # better to trump than to give an Asso or a Tre away
        if pts + k.points(discard) >= 3 and k.points(low) <= 4 and stock == 0:
            return low
    return discard


def _discard(k: Knowledge, cards: Sequence[Card]) -> Card:
    """The card to throw on a trick this seat does not take: a liscio, never a trump if avoidable,
    and of two lisci the one of a suit whose carichi are still out (it could be taken anyway)."""
    return min(cards, key=lambda c: (k.cost(c), c.index))


# -- leading --------------------------------------------------------------------------------
def _lead(k: Knowledge, cards: Sequence[Card]) -> Card:
    n = k.rules.players
    if n == 2 and k.exact(1 - k.seat):
        return _lead_known(k, cards)
    plain = [c for c in cards if not k.is_trump(c)]
    lisci = [c for c in plain if k.points(c) == 0]
    if lisci:
        # a liscio whose suit has a carico still out is as good as any, keep the high ones
        return min(lisci, key=lambda c: (k.strength(c), c.index))
    figures = [c for c in plain if 0 < k.points(c) < _CARICO]
    safe_figures = [c for c in figures if not any(k.points(h) >= _CARICO for h in k.higher_out(c))]
    if safe_figures:
        return min(safe_figures, key=lambda c: (k.points(c), c.index))
    trumps = [c for c in cards if k.is_trump(c)]
    small_trumps = [c for c in trumps if k.points(c) == 0]
    if small_trumps and (len(trumps) >= 2 or not figures):
        return min(small_trumps, key=lambda c: (k.strength(c), c.index))
    if figures:
        return min(figures, key=lambda c: (k.points(c), c.index))
    carichi = [c for c in plain if k.points(c) >= _CARICO]
    top = [c for c in carichi if not k.higher_out(c)]
    if top and not k.trumps_out():
        return min(top, key=lambda c: (k.points(c), c.index))
    if small_trumps:
        return min(small_trumps, key=lambda c: (k.strength(c), c.index))
    figure_trumps = [c for c in trumps if k.points(c) < _CARICO]
    if figure_trumps:
        return min(figure_trumps, key=lambda c: (k.strength(c), c.index))
    if carichi:
        if top:
            return min(top, key=lambda c: (k.points(c), c.index))
        return min(carichi, key=lambda c: (k.points(c), c.index))
    return max(trumps, key=k.strength)  # only big trumps left: the strongest cannot be taken


def _lead_known(k: Knowledge, cards: Sequence[Card]) -> Card:
    """Two players, the opponent's hand known (the stock is empty): the lead with the best
    outcome under best play by both over the last tricks (a tiny exact search)."""
    opp = tuple(sorted(k.possible(1 - k.seat), key=lambda c: c.index))
    mine = tuple(sorted(cards, key=lambda c: c.index))
    return max(mine, key=lambda c: (_after_lead(k, mine, opp, c), -k.cost(c)))


def _follow_known(k: Knowledge, cards: Sequence[Card], lead: Card) -> Card:
    """Two players, the opponent's hand known: the answer with the best outcome to the end."""
    opp = tuple(sorted(k.possible(1 - k.seat), key=lambda c: c.index))
    mine = tuple(sorted(cards, key=lambda c: c.index))

    def value(reply: Card) -> int:
        pts = k.points(lead) + k.points(reply)
        rest = tuple(c for c in mine if c is not reply)
        if k.beats(reply, lead):
            return pts + _best_lead(k, rest, opp)
        return -pts - _best_lead(k, opp, rest)

    return max(mine, key=lambda c: (value(c), -k.cost(c)))


def _after_lead(k: Knowledge, mine: tuple[Card, ...], opp: tuple[Card, ...], lead: Card) -> int:
    """The point difference (this seat minus the opponent) for the rest of the deal when this
    seat leads ``lead`` and both then play their best, everything known."""
    rest = tuple(c for c in mine if c is not lead)
    best: int | None = None
    for reply in opp:
        pts = k.points(lead) + k.points(reply)
        left = tuple(c for c in opp if c is not reply)
        if k.beats(reply, lead):
            value = -pts - _best_lead(k, left, rest)
        else:
            value = pts + _best_lead(k, rest, left)
        if best is None or value < best:
            best = value
    return 0 if best is None else best


def _best_lead(k: Knowledge, leader: tuple[Card, ...], other: tuple[Card, ...]) -> int:
    if not leader:
        return 0
    return max(_after_lead(k, leader, other, c) for c in leader)
