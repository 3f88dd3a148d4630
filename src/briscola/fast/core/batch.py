# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment"
"""Whole deals in the compiled core: their results, and batches of deals played or replayed.

A finished deal's result is one ``int16`` row (the ``R_*`` layout of
:mod:`briscola.fast.core.layout`), as :func:`briscola.core.game.State.result` reads it.
"""

from __future__ import annotations

import numpy as np

from briscola.fast.core import layout as L
from briscola.fast.core.kernel import apply_code, deal, legal, load_deck, play_slot
from briscola.fast.core.policies import random_choice, random_tricks, simple_choice
from briscola.fast.core.rng import game_rng, shuffle_deck
from briscola.fast.jitcache import I8, I16, I64
from briscola.fast.jitcache import jit as _jit

__all__ = ["finish", "replay_batch", "run_batch"]

_ONE = np.int64(1)


# -- results -------------------------------------------------------------------------------------
@_jit
def finish(P: I64, S: I64, row: I16) -> None:
    """Write a finished deal's result into ``row`` (see the ``R_*`` layout)."""
    n = P[L.P_PLAYERS]
    for i in range(L.R_LEN):
        row[i] = 0
    total = 0
    for s in range(n):
        row[L.R_SEAT + s] = S[L.O_PTS + s]
        total += S[L.O_PTS + s]
    row[L.R_DEALER] = S[L.S_DEALER]
    row[L.R_CALLER] = -1
    row[L.R_PARTNER] = -1
    part = P[L.P_PARTNERSHIP]
    if part == L.PART_CALLED:
        caller = S[L.S_CALLER]
        partner = S[L.S_PARTNER]
        row[L.R_CALLER] = caller
        row[L.R_PARTNER] = partner
        if caller < 0:  # everybody passed: void, redealt
            row[L.R_REPLAY] = 1
            return
        side = S[L.O_PTS + caller]
        if partner != caller:
            side += S[L.O_PTS + partner]
        contract = P[L.P_BID_MIN]
        if S[L.S_STAND_KIND] == 2 and S[L.S_STAND_VAL] > contract:
            contract = S[L.S_STAND_VAL]
        won = side >= contract
        factor = 1
        if P[L.P_BID_MULT] != 0:
            for i in range(L.P_MULT_PAIRS):  # highest threshold first
                if contract >= P[L.P_MULT + 2 * i]:
                    factor = P[L.P_MULT + 2 * i + 1]
                    break
        # cappotto: one side took every card point (declarations do not count)
        card_side = side - S[L.O_DECL + caller]
        if partner != caller:
            card_side -= S[L.O_DECL + partner]
        card_total = total
        for s in range(n):
            card_total -= S[L.O_DECL + s]
        if P[L.P_CAPPOTTO] != 0 and (
            card_side >= P[L.P_TOTAL] or card_total - card_side >= P[L.P_TOTAL]
        ):
            factor *= 2
        sign = 1 if won else -1
        for s in range(n):
            row[L.R_UNITS + s] = -sign * factor
        if partner == caller:
            row[L.R_UNITS + caller] = 4 * sign * factor
        else:
            row[L.R_UNITS + caller] = 2 * sign * factor
            row[L.R_UNITS + partner] = sign * factor
        row[L.R_TEAM] = side
        row[L.R_TEAM + 1] = total - side
        row[L.R_WIN] = 1 if won else 2
        return
    teams = P[L.P_TEAMS]
    for s in range(n):
        row[L.R_TEAM + P[L.P_TEAM + s]] += S[L.O_PTS + s]
    top = row[L.R_TEAM]
    for t in range(1, teams):
        if row[L.R_TEAM + t] > top:
            top = row[L.R_TEAM + t]
    mask = 0
    count = 0
    for t in range(teams):
        if row[L.R_TEAM + t] == top:
            mask |= 1 << t
            count += 1
    row[L.R_WIN] = mask
    if count > 1 and P[L.P_TIE_REPLAY] != 0:
        row[L.R_REPLAY] = 1


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
    n = P[L.P_PLAYERS]
    size = P[L.P_DECK_SIZE]
    use_decks = decks.shape[0] > 0
    decisions = np.int64(0)
    all_random = P[L.P_ACCUSI] == 0 and P[L.P_EXCHANGE] == 0
    for seat in range(n):
        if policies[seat] != L.POL_RANDOM:
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
                t_deck[g, i] = S[L.O_DECK + i]
        dealer = dealer_mode if dealer_mode >= 0 else game % n
        deal(P, S, dealer)
        nact = 0
        while S[L.S_PHASE] != L.PH_OVER:
            if all_random and S[L.S_PHASE] == L.PH_PLAY and S[L.S_TN] == 0:
                x, nact = random_tricks(P, S, x, trace, t_actions, g, nact)
                continue
            seat = S[L.S_TURN]
            if policies[seat] == L.POL_RANDOM:
                code, slot, x = random_choice(P, S, buf, x)
            else:
                code = simple_choice(P, S)
                slot = -1
            if trace:
                t_actions[g, nact] = code
            if slot >= 0:
                play_slot(P, S, seat, slot)
            elif not apply_code(P, S, buf, code) or nact >= L.MAX_ACTIONS - 1:
                return -1 - g  # a policy chose an illegal action: a bug, reported by the caller
            nact += 1
        finish(P, S, out[g])
        out[g, L.R_DECISIONS] = nact
        decisions += nact
        if trace:
            for t in range(S[L.S_TRICKS]):
                t_winners[g, t] = S[L.O_TWIN + t]
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
        if status[g] == -1 and S[L.S_PHASE] != L.PH_OVER:
            status[g] = n_actions[g]
        if S[L.S_PHASE] == L.PH_OVER:
            finish(P, S, out[g])
            out[g, L.R_DECISIONS] = n_actions[g]
        for t in range(S[L.S_TRICKS]):
            t_winners[g, t] = S[L.O_TWIN + t]
