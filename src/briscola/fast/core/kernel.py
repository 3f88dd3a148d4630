# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment"
"""The compiled core: a deal as one int64 array, the rules as njit functions over it.

Everything here is compiled by Numba (``cache=True``: the machine code is kept on disk, so only
the first run after an install or an edit pays the compile time). The layout of the arrays is in
:mod:`briscola.fast.core.layout`; the Python-facing API is :mod:`briscola.fast.core.sim` and
:mod:`briscola.fast.core.replay`. The rules follow :mod:`briscola.core.game` and
:mod:`briscola.core.chiamata` step for step (the parity tests hold them to it): the deal, the trick,
the draw, accusi, the exchange of the briscola, the chiamata auction and call. The rules' numbers
(points, strength, accuso points, the bid range and order) are read from the parameter array.

Around it: :mod:`~briscola.fast.core.rng` (random numbers and shuffles),
:mod:`~briscola.fast.core.sides` (who a seat knows to play with it),
:mod:`~briscola.fast.core.policies` (the random and simple policies) and
:mod:`~briscola.fast.core.batch` (results, and whole batches of deals).
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import layout as L
from briscola.fast.jitcache import I8, I64
from briscola.fast.jitcache import inline as _inline
from briscola.fast.jitcache import jit as _jit

__all__ = [
    "accuso_points",
    "apply_code",
    "beats",
    "close_trick",
    "deal",
    "declarable",
    "draw_for",
    "exchange_card",
    "has_accuso",
    "holds",
    "legal",
    "load_deck",
    "next_seat",
    "play_extras",
    "play_slot",
    "stock_left",
    "stock_open",
    "suit_of",
    "take_from_hand",
]

_ONE = np.int64(1)


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
    for i in range(P[L.P_DECK_SIZE]):
        S[L.O_DECK + i] = deck[i]


@_jit
def deal(P: I64, S: I64, dealer: int) -> None:
    """Deal the deck order held in the state, as :func:`briscola.core.game.new_game` does."""
    n = P[L.P_PLAYERS]
    step = P[L.P_STEP]
    size = P[L.P_DECK_SIZE]
    hs = P[L.P_HAND]
    for i in range(L.O_DECK):
        S[i] = 0
    for i in range(L.MAX_PLAYERS):
        S[L.O_DECL + i] = 0
    S[L.S_DEALER] = dealer
    first = next_seat(dealer, step, n)
    pos = 0
    for r in range(hs):
        seat = first
        for _ in range(n):
            c = S[L.O_DECK + pos]
            pos += 1
            S[L.O_HANDS + seat * L.MAX_HAND + r] = c
            S[L.O_HMASK + seat] |= _ONE << c
            seat = next_seat(seat, step, n)
    for s in range(n):
        S[L.O_HCOUNT + s] = hs
    S[L.S_TURN] = first
    S[L.S_LEADER] = first
    S[L.S_CALLER] = -1
    S[L.S_CALLED] = -1
    S[L.S_PARTNER] = -1
    S[L.S_STAND_SEAT] = -1
    if P[L.P_PARTNERSHIP] == L.PART_CALLED:
        S[L.S_PHASE] = L.PH_AUCTION
        S[L.S_TRUMP] = -1
        S[L.S_BRIS] = -1
        S[L.O_DECK + size] = -1
        S[L.S_SP] = size + 1
    else:
        b = S[L.O_DECK + pos]
        S[L.S_BRIS] = b
        S[L.O_DECK + size] = b  # the face-up briscola lies under the stock: drawn last
        S[L.S_SP] = pos + 1
        S[L.S_TRUMP] = b // 10
        S[L.S_PHASE] = L.PH_PLAY


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
        return P[L.P_STRENGTH + card] > P[L.P_STRENGTH + best]
    return suit == trump


@_inline
def take_from_hand(S: I64, seat: int, slot: int) -> int:
    """Remove the card in ``slot`` of ``seat``'s hand (the last card fills the gap); the card."""
    base = L.O_HANDS + seat * L.MAX_HAND
    cnt = S[L.O_HCOUNT + seat] - 1
    card = S[base + slot]
    S[base + slot] = S[base + cnt]
    S[L.O_HCOUNT + seat] = cnt
    S[L.O_HMASK + seat] &= ~(_ONE << card)
    return card


@_inline
def stock_open(P: I64, sp: int) -> bool:
    """True while the stock (the face-up briscola under it included) has cards to draw; ``sp``
    is the position of its next card."""
    return sp <= P[L.P_DECK_SIZE]


@_jit
def stock_left(P: I64, S: I64) -> int:
    """Cards left in the stock (the face-up briscola included)."""
    sp = S[L.S_SP]
    return P[L.P_DECK_SIZE] + 1 - sp if stock_open(P, sp) else 0


@_inline
def draw_for(P: I64, stock: I64, base: int, sp: int, winner: int, seat: int) -> int:
    """The card ``seat`` draws after a trick taken by ``winner``, the stock's next card lying at
    ``stock[base + sp]``: the winner draws first, then the others in the order of play."""
    k = (seat - winner) * P[L.P_STEP]
    if k < 0:
        k += P[L.P_PLAYERS]
    return stock[base + sp + k]


@_inline
def close_trick(P: I64, S: I64, winner: int, points: int) -> None:
    """The winner takes the trick; everybody draws, the winner first; the winner leads next."""
    n = P[L.P_PLAYERS]
    S[L.O_PTS + winner] += points
    S[L.S_WON] |= _ONE << winner
    t = S[L.S_TRICKS]
    S[L.O_TWIN + t] = winner
    S[L.S_TRICKS] = t + 1
    sp = S[L.S_SP]
    if stock_open(P, sp):
        for d in range(n):
            c = draw_for(P, S, L.O_DECK, sp, winner, d)
            k = S[L.O_HCOUNT + d]
            S[L.O_HANDS + d * L.MAX_HAND + k] = c
            S[L.O_HCOUNT + d] = k + 1
            S[L.O_HMASK + d] |= _ONE << c
        S[L.S_SP] = sp + n
    S[L.S_LEADER] = winner
    if S[L.O_HCOUNT + winner] == 0:
        S[L.S_PHASE] = L.PH_OVER
        S[L.S_TURN] = -1
    else:
        S[L.S_TURN] = winner


@_inline
def play_slot(P: I64, S: I64, seat: int, slot: int) -> None:
    """``seat`` plays the card in ``slot`` of its hand; a full trick is taken and cards drawn."""
    n = P[L.P_PLAYERS]
    card = take_from_hand(S, seat, slot)
    if card == S[L.S_CALLED]:
        S[L.S_REVEALED] = 1
    tn = S[L.S_TN]
    S[L.O_TSEAT + tn] = seat
    S[L.O_TCARD + tn] = card
    S[L.S_TRICK_PTS] += P[L.P_POINTS + card]
    if tn == 0 or beats(P, card, S[L.S_BEST_CARD], S[L.S_TRUMP]):
        S[L.S_BEST_CARD] = card
        S[L.S_BEST_SEAT] = seat
    tn += 1
    if tn < n:
        S[L.S_TN] = tn
        S[L.S_TURN] = next_seat(seat, P[L.P_STEP], n)
        return
    points = S[L.S_TRICK_PTS]
    S[L.S_TRICK_PTS] = 0
    S[L.S_TN] = 0
    close_trick(P, S, S[L.S_BEST_SEAT], points)


@_jit
def holds(S: I64, seat: int, card: int) -> bool:
    """True when ``seat`` holds ``card``."""
    return ((S[L.O_HMASK + seat] >> card) & _ONE) != 0


@_inline
def has_accuso(hand: int, suit: int) -> bool:
    """True when the hand mask ``hand`` holds the Re and the Cavallo of ``suit``."""
    return ((hand >> (suit * 10 + 9)) & (hand >> (suit * 10 + 8)) & _ONE) != 0


@_inline
def accuso_points(P: I64, suit: int, trump: int) -> int:
    """The points of an accuso in ``suit``: more in the trump suit (the ruleset's numbers)."""
    return P[L.P_ACCUSO_TRUMP] if suit == trump else P[L.P_ACCUSO]


@_jit
def declarable(P: I64, S: I64, seat: int, suit: int) -> bool:
    """True when ``seat`` may declare the Re and Cavallo of ``suit`` (accusi)."""
    if P[L.P_ACCUSI] == 0 or (S[L.S_DECLARED] >> suit) & _ONE:
        return False
    return has_accuso(S[L.O_HMASK + seat], suit)


@_jit
def exchange_card(P: I64, S: I64, seat: int) -> int:
    """The card ``seat`` may swap for the face-up briscola now, or -1."""
    kind = P[L.P_EXCHANGE]
    if kind == L.EXCH_NONE or not stock_open(P, S[L.S_SP]) or S[L.S_TRUMP] < 0:
        return -1
    if kind == L.EXCH_TWO:
        if S[L.S_TRICKS] > 0:
            return -1
        card = S[L.S_TRUMP] * 10 + 1
    else:
        if (S[L.S_WON] >> seat) & _ONE == 0:
            return -1
        card = S[L.S_TRUMP] * 10 + 6
    if holds(S, seat, card):
        return card
    return -1


@_jit
def play_extras(P: I64, S: I64, seat: int, buf: I64, k: int) -> int:
    """Append the declarations and the exchange ``seat`` may make to ``buf[k:]``; the new count."""
    if P[L.P_ACCUSI] != 0:
        for suit in range(4):
            if declarable(P, S, seat, suit):
                buf[k] = L.A_DECLARE + suit
                k += 1
    if exchange_card(P, S, seat) >= 0:
        buf[k] = L.A_EXCHANGE
        k += 1
    return k


@_jit
def do_declare(P: I64, S: I64, seat: int, suit: int) -> None:
    """Record an accuso (its points: :func:`accuso_points`)."""
    points = accuso_points(P, suit, S[L.S_TRUMP])
    S[L.O_PTS + seat] += points
    S[L.O_DECL + seat] += points
    S[L.S_DECLARED] |= _ONE << suit


@_jit
def do_exchange(P: I64, S: I64, seat: int) -> None:
    """Swap the exchange card in ``seat``'s hand for the face-up briscola."""
    gave = exchange_card(P, S, seat)
    took = S[L.S_BRIS]
    base = L.O_HANDS + seat * L.MAX_HAND
    for i in range(S[L.O_HCOUNT + seat]):
        if S[base + i] == gave:
            S[base + i] = took
    S[L.O_HMASK + seat] = (S[L.O_HMASK + seat] & ~(_ONE << gave)) | (_ONE << took)
    S[L.S_BRIS] = gave
    S[L.O_DECK + P[L.P_DECK_SIZE]] = gave


# -- chiamata: auction and call --------------------------------------------------------------------
@_jit
def auction_legal(P: I64, S: I64, buf: I64) -> int:
    """Pass and the bids that beat the standing one, into ``buf``; the count."""
    buf[0] = L.A_PASS
    k = 1
    kind = S[L.S_STAND_KIND]
    val = S[L.S_STAND_VAL]
    if P[L.P_POINTS_ONLY] != 0:
        low = P[L.P_BID_MIN] if kind == 0 else val + 1
    elif kind == 0:
        for i in range(10):
            buf[k] = L.A_BID_RANK + P[L.P_BID_ORDER + i]
            k += 1
        return k
    elif kind == 1 and val < 9:
        for i in range(val + 1, 10):
            buf[k] = L.A_BID_RANK + P[L.P_BID_ORDER + i]
            k += 1
        return k
    else:
        low = (P[L.P_BID_MIN] if kind == 1 else val) + 1
    for p in range(low, P[L.P_BID_MAX] + 1):
        buf[k] = p
        k += 1
    return k


@_jit
def auction_apply(P: I64, S: I64, code: int) -> None:
    """Apply a legal bid or pass, as :func:`briscola.core.chiamata.apply` does."""
    n = P[L.P_PLAYERS]
    seat = S[L.S_TURN]
    if code == L.A_PASS:
        S[L.S_PASSED] |= _ONE << seat
    elif code >= L.A_POINTS:
        S[L.S_STAND_KIND] = 2
        S[L.S_STAND_VAL] = code
        S[L.S_STAND_SEAT] = seat
    else:
        rank = code - L.A_BID_RANK
        for i in range(10):
            if P[L.P_BID_ORDER + i] == rank:
                S[L.S_STAND_VAL] = i
        S[L.S_STAND_KIND] = 1
        S[L.S_STAND_SEAT] = seat
    passed = S[L.S_PASSED]
    everyone = (_ONE << n) - 1
    if passed == everyone:  # all passed: the deal is void
        S[L.S_PHASE] = L.PH_OVER
        S[L.S_TURN] = -1
        return
    if S[L.S_STAND_KIND] != 0 and (everyone & ~passed) == (_ONE << S[L.S_STAND_SEAT]):
        S[L.S_CALLER] = S[L.S_STAND_SEAT]
        S[L.S_PHASE] = L.PH_CALL
        S[L.S_TURN] = S[L.S_STAND_SEAT]
        return
    nxt = next_seat(seat, P[L.P_STEP], n)
    while (passed >> nxt) & _ONE:
        nxt = next_seat(nxt, P[L.P_STEP], n)
    S[L.S_TURN] = nxt


@_jit
def call_apply(P: I64, S: I64, code: int) -> None:
    """The caller names the trump suit: the called card, its holder, the first leader."""
    n = P[L.P_PLAYERS]
    suit = code - L.A_CALL
    caller = S[L.S_CALLER]
    rank = P[L.P_BID_ORDER + S[L.S_STAND_VAL]] if S[L.S_STAND_KIND] == 1 else 2
    called = suit * 10 + rank - 1
    S[L.S_TRUMP] = suit
    S[L.S_CALLED] = called
    for s in range(n):
        if holds(S, s, called):
            S[L.S_PARTNER] = s
    first = caller if P[L.P_CALLER_LEADS] != 0 else next_seat(S[L.S_DEALER], P[L.P_STEP], n)
    S[L.S_PHASE] = L.PH_PLAY
    S[L.S_TURN] = first
    S[L.S_LEADER] = first


# -- legal actions and applying a coded action -------------------------------------------------
@_jit
def legal(P: I64, S: I64, buf: I64) -> int:
    """The legal action codes of the seat to act, into ``buf``; the count (0 once over)."""
    phase = S[L.S_PHASE]
    if phase == L.PH_PLAY:
        seat = S[L.S_TURN]
        cnt = S[L.O_HCOUNT + seat]
        base = L.O_HANDS + seat * L.MAX_HAND
        for i in range(cnt):
            buf[i] = S[base + i]
        return play_extras(P, S, seat, buf, cnt)
    if phase == L.PH_CALL:
        for suit in range(4):
            buf[suit] = L.A_CALL + suit
        return 4
    if phase == L.PH_AUCTION:
        return auction_legal(P, S, buf)
    return 0


@_jit
def apply_code(P: I64, S: I64, buf: I64, code: int) -> bool:
    """Apply an action given by its code if it is legal; False (state unchanged) if not."""
    phase = S[L.S_PHASE]
    if phase == L.PH_OVER:
        return False
    seat = S[L.S_TURN]
    if phase == L.PH_PLAY:
        if 0 <= code < 40:
            base = L.O_HANDS + seat * L.MAX_HAND
            for i in range(S[L.O_HCOUNT + seat]):
                if S[base + i] == code:
                    play_slot(P, S, seat, i)
                    return True
            return False
        if L.A_DECLARE <= code < L.A_DECLARE + 4:
            if not declarable(P, S, seat, code - L.A_DECLARE):
                return False
            do_declare(P, S, seat, code - L.A_DECLARE)
            return True
        if code == L.A_EXCHANGE and exchange_card(P, S, seat) >= 0:
            do_exchange(P, S, seat)
            return True
        return False
    if phase == L.PH_CALL:
        if L.A_CALL <= code < L.A_CALL + 4:
            call_apply(P, S, code)
            return True
        return False
    k = auction_legal(P, S, buf)
    for i in range(k):
        if buf[i] == code:
            auction_apply(P, S, code)
            return True
    return False
