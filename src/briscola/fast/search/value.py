# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""The value of a finished deal for the searching seat (:func:`world_value`): the win with a
share of the margin, settlement units in Briscola chiamata, or the share of the other seats
beaten where every seat plays for itself."""

from __future__ import annotations

from briscola.fast.core import batch as B
from briscola.fast.core import layout as L
from briscola.fast.core.layout import (
    O_PTS,
    P_PARTNERSHIP,
    P_PLAYERS,
    P_TOTAL,
    PART_ALTERNATE,
    PART_CALLED,
    PART_NONE,
    S_CALLER,
    S_PARTNER,
)
from briscola.fast.jitcache import I16, I64, jit

__all__ = ["world_value"]

_INF = 1 << 20  # as the solver's: beyond any score


@jit
def _scored(diff: int, lam: float, total: int) -> float:
    """A point difference's value: the win (1, a draw 0.5, a loss 0) plus ``lam`` times the
    difference as a share of the deck's ``total`` points."""
    win = 1.0 if diff > 0 else (0.5 if diff == 0 else 0.0)
    return win + lam * diff / total


@jit
def world_value(
    P: I64, S: I64, row: I16, me: int, future: int, lam: float, pairwise: bool
) -> float:
    """The value of a finished (or exactly solved) deal for seat ``me``: its side's win (1, a
    draw 0.5, a loss 0) plus ``lam`` times the point margin over the best other side, as a share
    of the deck's points. ``future`` is the solver's difference still to add (two players).
    In Briscola chiamata: the seat's settlement units plus the margin. With ``pairwise`` and
    every seat for itself (three players, four alone): the mean over the other seats of the win
    against each (1, ½, 0) and ``lam`` times the margin over each: the share of the others
    beaten, not the win over the best of them."""
    n = P[P_PLAYERS]
    part = P[P_PARTNERSHIP]
    total = P[P_TOTAL]
    if part == PART_CALLED:
        B.finish(P, S, row)
        caller = S[S_CALLER]
        partner = S[S_PARTNER]
        mine = 1 if me != caller and me != partner else 0
        margin = row[L.R_TEAM + mine] - row[L.R_TEAM + 1 - mine]
        return row[L.R_UNITS + me] + lam * margin / total
    if n == 2:
        diff = S[O_PTS] - S[O_PTS + 1] + future
        if me == 1:
            diff = -diff
    elif pairwise and part == PART_NONE:
        acc = 0.0
        for s in range(n):
            if s != me:
                acc += _scored(S[O_PTS + me] - S[O_PTS + s], lam, total)
        return acc / (n - 1)
    else:
        teams = 2 if part == PART_ALTERNATE else n
        mine_t = (me & 1) if part == PART_ALTERNATE else me
        best_other = -_INF
        pts = 0
        for t in range(teams):
            tp = 0
            for s in range(n):
                st = (s & 1) if part == PART_ALTERNATE else s
                if st == t:
                    tp += S[O_PTS + s]
            if t == mine_t:
                pts = tp
            elif tp > best_other:
                best_other = tp
        diff = pts - best_other
    return _scored(diff, lam, total)
