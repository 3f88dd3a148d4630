"""What a score sheet holds at one point of its log (:class:`SheetState`) and what it says
about the game in progress: who has won it (:func:`game_result`), whether a deal is being
written (:func:`deal_in_progress`) or is a draw (:func:`deal_is_draw`), whether a win takes the
match (:func:`decides_match`), and who a reference names (:func:`find_competitor`).

:mod:`briscola.scorekeeper.commands` changes it; its names are importable from there too. Pure:
standard library only.

>>> state = SheetState.new("Sera", [Competitor("Anna"), Competitor("Bruno")], Target(),
...                        SheetFormat(), declarations=False)
>>> state.deals[-1] = [40, 20]
>>> deal_in_progress(state), game_result(state), find_competitor(state, "bru")
(True, (<Outcome.PLAYING: 'playing'>, None), 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from briscola.core.match import points_outcome
from briscola.core.rules import PointsTie
from briscola.scorekeeper.messages import DEFAULT_LANG, ScoreError, t
from briscola.scorekeeper.terms import (
    DEAL_POINTS,
    Competitor,
    GameEntry,
    Outcome,
    SheetFormat,
    Target,
    clean_name,
)

__all__ = [
    "Change",
    "SheetState",
    "add_competitor",
    "deal_in_progress",
    "deal_is_draw",
    "decides_match",
    "find_competitor",
    "game_result",
]


@dataclass(frozen=True)
class Change:
    """One change to a sheet, as the undo and redo buttons report it."""

    op: str
    params: Mapping[str, Any]

    def describe(self, lang: str = DEFAULT_LANG) -> str:
        """The change in a few words, e.g. ``Anna +10`` or ``nuova partita``."""
        params = dict(self.params)
        if "allowed" in params:
            params["value"] = t("yes" if params.pop("allowed") else "no", lang)
        return t(f"change.{self.op}", lang, **params)


@dataclass
class SheetState:
    """What a sheet holds at one point of its log (mutable: commands change it in place)."""

    name: str
    competitors: list[Competitor]
    target: Target
    format: SheetFormat
    declarations: bool
    deals: list[list[int]]
    history: list[GameEntry]
    standing: list[int]
    match: int = 1
    points_tie: PointsTie = PointsTie.DRAW  # level at the target: a draw, or one more deal

    @classmethod
    def new(
        cls,
        name: str,
        competitors: Iterable[Competitor],
        target: Target,
        format: SheetFormat,
        declarations: bool,
        points_tie: PointsTie = PointsTie.DRAW,
    ) -> SheetState:
        """A fresh sheet's state: no points yet; at least two competitors, named apart."""
        state = cls(name, [], target, format, declarations, deals=[[]], history=[], standing=[])
        state.points_tie = points_tie
        for person in competitors:
            add_competitor(state, person)
        if len(state.competitors) < 2:
            raise ScoreError("too_few_competitors")
        return state

    def copy(self) -> SheetState:
        """A copy that commands can change without touching this one."""
        return replace(
            self,
            competitors=list(self.competitors),
            deals=[list(d) for d in self.deals],
            history=list(self.history),
            standing=list(self.standing),
        )

    @property
    def names(self) -> list[str]:
        """The competitors' names, in order."""
        return [c.name for c in self.competitors]

    def totals(self) -> list[int]:
        """Each competitor's total in the game in progress."""
        return [sum(column) for column in zip(*self.deals, strict=True)]


def find_competitor(state: SheetState, ref: int | str) -> int:
    """The position of a competitor given by position, name, member's name or name start."""
    names = state.names
    if isinstance(ref, int):
        if 0 <= ref < len(names):
            return ref
        raise ScoreError("unknown_competitor", ref=str(ref), names=", ".join(names))
    text = " ".join(str(ref).split())
    key = text.casefold()
    exact = [i for i, c in enumerate(state.competitors) if c.name.casefold() == key]
    if exact:
        return exact[0]
    found = [i for i, c in enumerate(state.competitors) if c.matches_name(text)]
    if not found and key:
        found = [
            i
            for i, c in enumerate(state.competitors)
            if any(n.casefold().startswith(key) for n in (c.name, *c.members))
        ]
    if len(found) == 1:
        return found[0]
    if found:
        choices = ", ".join(names[i] for i in found)
        raise ScoreError("ambiguous_competitor", ref=text, names=choices)
    raise ScoreError("unknown_competitor", ref=text, names=", ".join(names))


def game_result(state: SheetState) -> tuple[Outcome, int | None]:
    """The game's outcome and winner: the top total wins once it reaches the target, or, in a
    single deal of 120 points, once all of them are counted; level top totals are a draw.

    Over several deals (120, chiamata, a custom target) a total is compared only once the deal
    being written is complete: its 120 points all in (units: summing to zero), so that the win
    never shows before the other side's points of that deal are in; then the engine's rule for
    a match on points decides (:func:`briscola.core.match.points_outcome`: 120-120 is a draw, or
    with ``points_tie`` one_more the game goes on to another deal).
    """
    totals = state.totals()
    if not state.target.single_deal:
        if deal_in_progress(state):
            return Outcome.PLAYING, None
        decided, winner = points_outcome(totals, state.target.value, state.points_tie)
        if not decided:
            return Outcome.PLAYING, None
        return (Outcome.DRAW, None) if winner is None else (Outcome.WIN, winner)
    top = max(totals)
    reached = top >= state.target.value
    if not reached and not state.declarations:
        reached = sum(totals) == DEAL_POINTS
    if not reached:
        return Outcome.PLAYING, None
    leaders = [i for i, total in enumerate(totals) if total == top]
    if len(leaders) > 1:
        return Outcome.DRAW, None
    return Outcome.WIN, leaders[0]


def deal_in_progress(state: SheetState) -> bool:
    """Whether the deal being written has some points but not all: less than 120 card points
    (chiamata: units that do not yet sum to zero)."""
    deal = state.deals[-1]
    if not any(deal):
        return False
    if not state.target.counts_points:
        return sum(deal) != 0
    return sum(deal) < DEAL_POINTS


def deal_is_draw(state: SheetState) -> bool:
    """Whether the current deal is complete (120 points) with the top totals level (60-60)."""
    deal = state.deals[-1]
    if not state.target.counts_points or state.declarations or sum(deal) != DEAL_POINTS:
        return False
    return sorted(deal, reverse=True)[:2].count(max(deal)) == 2


def decides_match(state: SheetState) -> bool:
    """Whether the win shown now would take the match, once the game is closed."""
    winner = game_result(state)[1]
    return winner is not None and state.standing[winner] + 1 >= state.format.wins_needed


def add_competitor(state: SheetState, person: Competitor) -> None:
    """Add ``person`` to ``state`` with no points in every deal and no wins (a name already
    there, in any case, is refused)."""
    name = clean_name(person.name)
    if any(c.name.casefold() == name.casefold() for c in state.competitors):
        raise ScoreError("duplicate_name", name=name)
    members = tuple(clean_name(m) for m in person.members)
    state.competitors.append(replace(person, name=name, members=members))
    for deal in state.deals:
        deal.append(0)
    state.standing.append(0)
