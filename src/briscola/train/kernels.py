# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, index"
"""The warm start's data in compiled code: positions of the fast core labelled by the medium rules.

:func:`medium_positions` deals ``n_deals`` deals (two players, or two teams) and plays them to
the end, every seat by the compiled medium policy
(:func:`briscola.fast.search.policy.medium_play`), except that with probability ``eps`` a move
is a uniformly random legal one (so the positions reach beyond the medium policy's own lines).
At every decision with more than one legal action it writes the observation of the seat to act
(the 798 floats of :func:`briscola.env.encoding.encode`, from what that seat may see:
:func:`briscola.fast.env_kernels.encode_one` with that seat as the observer), its legal actions,
the medium rules' action (the label, also when the move played was random) and, once the deal is
over, the deal's value for that seat as the search levels count it: a win 1, a draw ½, plus
``lam`` times the point margin as a share of the deck's points (with teams, the side's: the
points its seats took together).

The kernels are compiled once and cached on disk, as the fast core's are (their dependencies are
in :data:`briscola.fast.jitcache.DEPENDS`, so an edit of the core drops the stale cache).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.fast import env_kernels as vk
from briscola.fast.core import layout as L
from briscola.fast.core.kernel import apply_code, deal, legal
from briscola.fast.core.rng import game_rng, rng_below, rng_next, shuffle_deck
from briscola.fast.jitcache import jit, jit_nrt
from briscola.fast.search.policy import medium_play, played_mask
from briscola.fast.search.solver import can_solve, solve_from

__all__ = ["Game", "endgame_positions", "game_arrays", "medium_positions"]

I64 = npt.NDArray[np.int64]
F32 = npt.NDArray[np.float32]
Game = tuple[I64, I64, I64, F32, I64]
"""The fast core's arrays a kernel plays with: the rules ``P``, the medium policy's tables ``T``,
the encoder's ``V`` and ``static``, the action codes' indices ``c2i``
(:func:`game_arrays`)."""


def game_arrays(rules: Any) -> Game:
    """The arrays of :data:`Game` for a ruleset of two sides (two players, or two teams)."""
    from briscola.env.vector import BriscolaVectorEnv
    from briscola.fast.search.policy import T_LEN, fill_tables

    env = BriscolaVectorEnv(1, rules)
    T = np.zeros(T_LEN, np.int64)
    fill_tables(env.P, T)
    return env.P, T, env.V, env.static, env.c2i


@jit
def _deal_value(P: I64, S: I64, seat: int, lam: float) -> float:
    """The finished deal's value for ``seat`` at a table of two sides (two players, or two
    teams): its side's win 1, draw ½, plus the margin over the other side."""
    mine = 0
    total = 0
    for s in range(P[L.P_PLAYERS]):
        total += S[L.O_PTS + s]
        if P[L.P_TEAM + s] == P[L.P_TEAM + seat]:
            mine += S[L.O_PTS + s]
    other = total - mine
    win = 1.0 if mine > other else (0.5 if mine == other else 0.0)
    return win + lam * (mine - other) / 120.0


@jit
def _start_deal(P: I64, S: I64, ex: I64, seed: int, g: int, decks: npt.NDArray[np.int8]) -> Any:
    """Deal deal ``g`` of ``seed`` into ``S`` (its deck order and dealer into row ``g`` of
    ``decks`` when it has one), the extras cleared; the generator state."""
    x = game_rng(np.uint64(seed), g)
    x = shuffle_deck(P, S, x)
    x = rng_next(x)
    dealer = rng_below(x, P[L.P_PLAYERS])
    if decks.shape[0] > g:
        for i in range(P[L.P_DECK_SIZE]):
            decks[g, i] = S[L.O_DECK + i]
        decks[g, P[L.P_DECK_SIZE]] = dealer
    deal(P, S, dealer)
    for i in range(vk.X_LEN):
        ex[i] = 0
    return x


@jit
def _explore(x: Any, k: int, buf: I64, code: int, eps: float) -> tuple[Any, int]:
    """With probability ``eps`` (and a choice), a uniformly random legal move instead of
    ``code``; the generator state and the move."""
    x = rng_next(x)
    if k > 1 and (x >> np.uint64(11)) * (1.0 / 9007199254740992.0) < eps:
        x = rng_next(x)
        code = buf[rng_below(x, k)]
    return x, code


@jit_nrt
def medium_positions(
    game: Game,
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
    P, T, V, static, c2i = game
    S = np.zeros(L.S_LEN, np.int64)
    ex = np.zeros(vk.X_LEN, np.int64)
    log = np.zeros(vk.LOG_LEN, np.int64)
    buf = np.zeros(L.MAX_ACTIONS, np.int64)
    seats = np.zeros(64, np.int64)
    rows = 0
    cap = obs.shape[0]
    for g in range(n_deals):
        if rows >= cap:
            break
        x = _start_deal(P, S, ex, seed, g, decks)
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
            x, code = _explore(x, k, buf, code, eps)
            if row >= 0:
                moves[row] = c2i[code]
            vk.apply_tracked(P, S, ex, log, buf, V, code)
        for r in range(first, rows):
            values[r] = _deal_value(P, S, seats[r - first], lam)
    return rows


@jit
def _exact_targets(
    P: I64,
    S: I64,
    S2: I64,
    buf: I64,
    buf2: I64,
    ws: I64,
    vals: npt.NDArray[np.float64],
    k: int,
    lam: float,
    tau: float,
    c2i: I64,
    target: F32,
) -> float:
    """Every legal action's exact value for the seat to act (stock empty, two players: each
    action played, the rest solved), ``softmax(values / tau)`` into ``target``; the best value."""
    seat = S[L.S_TURN]
    best = -1e9
    for j in range(k):
        for i in range(L.S_LEN):
            S2[i] = S[i]
        apply_code(P, S2, buf2, buf[j])
        future = solve_from(P, S2, ws) if S2[L.S_PHASE] == L.PH_PLAY else 0
        diff = S2[L.O_PTS] - S2[L.O_PTS + 1] + future
        if seat == 1:
            diff = -diff
        win = 1.0 if diff > 0 else (0.5 if diff == 0 else 0.0)
        vals[j] = win + lam * diff / 120.0
        best = max(best, vals[j])
    total = 0.0
    for j in range(k):
        vals[j] = np.exp((vals[j] - best) / tau)
        total += vals[j]
    for i in range(target.shape[0]):
        target[i] = 0.0
    for j in range(k):
        target[c2i[buf[j]]] = vals[j] / total
    return best


@jit_nrt
def endgame_positions(
    game: Game,
    seed: int,
    n_deals: int,
    eps: float,
    lam: float,
    tau: float,
    obs: F32,
    masks: npt.NDArray[np.bool_],
    target: F32,
    values: F32,
    ws: I64,
    decks: npt.NDArray[np.int8],
    trace: I64,
) -> int:
    """Play ``n_deals`` deals from ``seed`` as :func:`medium_positions` does (two players) and
    write every position with the stock empty and a choice: its observation, mask, the exact
    policy target (``softmax(values / tau)`` of each action's solved value) and the best value;
    returns the rows written (at most as many as the arrays hold). ``ws`` is the solver's work
    space (:func:`briscola.fast.search.solver.solver_stack`); each deal's deck order and dealer go
    into ``decks`` and the codes of its moves into ``trace`` when they have its row (for
    replaying the deals in the reference engine)."""
    P, T, V, static, c2i = game
    S = np.zeros(L.S_LEN, np.int64)
    S2 = np.zeros(L.S_LEN, np.int64)
    ex = np.zeros(vk.X_LEN, np.int64)
    log = np.zeros(vk.LOG_LEN, np.int64)
    buf = np.zeros(L.MAX_ACTIONS, np.int64)
    buf2 = np.zeros(L.MAX_ACTIONS, np.int64)
    vals = np.zeros(L.MAX_ACTIONS, np.float64)
    rows = 0
    cap = obs.shape[0]
    for g in range(n_deals):
        if rows >= cap:
            break
        x = _start_deal(P, S, ex, seed, g, decks)
        ply = 0
        while S[L.S_PHASE] != L.PH_OVER:
            k = legal(P, S, buf)
            code = medium_play(P, S, T, played_mask(P, S, T))
            if k > 1 and rows < cap and can_solve(P, S, 0):
                ex[vk.X_SEAT] = S[L.S_TURN]
                vk.encode_one(P, S, ex, V, static, obs[rows])
                vk.mask_one(P, S, buf, c2i, masks[rows])
                values[rows] = _exact_targets(
                    P, S, S2, buf, buf2, ws, vals, k, lam, tau, c2i, target[rows]
                )
                rows += 1
            x, code = _explore(x, k, buf, code, eps)
            if decks.shape[0] > g and ply < trace.shape[1]:
                trace[g, ply] = code
            ply += 1
            vk.apply_tracked(P, S, ex, log, buf, V, code)
    return rows
