"""Think time of the computer players' levels: milliseconds per move (median, p95, max).

Each level plays whole deals against the medium level (every seat of its side is the level) and
every one of its decisions is timed with the process's CPU time, so that other work on a shared
machine does not inflate the figures. The kernels of the search levels are loaded (or compiled)
before timing starts.

    .venv/bin/python scripts/bench_levels.py                      # classic, 20 deals per level
    .venv/bin/python scripts/bench_levels.py --preset pairs --deals 10 --levels hard champion
    .venv/bin/python scripts/bench_levels.py --json bench.json

The strength table (duplicate deals, 95% intervals) comes from the arena, e.g.
``briscola arena champion medium --deals 2000 --workers 2``; see docs/levels.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any

from briscola.bots import make_bot
from briscola.game import new_game
from briscola.observation import observe
from briscola.rules import preset

LEVELS = ("beginner", "easy", "medium", "hard", "champion")


def think_times(level: str, preset_name: str, deals: int, opponent: str, seed: int) -> list[float]:
    """CPU seconds of each of ``level``'s decisions over ``deals`` deals."""
    rules = preset(preset_name)
    times: list[float] = []
    if level in ("hard", "champion"):
        from briscola.bots.search import SearchBot

        SearchBot.warm_up()  # load the kernels before timing
    for deal in range(deals):
        state = new_game(rules, seed=seed + deal, dealer=deal % rules.players)
        side = deal % 2
        bots = [
            make_bot(level if rules.team_of(s) % 2 == side else opponent, seed=seed + 10 * deal + s)
            for s in range(rules.players)
        ]
        while not state.is_over:
            assert state.turn is not None
            seat = state.turn
            obs = observe(state, seat)
            mine = rules.team_of(seat) % 2 == side
            start = time.process_time()
            action = bots[seat].act(obs)
            if mine:
                times.append(time.process_time() - start)
            state = state.apply(action)
    return times


def summary(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    return {
        "moves": len(ms),
        "median_ms": statistics.median(ms),
        "p95_ms": ms[min(len(ms) - 1, int(0.95 * len(ms)))],
        "max_ms": ms[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args()
    rows: dict[str, Any] = {}
    print(f"{args.preset}, {args.deals} deals per level against {args.opponent}")
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{'level':<10} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for level in args.levels:
        row = summary(think_times(level, args.preset, args.deals, args.opponent, args.seed))
        rows[level] = row
        print(
            f"{level:<10} {row['moves']:>6} {row['median_ms']:>10.2f} {row['p95_ms']:>8.2f} "
            f"{row['max_ms']:>8.2f}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"preset": args.preset, "deals": args.deals, "levels": rows}, fh, indent=2)


if __name__ == "__main__":
    main()
