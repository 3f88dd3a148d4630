# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Extended PIMC kernels: the perfect-information step put off by one ply (two players).

Plain PIMC (:func:`briscola.fast.search.pimc.pimc_worlds_n`) plays each candidate in each sampled
world and finishes the deal there: every later choice is made by a player who, in that world,
may use what the world shows (the strategy fusion of determinized search). Extended PIMC
(Arjonilla, Saffidine and Cazenave 2024) keeps the first plies over the *information set*: the
action after the candidate is chosen once for all the sampled worlds its player cannot tell
apart, and only then is each world finished on its own.

These kernels give the search the values it needs for that (:mod:`briscola.bots.search_fusion`
makes the choices):

* :func:`expand_worlds` repeats each sampled world with the stock in other orders, the
  opponent's hand kept, so that the opponent's information set (its hand: the stock's order it
  cannot see) holds several worlds;
* :func:`reply_values`: each candidate played in each world, then every card of the next
  player's hand (its *reply*), each finished by the usual rollout (the medium rules, the exact
  solver once the stock is empty), with the next player's hand as the key of its information
  set.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import kernel as K
from briscola.fast.core import rng as R
from briscola.fast.core.layout import (
    MAX_HAND,
    O_HANDS,
    O_HCOUNT,
    O_HMASK,
    PH_PLAY,
    S_LEN,
    S_PHASE,
    S_TN,
    S_TURN,
)
from briscola.fast.jitcache import F64, I64, jit
from briscola.fast.search.pimc import Work, load_world, rollout
from briscola.fast.search.value import world_value

__all__ = ["KIND_MINE", "KIND_PLAIN", "KIND_THEIRS", "expand_worlds", "reply_values"]

KIND_PLAIN = 0
"""The candidate's value is the plain rollout's (no choice made at an information set)."""
KIND_THEIRS = 1
"""The opponent replies within the trick: it chooses the reply worst for the searching seat."""
KIND_MINE = 2
"""The searching seat acts next: it chooses the action best for itself."""

MODE_THEIRS = 1
"""``mode`` bit: the opponent's reply to the searching seat's lead is chosen at its
information set."""
MODE_MINE = 2
"""``mode`` bit: the searching seat's own next action (after its reply wins the trick) is chosen
at its information set."""


@jit
def expand_worlds(
    base: I64, rest_pos: I64, orders: int, seed: np.uint64, tmp: I64, out: I64
) -> None:
    """Row ``h * orders + k`` of ``out``: the world ``base[h]`` with the cards at the positions
    ``rest_pos`` (the hidden stock) shuffled among themselves for ``k > 0`` (``k == 0``: as
    drawn); every other position (the opponent's hand) kept. ``tmp``: work space of at least
    ``len(rest_pos)``."""
    x = R.game_rng(seed, 5)
    nr = rest_pos.shape[0]
    for h in range(base.shape[0]):
        for k in range(orders):
            m = h * orders + k
            for i in range(base.shape[1]):
                out[m, i] = base[h, i]
            if k == 0:
                continue
            for i in range(nr):
                tmp[i] = base[h, rest_pos[i]]
            x = R.shuffle(tmp, nr, x)
            for i in range(nr):
                out[m, rest_pos[i]] = tmp[i]


@jit
def reply_values(
    P: I64, T: I64, S_base: I64, work: Work, slots: I64, worlds: I64, first: int, n_unk: int,
    me: int, cands: I64, active: I64, mode: int, policy: int, solve_stock: int, lam: float,
    keys: I64, kinds: I64, codes: I64, vals: F64,
) -> int:  # fmt: skip
    """For each world ``w`` (``worlds[first + w]``) and active candidate ``j``: the candidate
    played, then, where ``mode`` asks for a choice at the next player's information set
    (:data:`MODE_THEIRS`, :data:`MODE_MINE`), each card ``codes[w, j, k]`` of that player's
    hand played (-1 past its hand) and the deal finished by the rollout: the value for ``me`` in
    ``vals[w, j, k]``; ``keys[w, j]`` is that player's hand (a mask: its information set among
    the worlds, the public cards being the same in all) and ``kinds[w, j]`` who chooses
    (:data:`KIND_THEIRS`, :data:`KIND_MINE`). Elsewhere (:data:`KIND_PLAIN`) the candidate's
    rollout value alone, in ``vals[w, j, 0]``. Returns the rollouts played."""
    S_w, S_r, buf, row, ws, S_x = work
    x = np.uint64(1)  # the medium rules draw nothing
    spent = 0
    for w in range(vals.shape[0]):
        load_world(P, S_base, S_w, slots, worlds[first + w], n_unk, False)
        for j in range(cands.shape[0]):
            for k in range(codes.shape[2]):
                codes[w, j, k] = -1
                vals[w, j, k] = 0.0
            keys[w, j] = 0
            kinds[w, j] = KIND_PLAIN
            if active[j] == 0:
                continue
            for i in range(S_LEN):
                S_x[i] = S_w[i]
            K.apply_code(P, S_x, buf, cands[j])
            kind = KIND_PLAIN
            if S_x[S_PHASE] == PH_PLAY and K.stock_left(P, S_x) > solve_stock:
                actor = S_x[S_TURN]
                if actor != me and S_x[S_TN] > 0 and (mode & MODE_THEIRS) != 0:
                    kind = KIND_THEIRS
                elif actor == me and (mode & MODE_MINE) != 0:
                    kind = KIND_MINE
            if kind == KIND_PLAIN:
                for i in range(S_LEN):
                    S_r[i] = S_x[i]
                _, future = rollout(P, S_r, T, buf, ws, ws, x, policy, solve_stock, -1, me)
                vals[w, j, 0] = world_value(P, S_r, row, me, future, lam, False)
                spent += 1
                continue
            actor = S_x[S_TURN]
            kinds[w, j] = kind
            keys[w, j] = S_x[O_HMASK + actor]
            base = O_HANDS + actor * MAX_HAND
            for k in range(min(S_x[O_HCOUNT + actor], codes.shape[2])):
                card = S_x[base + k]
                for i in range(S_LEN):
                    S_r[i] = S_x[i]
                K.apply_code(P, S_r, buf, card)
                _, future = rollout(P, S_r, T, buf, ws, ws, x, policy, solve_stock, -1, me)
                codes[w, j, k] = card
                vals[w, j, k] = world_value(P, S_r, row, me, future, lam, False)
                spent += 1
    return spent
