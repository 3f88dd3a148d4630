"""``briscola bench --analysis``: how long the post-game analysis and a hint take (issue 15).

Each preset plays ``deals`` deals with the medium level at every seat (seeded: every run plays
the same deals); each deal's record is analysed for seat 0 at the default budget, hindsight
included (:func:`briscola.analysis.analyze`: in Briscola chiamata its bids and call too), and a
hint is timed at each of seat 0's play decisions (:func:`briscola.analysis.hint`; hints are
given in the play). The kernels are loaded first, so compiling is not
timed; the search runs on one core, and the bars are judged on the process's CPU time (on a
machine shared with other work the wall-clock time runs longer; it is shown too). The bars: a
two-player deal in 5 s, a chiamata deal (and any other preset's) in 20 s, a hint in 300 ms (the
slowest of them).

>>> rows = run("classic", deals=1, budget=8, quiet=True)
>>> rows[0].preset, rows[0].decisions
('classic', 20)
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from briscola.analysis import DEFAULT_BUDGET, analyze, hint
from briscola.analysis.deal import decisions
from briscola.bots.medium import MediumBot
from briscola.bots.search import SearchBot
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.record import GameRecord
from briscola.core.rules import preset, preset_names
from briscola.core.state import Phase

__all__ = ["AnalysisTiming", "main", "run"]

DEAL_BAR_TWO = 5.0
DEAL_BAR_OTHER = 20.0
HINT_BAR = 0.3


@dataclass(frozen=True)
class AnalysisTiming:
    """One preset's timings: seconds to analyse each deal, and to give each hint."""

    preset: str
    budget: int
    decisions: int  # seat 0's decisions analysed (chiamata: bids and call too), in all deals
    deal_seconds: tuple[float, ...]  # CPU time
    hint_seconds: tuple[float, ...]  # CPU time
    deal_bar: float
    deal_wall: tuple[float, ...] = ()  # wall-clock time

    @property
    def met(self) -> bool:
        """Every deal and every hint within its bar."""
        return max(self.deal_seconds) <= self.deal_bar and max(self.hint_seconds) <= HINT_BAR


def _records(name: str, deals: int, seed: int) -> list[GameRecord]:
    rules = preset(name)
    out = []
    for d in range(deals):
        bots = [MediumBot(seed + 7 * d + s) for s in range(rules.players)]
        state = new_game(rules, seed=seed + d, dealer=d % rules.players)
        while not state.is_over:
            assert state.turn is not None
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
        out.append(GameRecord.from_state(state))
    return out


def time_preset(name: str, deals: int, budget: int, seed: int = 0) -> AnalysisTiming:
    """Analyse ``deals`` deals of ``name`` for seat 0 and time them, and a hint at each move."""
    deal_times, hint_times, walls = [], [], []
    n = 0
    for d, record in enumerate(_records(name, deals, seed)):
        start, wall = time.process_time(), time.perf_counter()
        analyze(record, 0, budget, seed=d)
        deal_times.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        for _, state in decisions(record, 0):
            n += 1
            if state.phase is not Phase.PLAY:
                continue
            start = time.process_time()
            hint(observe(state, 0), budget, seed=d)
            hint_times.append(time.process_time() - start)
    bar = DEAL_BAR_TWO if preset(name).players == 2 else DEAL_BAR_OTHER
    return AnalysisTiming(name, budget, n, tuple(deal_times), tuple(hint_times), bar, tuple(walls))


def run(
    names: list[str] | str | None = None,
    deals: int = 5,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    json_path: str | None = None,
    quiet: bool = False,
) -> list[AnalysisTiming]:
    """Time every preset in ``names`` (default: all), print a table, save JSON on request."""
    SearchBot.warm_up()
    chosen = [names] if isinstance(names, str) else (names or list(preset_names()))
    rows = [time_preset(name, deals, budget, seed) for name in chosen]
    if not quiet:
        _print(rows)
    if json_path:
        data = [{**asdict(r), "met": r.met} for r in rows]
        Path(json_path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return rows


def _print(rows: list[AnalysisTiming]) -> None:
    table = Table(
        title=f"Analysis speed: CPU seconds on one core (budget {rows[0].budget} worlds a move); "
        "deal and hint: median"
    )
    for col in ("preset", "deals", "moves", "deal s", "deal max", "wall s", "bar",
                "hint ms", "p95", "max", "met"):  # fmt: skip
        table.add_column(col)
    for r in rows:
        hints = sorted(r.hint_seconds)
        p95 = hints[min(len(hints) - 1, int(0.95 * len(hints)))]
        table.add_row(
            r.preset,
            str(len(r.deal_seconds)),
            f"{r.decisions / len(r.deal_seconds):.0f}",
            f"{statistics.median(r.deal_seconds):.2f}",
            f"{max(r.deal_seconds):.2f}",
            f"{statistics.median(r.deal_wall):.2f}",
            f"{r.deal_bar:.0f}",
            f"{1000 * statistics.median(hints):.0f}",
            f"{1000 * p95:.0f}",
            f"{1000 * max(hints):.0f}",
            "yes" if r.met else "NO",
        )
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)
    console.print(table)


def main(
    presets: list[str] | None = None,
    deals: int | None = None,
    seed: int = 0,
    json_path: str | None = None,
) -> bool:
    """``briscola bench --analysis``: True when every bar is met."""
    return all(r.met for r in run(presets, deals or 5, seed=seed, json_path=json_path))
