# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""The last tricks at a table of each for itself: the searching seat's best line against the
others' medium rules.

With more than two players each for itself (three, quattro), the exact endgame of two sides
(:mod:`briscola.fast.search.endgame`) has the other seats play together against the searcher,
which they do not. Here, once the stock is empty and the hands short, the searcher tries every
order of its cards (a Briscola card may always be played, and in a world the other seats' play
by the medium rules is fixed, so an order is a whole strategy), the others answering by the
medium rules (:func:`briscola.fast.search.policy.medium_play`), and keeps the order of the best
value (:func:`briscola.fast.search.value.world_value`).
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import kernel as K
from briscola.fast.core.layout import MAX_HAND, O_HANDS, O_HCOUNT, PH_PLAY, S_LEN, S_PHASE, S_TURN
from briscola.fast.jitcache import I16, I64, jit
from briscola.fast.search.policy import medium_play, played_mask
from briscola.fast.search.value import world_value

__all__ = ["MAX_RESPOND", "best_response"]

MAX_RESPOND = 4
"""The most cards a hand may hold for :func:`best_response` (4! = 24 orders)."""

_ONE = np.int64(1)


@jit
def _play_order(P: I64, S: I64, T: I64, buf: I64, me: int, mine: int, cnt: int, order: int) -> None:
    """Finish the deal in ``S``: ``me`` plays its ``cnt`` cards ``mine`` (six bits a card) in
    the order numbered ``order`` (0 to cnt! - 1, in the factorial number system), the others by
    the medium rules."""
    left = mine  # the cards still to place, six bits a card
    k = cnt
    code = order
    seq = np.int64(0)  # the order's cards, six bits a card, the first lowest
    for i in range(cnt):  # take the (code % k)-th card left, then one of the k - 1 after it
        j = code % k
        code //= k
        k -= 1
        c = (left >> (6 * j)) & 63
        low = left & ((_ONE << (6 * j)) - 1)
        left = low | ((left >> (6 * (j + 1))) << (6 * j))
        seq |= c << (6 * i)
    played = played_mask(P, S, T)
    while S[S_PHASE] == PH_PLAY:
        if S[S_TURN] == me:
            c = seq & 63
            seq >>= 6
        else:
            c = medium_play(P, S, T, played)
        if c < 40:
            played |= _ONE << c
        K.apply_code(P, S, buf, c)


@jit
def best_response(
    P: I64, S: I64, T: I64, buf: I64, scratch: I64, row: I16, me: int, lam: float,
    pairwise: bool,
) -> float:  # fmt: skip
    """Finish the deal in ``S`` along ``me``'s best order of its cards (at most
    :data:`MAX_RESPOND`) against the others' medium rules, each finished deal scored by
    :func:`~briscola.fast.search.value.world_value`; ``scratch`` is a state array of work
    space. Returns the best value."""
    cnt = S[O_HCOUNT + me]
    mine = np.int64(0)
    for i in range(cnt):
        mine |= S[O_HANDS + me * MAX_HAND + i] << (6 * i)
    orders = 1
    for i in range(2, cnt + 1):
        orders *= i
    best = -1.0e300
    best_order = 0
    for o in range(orders):
        for i in range(S_LEN):
            scratch[i] = S[i]
        _play_order(P, scratch, T, buf, me, mine, cnt, o)
        v = world_value(P, scratch, row, me, 0, lam, pairwise)
        if v > best:
            best = v
            best_order = o
    _play_order(P, S, T, buf, me, mine, cnt, best_order)
    return best
