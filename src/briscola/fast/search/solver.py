# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""The exact two-player solver: alpha-beta over the rest of a deal with every card known.

A search bot calls it on a sampled world (see :mod:`briscola.fast.search.pimc`) once the stock is
short: :func:`solve_from` gives the future point difference of a state array under best play by
both seats, and :func:`can_solve` says when a deal may be handed to it. The rules it plays are
the core's own helpers (:mod:`briscola.fast.core.kernel`): who takes a trick, who draws which
card, the accusi and their points.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import kernel as K
from briscola.fast.core.kernel import stock_left
from briscola.fast.core.layout import (
    EXCH_NONE,
    EXCH_TWO,
    O_DECK,
    O_HMASK,
    O_TCARD,
    O_TSEAT,
    P_ACCUSI,
    P_EXCHANGE,
    P_PLAYERS,
    P_POINTS,
    PH_PLAY,
    S_DECLARED,
    S_PHASE,
    S_SP,
    S_TN,
    S_TRICKS,
    S_TRUMP,
    S_TURN,
)
from briscola.fast.jitcache import I64, inline, jit

__all__ = ["MAX_PLIES", "can_solve", "solve_from", "solver_stack", "stock_left"]

_ONE = np.int64(1)
_INF = 1 << 20


# The solver is iterative, on an explicit stack (``ws``, see :func:`solver_stack`): Numba's cache
# does not keep recursive functions safely (numba/numba#6061).
_F_H0 = 0
_F_H1 = 1
_F_SP = 2
_F_TURN = 3
_F_LEAD = 4
_F_LSEAT = 5
_F_DECL = 6
_F_ALPHA = 7
_F_BETA = 8
_F_BEST = 9
_F_BONUS = 10
_F_NEXT = 11
_F_TP = 12
_F_LEN = 13
MAX_PLIES = 2 * 20 + 2


def solver_stack() -> I64:
    """Work space for the exact solver."""
    return np.zeros((MAX_PLIES, _F_LEN), np.int64)


@jit
def _enter(
    P: I64,
    ws: I64,
    d: int,
    trump: int,
    h0: int,
    h1: int,
    sp: int,
    turn: int,
    lead: int,
    lead_seat: int,
    declared: int,
    alpha: int,
    beta: int,
) -> None:
    """Open the solver's frame ``d``: the seat to act declares every accuso it can first (with
    every card known that never hurts), which shifts the search window."""
    hand = h0 if turn == 0 else h1
    bonus = 0
    if P[P_ACCUSI] != 0:
        for suit in range(4):
            if (declared >> suit) & 1 == 0 and K.has_accuso(hand, suit):
                declared |= 1 << suit
                b = K.accuso_points(P, suit, trump)
                bonus += b if turn == 0 else -b
    ws[d, _F_H0] = h0
    ws[d, _F_H1] = h1
    ws[d, _F_SP] = sp
    ws[d, _F_TURN] = turn
    ws[d, _F_LEAD] = lead
    ws[d, _F_LSEAT] = lead_seat
    ws[d, _F_DECL] = declared
    ws[d, _F_ALPHA] = alpha - bonus
    ws[d, _F_BETA] = beta - bonus
    ws[d, _F_BEST] = -_INF if turn == 0 else _INF
    ws[d, _F_BONUS] = bonus
    ws[d, _F_NEXT] = 0
    ws[d, _F_TP] = 0


@inline
def _play(P: I64, S: I64, ws: I64, d: int, c: int, trump: int) -> None:
    """The seat to act in frame ``d`` plays ``c``: a completed trick is taken and both seats
    draw (the stock lies in ``S``), and frame ``d + 1`` is opened."""
    turn = ws[d, _F_TURN]
    bit = _ONE << c
    h0 = ws[d, _F_H0]
    h1 = ws[d, _F_H1]
    if turn == 0:
        h0 &= ~bit
    else:
        h1 &= ~bit
    lead = ws[d, _F_LEAD]
    sp = ws[d, _F_SP]
    if lead < 0:
        tp = 0
        nturn = 1 - turn
        nlead = c
        nlseat = turn
    else:
        winner = turn if K.beats(P, c, lead, trump) else ws[d, _F_LSEAT]
        pts = P[P_POINTS + c] + P[P_POINTS + lead]
        tp = pts if winner == 0 else -pts
        if K.stock_open(P, sp):
            h0 |= _ONE << K.draw_for(P, S, O_DECK, sp, winner, 0)
            h1 |= _ONE << K.draw_for(P, S, O_DECK, sp, winner, 1)
            sp += 2
        nturn = winner
        nlead = -1
        nlseat = -1
    ws[d, _F_TP] = tp
    _enter(
        P, ws, d + 1, trump, h0, h1, sp, nturn, nlead, nlseat, ws[d, _F_DECL],
        ws[d, _F_ALPHA] - tp, ws[d, _F_BETA] - tp,
    )  # fmt: skip


@jit
def solve_from(P: I64, S: I64, ws: I64) -> int:
    """The exact future point difference (seat 0 minus seat 1) of a two-player deal in the play
    phase with every card known (the stock order included): best play by both from here
    (alpha-beta over the rest of the deal)."""
    lead = -1
    lead_seat = -1
    if S[S_TN] == 1:
        lead = S[O_TCARD]
        lead_seat = S[O_TSEAT]
    trump = S[S_TRUMP]
    h0 = S[O_HMASK]
    h1 = S[O_HMASK + 1]
    _enter(P, ws, 0, trump, h0, h1, S[S_SP], S[S_TURN], lead, lead_seat, S[S_DECLARED], -_INF, _INF)
    d = 0
    while True:
        hand = ws[d, _F_H0] if ws[d, _F_TURN] == 0 else ws[d, _F_H1]
        c = ws[d, _F_NEXT]
        if hand != 0 and ws[d, _F_ALPHA] < ws[d, _F_BETA]:
            while c < 40 and (hand >> c) & 1 == 0:
                c += 1
        else:
            c = 40
        if c < 40:
            ws[d, _F_NEXT] = c + 1
            _play(P, S, ws, d, c, trump)
            d += 1
            continue
        # this frame is done: its value goes to the parent
        val = 0 if hand == 0 else ws[d, _F_BEST] + ws[d, _F_BONUS]
        if d == 0:
            return val
        d -= 1
        v = ws[d, _F_TP] + val
        if ws[d, _F_TURN] == 0:
            if v > ws[d, _F_BEST]:
                ws[d, _F_BEST] = v
                if v > ws[d, _F_ALPHA]:
                    ws[d, _F_ALPHA] = v
        elif v < ws[d, _F_BEST]:
            ws[d, _F_BEST] = v
            if v < ws[d, _F_BETA]:
                ws[d, _F_BETA] = v


@jit
def can_solve(P: I64, S: I64, solve_stock: int) -> bool:
    """True when the exact solver may finish this two-player deal: the stock is short enough and
    no exchange of the briscola can happen any more."""
    if P[P_PLAYERS] != 2 or S[S_PHASE] != PH_PLAY:
        return False
    left = stock_left(P, S)
    if left > solve_stock:
        return False
    if left == 0 or P[P_EXCHANGE] == EXCH_NONE:
        return True
    return P[P_EXCHANGE] == EXCH_TWO and S[S_TRICKS] > 0
