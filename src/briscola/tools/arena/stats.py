"""The arena's statistics: means with 95% intervals, Bradley–Terry ratings, the SPRT.

Duplicate games are correlated (the same cards, seats swapped), so every interval is computed over
*deals*: the games of one deal are averaged into one value first, and the deals are the
independent samples.

>>> est = mean_ci([0.5, 1.0, 0.75, 0.25])
>>> round(est.mean, 3), round(est.low, 3), round(est.high, 3)
(0.625, 0.112, 1.138)
>>> round(score_to_elo(0.75), 1)
190.8
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

__all__ = [
    "Estimate",
    "Rating",
    "SprtConfig",
    "SprtError",
    "bootstrap_ratings",
    "bradley_terry",
    "elo_to_score",
    "mean_ci",
    "pool_estimates",
    "score_to_elo",
    "sprt_llr",
    "t975",
]

_Z975 = 1.959963984540054
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (two-sided 95%).

    >>> t975(1), t975(10), round(t975(1000), 3)
    (12.706, 2.228, 1.962)
    """
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975  # Cornish–Fisher expansion: exact to 3 decimals beyond 30 degrees of freedom
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` independent samples with its 95% confidence interval (Student's t).

    With fewer than two samples the interval is unknown (``nan``).
    """

    mean: float
    low: float
    high: float
    n: int
    sd: float

    @property
    def half_width(self) -> float:
        """Half the interval's width (the ``±``)."""
        return (self.high - self.low) / 2

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (unknown values as null)."""
        return {k: _json_float(getattr(self, k)) for k in ("mean", "low", "high", "sd")} | {
            "n": self.n
        }


def _json_float(x: float) -> float | None:
    return None if math.isnan(x) or math.isinf(x) else x


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its 95% interval ``mean ± t·sd/√n``."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1, math.nan)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t975(n - 1) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, sd)


def pool_estimates(parts: Sequence[Estimate]) -> Estimate:
    """The estimate of all the samples of ``parts`` together (each a :func:`mean_ci` of its own
    samples): the same mean, deviation and interval as :func:`mean_ci` over every sample.

    >>> a, b = [0.5, 1.0, 0.75], [0.25, 0.0, 1.0, 0.5]
    >>> whole, pooled = mean_ci(a + b), pool_estimates([mean_ci(a), mean_ci(b)])
    >>> pairs = zip(asdict(whole).values(), asdict(pooled).values(), strict=True)
    >>> pooled.n, all(math.isclose(x, y) for x, y in pairs)
    (7, True)
    """
    parts = [p for p in parts if p.n > 0]
    n = sum(p.n for p in parts)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, math.nan)
    mean = math.fsum(p.n * p.mean for p in parts) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1, math.nan)
    within = math.fsum((p.n - 1) * p.sd**2 for p in parts if p.n > 1)
    between = math.fsum(p.n * (p.mean - mean) ** 2 for p in parts)
    sd = math.sqrt((within + between) / (n - 1))
    half = t975(n - 1) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, sd)


def score_to_elo(score: float) -> float:
    """The Elo difference that makes ``score`` (0–1) the expected score; clipped to ±1200."""
    s = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / s - 1)


def elo_to_score(elo: float) -> float:
    """The expected score for an Elo difference.

    >>> elo_to_score(0), round(elo_to_score(400), 4)
    (0.5, 0.9091)
    """
    return 1 / (1 + 10 ** (-elo / 400))


# -- Bradley–Terry -------------------------------------------------------------------------------


def bradley_terry(
    players: int,
    results: Mapping[tuple[int, int], tuple[float, float]],
    *,
    prior: float = 1.0,
    tol: float = 1e-10,
    max_iter: int = 10_000,
) -> list[float]:
    """Bradley–Terry strengths as Elo ratings (mean 0) from pairwise results.

    ``results[(i, j)] = (score of i, games)`` for ``i < j``: ``score`` counts a win 1 and a draw
    ½. ``prior`` adds that many drawn games to every pair that played, so that a player who won
    everything gets a finite rating. Fitted by minorization–maximization (Hunter, 2004).

    >>> r = bradley_terry(2, {(0, 1): (75.0, 100.0)}, prior=0)
    >>> round(r[0] - r[1], 1)  # 75% expected score: 190.8 Elo
    190.8
    """
    wins = [0.0] * players
    games: dict[tuple[int, int], float] = {}
    for (i, j), (score, n) in results.items():
        if n <= 0:
            continue
        a, b = (i, j) if i < j else (j, i)
        s_i = score if i < j else n - score
        wins[a] += s_i + prior / 2
        wins[b] += n - s_i + prior / 2
        games[(a, b)] = games.get((a, b), 0.0) + n + prior
    strength = [1.0] * players
    for _ in range(max_iter):
        denom = [0.0] * players
        for (a, b), n in games.items():
            share = n / (strength[a] + strength[b])
            denom[a] += share
            denom[b] += share
        new = [
            (wins[i] / denom[i] if denom[i] > 0 and wins[i] > 0 else strength[i])
            for i in range(players)
        ]
        new = [max(x, 1e-300) for x in new]
        gmean = math.exp(math.fsum(math.log(x) for x in new) / players)
        new = [x / gmean for x in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True))
        strength = new
        if change < tol:
            break
    elo = [400 * math.log10(x) for x in strength]
    mean = math.fsum(elo) / players
    return [e - mean for e in elo]


@dataclass(frozen=True)
class Rating:
    """A player's Bradley–Terry rating (Elo scale, mean 0) with a 95% bootstrap interval."""

    player: int
    elo: float
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (an interval that could not be estimated is null)."""
        return {**asdict(self), "low": _json_float(self.low), "high": _json_float(self.high)}


def bootstrap_ratings(
    players: int,
    per_deal: Mapping[int, Mapping[tuple[int, int], tuple[float, float]]],
    *,
    samples: int = 200,
    seed: int = 0,
    prior: float = 1.0,
) -> list[Rating]:
    """Bradley–Terry ratings with 95% intervals from a bootstrap over deals.

    ``per_deal[d][(i, j)] = (score of i, games)`` holds deal ``d``'s games. Resampling whole deals
    keeps each deal's correlated games together; the interval is the 2.5–97.5 percentile range.
    """
    deals = sorted(per_deal)
    point = bradley_terry(players, _sum_pairs(per_deal[d] for d in deals), prior=prior)
    if len(deals) < 2 or samples < 2:
        return [Rating(i, point[i], math.nan, math.nan) for i in range(players)]
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(players)]
    for _ in range(samples):
        picked = rng.choices(deals, k=len(deals))
        fit = bradley_terry(players, _sum_pairs(per_deal[d] for d in picked), prior=prior)
        for i, value in enumerate(fit):
            draws[i].append(value)
    out = []
    for i in range(players):
        values = sorted(draws[i])
        out.append(Rating(i, point[i], _percentile(values, 0.025), _percentile(values, 0.975)))
    return out


def _sum_pairs(
    tables: Iterable[Mapping[tuple[int, int], tuple[float, float]]],
) -> dict[tuple[int, int], tuple[float, float]]:
    total: dict[tuple[int, int], tuple[float, float]] = {}
    for table in tables:
        for key, (score, n) in table.items():
            s, g = total.get(key, (0.0, 0.0))
            total[key] = (s + score, g + n)
    return total


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


# -- the sequential probability ratio test -------------------------------------------------------


class SprtError(ValueError):
    """SPRT settings that cannot be read."""


@dataclass(frozen=True)
class SprtConfig:
    """A sequential test of H0: A is ``elo0`` stronger than B, against H1: ``elo1`` stronger.

    ``alpha`` is the chance of accepting H1 when H0 holds, ``beta`` of accepting H0 under H1.

    >>> cfg = SprtConfig.parse("elo0=0,elo1=20,alpha=0.05,beta=0.05")
    >>> round(cfg.lower, 3), round(cfg.upper, 3)
    (-2.944, 2.944)
    """

    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise SprtError("alpha and beta must lie strictly between 0 and 1")
        if self.elo1 <= self.elo0:
            raise SprtError(f"elo1 ({self.elo1:g}) must be greater than elo0 ({self.elo0:g})")

    @classmethod
    def parse(cls, text: str) -> SprtConfig:
        """Settings from ``elo0=0,elo1=20,alpha=0.05,beta=0.05`` (any subset; the rest default)."""
        values: dict[str, float] = {}
        for item in text.replace(";", ",").split(","):
            if not item.strip():
                continue
            key, sep, value = item.partition("=")
            key = key.strip().lower()
            if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
                raise SprtError(
                    f"{item.strip()!r}: write elo0=…,elo1=…,alpha=…,beta=… "
                    "(e.g. elo0=0,elo1=20,alpha=0.05,beta=0.05)"
                )
            try:
                values[key] = float(value)
            except ValueError:
                raise SprtError(f"{key} must be a number, not {value.strip()!r}") from None
        return cls(**values)

    @property
    def lower(self) -> float:
        """Accept H0 when the log-likelihood ratio falls to this bound."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 when the log-likelihood ratio rises to this bound."""
        return math.log((1 - self.beta) / self.alpha)

    def decide(self, llr: float) -> str | None:
        """``"H1"``, ``"H0"`` or None (go on)."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def to_dict(self) -> dict[str, float]:
        """JSON-ready data."""
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}


_PSEUDO = (0.0, 0.25, 0.5, 0.75, 1.0)


def sprt_llr(values: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalized SPRT's log-likelihood ratio for per-deal scores ``values`` (0–1).

    Each value is A's mean score over one deal's duplicate games (0, ¼, ½, ¾ or 1 for a pair:
    the pentanomial model). With mean ``m`` and variance ``v`` of the values, ``n`` of them, and
    ``s0``, ``s1`` the expected scores of ``elo0`` and ``elo1``, the ratio is approximately
    ``n (s1 − s0)(2m − s0 − s1) / (2v)`` (the normal approximation used by chess testing
    frameworks). Half a pseudo-deal at each of 0, ¼, ½, ¾, 1 keeps ``v`` above zero early on.

    >>> sprt_llr([1.0] * 30, 0, 20) > 2.95 > sprt_llr([0.5] * 30, 0, 20)
    True
    """
    n = len(values)
    if n == 0:
        return 0.0
    weight = 0.5
    total = n + weight * len(_PSEUDO)
    mean = (math.fsum(values) + weight * math.fsum(_PSEUDO)) / total
    square = (math.fsum(v * v for v in values) + weight * math.fsum(p * p for p in _PSEUDO)) / total
    var = max(square - mean * mean, 1e-9)
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
