# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Reading the bids heard in Briscola chiamata's auction: how likely a hand made them.

:func:`bid_likelihoods` replays the auction heard on each sampled deal and gives the chance,
under the model of a searching bidder (:func:`briscola.fast.search.auction.bid_chance`), that
the other seats' hands made the calls they made, so the auction's search can draw its deals
from what the bids say (``read_bids``: :mod:`briscola.bots.search_auction`).

>>> import numpy as np
>>> from briscola.fast.core.layout import A_PASS, MAX_ACTIONS
>>> from briscola.fast.search.auction import BIDDER
>>> from briscola.fast.search.auction import encode_auction
>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("chiamata"), seed=3)
>>> first, me = state.turn, (state.turn + 1) % 5
>>> enc = encode_auction(observe(state, me))  # the next seat's view
>>> deals = np.random.default_rng(0).permuted(np.tile(enc.pool, (100, 1)), axis=1)
>>> out = np.zeros(100)  # a hundred deals of the other hands
>>> heard = np.array([A_PASS])  # the first call: a pass, unlikely from a searching bidder
>>> bid_likelihoods(enc.P, enc.S, enc.S.copy(), np.zeros(MAX_ACTIONS, np.int64),
...                 enc.slots, deals, np.array([first]), heard, me, np.array(BIDDER), out)
>>> bool(((0 < out) & (out < 1)).all()), bool(out.min() < out.max()), bool(out.mean() < 0.5)
(True, True, True)
"""

from __future__ import annotations

from briscola.fast.core import kernel as K
from briscola.fast.core import layout as L
from briscola.fast.jitcache import F64, I64, jit
from briscola.fast.search.auction import bid_chance
from briscola.fast.search.encode import set_hand_masks

__all__ = ["bid_likelihoods"]


@jit
def bid_likelihoods(
    P: I64, S0: I64, S: I64, buf: I64, slots: I64, deals: I64, seats: I64, codes: I64,
    me: int, weights: F64, out: F64,
) -> None:  # fmt: skip
    """For each deal (a row of ``deals`` filling the unknown ``slots`` of ``S0``, the state at
    the auction's start), the chance under :func:`bid_chance` that the other seats' hands made
    the calls heard (``seats[k]`` called ``codes[k]``, in order), into ``out`` (``S``,
    ``buf``: a state array and an action buffer to work in)."""
    for w in range(deals.shape[0]):
        for i in range(L.S_LEN):
            S[i] = S0[i]
        for i in range(slots.shape[0]):
            S[slots[i]] = deals[w, i]
        set_hand_masks(P, S)
        bidders = 0
        lik = 1.0
        for k in range(codes.shape[0]):
            seat = seats[k]
            if seat != me:
                p = bid_chance(P, S, seat, (bidders >> seat) & 1, weights)
                lik *= 1.0 - p if codes[k] == L.A_PASS else p
            if codes[k] != L.A_PASS:
                bidders |= 1 << seat
            K.apply_code(P, S, buf, codes[k])
        out[w] = lik
