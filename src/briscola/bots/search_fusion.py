"""Extended PIMC for the two-player middle game: the next ply chosen over its information set.

The champion's search (:func:`briscola.bots.search._sample`) plays each candidate in each sampled
world and finishes the deal there with the medium rules. With ``fusion`` set
(:class:`~briscola.bots.search_config.SearchConfig`), while the stock holds more than
``solved_stock`` cards, the ply after the candidate is searched too, as extended PIMC does
(Arjonilla, Saffidine and Cazenave 2024, "Perfect Information Monte Carlo with Postponing
Reasoning"):

* ``fusion & 1``: after a lead, the opponent's reply is the card that is worst for the searching
  seat *on average over the worlds the opponent cannot tell apart* (the same hand of its own,
  the stock in other orders: each sampled hand is played with ``fusion_orders`` orders of the
  stock, :func:`briscola.fast.search.epimc.expand_worlds`), not the medium rules' card, and not
  a card chosen world by world, which would let it see the stock;
* ``fusion & 2``: after a reply that wins the trick, the searching seat's own next lead is the
  card best on average over the worlds where it holds the same hand (the card it draws), not
  one chosen world by world.

The values of every card after every candidate come from
:func:`briscola.fast.search.epimc.reply_values`; :func:`info_set_values` makes the choices and
gives each world the value of the card chosen for its information set, so the budget and the
dropping of clearly worse candidates work as in plain PIMC. Each card tried counts as a rollout
of the budget.

>>> import numpy as np
>>> keys = np.array([[7], [7]])            # two worlds, the opponent's hand the same in both
>>> kinds = np.full((2, 1), 1)             # the opponent chooses
>>> codes = np.array([[[3, 5, -1]], [[5, 3, -1]]])
>>> vals = np.array([[[0.0, 1.0, 0.0]], [[0.0, 1.0, 0.0]]])
>>> values = info_set_values(keys, kinds, codes, vals, np.ones(2))  # one card for both worlds
>>> float(values[:, 0].mean()), float(vals[:, 0, :2].min(axis=1).mean())  # not world by world
(0.5, 0.0)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from briscola.bots.search_auction import drop_worse
from briscola.bots.search_config import SearchConfig
from briscola.bots.search_net import uniform_worlds
from briscola.bots.search_worlds import _opponent_slots
from briscola.core.observation import Observation

__all__ = ["fusion_search", "info_set_values", "uses_fusion"]

_CARDS = 40


def uses_fusion(cfg: SearchConfig, obs: Observation) -> bool:
    """Does a search of these settings choose the next ply over its information set on this
    move (``fusion``: two players, more than ``solved_stock`` cards in the stock)?"""
    return cfg.fusion > 0 and obs.ruleset.players == 2 and obs.stock_count > cfg.solved_stock


def info_set_values(
    keys: np.ndarray, kinds: np.ndarray, codes: np.ndarray, vals: np.ndarray, w: np.ndarray
) -> np.ndarray:
    """Each world's value of each candidate (rows: worlds) once the player after the candidate
    has chosen its card at its information set: among the worlds with the same ``keys[:, j]``
    (that player's hand), the card ``codes[:, j, k]`` of the lowest weighted mean of
    ``vals[:, j, k]`` where the opponent chooses (``kinds`` 1), of the highest where the
    searching seat does (2); where ``kinds`` is 0 the value is ``vals[:, j, 0]``."""
    from briscola.fast.search.epimc import KIND_THEIRS

    n_cand = vals.shape[1]
    out = vals[:, :, 0].copy()
    for j in range(n_cand):
        rows = np.flatnonzero(kinds[:, j] > 0)
        if not len(rows):
            continue
        _, group = np.unique(keys[rows, j], return_inverse=True)
        group = group.reshape(-1)
        n_groups = int(group.max()) + 1
        c = codes[rows, j, :]
        ok = c >= 0
        cell = (group[:, None] * _CARDS + np.where(ok, c, 0))[ok]
        wr = np.broadcast_to(w[rows, None], c.shape)[ok]
        sums = np.bincount(cell, wr * vals[rows, j, :][ok], n_groups * _CARDS)
        tots = np.bincount(cell, wr, n_groups * _CARDS)
        flat = np.full(n_groups * _CARDS, np.nan)
        np.divide(sums, tots, out=flat, where=tots > 0)
        means = flat.reshape(n_groups, _CARDS)
        theirs = kinds[rows, j] == KIND_THEIRS
        # a group's worlds all have the same chooser (it follows from the candidate)
        worst = np.where(np.isnan(means), np.inf, means).argmin(axis=1)
        best = np.where(np.isnan(means), -np.inf, means).argmax(axis=1)
        chosen = np.where(theirs, worst[group], best[group])
        hit = c == chosen[:, None]
        out[rows, j] = (vals[rows, j, :] * hit).sum(axis=1)
    return out


def fusion_search(
    FS: Any,
    enc: Any,
    obs: Observation,
    cfg: SearchConfig,
    budget: int,
    seed: int,
    work: Any,
    given: tuple[np.ndarray, np.ndarray] | None,
) -> list[float]:
    """The average value of each of ``obs.legal`` (minus infinity for a candidate dropped as
    clearly worse) by extended PIMC: hands drawn from the ``given`` worlds (their opponent's
    hands; uniform worlds when None), each played with ``cfg.fusion_orders`` orders of the
    stock, in batches of about ``cfg.batch`` worlds until ``budget`` rollouts are spent or one
    candidate is left."""
    from briscola.fast.search import epimc as FE

    if given is None:
        n = max(budget // 2, 64)
        given = (uniform_worlds(enc, seed, n), np.ones(n))
    base, base_w = given
    n_cand = len(enc.actions)
    n_unk = len(enc.pool)
    orders = max(1, cfg.fusion_orders)
    _, rest_pos, _ = _opponent_slots(enc, 1 - obs.seat)
    per_batch = max(1, cfg.batch // orders)
    active = np.ones(n_cand, np.int64)
    tmp = np.zeros(max(1, n_unk), np.int64)
    parts: list[tuple[np.ndarray, ...]] = []
    spent = 0
    used = 0
    values = np.zeros((0, n_cand))
    weights = np.zeros(0)
    while spent < budget and int(active.sum()) > 1 and used < len(base):
        nb = min(per_batch, len(base) - used)
        worlds = np.zeros((nb * orders, n_unk), np.int64)
        FE.expand_worlds(
            base[used : used + nb], rest_pos, orders, np.uint64((seed + used) % 2**64), tmp,
            worlds,
        )  # fmt: skip
        m = len(worlds)
        keys = np.zeros((m, n_cand), np.int64)
        kinds = np.zeros((m, n_cand), np.int64)
        codes = np.zeros((m, n_cand, 3), np.int64)
        vals = np.zeros((m, n_cand, 3), np.float64)
        spent += FE.reply_values(
            enc.P, enc.T, enc.S, work, enc.slots, worlds, 0, n_unk, obs.seat, enc.cands,
            active, cfg.fusion, cfg.policy, cfg.solve_stock, cfg.lam, keys, kinds, codes, vals,
        )  # fmt: skip
        parts.append((keys, kinds, codes, vals, np.repeat(base_w[used : used + nb], orders)))
        used += nb
        keys, kinds, codes, vals, weights = (np.concatenate(p) for p in zip(*parts, strict=True))
        values = info_set_values(keys, kinds, codes, vals, weights)
        if len(values) >= cfg.min_worlds:
            drop_worse(values, weights, active, cfg.z)
    if not len(values):
        return [0.0] * n_cand
    means = weights @ values / weights.sum()
    return [float(means[j]) if active[j] else -math.inf for j in range(n_cand)]


def warm_up() -> None:
    """Load (or compile) the extended search's kernels now, as
    :meth:`briscola.bots.search.SearchBot.warm_up` does the plain search's (which leaves these
    out: no level searches with ``fusion``)."""
    from dataclasses import replace

    from briscola.bots.search import SearchBot
    from briscola.bots.search_config import CHAMPION
    from briscola.core.game import new_game
    from briscola.core.observation import observe
    from briscola.core.rules import preset

    state = new_game(preset("classic"), seed=0)
    assert state.turn is not None
    SearchBot(0, replace(CHAMPION, rollouts=200, fusion=3)).evaluate(observe(state, state.turn), 0)
