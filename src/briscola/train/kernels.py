# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, index"
"""The warm start's data in compiled code: positions of the fast core labelled by the medium rules.

:func:`medium_positions` deals ``n_deals`` deals (two players) and plays them to the end, every
seat by the compiled medium policy (:func:`briscola.fast.search.policy.medium_play`), except that
with probability ``eps`` a move is a uniformly random legal one (so the positions reach beyond
the medium policy's own lines). At every decision with more than one legal action it writes the
observation of the seat to act (the 798 floats of :func:`briscola.env.encoding.encode`, from what
that seat may see: :func:`briscola.fast.env_kernels.encode_one` with that seat as the observer),
its legal actions, the medium rules' action (the label, also when the move played was random) and,
once the deal is over, the deal's value for that seat as the search levels count it: a win 1, a
draw ½, plus ``lam`` times the point margin as a share of the deck's points.

The kernels are compiled once and cached on disk, as the fast core's are (their dependencies are
in :data:`briscola.fast.jitcache.DEPENDS`, so an edit of the core drops the stale cache).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from briscola.fast import env_kernels as vk
from briscola.fast.core import layout as L
from briscola.fast.core.kernel import deal, legal
from briscola.fast.core.rng import game_rng, rng_below, rng_next, shuffle_deck
from briscola.fast.jitcache import jit, jit_nrt
from briscola.fast.search.policy import medium_play, played_mask

__all__ = ["medium_positions"]

I64 = npt.NDArray[np.int64]
F32 = npt.NDArray[np.float32]


@jit
def _deal_value(P: I64, S: I64, seat: int, lam: float) -> float:
    """The finished deal's value for ``seat`` (two players): win 1, draw ½, plus the margin."""
    mine = S[L.O_PTS + seat]
    total = 0
    for s in range(P[L.P_PLAYERS]):
        total += S[L.O_PTS + s]
    other = total - mine
    win = 1.0 if mine > other else (0.5 if mine == other else 0.0)
    return win + lam * (mine - other) / 120.0


@jit_nrt
def medium_positions(
    P: I64,
    T: I64,
    V: I64,
    static: F32,
    c2i: I64,
    seed: int,
    n_deals: int,
    eps: float,
    lam: float,
    obs: F32,
    masks: npt.NDArray[np.bool_],
    labels: I64,
    values: F32,
    moves: I64,
    decks: npt.NDArray[np.int8],
) -> int:
    """Play ``n_deals`` deals from ``seed``; write each position's observation, mask, medium
    label, value and the move played into the arrays (as many rows as they hold), and each deal's
    deck order and dealer into ``decks`` (its last column the dealer, when it has ``n_deals``
    rows, for replaying them in the reference engine); returns the rows written."""
    S = np.zeros(L.S_LEN, np.int64)
    ex = np.zeros(vk.X_LEN, np.int64)
    log = np.zeros(vk.LOG_LEN, np.int64)
    buf = np.zeros(L.MAX_ACTIONS, np.int64)
    seats = np.zeros(64, np.int64)
    rows = 0
    cap = obs.shape[0]
    n = P[L.P_PLAYERS]
    for g in range(n_deals):
        if rows >= cap:
            break
        x = game_rng(np.uint64(seed), g)
        x = shuffle_deck(P, S, x)
        x = rng_next(x)
        dealer = rng_below(x, n)
        if decks.shape[0] > g:
            for i in range(P[L.P_DECK_SIZE]):
                decks[g, i] = S[L.O_DECK + i]
            decks[g, P[L.P_DECK_SIZE]] = dealer
        deal(P, S, dealer)
        for i in range(vk.X_LEN):
            ex[i] = 0
        first = rows
        while S[L.S_PHASE] != L.PH_OVER:
            seat = S[L.S_TURN]
            k = legal(P, S, buf)
            code = medium_play(P, S, T, played_mask(P, S, T))
            row = -1
            if k > 1 and rows < cap and rows - first < seats.shape[0]:
                row = rows
                ex[vk.X_SEAT] = seat
                vk.encode_one(P, S, ex, V, static, obs[row])
                vk.mask_one(P, S, buf, c2i, masks[row])
                labels[row] = c2i[code]
                seats[row - first] = seat
                rows += 1
            x = rng_next(x)
            if k > 1 and (x >> np.uint64(11)) * (1.0 / 9007199254740992.0) < eps:
                x = rng_next(x)
                code = buf[rng_below(x, k)]
            if row >= 0:
                moves[row] = c2i[code]
            vk.apply_tracked(P, S, ex, log, buf, V, code)
        for r in range(first, rows):
            values[r] = _deal_value(P, S, seats[r - first], lam)
    return rows
