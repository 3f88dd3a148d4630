"""``briscola bench``: how fast the reference engine plays, per preset.

Each preset plays ``games`` deals with uniformly random legal actions (seeded, so every run plays
the same deals) and reports games and decisions per second on one core. The figures are printed
as a table and, on request, saved as JSON.
"""

from __future__ import annotations

import json
import platform
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from briscola.core.game import new_game
from briscola.core.rules import preset, preset_names

__all__ = ["BenchResult", "bench_preset", "main"]


@dataclass(frozen=True)
class BenchResult:
    """Speed of one preset: games and decisions (actions applied) per second."""

    preset: str
    games: int
    decisions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Whole deals per second."""
        return self.games / self.seconds if self.seconds else float("inf")

    @property
    def decisions_per_second(self) -> float:
        """Actions applied per second (legal actions listed and one applied)."""
        return self.decisions / self.seconds if self.seconds else float("inf")


def bench_preset(name: str, games: int, seed: int = 0) -> BenchResult:
    """Play ``games`` random deals of a preset and time them.

    >>> r = bench_preset("classic", 3)
    >>> r.games, r.decisions >= 3 * 40
    (3, True)
    """
    ruleset = preset(name)
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(ruleset, seed=seed + g, dealer=g % ruleset.players)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return BenchResult(name, games, decisions, time.perf_counter() - start)


def main(games: int = 500, presets: list[str] | None = None, json_path: str | None = None) -> None:
    """Run the benchmark and print a table (and write JSON when ``json_path`` is given)."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    names = [preset(p).name for p in presets] if presets else list(preset_names())
    console = Console()
    results: list[BenchResult] = []
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("benchmark", total=len(names))
        for name in names:
            progress.update(task, description=f"{name}: {games} games")
            results.append(bench_preset(name, games))
            progress.advance(task)
    table = Table(title=f"Reference engine, random play, one core ({platform.python_version()})")
    table.add_column("preset")
    table.add_column("games", justify="right")
    table.add_column("games/s", justify="right")
    table.add_column("decisions/s", justify="right")
    for r in results:
        table.add_row(
            r.preset,
            str(r.games),
            f"{r.games_per_second:,.0f}",
            f"{r.decisions_per_second:,.0f}",
        )
    console.print(table)
    if json_path:
        data = {
            "engine": "reference",
            "python": platform.python_version(),
            "machine": platform.machine(),
            "processor": platform.processor(),
            "results": [
                {
                    **asdict(r),
                    "games_per_second": r.games_per_second,
                    "decisions_per_second": r.decisions_per_second,
                }
                for r in results
            ],
        }
        Path(json_path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        console.print(f"saved {json_path}")
