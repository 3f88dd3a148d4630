"""The array layout shared by the compiled kernels and their Python wrappers.

A ruleset becomes a parameter array ``P`` (``int64[P_LEN]``) and a deal in progress is one state
array ``S`` (``int64[S_LEN]``); the offsets below name their slots. Cards are integers 0-39
(:attr:`briscola.core.cards.Card.index`: suit-major, coppe 0-9, denari 10-19, spade 20-29, bastoni
30-39; rank = index % 10 + 1; suit = index // 10). Actions are small integers, see ``A_*``.

This module imports neither numba nor numpy: it is plain constants. The rules' own numbers
(card points and strength, accuso points, the bid range and order, the cards in play) are not
here: :mod:`briscola.fast.core.params` writes core's values into the parameter array and the
kernels read them from it.

>>> A_BID_RANK + 1, A_CALL + 3, S_LEN <= 256, MAX_ACTIONS <= 128
(46, 59, True, True)
>>> A_POINTS_MIN, A_POINTS_MAX  # the codes of the points bids are the points: core's bid range
(61, 120)
"""

from __future__ import annotations

from typing import Final

from briscola.core.rules import MAX_BID_POINTS, MIN_BID_POINTS

# -- limits ---------------------------------------------------------------------------------
MAX_PLAYERS: Final = 6
MAX_HAND: Final = 20  # 40 cards shared by 2 players
MAX_TRICKS: Final = 20
MAX_ACTIONS: Final = 128  # 40 plays, 4 declarations, 1 exchange, an auction of at most 75 calls
DECK_SLOTS: Final = 40

# -- action codes ---------------------------------------------------------------------------
# 0-39 play that card; 40-43 declare suit (c d s b); 44 exchange the briscola; 45 pass;
# 46-55 bid the rank 1-10 (code - 45); 56-59 call suit (c d s b); from 60 up: bid that many
# points (61-120, the rules' bid range).
A_DECLARE: Final = 40
A_EXCHANGE: Final = 44
A_PASS: Final = 45
A_BID_RANK: Final = 45  # + rank number 1..10
A_CALL: Final = 56
A_POINTS: Final = 60  # a code from here up is a points bid, the code being the points
A_POINTS_MIN: Final = MIN_BID_POINTS  # the code of the lowest points bid
A_POINTS_MAX: Final = MAX_BID_POINTS  # the code of the highest points bid
# the points codes must fit above the calls and in the replay's second 63-bit mask of codes
if not A_CALL + 4 <= A_POINTS <= A_POINTS_MIN <= A_POINTS_MAX < A_POINTS + 63:  # pragma: no cover
    raise RuntimeError(f"the bid range {A_POINTS_MIN}-{A_POINTS_MAX} does not fit the action codes")

# -- enums as numbers -----------------------------------------------------------------------
PART_NONE: Final = 0
PART_ALTERNATE: Final = 1
PART_CALLED: Final = 2
EXCH_NONE: Final = 0
EXCH_TWO: Final = 1
EXCH_SEVEN: Final = 2
PH_AUCTION: Final = 0
PH_CALL: Final = 1
PH_PLAY: Final = 2
PH_OVER: Final = 3
POL_RANDOM: Final = 0
POL_SIMPLE: Final = 1

# -- the parameter array P ------------------------------------------------------------------
P_PLAYERS: Final = 0
P_HAND: Final = 1
P_STEP: Final = 2  # +1 counter-clockwise, -1 clockwise
P_PARTNERSHIP: Final = 3
P_ACCUSI: Final = 4
P_EXCHANGE: Final = 5
P_TIE_REPLAY: Final = 6
P_DECK_SIZE: Final = 7
P_TOTAL: Final = 8  # card points in the deck
P_POINTS_ONLY: Final = 9
P_CALLER_LEADS: Final = 10
P_BID_MULT: Final = 11
P_CAPPOTTO: Final = 12
P_TEAMS: Final = 13  # number of sides
P_INVERSION: Final = 14  # informative: the tables below already hold it
P_OPEN_HANDS: Final = 15  # informative: open hands change what is seen, not the play
P_ACCUSO: Final = 16  # points of an accuso (Re and Cavallo of one suit)
P_ACCUSO_TRUMP: Final = 17  # points of an accuso in the trump suit
P_BID_MIN: Final = 18  # chiamata: the lowest points contract (a bid of the 2 stands for it)
P_BID_MAX: Final = 19  # chiamata: the highest points bid
P_POINTS: Final = 20  # 40 slots: points of each card
P_STRENGTH: Final = 60  # 40 slots: strength of each card within its suit
P_DECK: Final = 100  # 40 slots: the ruleset's cards in index order (P_DECK_SIZE used)
P_BID_ORDER: Final = 140  # 10 slots: rank numbers, least ambitious bid (A) first
P_TEAM: Final = 150  # 6 slots: the fixed side of each seat (chiamata: -1, the sides are secret)
P_MULT: Final = 156  # 4 (threshold, factor) pairs: chiamata's bid multipliers, highest first
P_MULT_PAIRS: Final = 4
P_LEN: Final = 164

# -- the result row of a finished deal (int16) ------------------------------------------------
R_SEAT: Final = 0  # 6 slots: points taken by each seat
R_TEAM: Final = 6  # 6 slots: points of each side
R_WIN: Final = 12  # bit mask of the sides with the top score (chiamata: 1 caller's side, 2 others)
R_REPLAY: Final = 13  # 1 when the deal is to be replayed (60-60 under the replay option; void)
R_UNITS: Final = 14  # 6 slots: chiamata settlement per seat
R_CALLER: Final = 20  # chiamata: the caller (-1 void or other games)
R_PARTNER: Final = 21  # chiamata: the holder of the called card
R_DECISIONS: Final = 22  # actions taken in the deal
R_DEALER: Final = 23
R_LEN: Final = 24

# -- the state array S ----------------------------------------------------------------------
S_PHASE: Final = 0
S_TURN: Final = 1  # -1 once over
S_LEADER: Final = 2
S_DEALER: Final = 3
S_TRUMP: Final = 4  # suit 0-3, -1 before the call
S_BRIS: Final = 5  # the face-up briscola card (-1 in chiamata)
S_SP: Final = 6  # next stock card: S[O_DECK + S_SP]; the stock is empty once S_SP > deck size
S_TRICKS: Final = 7  # completed tricks
S_TN: Final = 8  # cards in the trick on the table
S_BEST_SEAT: Final = 9
S_BEST_CARD: Final = 10
S_TRICK_PTS: Final = 11
S_DECLARED: Final = 12  # bit mask of declared suits
S_WON: Final = 13  # bit mask of seats that have taken a trick
S_CALLER: Final = 14  # chiamata: -1 until the auction is won
S_CALLED: Final = 15  # chiamata: the called card
S_PARTNER: Final = 16  # chiamata: the holder of the called card
S_STAND_KIND: Final = 17  # 0 no bid, 1 a rank, 2 points
S_STAND_VAL: Final = 18  # rank bid: its position in P_BID_ORDER; points bid: the points
S_STAND_SEAT: Final = 19
S_PASSED: Final = 20  # bit mask of seats that passed
S_REVEALED: Final = 21  # chiamata: the called card has been played
O_HCOUNT: Final = 24  # 6 slots: cards in each hand
O_PTS: Final = 30  # 6 slots: points taken by each seat (tricks and declarations)
O_HMASK: Final = 36  # 6 slots: each hand as a 40-bit mask
O_TSEAT: Final = 42  # 6 slots: seats in the trick on the table, in order
O_TCARD: Final = 48  # 6 slots: cards in the trick on the table, in order
O_TWIN: Final = 54  # 20 slots: winner of each completed trick
O_DECK: Final = 74  # 41 slots: the deal's deck order, then the briscola under the stock
O_HANDS: Final = 115  # 6 x MAX_HAND slots: the hands
O_DECL: Final = O_HANDS + MAX_PLAYERS * MAX_HAND  # 6 slots: declaration points of each seat
S_LEN: Final = O_DECL + MAX_PLAYERS
