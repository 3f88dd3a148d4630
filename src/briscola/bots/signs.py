"""Partner signals for the computer players: when to make a sign, and what a partner's sign says.

Signs are true (the rules offer the hand signs only when they are true), so a bot may rely on
its partner's:

* ``asso`` / ``tre``: the partner holds that trump. The observation already places it in the
  partner's hand (``known_cards``), so :class:`~briscola.bots.knowledge.Knowledge` counts it as
  a friend's card, never as a threat, and the search levels deal it to the partner in every world.
* ``carica``: the partner, whose card is on the table, expects to take the trick: load points on
  it even when the counting alone would not call it safe.
* ``liscio``: the partner's card, winning the trick, may still be taken by an opponent who plays
  after this seat: load no points on it unless this seat's own count shows it safe (this seat
  knows its own hand, which may hold the card the partner feared); taking the trick over with a
  cheap sure card stays allowed.
* ``nessuna`` / ``alte``: the partner held no trump / a high trump (the Fante or above) when it
  signed. :func:`hand_limits` turns that into bounds on its hand now (the cards it drew since are
  unknown), and the search levels sample only worlds within them.

A bot makes a sign when it helps: ``carica`` when the card it is about to play will surely take
the trick and a partner plays after it; otherwise, once a deal each, ``asso``, ``tre``,
``nessuna`` (no trumps; again after each draw while still true) and ``alte`` (a high trump), in
that order, when true; otherwise ``liscio`` when the card it is about to play (a trump, or a card
with points: one a partner could take for a strong one) will be winning the trick as it leaves
the bot, a partner plays after it, and an opponent who plays after that partner may beat it
(:func:`liscio_useful`).

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("pairs", signals=True), seed=1)
>>> sign_to_make(observe(state, state.turn), lambda obs: state.hands[state.turn][0])
Signal(kind=<SignalKind.ALTE: 'alte'>)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from briscola.bots.knowledge import Knowledge
from briscola.core.actions import Signal
from briscola.core.cards import Card, Rank, Suit
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset
from briscola.core.signals import SignalKind

__all__ = [
    "HandLimit",
    "hand_limits",
    "high_trumps",
    "liscio_useful",
    "partner_said",
    "sign_to_make",
    "without_signals",
]

_ONCE: Final = (SignalKind.ASSO, SignalKind.TRE, SignalKind.NESSUNA, SignalKind.ALTE)
"""The hand signs a bot makes once a deal, most useful first."""


def partner_said(obs: Observation, kind: SignalKind, seat: int | None = None) -> bool:
    """Did a partner (``seat``, or any) make the sign ``kind`` in the trick being played?"""
    trick = len(obs.tricks)
    return any(
        s.kind is kind and s.trick == trick and s.seat != obs.seat and seat in (None, s.seat)
        for s in obs.signals
    )


def sign_to_make(obs: Observation, card_for: Callable[[Observation], Card]) -> Signal | None:
    """The sign this bot makes now, if any; ``card_for`` is the card it would play (its level's
    choice), used to tell whether the partner should load the trick."""
    legal = {a.kind for a in obs.legal if isinstance(a, Signal)}
    if not legal or obs.trump is None:
        return None
    know = Knowledge(obs)
    if SignalKind.CARICA in legal and know.friends_later:
        card = card_for(obs)
        win = know.winning()
        if (win is None or know.beats(card, win[1])) and know.safe(card):
            return Signal(SignalKind.CARICA)
    rounds = _draw_rounds(obs)
    # once a deal; "nessuna" again once the seat has drawn since (the partner's bound widens)
    made = {
        s.kind
        for s in obs.signals
        if s.seat == obs.seat and (s.kind is not SignalKind.NESSUNA or s.trick >= rounds)
    }
    for kind in _ONCE:
        if kind in legal and kind not in made:
            return Signal(kind)
    if SignalKind.LISCIO in legal and know.friends_later and liscio_useful(know, card_for(obs)):
        return Signal(SignalKind.LISCIO)
    return None


def liscio_useful(know: Knowledge, card: Card) -> bool:
    """Should this seat, about to play ``card``, tell its partner "liscio" (do not load it)?

    True when ``card`` is a trump or has points, will be winning the trick as it leaves this
    seat, and an opponent who plays after the first partner still to play may beat it (by this
    seat's count): the partner would load points on a card that can still be taken."""
    if not know.friends_later or not (know.is_trump(card) or know.points(card) > 0):
        return False
    win = know.winning()
    if win is not None and not know.beats(card, win[1]):
        return False  # an opponent's card stays on top: nothing to load on
    first = know.later.index(know.friends_later[0])
    after = [s for s in know.later[first + 1 :] if s not in know.friends]
    threats = {c for s in after for c in know.possible(s)}
    return bool(after) and not know.safe(card, threats)


def without_signals(obs: Observation) -> Observation:
    """The observation with the signs taken out (the partner's named trumps stay in
    ``known_cards``): what the fast core, which plays no signs, can search."""
    if not obs.ruleset.signals:
        return obs
    return replace(
        obs,
        ruleset=obs.ruleset.with_options(signals=False),
        actions=tuple(a for a in obs.actions if not isinstance(a, Signal)),
        legal=tuple(a for a in obs.legal if not isinstance(a, Signal)),
        signals=(),
    )


@dataclass(frozen=True, slots=True)
class HandLimit:
    """What a partner's signs say about its hand now: it holds at most ``max_trumps`` trumps
    (None: no bound) and, with ``high``, at least one high trump (the Fante of trumps or above)."""

    seat: int
    max_trumps: int | None
    high: bool


def high_trumps(trump: Suit, rules: Ruleset) -> frozenset[Card]:
    """The trumps that make a sign ``alte`` true: the Fante of trumps and every stronger one."""
    fante = rules.strength_of(Card(trump, Rank.FANTE))
    return frozenset(c for c in rules.deck() if c.suit is trump and rules.strength_of(c) >= fante)


def _draw_rounds(obs: Observation) -> int:
    """How many times every seat has drawn from the stock so far (after the tricks 0, 1, ...)."""
    rules = obs.ruleset
    n = rules.players
    return (len(rules.deck()) - n * rules.hand_size - obs.stock_count) // n


def hand_limits(obs: Observation) -> tuple[HandLimit, ...]:
    """The bounds the partners' ``nessuna`` and ``alte`` put on their hands now.

    Only signs whose meaning this seat sees count (its partners': an opponent's sign has no
    meaning in the observation). A sign tells the hand when it was made, before the signer's
    card of that trick: after ``nessuna`` the partner holds no more trumps than it drew since,
    less the trumps it played from those draws; after ``alte`` it still holds a high trump until
    it plays one (it may have held only that one).
    """
    trump = obs.trump
    if trump is None or not obs.signals:
        return ()
    rounds = _draw_rounds(obs)
    plays = [(t, seat, card) for t, trick in enumerate(obs.tricks) for seat, card in trick.plays]
    plays += [(len(obs.tricks), seat, card) for seat, card in obs.trick]
    high = high_trumps(trump, obs.ruleset)
    caps: dict[int, int] = {}
    tops: set[int] = set()
    for sign in obs.signals:
        if sign.kind is None or sign.seat == obs.seat:
            continue
        after = [c for t, seat, c in plays if seat == sign.seat and t >= sign.trick]
        if sign.kind is SignalKind.NESSUNA:
            since = [c for t, seat, c in plays if seat == sign.seat and t > sign.trick]
            drawn = max(0, rounds - sign.trick)
            cap = max(0, drawn - sum(1 for c in since if c.suit is trump))
            caps[sign.seat] = min(cap, caps.get(sign.seat, cap))
        elif sign.kind is SignalKind.ALTE and not any(c in high for c in after):
            tops.add(sign.seat)
    return tuple(HandLimit(seat, caps.get(seat), seat in tops) for seat in sorted(set(caps) | tops))
