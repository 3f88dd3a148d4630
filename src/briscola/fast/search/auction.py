# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Briscola chiamata's auction and call in the compiled core: the medium level's bids, a model
of a searching bidder's, worlds.

The post-game analysis (:mod:`briscola.analysis`) values a bid, a pass or a call by playing it
on many worlds (the other hands dealt at random from what the seat saw), going on with the
auction and the call as the medium level does (:mod:`briscola.bots.auction`: :func:`medium_bid`
and :func:`medium_call` are its rules here, parity-tested with it) and finishing the deal with the
medium level's rollout policy (:func:`briscola.fast.search.pimc.rollout`).

A searching bidder (the hard level and the champion, :mod:`briscola.bots.search_auction`) bids
far more often than the medium level's count: it opens with hands the count passes and goes on
bidding in a war of raises. :func:`bid_chance` is a logistic model of whether it bids or passes,
on what the count reads from a hand (its best suit's score and the first rank of that suit it
lacks), how ambitious the cheapest bid left is and whether the seat has bid before; its weights
(:data:`BIDDER`) are fitted to the hard level's own auctions (:mod:`briscola.train.bidders`).
:func:`finish_modelled` finishes an auction with every seat bidding as that model says.

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
>>> chance = bid_chance(enc.P, enc.S, state.turn, 0, np.array(BIDDER))
>>> 0.0 < chance < 1.0
True
"""

from __future__ import annotations

import math

import numpy as np

from briscola.core.observation import Observation
from briscola.core.state import Phase
from briscola.fast.core import kernel as K
from briscola.fast.core import layout as L
from briscola.fast.core import rng as R
from briscola.fast.core.params import ruleset_params
from briscola.fast.jitcache import F64, I64, jit
from briscola.fast.search.encode import Encoded, packed, set_hand_masks
from briscola.fast.search.pimc import POLICY_MEDIUM, Work, rollout, world_value

__all__ = [
    "BIDDER",
    "auction_worlds",
    "bid_chance",
    "bid_features",
    "encode_auction",
    "finish_auction",
    "finish_modelled",
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


BIDDER = (2.394, 0.626, 10.784, 17.148, -2.47, 3.286, -0.105)
"""The fitted weights of :func:`bid_chance`: a constant, the three :func:`bid_features`, and
with a seat that has bid before a constant and its products with the ambition and the score."""

FLOOR = 0.02
"""The least chance given to a bid or a pass: no hand is ruled out by one call."""


@jit
def bid_features(P: I64, S: I64, seat: int) -> tuple[bool, float, float, float]:
    """What the model reads for ``seat`` to bid now: whether a bid is left to make, the best
    suit's score above 62 (in tens), the first rank of that suit lacked less the cheapest bid's
    ambition (in fives; ambition as :func:`briscola.bots.auction.ambition`) and that ambition
    (in tens)."""
    best, score = 0, -(1 << 30)
    for suit in range(4):
        s = suit_score(P, S, seat, suit)
        if s > score:
            best, score = suit, s
    first_missing = 9
    for i in range(10):
        if not K.holds(S, seat, best * 10 + P[L.P_BID_ORDER + i] - 1):
            first_missing = i
            break
    kind = S[L.S_STAND_KIND]
    val = S[L.S_STAND_VAL]
    if P[L.P_POINTS_ONLY] == 0 and kind == 0:
        amb = 0
    elif P[L.P_POINTS_ONLY] == 0 and kind == 1 and val < 9:
        amb = val + 1
    else:
        if P[L.P_POINTS_ONLY] != 0:
            low = P[L.P_BID_MIN] if kind == 0 else val + 1
        else:
            low = (P[L.P_BID_MIN] if kind == 1 else val) + 1
        if low > P[L.P_BID_MAX]:
            return False, 0.0, 0.0, 0.0
        amb = 9 + low - P[L.P_BID_MIN]
    return True, (score - 62) / 10.0, (first_missing - amb) / 5.0, amb / 10.0


@jit
def bid_chance(P: I64, S: I64, seat: int, again: int, w: F64) -> float:
    """The chance that a searching bidder in ``seat`` bids (rather than passes) now (``again``:
    1 if it has bid before), within [:data:`FLOOR`, 1 - :data:`FLOOR`]; 0 when no bid is left:
    the logistic of ``w`` (:data:`BIDDER`) on :func:`bid_features` and their products with
    ``again``."""
    ok, s1, d, c = bid_features(P, S, seat)
    if not ok:
        return 0.0
    z = w[0] + w[1] * s1 + w[2] * d + w[3] * c + again * (w[4] + w[5] * c + w[6] * s1)
    p = 1.0 / (1.0 + math.exp(-z))
    return min(max(p, FLOOR), 1.0 - FLOOR)


@jit
def finish_auction(P: I64, S: I64, buf: I64) -> None:
    """The auction and the call played to their end by the medium level for every seat."""
    while S[L.S_PHASE] == L.PH_AUCTION or S[L.S_PHASE] == L.PH_CALL:
        K.apply_code(P, S, buf, medium_auction(P, S))


@jit
def finish_modelled(P: I64, S: I64, buf: I64, model: F64, bidders: int, x: np.uint64) -> np.uint64:
    """The auction played to its end with every seat bidding (the cheapest bid) or passing
    as a searching bidder would (:func:`briscola.fast.search.bids.bid_chance` with the weights
    ``model``; ``bidders``: the seats that have bid so far, as bits), and the call as the medium
    level makes it; the generator's new state."""
    while S[L.S_PHASE] == L.PH_AUCTION or S[L.S_PHASE] == L.PH_CALL:
        if S[L.S_PHASE] == L.PH_CALL:
            code = medium_call(P, S, S[L.S_TURN])
        else:
            seat = S[L.S_TURN]
            p = bid_chance(P, S, seat, (bidders >> seat) & 1, model)
            x = R.rng_next(x)
            code = L.A_PASS
            if R.rng_below(x, 1 << 30) < p * (1 << 30):
                K.auction_legal(P, S, buf)
                code = buf[1]
                bidders |= 1 << seat
        K.apply_code(P, S, buf, code)
    return x


@jit
def auction_worlds(
    P: I64, T: I64, S_base: I64, work: Work, slots: I64, worlds: I64, me: int, cands: I64,
    lam: float, vals: F64, model: F64, bidders: int, seed: np.uint64,
) -> None:  # fmt: skip
    """On each world (a row of ``worlds`` fills the unknown slots of ``S_base``), each candidate
    ``cands[j]`` played, the auction and the call finished by :func:`finish_auction` (with a
    ``model`` of weights, by :func:`finish_modelled` from the ``bidders`` so far, the same
    random numbers for every candidate of a world) and the deal by the medium level's rollout:
    ``vals[w, j]`` is its value for seat ``me``
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
            if model.shape[0] == 0:
                finish_auction(P, S_r, buf)
            else:
                mine = bidders | (0 if cands[j] == L.A_PASS else 1 << me)
                finish_modelled(P, S_r, buf, model, mine, R.game_rng(seed, w))
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
