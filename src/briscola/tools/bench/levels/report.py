"""What ``briscola bench --think`` and ``--strength`` print: Rich tables, a progress bar, JSON."""

from __future__ import annotations

import glob
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from briscola.tools.bench.levels.strength import (
    LADDER,
    Pair,
    StrengthRow,
    measure_strength,
    pool_rows,
    strength_json,
)
from briscola.tools.bench.levels.think import LEVELS, LevelsBenchError, ThinkReport, measure_think
from briscola.tools.progress import progress_bar

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from briscola.tools.arena import Estimate

__all__ = [
    "report_paths",
    "run_merge",
    "run_strength",
    "run_think",
    "strength_table",
    "think_table",
]


def _ms(x: float) -> str:
    if math.isnan(x):
        return "n/a"
    return f"{x:.3f}" if x < 10 else f"{x:,.1f}"


def _verdict(met: bool | None) -> str:
    if met is None:
        return "—"
    return "[green]met[/green]" if met else "[red]not met[/red]"


def think_table(report: ThinkReport) -> Table:
    """The think times as a table, with the targets and whether they are met."""
    from rich.table import Table

    table = Table(
        title="Think time per move: ms of CPU time on one core",
        caption=f"{report.preset}, {report.deals} deal{'s' * (report.deals != 1)} per level "
        f"against {report.opponent}; {report.machine}, Python {report.python}",
    )
    for name in ("level", "moves", "median", "p95", "max"):
        table.add_column(name, justify="left" if name == "level" else "right")
    table.add_column("target median / max", justify="right")
    table.add_column("verdict")
    for r in report.rows:
        table.add_row(
            r.level,
            str(r.moves),
            _ms(r.median_ms),
            _ms(r.p95_ms),
            _ms(r.max_ms),
            "—" if r.target is None else f"≤ {r.target.median_ms:g} / ≤ {r.target.max_ms:g}",
            _verdict(r.met),
        )
    return table


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def _pm(est: Estimate, scale: float, fmt: str) -> str:
    """``mean ± half`` of an estimate (the mean alone while the interval is unknown)."""
    if math.isnan(est.mean):
        return "n/a"
    text = format(est.mean * scale + 0.0, fmt)
    return text if math.isnan(est.low) else f"{text} ± {est.half_width * scale:.1f}"


def strength_table(rows: Sequence[StrengthRow], preset: str, seed: int) -> Table:
    """The ladder as a table: each pair's score and interval against its bar."""
    from rich.table import Table

    deals = "/".join(str(d) for d in sorted({r.deals for r in rows}))
    table = Table(
        title=f"Strength: {preset}, {deals} duplicate deals a pair, seed {seed}",
        caption="score: the first level's per deal (win 1, draw ½); points: its margin per "
        "encounter (a game between two sides; settlement units in chiamata); ± a 95% interval "
        "over deals; interval: where the score's lies against the bar",
    )
    for name in ("pair", "score %", "points", "bar %", "met", "interval"):
        table.add_column(name, no_wrap=True, justify="right" if name == "points" else "left")
    for r in rows:
        colour = "green" if r.met else "red"
        table.add_row(
            f"{r.upper} vs {r.lower}",
            _pm(r.score, 100, ".1f"),
            _pm(r.diff, 1, "+.1f"),
            f"{100 * r.bar:g}",
            f"[{colour}]{'met' if r.met else 'not met'}[/{colour}]",
            r.interval,
        )
    return table


def _write(path: str, data: dict[str, Any], console: Console) -> None:
    Path(path).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    console.print(f"saved {path}", highlight=False)


def run_think(
    levels: Sequence[str] = LEVELS,
    preset_name: str = "classic",
    deals: int = 10,
    *,
    opponent: str = "medium",
    seed: int = 1,
    json_path: str | None = None,
    progress: bool = True,
) -> ThinkReport:
    """Measure the think times with a progress bar, print the table, write the JSON."""
    from rich.console import Console

    console, stderr = Console(), Console(stderr=True)
    with progress_bar(stderr, progress) as bar:
        task = bar.add_task("think time", total=deals * len(levels))

        def advance(level: str) -> None:
            bar.update(task, description=f"think time: {level}", advance=1)

        report = measure_think(
            levels, preset_name, deals, opponent=opponent, seed=seed, progress=advance
        )
    console.print(think_table(report))
    if json_path:
        _write(json_path, report.to_dict(), console)
    return report


def run_strength(
    pairs: Sequence[Pair] = LADDER,
    preset_name: str = "classic",
    deals: int = 100,
    *,
    seed: int = 1,
    workers: int = 1,
    json_path: str | None = None,
    progress: bool = True,
    plot_path: str | None = None,
    first_deal: int = 0,
) -> list[StrengthRow]:
    """Play the ladder with a progress bar, print the table, write the JSON. With
    ``first_deal`` the deals start there (a chunk of a longer run, pooled by :func:`run_merge`)."""
    from rich.console import Console

    console, stderr = Console(), Console(stderr=True)
    with progress_bar(stderr, progress) as bar:
        task = bar.add_task("strength", total=None)
        before: dict[Pair, int] = {}
        finished = 0

        def advance(pair: Pair, done: int, total: int) -> None:
            nonlocal finished
            if pair not in before:  # a new pair: the games of the ones before are all done
                finished = sum(before.values())
                before[pair] = total
            bar.update(
                task,
                description=f"strength: {pair}",
                completed=finished + done,
                total=total * len(pairs),
            )

        rows = measure_strength(
            pairs, preset_name, deals, seed=seed, workers=workers, progress=advance,
            first_deal=first_deal,
        )  # fmt: skip
    console.print(strength_table(rows, preset_name, seed))
    data = strength_json(rows, preset_name, deals, seed, workers, first_deal)
    _save(data, json_path, plot_path, console)
    return rows


def _save(
    data: dict[str, Any], json_path: str | None, plot_path: str | None, console: Console
) -> None:
    """Write a strength report's JSON and draw its plot, where asked."""
    if json_path:
        _write(json_path, data, console)
    if plot_path:
        from briscola.tools.bench.levels.plot import plot_strength

        console.print(f"saved {plot_strength(data, plot_path)}")


def report_paths(patterns: Sequence[str]) -> list[Path]:
    """The report files named by ``patterns``: paths, or glob patterns (``chunks/pairs-*.json``,
    quoted so that the shell leaves them) expanded in name order.

    >>> report_paths(["a.json", "b.json"])
    [PosixPath('a.json'), PosixPath('b.json')]
    """
    paths: list[Path] = []
    for pattern in patterns:
        if not any(c in pattern for c in "*?["):
            paths.append(Path(pattern))
            continue
        found = sorted(Path(p) for p in glob.glob(pattern))
        if not found:
            raise LevelsBenchError(f"no report matches {pattern}")
        paths += found
    return paths


def run_merge(
    patterns: Sequence[str], *, json_path: str | None = None, plot_path: str | None = None
) -> list[StrengthRow]:
    """Pool saved strength reports of one preset and seed (chunks of one run, made with
    ``first_deal``, and reports of other pairs) into one, print its table, write its JSON and
    plot (:func:`~briscola.tools.bench.levels.plot.merge_reports`)."""
    from rich.console import Console

    from briscola.tools.bench.levels.plot import merge_reports

    reports = []
    for path in report_paths(patterns):
        try:
            reports.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise LevelsBenchError(f"cannot read the report {path}: {exc}") from None
        if not isinstance(reports[-1], dict) or reports[-1].get("format") != "briscola-strength":
            raise LevelsBenchError(f"{path} is not a strength report (briscola bench --strength)")
    try:
        data = merge_reports(reports)
    except ValueError as exc:
        raise LevelsBenchError(str(exc)) from None
    rows = [pool_rows([pair]) for pair in data["pairs"]]
    console = Console()
    console.print(strength_table(rows, str(data["preset"]), int(data["seed"])))
    _save(data, json_path, plot_path, console)
    return rows
