# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Briscola chiamata's auction and call in the compiled core: the medium level's bids, worlds.

The post-game analysis (:mod:`briscola.analysis`) values a bid, a pass or a call by playing it
on many worlds (the other hands dealt at random from what the seat saw), going on with the
auction and the call as the medium level does (:mod:`briscola.bots.auction`: :func:`medium_bid`
and :func:`medium_call` are its rules here, parity-tested with it) and finishing the deal with the
medium level's rollout policy (:func:`briscola.fast.search.pimc.rollout`).

:func:`encode_auction` turns an auction- or call-phase observation into the core's arrays with
the other seats' cards as unknown slots (in a fixed order: the encoding reads the observation
only); :func:`auction_worlds` plays every candidate on every given world.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("chiamata"), seed=3)
>>> enc = encode_auction(observe(state, state.turn))
>>> len(enc.pool), len(enc.actions)            # four hidden hands of 8; a pass and ten bids
(32, 11)
"""

from __future__ import annotations

import numpy as np

from briscola.core.observation import Observation
from briscola.core.state import Phase
from briscola.fast.core import kernel as K
from briscola.fast.core import layout as L
from briscola.fast.core.params import ruleset_params
from briscola.fast.jitcache import F64, I64, jit
from briscola.fast.search.encode import Encoded, packed, set_hand_masks
from briscola.fast.search.pimc import POLICY_MEDIUM, Work, rollout, world_value

__all__ = [
    "auction_worlds",
    "encode_auction",
    "finish_auction",
    "medium_auction",
    "medium_bid",
    "medium_call",
]

_ALONE = 60  # what calling a card of one's own costs in the medium level's call


@jit
def suit_score(P: I64, S: I64, seat: int, suit: int) -> int:
    """:func:`briscola.bots.auction.suit_score` of ``seat``'s hand with ``suit`` as trump."""
    score = 0
    base = L.O_HANDS + seat * L.MAX_HAND
    for i in range(S[L.O_HCOUNT + seat]):
        c = S[base + i]
        pts = P[L.P_POINTS + c]
        if c // 10 == suit:
            score += 4 + 2 * P[L.P_STRENGTH + c] + pts
        elif pts >= 10:
            score += pts
        else:
            score += pts // 2
    return score


@jit
def medium_bid(P: I64, S: I64, seat: int) -> int:
    """The medium level's bid or pass (:func:`briscola.bots.auction.bid`) as an action code."""
    best, score = 0, -(1 << 30)
    for suit in range(4):
        s = suit_score(P, S, seat, suit)
        if s > score:  # the first suit wins a tie, as in core's order
            best, score = suit, s
    first_missing = 9
    for i in range(10):
        if not K.holds(S, seat, best * 10 + P[L.P_BID_ORDER + i] - 1):
            first_missing = i
            break
    spare = (score - 62) // 6
    if spare < 0:
        return L.A_PASS
    limit = first_missing + spare
    if P[L.P_POINTS_ONLY] != 0:
        limit = 9 + spare * 2
    limit = min(limit, 19)
    kind = S[L.S_STAND_KIND]
    val = S[L.S_STAND_VAL]
    if P[L.P_POINTS_ONLY] == 0 and kind == 0:
        amb, code = 0, L.A_BID_RANK + P[L.P_BID_ORDER]
    elif P[L.P_POINTS_ONLY] == 0 and kind == 1 and val < 9:
        amb, code = val + 1, L.A_BID_RANK + P[L.P_BID_ORDER + val + 1]
    else:
        if P[L.P_POINTS_ONLY] != 0:
            low = P[L.P_BID_MIN] if kind == 0 else val + 1
        else:
            low = (P[L.P_BID_MIN] if kind == 1 else val) + 1
        if low > P[L.P_BID_MAX]:
            return L.A_PASS
        amb, code = 9 + low - P[L.P_BID_MIN], low
    return code if amb <= limit else L.A_PASS


@jit
def medium_call(P: I64, S: I64, seat: int) -> int:
    """The medium level's call (:func:`briscola.bots.auction.call`) as an action code."""
    rank = P[L.P_BID_ORDER + S[L.S_STAND_VAL]] if S[L.S_STAND_KIND] == 1 else 2
    best, score = 0, -(1 << 30)
    for suit in range(4):
        s = suit_score(P, S, seat, suit)
        if K.holds(S, seat, suit * 10 + rank - 1):
            s -= _ALONE
        if s > score:
            best, score = suit, s
    return L.A_CALL + best


@jit
def medium_auction(P: I64, S: I64) -> int:
    """The medium level's action for the seat to act in the auction or the call."""
    seat = S[L.S_TURN]
    if S[L.S_PHASE] == L.PH_CALL:
        return medium_call(P, S, seat)
    return medium_bid(P, S, seat)


@jit
def finish_auction(P: I64, S: I64, buf: I64) -> None:
    """The auction and the call played to their end by the medium level for every seat."""
    while S[L.S_PHASE] == L.PH_AUCTION or S[L.S_PHASE] == L.PH_CALL:
        K.apply_code(P, S, buf, medium_auction(P, S))


@jit
def auction_worlds(
    P: I64, T: I64, S_base: I64, work: Work, slots: I64, worlds: I64, me: int, cands: I64,
    lam: float, vals: F64,
) -> None:  # fmt: skip
    """On each world (a row of ``worlds`` fills the unknown slots of ``S_base``), each candidate
    ``cands[j]`` played, the auction and the call finished by :func:`finish_auction` and the
    deal by the medium level's rollout: ``vals[w, j]`` is its value for seat ``me``
    (:func:`~briscola.fast.search.pimc.world_value`; a void deal, everybody passing, is 0)."""
    S_w, S_r, buf, row, ws, _ = work
    n_unk = slots.shape[0]
    x = np.uint64(0)
    for w in range(worlds.shape[0]):
        for i in range(L.S_LEN):
            S_w[i] = S_base[i]
        for i in range(n_unk):
            S_w[slots[i]] = worlds[w, i]
        set_hand_masks(P, S_w)
        for j in range(cands.shape[0]):
            for i in range(L.S_LEN):
                S_r[i] = S_w[i]
            K.apply_code(P, S_r, buf, cands[j])
            finish_auction(P, S_r, buf)
            if S_r[L.S_PHASE] == L.PH_OVER:
                vals[w, j] = 0.0
                continue
            # no exact endgame here (-1): the solver's stack stands in for the endgame's
            x, future = rollout(P, S_r, T, buf, ws, ws, x, POLICY_MEDIUM, -1, -1, me)
            vals[w, j] = world_value(P, S_r, row, me, future, lam, False)


def encode_auction(obs: Observation) -> Encoded:
    """The core's arrays for an auction- or call-phase observation of Briscola chiamata: the
    seat's own hand, the auction so far, and the other hands as unknown slots (``pool`` sorted:
    nothing but the observation decides the encoding)."""
    if obs.phase not in (Phase.AUCTION, Phase.CALL) or obs.auction is None:
        raise ValueError("encode_auction reads an observation of the auction or the call")
    rules = obs.ruleset
    P = ruleset_params(rules)
    n = rules.players
    size = len(rules.deck())
    S = np.zeros(L.S_LEN, np.int64)
    S[L.S_PHASE] = L.PH_AUCTION if obs.phase is Phase.AUCTION else L.PH_CALL
    S[L.S_TURN] = -1 if obs.turn is None else obs.turn
    S[L.S_LEADER] = obs.leader
    S[L.S_DEALER] = obs.dealer
    S[L.S_TRUMP] = -1
    S[L.S_BRIS] = -1
    S[L.O_DECK + size] = -1
    S[L.S_SP] = size + 1
    S[L.S_CALLED] = -1
    S[L.S_PARTNER] = -1
    auction = obs.auction
    S[L.S_CALLER] = -1 if auction.winner is None else auction.winner
    S[L.S_PASSED] = sum(1 << seat for seat in set(auction.passed))
    S[L.S_STAND_SEAT] = -1
    if auction.standing is not None:
        seat, bid = auction.standing
        S[L.S_STAND_SEAT] = seat
        if bid.points is not None:
            S[L.S_STAND_KIND], S[L.S_STAND_VAL] = 2, bid.points
        else:
            assert bid.rank is not None
            order = [int(P[L.P_BID_ORDER + i]) for i in range(10)]
            S[L.S_STAND_KIND], S[L.S_STAND_VAL] = 1, order.index(int(bid.rank))
    mine = sorted(c.index for c in obs.hand)
    pool = sorted(c.index for c in rules.deck() if c.index not in mine)
    slots: list[int] = []
    for s in range(n):
        base = L.O_HANDS + s * L.MAX_HAND
        S[L.O_HCOUNT + s] = obs.hand_counts[s]
        if s == obs.seat:
            S[base : base + len(mine)] = mine
        else:
            slots.extend(range(base, base + obs.hand_counts[s]))
    if len(slots) != len(pool):
        raise ValueError("the observation's counts do not add up to its ruleset's deck")
    for slot, c in zip(slots, pool, strict=True):
        S[slot] = c
    set_hand_masks(P, S)
    return packed(obs, P, S, slots, pool, False)
