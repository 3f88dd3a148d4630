"""Where can the two-player champion still gain? Experiments against ``champion-v1``.

Two kinds of run, each over duplicate deals of classic (every deal played twice, the seats
swapped), a win 1 and a draw 0.5, with a 95% interval over deals (its runs:
docs/lab/champion-two-players.md):

* ``oracle``: champion-v1's search *told the opponent's hand* (not the stock order) while the
  stock holds from ``--stock LO`` to ``HI`` cards, plain champion-v1 otherwise, against
  champion-v1. It bounds what knowing more of the hidden cards is worth, and where in the deal.
* ``variant``: a :class:`~briscola.bots.search_config.SearchConfig` of champion-v1 (or of the
  champion, ``--start champion``) with some settings changed (``--set policy=1 --set
  infer=False``) against champion-v1 (or ``--against LEVEL``, in ``--preset NAME``), through
  the arena's own duplicate deals
  (:func:`~briscola.tools.bench.levels.strength.measure_strength`), in chunks of 20 deals
  pooled as they come.
* ``think``: the think time of such a variant, as ``briscola bench --think`` times a level
  (CPU time of each move over ``--deals`` deals against medium; nothing written to ``--out``).

Each deal (or chunk) is appended to ``--out`` as a line of JSON, so a run can be stopped and
resumed with ``--first``; the summary of everything in the file is printed at the end.

    .venv/bin/python scripts/lab/champion_bounds.py oracle --stock 0-40 --deals 100 --out o.jsonl
    .venv/bin/python scripts/lab/champion_bounds.py oracle --stock 0-6 --deals 100 --out end.jsonl
    .venv/bin/python scripts/lab/champion_bounds.py variant --set policy=1 --deals 100 --out s.jsonl
    .venv/bin/python scripts/lab/champion_bounds.py think --set net_plies=1 --deals 10
    .venv/bin/python scripts/lab/champion_bounds.py variant --start champion --preset pairs \
        --against hard --set infer_multi=True --deals 200 --seed 2026 --out p.jsonl
"""

from __future__ import annotations

import argparse
import ast
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from briscola.bots import base
from briscola.bots.search import SearchBot
from briscola.bots.search_config import CHAMPION, CHAMPION_V1, SearchConfig
from briscola.core.game import new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from briscola.tools.arena.stats import mean_ci
from briscola.tools.bench.levels.strength import Pair, measure_strength, pool_rows

CHUNK = 20


def told(obs: Observation, hand: tuple[Any, ...]) -> Observation:
    """``obs`` with the opponent's whole hand shown to the seat (two players)."""
    return replace(obs, other_hands=((1 - obs.seat, hand),), known_cards=())


def oracle_deal(deal: int, seed: int, stock: tuple[int, int]) -> list[tuple[float, int]]:
    """One duplicate deal: the oracle in seat 0, then in seat 1; its score and point margin in
    each game."""
    rules = preset("classic")
    seeing = replace(CHAMPION_V1, infer=False)  # nothing left to infer about the hand it sees
    out = []
    for me in (0, 1):
        salt = 4 * deal + 2 * me
        oracle = SearchBot(salt, seeing, "oracle")
        fair = SearchBot(salt, CHAMPION_V1, "champion-v1")
        other = SearchBot(salt + 1, CHAMPION_V1, "champion-v1")
        state = new_game(rules, seed=seed * 1_000_003 + deal)
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            obs = observe(state, seat)
            if seat != me:
                action = other.act(obs)
            elif stock[0] <= len(state.stock) <= stock[1]:
                action = oracle.act(told(obs, state.hands[1 - seat]))
            else:
                action = fair.act(obs)
            state = state.apply(action)
        result = state.result()
        pts = result.seat_points
        out.append((0.5 if result.draw else float(result.winner == me), pts[me] - pts[1 - me]))
    return out


def summary(path: Path) -> str:
    """The score of everything in ``path`` so far, with the arena's intervals (Student's t over
    deals, :func:`~briscola.tools.arena.stats.mean_ci`)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        return f"{path}: nothing yet"
    if "row" in lines[0]:
        row = pool_rows([line["row"] for line in lines])
        score, diff = row.score, row.diff
        counts = f", {row.wins}-{row.draws}-{row.losses}"
    else:
        score = mean_ci([sum(s for s, _ in line["games"]) / 2 for line in lines])
        diff = mean_ci([sum(m for _, m in line["games"]) / 2 for line in lines])
        counts = ""
    return (
        f"{path}: {score.n} deals{counts}, "
        f"score {100 * score.mean:.1f}% ± {100 * score.half_width:.1f}, "
        f"points a game {diff.mean:+.1f} ± {diff.half_width:.1f}"
    )


def variant_config(settings: list[str], start: str = "champion-v1") -> SearchConfig:
    """champion-v1 (or the champion: ``start``) with ``name=value`` settings changed (values as
    Python literals; with more than two players they apply where ``by_table`` does not set
    them)."""
    changes = {}
    for item in settings:
        name, _, value = item.partition("=")
        changes[name] = ast.literal_eval(value)
    return replace(CHAMPION if start == "champion" else CHAMPION_V1, **changes)


def register(cfg: SearchConfig, name: str = "variant") -> str:
    """Put a search of these settings in the bots' registry under ``name`` (for the tools)."""
    base._REGISTRY[name] = base.BotInfo(
        name, lambda seed: SearchBot(seed, cfg, name), *base._words("champion"), listed=False
    )
    return name


def think(cfg: SearchConfig, deals: int, preset_name: str = "classic") -> str:
    """Median, 95th percentile and slowest move of a variant (its CPU milliseconds a move)."""
    from briscola.tools.bench.levels.think import summarize, think_times

    name = register(cfg)
    row = summarize(name, think_times(name, preset(preset_name), deals))
    return (
        f"{row.moves} moves: median {row.median_ms:.1f} ms, p95 {row.p95_ms:.1f} ms, "
        f"max {row.max_ms:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=("oracle", "variant", "think"))
    parser.add_argument("--stock", default="0-40", help="oracle: told with LO-HI stock cards")
    parser.add_argument("--set", action="append", default=[], help="variant: NAME=VALUE")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal (resume)")
    parser.add_argument("--seed", type=int, default=4100)
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--start",
        choices=("champion-v1", "champion"),
        default="champion-v1",
        help="variant: the settings the changes apply to",
    )
    parser.add_argument("--preset", default="classic", help="variant: the preset played")
    parser.add_argument("--against", default="champion-v1", help="variant: the level it meets")
    args = parser.parse_args()
    if args.kind == "think":
        print(think(variant_config(args.set, args.start), args.deals, args.preset))
        return
    if args.out is None:
        parser.error("--out is required")
    if args.kind == "oracle":
        lo, _, hi = args.stock.partition("-")
        for deal in range(args.first, args.first + args.deals):
            games = oracle_deal(deal, args.seed, (int(lo), int(hi)))
            with args.out.open("a") as f:
                f.write(json.dumps({"deal": deal, "games": games}) + "\n")
    else:
        name = register(variant_config(args.set, args.start))
        for first in range(args.first, args.first + args.deals, CHUNK):
            (row,) = measure_strength(
                [Pair(name, args.against, 0.57)], args.preset, CHUNK, seed=args.seed,
                first_deal=first,
            )  # fmt: skip
            with args.out.open("a") as f:
                f.write(json.dumps({"first": first, "row": row.to_dict()}) + "\n")
    print(summary(args.out))


if __name__ == "__main__":
    main()
