"""Partner signals for the computer players: when to make a sign, and what a partner's sign says.

Signs are true (the rules offer the hand signs only when they are true), so a bot may rely on
its partner's:

* ``asso`` / ``tre``: the partner holds that trump. The observation already places it in the
  partner's hand (``known_cards``), so :class:`~briscola.bots.knowledge.Knowledge` counts it as
  a friend's card, never as a threat, and the search levels deal it to the partner in every world.
* ``carica``: the partner, whose card is on the table, expects to take the trick: load points on
  it even when the counting alone would not call it safe.
* ``liscio``: the partner asks for no points on this trick: throw the cheapest card.

A bot makes a sign when it helps: ``carica`` when the card it is about to play will surely take
the trick and a partner plays after it; otherwise, once a deal each, ``asso``, ``tre``,
``nessuna`` (no trumps) and ``alte`` (a high trump), in that order, when true.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("pairs", signals=True), seed=1)
>>> sign_to_make(observe(state, state.turn), lambda obs: state.hands[state.turn][0])
Signal(kind=<SignalKind.ALTE: 'alte'>)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from briscola.bots.knowledge import Knowledge
from briscola.core.actions import Signal
from briscola.core.cards import Card
from briscola.core.observation import Observation
from briscola.core.signals import SignalKind

__all__ = ["partner_said", "sign_to_make", "without_signals"]

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
    made = {s.kind for s in obs.signals if s.seat == obs.seat}
    for kind in _ONCE:
        if kind in legal and kind not in made:
            return Signal(kind)
    return None


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
