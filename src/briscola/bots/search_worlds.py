"""The worlds of the search levels: sampled, enumerated, or weighed by the opponents' plays.

:mod:`briscola.bots.search` searches over *worlds*, full deals consistent with a seat's
observation. Here are the ways they are drawn beyond the plain random deal of
:func:`briscola.fast.search.pimc.resample`: every world of a short two-player endgame
(:func:`_enumerate_worlds`), worlds drawn from the posterior of the opponent's hand given its past
plays (:func:`_posterior_worlds`, :func:`_world_weights`; with more players every opponent's at
once, :func:`joint_posterior_worlds`), and worlds within what partners said of their hands with
signals (:func:`limited_worlds`).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from briscola.bots.search_config import SearchConfig
from briscola.bots.signs import HandLimit, high_trumps
from briscola.core.observation import Observation

__all__ = ["joint_posterior_worlds", "limited_worlds"]


def limited_worlds(
    enc: Any, obs: Observation, limits: tuple[HandLimit, ...], seed: int, n: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """Up to ``n`` random worlds (rows filling ``enc.slots``) within the partners' ``limits``,
    with their weights; None when no deal within them is found."""
    from briscola.fast.search import limits as FL

    assert obs.trump is not None
    rules = obs.ruleset
    trumps = [c.index for c in rules.deck() if c.suit is obs.trump]
    high = [c.index for c in high_trumps(obs.trump, rules)]
    caps = {h.seat: h.max_trumps for h in limits if h.max_trumps is not None}
    lim = FL.limit_array(rules.players, trumps, high, caps, [h.seat for h in limits if h.high])
    worlds = np.zeros((n, len(enc.pool)), np.int64)
    filled = FL.limited_worlds(
        enc.P, enc.S, enc.S.copy(), enc.slots, enc.pool.copy(), lim, np.uint64(seed), worlds
    )
    return (worlds[:filled], np.ones(filled)) if filled else None


def _events(FS: Any, enc: Any, obs: Observation) -> Any:
    """The opponent's history for inference, or None when there is nothing to infer (its hand
    is open, or it has not played while cards were hidden)."""
    from briscola.fast.core.layout import MAX_HAND, O_HANDS

    opp = 1 - obs.seat
    lo = O_HANDS + opp * MAX_HAND
    if not any(lo <= int(s) < lo + MAX_HAND for s in enc.slots):
        return None
    events = FS.history_events(obs)
    rows = events[1]
    size = len(obs.ruleset.deck())
    if not any(r[FS.E_KIND] == FS.EV_PLAY and r[FS.E_SP] <= size for r in rows):
        return None
    return events


def _opponent_slots(enc: Any, opp: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Positions (in the unknown slots) of the opponent's hand and of the rest, and the mask of
    the cards known to be in the opponent's hand."""
    from briscola.fast.core.layout import MAX_HAND, O_HANDS, O_HCOUNT

    lo = O_HANDS + opp * MAX_HAND
    slots = [int(s) for s in enc.slots]
    hand_pos = [i for i, s in enumerate(slots) if lo <= s < lo + MAX_HAND]
    rest_pos = [i for i, s in enumerate(slots) if not lo <= s < lo + MAX_HAND]
    unknown = set(slots)
    fixed = 0
    for i in range(int(enc.S[O_HCOUNT + opp])):
        if lo + i not in unknown:
            fixed |= 1 << int(enc.S[lo + i])
    return np.array(hand_pos, np.int64), np.array(rest_pos, np.int64), fixed


def _hand_likelihoods(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, events: Any, seed: int,
    masks: np.ndarray, reps: int,
) -> np.ndarray:  # fmt: skip
    opp, rows = events
    out = np.zeros(len(masks))
    # in two players the hands are open once the stock is empty; with more they stay hidden
    size = len(obs.ruleset.deck())
    open_sp = size if obs.ruleset.players == 2 else size + 1
    FS.hand_weights(
        enc.P, enc.T, enc.S, np.zeros_like(enc.S), obs.seat, opp, masks, rows, cfg.eps, reps,
        open_sp, np.uint64(seed), out,
    )  # fmt: skip
    if out.sum() <= 0:
        out[:] = 1.0
    return out


def _possible_hands(pool: np.ndarray, k: int, fixed: int) -> tuple[np.ndarray, np.ndarray]:
    """Every way to fill ``k`` hidden places of a hand from ``pool`` (rows of pool indices), and
    each as a card mask with the hand's known cards ``fixed``."""
    combos = np.array(list(itertools.combinations(range(len(pool)), k)), np.int64)
    masks = np.full(len(combos), fixed, np.int64)
    for i in range(k):
        masks |= np.left_shift(1, pool[combos[:, i]])
    return combos.reshape(len(combos), k), masks


def _posterior_worlds(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, events: Any, seed: int, n: int
) -> np.ndarray:
    """``n`` worlds drawn from the posterior: every possible opponent hand is weighed by its
    past plays (:func:`briscola.fast.search.pimc.hand_weights`), hands are drawn by weight and the
    other unknown cards shuffled into the stock."""
    opp = events[0]
    hand_pos, rest_pos, fixed = _opponent_slots(enc, opp)
    pool = enc.pool
    combos, masks = _possible_hands(pool, len(hand_pos), fixed)
    weights = _hand_likelihoods(FS, enc, obs, cfg, events, seed, masks, cfg.reps_sampled)
    rng = np.random.default_rng(seed)
    # systematic resampling, then a random order (batches must not follow the hands' order)
    cdf = np.cumsum(weights / weights.sum())
    picks = np.searchsorted(cdf, (rng.random() + np.arange(n)) / n)
    picks = np.minimum(picks, len(combos) - 1)
    rng.shuffle(picks)
    worlds = np.zeros((n, len(pool)), np.int64)
    FS.fill_worlds(
        pool, combos[picks], hand_pos, rest_pos, np.zeros(len(pool), np.int64),
        np.uint64(seed), worlds,
    )  # fmt: skip
    return worlds


MAX_HANDS = 20000
"""The most possible hands of one opponent weighed by its past plays (more than two players);
an opponent with more is dealt at random."""


def joint_posterior_worlds(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, seed: int, n: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """More than two players: ``n`` worlds drawn from every other seat's posterior at once
    (:func:`briscola.fast.search.pimc.joint_worlds`), each seat's possible hands weighed by its
    past plays (:func:`briscola.fast.search.pimc.hand_weights`), with their weights; None when
    no seat's plays tell anything."""
    pool = enc.pool
    inferred = []
    for opp in range(obs.ruleset.players):
        if opp == obs.seat:
            continue
        hand_pos, _, fixed = _opponent_slots(enc, opp)
        if not len(hand_pos) or math.comb(len(pool), len(hand_pos)) > MAX_HANDS:
            continue
        events = FS.history_events(obs, opp)
        if not any(r[FS.E_KIND] == FS.EV_PLAY for r in events[1]):
            continue
        combos, masks = _possible_hands(pool, len(hand_pos), fixed)
        weights = _hand_likelihoods(FS, enc, obs, cfg, events, seed, masks, cfg.reps_sampled)
        inferred.append((hand_pos, combos, np.cumsum(weights / weights.sum())))
    if not inferred:
        return None
    k = len(inferred)
    hpos = np.zeros((k, 3), np.int64)
    hcount = np.zeros(k, np.int64)
    starts = np.zeros(k + 1, np.int64)
    for o, (hand_pos, combos, _) in enumerate(inferred):
        hpos[o, : len(hand_pos)] = hand_pos
        hcount[o] = len(hand_pos)
        starts[o + 1] = starts[o] + len(combos)
    combos = np.zeros((starts[-1], 3), np.int64)
    for o, (_, c, _) in enumerate(inferred):
        combos[starts[o] : starts[o + 1], : c.shape[1]] = c
    cdf = np.concatenate([c for _, _, c in inferred])
    for o in range(k):
        cdf[starts[o + 1] - 1] = 1.0  # no rounding gap at an opponent's end
    dealt = {int(p) for hand_pos, _, _ in inferred for p in hand_pos}
    rest_pos = np.array([i for i in range(len(pool)) if i not in dealt], np.int64)
    worlds = np.zeros((n, len(pool)), np.int64)
    FS.joint_worlds(
        pool, hpos, hcount, combos, starts, cdf, rest_pos, np.zeros(k, np.int64),
        np.zeros(len(pool), np.int64), np.uint64(seed), worlds,
    )  # fmt: skip
    return worlds, np.ones(n)


def _world_weights(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, events: Any, seed: int,
    worlds: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """The posterior weight of each given world: the likelihood of its opponent hand."""
    hand_pos, _, fixed = _opponent_slots(enc, events[0])
    masks = np.full(len(worlds), fixed, np.int64)
    for i in hand_pos:
        masks |= np.left_shift(1, worlds[:, i])
    return _hand_likelihoods(FS, enc, obs, cfg, events, seed, masks, cfg.reps)


def _enumerate_worlds(enc: object, limit: int) -> np.ndarray | None:
    """Every way to fill the unknown slots (the opponent's hand as a set, the stock in order),
    as rows of cards; None when there are more than ``limit``."""
    from briscola.fast.core.layout import O_DECK

    slots = [int(s) for s in enc.slots]  # type: ignore[attr-defined]
    pool = [int(c) for c in enc.pool]  # type: ignore[attr-defined]
    hand_slots = [i for i, s in enumerate(slots) if s < O_DECK or s >= O_DECK + 41]
    stock_slots = [i for i, s in enumerate(slots) if O_DECK <= s < O_DECK + 41]
    h, m = len(hand_slots), len(pool)
    count = math.comb(m, h) * math.factorial(m - h)
    if count > limit:
        return None
    rows = []
    for hand in itertools.combinations(range(m), h):
        rest = [i for i in range(m) if i not in hand]
        for order in itertools.permutations(rest):
            row = [0] * m
            for slot, i in zip(hand_slots, hand, strict=True):
                row[slot] = pool[i]
            for slot, i in zip(stock_slots, order, strict=True):
                row[slot] = pool[i]
            rows.append(row)
    return np.array(rows, np.int64).reshape(len(rows), m)
