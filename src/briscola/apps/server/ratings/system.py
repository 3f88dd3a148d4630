"""The rating system: OpenSkill's Plackett-Luce model (Weng-Lin), one system for every game kind.

One system rather than Glicko-2 for two players and another for the rest: OpenSkill rates two
players, two teams of two or three and the five seats of chiamata (two sides known only at the
end) with the same maths, updates after each game (no rating periods to batch them in), and gives
one scale and one "how sure" measure (``sigma``) for the provisional mark in every game kind. Its
maths are the library's, tested by the library; this module only sets its scale and reads it.

The scale is the familiar 1500 one: ``mu`` starts at :data:`MU` and is the displayed rating,
``sigma`` (the uncertainty) at :data:`SIGMA`. ``beta`` (how much one game says) is large because
a Briscola deal carries much luck: two new players' first game moves each by about 100.

>>> a, b = update([[Skill(1500.0, 350.0)], [Skill(1500.0, 350.0)]], [1, 2])
>>> round(a[0].mu), round(b[0].mu), a[0].sigma < 350.0
(1601, 1399, True)
>>> provisional(games=3, sigma=200.0), provisional(games=12, sigma=240.0)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

__all__ = ["BETA", "MU", "PROVISIONAL_GAMES", "PROVISIONAL_SIGMA", "SIGMA", "TAU", "Skill",
           "provisional", "shown", "update"]  # fmt: skip

MU: Final = 1500.0
"""A new player's rating (OpenSkill's ``mu``), the displayed one."""
SIGMA: Final = 350.0
"""A new player's uncertainty (OpenSkill's ``sigma``)."""
BETA: Final = 250.0
"""How far one game's performance strays from the skill: Briscola's luck makes it large."""
TAU: Final = 3.5
"""The uncertainty added before each game, so that a rating can move again after a long run."""
PROVISIONAL_GAMES: Final = 10
"""A rating is provisional until this many rated games of its kind..."""
PROVISIONAL_SIGMA: Final = 250.0
"""...and while its uncertainty is above this (about a dozen games against known players)."""

_MODEL: Final = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True)
class Skill:
    """A rating as stored: ``mu`` (the displayed rating) and ``sigma`` (its uncertainty)."""

    mu: float = MU
    sigma: float = SIGMA


def update(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Everybody's new skill after a game of ``teams`` (each a side's players) that ended in
    ``ranks`` (1 first; equal ranks a draw), in the same shape."""
    rated = _MODEL.rate(
        [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
        ranks=[float(r) for r in ranks],
    )
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def shown(mu: float) -> int:
    """The rating as people see it: a whole number."""
    return round(mu)


def provisional(games: int, sigma: float) -> bool:
    """A rating still being found: too few rated games, or still too uncertain."""
    return games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA
