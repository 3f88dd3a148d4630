"""From an observation to the fast core's arrays, for the search levels.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=3)
>>> enc = encode_observation(observe(state, state.turn))
>>> len(enc.pool) == len(enc.slots) == 33 + 3     # 33 hidden stock cards, 3 in the other hand
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from briscola.core.actions import Action
from briscola.core.game import Phase, trick_winner
from briscola.core.observation import Observation
from briscola.fast.core import layout as L
from briscola.fast.core.params import ruleset_params
from briscola.fast.core.replay import encode_action
from briscola.fast.jitcache import I16, I64, jit
from briscola.fast.search.policy import T_LEN, fill_tables
from briscola.fast.search.solver import solver_stack

__all__ = ["Encoded", "encode_observation", "packed", "set_hand_masks", "work_arrays"]

_SUIT_LETTERS = "cdsb"  # suit order of the card indices


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
    P = ruleset_params(rules, play_phase=True)  # options of the auction only play as usual
    n = rules.players
    deck = rules.deck()
    size = len(deck)
    S = np.zeros(L.S_LEN, np.int64)
    S[L.S_PHASE] = L.PH_PLAY
    S[L.S_TURN] = -1 if obs.turn is None else obs.turn
    S[L.S_LEADER] = obs.leader
    S[L.S_DEALER] = obs.dealer
    S[L.S_TRUMP] = obs.briscola.index // 10
    face_up = rules.briscola_face_up
    k = obs.stock_count
    sp = size + 1 - k
    S[L.S_SP] = sp
    S[L.S_BRIS] = obs.briscola.index if face_up else -1
    S[L.O_DECK + size] = obs.briscola.index if face_up else -1
    S[L.S_TRICKS] = len(obs.tricks)
    won = 0
    for t, trick in enumerate(obs.tricks):
        S[L.O_TWIN + t] = trick.winner
        won |= 1 << trick.winner
    S[L.S_WON] = won
    S[L.S_TN] = len(obs.trick)
    if obs.trick:
        for i, (seat, card) in enumerate(obs.trick):
            S[L.O_TSEAT + i] = seat
            S[L.O_TCARD + i] = card.index
        best_seat = trick_winner(obs.trick, obs.trump, rules)
        S[L.S_BEST_SEAT] = best_seat
        S[L.S_BEST_CARD] = next(c.index for s, c in obs.trick if s == best_seat)
        S[L.S_TRICK_PTS] = sum(rules.points_of(c) for _, c in obs.trick)
    declared = 0
    for decl in obs.declarations:
        declared |= 1 << _SUIT_LETTERS.index(decl.suit.letter)
        S[L.O_DECL + decl.seat] += decl.points
    S[L.S_DECLARED] = declared
    for seat, pts in enumerate(obs.seat_points()):
        S[L.O_PTS + seat] = pts
    # Briscola chiamata
    S[L.S_CALLER] = -1
    S[L.S_CALLED] = -1
    S[L.S_PARTNER] = -1
    S[L.S_STAND_SEAT] = -1
    played = obs.played_cards()
    hidden_called = False
    if obs.auction is not None:
        auction = obs.auction
        S[L.S_CALLER] = -1 if auction.winner is None else auction.winner
        passed = 0
        for seat in auction.passed:
            passed |= 1 << seat
        S[L.S_PASSED] = passed
        standing = auction.standing
        if standing is not None:
            seat, bid = standing
            S[L.S_STAND_SEAT] = seat
            if bid.points is not None:
                S[L.S_STAND_KIND] = 2
                S[L.S_STAND_VAL] = bid.points
            else:
                assert bid.rank is not None
                S[L.S_STAND_KIND] = 1
                order = [int(P[L.P_BID_ORDER + i]) for i in range(10)]
                S[L.S_STAND_VAL] = order.index(int(bid.rank))
        if obs.called is not None:
            S[L.S_CALLED] = obs.called.index
            if obs.called in played:
                S[L.S_REVEALED] = 1
                who = [s for t in obs.tricks for s, c in t.plays if c is obs.called]
                who += [s for s, c in obs.trick if c is obs.called]
                S[L.S_PARTNER] = who[0]
            elif obs.called in obs.hand:
                S[L.S_PARTNER] = obs.seat
            elif obs.partner is not None:
                S[L.S_PARTNER] = obs.partner
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
        base = L.O_HANDS + s * L.MAX_HAND
        count = obs.hand_counts[s]
        for i, c in enumerate(fixed[s]):
            S[base + i] = c
        for i in range(len(fixed[s]), count):
            slots.append(base + i)
        S[L.O_HCOUNT + s] = count
    hidden_stock = k - 1 if face_up and k > 0 else k
    for i in range(hidden_stock):
        slots.append(L.O_DECK + sp + i)
    if len(slots) != len(pool):
        raise ValueError("the observation's counts do not add up to its ruleset's deck")
    for slot, c in zip(slots, pool, strict=True):
        S[slot] = c
    set_hand_masks(P, S)
    if hidden_called:
        for s in range(n):
            if (int(S[L.O_HMASK + s]) >> int(S[L.S_CALLED])) & 1:
                S[L.S_PARTNER] = s
    return packed(obs, P, S, slots, pool, hidden_called)


@jit
def set_hand_masks(P: I64, S: I64) -> None:
    """Every seat's hand mask in ``S`` rebuilt from the cards of its hand."""
    for s in range(P[L.P_PLAYERS]):
        m = np.int64(0)
        base = L.O_HANDS + s * L.MAX_HAND
        for k in range(S[L.O_HCOUNT + s]):
            m |= np.int64(1) << S[base + k]
        S[L.O_HMASK + s] = m


def packed(
    obs: Observation, P: I64, S: I64, slots: list[int], pool: list[int], hidden_called: bool
) -> Encoded:
    """The arrays of an encoded observation, with the card tables and the candidate actions
    (``obs.legal``) added."""
    actions = tuple(obs.legal)
    T = np.zeros(T_LEN, np.int64)
    fill_tables(P, T)
    return Encoded(
        P=P,
        T=T,
        S=S,
        slots=np.array(slots, np.int64),
        pool=np.array(pool, np.int64),
        hidden_called=hidden_called,
        cands=np.array([encode_action(a) for a in actions] or [0], np.int64),
        actions=actions,
    )


def work_arrays() -> tuple[I64, I64, I64, I16, I64, I64]:
    """Work space for the kernels: two state arrays, an action buffer, a result row, the
    solver's stack and a state array of scratch space."""
    return (
        np.zeros(L.S_LEN, np.int64),
        np.zeros(L.S_LEN, np.int64),
        np.zeros(L.MAX_ACTIONS, np.int64),
        np.zeros(L.R_LEN, np.int16),
        solver_stack(),
        np.zeros(L.S_LEN, np.int64),
    )
