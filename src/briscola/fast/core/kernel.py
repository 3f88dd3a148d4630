# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment"
"""The compiled core: a deal as one int64 array, the rules as njit functions over it.

Everything here is compiled by Numba (``cache=True``: the machine code is kept on disk, so only
the first run after an install or an edit pays the compile time). The layout of the arrays is in
:mod:`briscola.fast.core.layout`; the Python-facing API is :mod:`briscola.fast.core.sim` and
:mod:`briscola.fast.core.replay`. The rules follow :mod:`briscola.core.game` and
:mod:`briscola.core.chiamata` step for step (the parity tests hold them to it): the deal, the trick,
the draw, accusi, the exchange of the briscola, the chiamata auction and call, and the result and
settlement.

Randomness is an inline xorshift64* generator seeded per game with splitmix64 from
``(seed, game number)``, so a game's deal and random choices do not depend on how a run is cut into
batches or spread over processes.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core.layout import (
    A_BID_RANK,
    A_CALL,
    A_DECLARE,
    A_EXCHANGE,
    A_PASS,
    A_POINTS,
    EXCH_NONE,
    EXCH_TWO,
    MAX_ACTIONS,
    MAX_HAND,
    MAX_PLAYERS,
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
    P_ACCUSO,
    P_ACCUSO_TRUMP,
    P_BID_MAX,
    P_BID_MIN,
    P_BID_MULT,
    P_BID_ORDER,
    P_CALLER_LEADS,
    P_CAPPOTTO,
    P_DECK,
    P_DECK_SIZE,
    P_EXCHANGE,
    P_HAND,
    P_PARTNERSHIP,
    P_PLAYERS,
    P_POINTS,
    P_POINTS_ONLY,
    P_STEP,
    P_STRENGTH,
    P_TEAM,
    P_TEAMS,
    P_TIE_REPLAY,
    P_TOTAL,
    PART_CALLED,
    PH_AUCTION,
    PH_CALL,
    PH_OVER,
    PH_PLAY,
    POL_RANDOM,
    S_BEST_CARD,
    S_BEST_SEAT,
    S_BRIS,
    S_CALLED,
    S_CALLER,
    S_DEALER,
    S_DECLARED,
    S_LEADER,
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
from briscola.fast.jitcache import I8, I16, I64
from briscola.fast.jitcache import inline as _inline
from briscola.fast.jitcache import jit as _jit

__all__ = [
    "R_CALLER",
    "R_DEALER",
    "R_DECISIONS",
    "R_LEN",
    "R_PARTNER",
    "R_REPLAY",
    "R_SEAT",
    "R_TEAM",
    "R_UNITS",
    "R_WIN",
    "SIDE_AGAINST",
    "SIDE_UNKNOWN",
    "SIDE_WITH",
    "apply_code",
    "deal",
    "legal",
    "random_choice",
    "replay_batch",
    "run_batch",
    "side_of",
    "simple_choice",
]

# -- result row layout (int16) ------------------------------------------------------------------
R_SEAT = 0  # 6 slots: points taken by each seat
R_TEAM = 6  # 6 slots: points of each side
R_WIN = 12  # bit mask of the sides with the top score (chiamata: 1 caller's side, 2 the others)
R_REPLAY = 13  # 1 when the deal is to be replayed (60-60 under the replay option; void chiamata)
R_UNITS = 14  # 6 slots: chiamata settlement per seat
R_CALLER = 20  # chiamata: the caller (-1 void or other games)
R_PARTNER = 21  # chiamata: the holder of the called card
R_DECISIONS = 22  # actions taken in the deal
R_DEALER = 23
R_LEN = 24

_ONE = np.int64(1)
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


# -- seats ---------------------------------------------------------------------------------------
@_jit
def next_seat(seat: int, step: int, n: int) -> int:
    """The seat after ``seat`` in the direction of play."""
    seat += step
    if seat >= n:
        seat -= n
    elif seat < 0:
        seat += n
    return seat


# -- the deal ------------------------------------------------------------------------------------
@_jit
def load_deck(P: I64, S: I64, deck: I8) -> None:
    """Put a deck order (top card first) into the state."""
    for i in range(P[P_DECK_SIZE]):
        S[O_DECK + i] = deck[i]


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
    size = P[P_DECK_SIZE]
    for i in range(size):
        S[O_DECK + i] = P[P_DECK + i]
    i = size - 1
    while i > 0:
        x = rng_next(x)
        y = x * _MUL
        j = np.int64(((y >> _U32) * np.uint64(i + 1)) >> _U32)
        c = S[O_DECK + i]
        S[O_DECK + i] = S[O_DECK + j]
        S[O_DECK + j] = c
        i -= 1
        if i > 0:
            j = np.int64(((y & _M32) * np.uint64(i + 1)) >> _U32)
            c = S[O_DECK + i]
            S[O_DECK + i] = S[O_DECK + j]
            S[O_DECK + j] = c
            i -= 1
    return x


@_jit
def deal(P: I64, S: I64, dealer: int) -> None:
    """Deal the deck order held in the state, as :func:`briscola.core.game.new_game` does."""
    n = P[P_PLAYERS]
    step = P[P_STEP]
    size = P[P_DECK_SIZE]
    hs = P[P_HAND]
    for i in range(O_DECK):
        S[i] = 0
    for i in range(MAX_PLAYERS):
        S[O_DECL + i] = 0
    S[S_DEALER] = dealer
    first = next_seat(dealer, step, n)
    pos = 0
    for r in range(hs):
        seat = first
        for _ in range(n):
            c = S[O_DECK + pos]
            pos += 1
            S[O_HANDS + seat * MAX_HAND + r] = c
            S[O_HMASK + seat] |= _ONE << c
            seat = next_seat(seat, step, n)
    for s in range(n):
        S[O_HCOUNT + s] = hs
    S[S_TURN] = first
    S[S_LEADER] = first
    S[S_CALLER] = -1
    S[S_CALLED] = -1
    S[S_PARTNER] = -1
    S[S_STAND_SEAT] = -1
    if P[P_PARTNERSHIP] == PART_CALLED:
        S[S_PHASE] = PH_AUCTION
        S[S_TRUMP] = -1
        S[S_BRIS] = -1
        S[O_DECK + size] = -1
        S[S_SP] = size + 1
    else:
        b = S[O_DECK + pos]
        S[S_BRIS] = b
        S[O_DECK + size] = b  # the face-up briscola lies under the stock: drawn last
        S[S_SP] = pos + 1
        S[S_TRUMP] = b // 10
        S[S_PHASE] = PH_PLAY


# -- play ----------------------------------------------------------------------------------------
@_jit
def suit_of(card: int) -> int:
    """The suit 0-3 of a card 0-39 (``card // 10`` without the sign fix-ups of ``//``)."""
    return (card * 205) >> 11


@_inline
def beats(P: I64, card: int, best: int, trump: int) -> bool:
    """True when ``card`` played now takes the trick from ``best`` (as ``game.trick_winner``)."""
    suit = suit_of(card)
    if suit == suit_of(best):
        return P[P_STRENGTH + card] > P[P_STRENGTH + best]
    return suit == trump


@_inline
def take_from_hand(S: I64, seat: int, slot: int) -> int:
    """Remove the card in ``slot`` of ``seat``'s hand (the last card fills the gap); the card."""
    base = O_HANDS + seat * MAX_HAND
    cnt = S[O_HCOUNT + seat] - 1
    card = S[base + slot]
    S[base + slot] = S[base + cnt]
    S[O_HCOUNT + seat] = cnt
    S[O_HMASK + seat] &= ~(_ONE << card)
    return card


@_inline
def stock_open(P: I64, sp: int) -> bool:
    """True while the stock (the face-up briscola under it included) has cards to draw; ``sp``
    is the position of its next card."""
    return sp <= P[P_DECK_SIZE]


@_jit
def stock_left(P: I64, S: I64) -> int:
    """Cards left in the stock (the face-up briscola included)."""
    sp = S[S_SP]
    return P[P_DECK_SIZE] + 1 - sp if stock_open(P, sp) else 0


@_inline
def draw_for(P: I64, stock: I64, base: int, sp: int, winner: int, seat: int) -> int:
    """The card ``seat`` draws after a trick taken by ``winner``, the stock's next card lying at
    ``stock[base + sp]``: the winner draws first, then the others in the order of play."""
    k = (seat - winner) * P[P_STEP]
    if k < 0:
        k += P[P_PLAYERS]
    return stock[base + sp + k]


@_inline
def close_trick(P: I64, S: I64, winner: int, points: int) -> None:
    """The winner takes the trick; everybody draws, the winner first; the winner leads next."""
    n = P[P_PLAYERS]
    S[O_PTS + winner] += points
    S[S_WON] |= _ONE << winner
    t = S[S_TRICKS]
    S[O_TWIN + t] = winner
    S[S_TRICKS] = t + 1
    sp = S[S_SP]
    if stock_open(P, sp):
        for d in range(n):
            c = draw_for(P, S, O_DECK, sp, winner, d)
            k = S[O_HCOUNT + d]
            S[O_HANDS + d * MAX_HAND + k] = c
            S[O_HCOUNT + d] = k + 1
            S[O_HMASK + d] |= _ONE << c
        S[S_SP] = sp + n
    S[S_LEADER] = winner
    if S[O_HCOUNT + winner] == 0:
        S[S_PHASE] = PH_OVER
        S[S_TURN] = -1
    else:
        S[S_TURN] = winner


@_inline
def play_slot(P: I64, S: I64, seat: int, slot: int) -> None:
    """``seat`` plays the card in ``slot`` of its hand; a full trick is taken and cards drawn."""
    n = P[P_PLAYERS]
    card = take_from_hand(S, seat, slot)
    if card == S[S_CALLED]:
        S[S_REVEALED] = 1
    tn = S[S_TN]
    S[O_TSEAT + tn] = seat
    S[O_TCARD + tn] = card
    S[S_TRICK_PTS] += P[P_POINTS + card]
    if tn == 0 or beats(P, card, S[S_BEST_CARD], S[S_TRUMP]):
        S[S_BEST_CARD] = card
        S[S_BEST_SEAT] = seat
    tn += 1
    if tn < n:
        S[S_TN] = tn
        S[S_TURN] = next_seat(seat, P[P_STEP], n)
        return
    points = S[S_TRICK_PTS]
    S[S_TRICK_PTS] = 0
    S[S_TN] = 0
    close_trick(P, S, S[S_BEST_SEAT], points)


@_inline
def random_tricks(
    P: I64, S: I64, x: np.uint64, trace: bool, t_actions: I8, g: int, nact: int
) -> tuple[np.uint64, int]:
    """Play the rest of the deal at random, whole tricks at a time (every seat random, and no
    declarations or exchanges possible): the same moves as :func:`play_slot`, with the trick in
    registers. Returns the generator state and the number of actions taken so far."""
    n = P[P_PLAYERS]
    step = P[P_STEP]
    trump = S[S_TRUMP]
    called = S[S_CALLED]
    while S[S_PHASE] == PH_PLAY:
        seat = S[S_TURN]
        best = -1
        best_seat = seat
        points = np.int64(0)
        for k in range(n):
            x = rng_next(x)
            card = take_from_hand(S, seat, rng_below(x, S[O_HCOUNT + seat]))
            if trace:
                t_actions[g, nact] = card
            nact += 1
            if card == called:
                S[S_REVEALED] = 1
            points += P[P_POINTS + card]
            if k == 0 or beats(P, card, best, trump):
                best = card
                best_seat = seat
            seat = next_seat(seat, step, n)
        close_trick(P, S, best_seat, points)
    return x, nact


@_jit
def holds(S: I64, seat: int, card: int) -> bool:
    """True when ``seat`` holds ``card``."""
    return ((S[O_HMASK + seat] >> card) & _ONE) != 0


@_inline
def has_accuso(hand: int, suit: int) -> bool:
    """True when the hand mask ``hand`` holds the Re and the Cavallo of ``suit``."""
    return ((hand >> (suit * 10 + 9)) & (hand >> (suit * 10 + 8)) & _ONE) != 0


@_inline
def accuso_points(P: I64, suit: int, trump: int) -> int:
    """The points of an accuso in ``suit``: more in the trump suit (the ruleset's numbers)."""
    return P[P_ACCUSO_TRUMP] if suit == trump else P[P_ACCUSO]


@_jit
def declarable(P: I64, S: I64, seat: int, suit: int) -> bool:
    """True when ``seat`` may declare the Re and Cavallo of ``suit`` (accusi)."""
    if P[P_ACCUSI] == 0 or (S[S_DECLARED] >> suit) & _ONE:
        return False
    return has_accuso(S[O_HMASK + seat], suit)


@_jit
def exchange_card(P: I64, S: I64, seat: int) -> int:
    """The card ``seat`` may swap for the face-up briscola now, or -1."""
    kind = P[P_EXCHANGE]
    if kind == EXCH_NONE or not stock_open(P, S[S_SP]) or S[S_TRUMP] < 0:
        return -1
    if kind == EXCH_TWO:
        if S[S_TRICKS] > 0:
            return -1
        card = S[S_TRUMP] * 10 + 1
    else:
        if (S[S_WON] >> seat) & _ONE == 0:
            return -1
        card = S[S_TRUMP] * 10 + 6
    if holds(S, seat, card):
        return card
    return -1


@_jit
def play_extras(P: I64, S: I64, seat: int, buf: I64, k: int) -> int:
    """Append the declarations and the exchange ``seat`` may make to ``buf[k:]``; the new count."""
    if P[P_ACCUSI] != 0:
        for suit in range(4):
            if declarable(P, S, seat, suit):
                buf[k] = A_DECLARE + suit
                k += 1
    if exchange_card(P, S, seat) >= 0:
        buf[k] = A_EXCHANGE
        k += 1
    return k


@_jit
def do_declare(P: I64, S: I64, seat: int, suit: int) -> None:
    """Record an accuso (its points: :func:`accuso_points`)."""
    points = accuso_points(P, suit, S[S_TRUMP])
    S[O_PTS + seat] += points
    S[O_DECL + seat] += points
    S[S_DECLARED] |= _ONE << suit


@_jit
def do_exchange(P: I64, S: I64, seat: int) -> None:
    """Swap the exchange card in ``seat``'s hand for the face-up briscola."""
    gave = exchange_card(P, S, seat)
    took = S[S_BRIS]
    base = O_HANDS + seat * MAX_HAND
    for i in range(S[O_HCOUNT + seat]):
        if S[base + i] == gave:
            S[base + i] = took
    S[O_HMASK + seat] = (S[O_HMASK + seat] & ~(_ONE << gave)) | (_ONE << took)
    S[S_BRIS] = gave
    S[O_DECK + P[P_DECK_SIZE]] = gave


# -- chiamata: auction and call --------------------------------------------------------------------
@_jit
def auction_legal(P: I64, S: I64, buf: I64) -> int:
    """Pass and the bids that beat the standing one, into ``buf``; the count."""
    buf[0] = A_PASS
    k = 1
    kind = S[S_STAND_KIND]
    val = S[S_STAND_VAL]
    if P[P_POINTS_ONLY] != 0:
        low = P[P_BID_MIN] if kind == 0 else val + 1
    elif kind == 0:
        for i in range(10):
            buf[k] = A_BID_RANK + P[P_BID_ORDER + i]
            k += 1
        return k
    elif kind == 1 and val < 9:
        for i in range(val + 1, 10):
            buf[k] = A_BID_RANK + P[P_BID_ORDER + i]
            k += 1
        return k
    else:
        low = (P[P_BID_MIN] if kind == 1 else val) + 1
    for p in range(low, P[P_BID_MAX] + 1):
        buf[k] = p
        k += 1
    return k


@_jit
def auction_apply(P: I64, S: I64, code: int) -> None:
    """Apply a legal bid or pass, as :func:`briscola.core.chiamata.apply` does."""
    n = P[P_PLAYERS]
    seat = S[S_TURN]
    if code == A_PASS:
        S[S_PASSED] |= _ONE << seat
    elif code >= A_POINTS:
        S[S_STAND_KIND] = 2
        S[S_STAND_VAL] = code
        S[S_STAND_SEAT] = seat
    else:
        rank = code - A_BID_RANK
        for i in range(10):
            if P[P_BID_ORDER + i] == rank:
                S[S_STAND_VAL] = i
        S[S_STAND_KIND] = 1
        S[S_STAND_SEAT] = seat
    passed = S[S_PASSED]
    everyone = (_ONE << n) - 1
    if passed == everyone:  # all passed: the deal is void
        S[S_PHASE] = PH_OVER
        S[S_TURN] = -1
        return
    if S[S_STAND_KIND] != 0 and (everyone & ~passed) == (_ONE << S[S_STAND_SEAT]):
        S[S_CALLER] = S[S_STAND_SEAT]
        S[S_PHASE] = PH_CALL
        S[S_TURN] = S[S_STAND_SEAT]
        return
    nxt = next_seat(seat, P[P_STEP], n)
    while (passed >> nxt) & _ONE:
        nxt = next_seat(nxt, P[P_STEP], n)
    S[S_TURN] = nxt


@_jit
def call_apply(P: I64, S: I64, code: int) -> None:
    """The caller names the trump suit: the called card, its holder, the first leader."""
    n = P[P_PLAYERS]
    suit = code - A_CALL
    caller = S[S_CALLER]
    rank = P[P_BID_ORDER + S[S_STAND_VAL]] if S[S_STAND_KIND] == 1 else 2
    called = suit * 10 + rank - 1
    S[S_TRUMP] = suit
    S[S_CALLED] = called
    for s in range(n):
        if holds(S, s, called):
            S[S_PARTNER] = s
    first = caller if P[P_CALLER_LEADS] != 0 else next_seat(S[S_DEALER], P[P_STEP], n)
    S[S_PHASE] = PH_PLAY
    S[S_TURN] = first
    S[S_LEADER] = first


# -- legal actions and applying a coded action -------------------------------------------------
@_jit
def legal(P: I64, S: I64, buf: I64) -> int:
    """The legal action codes of the seat to act, into ``buf``; the count (0 once over)."""
    phase = S[S_PHASE]
    if phase == PH_PLAY:
        seat = S[S_TURN]
        cnt = S[O_HCOUNT + seat]
        base = O_HANDS + seat * MAX_HAND
        for i in range(cnt):
            buf[i] = S[base + i]
        return play_extras(P, S, seat, buf, cnt)
    if phase == PH_CALL:
        for suit in range(4):
            buf[suit] = A_CALL + suit
        return 4
    if phase == PH_AUCTION:
        return auction_legal(P, S, buf)
    return 0


@_jit
def apply_code(P: I64, S: I64, buf: I64, code: int) -> bool:
    """Apply an action given by its code if it is legal; False (state unchanged) if not."""
    phase = S[S_PHASE]
    if phase == PH_OVER:
        return False
    seat = S[S_TURN]
    if phase == PH_PLAY:
        if 0 <= code < 40:
            base = O_HANDS + seat * MAX_HAND
            for i in range(S[O_HCOUNT + seat]):
                if S[base + i] == code:
                    play_slot(P, S, seat, i)
                    return True
            return False
        if A_DECLARE <= code < A_DECLARE + 4:
            if not declarable(P, S, seat, code - A_DECLARE):
                return False
            do_declare(P, S, seat, code - A_DECLARE)
            return True
        if code == A_EXCHANGE and exchange_card(P, S, seat) >= 0:
            do_exchange(P, S, seat)
            return True
        return False
    if phase == PH_CALL:
        if A_CALL <= code < A_CALL + 4:
            call_apply(P, S, code)
            return True
        return False
    k = auction_legal(P, S, buf)
    for i in range(k):
        if buf[i] == code:
            auction_apply(P, S, code)
            return True
    return False


# -- policies ------------------------------------------------------------------------------------
@_inline
def random_choice(P: I64, S: I64, buf: I64, x: np.uint64) -> tuple[int, int, np.uint64]:
    """A uniformly random legal action: (code, hand slot or -1, new generator state)."""
    if S[S_PHASE] == PH_PLAY:
        seat = S[S_TURN]
        cnt = S[O_HCOUNT + seat]
        k = cnt
        if P[P_ACCUSI] != 0 or P[P_EXCHANGE] != 0:
            k = play_extras(P, S, seat, buf, cnt)
        x = rng_next(x)
        r = rng_below(x, k)
        if r < cnt:
            return S[O_HANDS + seat * MAX_HAND + r], r, x
        return buf[r], -1, x
    k = legal(P, S, buf)
    x = rng_next(x)
    return buf[rng_below(x, k)], -1, x


@_jit
def card_cost(P: I64, card: int, trump: int) -> int:
    """What giving a card away costs: its points, its strength, and a premium for trumps."""
    cost = P[P_POINTS + card] * 16 + P[P_STRENGTH + card]
    if card // 10 == trump:
        cost += 1000 + P[P_STRENGTH + card] * 3
    return cost


# -- sides: who a seat knows to play with it ------------------------------------------------------
SIDE_WITH = 1
SIDE_AGAINST = -1
SIDE_UNKNOWN = 0


@_jit
def side_of(P: I64, S: I64, seat: int, other: int) -> int:
    """What ``seat`` knows of ``other``'s side: ``SIDE_WITH``, ``SIDE_AGAINST`` or
    ``SIDE_UNKNOWN``, as :meth:`briscola.core.observation.Observation.sides` answers from
    ``seat``'s observation (a parity test holds them to it)."""
    if other == seat:
        return SIDE_WITH
    team = P[P_TEAM + seat]
    if team >= 0:  # fixed sides: teams, or every seat for itself
        return SIDE_WITH if P[P_TEAM + other] == team else SIDE_AGAINST
    caller = S[S_CALLER]
    if caller < 0 or S[S_CALLED] < 0:  # chiamata before the call: nobody knows yet
        return SIDE_UNKNOWN
    holder = S[S_PARTNER]
    if called_holder_known(P, S, seat):
        mine = seat in (caller, holder)
        theirs = other in (caller, holder)
        return SIDE_WITH if mine == theirs else SIDE_AGAINST
    # the holder of the called card is one of the seats that still hold cards, this one aside
    if seat != caller and other == caller:
        return SIDE_AGAINST
    if S[O_HCOUNT + other] > 0:
        return SIDE_UNKNOWN
    return SIDE_AGAINST if seat == caller else SIDE_WITH


@_jit
def called_holder_known(P: I64, S: I64, seat: int) -> bool:
    """Chiamata: True when ``seat`` knows who holds the called card (the caller's partner): the
    card has been played, ``seat`` holds it, it is a declared Re or Cavallo, or only one other
    seat still holds cards."""
    called = S[S_CALLED]
    if S[S_REVEALED] != 0 or S[S_PARTNER] == seat:
        return True
    if (S[S_DECLARED] >> suit_of(called)) & _ONE and called % 10 >= 8:
        return True  # the Re and Cavallo of a declared suit stay known until played
    others = 0
    for s in range(P[P_PLAYERS]):
        if s != seat and S[O_HCOUNT + s] > 0:
            others += 1
    return others == 1


@_jit
def simple_play(P: I64, S: I64, seat: int) -> int:
    """The simple heuristic in the play phase (the spirit of the "sensible" bot)."""
    trump = S[S_TRUMP]
    if P[P_ACCUSI] != 0:
        if declarable(P, S, seat, trump):
            return A_DECLARE + trump
        for suit in range(4):
            if declarable(P, S, seat, suit):
                return A_DECLARE + suit
    gave = exchange_card(P, S, seat)
    if gave >= 0:
        took = S[S_BRIS]
        if P[P_POINTS + took] * 16 + P[P_STRENGTH + took] > (
            P[P_POINTS + gave] * 16 + P[P_STRENGTH + gave]
        ):
            return A_EXCHANGE
    base = O_HANDS + seat * MAX_HAND
    cnt = S[O_HCOUNT + seat]
    tn = S[S_TN]
    cheapest = -1
    cheapest_cost = 1 << 30
    for i in range(cnt):
        c = S[base + i]
        cost = card_cost(P, c, trump)
        if P[P_POINTS + c] >= 10:
            cost += 2000  # keep the Assi and the 3s
        if cost < cheapest_cost:
            cheapest_cost = cost
            cheapest = c
    if tn == 0:
        return cheapest
    n = P[P_PLAYERS]
    best = S[S_BEST_CARD]
    best_suit = best // 10
    trick_pts = S[S_TRICK_PTS]
    last = tn == n - 1
    if side_of(P, S, seat, S[S_BEST_SEAT]) == SIDE_WITH:
        if last:  # the trick is safe: load it with points (caricare)
            gift = -1
            for i in range(cnt):
                c = S[base + i]
                if (
                    c // 10 != trump
                    and P[P_POINTS + c] > 0
                    and (gift < 0 or P[P_POINTS + c] > P[P_POINTS + gift])
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
            if P[P_STRENGTH + c] > P[P_STRENGTH + best]:
                if suit == trump:
                    if low_trump < 0 or P[P_STRENGTH + c] < P[P_STRENGTH + low_trump]:
                        low_trump = c
                elif last:
                    if plain < 0 or P[P_POINTS + c] > P[P_POINTS + plain]:
                        plain = c
                elif plain < 0 or P[P_STRENGTH + c] < P[P_STRENGTH + plain]:
                    plain = c
        elif suit == trump and (low_trump < 0 or P[P_STRENGTH + c] < P[P_STRENGTH + low_trump]):
            low_trump = c
    if plain >= 0 and trick_pts + P[P_POINTS + plain] > 0:
        return plain
    if low_trump >= 0:
        if trick_pts >= 10 or (trick_pts >= 4 and P[P_POINTS + low_trump] == 0):
            return low_trump
        if P[P_POINTS + cheapest] >= 10 and P[P_POINTS + low_trump] < P[P_POINTS + cheapest]:
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
                score += P[P_STRENGTH + suit * 10 + r]
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
    base = O_HANDS + seat * MAX_HAND
    for i in range(S[O_HCOUNT + seat]):
        hand_pts += P[P_POINTS + S[base + i]]
    will = count + hand_pts // 20
    kind = S[S_STAND_KIND]
    val = S[S_STAND_VAL]
    if P[P_POINTS_ONLY] != 0 or kind == 2 or (kind == 1 and val == 9):
        if P[P_POINTS_ONLY] != 0:
            low = P[P_BID_MIN] if kind == 0 else val + 1
            need = 5
        else:
            low = (P[P_BID_MIN] if kind == 1 else val) + 1
            need = 8
        if will >= need and low <= min(P[P_BID_MIN] + (will - need) * 5, P[P_BID_MAX]):
            return low
        return A_PASS
    start = 0 if kind == 0 else val + 1
    i = start
    while i < 10 and holds(S, seat, suit * 10 + P[P_BID_ORDER + i] - 1):
        i += 1
    if i >= 10:
        i = start
    if will >= 3 and i <= will - 2:
        return A_BID_RANK + P[P_BID_ORDER + i]
    return A_PASS


@_jit
def simple_choice(P: I64, S: I64) -> int:
    """The simple heuristic's action code for the seat to act."""
    seat = S[S_TURN]
    phase = S[S_PHASE]
    if phase == PH_PLAY:
        return simple_play(P, S, seat)
    if phase == PH_CALL:
        suit, _ = best_suit(S, seat, P)
        return A_CALL + suit
    return simple_bid(P, S, seat)


# -- results -------------------------------------------------------------------------------------
@_jit
def finish(P: I64, S: I64, row: I16) -> None:
    """Write a finished deal's result into ``row`` (see the ``R_*`` layout)."""
    n = P[P_PLAYERS]
    for i in range(R_LEN):
        row[i] = 0
    total = 0
    for s in range(n):
        row[R_SEAT + s] = S[O_PTS + s]
        total += S[O_PTS + s]
    row[R_DEALER] = S[S_DEALER]
    row[R_CALLER] = -1
    row[R_PARTNER] = -1
    part = P[P_PARTNERSHIP]
    if part == PART_CALLED:
        caller = S[S_CALLER]
        partner = S[S_PARTNER]
        row[R_CALLER] = caller
        row[R_PARTNER] = partner
        if caller < 0:  # everybody passed: void, redealt
            row[R_REPLAY] = 1
            return
        side = S[O_PTS + caller]
        if partner != caller:
            side += S[O_PTS + partner]
        contract = P[P_BID_MIN]
        if S[S_STAND_KIND] == 2 and S[S_STAND_VAL] > contract:
            contract = S[S_STAND_VAL]
        won = side >= contract
        factor = 1
        if P[P_BID_MULT] != 0:
            if contract >= 101:
                factor = 5
            elif contract >= 91:
                factor = 4
            elif contract >= 81:
                factor = 3
            elif contract >= 71:
                factor = 2
        # cappotto: one side took every card point (declarations do not count)
        card_side = side - S[O_DECL + caller]
        if partner != caller:
            card_side -= S[O_DECL + partner]
        card_total = total
        for s in range(n):
            card_total -= S[O_DECL + s]
        if P[P_CAPPOTTO] != 0 and (card_side >= P[P_TOTAL] or card_total - card_side >= P[P_TOTAL]):
            factor *= 2
        sign = 1 if won else -1
        for s in range(n):
            row[R_UNITS + s] = -sign * factor
        if partner == caller:
            row[R_UNITS + caller] = 4 * sign * factor
        else:
            row[R_UNITS + caller] = 2 * sign * factor
            row[R_UNITS + partner] = sign * factor
        row[R_TEAM] = side
        row[R_TEAM + 1] = total - side
        row[R_WIN] = 1 if won else 2
        return
    teams = P[P_TEAMS]
    for s in range(n):
        row[R_TEAM + P[P_TEAM + s]] += S[O_PTS + s]
    top = row[R_TEAM]
    for t in range(1, teams):
        if row[R_TEAM + t] > top:
            top = row[R_TEAM + t]
    mask = 0
    count = 0
    for t in range(teams):
        if row[R_TEAM + t] == top:
            mask |= 1 << t
            count += 1
    row[R_WIN] = mask
    if count > 1 and P[P_TIE_REPLAY] != 0:
        row[R_REPLAY] = 1


# -- batches -------------------------------------------------------------------------------------
@_jit
def run_batch(
    S: I64,
    buf: I64,
    P: I64,
    policies: I64,
    seed: np.uint64,
    game0: int,
    n_games: int,
    decks: I8,
    dealer_mode: int,
    out: I16,
    trace: bool,
    t_deck: I8,
    t_actions: I8,
    t_winners: I8,
) -> int:
    """Play ``n_games`` deals (numbered from ``game0``) and write a result row for each.

    ``S`` (``int64[S_LEN]``) and ``buf`` (``int64[MAX_ACTIONS]``) are work space.
    ``policies`` holds one policy per seat (``POL_RANDOM`` or ``POL_SIMPLE``). ``decks`` holds one
    deck order per game (top card first), or has no rows to shuffle each deal from the seed.
    ``dealer_mode`` is a fixed dealer seat, or -1 to rotate the dealer with the game number.
    With ``trace`` the deck, the action codes and the trick winners of each game are kept.
    Returns the number of decisions taken in all, or ``-1 - g`` if a policy chose an illegal
    action in game ``g`` (which would be a bug of the core: the callers raise an error).
    """
    n = P[P_PLAYERS]
    size = P[P_DECK_SIZE]
    use_decks = decks.shape[0] > 0
    decisions = np.int64(0)
    all_random = P[P_ACCUSI] == 0 and P[P_EXCHANGE] == 0
    for seat in range(n):
        if policies[seat] != POL_RANDOM:
            all_random = False
    for g in range(n_games):
        game = game0 + g
        x = game_rng(seed, game)
        if use_decks:
            load_deck(P, S, decks[g])
        else:
            x = shuffle_deck(P, S, x)
        if trace:
            for i in range(size):
                t_deck[g, i] = S[O_DECK + i]
        dealer = dealer_mode if dealer_mode >= 0 else game % n
        deal(P, S, dealer)
        nact = 0
        while S[S_PHASE] != PH_OVER:
            if all_random and S[S_PHASE] == PH_PLAY and S[S_TN] == 0:
                x, nact = random_tricks(P, S, x, trace, t_actions, g, nact)
                continue
            seat = S[S_TURN]
            if policies[seat] == POL_RANDOM:
                code, slot, x = random_choice(P, S, buf, x)
            else:
                code = simple_choice(P, S)
                slot = -1
            if trace:
                t_actions[g, nact] = code
            if slot >= 0:
                play_slot(P, S, seat, slot)
            elif not apply_code(P, S, buf, code) or nact >= MAX_ACTIONS - 1:
                return -1 - g  # a policy chose an illegal action: a bug, reported by the caller
            nact += 1
        finish(P, S, out[g])
        out[g, R_DECISIONS] = nact
        decisions += nact
        if trace:
            for t in range(S[S_TRICKS]):
                t_winners[g, t] = S[O_TWIN + t]
    return decisions


@_jit
def replay_batch(
    S: I64,
    buf: I64,
    P: I64,
    decks: I8,
    dealers: I64,
    actions: I8,
    n_actions: I64,
    legal_out: I64,
    out: I16,
    t_winners: I8,
    status: I64,
) -> None:
    """Replay given deals and action codes, checking each action against the legal ones.

    For each step the legal actions are written to ``legal_out[g, i]`` as two bit masks (codes
    0-59 and 60-120 shifted down by 60). ``status[g]`` is -1 when game ``g`` ended after exactly
    its actions, the index of its first illegal action, or ``n_actions[g]`` if it is not over.
    """
    for g in range(decks.shape[0]):
        load_deck(P, S, decks[g])
        deal(P, S, dealers[g])
        status[g] = -1
        for i in range(n_actions[g]):
            k = legal(P, S, buf)
            m0 = np.int64(0)
            m1 = np.int64(0)
            for j in range(k):
                c = buf[j]
                if c < 60:
                    m0 |= _ONE << c
                else:
                    m1 |= _ONE << (c - 60)
            legal_out[g, i, 0] = m0
            legal_out[g, i, 1] = m1
            if not apply_code(P, S, buf, actions[g, i]):
                status[g] = i
                break
        if status[g] == -1 and S[S_PHASE] != PH_OVER:
            status[g] = n_actions[g]
        if S[S_PHASE] == PH_OVER:
            finish(P, S, out[g])
            out[g, R_DECISIONS] = n_actions[g]
        for t in range(S[S_TRICKS]):
            t_winners[g, t] = S[O_TWIN + t]
