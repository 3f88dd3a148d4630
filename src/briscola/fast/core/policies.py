# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment"
"""The compiled policies: uniformly random, and the simple heuristic.

The simple policy plays in the spirit of the "sensible" bot (:mod:`briscola.bots.simple`); both
are the opponents of the batch environment and the rollout policies of the search levels.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import layout as L
from briscola.fast.core.kernel import (
    beats,
    close_trick,
    declarable,
    exchange_card,
    holds,
    legal,
    next_seat,
    play_extras,
    take_from_hand,
)
from briscola.fast.core.rng import rng_below, rng_next
from briscola.fast.core.sides import SIDE_WITH, side_of
from briscola.fast.jitcache import I8, I64
from briscola.fast.jitcache import inline as _inline
from briscola.fast.jitcache import jit as _jit

__all__ = ["random_choice", "random_tricks", "simple_choice"]


# -- policies ------------------------------------------------------------------------------------
@_inline
def random_choice(P: I64, S: I64, buf: I64, x: np.uint64) -> tuple[int, int, np.uint64]:
    """A uniformly random legal action: (code, hand slot or -1, new generator state)."""
    if S[L.S_PHASE] == L.PH_PLAY:
        seat = S[L.S_TURN]
        cnt = S[L.O_HCOUNT + seat]
        k = cnt
        if P[L.P_ACCUSI] != 0 or P[L.P_EXCHANGE] != 0:
            k = play_extras(P, S, seat, buf, cnt)
        x = rng_next(x)
        r = rng_below(x, k)
        if r < cnt:
            return S[L.O_HANDS + seat * L.MAX_HAND + r], r, x
        return buf[r], -1, x
    k = legal(P, S, buf)
    x = rng_next(x)
    return buf[rng_below(x, k)], -1, x


@_inline
def random_tricks(
    P: I64, S: I64, x: np.uint64, trace: bool, t_actions: I8, g: int, nact: int
) -> tuple[np.uint64, int]:
    """Play the rest of the deal at random, whole tricks at a time (every seat random, and no
    declarations or exchanges possible): the same moves as :func:`play_slot`, with the trick in
    registers. Returns the generator state and the number of actions taken so far."""
    n = P[L.P_PLAYERS]
    step = P[L.P_STEP]
    trump = S[L.S_TRUMP]
    called = S[L.S_CALLED]
    while S[L.S_PHASE] == L.PH_PLAY:
        seat = S[L.S_TURN]
        best = -1
        best_seat = seat
        points = np.int64(0)
        for k in range(n):
            x = rng_next(x)
            card = take_from_hand(S, seat, rng_below(x, S[L.O_HCOUNT + seat]))
            if trace:
                t_actions[g, nact] = card
            nact += 1
            if card == called:
                S[L.S_REVEALED] = 1
            points += P[L.P_POINTS + card]
            if k == 0 or beats(P, card, best, trump):
                best = card
                best_seat = seat
            seat = next_seat(seat, step, n)
        close_trick(P, S, best_seat, points)
    return x, nact


@_jit
def card_cost(P: I64, card: int, trump: int) -> int:
    """What giving a card away costs: its points, its strength, and a premium for trumps."""
    cost = P[L.P_POINTS + card] * 16 + P[L.P_STRENGTH + card]
    if card // 10 == trump:
        cost += 1000 + P[L.P_STRENGTH + card] * 3
    return cost


@_jit
def simple_play(P: I64, S: I64, seat: int) -> int:
    """The simple heuristic in the play phase (the spirit of the "sensible" bot)."""
    trump = S[L.S_TRUMP]
    if P[L.P_ACCUSI] != 0:
        if declarable(P, S, seat, trump):
            return L.A_DECLARE + trump
        for suit in range(4):
            if declarable(P, S, seat, suit):
                return L.A_DECLARE + suit
    gave = exchange_card(P, S, seat)
    if gave >= 0:
        took = S[L.S_BRIS]
        if P[L.P_POINTS + took] * 16 + P[L.P_STRENGTH + took] > (
            P[L.P_POINTS + gave] * 16 + P[L.P_STRENGTH + gave]
        ):
            return L.A_EXCHANGE
    base = L.O_HANDS + seat * L.MAX_HAND
    cnt = S[L.O_HCOUNT + seat]
    tn = S[L.S_TN]
    cheapest = -1
    cheapest_cost = 1 << 30
    for i in range(cnt):
        c = S[base + i]
        cost = card_cost(P, c, trump)
        if P[L.P_POINTS + c] >= 10:
            cost += 2000  # keep the Assi and the 3s
        if cost < cheapest_cost:
            cheapest_cost = cost
            cheapest = c
    if tn == 0:
        return cheapest
    n = P[L.P_PLAYERS]
    best = S[L.S_BEST_CARD]
    best_suit = best // 10
    trick_pts = S[L.S_TRICK_PTS]
    last = tn == n - 1
    if side_of(P, S, seat, S[L.S_BEST_SEAT]) == SIDE_WITH:
        if last:  # the trick is safe: load it with points (caricare)
            gift = -1
            for i in range(cnt):
                c = S[base + i]
                if (
                    c // 10 != trump
                    and P[L.P_POINTS + c] > 0
                    and (gift < 0 or P[L.P_POINTS + c] > P[L.P_POINTS + gift])
                ):
                    gift = c
            if gift >= 0:
                return gift
        return cheapest
    plain = -1  # a winner of the suit led
    low_trump = -1  # the weakest trump that wins
    for i in range(cnt):
        c = S[base + i]
        suit = c // 10
        if suit == best_suit:
            if P[L.P_STRENGTH + c] > P[L.P_STRENGTH + best]:
                if suit == trump:
                    if low_trump < 0 or P[L.P_STRENGTH + c] < P[L.P_STRENGTH + low_trump]:
                        low_trump = c
                elif last:
                    if plain < 0 or P[L.P_POINTS + c] > P[L.P_POINTS + plain]:
                        plain = c
                elif plain < 0 or P[L.P_STRENGTH + c] < P[L.P_STRENGTH + plain]:
                    plain = c
        elif suit == trump and (low_trump < 0 or P[L.P_STRENGTH + c] < P[L.P_STRENGTH + low_trump]):
            low_trump = c
    if plain >= 0 and trick_pts + P[L.P_POINTS + plain] > 0:
        return plain
    if low_trump >= 0:
        if trick_pts >= 10 or (trick_pts >= 4 and P[L.P_POINTS + low_trump] == 0):
            return low_trump
        if P[L.P_POINTS + cheapest] >= 10 and P[L.P_POINTS + low_trump] < P[L.P_POINTS + cheapest]:
            return low_trump
    return cheapest


@_jit
def best_suit(S: I64, seat: int, P: I64) -> tuple[int, int]:
    """The suit where ``seat`` is longest and strongest, and how many cards it holds there."""
    top = -1
    top_score = -1
    top_count = np.int64(0)
    for suit in range(4):
        count = 0
        score = 0
        for r in range(10):
            if holds(S, seat, suit * 10 + r):
                count += 1
                score += P[L.P_STRENGTH + suit * 10 + r]
        if count * 100 + score > top_score:
            top_score = count * 100 + score
            top = suit
            top_count = count
    return top, top_count


@_jit
def simple_bid(P: I64, S: I64, seat: int) -> int:
    """The simple heuristic in the chiamata auction: bid as far as the hand's strength allows."""
    suit, count = best_suit(S, seat, P)
    hand_pts = 0
    base = L.O_HANDS + seat * L.MAX_HAND
    for i in range(S[L.O_HCOUNT + seat]):
        hand_pts += P[L.P_POINTS + S[base + i]]
    will = count + hand_pts // 20
    kind = S[L.S_STAND_KIND]
    val = S[L.S_STAND_VAL]
    if P[L.P_POINTS_ONLY] != 0 or kind == 2 or (kind == 1 and val == 9):
        if P[L.P_POINTS_ONLY] != 0:
            low = P[L.P_BID_MIN] if kind == 0 else val + 1
            need = 5
        else:
            low = (P[L.P_BID_MIN] if kind == 1 else val) + 1
            need = 8
        if will >= need and low <= min(P[L.P_BID_MIN] + (will - need) * 5, P[L.P_BID_MAX]):
            return low
        return L.A_PASS
    start = 0 if kind == 0 else val + 1
    i = start
    while i < 10 and holds(S, seat, suit * 10 + P[L.P_BID_ORDER + i] - 1):
        i += 1
    if i >= 10:
        i = start
    if will >= 3 and i <= will - 2:
        return L.A_BID_RANK + P[L.P_BID_ORDER + i]
    return L.A_PASS


@_jit
def simple_choice(P: I64, S: I64) -> int:
    """The simple heuristic's action code for the seat to act."""
    seat = S[L.S_TURN]
    phase = S[L.S_PHASE]
    if phase == L.PH_PLAY:
        return simple_play(P, S, seat)
    if phase == L.PH_CALL:
        suit, _ = best_suit(S, seat, P)
        return L.A_CALL + suit
    return simple_bid(P, S, seat)
