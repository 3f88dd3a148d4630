"""The arena's library API: :func:`run_arena` plays a tournament and returns an
:class:`ArenaResult`.

>>> result = run_arena(["simple", "random"], deals=4, seed=1)
>>> result.games_played, result.deals_played
(8, 4)
>>> pair = result.pairs[0]
>>> pair.wins + pair.draws + pair.losses == 8 and 0 <= pair.score.mean <= 1
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from briscola import __version__
from briscola.core.rules import Partnership, Ruleset, preset
from briscola.tools.arena.backends import run_tasks
from briscola.tools.arena.play import GameOutcome, Setup, Task, side_count
from briscola.tools.arena.players import PlayerSpec, parse_players
from briscola.tools.arena.stats import Estimate, SprtConfig, mean_ci, score_to_elo, sprt_llr
from briscola.tools.arena.summary import PairStats, PlayerStats, deal_pairs, pair_stats, standings

__all__ = ["ArenaError", "ArenaResult", "SprtOutcome", "run_arena"]


class ArenaError(ValueError):
    """Arena settings that cannot be played (too few players, an SPRT for more than two, …)."""


@dataclass(frozen=True)
class SprtOutcome:
    """How a sequential test ended: ``decision`` is ``"H1"`` (the first player is stronger by
    about ``elo1``), ``"H0"`` (not stronger than ``elo0``) or None (no decision within the deals
    allowed). ``path`` is the log-likelihood ratio after each deal."""

    config: SprtConfig
    llr: float
    decision: str | None
    deals: int
    path: tuple[float, ...]
    score: Estimate

    @property
    def elo(self) -> Estimate:
        """The first player's Elo advantage, with the interval of its score."""
        s = self.score
        return Estimate(score_to_elo(s.mean), score_to_elo(s.low), score_to_elo(s.high), s.n, s.sd)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            **self.config.to_dict(),
            "lower": self.config.lower,
            "upper": self.config.upper,
            "llr": self.llr,
            "decision": self.decision,
            "deals": self.deals,
            "score": self.score.to_dict(),
            "elo": self.elo.to_dict(),
            "llr_path": list(self.path),
        }


@dataclass
class ArenaResult:
    """Everything an arena produced: settings, every game, head-to-head stats, standings."""

    players: list[PlayerSpec]
    ruleset: Ruleset
    seed: int
    deals_requested: int
    deals_played: int
    workers: int
    backend: str
    games: list[GameOutcome]
    pairs: list[PairStats]
    standings: list[PlayerStats]
    sprt: SprtOutcome | None = None
    seconds: float = 0.0
    version: str = field(default=__version__)

    @property
    def labels(self) -> list[str]:
        """The players' labels, in the order given."""
        return [p.label for p in self.players]

    @property
    def games_played(self) -> int:
        """Games played (every rotation of every deal of every matchup)."""
        return len(self.games)

    @property
    def score_unit(self) -> str:
        """What a score counts: ``points``, or settlement ``units`` in Briscola chiamata."""
        return "units" if self.ruleset.partnership is Partnership.CALLED else "points"

    def pair(self, a: int, b: int) -> PairStats | None:
        """Player ``a`` against player ``b`` (either order), or None if they never met."""
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.b, p.a) == (a, b):
                return p.flipped()
        return None

    def matrix(self) -> list[list[float | None]]:
        """``m[i][j]``: player ``i``'s mean score against ``j`` (None on the diagonal)."""
        n = len(self.players)
        out: list[list[float | None]] = [[None] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                p = self.pair(i, j) if i != j else None
                out[i][j] = p.score.mean if p is not None else None
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: settings, players, pairs, standings, the SPRT and every game."""
        return {
            "format": "briscola-arena",
            "version": self.version,
            "ruleset": self.ruleset.to_dict(),
            "seed": self.seed,
            "deals_requested": self.deals_requested,
            "deals_played": self.deals_played,
            "games_played": self.games_played,
            "workers": self.workers,
            "backend": self.backend,
            "seconds": self.seconds,
            "score_unit": self.score_unit,
            "players": [p.to_dict() for p in self.players],
            "pairs": [p.to_dict() for p in self.pairs],
            "standings": [s.to_dict() for s in self.standings],
            "matrix": self.matrix(),
            "sprt": None if self.sprt is None else self.sprt.to_dict(),
            "games": [g.to_dict() for g in self.games],
        }

    def to_json(self, indent: int | None = 2) -> str:
        """The result as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def to_markdown(self) -> str:
        """A report in Markdown: settings, standings, head-to-head table, the SPRT."""
        from briscola.tools.arena.report import markdown

        return markdown(self)

    def write(self, out: str | Path, *, plots: bool = True) -> list[Path]:
        """Write ``results.json``, ``results.md`` and (with matplotlib) the PNG plots into
        ``out``; the paths written."""
        from briscola.tools.arena.report import write_outputs

        return write_outputs(self, Path(out), plots=plots)


def _ruleset(preset_: str | Ruleset, options: Mapping[str, Any] | None) -> Ruleset:
    rules = preset_ if isinstance(preset_, Ruleset) else preset(preset_)
    return rules.with_options(**options) if options else rules


def run_arena(
    players: Sequence[str | PlayerSpec],
    deals: int = 100,
    preset: str | Ruleset = "classic",
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    *,
    sprt: SprtConfig | str | None = None,
    backend: str = "process",
    address: str | None = None,
    timeout: float = 30.0,
    records: bool = False,
    bootstrap: int = 200,
    progress: Callable[[int, int], None] | None = None,
    first_deal: int = 0,
) -> ArenaResult:
    """Play a duplicate tournament and summarize it.

    ``players`` are specs (registry levels such as ``simple``, or ``engine:COMMAND``; see
    :mod:`.players`) or :class:`PlayerSpec`. Every matchup of as many players as the ruleset has
    sides (all pairs for two sides) plays ``deals`` deals, each in every seat rotation. With
    ``sprt`` (two players, two sides) the deals stop as soon as the test decides; ``deals`` is
    then the most it may play. ``progress(done, total)`` is called with games played.
    The same arguments give the same result, whatever ``workers`` and ``backend``; ``address``
    names a running Ray cluster for the ray backend (see :func:`.backends.run_tasks`).
    ``first_deal`` starts at that deal of the seed's sequence: a long run may be played in
    chunks (deals 0–99, then 100–199, …) that together hold the games of one run.
    """
    specs_all = _specs(players)
    rules = _ruleset(preset, options)
    sides = side_count(rules)
    if deals < 1:
        raise ArenaError("play at least one deal")
    if first_deal < 0:
        raise ArenaError("the first deal is 0 or more")
    if len(specs_all) < 2:
        raise ArenaError("an arena needs at least two players")
    if len(specs_all) < sides:
        raise ArenaError(
            f"{rules.name} seats {sides} sides: give at least {sides} players "
            "(a name may be repeated, e.g. simple simple random)"
        )
    config = SprtConfig.parse(sprt) if isinstance(sprt, str) else sprt
    if config is not None and (len(specs_all) != 2 or sides != 2):
        raise ArenaError("an SPRT compares two players in a two-sided game (classic, pairs, …)")
    matchups = list(combinations(range(len(specs_all)), sides))
    chunk = range(first_deal, first_deal + deals)
    tasks = [Task(m, players_, d) for d in chunk for m, players_ in enumerate(matchups)]
    setup = Setup(rules, tuple(specs_all), seed, timeout, records)
    total = len(tasks) * sides
    start = time.perf_counter()
    done: dict[int, list[GameOutcome]] = {}
    games: list[GameOutcome] = []
    path: list[float] = []
    deal_scores: list[float] = []
    decision: str | None = None
    next_index = 0
    played = 0
    results = run_tasks(setup, tasks, workers, backend, address)
    try:
        for index, outcomes in results:
            done[index] = outcomes
            played += len(outcomes)
            if progress is not None:
                progress(played, total)
            while next_index in done:  # take tasks in order, so an SPRT stops at one place
                outcomes = done.pop(next_index)
                next_index += 1
                games.extend(outcomes)
                if config is not None:
                    deal_scores.append(_first_score(outcomes))
                    path.append(sprt_llr(deal_scores, config.elo0, config.elo1))
                    decision = config.decide(path[-1])
                    if decision is not None:
                        break
            if decision is not None:
                break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    games.sort(key=lambda g: (g.deal, g.matchup, g.rotation))
    per_deal = deal_pairs(games)
    n = len(specs_all)
    sprt_outcome = None
    if config is not None:
        sprt_outcome = SprtOutcome(
            config,
            path[-1] if path else 0.0,
            decision,
            len(deal_scores),
            tuple(path),
            mean_ci(deal_scores),
        )
    return ArenaResult(
        players=specs_all,
        ruleset=rules,
        seed=seed,
        deals_requested=deals,
        deals_played=len({g.deal for g in games}),
        workers=workers,
        backend=backend,
        games=games,
        pairs=pair_stats(per_deal, n),
        standings=standings(per_deal, n, bootstrap=bootstrap, seed=seed),
        sprt=sprt_outcome,
        seconds=time.perf_counter() - start,
    )


def _first_score(outcomes: Sequence[GameOutcome]) -> float:
    """Player 0's mean score against player 1 over one deal's games (win 1, draw ½)."""
    total = 0.0
    for g in outcomes:
        mine, theirs = g.score_of(0), g.score_of(1)
        total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return total / len(outcomes)


def _specs(players: Sequence[str | PlayerSpec]) -> list[PlayerSpec]:
    texts = iter(parse_players([p for p in players if isinstance(p, str)]))
    out = [p if isinstance(p, PlayerSpec) else next(texts) for p in players]
    if len({p.label for p in out}) != len(out):
        raise ArenaError("two players have the same label: name them with NAME=SPEC")
    return out
