"""Two players against each other in any preset: lineups, every seat rotation, one score.

A two-sided game (classic, scoperta, and the team games pairs and six, where both seats of a team
are played by the same bot) seats one player per side: one lineup, the arena's duplicate pair.
With three or five sides (three players, each for themselves; Briscola chiamata, whose teams come
from the auction) the sides alternate the two players, in two lineups, each played in every
rotation: ``A B A`` and ``B A B`` in three players (one level against two of the other, and the
reverse), ``A B A B A`` and ``B A B A B`` in chiamata. Over a deal every seat is then played by each
player equally often (in chiamata 5 times of its 10 games).

The first player's score counts every encounter of a seat of one player with a seat of the other
in the same game (the higher score wins, equal scores draw: the arena's reading of a game of three
or more sides; in chiamata the scores are settlement units, so two seats of one team that settle
alike draw); encounters of two seats of the same player are left out. A deal's encounters, over
both lineups and every rotation, are averaged into one value and the 95% interval is over deals.

>>> match = play_lineups("simple", "random", deals=2, preset="three", seed=4)
>>> match.lineups, match.deals, match.games
(((0, 1, 0), (1, 0, 1)), 2, 24)
>>> match.wins + match.draws + match.losses == match.games
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from itertools import combinations
from typing import Any

from briscola.core.rules import Ruleset
from briscola.core.rules import preset as make_preset
from briscola.tools.arena.core import ArenaError, run_arena
from briscola.tools.arena.play import GameOutcome, side_count
from briscola.tools.arena.players import parse_player, parse_players
from briscola.tools.arena.summary import DealPair, Results, pair_stats

__all__ = ["LineupMatch", "lineups", "play_lineups"]


def lineups(sides: int) -> tuple[tuple[int, ...], ...]:
    """Which of the two players (0: the first, 1: the second) holds each side, lineup by lineup:
    the sides alternate, and with an odd number of sides the complement is played too (with an
    even number it is one of the first lineup's rotations).

    >>> lineups(2), lineups(5)
    (((0, 1),), ((0, 1, 0, 1, 0), (1, 0, 1, 0, 1)))
    """
    if sides < 2:
        raise ArenaError("a lineup needs at least two sides")
    first = tuple(side % 2 for side in range(sides))
    if sides % 2 == 0:
        return (first,)
    return (first, tuple(1 - p for p in first))


@dataclass(frozen=True, kw_only=True)
class LineupMatch(Results):
    """``first`` against ``second`` over ``deals`` deals, every lineup and rotation: the first's
    encounters (win 1, draw ½) and score margin per encounter, with 95% intervals over deals."""

    first: str
    second: str
    ruleset: Ruleset
    deals: int
    lineups: tuple[tuple[int, ...], ...]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "first": self.first,
            "second": self.second,
            "preset": self.ruleset.name,
            "deals": self.deals,
            "lineups": [list(x) for x in self.lineups],
            "seconds": self.seconds,
            **self.results_dict(),
        }


def _add_encounters(table: dict[int, DealPair], game: GameOutcome, lineup: tuple[int, ...]) -> None:
    """Count a game's encounters between a seat of the first player and one of the second."""
    for i, j in combinations(range(len(game.slots)), 2):
        a, b = lineup[game.slots[i]], lineup[game.slots[j]]
        if a == b:
            continue
        si, sj = game.scores[i], game.scores[j]
        mine, theirs = (si, sj) if a == 0 else (sj, si)
        table.setdefault(game.deal, DealPair()).add(mine, theirs)


def play_lineups(
    first: str,
    second: str,
    deals: int = 100,
    preset: str | Ruleset = "classic",
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    *,
    backend: str = "process",
    progress: Callable[[int, int], None] | None = None,
    first_deal: int = 0,
) -> LineupMatch:
    """Play ``first`` against ``second`` (player specs, see :mod:`.players`) in every lineup of
    the ruleset, each on the same ``deals`` duplicate deals of ``seed`` in every rotation.

    ``progress(done, total)`` is called with the games played over all lineups. Two copies of one
    bot score exactly 50%: every deal is a mirror of itself. ``first_deal`` plays the deals from
    that one on (a chunk of a longer run; see :func:`.core.run_arena`).
    """
    rules = preset if isinstance(preset, Ruleset) else make_preset(preset)
    if options:
        rules = rules.with_options(**options)
    names = (parse_player(first).label, parse_player(second).label)
    if names[0] == names[1]:
        names = (names[0], names[1] + "#2")
    plan = lineups(side_count(rules))
    per_game = side_count(rules) * deals
    table: dict[int, DealPair] = {}
    start = time.perf_counter()
    for k, lineup in enumerate(plan):

        def tick(done: int, total: int, before: int = k * per_game) -> None:
            if progress is not None:
                progress(before + done, per_game * len(plan))

        specs = parse_players([(first, second)[p] for p in lineup])
        result = run_arena(
            specs, deals, rules, seed=seed, workers=workers, backend=backend, bootstrap=0,
            progress=tick, first_deal=first_deal,
        )  # fmt: skip
        for game in result.games:
            _add_encounters(table, game, lineup)
    (stats,) = pair_stats({d: {(0, 1): pair} for d, pair in table.items()}, 2)
    return LineupMatch(
        first=names[0],
        second=names[1],
        ruleset=rules,
        deals=stats.deals,
        lineups=plan,
        seconds=time.perf_counter() - start,
        **{f.name: getattr(stats, f.name) for f in fields(Results)},
    )
