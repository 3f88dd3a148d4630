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

from ..actions import Action
from ..game import Phase, trick_winner
from ..observation import Observation
from . import kernel as K
from .layout import (
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
    P_DECK_SIZE,
    P_EXCHANGE,
    P_PARTNERSHIP,
    P_PLAYERS,
    P_POINTS,
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
    "POLICY_RANDOM",
    "POLICY_SIMPLE",
    "Encoded",
    "encode_observation",
    "pimc",
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
_INF = 1 << 20
_SUIT_LETTERS = "cdsb"  # suit order of the card indices


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


# -- rollouts and values ------------------------------------------------------------------------
@_jit
def rollout(
    P: I64, S: I64, buf: I64, ws: I64, x: Any, policy: int, solve_stock: int
) -> tuple[Any, int]:
    """Finish the deal in ``S`` with ``policy`` for every seat; in two players hand over to the
    exact solver once the stock holds ``solve_stock`` cards or fewer (-1: never). Returns the
    generator state and the solver's future difference (0 when played to the end)."""
    while S[S_PHASE] == PH_PLAY:
        if solve_stock >= 0 and can_solve(P, S, solve_stock):
            return x, solve_from(P, S, ws)
        if policy == POLICY_RANDOM:
            code, slot, x = K.random_choice(P, S, buf, x)
            if slot >= 0:
                K.play_slot(P, S, S[S_TURN], slot)
            else:
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
    n_cand: int,
    n_worlds: int,
    seed: Any,
    policy: int,
    solve_stock: int,
    lam: float,
    sums: F64,
    sumsq: F64,
) -> None:
    """Perfect-information Monte Carlo: on ``n_worlds`` sampled worlds, each candidate action is
    played and the deal finished by :func:`rollout`; the values (see :func:`world_value`) are
    added to ``sums`` and their squares to ``sumsq``. Every candidate sees the same worlds and the
    same rollout randomness (common random numbers)."""
    x = K.game_rng(seed, 0)
    for _ in range(n_worlds):
        x = resample(P, S_base, S_w, slots, pool, n_unk, hidden_called, x)
        x = K.rng_next(x)
        for j in range(n_cand):
            for i in range(S_LEN):
                S_r[i] = S_w[i]
            K.apply_code(P, S_r, buf, cands[j])
            _, future = rollout(P, S_r, buf, ws, x, policy, solve_stock)
            v = world_value(P, S_r, row, me, future, lam)
            sums[j] += v
            sumsq[j] += v * v


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
    n = P[P_PLAYERS]
    for w in range(worlds.shape[0]):
        for i in range(S_LEN):
            S_w[i] = S_base[i]
        for i in range(n_unk):
            S_w[slots[i]] = worlds[w, i]
        for s in range(n):
            m = np.int64(0)
            base = O_HANDS + s * MAX_HAND
            for k in range(S_w[O_HCOUNT + s]):
                m |= _ONE << S_w[base + k]
            S_w[O_HMASK + s] = m
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

    ``S`` is a state array with the unknown cards put in some order; ``slots`` are the indices of
    ``S`` that hold unknown cards, ``pool`` the unknown cards; ``hidden_called`` is set when the
    holder of the called card (Briscola chiamata) is unknown to the seat.
    """

    P: I64
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
    return Encoded(
        P=P,
        S=S,
        slots=np.array(slots, np.int64),
        pool=np.array(pool, np.int64),
        hidden_called=hidden_called,
        cands=cands,
        actions=actions,
    )


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
