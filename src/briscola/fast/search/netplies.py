# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Rollouts whose first plies a network plays: the kernels around the network's forward pass.

The champion's rollouts play the medium level's rules for every seat
(:func:`briscola.fast.search.pimc.rollout`). With a network for the ruleset, the first actions
after the candidate may be the network's instead (the opponent's reply to a lead is then what a
strong player answers, not what the medium rules would): the search keeps a batch of worlds as
rows of a state matrix, one row a world and candidate (:func:`start_rows`), writes the observation
vector and legal mask of the seat to act in each row (:func:`encode_rows`, the batch
environment's own encoder, :func:`briscola.fast.env_kernels.encode_one`, from that seat's view:
only what it may see), applies the network's choices (:func:`apply_rows`) and finishes every row
as before (:func:`finish_rows`). The forward pass between them runs in NumPy
(:mod:`briscola.bots.search_net`). Two players only: ``EX`` tracks the cards of completed tricks
and those each seat took, which the encoder needs and the state does not keep.
"""

from __future__ import annotations

import numpy as np

from briscola.fast import env_kernels as vk
from briscola.fast.core import kernel as K
from briscola.fast.core.layout import PH_OVER, PH_PLAY, S_LEN, S_PHASE, S_TURN
from briscola.fast.jitcache import F64, I64, jit
from briscola.fast.search.pimc import Work, load_world, rollout
from briscola.fast.search.value import world_value

__all__ = ["apply_rows", "encode_rows", "finish_rows", "start_rows"]


@jit
def start_rows(
    P: I64, S_base: I64, slots: I64, worlds: I64, first: int, n_unk: int, cands: I64,
    active: I64, ex0: I64, V: I64, SS: I64, EX: I64, buf: I64, log: I64,
) -> None:  # fmt: skip
    """Row ``w * len(cands) + j`` of ``SS``: the world ``worlds[first + w]`` with candidate
    ``j`` played, its extras in ``EX`` (from the root's ``ex0``); rows of candidates no longer
    ``active`` are left over (no seat to act)."""
    nc = cands.shape[0]
    for w in range(SS.shape[0] // nc):
        for j in range(nc):
            m = w * nc + j
            if active[j] == 0:
                SS[m, S_PHASE] = PH_OVER
                continue
            load_world(P, S_base, SS[m], slots, worlds[first + w], n_unk, False)
            for i in range(EX.shape[1]):
                EX[m, i] = ex0[i]
            vk.apply_tracked(P, SS[m], EX[m], log, buf, V, cands[j])


@jit
def encode_rows(
    P: I64, SS: I64, EX: I64, V: I64, static: np.ndarray, stop_stock: int, out: np.ndarray,
    masks: np.ndarray, buf: I64, c2i: I64, todo: I64,
) -> None:  # fmt: skip
    """The observation vector (``out``) and legal mask (``masks``) of the seat to act in each
    row in the play phase with more than ``stop_stock`` cards in the stock; ``todo[m]`` is 1 for
    the rows written, 0 for the others."""
    for m in range(SS.shape[0]):
        todo[m] = 0
        if SS[m, S_PHASE] != PH_PLAY or K.stock_left(P, SS[m]) <= stop_stock:
            continue
        EX[m, vk.X_SEAT] = SS[m, S_TURN]
        vk.encode_one(P, SS[m], EX[m], V, static, out[m])
        vk.mask_one(P, SS[m], buf, c2i, masks[m])
        todo[m] = 1


@jit
def apply_rows(P: I64, SS: I64, EX: I64, codes: I64, V: I64, buf: I64, log: I64) -> None:
    """Each row's action ``codes[m]`` applied (none where it is negative)."""
    for m in range(SS.shape[0]):
        if codes[m] >= 0:
            vk.apply_tracked(P, SS[m], EX[m], log, buf, V, codes[m])


@jit
def finish_rows(
    P: I64, T: I64, SS: I64, work: Work, active: I64, policy: int, solve_stock: int, lam: float,
    me: int, vals: F64,
) -> None:  # fmt: skip
    """Every row of an active candidate finished by :func:`~briscola.fast.search.pimc.rollout`
    (the exact solver once the stock holds ``solve_stock`` cards or fewer): its value for ``me``
    into ``vals[w, j]`` (:func:`~briscola.fast.search.value.world_value`)."""
    _, S_r, buf, row, ws, _ = work
    nc = vals.shape[1]
    x = np.uint64(1)  # the medium rules draw nothing
    for w in range(vals.shape[0]):
        for j in range(nc):
            if active[j] == 0:
                continue
            for i in range(S_LEN):
                S_r[i] = SS[w * nc + j, i]
            _, future = rollout(P, S_r, T, buf, ws, ws, x, policy, solve_stock, -1, me)
            vals[w, j] = world_value(P, S_r, row, me, future, lam, False)
