"""Think time of the computer players' levels; the same as ``briscola bench --think``.

Kept for its ``--opponent`` option and old command lines; the measuring is in
:mod:`briscola.tools.bench.levels` (see docs/levels.md).

    .venv/bin/python scripts/bench_levels.py                      # classic, 10 deals per level
    .venv/bin/python scripts/bench_levels.py --preset pairs --deals 10 --levels hard champion
    .venv/bin/python scripts/bench_levels.py --opponent champion --json bench.json
"""

from __future__ import annotations

import argparse

from briscola.tools.bench.levels import LEVELS, run_think


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args()
    run_think(
        args.levels,
        args.preset,
        args.deals,
        opponent=args.opponent,
        seed=args.seed,
        json_path=args.json,
    )


if __name__ == "__main__":
    main()
