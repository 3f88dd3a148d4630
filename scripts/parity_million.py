"""Check the fast core against the reference engine on a million games (not run in CI).

The games are spread evenly over the configurations of ``briscola.fast.core.parity.CONFIGS`` (every
preset, every option that changes play) and over three directions: the reference engine plays
random games that the fast core replays; the fast core plays random games that the reference
engine replays; the fast core plays its simple heuristic against random play, replayed by the
reference engine. Chunks run in parallel processes.

    .venv/bin/python scripts/parity_million.py [--games 1000000] [--workers 2] [--json out.json]

Exits with status 1 if any game differs, printing the first differences.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from briscola.fast.core.parity import (
    CONFIGS,
    ParityReport,
    check_fast_games,
    check_reference_games,
    config_label,
    config_rules,
)

DIRECTIONS = ("reference->fast", "fast->reference random", "fast->reference simple/random")
CHUNK = 2000


def run_chunk(config: int, direction: int, seed: int, games: int) -> tuple[int, int, ParityReport]:
    name, options = CONFIGS[config]
    rules = config_rules(name, options)
    if direction == 0:
        report = check_reference_games(rules, games, seed=seed)
    elif direction == 1:
        report = check_fast_games(rules, games, seed=seed, policies=("random",))
    else:
        report = check_fast_games(rules, games, seed=seed, policies=("simple", "random"))
    return config, direction, report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", default="", help="save the summary here")
    args = parser.parse_args()
    per = -(-args.games // (len(CONFIGS) * len(DIRECTIONS)))  # round up: at least --games
    tasks = []
    for c in range(len(CONFIGS)):
        for d in range(len(DIRECTIONS)):
            done = 0
            while done < per:
                n = min(CHUNK, per - done)
                tasks.append((c, d, 1_000_003 * c + 7919 * d + done, n))
                done += n
    total = sum(t[3] for t in tasks)
    reports: dict[tuple[int, int], ParityReport] = {
        (c, d): ParityReport(f"{config_label(*CONFIGS[c])} {DIRECTIONS[d]}")
        for c in range(len(CONFIGS))
        for d in range(len(DIRECTIONS))
    }
    console = Console()
    start = time.perf_counter()
    with (
        ProcessPoolExecutor(max_workers=args.workers) as pool,
        Progress(
            "{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        ) as bar,
    ):
        task = bar.add_task("parity games", total=total)
        futures = [pool.submit(run_chunk, *t) for t in tasks]
        for fut in as_completed(futures):
            c, d, report = fut.result()
            reports[c, d].merge(report)
            bar.advance(task, report.games)
    seconds = time.perf_counter() - start
    table = Table(
        title=f"Parity, fast core vs reference engine: {total:,} games in {seconds:,.0f} s"
    )
    table.add_column("configuration")
    for d in DIRECTIONS:
        table.add_column(d, justify="right")
    failed = 0
    for c in range(len(CONFIGS)):
        cells = []
        for d in range(len(DIRECTIONS)):
            r = reports[c, d]
            failed += r.failed
            cells.append(f"{r.games:,} ok" if r.ok else f"[red]{r.failed:,} of {r.games:,} FAIL")
        table.add_row(config_label(*CONFIGS[c]), *cells)
    console.print(table)
    decisions = sum(r.decisions for r in reports.values())
    console.print(f"{total:,} games, {decisions:,} actions compared, {failed:,} games differ")
    for r in reports.values():
        if not r.ok:
            console.print(str(r))
    if args.json:
        data = {
            "games": total,
            "decisions": decisions,
            "failed": failed,
            "seconds": seconds,
            "reports": [
                {
                    "label": r.label,
                    "games": r.games,
                    "decisions": r.decisions,
                    "failed": r.failed,
                    "failures": r.failures,
                    "actions_seen": r.actions_seen,
                }
                for r in reports.values()
            ],
        }
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
