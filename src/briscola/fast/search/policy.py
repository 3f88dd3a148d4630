# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""The medium level's rules of thumb, compiled: a rollout policy for the search levels.

:func:`medium_play` and :func:`medium_card` play as :mod:`briscola.bots.medium` does (with card
counting, without its exact endgame), on the fast core's arrays; the card masks they use are
filled once per ruleset by :func:`fill_tables`. The inference of
:mod:`briscola.fast.search.inference` also uses :func:`medium_card` as its model of the opponent.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import kernel as K
from briscola.fast.core import sides as Sd
from briscola.fast.core.layout import (
    A_DECLARE,
    A_EXCHANGE,
    MAX_HAND,
    O_DECK,
    O_HANDS,
    O_HCOUNT,
    O_HMASK,
    P_ACCUSI,
    P_DECK,
    P_DECK_SIZE,
    P_PLAYERS,
    P_POINTS,
    P_STEP,
    P_STRENGTH,
    S_BEST_CARD,
    S_BEST_SEAT,
    S_BRIS,
    S_SP,
    S_TN,
    S_TRICK_PTS,
    S_TRUMP,
    S_TURN,
)
from briscola.fast.jitcache import I64, jit

__all__ = [
    "T_CARICHI",
    "T_DECK",
    "T_LEN",
    "T_SUIT",
    "fill_tables",
    "medium_card",
    "medium_play",
    "played_mask",
]

_ONE = np.int64(1)

# the card-mask table T (see fill_tables): 40 masks of stronger cards, then these
T_SUIT = 40  # 4 suit masks
T_DECK = 44
T_CARICHI = 45
T_LEN = 48


@jit
def _cost(P: I64, card: int, trump: int) -> int:
    """What giving a card away costs, in tenths: its points, its strength, a premium for trumps
    (as :meth:`briscola.bots.knowledge.Knowledge.cost`)."""
    if card // 10 == trump:
        return P[P_POINTS + card] * 10 + 50 + 8 * P[P_STRENGTH + card]
    return P[P_POINTS + card] * 10 + P[P_STRENGTH + card]


@jit
def _beaten_by(T: I64, card: int, trump: int, threats: int) -> bool:
    """True when a card of the mask ``threats`` would take the trick from ``card``."""
    if threats & T[card]:
        return True
    return card // 10 != trump and (threats & T[T_SUIT + trump]) != 0


@jit
def _beats(P: I64, card: int, best: int, trump: int) -> bool:
    if card // 10 == best // 10:
        return P[P_STRENGTH + card] > P[P_STRENGTH + best]
    return card // 10 == trump


@jit
def _before(P: I64, card: int, other: int, richer: bool) -> bool:
    """True when ``card`` comes before ``other`` (-1: none yet) in a choice by points, the most
    points first when ``richer`` (else the fewest), and the weaker card among equal points."""
    if other < 0:
        return True
    pts = P[P_POINTS + card]
    was = P[P_POINTS + other]
    if pts != was:
        return pts > was if richer else pts < was
    return P[P_STRENGTH + card] < P[P_STRENGTH + other]


@jit
def fill_tables(P: I64, T: I64) -> None:
    """The card masks the compiled policy uses: for each card the stronger cards of its suit,
    each suit, the deck, and the carichi (cards worth 10 or more)."""
    for i in range(T_LEN):
        T[i] = 0
    for c in range(40):
        suit = c // 10
        for t in range(suit * 10, suit * 10 + 10):
            if P[P_STRENGTH + t] > P[P_STRENGTH + c]:
                T[c] |= _ONE << t
        T[T_SUIT + suit] |= _ONE << c
    for i in range(P[P_DECK_SIZE]):
        c = P[P_DECK + i]
        T[T_DECK] |= _ONE << c
        if P[P_POINTS + c] >= 10:
            T[T_CARICHI] |= _ONE << c


@jit
def played_mask(P: I64, S: I64, T: I64) -> int:
    """The cards already played: the deck less every hand and the stock."""
    left = np.int64(0)
    for s in range(P[P_PLAYERS]):
        left |= S[O_HMASK + s]
    for i in range(S[S_SP], P[P_DECK_SIZE] + 1):
        c = S[O_DECK + i]
        if c >= 0:
            left |= _ONE << c
    return T[T_DECK] & ~left


@jit
def medium_play(P: I64, S: I64, T: I64, played: int) -> int:
    """The medium level's card (or accuso, or exchange) for the seat to act in the play phase:
    the rules of :mod:`briscola.bots.medium`, with card counting, without its exact endgame."""
    seat = S[S_TURN]
    trump = S[S_TRUMP]
    if P[P_ACCUSI] != 0:
        if K.declarable(P, S, seat, trump):
            return A_DECLARE + trump
        for suit in range(4):
            if K.declarable(P, S, seat, suit):
                return A_DECLARE + suit
    gave = K.exchange_card(P, S, seat)
    if gave >= 0:
        took = S[S_BRIS]
        if P[P_POINTS + took] * 16 + P[P_STRENGTH + took] > (
            P[P_POINTS + gave] * 16 + P[P_STRENGTH + gave]
        ):
            return A_EXCHANGE
    return medium_card(P, S, T, played)


@jit
def medium_card(P: I64, S: I64, T: I64, played: int) -> int:
    """The card the medium level's rules play for the seat to act (``played``: the cards played
    so far, as a mask)."""
    seat = S[S_TURN]
    trump = S[S_TRUMP]
    n = P[P_PLAYERS]
    base = O_HANDS + seat * MAX_HAND
    cnt = S[O_HCOUNT + seat]
    # the cards this seat cannot place: other hands and the hidden stock
    out = T[T_DECK] & ~played & ~S[O_HMASK + seat]
    if K.stock_open(P, S[S_SP]) and S[S_BRIS] >= 0:
        out &= ~(_ONE << S[O_DECK + P[P_DECK_SIZE]])  # the face-up briscola is no threat
    tn = S[S_TN]
    stock = K.stock_left(P, S)
    cheapest = -1
    for i in range(cnt):
        c = S[base + i]
        if cheapest < 0 or _cost(P, c, trump) < _cost(P, cheapest, trump):
            cheapest = c
    if tn == 0:
        return _medium_lead(P, S, T, base, cnt, trump, out)
    best = S[S_BEST_CARD]
    win_seat = S[S_BEST_SEAT]
    pts = S[S_TRICK_PTS]
    # the opponents still to play in this trick may hold any card this seat cannot place
    threats = np.int64(0)
    s = seat
    for _ in range(n - tn - 1):
        s = K.next_seat(s, P[P_STEP], n)
        if Sd.side_of(P, S, seat, s) != Sd.SIDE_WITH:
            threats = out
    if Sd.side_of(P, S, seat, win_seat) == Sd.SIDE_WITH:
        if not _beaten_by(T, best, trump, threats):
            gift = -1
            for i in range(cnt):
                c = S[base + i]
                if c // 10 != trump and P[P_POINTS + c] > 0 and _before(P, c, gift, True):
                    gift = c
            if gift >= 0:
                return gift
            return cheapest
        if pts >= 10:
            sure = -1
            for i in range(cnt):
                c = S[base + i]
                if (
                    P[P_POINTS + c] < 10
                    and _beats(P, c, best, trump)
                    and not _beaten_by(T, c, trump, threats)
                    and (sure < 0 or _cost(P, c, trump) < _cost(P, sure, trump))
                ):
                    sure = c
            if sure >= 0:
                return sure
        return cheapest
    take = -1  # the safe winner of another suit than trumps with the most points
    cheap_plain = -1  # the cheapest winner of another suit, not a carico
    low = -1  # the cheapest trump that wins (safe ones first)
    low_safe = False
    n_trumps = 0
    for i in range(cnt):
        c = S[base + i]
        is_trump = c // 10 == trump
        if is_trump:
            n_trumps += 1
        if not _beats(P, c, best, trump):
            continue
        safe = not _beaten_by(T, c, trump, threats)
        if not is_trump:
            if safe and _before(P, c, take, True):
                take = c
            if P[P_POINTS + c] < 10 and _before(P, c, cheap_plain, False):
                cheap_plain = c
        elif (
            low < 0
            or (safe and not low_safe)
            or (safe == low_safe and _cost(P, c, trump) < _cost(P, low, trump))
        ):
            low = c
            low_safe = safe
    if take >= 0:
        if pts + P[P_POINTS + take] > 0:
            return take
        if cheapest // 10 == take // 10 and _beats(P, cheapest, best, trump):
            return cheapest
    if cheap_plain >= 0 and pts > 0:
        return cheap_plain
    if low >= 0:
        low_pts = P[P_POINTS + low]
        big = low_pts >= 10
        if pts >= 10 and (not big or pts + low_pts >= 20 or stock == 0):
            return low
        if pts >= 4 and low_pts == 0 and (n_trumps >= 2 or stock <= 6):
            return low
        if P[P_POINTS + cheapest] >= 10 and not big:
            return low
        if pts + P[P_POINTS + cheapest] >= 3 and low_pts <= 4 and stock == 0:
            return low
    return cheapest


@jit
def _medium_lead(P: I64, S: I64, T: I64, base: int, cnt: int, trump: int, out: int) -> int:
    """The medium level's lead (see :func:`briscola.bots.medium._lead`)."""
    liscio = -1
    safe_fig = -1
    fig = -1
    small_trump = -1
    fig_trump = -1
    top = -1
    carico = -1
    big_trump = -1
    n_trumps = 0
    trumps_out = (out >> (trump * 10)) & 1023
    for i in range(cnt):
        c = S[base + i]
        pts = P[P_POINTS + c]
        st = P[P_STRENGTH + c]
        suit = c // 10
        if suit == trump:
            n_trumps += 1
            if pts == 0:
                if small_trump < 0 or st < P[P_STRENGTH + small_trump]:
                    small_trump = c
            elif pts < 10 and (fig_trump < 0 or st < P[P_STRENGTH + fig_trump]):
                fig_trump = c
            if big_trump < 0 or st > P[P_STRENGTH + big_trump]:
                big_trump = c
            continue
        higher = (out & T[c]) != 0
        higher_carico = (out & T[c] & T[T_CARICHI]) != 0
        if pts == 0:
            if liscio < 0 or st < P[P_STRENGTH + liscio]:
                liscio = c
        elif pts < 10:
            if not higher_carico and (safe_fig < 0 or pts < P[P_POINTS + safe_fig]):
                safe_fig = c
            if fig < 0 or pts < P[P_POINTS + fig]:
                fig = c
        else:
            if not higher and (top < 0 or pts < P[P_POINTS + top]):
                top = c
            if carico < 0 or pts < P[P_POINTS + carico]:
                carico = c
    if liscio >= 0:
        return liscio
    if safe_fig >= 0:
        return safe_fig
    if small_trump >= 0 and (n_trumps >= 2 or fig < 0):
        return small_trump
    if fig >= 0:
        return fig
    if top >= 0 and trumps_out == 0:
        return top
    if small_trump >= 0:
        return small_trump
    if fig_trump >= 0:
        return fig_trump
    if top >= 0:
        return top
    if carico >= 0:
        return carico
    return big_trump
