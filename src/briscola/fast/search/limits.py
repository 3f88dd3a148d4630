# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Sampled worlds that respect what partners said about their hands (partner signals).

A partner's ``nessuna`` ("non ho briscole") bounds the trumps it may hold now, its ``alte`` ("ho
briscole alte") asks for a high trump in its hand (:func:`briscola.bots.signs.hand_limits` works
the bounds out from the observation). :func:`limited_worlds` deals the unknown cards at random,
as :func:`briscola.fast.search.pimc.resample` does, and keeps a deal only when every bound holds
(rejection: the worlds kept are uniform over the deals consistent with the signs).

The bounds are an array ``lim`` of ``2 + 2 * players`` numbers: the mask of the trumps, the mask
of the high trumps, then for each seat the most trumps it may hold (:data:`NO_CAP` for any) and
then for each seat how many high trumps it must hold at least (0 or 1).

>>> import numpy as np
>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> from briscola.fast.search.encode import encode_observation
>>> enc = encode_observation(observe(new_game(preset("pairs"), seed=3), 0))
>>> trumps = [c for c in range(40) if c // 10 == enc.S[L.S_TRUMP]]
>>> lim = limit_array(4, trumps, (), {2: 0}, ())  # seat 2 holds no trump
>>> worlds = np.zeros((50, len(enc.pool)), np.int64)
>>> work = enc.S.copy(), enc.pool.copy()
>>> limited_worlds(enc.P, enc.S, work[0], enc.slots, work[1], lim, np.uint64(7), worlds)
50
>>> south = (enc.slots >= L.O_HANDS + 2 * L.MAX_HAND) & (enc.slots < L.O_HANDS + 3 * L.MAX_HAND)
>>> hands = [w[south] for w in worlds]
>>> any(c // 10 == enc.S[L.S_TRUMP] for h in hands for c in h)
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from briscola.fast.core import layout as L
from briscola.fast.core import rng as R
from briscola.fast.jitcache import I64, jit
from briscola.fast.search.encode import set_hand_masks

__all__ = ["MAX_TRIES", "NO_CAP", "limit_array", "limited_worlds", "within_limits"]

NO_CAP = 99
"""A seat's trump bound when nothing bounds it."""

MAX_TRIES = 2000
"""Deals tried for one world before giving up on the bounds (they cannot all hold)."""


@jit
def _popcount(m: int) -> int:
    count = 0
    while m:
        m &= m - 1
        count += 1
    return count


@jit
def within_limits(P: I64, S: I64, lim: I64) -> bool:
    """Do the hands of the state ``S`` (their masks) respect the bounds ``lim``?"""
    n = P[L.P_PLAYERS]
    for s in range(n):
        hand = S[L.O_HMASK + s]
        if _popcount(hand & lim[0]) > lim[2 + s]:
            return False
        if lim[2 + n + s] > 0 and (hand & lim[1]) == 0:
            return False
    return True


@jit
def limited_worlds(P: I64, S_base: I64, S: I64, slots: I64, cards: I64, lim: I64,
                   seed: np.uint64, out: I64) -> int:  # fmt: skip
    """Fill each row of ``out`` with a random deal of the unknown ``cards`` over ``slots`` (row
    ``i`` fills slot ``slots[i]``) whose hands respect ``lim``; returns how many rows were filled
    (fewer than asked only when :data:`MAX_TRIES` deals in a row all broke a bound). ``S`` (a
    copy of ``S_base``) and ``cards`` are work space: the kernels allocate nothing."""
    n_unk = slots.shape[0]
    for i in range(S_base.shape[0]):
        S[i] = S_base[i]
    x = R.game_rng(seed, 3)
    for w in range(out.shape[0]):
        ok = False
        for _ in range(MAX_TRIES):
            x = R.shuffle(cards, n_unk, x)
            for i in range(n_unk):
                S[slots[i]] = cards[i]
            set_hand_masks(P, S)
            if within_limits(P, S, lim):
                ok = True
                break
        if not ok:
            return w
        for i in range(n_unk):
            out[w, i] = cards[i]
    return out.shape[0]


def limit_array(
    players: int,
    trumps: Iterable[int],
    high: Iterable[int],
    caps: Mapping[int, int],
    tops: Iterable[int],
) -> I64:
    """The bounds as :func:`limited_worlds` reads them: the indices of the ``trumps`` and of the
    ``high`` trumps, the most trumps a seat may hold (``caps``, seat to count) and the seats that
    must hold a high trump (``tops``)."""
    lim = np.zeros(2 + 2 * players, np.int64)
    lim[0] = sum(1 << c for c in set(trumps))
    lim[1] = sum(1 << c for c in set(high))
    lim[2 : 2 + players] = NO_CAP
    for seat, cap in caps.items():
        lim[2 + seat] = cap
    for seat in tops:
        lim[2 + players + seat] = 1
    return lim
