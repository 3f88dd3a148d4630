"""Strength of the computer players' levels: each level against the one below it, duplicate deals.

The ladder is played in the arena (:func:`briscola.tools.arena.lineups.play_lineups`): duplicate
deals in every seat rotation, a win counting 1 and a draw ½, 95% intervals over deals. In two
players and the team games (pairs, six) one level's side meets the other's; in three players and
Briscola chiamata the seats alternate the two levels (``A B A`` and ``B A B``; ``A B A B A`` and
``B A B A B``), and the score counts every encounter of a seat of one level with a seat of the
other. The bars (docs/levels.md): in two players every level scores at least 60% against the one
below it and the champion 70% against medium, over 2,000 deals or more; with more players (the
preset ladders, :func:`ladder_for`) 55% and 60%, over 1,000 deals or more.

>>> (row,) = measure_strength([parse_pair("easy:beginner")], deals=2, seed=3)
>>> row.upper, row.lower, row.bar, row.deals, row.games
('easy', 'beginner', 0.6, 2, 4)
>>> (row,) = measure_strength([parse_pair("easy:beginner", ladder_for("three"))], "three", 1)
>>> row.bar, row.games  # two lineups, three rotations each, two encounters across per game
(0.55, 12)
>>> 0 <= row.score.mean <= 1 and row.verdict in VERDICTS
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from briscola import __version__
from briscola.core.rules import RulesetError, preset
from briscola.tools.arena import ArenaError, Estimate
from briscola.tools.arena.backends import ArenaBackendError
from briscola.tools.arena.lineups import lineups, play_lineups
from briscola.tools.arena.play import side_count
from briscola.tools.arena.stats import pool_estimates
from briscola.tools.arena.summary import Results
from briscola.tools.bench.levels.think import LevelsBenchError, level_name

__all__ = [
    "LADDER",
    "TABLE_LADDER",
    "VERDICTS",
    "Pair",
    "StrengthRow",
    "ladder_for",
    "measure_strength",
    "parse_pair",
    "pool_rows",
    "strength_json",
]


@dataclass(frozen=True)
class Pair:
    """A level (``upper``) against another (``lower``), and the score ``upper`` should reach."""

    upper: str
    lower: str
    bar: float = 0.6

    def __str__(self) -> str:
        return f"{self.upper} vs {self.lower}"


LADDER = (
    Pair("easy", "beginner"),
    Pair("medium", "easy"),
    Pair("hard", "medium"),
    Pair("champion", "hard"),
    Pair("champion", "medium", 0.7),
)
"""The pairs measured by default in two players, with their bars."""

TABLE_LADDER = (
    Pair("easy", "beginner", 0.55),
    Pair("medium", "easy", 0.55),
    Pair("hard", "medium", 0.55),
    Pair("champion", "hard", 0.55),
    Pair("champion", "medium", 0.6),
)
"""The pairs measured by default with more than two players (three, pairs, six, chiamata): each
level 55% over the one below, the champion 60% over medium. Luck weighs more at a table of many
(a partner's cards, the auction), so every margin is smaller than in two players."""


def ladder_for(preset_name: str) -> tuple[Pair, ...]:
    """The default pairs and bars of a preset: :data:`LADDER` in two players,
    :data:`TABLE_LADDER` with more.

    >>> ladder_for("classic") == LADDER, ladder_for("chiamata") == TABLE_LADDER
    (True, True)
    """
    try:
        rules = preset(preset_name)
    except RulesetError as exc:
        raise LevelsBenchError(str(exc)) from None
    return LADDER if rules.players == 2 else TABLE_LADDER


VERDICTS = {
    "met": "the score reaches the bar and its whole 95% interval lies above it",
    "met, not significant": "the score reaches the bar, but the interval reaches below it",
    "not met, not significant": "the score is below the bar, but the interval reaches it",
    "not met": "the whole interval lies below the bar",
}
"""The verdicts of a pair, and what each says."""


def parse_pair(text: str, ladder: Sequence[Pair] = LADDER) -> Pair:
    """``UPPER:LOWER`` (levels or aliases) as a :class:`Pair`; its bar is the ``ladder``'s, or
    the bar of the ladder's first step (60% in two players, 55% with more).

    >>> parse_pair("campione:medio"), parse_pair("hard:easy", TABLE_LADDER).bar
    (Pair(upper='champion', lower='medium', bar=0.7), 0.55)
    """
    upper, sep, lower = text.partition(":")
    if not sep or not upper or not lower:
        raise LevelsBenchError(f"a pair is UPPER:LOWER, e.g. champion:medium (not {text!r})")
    a, b = level_name(upper.strip()), level_name(lower.strip())
    if a == b:
        raise LevelsBenchError(f"a pair needs two different levels (not {text!r})")
    for pair in ladder:
        if (pair.upper, pair.lower) == (a, b):
            return pair
    return Pair(a, b, ladder[0].bar if ladder else Pair.bar)


@dataclass(frozen=True, kw_only=True)
class StrengthRow(Results):
    """One pair's result: ``upper``'s score per deal (win 1, draw ½) and point difference per
    game, each with its 95% interval (the arena's :class:`Results`), against the bar."""

    upper: str
    lower: str
    bar: float
    deals: int

    @property
    def met(self) -> bool:
        """Whether the measured score reaches the bar."""
        return self.score.mean >= self.bar

    @property
    def interval(self) -> str:
        """Where the score's 95% interval lies against the bar: ``above`` (from the bar up),
        ``below``, ``across`` it, or ``unknown`` (fewer than two deals)."""
        low, high = self.score.low, self.score.high
        if math.isnan(low) or math.isnan(high):
            return "unknown"
        if low >= self.bar:
            return "above"
        return "below" if high < self.bar else "across"

    @property
    def significant(self) -> bool:
        """Whether the whole 95% interval lies on one side of the bar."""
        return self.interval in ("above", "below")

    @property
    def verdict(self) -> str:
        """``met``, ``met, not significant``, ``not met, not significant`` or ``not met``."""
        text = "met" if self.met else "not met"
        return text if self.significant else f"{text}, not significant"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "upper": self.upper,
            "lower": self.lower,
            "bar": self.bar,
            "deals": self.deals,
            **self.results_dict(),
            "met": self.met,
            "interval": self.interval,
            "significant": self.significant,
            "verdict": self.verdict,
        }


def _estimate(data: dict[str, Any]) -> Estimate:
    """An :class:`Estimate` from its JSON (null as ``nan``)."""
    value = {
        k: math.nan if data.get(k) is None else float(data[k])
        for k in ("mean", "low", "high", "sd")
    }
    return Estimate(value["mean"], value["low"], value["high"], int(data["n"]), value["sd"])


def pool_rows(rows: Sequence[dict[str, Any]]) -> StrengthRow:
    """One pair's rows (``StrengthRow.to_dict``'s data) from chunks of one run, deals after
    deals, as the row of the whole run: the counts added, the estimates pooled.

    >>> (row,) = measure_strength([parse_pair("easy:beginner")], deals=3, seed=2)
    >>> parts = [measure_strength([parse_pair("easy:beginner")], deals=n, seed=2, first_deal=k)[0]
    ...          for k, n in ((0, 2), (2, 1))]
    >>> pooled = pool_rows([p.to_dict() for p in parts])
    >>> (pooled.deals, pooled.wins, pooled.losses) == (row.deals, row.wins, row.losses)
    True
    >>> math.isclose(pooled.score.high, row.score.high)
    True
    """
    if not rows or len({(r["upper"], r["lower"], r["bar"]) for r in rows}) != 1:
        raise LevelsBenchError("pool the rows of one pair, with one bar")
    first = rows[0]
    return StrengthRow(
        upper=first["upper"],
        lower=first["lower"],
        bar=first["bar"],
        deals=sum(int(r["deals"]) for r in rows),
        games=sum(int(r["games"]) for r in rows),
        wins=sum(int(r["wins"]) for r in rows),
        draws=sum(int(r["draws"]) for r in rows),
        losses=sum(int(r["losses"]) for r in rows),
        score=pool_estimates([_estimate(r["score"]) for r in rows]),
        diff=pool_estimates([_estimate(r["point_diff"]) for r in rows]),
    )


def measure_strength(
    pairs: Sequence[Pair] = LADDER,
    preset_name: str = "classic",
    deals: int = 100,
    *,
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[Pair, int, int], None] | None = None,
    first_deal: int = 0,
) -> list[StrengthRow]:
    """Play every pair over ``deals`` duplicate deals of a preset in the arena, in every lineup
    and seat rotation (:func:`~briscola.tools.arena.lineups.play_lineups`).

    ``progress(pair, done, total)`` is called with the pair's games played so far. With
    ``first_deal`` the deals start there: chunks of one long run, pooled by
    :func:`~briscola.tools.bench.levels.plot.merge_reports` into the run's figures.
    """
    if deals < 1:
        raise LevelsBenchError("play at least one deal")
    if workers < 1:
        raise LevelsBenchError("use at least one worker")
    try:
        rules = preset(preset_name)
    except RulesetError as exc:
        raise LevelsBenchError(str(exc)) from None
    rows = []
    for pair in pairs:

        def tick(done: int, total: int, pair: Pair = pair) -> None:
            if progress is not None:
                progress(pair, done, total)

        try:
            match = play_lineups(
                pair.upper, pair.lower, deals, rules, seed=seed, workers=workers,
                progress=tick, first_deal=first_deal,
            )  # fmt: skip
        except (ArenaError, ArenaBackendError) as exc:
            raise LevelsBenchError(str(exc)) from None
        rows.append(
            StrengthRow(
                upper=pair.upper,
                lower=pair.lower,
                bar=pair.bar,
                deals=match.deals,
                **{f.name: getattr(match, f.name) for f in fields(Results)},
            )
        )
    return rows


_ENCOUNTERS = (
    "one a game: the first level's side against the other's (W-D-L count games)",
    "every seat of the first level against every seat of the other in a game, the higher score "
    "winning (settlement units in chiamata); W-D-L count these encounters",
)


def strength_json(
    rows: Sequence[StrengthRow],
    preset_name: str,
    deals: int,
    seed: int,
    workers: int,
    first_deal: int = 0,
) -> dict[str, Any]:
    """The rows and their settings, JSON-ready."""
    return {
        "format": "briscola-strength",
        "version": __version__,
        "preset": preset(preset_name).name,
        "deals": deals,
        "seed": seed,
        "first_deal": first_deal,
        "workers": workers,
        "score": "per deal, win 1, draw ½; 95% intervals over deals (Student's t)",
        "lineups": [list(x) for x in lineups(side_count(preset(preset_name)))],
        "encounters": _ENCOUNTERS[side_count(preset(preset_name)) > 2],
        "pairs": [r.to_dict() for r in rows],
        "met": all(r.met for r in rows),
    }
