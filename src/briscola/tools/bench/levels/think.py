"""Think time of the computer players' levels: milliseconds per move (median, p95, max).

Each level plays whole deals against an opponent level (*medium* by default), every seat of its
side played by the level, and each of its decisions is timed with the process's CPU time: one
core, and other work on a shared machine does not inflate the figures. The search levels' kernels
are loaded (or compiled) before the timing starts.

>>> report = measure_think(["easy"], "classic", deals=1)
>>> row = report.rows[0]
>>> row.level, row.moves > 0, 0 <= row.median_ms <= row.p95_ms <= row.max_ms
('easy', True, True)
>>> row.target is None
True
"""

from __future__ import annotations

import math
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from briscola import __version__
from briscola.bots import UnknownBotError, bot_info, make_bot
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import Ruleset, preset

__all__ = [
    "LEVELS",
    "TARGETS",
    "LevelsBenchError",
    "Target",
    "ThinkReport",
    "ThinkTime",
    "level_name",
    "measure_think",
    "summarize",
    "think_times",
]

LEVELS = ("beginner", "easy", "medium", "hard", "champion")
"""The computer players' levels, weakest first."""

SEARCH_LEVELS = ("hard", "champion")


class LevelsBenchError(ValueError):
    """Settings a levels benchmark cannot run with (an unknown level, no deals, …)."""


@dataclass(frozen=True)
class Target:
    """A think-time target: the median and the slowest move, in milliseconds."""

    median_ms: float
    max_ms: float

    def met(self, median_ms: float, max_ms: float) -> bool:
        """Whether figures meet the target."""
        return median_ms <= self.median_ms and max_ms <= self.max_ms

    def __str__(self) -> str:
        return f"median ≤ {self.median_ms:g} ms, max ≤ {self.max_ms:g} ms"


TARGETS = {"champion": Target(100.0, 500.0)}
"""The levels with a think-time target (docs/levels.md): the champion answers in 100 ms at the
median and 500 ms at worst on one core."""


def level_name(name: str) -> str:
    """A bot's registered name from a name or an alias; :class:`LevelsBenchError` listing the
    levels when there is no such bot.

    >>> level_name("campione")
    'champion'
    """
    try:
        return bot_info(name).name
    except UnknownBotError:
        raise LevelsBenchError(
            f"unknown level {name!r}; levels: {', '.join(LEVELS)} (also: random, simple)"
        ) from None


@dataclass(frozen=True)
class ThinkTime:
    """One level's think time over the moves timed, in milliseconds of CPU time."""

    level: str
    moves: int
    median_ms: float
    p95_ms: float
    max_ms: float
    target: Target | None = None

    @property
    def met(self) -> bool | None:
        """Whether the level meets its target (None when it has none)."""
        if self.target is None:
            return None
        return self.target.met(self.median_ms, self.max_ms)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (the level is the key it is filed under)."""
        data = asdict(self)
        del data["level"]
        return {**data, "met": self.met}


@dataclass(frozen=True)
class ThinkReport:
    """The think times of some levels, and how they were measured."""

    preset: str
    deals: int
    opponent: str
    seed: int
    rows: list[ThinkTime]
    machine: str = field(default_factory=lambda: platform.processor() or platform.machine())
    python: str = field(default_factory=platform.python_version)

    @property
    def met(self) -> bool:
        """Whether every level with a target meets it."""
        return all(r.met is not False for r in self.rows)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the settings, the machine and every level's figures."""
        return {
            "format": "briscola-think-time",
            "version": __version__,
            "clock": "process CPU time, one core",
            "preset": self.preset,
            "deals": self.deals,
            "opponent": self.opponent,
            "seed": self.seed,
            "machine": self.machine,
            "python": self.python,
            "levels": {r.level: r.to_dict() for r in self.rows},
            "met": self.met,
        }


def think_times(
    level: str,
    rules: Ruleset,
    deals: int,
    *,
    opponent: str = "medium",
    seed: int = 1,
    progress: Callable[[], None] | None = None,
) -> list[float]:
    """CPU seconds of each of ``level``'s decisions over ``deals`` deals against ``opponent``.

    The level plays side ``deal % 2`` (every seat of it), the deal is dealt by seat
    ``deal % players``; ``progress()`` is called after each deal.
    """
    if level in SEARCH_LEVELS or opponent in SEARCH_LEVELS:
        from briscola.bots.search import SearchBot

        SearchBot.warm_up()  # load the kernels before timing
    times: list[float] = []
    for deal in range(deals):
        state = new_game(rules, seed=seed + deal, dealer=deal % rules.players)
        side = deal % 2
        mine = [rules.team_of(s) % 2 == side for s in range(rules.players)]
        bots = [
            make_bot(level if mine[s] else opponent, seed=seed + 10 * deal + s)
            for s in range(rules.players)
        ]
        while not state.is_over:
            assert state.turn is not None
            seat = state.turn
            obs = observe(state, seat)
            start = time.process_time()
            action = bots[seat].act(obs)
            elapsed = time.process_time() - start
            if mine[seat]:
                times.append(elapsed)
            state = state.apply(action)
        if progress is not None:
            progress()
    return times


def summarize(level: str, times: Sequence[float]) -> ThinkTime:
    """Median, 95th percentile (nearest rank) and max of ``times`` (seconds) in milliseconds.

    >>> row = summarize("champion", [0.001 * k for k in range(1, 21)])
    >>> row.moves, row.median_ms, row.p95_ms, row.max_ms, row.met
    (20, 10.5, 19.0, 20.0, True)
    """
    ms = sorted(t * 1000 for t in times)
    if not ms:
        nan = math.nan
        return ThinkTime(level, 0, nan, nan, nan, TARGETS.get(level))
    p95 = ms[max(0, math.ceil(0.95 * len(ms)) - 1)]
    return ThinkTime(level, len(ms), statistics.median(ms), p95, ms[-1], TARGETS.get(level))


def measure_think(
    levels: Sequence[str] = LEVELS,
    preset_name: str = "classic",
    deals: int = 10,
    *,
    opponent: str = "medium",
    seed: int = 1,
    progress: Callable[[str], None] | None = None,
) -> ThinkReport:
    """Time every level of ``levels`` over ``deals`` deals of a preset against ``opponent``.

    ``progress(level)`` is called after each deal played.
    """
    if deals < 1:
        raise LevelsBenchError("play at least one deal")
    names = [level_name(n) for n in levels]
    opponent = level_name(opponent)
    rules = preset(preset_name)
    rows = []
    for name in names:

        def tick(name: str = name) -> None:
            if progress is not None:
                progress(name)

        times = think_times(name, rules, deals, opponent=opponent, seed=seed, progress=tick)
        rows.append(summarize(name, times))
    return ThinkReport(rules.name, deals, opponent, seed, rows)
