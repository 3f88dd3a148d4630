# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, index"
"""Compiled kernels of the batch environment (:mod:`briscola.env.vector`).

N deals are held as rows of one state matrix ``S`` (``int64[N, S_LEN]``, the layout of
:mod:`briscola.fast.core.layout`). Each deal has one learning seat; the compiled opponent policy
(``simple`` or ``random``) plays every other seat. A few facts the state does not keep but an
observation needs are tracked per deal in ``EX`` (``int64[N, X_LEN]``): the learning seat, the
cards of completed tricks, those taken by each seat, the cards taken in exchanges.
``LOG`` keeps every action code of the deal in progress, so a deal can be replayed in the
reference engine.

The observation is the 798-float vector of :func:`briscola.env.encoding.encode`, computed here
from the state, with only what the learning seat may see (the offsets below; a test checks them
against :data:`briscola.env.encoding.LAYOUT`). In Briscola chiamata the sides come from
:func:`briscola.fast.core.sides.side_of`, which knows the called card's holder only when the
learning seat may know it; the cards won by the seat's side are gathered from the cards each seat
has taken, so a partner's tricks count once the partner is known.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from briscola.fast.core import layout as L
from briscola.fast.core.batch import finish
from briscola.fast.core.kernel import apply_code, deal, legal, load_deck, stock_left
from briscola.fast.core.policies import random_choice, simple_choice
from briscola.fast.core.rng import rng_below, rng_next, shuffle_deck
from briscola.fast.core.sides import SIDE_AGAINST, SIDE_WITH, side_of
from briscola.fast.jitcache import I64
from briscola.fast.jitcache import jit_nrt as _jit

F32 = npt.NDArray[np.float32]
_ONE = np.int64(1)


# -- per-deal extras EX ---------------------------------------------------------------------------
X_SEAT: Final = 0  # the learning seat
X_PLAYED: Final = 1  # bit mask: cards in completed tricks
X_TOOK: Final = 2  # bit mask: cards taken from the table in an exchange
X_EXCH: Final = 3  # 1 once the briscola has been exchanged
X_NLOG: Final = 4  # actions taken in the deal (entries of LOG)
X_DEALS: Final = 5  # deals started in this slot
X_FNLOG: Final = 6  # actions of the last finished deal (entries of FLOG)
X_WONBY: Final = 7  # 6 slots, bit masks: the cards in completed tricks taken by each seat
X_LEN: Final = X_WONBY + L.MAX_PLAYERS
LOG_LEN: Final = 128

# -- the vector's settings V (int64) --------------------------------------------------------------
V_POLICY: Final = 0  # POL_RANDOM or L.POL_SIMPLE for every other seat
V_SEAT: Final = 1  # fixed learning seat, or -1 to draw it each deal
V_DEALER: Final = 2  # fixed dealer, or -1 to draw it each deal
V_REWARD: Final = 3  # 0 win/draw/loss, 1 points difference, 2 chiamata's units (else as 0)
V_OPEN: Final = 4  # open hands
V_PSH: Final = 5  # partners see hands in the end phase
V_TV: Final = 6  # tricks visible: 0 never, 1 end phase, 2 always
V_SCALE: Final = 7  # points scale of the observation
V_TOTAL_DECK: Final = 8
V_LEN: Final = 16

# -- offsets of the observation vector (briscola.env.encoding.LAYOUT) -----------------------------
F_HAND: Final = 0
F_KNOWN: Final = 40
F_OPEN: Final = 240
F_TRICK: Final = 245
F_PLAYED: Final = 485
F_WON: Final = 525
F_BRISCOLA: Final = 565
F_BON_TABLE: Final = 605
F_TRUMP: Final = 606
F_STOCK: Final = 610
F_HCOUNTS: Final = 611
F_POINTS: Final = 617
F_SIDE: Final = 623
F_PHASE: Final = 625
F_TURN: Final = 629
F_LEADER: Final = 635
F_DEALER: Final = 641
F_PARTNERS: Final = 647
F_OPPONENTS: Final = 653
F_TV: Final = 659
F_DECLARED: Final = 660
F_EXCHANGED: Final = 664
F_RULESET: Final = 665  # players .. settlement: constant for a ruleset (copied from STATIC)
F_RULESET_END: Final = 728
F_CALLER: Final = 728  # chiamata blocks: the caller .. partner known
F_BIDDER: Final = 734
F_BID_RANK: Final = 740
F_BID_POINTS: Final = 750
F_PASSED: Final = 751
F_CALLED: Final = 757
F_PARTNER_KNOWN: Final = 797
OBS_SIZE: Final = 798


@_jit
def rel_seat(seat: int, me: int, step: int, n: int) -> int:
    """A seat relative to ``me`` in the direction of play."""
    return ((seat - me) * step + 2 * n) % n


@_jit
def encode_one(P: I64, S: I64, ex: I64, V: I64, static: F32, out: F32) -> None:
    """The learning seat's observation vector of one deal, into ``out`` (float32[798])."""
    for i in range(OBS_SIZE):
        out[i] = 0.0
    n = P[L.P_PLAYERS]
    step = P[L.P_STEP]
    hs = P[L.P_HAND]
    me = ex[X_SEAT]
    phase = S[L.S_PHASE]
    stock = stock_left(P, S)
    end_phase = stock == 0 and phase == L.PH_PLAY
    mask = S[L.O_HMASK + me]
    for c in range(40):
        if (mask >> c) & _ONE:
            out[F_HAND + c] = 1.0
    # publicly known cards: taken in an exchange, declared Re and Cavallo, the drawn briscola
    known = ex[X_TOOK]
    for suit in range(4):
        if (S[L.S_DECLARED] >> suit) & _ONE:
            known |= (_ONE << (suit * 10 + 9)) | (_ONE << (suit * 10 + 8))
    bris = S[L.S_BRIS]
    if stock == 0 and bris >= 0:
        known |= _ONE << bris
    scale = np.float64(V[V_SCALE])
    side = 0
    total = 0
    won = _ONE * 0
    unknown = False
    for s in range(n):
        r = rel_seat(s, me, step, n)
        pts = S[L.O_PTS + s]
        total += pts
        out[F_HCOUNTS + r] = S[L.O_HCOUNT + s] / np.float64(hs)
        out[F_POINTS + r] = pts / scale
        known_side = side_of(P, S, me, s)
        with_me = known_side == SIDE_WITH
        if with_me:
            side += pts
            won |= ex[X_WONBY + s]
            out[F_PARTNERS + r] = 1.0
        elif known_side == SIDE_AGAINST:
            out[F_OPPONENTS + r] = 1.0
        else:
            unknown = True
        if s == me:
            continue
        shown = V[V_OPEN] != 0 or (V[V_PSH] != 0 and end_phase and with_me)
        hand = S[L.O_HMASK + s]
        if shown:
            out[F_OPEN + r - 1] = 1.0
        else:
            hand &= known
        base = F_KNOWN + 40 * (r - 1)
        for c in range(40):
            if (hand >> c) & _ONE:
                out[base + c] = 1.0
    out[F_SIDE] = side / scale
    out[F_SIDE + 1] = (total - side) / scale
    for i in range(S[L.S_TN]):
        out[F_TRICK + 40 * rel_seat(S[L.O_TSEAT + i], me, step, n) + S[L.O_TCARD + i]] = 1.0
    played = ex[X_PLAYED]
    for c in range(40):
        if (played >> c) & _ONE:
            out[F_PLAYED + c] = 1.0
        if (won >> c) & _ONE:
            out[F_WON + c] = 1.0
    if bris >= 0:
        out[F_BRISCOLA + bris] = 1.0
        if stock > 0:
            out[F_BON_TABLE] = 1.0
    elif S[L.S_CALLED] >= 0:  # chiamata: the called card stands for the briscola
        out[F_BRISCOLA + S[L.S_CALLED]] = 1.0
    if S[L.S_TRUMP] >= 0:
        out[F_TRUMP + S[L.S_TRUMP]] = 1.0
    out[F_STOCK] = stock / np.float64(V[V_TOTAL_DECK])
    out[F_PHASE + phase] = 1.0
    if S[L.S_TURN] >= 0:
        out[F_TURN + rel_seat(S[L.S_TURN], me, step, n)] = 1.0
    out[F_LEADER + rel_seat(S[L.S_LEADER], me, step, n)] = 1.0
    out[F_DEALER + rel_seat(S[L.S_DEALER], me, step, n)] = 1.0
    tv = V[V_TV]
    if tv == 2 or (tv == 1 and stock == 0 and phase != L.PH_AUCTION):
        out[F_TV] = 1.0
    for suit in range(4):
        if (S[L.S_DECLARED] >> suit) & _ONE:
            out[F_DECLARED + suit] = 1.0
    out[F_EXCHANGED] = np.float32(ex[X_EXCH])
    for i in range(F_RULESET, F_RULESET_END):
        out[i] = static[i]
    if P[L.P_PARTNERSHIP] == L.PART_CALLED:
        encode_auction(P, S, me, unknown, out)


@_jit
def encode_auction(P: I64, S: I64, me: int, unknown: bool, out: F32) -> None:
    """Briscola chiamata's blocks of the observation: the caller, the standing bid, who passed,
    the called card, and whether ``me`` knows every seat's side (``unknown``: some one not)."""
    n = P[L.P_PLAYERS]
    step = P[L.P_STEP]
    if S[L.S_CALLER] >= 0:
        out[F_CALLER + rel_seat(S[L.S_CALLER], me, step, n)] = 1.0
    kind = S[L.S_STAND_KIND]
    if kind != 0:
        out[F_BIDDER + rel_seat(S[L.S_STAND_SEAT], me, step, n)] = 1.0
        rank = P[L.P_BID_ORDER + S[L.S_STAND_VAL]] if kind == 1 else 2
        out[F_BID_RANK + rank - 1] = 1.0
        if kind == 2:
            span = np.float64(L.A_POINTS_MAX - L.A_POINTS_MIN)
            out[F_BID_POINTS] = (S[L.S_STAND_VAL] - L.A_POINTS_MIN) / span
    for s in range(n):
        if (S[L.S_PASSED] >> s) & _ONE:
            out[F_PASSED + rel_seat(s, me, step, n)] = 1.0
    called = S[L.S_CALLED]
    if called >= 0:
        out[F_CALLED + called] = 1.0
        if not unknown:
            out[F_PARTNER_KNOWN] = 1.0


@_jit
def mask_one(P: I64, S: I64, buf: I64, c2i: I64, out: npt.NDArray[np.bool_]) -> None:
    """The legal actions of the seat to act, as booleans over the 120 action indices."""
    for i in range(out.shape[0]):
        out[i] = False
    k = legal(P, S, buf)
    for j in range(k):
        out[c2i[buf[j]]] = True


@_jit
def apply_tracked(P: I64, S: I64, ex: I64, log: I64, buf: I64, V: I64, code: int) -> bool:
    """Apply an action code (False if illegal), keeping the extras and the log up to date."""
    t0 = S[L.S_TRICKS]
    took = S[L.S_BRIS]
    if not apply_code(P, S, buf, code):
        return False
    k = ex[X_NLOG]
    if k < LOG_LEN:
        log[k] = code
    ex[X_NLOG] = k + 1
    if code == L.A_EXCHANGE:
        ex[X_TOOK] |= _ONE << took
        ex[X_EXCH] = 1
    if S[L.S_TRICKS] > t0:
        w = S[L.O_TWIN + t0]
        for i in range(P[L.P_PLAYERS]):
            bit = _ONE << S[L.O_TCARD + i]
            ex[X_PLAYED] |= bit
            ex[X_WONBY + w] |= bit
    return True


@_jit
def advance(P: I64, S: I64, ex: I64, log: I64, buf: I64, V: I64, x: np.uint64) -> np.uint64:
    """Let the opponent policy play until the learning seat is to act or the deal is over."""
    me = ex[X_SEAT]
    while S[L.S_PHASE] != L.PH_OVER and S[L.S_TURN] != me:
        if V[V_POLICY] == L.POL_SIMPLE:
            code = simple_choice(P, S)
        else:
            code, _, x = random_choice(P, S, buf, x)
        apply_tracked(P, S, ex, log, buf, V, code)
    return x


@_jit
def new_deal(
    P: I64,
    S: I64,
    ex: I64,
    log: I64,
    buf: I64,
    V: I64,
    x: np.uint64,
    deck: npt.NDArray[np.int8],
    use_deck: bool,
    dealer: int,
    seat: int,
) -> np.uint64:
    """Start a deal (from ``deck`` or shuffled) and play up to the learning seat's first turn."""
    n = P[L.P_PLAYERS]
    if seat < 0:
        seat = V[V_SEAT]
    if seat < 0:
        x = rng_next(x)
        seat = rng_below(x, n)
    if dealer < 0:
        dealer = V[V_DEALER]
    if dealer < 0:
        x = rng_next(x)
        dealer = rng_below(x, n)
    if use_deck:
        load_deck(P, S, deck)
    else:
        x = shuffle_deck(P, S, x)
    deal(P, S, dealer)
    deals = ex[X_DEALS]
    fnlog = ex[X_FNLOG]
    for i in range(X_LEN):
        ex[i] = 0
    ex[X_DEALS] = deals + 1
    ex[X_FNLOG] = fnlog
    ex[X_SEAT] = seat
    return advance(P, S, ex, log, buf, V, x)


@_jit
def reward_of(P: I64, row: npt.NDArray[np.int16], me: int, mode: int) -> float:
    """The learning seat's reward from a finished deal's result row, as
    :func:`briscola.env.common.final_reward` gives it (mode 0 win, 1 points, 2 units)."""
    called = P[L.P_PARTNERSHIP] == L.PART_CALLED
    if called and row[L.R_CALLER] < 0:
        return 0.0  # a void chiamata deal: everybody passed
    if mode == 2 and called:
        return np.float64(row[L.R_UNITS + me])
    if called:  # side 0 is the caller's and partner's, side 1 the others'
        team = 0 if me == row[L.R_CALLER] or me == row[L.R_PARTNER] else 1
    else:
        team = P[L.P_TEAM + me]
    if mode == 1:
        total = 0
        for t in range(P[L.P_PLAYERS]):
            total += row[L.R_SEAT + t]
        if total == 0:
            return 0.0
        mine = row[L.R_TEAM + team]
        return (mine - (total - mine)) / np.float64(total)
    win = row[L.R_WIN]
    if (win >> team) & 1 == 0:
        return -1.0
    return 1.0 if win == (1 << team) else 0.0


Batch = tuple[I64, I64, I64, I64, npt.NDArray[np.uint64], I64, I64, F32, I64]
"""The arrays of a batch that every step takes: ``(P, S, EX, LOG, RNG, buf, V, static, c2i)``
(the parameters, the states, the extras, the logs, the generators, an action buffer, the
settings, the ruleset's constant observation blocks, the codes to action indices)."""


@_jit
def vec_reset(
    batch: Batch,
    decks: npt.NDArray[np.int8],
    dealers: I64,
    seats: I64,
    obs: F32,
    masks: npt.NDArray[np.bool_],
) -> None:
    """Deal every slot anew (from ``decks`` when it has rows); observations and masks."""
    P, S, EX, LOG, RNG, buf, V, static, c2i = batch
    use = decks.shape[0] > 0
    empty = np.zeros((0,), np.int8)
    for i in range(S.shape[0]):
        EX[i, X_DEALS] = 0
        row = decks[i] if use else empty
        RNG[i] = new_deal(P, S[i], EX[i], LOG[i], buf, V, RNG[i], row, use, dealers[i], seats[i])
        encode_one(P, S[i], EX[i], V, static, obs[i])
        mask_one(P, S[i], buf, c2i, masks[i])


@_jit
def vec_step(
    batch: Batch,
    i2c: I64,
    actions: I64,
    obs: F32,
    masks: npt.NDArray[np.bool_],
    rewards: F32,
    dones: npt.NDArray[np.bool_],
    final_obs: F32,
    rows: npt.NDArray[np.int16],
    keep_final: bool,
    FLOG: I64,
) -> int:
    """Step every slot with its action, then the opponents; a finished deal is scored, its last
    observation kept in ``final_obs``, its result in ``rows`` and (when ``keep_final``) its last
    observation in ``final_obs`` and its action codes in ``FLOG``; then a new deal starts.

    Returns -1, or the first slot whose action is illegal (then nothing has been stepped).
    """
    P, S, EX, LOG, RNG, buf, V, static, c2i = batch
    n_env = S.shape[0]
    empty = np.zeros((0,), np.int8)
    for i in range(n_env):
        a = actions[i]
        if a < 0 or a >= i2c.shape[0] or i2c[a] < 0:
            return i
        code = i2c[a]
        k = legal(P, S[i], buf)
        ok = False
        for j in range(k):
            if buf[j] == code:
                ok = True
        if not ok:
            return i
    for i in range(n_env):
        s = S[i]
        ex = EX[i]
        apply_tracked(P, s, ex, LOG[i], buf, V, i2c[actions[i]])
        x = advance(P, s, ex, LOG[i], buf, V, RNG[i])
        rewards[i] = 0.0
        dones[i] = False
        if s[L.S_PHASE] == L.PH_OVER:
            row = rows[i]
            finish(P, s, row)
            rewards[i] = reward_of(P, row, ex[X_SEAT], V[V_REWARD])
            dones[i] = True
            if keep_final:
                encode_one(P, s, ex, V, static, final_obs[i])
                for j in range(min(ex[X_NLOG], LOG_LEN)):
                    FLOG[i, j] = LOG[i, j]
                ex[X_FNLOG] = ex[X_NLOG]
            x = new_deal(P, s, ex, LOG[i], buf, V, x, empty, False, -1, -1)
        RNG[i] = x
        encode_one(P, s, ex, V, static, obs[i])
        mask_one(P, s, buf, c2i, masks[i])
    return -1
