# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""The exact endgame with more than two players: alpha-beta over the last tricks, two sides.

Once the stock is empty nobody draws again, and in a sampled world (every hand known, see
:mod:`briscola.fast.search.pimc`) the rest of the deal is a game of two sides over card points:
the teams of pairs and six, in Briscola chiamata the caller and the called card's holder against
the other three, and in three players the searching seat against the other two (a *paranoid*
assumption: they are taken to play against it together). :func:`solve_line` finds the value of
that game (the future points of one side less the other's, best play by both) and a line of best
play; :func:`play_exact` plays the line out in the state array, so that the finished deal is
valued as any rollout is. Every value the search uses (the win, the margin, chiamata's units)
only grows with a side's points, so the line is best for each of them too.

The search is iterative, on an explicit stack (:func:`endgame_stack`), as the two-player solver
(:mod:`briscola.fast.search.solver`) is: Numba's cache does not keep recursive functions safely.

>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> from briscola.fast.core.params import ruleset_params
>>> from briscola.fast.core import kernel as K, layout as L
>>> P = ruleset_params(preset("pairs"))
>>> S = np.zeros(L.S_LEN, np.int64)
>>> K.load_deck(P, S, np.arange(40, dtype=np.int8)); K.deal(P, S, 0)
>>> buf = np.zeros(L.MAX_ACTIONS, np.int64)
>>> while K.stock_left(P, S) > 0:  # play the first card of each hand until the stock is empty
...     _ = K.apply_code(P, S, buf, S[L.O_HANDS + S[L.S_TURN] * L.MAX_HAND])
>>> can_solve_n(P, S, 3)
True
>>> value = solve_line(P, S, endgame_stack(), side_mask(P, S, 0))
>>> before = S[L.O_PTS] + S[L.O_PTS + 2] - S[L.O_PTS + 1] - S[L.O_PTS + 3]
>>> play_exact(P, S, buf, endgame_stack(), side_mask(P, S, 0)) == value
True
>>> bool(S[L.O_PTS] + S[L.O_PTS + 2] - S[L.O_PTS + 1] - S[L.O_PTS + 3] == before + value)
True
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import kernel as K
from briscola.fast.core.layout import (
    O_HCOUNT,
    O_HMASK,
    P_ACCUSI,
    P_PARTNERSHIP,
    P_PLAYERS,
    P_POINTS,
    P_STEP,
    P_TEAM,
    PART_CALLED,
    PART_NONE,
    PH_PLAY,
    S_BEST_CARD,
    S_BEST_SEAT,
    S_CALLER,
    S_DECLARED,
    S_PARTNER,
    S_PHASE,
    S_TN,
    S_TRICK_PTS,
    S_TRUMP,
    S_TURN,
)
from briscola.fast.jitcache import I64, jit

__all__ = ["MAX_PLIES_N", "can_solve_n", "endgame_stack", "play_exact", "side_mask", "solve_line"]

_ONE = np.int64(1)
_INF = 1 << 20

MAX_PLIES_N = 41
"""The most plays the solver looks ahead (every card of the deck, and a frame for the end)."""

# the columns of a frame of the stack; from _F_LEN on, the frame's line of best play
(_F_TURN, _F_TN, _F_BCARD, _F_BSEAT, _F_TPTS, _F_ALPHA, _F_BETA, _F_BEST, _F_NEXT, _F_CARD,
 _F_GAIN, _F_PVLEN, _F_LEN) = range(13)  # fmt: skip
_HANDS = MAX_PLIES_N  # the stack's last row: the hands as masks, one a seat


def endgame_stack() -> I64:
    """Work space for :func:`solve_line`: a frame per play, each with its line of best play,
    and a row of hands."""
    return np.zeros((MAX_PLIES_N + 1, _F_LEN + MAX_PLIES_N), np.int64)


@jit
def side_mask(P: I64, S: I64, me: int) -> int:
    """The seats on ``me``'s side as a bit mask: its team (fixed teams, or in Briscola chiamata
    the caller and the called card's holder, or the other three), or ``me`` alone when every seat
    plays for itself."""
    n = P[P_PLAYERS]
    if P[P_PARTNERSHIP] == PART_CALLED:
        team = (_ONE << S[S_CALLER]) | (_ONE << S[S_PARTNER])
        if (team >> me) & _ONE:
            return team
        return ((_ONE << n) - 1) & ~team
    if P[P_PARTNERSHIP] == PART_NONE:
        return _ONE << me
    mask = np.int64(0)
    for s in range(n):
        if P[P_TEAM + s] == P[P_TEAM + me]:
            mask |= _ONE << s
    return mask


@jit
def can_solve_n(P: I64, S: I64, max_hand: int) -> bool:
    """True when :func:`solve_line` may finish this deal of more than two players: the play
    phase, the stock empty, no hand above ``max_hand`` cards, the sides known (chiamata: the
    called card's holder placed), and no accuso left to declare."""
    n = P[P_PLAYERS]
    if n <= 2 or S[S_PHASE] != PH_PLAY or K.stock_left(P, S) > 0:
        return False
    if P[P_PARTNERSHIP] == PART_CALLED and (S[S_CALLER] < 0 or S[S_PARTNER] < 0):
        return False
    for s in range(n):
        if S[O_HCOUNT + s] > max_hand:
            return False
        if P[P_ACCUSI] != 0:
            for suit in range(4):
                if (S[S_DECLARED] >> suit) & _ONE == 0 and K.has_accuso(S[O_HMASK + s], suit):
                    return False
    return True


@jit
def _open(
    ws: I64, d: int, turn: int, tn: int, bcard: int, bseat: int, tpts: int, alpha: int,
    beta: int, maximize: bool,
) -> None:  # fmt: skip
    """Open frame ``d``: ``turn`` to play into a trick of ``tn`` cards (its best card and seat,
    its points), the search window, no line yet."""
    ws[d, _F_TURN] = turn
    ws[d, _F_TN] = tn
    ws[d, _F_BCARD] = bcard
    ws[d, _F_BSEAT] = bseat
    ws[d, _F_TPTS] = tpts
    ws[d, _F_ALPHA] = alpha
    ws[d, _F_BETA] = beta
    ws[d, _F_BEST] = -_INF if maximize else _INF
    ws[d, _F_NEXT] = 0
    ws[d, _F_CARD] = -1
    ws[d, _F_GAIN] = 0
    ws[d, _F_PVLEN] = 0


@jit
def _descend(P: I64, ws: I64, d: int, c: int, mine: int) -> None:
    """The seat of frame ``d`` plays ``c``: the trick goes on, or is taken (its points, for or
    against ``mine``, are the frame's gain) and its winner leads; frame ``d + 1`` is opened."""
    n = P[P_PLAYERS]
    turn = ws[d, _F_TURN]
    ws[_HANDS, turn] &= ~(_ONE << c)
    ws[d, _F_NEXT] = c + 1
    ws[d, _F_CARD] = c
    tn = ws[d, _F_TN]
    bcard = ws[d, _F_BCARD]
    bseat = ws[d, _F_BSEAT]
    if tn == 0 or K.beats(P, c, bcard, ws[_HANDS, n]):
        bcard = c
        bseat = turn
    tpts = ws[d, _F_TPTS] + P[P_POINTS + c]
    alpha = ws[d, _F_ALPHA]
    beta = ws[d, _F_BETA]
    if tn + 1 < n:
        nxt = K.next_seat(turn, P[P_STEP], n)
        _open(ws, d + 1, nxt, tn + 1, bcard, bseat, tpts, alpha, beta, (mine >> nxt) & 1 == 1)
        return
    gain = tpts if (mine >> bseat) & 1 else -tpts
    ws[d, _F_GAIN] = gain
    _open(ws, d + 1, bseat, 0, -1, -1, 0, alpha - gain, beta - gain, (mine >> bseat) & 1 == 1)
    hand = ws[_HANDS, bseat]
    if hand != 0 and hand & (hand - 1) == 0:
        _last_trick(P, ws, d + 1, mine)


@jit
def _last_trick(P: I64, ws: I64, d: int, mine: int) -> None:
    """Frame ``d`` leads the last trick, one card a hand: no choice is left, so its value and
    line are worked out at once (the search then finds no card to try in it)."""
    n = P[P_PLAYERS]
    seat = ws[d, _F_TURN]
    bcard = -1
    bseat = -1
    pts = 0
    for i in range(n):
        hand = ws[_HANDS, seat]
        c = 0
        while (hand >> c) & 1 == 0:
            c += 1
        if i == 0 or K.beats(P, c, bcard, ws[_HANDS, n]):
            bcard = c
            bseat = seat
        pts += P[P_POINTS + c]
        ws[d, _F_LEN + i] = c
        seat = K.next_seat(seat, P[P_STEP], n)
    ws[d, _F_BEST] = pts if (mine >> bseat) & 1 else -pts
    ws[d, _F_PVLEN] = n
    ws[d, _F_NEXT] = 40


@jit
def _back(ws: I64, d: int, val: int, mine: int) -> None:
    """The child of frame ``d`` is done with value ``val``: its card goes back to the hand and
    the frame's best value, window and line follow."""
    turn = ws[d, _F_TURN]
    c = ws[d, _F_CARD]
    ws[_HANDS, turn] |= _ONE << c
    v = ws[d, _F_GAIN] + val
    if (mine >> turn) & 1:
        if v <= ws[d, _F_BEST]:
            return
        ws[d, _F_BEST] = v
        if v > ws[d, _F_ALPHA]:
            ws[d, _F_ALPHA] = v
    else:
        if v >= ws[d, _F_BEST]:
            return
        ws[d, _F_BEST] = v
        if v < ws[d, _F_BETA]:
            ws[d, _F_BETA] = v
    length = ws[d + 1, _F_PVLEN]
    ws[d, _F_LEN] = c
    for i in range(length):
        ws[d, _F_LEN + 1 + i] = ws[d + 1, _F_LEN + i]
    ws[d, _F_PVLEN] = length + 1


@jit
def solve_line(P: I64, S: I64, ws: I64, mine: int) -> int:
    """The exact future point difference of the side ``mine`` (a mask of seats) against the
    other side in a deal of the play phase with the stock empty and every hand known, best play
    by both from here (alpha-beta); the line of best play is left in ``ws`` (row 0, from column
    ``_F_LEN``, ``ws[0, _F_PVLEN]`` cards). Accusi are not searched (:func:`can_solve_n`)."""
    n = P[P_PLAYERS]
    for s in range(n):
        ws[_HANDS, s] = S[O_HMASK + s]
    ws[_HANDS, n] = S[S_TRUMP]  # the trump suit, read by _descend
    tn = S[S_TN]
    bcard = S[S_BEST_CARD] if tn > 0 else -1
    bseat = S[S_BEST_SEAT] if tn > 0 else -1
    tpts = S[S_TRICK_PTS] if tn > 0 else 0
    turn = S[S_TURN]
    _open(ws, 0, turn, tn, bcard, bseat, tpts, -_INF, _INF, (mine >> turn) & 1 == 1)
    d = 0
    while True:
        hand = ws[_HANDS, ws[d, _F_TURN]]
        c = 40
        if hand != 0 and ws[d, _F_ALPHA] < ws[d, _F_BETA]:
            c = ws[d, _F_NEXT]
            while c < 40 and (hand >> c) & 1 == 0:
                c += 1
        if c < 40:
            _descend(P, ws, d, c, mine)
            d += 1
            continue
        val = 0 if hand == 0 else ws[d, _F_BEST]  # an empty hand: the deal is over
        if d == 0:
            return val
        d -= 1
        _back(ws, d, val, mine)


@jit
def play_exact(P: I64, S: I64, buf: I64, ws: I64, mine: int) -> int:
    """Finish the deal in ``S`` along the line of best play of :func:`solve_line` (the side
    ``mine`` against the other); returns that line's point difference."""
    value = solve_line(P, S, ws, mine)
    for i in range(ws[0, _F_PVLEN]):
        K.apply_code(P, S, buf, ws[0, _F_LEN + i])
    return value
