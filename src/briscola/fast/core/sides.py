# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment"
"""Sides in the compiled core: who a seat knows to play with it.

:func:`side_of` answers from the full state what :meth:`briscola.core.observation.Observation.sides`
answers from the seat's observation (``tests/fast/test_sides_parity.py`` holds them to it).
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import layout as L
from briscola.fast.core.kernel import suit_of
from briscola.fast.jitcache import I64
from briscola.fast.jitcache import jit as _jit

__all__ = ["SIDE_AGAINST", "SIDE_UNKNOWN", "SIDE_WITH", "called_holder_known", "side_of"]

_ONE = np.int64(1)


SIDE_WITH = 1
SIDE_AGAINST = -1
SIDE_UNKNOWN = 0


@_jit
def side_of(P: I64, S: I64, seat: int, other: int) -> int:
    """What ``seat`` knows of ``other``'s side: ``SIDE_WITH``, ``SIDE_AGAINST`` or
    ``SIDE_UNKNOWN``, as :meth:`briscola.core.observation.Observation.sides` answers from
    ``seat``'s observation (a parity test holds them to it)."""
    if other == seat:
        return SIDE_WITH
    team = P[L.P_TEAM + seat]
    if team >= 0:  # fixed sides: teams, or every seat for itself
        return SIDE_WITH if P[L.P_TEAM + other] == team else SIDE_AGAINST
    caller = S[L.S_CALLER]
    if caller < 0 or S[L.S_CALLED] < 0:  # chiamata before the call: nobody knows yet
        return SIDE_UNKNOWN
    holder = S[L.S_PARTNER]
    if called_holder_known(P, S, seat):
        mine = seat in (caller, holder)
        theirs = other in (caller, holder)
        return SIDE_WITH if mine == theirs else SIDE_AGAINST
    # the holder of the called card is one of the seats that still hold cards, this one aside
    if seat != caller and other == caller:
        return SIDE_AGAINST
    if S[L.O_HCOUNT + other] > 0:
        return SIDE_UNKNOWN
    return SIDE_AGAINST if seat == caller else SIDE_WITH


@_jit
def called_holder_known(P: I64, S: I64, seat: int) -> bool:
    """Chiamata: True when ``seat`` knows who holds the called card (the caller's partner): the
    card has been played, ``seat`` holds it, it is a declared Re or Cavallo, or only one other
    seat still holds cards."""
    called = S[L.S_CALLED]
    if S[L.S_REVEALED] != 0 or S[L.S_PARTNER] == seat:
        return True
    if (S[L.S_DECLARED] >> suit_of(called)) & _ONE and called % 10 >= 8:
        return True  # the Re and Cavallo of a declared suit stay known until played
    others = 0
    for s in range(P[L.P_PLAYERS]):
        if s != seat and S[L.O_HCOUNT + s] > 0:
            others += 1
    return others == 1
