"""How fast the compiled core plays, next to the reference engine, per preset.

Each preset plays random games (uniformly random legal actions, as
``briscola.tools.bench.reference`` does for the
reference engine): on one core, then on every core (one process each), after a warm-up so that
compile time is not counted. The reference engine's figures come from
:func:`briscola.tools.bench.reference.bench_preset`.

>>> rows = run_fast_bench(2000, ["classic"], workers=1, reference_games=5, repeats=1)
>>> rows[0]["preset"], rows[0]["games"], rows[0]["speedup"] > 1
('classic', 2000, True)

``python -m briscola.tools.bench.fast`` prints the table and saves it as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from briscola.core.rules import preset, preset_names
from briscola.fast.core.sim import simulate
from briscola.tools.bench.reference import bench_preset

__all__ = ["main", "run_fast_bench"]


def _warm(name: str) -> None:
    simulate(preset(name), 200, seed=1)


def _timed_run(name: str, games: int, seed: int) -> tuple[int, int, float, float]:
    """Play ``games`` random deals here; (games, decisions, wall seconds, CPU seconds)."""
    rules = preset(name)
    cpu = time.thread_time()
    wall = time.perf_counter()
    res = simulate(rules, games, seed=seed, chunk=games, progress=False)
    wall = time.perf_counter() - wall
    cpu = time.thread_time() - cpu
    return games, res.total_decisions, wall, cpu


def _settle_worker(name: str, pause: float) -> int:
    _warm(name)
    time.sleep(pause)  # keep this worker busy, so that each warm-up lands on its own worker
    return os.getpid()


def run_fast_bench(
    games_per_preset: int = 1_000_000,
    presets: Sequence[str] | None = None,
    workers: int | None = None,
    reference_games: int = 300,
    seed: int = 0,
    repeats: int = 3,
) -> list[dict[str, Any]]:
    """Measure the fast core per preset; one row (a dict) per preset.

    Each row holds the fast core's games and decisions per second on one core (wall time, and
    the process's CPU time; the best of ``repeats`` runs, as ``timeit`` does), its games per
    second with ``workers`` processes each playing ``games_per_preset`` games (default: one per
    CPU; 1 skips the measurement), the
    reference engine's figures on ``reference_games`` games, and the speed-ups.
    """
    names = [preset(p).name for p in presets] if presets else list(preset_names())
    n_workers = workers if workers else (os.cpu_count() or 1)
    rows: list[dict[str, Any]] = []
    pool = None
    if n_workers > 1:
        import multiprocessing

        pool = ProcessPoolExecutor(
            max_workers=n_workers, mp_context=multiprocessing.get_context("forkserver")
        )
    try:
        for name in names:
            _warm(name)  # compile, or load from the cache: not timed
            runs = [_timed_run(name, games_per_preset, seed + r) for r in range(repeats)]
            games, decisions, wall, _ = min(runs, key=lambda r: r[2])
            cpu = min(r[3] for r in runs)
            row: dict[str, Any] = {
                "preset": name,
                "games": games,
                "decisions": decisions,
                "seconds": wall,
                "games_per_second": games / wall,
                "decisions_per_second": decisions / wall,
                "cpu_games_per_second": games / cpu if cpu > 0 else float("inf"),
                "workers": n_workers,
                "repeats": repeats,
            }
            if pool is not None:
                pids = set(pool.map(_settle_worker, [name] * n_workers, [0.3] * n_workers))
                best_games = best_decisions = 0.0
                for r in range(repeats):
                    wall_all = time.perf_counter()
                    parts = list(
                        pool.map(
                            _timed_run,
                            [name] * n_workers,
                            [games_per_preset] * n_workers,
                            [seed + 100 * (r + 1) + i for i in range(n_workers)],
                        )
                    )
                    wall_all = time.perf_counter() - wall_all
                    if sum(p[0] for p in parts) / wall_all > best_games:
                        best_games = sum(p[0] for p in parts) / wall_all
                        best_decisions = sum(p[1] for p in parts) / wall_all
                row["all_cores_games_per_second"] = best_games
                row["all_cores_decisions_per_second"] = best_decisions
                row["all_cores_processes"] = len(pids)
            else:
                row["all_cores_games_per_second"] = row["games_per_second"]
                row["all_cores_decisions_per_second"] = row["decisions_per_second"]
                row["all_cores_processes"] = 1
            ref = bench_preset(name, reference_games, seed=seed)
            row["reference_games"] = ref.games
            row["reference_games_per_second"] = ref.games_per_second
            row["reference_decisions_per_second"] = ref.decisions_per_second
            row["speedup"] = row["games_per_second"] / ref.games_per_second
            row["speedup_all_cores"] = row["all_cores_games_per_second"] / ref.games_per_second
            rows.append(row)
    finally:
        if pool is not None:
            pool.shutdown()
    return rows


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    info: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "numpy": np.__version__,
    }
    try:
        import numba

        info["numba"] = numba.__version__
    except ImportError:  # pragma: no cover
        pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    info["processor"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    if hasattr(os, "getloadavg"):
        info["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return info


def _short(x: float) -> str:
    """1.23M, 456k, 789."""
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.0f}k"
    return f"{x:,.0f}"


def print_table(rows: list[dict[str, Any]], info: dict[str, Any]) -> None:
    """The rows as a Rich table."""
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=(
            f"Fast core vs reference engine (games/s), random play\n{info['processor']}, "
            f"{info['cpus']} CPUs, load {info.get('load_average', '?')}"
        ),
        caption="games/s CPU: per second of the process's CPU time (one core, whatever the load)",
    )
    procs = rows[0]["all_cores_processes"] if rows else "?"
    for col in (
        "preset",
        "games/s",
        "actions/s",
        "games/s CPU",
        f"games/s x{procs}",
        "reference",
        "speed-up",
        f"speed-up x{procs}",
    ):
        table.add_column(col, justify="left" if col == "preset" else "right")
    for r in rows:
        table.add_row(
            r["preset"],
            _short(r["games_per_second"]),
            _short(r["decisions_per_second"]),
            _short(r["cpu_games_per_second"]),
            _short(r["all_cores_games_per_second"]),
            _short(r["reference_games_per_second"]),
            f"{r['speedup']:,.0f}x",
            f"{r['speedup_all_cores']:,.0f}x",
        )
    Console().print(table)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m briscola.tools.bench.fast [--games N] [--presets a,b] [--workers N]
    [--json PATH]``."""
    parser = argparse.ArgumentParser(
        prog="python -m briscola.tools.bench.fast", description=__doc__
    )
    parser.add_argument("--games", type=int, default=1_000_000, help="fast-core games per preset")
    parser.add_argument("--presets", default="", help="comma-separated presets (default: all)")
    parser.add_argument("--workers", type=int, default=0, help="processes for all cores (0: CPUs)")
    parser.add_argument("--reference-games", type=int, default=300, help="reference games/preset")
    parser.add_argument("--repeats", type=int, default=3, help="one-core runs (the best counts)")
    parser.add_argument("--json", default="bench-fast.json", help="where to save the figures")
    args = parser.parse_args(argv)
    presets = [p for p in args.presets.split(",") if p.strip()] or None
    rows = run_fast_bench(
        args.games, presets, args.workers or None, args.reference_games, repeats=args.repeats
    )
    info = machine()
    print_table(rows, info)
    if args.json:
        data = {"engine": "fast", "machine": info, "results": rows}
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"saved {args.json}")


if __name__ == "__main__":
    main()
