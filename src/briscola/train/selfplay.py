"""Expert iteration's data: the network plays every seat, the champion's search labels each move.

:func:`label_games` plays games in the reference engine: the network (in NumPy) plays every
seat, drawing its move from the softmax of its scores over the legal actions (and with
probability ``explore`` a uniformly random legal move). At every decision with more than one legal
action the champion's search at a reduced budget (:meth:`briscola.bots.search.SearchBot.evaluate`)
values each legal action; the policy target is ``softmax(values / tau)`` over them (an action the
search dropped as clearly worse gets 0), the value target the best action's value. Each game's
chances come from its own seed, so the data do not depend on how games are split over workers.
"""

from __future__ import annotations

import math
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.bots.neural import PolicyValueNet
from briscola.bots.search import CHAMPION, SearchBot, SearchConfig
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import Ruleset
from briscola.env.encoding import N_ACTIONS, OBS_SIZE, action_to_index, encode
from briscola.tools.arena.play import derive_seed

__all__ = ["Batch", "LabelSettings", "label_config", "label_games"]

Batch = dict[str, npt.NDArray[Any]]
"""Positions: ``obs`` (float32 ``(n, 798)``), ``masks`` (bool ``(n, 120)``), ``target`` (float32
``(n, 120)``, a distribution over the legal actions) and ``value`` (float32 ``(n,)``)."""


@dataclass(frozen=True)
class LabelSettings:
    """How the games are played and labelled: the search's ``budget`` (rollouts a move), the
    softmax temperature ``tau`` of the policy target, the exploration ``explore``, and ``infer``:
    the search weighs the opponent's possible hands by its past plays, as the champion does."""

    budget: int = 600
    tau: float = 0.015
    explore: float = 0.1
    infer: bool = False


def label_config(budget: int, infer: bool = False) -> SearchConfig:
    """The labelling search: the champion's, at ``budget`` rollouts a move (and a matching number
    of exactly solved worlds with a short stock), with the inference on past plays only if
    ``infer`` (two players). With more players the same ``budget`` is the search's, and the worlds
    solved from the root in the last tricks keep the champion's share of it (200 at 16,000). The
    rollouts are the medium rules' alone (``net_plies`` 0): the teacher does not lean on a
    network, whichever is shipped, so a run is reproduced from its seed."""
    return replace(
        CHAMPION,
        net_plies=0,
        rollouts=budget,
        infer=infer,
        solved_worlds=max(budget // 12, 16),
        rollouts_multi=budget,
        solved_worlds_multi=max(budget // 80, 16),
    )


def _target(values: list[float], tau: float) -> tuple[npt.NDArray[np.float64], float]:
    v = np.array(values, dtype=np.float64)
    best = float(v.max())
    w = np.where(np.isfinite(v), np.exp((np.where(np.isfinite(v), v, best) - best) / tau), 0.0)
    return w / w.sum(), best


def _move(
    net: PolicyValueNet,
    vec: npt.NDArray[np.float32],
    idx: list[int],
    r: random.Random,
    explore: float,
) -> int:
    """The position (in ``idx``) of the move the network draws."""
    if r.random() < explore:
        return r.randrange(len(idx))
    scores, _ = net.forward(vec)
    s = np.array([scores[i] for i in idx], dtype=np.float64)
    p = np.exp(s - s.max())
    cum = np.cumsum(p / p.sum())
    return min(int(np.searchsorted(cum, r.random())), len(idx) - 1)


def play_and_label(
    net: PolicyValueNet, rules: Ruleset, game_seed: int, settings: LabelSettings
) -> list[tuple[Any, ...]]:
    """One game of the network against itself; the labelled positions of every seat."""
    r = random.Random(game_seed)
    search = SearchBot(None, label_config(settings.budget, settings.infer))
    state = new_game(rules, seed=game_seed)
    rows: list[tuple[Any, ...]] = []
    while not state.is_over:
        assert state.turn is not None
        obs = observe(state, state.turn)
        legal = obs.legal
        if len(legal) == 1:
            state = state.apply(legal[0])
            continue
        vec = encode(obs)
        idx = [action_to_index(a) for a in legal]
        probs, best = _target(search.evaluate(obs, r.getrandbits(63)), settings.tau)
        rows.append((vec, idx, probs, best))
        state = state.apply(legal[_move(net, vec, idx, r, settings.explore)])
    return rows


def _chunk(args: tuple[PolicyValueNet, Ruleset, list[int], LabelSettings]) -> list[Any]:
    net, rules, seeds, settings = args
    return [play_and_label(net, rules, s, settings) for s in seeds]


def label_games(
    net: PolicyValueNet,
    rules: Ruleset,
    seed: int,
    games: int,
    settings: LabelSettings,
    workers: int = 1,
    progress: Any = None,
) -> Batch:
    """Play and label ``games`` games (game ``g`` from ``derive_seed(seed, "selfplay", g)``), in
    ``workers`` processes; ``progress(games_done)`` after each batch of games."""
    seeds = [derive_seed(seed, "selfplay", g) for g in range(games)]
    step = max(1, min(8, math.ceil(games / max(workers, 1))))
    chunks = [(net, rules, seeds[i : i + step], settings) for i in range(0, games, step)]
    results: list[list[Any]] = []
    if workers <= 1:
        for c in chunks:
            results.append(_chunk(c))
            if progress is not None:
                progress(len(c[2]))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for c, res in zip(chunks, pool.map(_chunk, chunks), strict=True):
                results.append(res)
                if progress is not None:
                    progress(len(c[2]))
    rows = [row for chunk in results for game in chunk for row in game]
    return _to_batch(rows)


def _to_batch(rows: list[tuple[Any, ...]]) -> Batch:
    n = len(rows)
    out: Batch = {
        "obs": np.zeros((n, OBS_SIZE), np.float32),
        "masks": np.zeros((n, N_ACTIONS), np.bool_),
        "target": np.zeros((n, N_ACTIONS), np.float32),
        "value": np.zeros(n, np.float32),
    }
    for i, (vec, idx, probs, best) in enumerate(rows):
        out["obs"][i] = vec
        out["masks"][i, idx] = True
        out["target"][i, idx] = probs
        out["value"][i] = best
    return out
