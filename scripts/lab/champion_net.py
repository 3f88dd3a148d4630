"""The neural level's network inside the two-player champion: experiments against ``champion-v1``.

Each kind of bot is measured as ``scripts/lab/champion_bounds.py variant`` measures a setting (the
arena's duplicate deals of classic, chunks of 20 deals appended to ``--out`` as lines of JSON, a
95% interval over deals):

* ``hybrid``: the network alone (its argmax, as the neural level plays) while the stock holds more
  than ``--stock`` cards, the champion after: is the network's middle game worth more than the
  search's?
* ``leaf``: the champion, whose middle-game rollouts stop once the searching seat is next to act
  (the network playing the other seat until then) and take the network's value of that position
  (its value head), weighed ``--leaf`` against the rollout's.

The network's first plies in the rollouts are a setting of the champion (``net_plies``,
``net_lead_only``: :mod:`briscola.bots.search_net`), measured with ``champion_bounds.py variant
--set net_plies=1``. (The runs of 5 December evening used this script's first version, commit
c2b2fba, whose bot drew the worlds before the opponent's first play in another order.)

    .venv/bin/python scripts/lab/champion_net.py hybrid --stock 6 --deals 200 --out h.jsonl
    .venv/bin/python scripts/lab/champion_net.py leaf --leaf 1.0 --deals 200 --out l.jsonl
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core a process: see env.symmetry

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.bots import base
from briscola.bots import search as search_module
from briscola.bots import search_net as SN
from briscola.bots.neural import NeuralBot
from briscola.bots.search import SearchBot
from briscola.bots.search_config import CHAMPION
from briscola.core.actions import Action
from briscola.core.observation import Observation
from briscola.env.symmetry import obs_gather, trump_groups
from briscola.fast.core.layout import S_TURN
from briscola.tools.bench.levels.strength import Pair, measure_strength

sys.path.insert(0, str(Path(__file__).parent))
from champion_bounds import CHUNK, summary


class LeafRollouts(SN.NetRollouts):
    """:class:`~briscola.bots.search_net.NetRollouts` whose worlds are valued by the network
    once the searching seat is next to act, weighed ``leaf`` against the rollout's value."""

    leaf = 1.0

    def __call__(self, worlds: Any, first: int, active: Any, vals: npt.NDArray[Any]) -> None:
        rows = self.start(worlds, first, active, len(vals))
        for _ in range(2):  # the other seat, until the searching seat is to act
            if not self.play(rows, others_only=True):
                break
        self.encode(rows)
        mine = np.flatnonzero(rows.todo.astype(bool) & (rows.SS[:, S_TURN] == self.me))
        self.finish(rows, active, vals)
        values = vals.reshape(-1)  # a view: written through
        values[mine] = self.leaf * self._values(rows.X[mine]) + (1 - self.leaf) * values[mine]

    def _values(self, X: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        out = np.empty(len(X), np.float32)
        for perm, rows in trump_groups(X):
            out[rows] = self.net.mlp(X[rows][:, obs_gather(perm)])[1]
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
    parser.add_argument("kind", choices=("hybrid", "leaf"))
    parser.add_argument("--stock", type=int, default=6, help="hybrid: the champion from here")
    parser.add_argument("--leaf", type=float, default=1.0, help="leaf: the value's weight")
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
        LeafRollouts.leaf = args.leaf
        search_module.NetRollouts = LeafRollouts  # type: ignore[attr-defined]  # the search builds it
        leafy = replace(CHAMPION, net_plies=1)  # 1: the search then asks for the network
        factory = lambda seed: SearchBot(seed, leafy, name)  # noqa: E731
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
