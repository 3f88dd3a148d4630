"""Match formats: a single deal, best of N deals, first to N won deals, cumulative points, or a
session of N deals. The dealer passes to the next seat in the direction of play after each deal.

>>> from briscola.core.rules import preset
>>> m = Match(preset("classic"), MatchFormat.parse("best-of:3"), seed=1)
>>> while not m.is_over:
...     state = m.deal()
...     while not state.is_over:
...         state = state.apply(state.legal_actions()[0])
...     m.record(state.result())
>>> max(m.wins) >= 2 or len(m.deals) > 3, m.winner is not None
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from briscola.core.game import Result, State, new_game
from briscola.core.rules import Partnership, PointsTie, Ruleset
from briscola.core.text import ascii_number, excerpt

__all__ = [
    "DealSummary",
    "Match",
    "MatchFormat",
    "MatchFormatError",
    "MatchKind",
    "points_outcome",
]


class MatchFormatError(ValueError):
    """A match format that cannot be read."""


class MatchKind(Enum):
    """The kinds of match."""

    SINGLE = "single"  # one deal
    BEST_OF = "best-of"  # best of N deals (a majority of won deals)
    FIRST_TO = "first-to"  # first to N won deals
    POINTS = "points"  # first to N cumulative points (e.g. 120 over two deals)
    DEALS = "deals"  # a session of N deals, highest total wins (units in chiamata)


@dataclass(frozen=True)
class MatchFormat:
    """A kind of match and its number (ignored for a single deal)."""

    kind: MatchKind = MatchKind.SINGLE
    target: int = 1

    def __post_init__(self) -> None:
        if self.target < 1:
            raise MatchFormatError(f"a match target must be at least 1, not {self.target}")
        if self.kind is MatchKind.BEST_OF and self.target % 2 == 0:
            raise MatchFormatError(f"best of {self.target}: choose an odd number of deals")

    def __str__(self) -> str:
        return "single" if self.kind is MatchKind.SINGLE else f"{self.kind.value}:{self.target}"

    @classmethod
    def parse(cls, text: str) -> MatchFormat:
        """A format from ``single``, ``best-of:3``, ``first-to:2``, ``points:120`` or ``deals:5``.

        >>> MatchFormat.parse("best-of:5")
        MatchFormat(kind=<MatchKind.BEST_OF: 'best-of'>, target=5)
        >>> MatchFormat.parse("best-of")
        Traceback (most recent call last):
        ...
        briscola.core.match.MatchFormatError: 'best-of' needs a number, like best-of:3
        """
        key, _, number = text.strip().lower().replace("_", "-").partition(":")
        kinds = {k.value: k for k in MatchKind}
        if key not in kinds:
            raise MatchFormatError(
                f"unknown match format {excerpt(text)}: use single, best-of:N, first-to:N, "
                "points:N or deals:N"
            )
        kind = kinds[key]
        if kind is MatchKind.SINGLE:
            if number:
                raise MatchFormatError("a single deal takes no number")
            return cls()
        target = ascii_number(number)
        if target is None:
            raise MatchFormatError(f"{excerpt(text)} needs a number, like {key}:3")
        return cls(kind, target)


def points_outcome(
    totals: Sequence[int], target: int, tie: PointsTie = PointsTie.DRAW
) -> tuple[bool, int | None]:
    """A match on points: is it decided, and who won (None for a draw)?

    The one rule of the engine's matches and the score keeper (RULES.md: "two deals, 120 to
    win: 120-120 is a draw by default, option: one more deal"): the top total wins once it
    reaches ``target``; level top totals there are a draw, or with ``PointsTie.ONE_MORE`` the
    match goes on.

    >>> points_outcome((120, 120), 120), points_outcome((120, 120), 120, PointsTie.ONE_MORE)
    ((True, None), (False, None))
    >>> points_outcome((130, 110), 120), points_outcome((70, 50), 120)
    ((True, 0), (False, None))
    """
    top = max(totals)
    if top < target:
        return False, None
    leaders = [i for i, total in enumerate(totals) if total == top]
    if len(leaders) == 1:
        return True, leaders[0]
    return tie is PointsTie.DRAW, None


@dataclass(frozen=True)
class DealSummary:
    """One deal of a match: its dealer, its result, and whether it counted."""

    dealer: int
    result: Result
    counted: bool


@dataclass
class Match:
    """A match in progress: deals in turn, records results, knows the standing and the winner.

    Competitors are the sides for fixed teams, otherwise the seats (in Briscola chiamata the
    sides change every deal, so each seat keeps its own units).
    """

    ruleset: Ruleset
    format: MatchFormat = field(default_factory=MatchFormat)
    seed: int | str | None = None
    dealer: int = 0
    deals: list[DealSummary] = field(default_factory=list)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self.wins = [0] * self.competitors
        self.points = [0] * self.competitors

    @property
    def competitors(self) -> int:
        """How many competitors keep a score."""
        if self.ruleset.partnership is Partnership.ALTERNATE:
            return 2
        return self.ruleset.players

    def competitor_of(self, seat: int) -> int:
        """The competitor a seat scores for."""
        if self.ruleset.partnership is Partnership.ALTERNATE:
            return self.ruleset.team_of(seat)
        return seat

    def deal(self) -> State:
        """The next deal, shuffled from the match's seed, dealt by the current dealer."""
        if self.is_over:
            raise ValueError("the match is over")
        return new_game(self.ruleset, seed=self._rng.getrandbits(64), dealer=self.dealer)

    def record(self, result: Result) -> None:
        """Count a finished deal and pass the deal on (a deal to replay is dealt again)."""
        if self.is_over:
            raise ValueError("the match is over")
        counted = not result.replay
        self.deals.append(DealSummary(self.dealer, result, counted))
        if not counted:
            return
        if self.ruleset.partnership is Partnership.ALTERNATE:
            for team in range(2):
                self.wins[team] += int(result.winner == team)
                self.points[team] += result.team_points[team]
        else:
            chiamata = self.ruleset.partnership is Partnership.CALLED
            for seat in range(self.ruleset.players):
                side = result.teams[seat]
                self.wins[seat] += int(result.winner == side)
                self.points[seat] += result.units[seat] if chiamata else result.team_points[side]
        step = self.ruleset.step
        self.dealer = (self.dealer + step) % self.ruleset.players

    @property
    def counted_deals(self) -> int:
        """Deals that counted (replayed deals do not)."""
        return sum(1 for d in self.deals if d.counted)

    def _leader(self, scores: list[int]) -> int | None:
        top = max(scores)
        leaders = [i for i, s in enumerate(scores) if s == top]
        return leaders[0] if len(leaders) == 1 else None

    @property
    def is_over(self) -> bool:
        """True once the format's goal is reached by one competitor alone, or drawn (a points
        match or a session of N deals whose top totals are level, with ``points_tie`` draw)."""
        kind = self.format.kind
        if kind is MatchKind.POINTS:
            return points_outcome(self.points, self.format.target, self.ruleset.points_tie)[0]
        if kind is MatchKind.DEALS and self.counted_deals >= self.format.target:
            # a session of N deals: level top totals are a draw, or one more deal (points_tie)
            return self.winner is not None or self.ruleset.points_tie is PointsTie.DRAW
        return self.winner is not None or (kind is MatchKind.SINGLE and self.counted_deals >= 1)

    @property
    def winner(self) -> int | None:
        """The competitor who won the match, or None while it goes on (or for a drawn single)."""
        fmt, played = self.format, self.counted_deals
        if played == 0:
            return None
        if fmt.kind is MatchKind.SINGLE:
            return self._leader(self.wins) if max(self.wins) > 0 else None
        if fmt.kind is MatchKind.FIRST_TO:
            return self._leader(self.wins) if max(self.wins) >= fmt.target else None
        if fmt.kind is MatchKind.BEST_OF:
            left = max(fmt.target - played, 0)
            ordered = sorted(self.wins, reverse=True)
            if ordered[0] > ordered[1] + left:
                return self._leader(self.wins)
            return None
        if fmt.kind is MatchKind.POINTS:
            return points_outcome(self.points, fmt.target, self.ruleset.points_tie)[1]
        if played >= fmt.target:
            return self._leader(self.points)
        return None
