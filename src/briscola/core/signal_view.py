"""What each seat sees of the partner signs (:mod:`briscola.core.signals`) in a deal.

The signaller's side sees a sign's meaning; everybody else (the opponents, a spectator) sees only
that a sign was made: ``Signal(None)`` among the actions, a :class:`SignalMade` with no ``kind``.
A partner that said it holds the Asso (or the Tre) of trumps is known to hold it until it is
played.

>>> from briscola.core.actions import Signal
>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> from briscola.core.signals import SignalKind
>>> state = new_game(preset("pairs", signals=True), seed=1).apply(Signal(SignalKind.CARICA))
>>> seen_actions(state, 3), seen_actions(state, 0)
((Signal(kind=<SignalKind.CARICA: 'carica'>),), (Signal(kind=None),))
"""

from __future__ import annotations

from briscola.core.actions import Action, Signal
from briscola.core.cards import Card
from briscola.core.signals import mask_signals, signal_shown_to, signalled_cards
from briscola.core.state import DealState

__all__ = ["seen_actions", "told_cards"]


def seen_actions(state: DealState, viewer: int | None) -> tuple[Action, ...]:
    """The deal's actions as ``viewer`` (a seat, or None for a spectator) sees them: a sign of
    the other side is only a sign (``Signal(None)``)."""
    if not state.signals:
        return state.actions
    signs = iter(state.signals)
    out: list[Action] = []
    for action in state.actions:
        if isinstance(action, Signal):
            sign = next(signs)
            if not signal_shown_to(state.ruleset, sign.seat, viewer):
                action = Signal(None)
        out.append(action)
    return tuple(out)


def told_cards(state: DealState, viewer: int) -> dict[int, tuple[Card, ...]]:
    """The trumps that ``viewer``'s partners said they hold (``asso``, ``tre``) and still hold:
    not played since, nor given away in an exchange of the briscola."""
    if not state.signals:
        return {}
    gone = [c for t in state.tricks for c in t.cards()] + [c for _, c in state.trick]
    gone += [e.gave for e in state.exchanges]
    rules = state.ruleset
    seen = mask_signals(state.signals, rules, viewer)
    return signalled_cards(seen, state.trump, rules, gone)
