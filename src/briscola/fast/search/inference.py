# Numba kernels: array elements are numpy scalars to mypy and int64 to Numba, so the int/numpy
# scalar mismatches below are not errors.
# mypy: disable-error-code="no-any-return, return-value, arg-type, assignment, operator, index"
"""Inference for the search levels: worlds weighed by the opponents' past plays.

:func:`history_events` lists what an opponent did (plays, draws, exchanges), latest first;
:func:`hand_weights` gives each possible hand of the opponent now the likelihood of those plays
if it follows the medium level's rules (:func:`briscola.fast.search.policy.medium_card`), and
:func:`fill_worlds` deals worlds around chosen opponent hands (two players);
:func:`joint_worlds` deals them from the posteriors of several opponents at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from briscola.core.actions import ExchangeBriscola, Play
from briscola.core.cards import Card
from briscola.core.observation import Observation
from briscola.core.play import trick_winner
from briscola.fast.core import rng as R
from briscola.fast.core.layout import (
    MAX_HAND,
    O_HANDS,
    O_HCOUNT,
    O_HMASK,
    O_TCARD,
    O_TSEAT,
    S_BEST_CARD,
    S_BEST_SEAT,
    S_LEN,
    S_SP,
    S_TN,
    S_TRICK_PTS,
    S_TURN,
)
from briscola.fast.jitcache import F64, I64, jit
from briscola.fast.search.policy import medium_card

__all__ = [
    "EV_DRAW",
    "EV_DRAW_KNOWN",
    "EV_EXCHANGE",
    "EV_PLAY",
    "E_CARD",
    "E_KIND",
    "E_LEAD",
    "E_LEN",
    "E_PLAYED",
    "E_SP",
    "fill_worlds",
    "hand_weights",
    "history_events",
    "joint_worlds",
]

_ONE = np.int64(1)

EV_PLAY = 0  # the opponent played ev_card (ev_lead: the card led to it, or -1)
EV_DRAW = 1  # the opponent drew an unknown card
EV_DRAW_KNOWN = 2  # the opponent drew ev_card (the face-up briscola)
EV_EXCHANGE = 3  # the opponent took ev_card (the face-up briscola) for ev_lead

# the columns of an event row (see history_events)
E_KIND = 0  # EV_*
E_CARD = 1  # ev_card
E_LEAD = 2  # ev_lead
E_PLAYED = 3  # the cards played before it, as a mask
E_SP = 4  # the stock pointer then
E_TN = 5  # the cards of the trick played before it
E_BEST = 6  # the card winning the trick then (with E_TN > 0)
E_BSEAT = 7  # the seat that played it
E_TPTS = 8  # the points of the trick then
E_LEN = 9


@jit
def _history_weight(
    P: I64,
    T: I64,
    S_t: I64,
    hand: int,
    opp: int,
    events: I64,
    eps: float,
    open_sp: int,
    x: Any,
) -> tuple[float, Any]:
    """The likelihood of the opponent's past plays from its hand ``hand`` now (one backward
    sample of which cards it drew when)."""
    w = 1.0
    for e in range(events.shape[0]):
        kind = events[e, E_KIND]
        c = events[e, E_CARD]
        if kind == EV_PLAY:
            hand |= _ONE << c
            if events[e, E_SP] > open_sp:
                continue  # the hands were open: nothing hidden was left to infer
            k = 0
            for t in range(40):
                if (hand >> t) & 1:
                    S_t[O_HANDS + opp * MAX_HAND + k] = t
                    k += 1
            if k < 2:
                continue
            S_t[O_HCOUNT + opp] = k
            S_t[O_HMASK + opp] = hand
            S_t[S_SP] = events[e, E_SP]
            tn = events[e, E_TN]
            S_t[S_TN] = tn
            if tn > 0:
                S_t[O_TCARD] = events[e, E_LEAD]
                S_t[S_BEST_CARD] = events[e, E_BEST]
                S_t[S_BEST_SEAT] = events[e, E_BSEAT]
                S_t[S_TRICK_PTS] = events[e, E_TPTS]
            else:
                S_t[S_TRICK_PTS] = 0
            guess = medium_card(P, S_t, T, events[e, E_PLAYED])
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
            x = R.rng_next(x)
            r = R.rng_below(x, k)
            for t in range(40):
                if (hand >> t) & 1:
                    if r == 0:
                        hand &= ~(_ONE << t)
                        break
                    r -= 1
        else:  # an exchange, undone: give back the face-up card, take back the one given
            hand = (hand & ~(_ONE << c)) | (_ONE << events[e, E_LEAD])
    return w, x


@jit
def hand_weights(
    P: I64,
    T: I64,
    S_base: I64,
    S_t: I64,
    me: int,
    opp: int,
    hands: I64,
    events: I64,
    eps: float,
    reps: int,
    open_sp: int,
    seed: Any,
    out: F64,
) -> None:
    """The likelihood of the opponent's past plays for each of its possible hands now (as bit
    masks in ``hands``), if it plays by the medium level's rules (and, with probability ``eps``,
    any card at random).

    The ``events`` (rows of ``E_*`` columns, from :func:`history_events`) run backwards from
    the latest: undoing them from a hand now gives the opponent's hand at each past play. Which
    of its cards it drew when is drawn at random (every order is equally likely a priori);
    ``reps`` such draws are averaged. Plays made with the stock pointer past ``open_sp`` tell
    nothing and are left out (in two players the deck size: with the stock empty the hands are
    open)."""
    x = R.game_rng(seed, 1)
    for i in range(S_LEN):
        S_t[i] = S_base[i]
    S_t[S_TURN] = opp
    S_t[O_TSEAT] = me
    for m in range(hands.shape[0]):
        total = 0.0
        for _ in range(reps):
            w, x = _history_weight(P, T, S_t, hands[m], opp, events, eps, open_sp, x)
            total += w
        out[m] = total / reps


@jit
def _deal_rest(pool: I64, taken: int, rest: I64, rest_pos: I64, world: I64, x: Any) -> Any:
    """The cards of ``pool`` not ``taken`` (a mask of pool indices) into ``world`` at
    ``rest_pos``, in a random order; the generator state."""
    r = 0
    for i in range(pool.shape[0]):
        if (taken >> i) & 1 == 0:
            rest[r] = pool[i]
            r += 1
    x = R.shuffle(rest, r, x)
    for i in range(r):
        world[rest_pos[i]] = rest[i]
    return x


@jit
def fill_worlds(
    pool: I64, picks: I64, hand_pos: I64, rest_pos: I64, rest: I64, seed: Any, worlds: I64
) -> None:
    """Worlds from chosen opponent hands: row ``m`` of ``picks`` holds indices into ``pool``
    for the unknown slots of the opponent's hand (at ``hand_pos`` in a world row); the other
    unknown cards go to the other unknown slots (``rest_pos``) in a random order. ``rest`` is
    work space as long as ``pool``."""
    x = R.game_rng(seed, 3)
    k = hand_pos.shape[0]
    for m in range(worlds.shape[0]):
        taken = np.int64(0)
        for i in range(k):
            worlds[m, hand_pos[i]] = pool[picks[m, i]]
            taken |= _ONE << picks[m, i]
        x = _deal_rest(pool, taken, rest, rest_pos, worlds[m], x)


@jit
def joint_worlds(
    pool: I64,
    hpos: I64,
    hcount: I64,
    combos: I64,
    starts: I64,
    cdf: F64,
    rest_pos: I64,
    order: I64,
    rest: I64,
    seed: Any,
    worlds: I64,
) -> None:
    """Worlds from the posteriors of several opponents' hands (more than two players).

    Opponent ``o``'s unknown hand slots are at ``hpos[o, :hcount[o]]`` of a world row; its
    possible hands are rows ``starts[o]`` to ``starts[o + 1]`` of ``combos`` (indices into
    ``pool``), with the cumulative weights ``cdf`` (each opponent's ending at 1). For each world
    the opponents are taken in a random order, each drawing a hand by weight among those clear
    of the cards already dealt (a few tries; then free cards at random), and the other unknown
    cards go to ``rest_pos`` in a random order. ``order`` (as long as ``hcount``) and ``rest``
    (as ``pool``) are work space."""
    x = R.game_rng(seed, 5)
    n = pool.shape[0]
    k = hpos.shape[0]
    for o in range(k):
        order[o] = o
    for m in range(worlds.shape[0]):
        x = R.shuffle(order, k, x)
        taken = np.int64(0)
        for j in range(k):
            o = order[j]
            h = hcount[o]
            pick = -1
            for _ in range(64):
                x = R.rng_next(x)
                u = R.rng_below(x, 1 << 30) / (1 << 30)
                a = starts[o]
                b = starts[o + 1] - 1
                while a < b:
                    mid = (a + b) // 2
                    if cdf[mid] <= u:
                        a = mid + 1
                    else:
                        b = mid
                clash = False
                for i in range(h):
                    if (taken >> combos[a, i]) & 1:
                        clash = True
                if not clash:
                    pick = a
                    break
            for i in range(h):
                if pick >= 0:
                    t = combos[pick, i]
                else:  # any free card
                    free = 0
                    for t in range(n):
                        if (taken >> t) & 1 == 0:
                            free += 1
                    x = R.rng_next(x)
                    r = R.rng_below(x, free)
                    t = 0
                    while (taken >> t) & 1 or r > 0:
                        if (taken >> t) & 1 == 0:
                            r -= 1
                        t += 1
                worlds[m, hpos[o, i]] = pool[t]
                taken |= _ONE << t
        x = _deal_rest(pool, taken, rest, rest_pos, worlds[m], x)


def history_events(obs: Observation, opp: int | None = None) -> tuple[int, I64]:
    """An opponent's past plays, draws and exchanges, latest first, for :func:`hand_weights`:
    the opponent (``opp``; in two players the other seat), and one row an event (columns
    ``E_*``). A play's row holds the trick as the opponent saw it: the cards before its own,
    the one winning and the points."""
    rules = obs.ruleset
    assert obs.briscola is not None and obs.trump is not None
    if opp is None:
        opp = 1 - obs.seat
    n = rules.players
    size = len(rules.deck())
    stock = size - n * rules.hand_size
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
    events: list[tuple[int, ...]] = []
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
                events.append(_play_row(trick[:i], card, played, size + 1 - stock, obs))
            played |= 1 << card.index
            count += 1
        if j < len(obs.tricks) and stock > 0:
            last = (obs.tricks[j].winner + (n - 1) * rules.step) % n  # the last to draw
            if stock == n and last == opp:
                events.append((EV_DRAW_KNOWN, face_up.index, -1, 0, 0))
            else:
                events.append((EV_DRAW, -1, -1, 0, 0))
            stock -= n
    events.reverse()
    rows = [row + (0,) * (E_LEN - len(row)) for row in events]
    return opp, np.array(rows, np.int64).reshape(-1, E_LEN)


def _play_row(
    before: tuple[tuple[int, Card], ...], card: Card, played: int, sp: int, obs: Observation
) -> tuple[int, ...]:
    """The event row of a play of ``card`` after the cards ``before`` in its trick."""
    if not before:
        return (EV_PLAY, card.index, -1, played, sp, 0, 0, 0, 0)
    assert obs.trump is not None
    best = trick_winner(before, obs.trump, obs.ruleset)
    top = next(c for s, c in before if s == best)
    points = sum(obs.ruleset.points_of(c) for _, c in before)
    return (EV_PLAY, card.index, before[0][1].index, played, sp, len(before), top.index, best,
            points)  # fmt: skip
