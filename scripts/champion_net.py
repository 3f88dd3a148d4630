"""The neural level's network inside the two-player champion: experiments against ``champion-v1``.

Two kinds of bot, each measured as ``scripts/champion_bounds.py variant`` measures a setting
(the arena's duplicate deals of classic, chunks of 20 deals appended to ``--out`` as lines of
JSON, a 95% interval over deals):

* ``hybrid``: the network alone (its argmax, as the neural level plays) while the stock holds more
  than ``--stock`` cards, the champion after: is the network's middle game worth more than the
  search's?
* ``plies``: the champion, whose rollouts let the network play the first ``--plies`` actions
  after the candidate (for whichever seat is to act, from that seat's own observation in the
  world: the opponent's reply to a lead is the network's, not the medium rules'), then the
  medium rules as before; ``--lead-only`` does it only when the searching seat leads the trick.
  Only in the middle game (more than ``solved_stock`` cards in the stock); the exact endgames
  are the champion's.

    .venv/bin/python scripts/champion_net.py hybrid --stock 6 --deals 100 --out h.jsonl
    .venv/bin/python scripts/champion_net.py plies --plies 1 --lead-only --deals 100 --out r.jsonl
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core a process: see env.symmetry

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from briscola.bots import base
from briscola.bots.neural import NeuralBot, PolicyValueNet, default_net
from briscola.bots.search import SearchBot
from briscola.bots.search_auction import drop_worse
from briscola.bots.search_config import CHAMPION, SearchConfig
from briscola.bots.search_worlds import _events, _posterior_worlds
from briscola.core.actions import Action
from briscola.core.game import new_game
from briscola.core.observation import Observation, observe
from briscola.env import vector as vec
from briscola.env.encoding import encode, points_scale
from briscola.env.symmetry import action_gather, obs_gather, trump_groups
from briscola.fast import env_kernels as vk
from briscola.fast.core import layout as L
from briscola.fast.jitcache import jit
from briscola.fast.search import pimc as FS
from briscola.tools.bench.levels.strength import Pair, measure_strength

sys.path.insert(0, str(Path(__file__).parent))
from champion_bounds import CHUNK, summary

# -- kernels ----------------------------------------------------------------------------------


@jit
def start_rows(P, S_base, slots, worlds, first, nw, n_unk, cands, active, ex0, V, SS, EX, buf, log):  # type: ignore[no-untyped-def]
    """Row ``w * n_cand + j``: world ``worlds[first + w]`` with candidate ``j`` played (rows of
    inactive candidates are left in the over phase)."""
    nc = cands.shape[0]
    for w in range(nw):
        for j in range(nc):
            m = w * nc + j
            if active[j] == 0:
                SS[m, L.S_PHASE] = L.PH_OVER
                continue
            FS.load_world(P, S_base, SS[m], slots, worlds[first + w], n_unk, False)
            for i in range(EX.shape[1]):
                EX[m, i] = ex0[i]
            vk.apply_tracked(P, SS[m], EX[m], log, buf, V, cands[j])


@jit
def encode_rows(P, SS, EX, V, static, stop_stock, out, masks, buf, c2i, todo):  # type: ignore[no-untyped-def]
    """The observation and legal mask of the seat to act in each row still in the play phase
    with more than ``stop_stock`` stock cards; ``todo[m]`` says which rows were encoded."""
    for m in range(SS.shape[0]):
        todo[m] = 0
        if SS[m, L.S_PHASE] != L.PH_PLAY or FS.stock_left(P, SS[m]) <= stop_stock:
            continue
        EX[m, vk.X_SEAT] = SS[m, L.S_TURN]
        vk.encode_one(P, SS[m], EX[m], V, static, out[m])
        vk.mask_one(P, SS[m], buf, c2i, masks[m])
        todo[m] = 1


@jit
def apply_rows(P, SS, EX, codes, V, buf, log):  # type: ignore[no-untyped-def]
    for m in range(SS.shape[0]):
        if codes[m] >= 0:
            vk.apply_tracked(P, SS[m], EX[m], log, buf, V, codes[m])


@jit
def finish_rows(P, T, SS, work, nw, nc, active, policy, solve_stock, lam, me, vals):  # type: ignore[no-untyped-def]
    """Each row finished by the rollout policy (the solver once the stock is short), its value
    into ``vals[w, j]``."""
    _, S_r, buf, row, ws, _ = work
    x = np.uint64(1)
    for w in range(nw):
        for j in range(nc):
            if active[j] == 0:
                continue
            m = w * nc + j
            for i in range(L.S_LEN):
                S_r[i] = SS[m, i]
            _, future = FS.rollout(P, S_r, T, buf, ws, ws, x, policy, solve_stock, -1, me)
            vals[w, j] = FS.world_value(P, S_r, row, me, future, lam, False)


# -- the network in the rollouts ---------------------------------------------------------------


def policy_scores(net: PolicyValueNet, X: np.ndarray, views: int) -> np.ndarray:
    """The network's scores of observations ``X``: in canonical form, one view (``views`` 1) or
    averaged over the six renamings of the plain suits (6)."""
    if views == 6 or not net.symmetric:
        return net.forward(X)[0]
    out = np.empty((len(X), 120), np.float32)
    for perm, rows in trump_groups(X):
        s, _ = net.mlp(X[rows][:, obs_gather(perm)])
        out[rows] = s[:, action_gather(perm)]
    return out


@dataclass(frozen=True)
class Plies:
    """How the network plays in the rollouts: ``plies`` actions after the candidate,
    ``lead_only``: only when the searching seat leads, ``views`` as :func:`policy_scores`;
    ``leaf`` > 0: then the network plays for the other seat until the searching seat is to act,
    and the value of a world is ``leaf`` times the network's value of that position plus
    ``1 - leaf`` times the rollout's."""

    plies: int = 1
    lead_only: bool = False
    views: int = 1
    leaf: float = 0.0


class Tables:
    """What the kernels need of the ruleset, made once."""

    def __init__(self, obs: Observation) -> None:
        rules = obs.ruleset
        self.V = np.zeros(vk.V_LEN, np.int64)
        self.V[vk.V_OPEN] = int(rules.open_hands)
        self.V[vk.V_PSH] = int(rules.partners_see_hands)
        self.V[vk.V_TV] = {"never": 0, "end_phase": 1, "always": 2}[rules.tricks_visible.value]
        self.V[vk.V_SCALE] = points_scale(rules)
        self.V[vk.V_TOTAL_DECK] = len(rules.deck())
        self.static = encode(observe(new_game(rules, seed=0), 0))
        self.c2i, self.i2c = vec.code_tables()


def root_extras(obs: Observation) -> np.ndarray:
    """The tracked extras (:mod:`briscola.fast.env_kernels`) of the position: the cards of
    completed tricks, and those each seat took."""
    ex = np.zeros(vk.X_LEN, np.int64)
    for trick in obs.tricks:
        for _, card in trick.plays:
            bit = 1 << card.index
            ex[vk.X_PLAYED] |= bit
            ex[vk.X_WONBY + trick.winner] |= bit
    return ex


class NetPliesBot(SearchBot):
    """The champion with the network playing the first plies of its middle-game rollouts."""

    def __init__(self, seed: int | None, config: SearchConfig, how: Plies) -> None:
        super().__init__(seed, config, "plies")
        self.how = how
        self._tables: Tables | None = None

    def evaluate(self, obs: Observation, seed: int, limits: Any = ()) -> list[float]:
        cfg = self.config.for_table(obs.ruleset)
        if (
            obs.ruleset.players != 2
            or obs.stock_count <= cfg.solved_stock
            or (self.how.lead_only and len(obs.trick) > 0)
        ):
            return super().evaluate(obs, seed, limits)
        if self._tables is None:
            self._tables = Tables(obs)
        return self._search(obs, cfg, seed)

    def _search(self, obs: Observation, cfg: SearchConfig, seed: int) -> list[float]:
        tab = self._tables
        assert tab is not None
        net = default_net("classic")
        enc = FS.encode_observation(obs)
        work = FS.work_arrays()
        nc = len(enc.actions)
        n_unk = len(enc.pool)
        events = _events(FS, enc, obs) if cfg.infer else None
        n_worlds = max(cfg.rollouts // 2, 64)
        if events is not None:
            worlds = _posterior_worlds(FS, enc, obs, cfg, events, seed, n_worlds)
        else:
            rng = np.random.default_rng(seed)
            worlds = np.stack([rng.permutation(enc.pool) for _ in range(n_worlds)])
        ex0 = root_extras(obs)
        buf = np.zeros(L.MAX_ACTIONS, np.int64)
        log = np.zeros(vk.LOG_LEN, np.int64)
        active = np.ones(nc, np.int64)
        chunks: list[np.ndarray] = []
        spent = used = 0
        while spent < cfg.rollouts and int(active.sum()) > 1:
            k = int(active.sum())
            nw = min(max(1, min(cfg.batch, (cfg.rollouts - spent) // k)), len(worlds) - used)
            if nw <= 0:
                break
            M = nw * nc
            SS = np.zeros((M, L.S_LEN), np.int64)
            EX = np.zeros((M, vk.X_LEN), np.int64)
            start_rows(
                enc.P, enc.S, enc.slots, worlds, used, nw, n_unk, enc.cands, active, ex0, tab.V,
                SS, EX, buf, log,
            )  # fmt: skip
            X = np.zeros((M, vk.OBS_SIZE), np.float32)
            masks = np.zeros((M, 120), np.bool_)
            todo = np.zeros(M, np.int64)
            for _ in range(self.how.plies):
                encode_rows(
                    enc.P, SS, EX, tab.V, tab.static, cfg.solve_stock, X, masks, buf, tab.c2i,
                    todo,
                )  # fmt: skip
                rows = np.flatnonzero(todo)
                codes = np.full(M, -1, np.int64)
                if len(rows):
                    scores = policy_scores(net, X[rows], self.how.views)
                    scores = np.where(masks[rows], scores, -np.inf)
                    codes[rows] = tab.i2c[np.argmax(scores, axis=1)]
                apply_rows(enc.P, SS, EX, codes, tab.V, buf, log)
            leaf = self._leaf_values(net, enc, SS, EX, X, masks, todo, buf, log, cfg, obs.seat)
            vals = np.zeros((nw, nc), np.float64)
            if self.how.leaf < 1:
                finish_rows(
                enc.P, enc.T, SS, work, nw, nc, active, cfg.policy, cfg.solve_stock, cfg.lam,
                obs.seat, vals,
                )  # fmt: skip
            if leaf is not None:
                got = leaf.reshape(nw, nc)
                known = ~np.isnan(got)
                if self.how.leaf >= 1:  # no rollout: the rows the network cannot value are finished
                    finish_rows(
                        enc.P, enc.T, SS, work, nw, nc, active, cfg.policy, cfg.solve_stock,
                        cfg.lam, obs.seat, vals,
                    )  # fmt: skip
                    vals[known] = got[known]
                else:
                    vals[known] = self.how.leaf * got[known] + (1 - self.how.leaf) * vals[known]
            chunks.append(vals)
            used += nw
            spent += nw * k
            if used >= cfg.min_worlds:
                data = np.concatenate(chunks)
                drop_worse(data, np.ones(len(data)), active, cfg.z)
        if not chunks:
            return [0.0] * nc
        means = np.concatenate(chunks).mean(axis=0)
        return [float(means[j]) if active[j] else -math.inf for j in range(nc)]

    def _leaf_values(self, net, enc, SS, EX, X, masks, todo, buf, log, cfg, me):  # type: ignore[no-untyped-def]
        """With ``leaf``: the network's value of each row's position once ``me`` is to act (the
        other seat played by the network until then; NaN where the stock got short or the
        deal ended)."""
        if self.how.leaf <= 0:
            return None
        tab = self._tables
        M = len(SS)
        for _ in range(2):
            encode_rows(
                enc.P, SS, EX, tab.V, tab.static, cfg.solve_stock, X, masks, buf, tab.c2i, todo
            )
            rows = np.flatnonzero(todo.astype(bool) & (SS[:, L.S_TURN] != me))
            if not len(rows):
                break
            codes = np.full(M, -1, np.int64)
            scores = np.where(masks[rows], policy_scores(net, X[rows], self.how.views), -np.inf)
            codes[rows] = tab.i2c[np.argmax(scores, axis=1)]
            apply_rows(enc.P, SS, EX, codes, tab.V, buf, log)
        encode_rows(enc.P, SS, EX, tab.V, tab.static, cfg.solve_stock, X, masks, buf, tab.c2i, todo)
        rows = np.flatnonzero(todo.astype(bool) & (SS[:, L.S_TURN] == me))
        out = np.full(M, np.nan)
        if len(rows):
            out[rows] = net.forward(X[rows])[1] if self.how.views == 6 else _values(net, X[rows])
        return out


def _values(net: PolicyValueNet, X: np.ndarray) -> np.ndarray:
    """The network's values of ``X`` in canonical form, one view."""
    if not net.symmetric:
        return net.mlp(X)[1]
    out = np.empty(len(X), np.float32)
    for perm, rows in trump_groups(X):
        out[rows] = net.mlp(X[rows][:, obs_gather(perm)])[1]
    return out


class HybridBot:
    """The network's move while the stock holds more than ``stock`` cards, the champion's after."""

    name = "hybrid"

    def __init__(self, seed: int | None, stock: int) -> None:
        self.stock = stock
        self._net = NeuralBot(seed)
        self._search = SearchBot(seed, CHAMPION, "champion")

    def act(self, obs: Observation) -> Action:
        if obs.ruleset.players == 2 and obs.stock_count > self.stock:
            self._search._rng.getrandbits(63)  # the search's seeds as if it had played
            return self._net.act(obs)
        return self._search.act(obs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=("hybrid", "plies"))
    parser.add_argument("--stock", type=int, default=6, help="hybrid: the champion from here")
    parser.add_argument("--plies", type=int, default=1)
    parser.add_argument("--lead-only", action="store_true")
    parser.add_argument("--views", type=int, default=1, choices=(1, 6))
    parser.add_argument("--leaf", type=float, default=0.0, help="plies: the value's weight")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal (resume)")
    parser.add_argument("--seed", type=int, default=5100)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    name = "variant"
    factory: Any
    if args.kind == "hybrid":
        factory = lambda seed: HybridBot(seed, args.stock)  # noqa: E731
    else:
        how = Plies(args.plies, args.lead_only, args.views, args.leaf)
        factory = lambda seed: NetPliesBot(seed, CHAMPION, how)  # noqa: E731
    base._REGISTRY[name] = base.BotInfo(name, factory, *base._words("champion"), listed=False)
    for first in range(args.first, args.first + args.deals, CHUNK):
        (row,) = measure_strength(
            [Pair(name, "champion-v1", 0.57)], "classic", CHUNK, seed=args.seed, first_deal=first
        )
        with args.out.open("a") as f:
            f.write(json.dumps({"first": first, "row": row.to_dict()}) + "\n")
        print(summary(args.out), flush=True)


if __name__ == "__main__":
    main()
