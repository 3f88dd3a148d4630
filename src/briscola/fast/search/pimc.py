# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Search kernels for the computer players: sampled worlds, rollouts and exact endgames.

A search bot sees one seat's :class:`~briscola.core.observation.Observation`.
:func:`encode_observation` turns it into the fast core's state array with every card the seat cannot
see put in a list of *unknown slots* (other hands, the hidden stock); :func:`resample` deals the
unknown cards over those slots at random, which gives a full state consistent with the observation
(a *determinization*, as :func:`briscola.core.observation.determinize` makes, thousands of times
faster).

On each sampled world :func:`pimc` plays every candidate action and finishes the deal with a
rollout policy (the core's heuristic), and in two players switches to the exact solver
(:func:`solve_from`, alpha-beta over the remaining tricks, the stock order known in that world) when
few cards are left in the stock. The value of a finished deal for the searching seat is its side's
win (1, a draw 0.5) plus a small share of the point margin, or in Briscola chiamata its settlement
units plus the margin.

The kernels are split by what they do, and all of them can be reached from here:
:mod:`~briscola.fast.search.encode` (an observation as arrays, work space),
:mod:`~briscola.fast.search.solver` (the exact two-player solver),
:mod:`~briscola.fast.search.policy` (the medium level's rules as a rollout policy),
:mod:`~briscola.fast.search.inference` (worlds weighed by the opponent's past plays) and this module
(worlds, rollouts, values, PIMC).

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> enc = encode_observation(observe(new_game(preset("pairs"), seed=3), 0))
>>> world = enc.S.copy()
>>> pool = enc.pool.copy()
>>> x = R.game_rng(np.uint64(1), 0)
>>> _ = resample(enc.P, enc.S, world, enc.slots, pool, len(pool), False, x)
>>> sorted(world[enc.slots]) == sorted(enc.pool)  # the unseen cards, dealt over the unseen slots
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from briscola.fast.core import kernel as K
from briscola.fast.core import policies as Pol
from briscola.fast.core import rng as R
from briscola.fast.core.layout import (
    MAX_HAND,
    O_HANDS,
    O_HCOUNT,
    O_HMASK,
    P_PARTNERSHIP,
    P_PLAYERS,
    PART_NONE,
    PH_PLAY,
    S_CALLED,
    S_LEN,
    S_PARTNER,
    S_PHASE,
    S_TURN,
)
from briscola.fast.jitcache import F64, I16, I64, jit

# the other search modules' public names are re-exported (``FS.<name>`` reaches every one)
from briscola.fast.search.encode import Encoded, encode_observation, work_arrays
from briscola.fast.search.endgame import (
    can_solve_n,
    endgame_stack,
    play_exact,
    side_mask,
    solve_line,
)
from briscola.fast.search.inference import (
    E_KIND,
    E_SP,
    EV_DRAW,
    EV_DRAW_KNOWN,
    EV_EXCHANGE,
    EV_PLAY,
    fill_worlds,
    hand_weights,
    history_events,
    joint_worlds,
)
from briscola.fast.search.policy import (
    T_CARICHI,
    T_DECK,
    T_LEN,
    T_SUIT,
    fill_tables,
    medium_card,
    medium_play,
    played_mask,
)
from briscola.fast.search.respond import best_response
from briscola.fast.search.solver import (
    MAX_PLIES,
    can_solve,
    solve_from,
    solver_stack,
    stock_left,
)
from briscola.fast.search.value import world_value

__all__ = [
    "EV_DRAW",
    "EV_DRAW_KNOWN",
    "EV_EXCHANGE",
    "EV_PLAY",
    "E_KIND",
    "E_SP",
    "MAX_PLIES",
    "POLICY_MEDIUM",
    "POLICY_RANDOM",
    "POLICY_SIMPLE",
    "T_CARICHI",
    "T_DECK",
    "T_LEN",
    "T_SUIT",
    "Encoded",
    "can_solve",
    "can_solve_n",
    "encode_observation",
    "endgame_stack",
    "exact_worlds",
    "fill_tables",
    "fill_worlds",
    "hand_weights",
    "history_events",
    "joint_worlds",
    "load_world",
    "medium_card",
    "medium_play",
    "pimc",
    "pimc_n",
    "pimc_worlds",
    "pimc_worlds_n",
    "play_exact",
    "played_mask",
    "resample",
    "rollout",
    "side_mask",
    "solve_from",
    "solve_line",
    "solver_stack",
    "stock_left",
    "work_arrays",
    "world_value",
]

_ONE = np.int64(1)
POLICY_RANDOM = 0
POLICY_SIMPLE = 1
POLICY_MEDIUM = 2
_INF = 1 << 20  # as the solver's: beyond any score


# -- worlds ------------------------------------------------------------------------------------
@jit
def load_world(
    P: I64, S_base: I64, S: I64, slots: I64, world: I64, n_unk: int, hidden_called: bool
) -> None:
    """``S_base`` with the unknown slots filled from ``world``; hand masks (and the holder of a
    hidden called card) rebuilt."""
    for i in range(S_LEN):
        S[i] = S_base[i]
    for i in range(n_unk):
        S[slots[i]] = world[i]
    n = P[P_PLAYERS]
    for s in range(n):
        m = np.int64(0)
        base = O_HANDS + s * MAX_HAND
        for k in range(S[O_HCOUNT + s]):
            m |= _ONE << S[base + k]
        S[O_HMASK + s] = m
    if hidden_called:
        called = S[S_CALLED]
        for s in range(n):
            if (S[O_HMASK + s] >> called) & _ONE:
                S[S_PARTNER] = s


@jit
def resample(
    P: I64, S_base: I64, S: I64, slots: I64, pool: I64, n_unk: int, hidden_called: bool, x: Any
) -> Any:
    """Copy ``S_base`` into ``S`` with the unknown cards dealt at random over the unknown slots.

    ``pool`` is permuted in place (Fisher-Yates); the hand masks, and the holder of a hidden
    called card, are rebuilt (as :func:`load_world`). Returns the generator state.
    """
    x = R.shuffle(pool, n_unk, x)
    load_world(P, S_base, S, slots, pool, n_unk, hidden_called)
    return x


# -- rollouts and values ------------------------------------------------------------------------
@jit
def rollout(
    P: I64, S: I64, T: I64, buf: I64, ws: I64, wm: I64, x: Any, policy: int, solve_stock: int,
    solve_hand: int, me: int,
) -> tuple[Any, int]:  # fmt: skip
    """Finish the deal in ``S`` with ``policy`` for every seat; in two players hand over to the
    exact solver once the stock holds ``solve_stock`` cards or fewer (-1: never), with more
    players play the exact line of :func:`~briscola.fast.search.endgame.play_exact` (``me``'s
    side against the other, stack ``wm``) once the stock is empty and no hand holds more than
    ``solve_hand`` cards (-1: never); with every seat for itself the deal is left there,
    unfinished, for :func:`~briscola.fast.search.respond.best_response`. Returns the generator
    state and the two-player solver's future difference (0 when played to the end)."""
    played = played_mask(P, S, T) if policy == POLICY_MEDIUM else np.int64(0)
    while S[S_PHASE] == PH_PLAY:
        if solve_stock >= 0 and can_solve(P, S, solve_stock):
            return x, solve_from(P, S, ws)
        if solve_hand >= 0 and can_solve_n(P, S, solve_hand):
            if P[P_PARTNERSHIP] == PART_NONE:
                return x, 0  # each for itself: left to best_response (see _evaluate)
            play_exact(P, S, buf, wm, side_mask(P, S, me))
            return x, 0
        if policy == POLICY_RANDOM:
            code, slot, x = Pol.random_choice(P, S, buf, x)
            if slot >= 0:
                K.play_slot(P, S, S[S_TURN], slot)
            else:
                K.apply_code(P, S, buf, code)
        elif policy == POLICY_MEDIUM:
            code = medium_play(P, S, T, played)
            if code < 40:
                played |= _ONE << code
            K.apply_code(P, S, buf, code)
        else:
            K.apply_code(P, S, buf, Pol.simple_choice(P, S))
    return x, 0


Work = tuple[I64, I64, I64, I16, I64, I64]
"""The search kernels' work space (:func:`~briscola.fast.search.encode.work_arrays`): two state
arrays (a world, a rollout), an action buffer, a result row, the solver's stack and a state
array of scratch space."""


@jit
def _evaluate(
    P: I64, T: I64, work: Work, wm: I64, w: int, me: int, cands: I64, active: I64, x: Any,
    how: tuple[int, int, int, float, bool], vals: F64,
) -> None:  # fmt: skip
    """Each active candidate played in the world ``work[0]`` and the deal finished by
    :func:`rollout` (from the generator state ``x``; ``how``: its policy, ``solve_stock``,
    ``solve_hand`` and the margin's weight): its value into ``vals[w]``."""
    S_w, S_r, buf, row, ws, S_x = work
    policy, solve_stock, solve_hand, lam, pairwise = how
    for j in range(cands.shape[0]):
        if active[j] == 0:
            continue
        for i in range(S_LEN):
            S_r[i] = S_w[i]
        K.apply_code(P, S_r, buf, cands[j])
        _, future = rollout(P, S_r, T, buf, ws, wm, x, policy, solve_stock, solve_hand, me)
        if S_r[S_PHASE] == PH_PLAY and P[P_PARTNERSHIP] == PART_NONE and P[P_PLAYERS] > 2:
            # every seat for itself, the last tricks: the best line
            vals[w, j] = best_response(P, S_r, T, buf, S_x, row, me, lam, pairwise)
        else:
            vals[w, j] = world_value(P, S_r, row, me, future, lam, pairwise)


@jit
def pimc(
    P: I64, T: I64, S_base: I64, work: Work, slots: I64, pool: I64, n_unk: int,
    hidden_called: bool, me: int, cands: I64, active: I64, seed: Any, policy: int,
    solve_stock: int, lam: float, vals: F64,
) -> None:  # fmt: skip
    """Perfect-information Monte Carlo: on ``vals.shape[0]`` sampled worlds, each candidate
    action ``cands[j]`` with ``active[j]`` set is played and the deal finished by
    :func:`rollout`; ``vals[w, j]`` is its value in world ``w`` (see :func:`world_value`). Every
    candidate sees the same worlds and the same rollout randomness (common random numbers)."""
    pimc_n(
        P, T, S_base, work, work[4], slots, pool, n_unk, hidden_called, me, cands, active, seed,
        policy, solve_stock, -1, lam, False, vals,
    )  # fmt: skip


@jit
def pimc_n(
    P: I64, T: I64, S_base: I64, work: Work, wm: I64, slots: I64, pool: I64, n_unk: int,
    hidden_called: bool, me: int, cands: I64, active: I64, seed: Any, policy: int,
    solve_stock: int, solve_hand: int, lam: float, pairwise: bool, vals: F64,
) -> None:  # fmt: skip
    """:func:`pimc` with the exact endgame of more than two players: rollouts play its line once
    the stock is empty and no hand holds more than ``solve_hand`` cards (-1: never; ``wm``:
    :func:`~briscola.fast.search.endgame.endgame_stack`)."""
    how = (policy, solve_stock, solve_hand, lam, pairwise)
    x = R.game_rng(seed, 0)
    for w in range(vals.shape[0]):
        x = resample(P, S_base, work[0], slots, pool, n_unk, hidden_called, x)
        x = R.rng_next(x)
        _evaluate(P, T, work, wm, w, me, cands, active, x, how, vals)


@jit
def pimc_worlds(
    P: I64, T: I64, S_base: I64, work: Work, slots: I64, worlds: I64, first: int, n_unk: int,
    hidden_called: bool, me: int, cands: I64, active: I64, policy: int, solve_stock: int,
    lam: float, vals: F64,
) -> None:  # fmt: skip
    """:func:`pimc` on given worlds: ``vals[w, j]`` is the value of candidate ``j`` in world
    ``worlds[first + w]``."""
    pimc_worlds_n(
        P, T, S_base, work, work[4], slots, worlds, first, n_unk, hidden_called, me, cands,
        active, policy, solve_stock, -1, lam, False, vals,
    )  # fmt: skip


@jit
def pimc_worlds_n(
    P: I64, T: I64, S_base: I64, work: Work, wm: I64, slots: I64, worlds: I64, first: int,
    n_unk: int, hidden_called: bool, me: int, cands: I64, active: I64, policy: int,
    solve_stock: int, solve_hand: int, lam: float, pairwise: bool, vals: F64,
) -> None:  # fmt: skip
    """:func:`pimc_worlds` with the exact endgame of more than two players (as :func:`pimc_n`)."""
    how = (policy, solve_stock, solve_hand, lam, pairwise)
    x = R.game_rng(np.uint64(first), 2)
    for w in range(vals.shape[0]):
        load_world(P, S_base, work[0], slots, worlds[first + w], n_unk, hidden_called)
        _evaluate(P, T, work, wm, w, me, cands, active, x, how, vals)


@jit
def exact_worlds(
    P: I64, S_base: I64, work: Work, slots: I64, worlds: I64, n_unk: int, me: int,
    cands: I64, n_cand: int, lam: float, out: F64,
) -> None:  # fmt: skip
    """Two players: every given world (a row of ``worlds`` fills the unknown slots) solved
    exactly after each candidate; ``out[w, j]`` is the value of candidate ``j`` in world ``w``."""
    S_w, S_r, buf, row, ws, _ = work
    for w in range(worlds.shape[0]):
        load_world(P, S_base, S_w, slots, worlds[w], n_unk, False)
        for j in range(n_cand):
            for i in range(S_LEN):
                S_r[i] = S_w[i]
            K.apply_code(P, S_r, buf, cands[j])
            future = 0
            if S_r[S_PHASE] == PH_PLAY:
                future = solve_from(P, S_r, ws)
            out[w, j] = world_value(P, S_r, row, me, future, lam, False)
