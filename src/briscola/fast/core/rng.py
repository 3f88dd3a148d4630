# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment"
"""Random numbers for the kernels, and shuffles.

An inline xorshift64* generator, seeded per game with splitmix64 from ``(seed, game number)``,
so a game's deal and random choices do not depend on how a run is cut into batches or spread over
processes.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import layout as L
from briscola.fast.jitcache import I64
from briscola.fast.jitcache import jit as _jit

__all__ = ["game_rng", "rng_below", "rng_next", "shuffle", "shuffle_deck", "splitmix64"]

_U12 = np.uint64(12)
_U25 = np.uint64(25)
_U27 = np.uint64(27)
_U30 = np.uint64(30)
_U31 = np.uint64(31)
_U32 = np.uint64(32)
_MUL = np.uint64(0x2545F4914F6CDD1D)
_M32 = np.uint64(0xFFFFFFFF)
_GOLD = np.uint64(0x9E3779B97F4A7C15)
_SM1 = np.uint64(0xBF58476D1CE4E5B9)
_SM2 = np.uint64(0x94D049BB133111EB)


# -- random numbers -----------------------------------------------------------------------------
@_jit
def splitmix64(z: np.uint64) -> np.uint64:
    """One step of splitmix64: a well-mixed 64-bit value from any 64-bit value."""
    z = z + _GOLD
    z = (z ^ (z >> _U30)) * _SM1
    z = (z ^ (z >> _U27)) * _SM2
    return z ^ (z >> _U31)


@_jit
def game_rng(seed: np.uint64, game: int) -> np.uint64:
    """The generator state of one game: a function of the run's seed and the game's number."""
    x = splitmix64(splitmix64(seed) + np.uint64(game))
    if x == np.uint64(0):
        x = _GOLD
    return x


@_jit
def rng_next(x: np.uint64) -> np.uint64:
    """The next xorshift64 state."""
    x ^= x >> _U12
    x ^= x << _U25
    x ^= x >> _U27
    return x


@_jit
def rng_below(x: np.uint64, n: int) -> int:
    """A number in ``0..n-1`` from the xorshift64* output of state ``x`` (multiply-shift)."""
    return np.int64((((x * _MUL) >> _U32) * np.uint64(n)) >> _U32)


@_jit
def shuffle(items: I64, n: int, x: np.uint64) -> np.uint64:
    """Put ``items[:n]`` in a uniformly random order in place (Fisher-Yates, one draw a step);
    the new generator state."""
    i = n - 1
    while i > 0:
        x = rng_next(x)
        j = rng_below(x, i + 1)
        c = items[i]
        items[i] = items[j]
        items[j] = c
        i -= 1
    return x


@_jit
def shuffle_deck(P: I64, S: I64, x: np.uint64) -> np.uint64:
    """Put the ruleset's cards into the state in a uniformly random order (Fisher-Yates).

    Each 64-bit output of the generator gives two 32-bit draws.
    """
    size = P[L.P_DECK_SIZE]
    for i in range(size):
        S[L.O_DECK + i] = P[L.P_DECK + i]
    i = size - 1
    while i > 0:
        x = rng_next(x)
        y = x * _MUL
        j = np.int64(((y >> _U32) * np.uint64(i + 1)) >> _U32)
        c = S[L.O_DECK + i]
        S[L.O_DECK + i] = S[L.O_DECK + j]
        S[L.O_DECK + j] = c
        i -= 1
        if i > 0:
            j = np.int64(((y & _M32) * np.uint64(i + 1)) >> _U32)
            c = S[L.O_DECK + i]
            S[L.O_DECK + i] = S[L.O_DECK + j]
            S[L.O_DECK + j] = c
            i -= 1
    return x
