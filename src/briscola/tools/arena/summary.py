"""From games to numbers: pairwise results per deal, head-to-head stats, standings, ratings.

Every game is read as encounters between the sides that played it: in a two-sided game one
encounter, in a game of three or more sides one encounter between every two of them (the higher
score wins, equal scores draw). A deal's encounters between two players (all its rotations) are
averaged into one value, so intervals are computed over deals (see :mod:`.stats`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from briscola.tools.arena.play import GameOutcome
from briscola.tools.arena.stats import Estimate, Rating, bootstrap_ratings, mean_ci, score_to_elo

__all__ = [
    "DealPair",
    "PairStats",
    "PlayerStats",
    "Results",
    "deal_pairs",
    "pair_stats",
    "standings",
]


@dataclass
class DealPair:
    """The encounters of players ``a < b`` in one deal: ``a``'s score sum (win 1, draw ½), the
    number of encounters, the sum of ``a``'s point differences, and ``a``'s wins, draws, losses."""

    score: float = 0.0
    games: int = 0
    diff: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, mine: float, theirs: float) -> None:
        """Count one encounter, ``mine`` against ``theirs``."""
        self.games += 1
        self.diff += mine - theirs
        if mine > theirs:
            self.wins += 1
            self.score += 1
        elif mine == theirs:
            self.draws += 1
            self.score += 0.5
        else:
            self.losses += 1


def deal_pairs(games: Iterable[GameOutcome]) -> dict[int, dict[tuple[int, int], DealPair]]:
    """``out[deal][(a, b)]``: the encounters of arena players ``a < b`` in each deal."""
    out: dict[int, dict[tuple[int, int], DealPair]] = {}
    for game in games:
        table = out.setdefault(game.deal, {})
        for i, j in combinations(range(len(game.slots)), 2):
            a, b = game.slots[i], game.slots[j]
            sa, sb = game.scores[i], game.scores[j]
            if a > b:
                a, b, sa, sb = b, a, sb, sa
            table.setdefault((a, b), DealPair()).add(sa, sb)
    return out


@dataclass(frozen=True, kw_only=True)
class Results:
    """Encounters and their results, with the score per deal (win 1, draw ½) and the point
    difference per encounter, each with its 95% interval."""

    games: int
    wins: int
    draws: int
    losses: int
    score: Estimate
    diff: Estimate

    def results_dict(self) -> dict[str, Any]:
        """The results as JSON-ready data."""
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score.to_dict(),
            "point_diff": self.diff.to_dict(),
        }


@dataclass(frozen=True, kw_only=True)
class PairStats(Results):
    """Player ``a`` against player ``b`` over ``deals`` deals: the results of ``a``."""

    a: int
    b: int
    deals: int

    @property
    def elo(self) -> float:
        """The Elo difference matching ``a``'s score."""
        return score_to_elo(self.score.mean)

    def flipped(self) -> PairStats:
        """The same pair seen from ``b``."""
        s, d = self.score, self.diff
        return replace(
            self, a=self.b, b=self.a, wins=self.losses, losses=self.wins,
            score=Estimate(1 - s.mean, 1 - s.high, 1 - s.low, s.n, s.sd),
            diff=Estimate(-d.mean, -d.high, -d.low, d.n, d.sd),
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            **self.results_dict(),
            "elo_diff": self.elo,
        }


def pair_stats(
    per_deal: dict[int, dict[tuple[int, int], DealPair]], players: int
) -> list[PairStats]:
    """Head-to-head statistics of every pair that met, ``a < b``."""
    out = []
    for a, b in combinations(range(players), 2):
        rows = [table[(a, b)] for _, table in sorted(per_deal.items()) if (a, b) in table]
        if not rows:
            continue
        out.append(
            PairStats(
                a=a,
                b=b,
                deals=len(rows),
                games=sum(r.games for r in rows),
                wins=sum(r.wins for r in rows),
                draws=sum(r.draws for r in rows),
                losses=sum(r.losses for r in rows),
                score=mean_ci([r.score / r.games for r in rows]),
                diff=mean_ci([r.diff / r.games for r in rows]),
            )
        )
    return out


@dataclass(frozen=True, kw_only=True)
class PlayerStats(Results):
    """One player against the whole field: its results (score and point difference per deal
    averaged over its opponents) and its rating."""

    player: int
    rating: Rating | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "player": self.player,
            **self.results_dict(),
            "rating": None if self.rating is None else self.rating.to_dict(),
        }


def standings(
    per_deal: dict[int, dict[tuple[int, int], DealPair]],
    players: int,
    *,
    bootstrap: int = 200,
    seed: int = 0,
) -> list[PlayerStats]:
    """Every player's standing, best rating first (by score when there are no ratings)."""
    ratings: Sequence[Rating | None] = [None] * players
    if players >= 2 and per_deal:
        table = {
            d: {key: (p.score, float(p.games)) for key, p in pairs.items()}
            for d, pairs in per_deal.items()
        }
        ratings = bootstrap_ratings(players, table, samples=bootstrap, seed=seed)
    out = []
    for p in range(players):
        scores: list[float] = []
        diffs: list[float] = []
        wins = draws = losses = games = 0
        for _, pairs in sorted(per_deal.items()):
            mine = [(key, r) for key, r in pairs.items() if p in key]
            if not mine:
                continue
            n = sum(r.games for _, r in mine)
            s = sum(r.score if key[0] == p else r.games - r.score for key, r in mine)
            d = sum(r.diff if key[0] == p else -r.diff for key, r in mine)
            scores.append(s / n)
            diffs.append(d / n)
            games += n
            for key, r in mine:
                w, lo = (r.wins, r.losses) if key[0] == p else (r.losses, r.wins)
                wins, losses, draws = wins + w, losses + lo, draws + r.draws
        stats = PlayerStats(
            player=p, games=games, wins=wins, draws=draws, losses=losses,
            score=mean_ci(scores), diff=mean_ci(diffs), rating=ratings[p],
        )  # fmt: skip
        out.append(stats)
    out.sort(key=lambda s: -(s.rating.elo if s.rating is not None else s.score.mean))
    return out
