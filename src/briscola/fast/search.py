# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Search kernels for the computer players: sampled worlds, rollouts and exact endgames.

A search bot sees one seat's :class:`~briscola.observation.Observation`. :func:`encode_observation`
turns it into the fast core's state array with every card the seat cannot see put in a list of
*unknown slots* (other hands, the hidden stock); :func:`resample` deals the unknown cards over
those slots at random, which gives a full state consistent with the observation (a
*determinization*, as :func:`briscola.observation.determinize` makes, thousands of times faster).

On each sampled world :func:`pimc` plays every candidate action and finishes the deal with a
rollout policy (the core's heuristic), and in two players switches to the exact solver
(:func:`solve_from`, alpha-beta over the remaining tricks, the stock order known in that world) when
few cards are left in the stock. The value of a finished deal for the searching seat is its side's
win (1, a draw 0.5) plus a small share of the point margin, or in Briscola chiamata its settlement
units plus the margin.

>>> from briscola.game import new_game
>>> from briscola.observation import observe
>>> from briscola.rules import preset
>>> state = new_game(preset("classic"), seed=3)
>>> enc = encode_observation(observe(state, state.turn))
>>> len(enc.pool) == len(enc.slots) == 33 + 3     # 33 hidden stock cards, 3 in the other hand
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from ..actions import Action, ExchangeBriscola, Play
from ..game import Phase, trick_winner
from ..observation import Observation
from . import kernel as K
from .layout import (
    A_DECLARE,
    A_EXCHANGE,
    EXCH_NONE,
    EXCH_TWO,
    MAX_ACTIONS,
    MAX_HAND,
    O_DECK,
    O_DECL,
    O_HANDS,
    O_HCOUNT,
    O_HMASK,
    O_PTS,
    O_TCARD,
    O_TSEAT,
    O_TWIN,
    P_ACCUSI,
    P_BID_ORDER,
    P_DECK,
    P_DECK_SIZE,
    P_EXCHANGE,
    P_PARTNERSHIP,
    P_PLAYERS,
    P_POINTS,
    P_STEP,
    P_STRENGTH,
    P_TOTAL,
    PART_ALTERNATE,
    PART_CALLED,
    PH_PLAY,
    S_BEST_CARD,
    S_BEST_SEAT,
    S_BRIS,
    S_CALLED,
    S_CALLER,
    S_DEALER,
    S_DECLARED,
    S_LEADER,
    S_LEN,
    S_PARTNER,
    S_PASSED,
    S_PHASE,
    S_REVEALED,
    S_SP,
    S_STAND_KIND,
    S_STAND_SEAT,
    S_STAND_VAL,
    S_TN,
    S_TRICK_PTS,
    S_TRICKS,
    S_TRUMP,
    S_TURN,
    S_WON,
)
from .params import ruleset_params
from .replay import encode_action

__all__ = [
    "POLICY_MEDIUM",
    "POLICY_RANDOM",
    "POLICY_SIMPLE",
    "Encoded",
    "encode_observation",
    "fill_tables",
    "fill_worlds",
    "hand_weights",
    "history_events",
    "load_world",
    "medium_play",
    "pimc",
    "pimc_worlds",
    "resample",
    "solve_from",
    "solve_masks",
    "world_value",
]

F = TypeVar("F", bound=Callable[..., Any])
I64 = npt.NDArray[np.int64]
I16 = npt.NDArray[np.int16]
F64 = npt.NDArray[np.float64]

_FLAGS: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}


def _drop_stale_cache() -> None:
    """Numba keys a cached kernel on its own source file only, but these kernels compile in the
    core's (:mod:`briscola.fast.kernel`, :mod:`briscola.fast.layout`): when those change, the
    cached search kernels are dropped here so that they are compiled again."""
    here = Path(__file__).parent
    try:
        stamp = hashlib.sha256(
            b"".join((here / name).read_bytes() for name in ("kernel.py", "layout.py"))
        ).hexdigest()
        cache = here / "__pycache__"
        mark = cache / "search.deps"
        old = mark.read_text() if mark.exists() else ""
        if old != stamp:
            for stale in cache.glob("search.*.nb[ic]"):
                stale.unlink(missing_ok=True)
            cache.mkdir(exist_ok=True)
            mark.write_text(stamp)
    except OSError:  # a read-only install: Numba then keeps its cache elsewhere, or none
        pass


_drop_stale_cache()


def _jit(fn: F) -> F:
    return cast(F, numba.njit(**_FLAGS)(fn))


_ONE = np.int64(1)
POLICY_RANDOM = 0
POLICY_SIMPLE = 1
POLICY_MEDIUM = 2
_INF = 1 << 20
_SUIT_LETTERS = "cdsb"  # suit order of the card indices
# the card-mask table T (see fill_tables): 40 masks of stronger cards, then these
T_SUIT = 40  # 4 suit masks
T_DECK = 44
T_CARICHI = 45
T_LEN = 48


# -- worlds ------------------------------------------------------------------------------------
@_jit
def resample(
    P: I64, S_base: I64, S: I64, slots: I64, pool: I64, n_unk: int, hidden_called: bool, x: Any
) -> Any:
    """Copy ``S_base`` into ``S`` with the unknown cards dealt at random over the unknown slots.

    ``pool`` is permuted in place (Fisher-Yates); the hand masks, and the holder of a hidden
    called card, are rebuilt. Returns the generator state.
    """
    for i in range(S_LEN):
        S[i] = S_base[i]
    i = n_unk - 1
    while i > 0:
        x = K.rng_next(x)
        j = K.rng_below(x, i + 1)
        c = pool[i]
        pool[i] = pool[j]
        pool[j] = c
        i -= 1
    for i in range(n_unk):
        S[slots[i]] = pool[i]
    n = P[P_PLAYERS]
    for s in range(n):
        m = np.int64(0)
        base = O_HANDS + s * MAX_HAND
        for k in range(S[O_HCOUNT + s]):
            m |= _ONE << S[base + k]
        S[O_HMASK + s] = m
    if hidden_called:
        called = S[S_CALLED]
        for s in range(n):
            if (S[O_HMASK + s] >> called) & _ONE:
                S[S_PARTNER] = s
    return x


# -- the exact two-player solver ---------------------------------------------------------------
# The solver is iterative, on an explicit stack (``ws``, see :func:`solver_stack`): Numba's cache
# does not keep recursive functions safely (numba/numba#6061).
_F_H0 = 0
_F_H1 = 1
_F_SP = 2
_F_TURN = 3
_F_LEAD = 4
_F_LSEAT = 5
_F_DECL = 6
_F_ONLY = 7
_F_ALPHA = 8
_F_BETA = 9
_F_BEST = 10
_F_BONUS = 11
_F_NEXT = 12
_F_TP = 13
_F_LEN = 14
MAX_PLIES = 2 * 20 + 2


def solver_stack() -> I64:
    """Work space for the exact solver."""
    return np.zeros((MAX_PLIES, _F_LEN), np.int64)


@_jit
def _enter(
    P: I64,
    ws: I64,
    d: int,
    trump: int,
    h0: int,
    h1: int,
    sp: int,
    turn: int,
    lead: int,
    lead_seat: int,
    declared: int,
    only: int,
    alpha: int,
    beta: int,
) -> None:
    """Open the solver's frame ``d``: the seat to act declares every accuso it can first (with
    every card known that never hurts), which shifts the search window."""
    hand = h0 if turn == 0 else h1
    bonus = 0
    if P[P_ACCUSI] != 0:
        for suit in range(4):
            pair = (hand >> (suit * 10 + 9)) & (hand >> (suit * 10 + 8)) & 1
            if pair and (declared >> suit) & 1 == 0:
                declared |= 1 << suit
                b = 40 if suit == trump else 20
                bonus += b if turn == 0 else -b
    ws[d, _F_H0] = h0
    ws[d, _F_H1] = h1
    ws[d, _F_SP] = sp
    ws[d, _F_TURN] = turn
    ws[d, _F_LEAD] = lead
    ws[d, _F_LSEAT] = lead_seat
    ws[d, _F_DECL] = declared
    ws[d, _F_ONLY] = only
    ws[d, _F_ALPHA] = alpha - bonus
    ws[d, _F_BETA] = beta - bonus
    ws[d, _F_BEST] = -_INF if turn == 0 else _INF
    ws[d, _F_BONUS] = bonus
    ws[d, _F_NEXT] = 0
    ws[d, _F_TP] = 0


@_jit
def _solve(
    P: I64,
    ws: I64,
    trump: int,
    h0: int,
    h1: int,
    stock: I64,
    base: int,
    sp: int,
    size: int,
    turn: int,
    lead: int,
    lead_seat: int,
    declared: int,
    only: int,
) -> int:
    """Alpha-beta over the rest of a two-player deal with every card known: the future point
    difference (seat 0 minus seat 1) under best play by both. The stock lies at
    ``stock[base + sp .. base + size]`` (drawn in that order, two cards a trick). ``only``
    restricts the first move to one card (-1: any)."""
    _enter(P, ws, 0, trump, h0, h1, sp, turn, lead, lead_seat, declared, only, -_INF, _INF)
    d = 0
    while True:
        turn = ws[d, _F_TURN]
        hand = ws[d, _F_H0] if turn == 0 else ws[d, _F_H1]
        c = ws[d, _F_NEXT]
        only = ws[d, _F_ONLY]
        if hand != 0 and ws[d, _F_ALPHA] < ws[d, _F_BETA]:
            while c < 40 and ((hand >> c) & 1 == 0 or (only >= 0 and c != only)):
                c += 1
        else:
            c = 40
        if c < 40:
            ws[d, _F_NEXT] = c + 1
            bit = _ONE << c
            h0 = ws[d, _F_H0]
            h1 = ws[d, _F_H1]
            if turn == 0:
                h0 &= ~bit
            else:
                h1 &= ~bit
            lead = ws[d, _F_LEAD]
            sp = ws[d, _F_SP]
            if lead < 0:
                tp = 0
                nturn = 1 - turn
                nlead = c
                nlseat = turn
            else:
                ls = c // 10
                wins = ls == trump
                if ls == lead // 10:
                    wins = P[P_STRENGTH + c] > P[P_STRENGTH + lead]
                winner = turn if wins else ws[d, _F_LSEAT]
                pts = P[P_POINTS + c] + P[P_POINTS + lead]
                tp = pts if winner == 0 else -pts
                if sp <= size:
                    c1 = stock[base + sp]
                    c2 = stock[base + sp + 1]
                    if winner == 0:
                        h0 |= _ONE << c1
                        h1 |= _ONE << c2
                    else:
                        h1 |= _ONE << c1
                        h0 |= _ONE << c2
                    sp += 2
                nturn = winner
                nlead = -1
                nlseat = -1
            ws[d, _F_TP] = tp
            _enter(
                P, ws, d + 1, trump, h0, h1, sp, nturn, nlead, nlseat, ws[d, _F_DECL], -1,
                ws[d, _F_ALPHA] - tp, ws[d, _F_BETA] - tp,
            )  # fmt: skip
            d += 1
            continue
        # this frame is done: its value goes to the parent
        val = 0 if hand == 0 else ws[d, _F_BEST] + ws[d, _F_BONUS]
        if d == 0:
            return val
        d -= 1
        v = ws[d, _F_TP] + val
        if ws[d, _F_TURN] == 0:
            if v > ws[d, _F_BEST]:
                ws[d, _F_BEST] = v
                if v > ws[d, _F_ALPHA]:
                    ws[d, _F_ALPHA] = v
        elif v < ws[d, _F_BEST]:
            ws[d, _F_BEST] = v
            if v < ws[d, _F_BETA]:
                ws[d, _F_BETA] = v


@_jit
def solve_masks(
    P: I64,
    ws: I64,
    trump: int,
    h0: int,
    h1: int,
    stock: I64,
    sp: int,
    size: int,
    turn: int,
    lead: int,
    lead_seat: int,
    declared: int,
    only: int,
) -> int:
    """The exact future point difference (seat 0 minus seat 1) of a two-player position given as
    hand masks, a stock ``stock[sp..size]``, the seat to act and the card led (or -1)."""
    return _solve(P, ws, trump, h0, h1, stock, 0, sp, size, turn, lead, lead_seat, declared, only)


@_jit
def solve_from(P: I64, S: I64, ws: I64) -> int:
    """The exact future point difference (seat 0 minus seat 1) of a two-player deal in the play
    phase with every card known (the stock order included): best play by both from here."""
    lead = -1
    lead_seat = -1
    if S[S_TN] == 1:
        lead = S[O_TCARD]
        lead_seat = S[O_TSEAT]
    return _solve(
        P,
        ws,
        S[S_TRUMP],
        S[O_HMASK],
        S[O_HMASK + 1],
        S,
        O_DECK,
        S[S_SP],
        P[P_DECK_SIZE],
        S[S_TURN],
        lead,
        lead_seat,
        S[S_DECLARED],
        -1,
    )


@_jit
def stock_left(P: I64, S: I64) -> int:
    """Cards left in the stock (the face-up briscola included)."""
    sp = S[S_SP]
    size = P[P_DECK_SIZE]
    return size + 1 - sp if sp <= size else 0


@_jit
def can_solve(P: I64, S: I64, solve_stock: int) -> bool:
    """True when the exact solver may finish this two-player deal: the stock is short enough and
    no exchange of the briscola can happen any more."""
    if P[P_PLAYERS] != 2 or S[S_PHASE] != PH_PLAY:
        return False
    left = stock_left(P, S)
    if left > solve_stock:
        return False
    if left == 0 or P[P_EXCHANGE] == EXCH_NONE:
        return True
    return P[P_EXCHANGE] == EXCH_TWO and S[S_TRICKS] > 0


# -- the medium level's rules of thumb, compiled (a rollout policy) --------------------------------
@_jit
def _cost(P: I64, card: int, trump: int) -> int:
    """What giving a card away costs, in tenths: its points, its strength, a premium for trumps
    (as :meth:`briscola.bots.knowledge.Knowledge.cost`)."""
    if card // 10 == trump:
        return P[P_POINTS + card] * 10 + 50 + 8 * P[P_STRENGTH + card]
    return P[P_POINTS + card] * 10 + P[P_STRENGTH + card]


@_jit
def _beaten_by(T: I64, card: int, trump: int, threats: int) -> bool:
    """True when a card of the mask ``threats`` would take the trick from ``card``."""
    if threats & T[card]:
        return True
    return card // 10 != trump and (threats & T[T_SUIT + trump]) != 0


@_jit
def _beats(P: I64, card: int, best: int, trump: int) -> bool:
    if card // 10 == best // 10:
        return P[P_STRENGTH + card] > P[P_STRENGTH + best]
    return card // 10 == trump


@_jit
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


@_jit
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


@_jit
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


@_jit
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
    if S[S_SP] <= P[P_DECK_SIZE] and S[S_BRIS] >= 0:
        out &= ~(_ONE << S[O_DECK + P[P_DECK_SIZE]])  # the face-up briscola is no threat
    tn = S[S_TN]
    size = P[P_DECK_SIZE]
    stock = size + 1 - S[S_SP] if S[S_SP] <= size else 0
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
        if not K.is_friend(P, S, seat, s):
            threats = out
    if win_seat == seat or K.is_friend(P, S, seat, win_seat):
        if not _beaten_by(T, best, trump, threats):
            gift = -1
            for i in range(cnt):
                c = S[base + i]
                if (
                    c // 10 != trump
                    and P[P_POINTS + c] > 0
                    and (
                        gift < 0
                        or P[P_POINTS + c] > P[P_POINTS + gift]
                        or (
                            P[P_POINTS + c] == P[P_POINTS + gift]
                            and P[P_STRENGTH + c] < P[P_STRENGTH + gift]
                        )
                    )
                ):
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
            if safe and (
                take < 0
                or P[P_POINTS + c] > P[P_POINTS + take]
                or (
                    P[P_POINTS + c] == P[P_POINTS + take]
                    and P[P_STRENGTH + c] < P[P_STRENGTH + take]
                )
            ):
                take = c
            if P[P_POINTS + c] < 10 and (
                cheap_plain < 0
                or P[P_POINTS + c] < P[P_POINTS + cheap_plain]
                or (
                    P[P_POINTS + c] == P[P_POINTS + cheap_plain]
                    and P[P_STRENGTH + c] < P[P_STRENGTH + cheap_plain]
                )
            ):
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


@_jit
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


# -- rollouts and values ------------------------------------------------------------------------
@_jit
def rollout(
    P: I64, S: I64, T: I64, buf: I64, ws: I64, x: Any, policy: int, solve_stock: int
) -> tuple[Any, int]:
    """Finish the deal in ``S`` with ``policy`` for every seat; in two players hand over to the
    exact solver once the stock holds ``solve_stock`` cards or fewer (-1: never). Returns the
    generator state and the solver's future difference (0 when played to the end)."""
    played = played_mask(P, S, T) if policy == POLICY_MEDIUM else np.int64(0)
    while S[S_PHASE] == PH_PLAY:
        if solve_stock >= 0 and can_solve(P, S, solve_stock):
            return x, solve_from(P, S, ws)
        if policy == POLICY_RANDOM:
            code, slot, x = K.random_choice(P, S, buf, x)
            if slot >= 0:
                K.play_slot(P, S, S[S_TURN], slot)
            else:
                K.apply_code(P, S, buf, code)
        elif policy == POLICY_MEDIUM:
            code = medium_play(P, S, T, played)
            if code < 40:
                played |= _ONE << code
            K.apply_code(P, S, buf, code)
        else:
            K.apply_code(P, S, buf, K.simple_choice(P, S))
    return x, 0


@_jit
def world_value(P: I64, S: I64, row: I16, me: int, future: int, lam: float) -> float:
    """The value of a finished (or exactly solved) deal for seat ``me``: its side's win (1, a
    draw 0.5, a loss 0) plus ``lam`` times the point margin over the best other side, as a share
    of the deck's points. ``future`` is the solver's difference still to add (two players).
    In Briscola chiamata: the seat's settlement units plus the margin."""
    n = P[P_PLAYERS]
    part = P[P_PARTNERSHIP]
    total = P[P_TOTAL]
    if part == PART_CALLED:
        K.finish(P, S, row)
        caller = S[S_CALLER]
        partner = S[S_PARTNER]
        mine = 1 if me != caller and me != partner else 0
        margin = row[K.R_TEAM + mine] - row[K.R_TEAM + 1 - mine]
        return row[K.R_UNITS + me] + lam * margin / total
    if n == 2:
        diff = S[O_PTS] - S[O_PTS + 1] + future
        if me == 1:
            diff = -diff
    else:
        teams = 2 if part == PART_ALTERNATE else n
        mine_t = (me & 1) if part == PART_ALTERNATE else me
        best_other = -_INF
        pts = 0
        for t in range(teams):
            tp = 0
            for s in range(n):
                st = (s & 1) if part == PART_ALTERNATE else s
                if st == t:
                    tp += S[O_PTS + s]
            if t == mine_t:
                pts = tp
            elif tp > best_other:
                best_other = tp
        diff = pts - best_other
    win = 1.0 if diff > 0 else (0.5 if diff == 0 else 0.0)
    return win + lam * diff / total


@_jit
def pimc(
    P: I64,
    T: I64,
    S_base: I64,
    S_w: I64,
    S_r: I64,
    buf: I64,
    row: I16,
    ws: I64,
    slots: I64,
    pool: I64,
    n_unk: int,
    hidden_called: bool,
    me: int,
    cands: I64,
    active: I64,
    seed: Any,
    policy: int,
    solve_stock: int,
    lam: float,
    vals: F64,
) -> None:
    """Perfect-information Monte Carlo: on ``vals.shape[0]`` sampled worlds, each candidate
    action ``cands[j]`` with ``active[j]`` set is played and the deal finished by
    :func:`rollout`; ``vals[w, j]`` is its value in world ``w`` (see :func:`world_value`). Every
    candidate sees the same worlds and the same rollout randomness (common random numbers)."""
    x = K.game_rng(seed, 0)
    for w in range(vals.shape[0]):
        x = resample(P, S_base, S_w, slots, pool, n_unk, hidden_called, x)
        x = K.rng_next(x)
        for j in range(cands.shape[0]):
            if active[j] == 0:
                continue
            for i in range(S_LEN):
                S_r[i] = S_w[i]
            K.apply_code(P, S_r, buf, cands[j])
            _, future = rollout(P, S_r, T, buf, ws, x, policy, solve_stock)
            vals[w, j] = world_value(P, S_r, row, me, future, lam)


@_jit
def load_world(
    P: I64, S_base: I64, S: I64, slots: I64, world: I64, n_unk: int, hidden_called: bool
) -> None:
    """``S_base`` with the unknown slots filled from ``world``; hand masks (and the holder of a
    hidden called card) rebuilt."""
    for i in range(S_LEN):
        S[i] = S_base[i]
    for i in range(n_unk):
        S[slots[i]] = world[i]
    n = P[P_PLAYERS]
    for s in range(n):
        m = np.int64(0)
        base = O_HANDS + s * MAX_HAND
        for k in range(S[O_HCOUNT + s]):
            m |= _ONE << S[base + k]
        S[O_HMASK + s] = m
    if hidden_called:
        called = S[S_CALLED]
        for s in range(n):
            if (S[O_HMASK + s] >> called) & _ONE:
                S[S_PARTNER] = s


@_jit
def pimc_worlds(
    P: I64,
    T: I64,
    S_base: I64,
    S_w: I64,
    S_r: I64,
    buf: I64,
    row: I16,
    ws: I64,
    slots: I64,
    worlds: I64,
    first: int,
    n_unk: int,
    hidden_called: bool,
    me: int,
    cands: I64,
    active: I64,
    policy: int,
    solve_stock: int,
    lam: float,
    vals: F64,
) -> None:
    """:func:`pimc` on given worlds: ``vals[w, j]`` is the value of candidate ``j`` in world
    ``worlds[first + w]``."""
    x = K.game_rng(np.uint64(first), 2)
    for w in range(vals.shape[0]):
        load_world(P, S_base, S_w, slots, worlds[first + w], n_unk, hidden_called)
        for j in range(cands.shape[0]):
            if active[j] == 0:
                continue
            for i in range(S_LEN):
                S_r[i] = S_w[i]
            K.apply_code(P, S_r, buf, cands[j])
            _, future = rollout(P, S_r, T, buf, ws, x, policy, solve_stock)
            vals[w, j] = world_value(P, S_r, row, me, future, lam)


# -- inference: worlds weighed by the opponents' past plays --------------------------------------
EV_PLAY = 0  # the opponent played ev_card (ev_lead: the card led to it, or -1)
EV_DRAW = 1  # the opponent drew an unknown card
EV_DRAW_KNOWN = 2  # the opponent drew ev_card (the face-up briscola)
EV_EXCHANGE = 3  # the opponent took ev_card (the face-up briscola) for ev_lead


@_jit
def _history_weight(
    P: I64,
    T: I64,
    S_t: I64,
    hand: int,
    me: int,
    opp: int,
    ev_kind: I64,
    ev_card: I64,
    ev_lead: I64,
    ev_played: I64,
    ev_sp: I64,
    eps: float,
    x: Any,
) -> tuple[float, Any]:
    """The likelihood of the opponent's past plays from its hand ``hand`` now (one backward
    sample of which cards it drew when)."""
    size = P[P_DECK_SIZE]
    w = 1.0
    for e in range(ev_kind.shape[0]):
        kind = ev_kind[e]
        c = ev_card[e]
        if kind == EV_PLAY:
            hand |= _ONE << c
            if ev_sp[e] > size:
                continue  # the stock was empty: nothing hidden was left to infer
            k = 0
            for t in range(40):
                if (hand >> t) & 1:
                    S_t[O_HANDS + opp * MAX_HAND + k] = t
                    k += 1
            if k < 2:
                continue
            S_t[O_HCOUNT + opp] = k
            S_t[O_HMASK + opp] = hand
            S_t[S_SP] = ev_sp[e]
            lead = ev_lead[e]
            if lead >= 0:
                S_t[S_TN] = 1
                S_t[O_TCARD] = lead
                S_t[S_BEST_CARD] = lead
                S_t[S_BEST_SEAT] = me
                S_t[S_TRICK_PTS] = P[P_POINTS + lead]
            else:
                S_t[S_TN] = 0
                S_t[S_TRICK_PTS] = 0
            guess = medium_card(P, S_t, T, ev_played[e])
            w *= (1.0 - eps) * (1.0 if guess == c else 0.0) + eps / k
        elif kind == EV_DRAW_KNOWN:
            hand &= ~(_ONE << c)
        elif kind == EV_DRAW:
            k = 0
            for t in range(40):
                if (hand >> t) & 1:
                    k += 1
            if k == 0:
                continue
            x = K.rng_next(x)
            r = K.rng_below(x, k)
            for t in range(40):
                if (hand >> t) & 1:
                    if r == 0:
                        hand &= ~(_ONE << t)
                        break
                    r -= 1
        else:  # an exchange, undone: give back the face-up card, take back the one given
            hand = (hand & ~(_ONE << c)) | (_ONE << ev_lead[e])
    return w, x


@_jit
def hand_weights(
    P: I64,
    T: I64,
    S_base: I64,
    S_t: I64,
    me: int,
    opp: int,
    hands: I64,
    ev_kind: I64,
    ev_card: I64,
    ev_lead: I64,
    ev_played: I64,
    ev_sp: I64,
    eps: float,
    reps: int,
    seed: Any,
    out: F64,
) -> None:
    """The likelihood of the opponent's past plays for each of its possible hands now (as bit
    masks in ``hands``), if it plays by the medium level's rules (and, with probability ``eps``,
    any card at random).

    The events (``ev_*``, from :func:`history_events`) run backwards from the latest: undoing
    them from a hand now gives the opponent's hand at each past play. Which of its cards it drew
    when is drawn at random (every order is equally likely a priori); ``reps`` such draws are
    averaged."""
    x = K.game_rng(seed, 1)
    for i in range(S_LEN):
        S_t[i] = S_base[i]
    S_t[S_TURN] = opp
    S_t[O_TSEAT] = me
    for m in range(hands.shape[0]):
        total = 0.0
        for _ in range(reps):
            w, x = _history_weight(
                P, T, S_t, hands[m], me, opp, ev_kind, ev_card, ev_lead, ev_played, ev_sp,
                eps, x,
            )  # fmt: skip
            total += w
        out[m] = total / reps


@_jit
def fill_worlds(
    pool: I64, picks: I64, hand_pos: I64, rest_pos: I64, rest: I64, seed: Any, worlds: I64
) -> None:
    """Worlds from chosen opponent hands: row ``m`` of ``picks`` holds indices into ``pool``
    for the unknown slots of the opponent's hand (at ``hand_pos`` in a world row); the other
    unknown cards go to the other unknown slots (``rest_pos``) in a random order. ``rest`` is
    work space as long as ``pool``."""
    x = K.game_rng(seed, 3)
    n = pool.shape[0]
    k = hand_pos.shape[0]
    for m in range(worlds.shape[0]):
        taken = np.int64(0)
        for i in range(k):
            worlds[m, hand_pos[i]] = pool[picks[m, i]]
            taken |= _ONE << picks[m, i]
        r = 0
        for i in range(n):
            if (taken >> i) & 1 == 0:
                rest[r] = pool[i]
                r += 1
        i = r - 1
        while i > 0:
            x = K.rng_next(x)
            j = K.rng_below(x, i + 1)
            c = rest[i]
            rest[i] = rest[j]
            rest[j] = c
            i -= 1
        for i in range(r):
            worlds[m, rest_pos[i]] = rest[i]


@_jit
def exact_worlds(
    P: I64,
    S_base: I64,
    S_w: I64,
    S_r: I64,
    buf: I64,
    row: I16,
    ws: I64,
    slots: I64,
    worlds: I64,
    n_unk: int,
    me: int,
    cands: I64,
    n_cand: int,
    lam: float,
    out: F64,
) -> None:
    """Two players: every given world (a row of ``worlds`` fills the unknown slots) solved
    exactly after each candidate; ``out[w, j]`` is the value of candidate ``j`` in world ``w``."""
    for w in range(worlds.shape[0]):
        load_world(P, S_base, S_w, slots, worlds[w], n_unk, False)
        for j in range(n_cand):
            for i in range(S_LEN):
                S_r[i] = S_w[i]
            K.apply_code(P, S_r, buf, cands[j])
            future = 0
            if S_r[S_PHASE] == PH_PLAY:
                future = solve_from(P, S_r, ws)
            out[w, j] = world_value(P, S_r, row, me, future, lam)


# -- from an observation to arrays -----------------------------------------------------------
@dataclass
class Encoded:
    """An observation as the fast core's arrays.

    ``T`` holds the card masks of :func:`fill_tables`; ``S`` is a state array with the unknown
    cards put in some order; ``slots`` are the indices of
    ``S`` that hold unknown cards, ``pool`` the unknown cards; ``hidden_called`` is set when the
    holder of the called card (Briscola chiamata) is unknown to the seat.
    """

    P: I64
    T: I64
    S: I64
    slots: I64
    pool: I64
    hidden_called: bool
    cands: I64
    actions: tuple[Action, ...]


def encode_observation(obs: Observation) -> Encoded:
    """The fast core's arrays for a play-phase observation (see :class:`Encoded`)."""
    if obs.phase is not Phase.PLAY or obs.trump is None or obs.briscola is None:
        raise ValueError("the search plays the play phase only")
    rules = obs.ruleset
    P = ruleset_params(rules)
    n = rules.players
    deck = rules.deck()
    size = len(deck)
    S = np.zeros(S_LEN, np.int64)
    S[S_PHASE] = PH_PLAY
    S[S_TURN] = -1 if obs.turn is None else obs.turn
    S[S_LEADER] = obs.leader
    S[S_DEALER] = obs.dealer
    S[S_TRUMP] = obs.briscola.index // 10
    face_up = rules.briscola_face_up
    k = obs.stock_count
    sp = size + 1 - k
    S[S_SP] = sp
    S[S_BRIS] = obs.briscola.index if face_up else -1
    S[O_DECK + size] = obs.briscola.index if face_up else -1
    S[S_TRICKS] = len(obs.tricks)
    won = 0
    for t, trick in enumerate(obs.tricks):
        S[O_TWIN + t] = trick.winner
        won |= 1 << trick.winner
    S[S_WON] = won
    S[S_TN] = len(obs.trick)
    if obs.trick:
        for i, (seat, card) in enumerate(obs.trick):
            S[O_TSEAT + i] = seat
            S[O_TCARD + i] = card.index
        best_seat = trick_winner(obs.trick, obs.trump, rules)
        S[S_BEST_SEAT] = best_seat
        S[S_BEST_CARD] = next(c.index for s, c in obs.trick if s == best_seat)
        S[S_TRICK_PTS] = sum(rules.points_of(c) for _, c in obs.trick)
    declared = 0
    for decl in obs.declarations:
        declared |= 1 << _SUIT_LETTERS.index(decl.suit.letter)
        S[O_DECL + decl.seat] += decl.points
    S[S_DECLARED] = declared
    for seat, pts in enumerate(obs.seat_points()):
        S[O_PTS + seat] = pts
    # Briscola chiamata
    S[S_CALLER] = -1
    S[S_CALLED] = -1
    S[S_PARTNER] = -1
    S[S_STAND_SEAT] = -1
    played = obs.played_cards()
    hidden_called = False
    if obs.auction is not None:
        auction = obs.auction
        S[S_CALLER] = -1 if auction.winner is None else auction.winner
        passed = 0
        for seat in auction.passed:
            passed |= 1 << seat
        S[S_PASSED] = passed
        standing = auction.standing
        if standing is not None:
            seat, bid = standing
            S[S_STAND_SEAT] = seat
            if bid.points is not None:
                S[S_STAND_KIND] = 2
                S[S_STAND_VAL] = bid.points
            else:
                assert bid.rank is not None
                S[S_STAND_KIND] = 1
                order = [int(P[P_BID_ORDER + i]) for i in range(10)]
                S[S_STAND_VAL] = order.index(int(bid.rank))
        if obs.called is not None:
            S[S_CALLED] = obs.called.index
            if obs.called in played:
                S[S_REVEALED] = 1
                who = [s for t in obs.tricks for s, c in t.plays if c is obs.called]
                who += [s for s, c in obs.trick if c is obs.called]
                S[S_PARTNER] = who[0]
            elif obs.called in obs.hand:
                S[S_PARTNER] = obs.seat
            elif obs.partner is not None:
                S[S_PARTNER] = obs.partner
            else:
                hidden_called = True
    # hands: fixed cards first, then unknown slots
    fixed: dict[int, list[int]] = {s: [] for s in range(n)}
    fixed[obs.seat] = [c.index for c in obs.hand]
    for s, hand in obs.other_hands:
        fixed[s] = [c.index for c in hand]
    for s, cards in obs.known_cards:
        fixed[s].extend(c.index for c in cards)
    seen = {c for cards in fixed.values() for c in cards} | {c.index for c in played}
    if face_up and k > 0:
        seen.add(obs.briscola.index)
    pool = [c.index for c in deck if c.index not in seen]
    slots: list[int] = []
    for s in range(n):
        base = O_HANDS + s * MAX_HAND
        count = obs.hand_counts[s]
        for i, c in enumerate(fixed[s]):
            S[base + i] = c
        for i in range(len(fixed[s]), count):
            slots.append(base + i)
        S[O_HCOUNT + s] = count
    hidden_stock = k - 1 if face_up and k > 0 else k
    for i in range(hidden_stock):
        slots.append(O_DECK + sp + i)
    if len(slots) != len(pool):
        raise ValueError("the observation's counts do not add up to its ruleset's deck")
    for slot, c in zip(slots, pool, strict=True):
        S[slot] = c
    for s in range(n):
        m = 0
        for i in range(obs.hand_counts[s]):
            m |= 1 << int(S[O_HANDS + s * MAX_HAND + i])
        S[O_HMASK + s] = m
    if hidden_called:
        for s in range(n):
            if (int(S[O_HMASK + s]) >> int(S[S_CALLED])) & 1:
                S[S_PARTNER] = s
    actions = tuple(obs.legal)
    cands = np.array([encode_action(a) for a in actions] or [0], np.int64)
    T = np.zeros(T_LEN, np.int64)
    fill_tables(P, T)
    return Encoded(
        P=P,
        T=T,
        S=S,
        slots=np.array(slots, np.int64),
        pool=np.array(pool, np.int64),
        hidden_called=hidden_called,
        cands=cands,
        actions=actions,
    )


def history_events(obs: Observation) -> tuple[int, I64, I64, I64, I64, I64]:
    """Two players: the opponent's past plays, draws and exchanges, latest first, for
    :func:`hand_weights`: (opponent, kinds, cards, cards led, played masks, stock pointers)."""
    rules = obs.ruleset
    assert obs.briscola is not None and obs.trump is not None
    opp = 1 - obs.seat
    size = len(rules.deck())
    stock = size - rules.players * rules.hand_size
    face_up = obs.briscola
    # the exchanges, in order, with the number of plays made before each
    exchange_at: list[int] = []
    plays = 0
    for action in obs.actions:
        if isinstance(action, ExchangeBriscola):
            exchange_at.append(plays)
        elif isinstance(action, Play):
            plays += 1
    exchanges = list(zip(exchange_at, obs.exchanges, strict=True))
    face_up = exchanges[0][1].took if exchanges else obs.briscola
    events: list[tuple[int, int, int, int, int]] = []
    played = 0
    count = 0
    tricks = [t.plays for t in obs.tricks] + ([obs.trick] if obs.trick else [])
    for j, trick in enumerate(tricks):
        for i, (seat, card) in enumerate(trick):
            for at, ex in exchanges:
                if at == count and ex.seat == opp:
                    events.append((EV_EXCHANGE, ex.took.index, ex.gave.index, played, 0))
                if at == count:
                    face_up = ex.gave
            if seat == opp:
                lead = trick[0][1].index if i == 1 else -1
                events.append((EV_PLAY, card.index, lead, played, size + 1 - stock))
            played |= 1 << card.index
            count += 1
        if j < len(obs.tricks) and stock > 0:
            winner = obs.tricks[j].winner
            if stock == 2 and winner != opp:
                events.append((EV_DRAW_KNOWN, face_up.index, -1, 0, 0))
            else:
                events.append((EV_DRAW, -1, -1, 0, 0))
            stock -= 2
    events.reverse()
    cols = list(zip(*events, strict=True)) if events else [(), (), (), (), ()]
    kinds, cards, leads, masks, sps = (np.array(c, np.int64) for c in cols)
    return opp, kinds, cards, leads, masks, sps


def work_arrays() -> tuple[I64, I64, I64, I16, I64]:
    """Work space for the kernels: two state arrays, an action buffer, a result row and the
    solver's stack."""
    return (
        np.zeros(S_LEN, np.int64),
        np.zeros(S_LEN, np.int64),
        np.zeros(MAX_ACTIONS, np.int64),
        np.zeros(K.R_LEN, np.int16),
        solver_stack(),
    )
