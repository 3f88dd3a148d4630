"""The score sheet: competitors, a target, a format, the game in progress and the games before.

Pure: standard library only, no I/O. Every change is a command kept in a log, so each one can
be undone and redone (the sheet is the replay of the log up to a cursor), and the whole sheet
travels as a JSON-ready dict.

>>> sheet = Sheet("Sera", ["Anna", "Bruno"])
>>> sheet.add("Anna", 10); sheet.add("anna", 5); sheet.set_total("Bruno", 40)
>>> sheet.totals, sheet.outcome.value
((15, 40), 'playing')
>>> sheet.set_total("Anna", 80)
>>> sheet.outcome.value, sheet.winner
('win', 0)
>>> sheet.undo().describe("en")
'Anna = 80'
>>> sheet.redo().describe("en")
'Anna = 80'
>>> sheet.new_game()
>>> [c.trophies for c in sheet.competitors], sheet.totals, sheet.game_number
([1, 0], (0, 0), 2)
>>> sheet.add("Bruno", 121)
Traceback (most recent call last):
...
briscola.scorekeeper.messages.ScoreError: a deal is worth at most 120 points (without \
declarations): this one would have 121 (Anna 0 + Bruno 121)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from briscola.scorekeeper.messages import DEFAULT_LANG, ScoreError, t
from briscola.scorekeeper.terms import (
    DEAL_POINTS,
    DECLARATIONS_MAX,
    Competitor,
    GameRecord,
    MatchFormat,
    Outcome,
    Target,
    clean_name,
)

__all__ = ["FORMAT_VERSION", "Change", "Sheet"]

FORMAT_VERSION: Final = 1
"""The version of :meth:`Sheet.to_dict`'s layout."""


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
class _State:
    name: str
    competitors: list[Competitor]
    target: Target
    format: MatchFormat
    declarations: bool
    deals: list[list[int]]
    history: list[GameRecord]
    standing: list[int]
    match: int = 1

    def copy(self) -> _State:
        return replace(
            self,
            competitors=list(self.competitors),
            deals=[list(d) for d in self.deals],
            history=list(self.history),
            standing=list(self.standing),
        )

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.competitors]

    def totals(self) -> list[int]:
        return [sum(column) for column in zip(*self.deals, strict=True)]


class Sheet:
    """A score sheet (see the module's example).

    ``competitors`` are names, pairs written ``Anna+Bruno`` (or ``Noi=Anna+Bruno``), or
    :class:`Competitor` values; ``target`` and ``format`` are values or their texts (``"61"``,
    ``"120"``, ``"chiamata"``, any number; ``"single"``, ``"best-of:3"``, ``"first-to:2"``).
    With ``declarations`` a deal may exceed 120 points (accusi).

    A competitor is named by its position (an ``int`` from 0) or a text: its name or a
    member's, in any case, or the start of one when that is unambiguous.
    """

    def __init__(
        self,
        name: str,
        competitors: Iterable[str | Competitor],
        target: Target | str | int = "61",
        format: MatchFormat | str = "single",
        declarations: bool = False,
    ) -> None:
        people = [c if isinstance(c, Competitor) else Competitor.parse(c) for c in competitors]
        self._initial = _State(
            name=clean_name(name),
            competitors=[],
            target=target if isinstance(target, Target) else Target.parse(target),
            format=format if isinstance(format, MatchFormat) else MatchFormat.parse(format),
            declarations=bool(declarations),
            deals=[[]],
            history=[],
            standing=[],
        )
        for person in people:
            _add_competitor(self._initial, person)
        if len(people) < 2:
            raise ScoreError("too_few_competitors")
        self._log: list[dict[str, Any]] = []
        self._cursor = 0
        self._state = self._initial.copy()

    # -- reading ---------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The sheet's name."""
        return self._state.name

    @property
    def competitors(self) -> tuple[Competitor, ...]:
        """The competitors, in order, with their trophies."""
        return tuple(self._state.competitors)

    @property
    def target(self) -> Target:
        """The target of a game."""
        return self._state.target

    @property
    def format(self) -> MatchFormat:
        """The match format."""
        return self._state.format

    @property
    def declarations(self) -> bool:
        """Whether declarations are allowed (a deal may then exceed 120 points)."""
        return self._state.declarations

    @property
    def deals(self) -> tuple[tuple[int, ...], ...]:
        """The points of each deal of the game in progress, the current deal last."""
        return tuple(tuple(d) for d in self._state.deals)

    @property
    def deal_points(self) -> tuple[int, ...]:
        """Each competitor's points in the current deal."""
        return tuple(self._state.deals[-1])

    @property
    def totals(self) -> tuple[int, ...]:
        """Each competitor's total in the game in progress (all its deals)."""
        return tuple(self._state.totals())

    @property
    def history(self) -> tuple[GameRecord, ...]:
        """The finished games, oldest first."""
        return tuple(self._state.history)

    @property
    def game_number(self) -> int:
        """The number of the game in progress, from 1."""
        return len(self._state.history) + 1

    @property
    def match_number(self) -> int:
        """The number of the match in progress, from 1."""
        return self._state.match

    @property
    def standing(self) -> tuple[int, ...]:
        """Games won by each competitor in the match in progress."""
        return tuple(self._state.standing)

    @property
    def outcome(self) -> Outcome:
        """How the game in progress stands: playing, won or drawn."""
        return _result(self._state)[0]

    @property
    def winner(self) -> int | None:
        """The position of the competitor who has won the game in progress, if any."""
        return _result(self._state)[1]

    @property
    def deal_is_draw(self) -> bool:
        """Whether the current deal is complete (120 points) with the top totals level (60-60)."""
        deal = self._state.deals[-1]
        if not self.target.counts_points or self.declarations or sum(deal) != DEAL_POINTS:
            return False
        return sorted(deal, reverse=True)[:2].count(max(deal)) == 2

    @property
    def decides_match(self) -> bool:
        """Whether the win shown now would take the match, once the game is closed."""
        winner = self.winner
        return winner is not None and self._state.standing[winner] + 1 >= self.format.wins_needed

    @property
    def can_undo(self) -> bool:
        """Whether there is a change to undo."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone change to redo."""
        return self._cursor < len(self._log)

    def index(self, ref: int | str) -> int:
        """The position of a competitor given by position, name, member's name or name start.

        >>> sheet = Sheet("s", ["Anna+Bruno", "Carla+Dario"])
        >>> sheet.index("bruno"), sheet.index("Car"), sheet.index(1)
        (0, 1, 1)
        >>> sheet.index("Zeno")
        Traceback (most recent call last):
        ...
        briscola.scorekeeper.messages.ScoreError: no competitor matches 'Zeno': choose one of \
Anna & Bruno, Carla & Dario
        """
        return _index(self._state, ref)

    # -- changing --------------------------------------------------------------------------------

    def add(self, competitor: int | str, delta: int) -> None:
        """Add ``delta`` points (negative to correct) to a competitor in the current deal."""
        self._do({"op": "add", "competitor": self.index(competitor), "delta": int(delta)})

    def set_total(self, competitor: int | str, value: int) -> None:
        """Set a competitor's points in the current deal (the number pad)."""
        self._do({"op": "set", "competitor": self.index(competitor), "value": int(value)})

    def next_deal(self) -> None:
        """Close the current deal and open the next one, in the same game (not for 61)."""
        self._do({"op": "deal"})

    def new_game(self) -> None:
        """Close the game in progress into the history (trophy to its winner) and start anew."""
        self._do({"op": "new_game"})

    def rename(self, competitor: int | str, name: str) -> None:
        """Rename a competitor (the history follows)."""
        self._do({"op": "rename", "competitor": self.index(competitor), "name": clean_name(name)})

    def add_competitor(self, competitor: str | Competitor) -> None:
        """Add a competitor (a name, ``Anna+Bruno``, or a :class:`Competitor`) at the end."""
        person = competitor if isinstance(competitor, Competitor) else Competitor.parse(competitor)
        self._do({"op": "add_competitor", "name": person.name, "members": list(person.members)})

    def remove_competitor(self, competitor: int | str) -> None:
        """Remove a competitor and their points in the game in progress."""
        self._do({"op": "remove_competitor", "competitor": self.index(competitor)})

    def set_target(self, target: Target | str | int) -> None:
        """Change the target (the game in progress must fit the new one)."""
        value = target if isinstance(target, Target) else Target.parse(target)
        self._do({"op": "target", "target": str(value)})

    def set_format(self, format: MatchFormat | str) -> None:
        """Change the match format (nobody may already have the wins it needs)."""
        value = format if isinstance(format, MatchFormat) else MatchFormat.parse(format)
        self._do({"op": "format", "format": str(value)})

    def set_declarations(self, allowed: bool) -> None:
        """Allow or forbid declarations (deals above 120 points)."""
        self._do({"op": "declarations", "allowed": bool(allowed)})

    def rename_sheet(self, name: str) -> None:
        """Rename the sheet."""
        self._do({"op": "rename_sheet", "name": clean_name(name)})

    def undo(self) -> Change:
        """Undo the last change; it is returned."""
        if not self.can_undo:
            raise ScoreError("nothing_to_undo")
        self._cursor -= 1
        self._state = self._replay(self._cursor)
        return _describe(self._state, self._log[self._cursor])

    def redo(self) -> Change:
        """Redo the last undone change; it is returned."""
        if not self.can_redo:
            raise ScoreError("nothing_to_redo")
        op = self._log[self._cursor]
        change = _describe(self._state, op)
        state = self._state.copy()
        _apply(state, op)
        self._state = state
        self._cursor += 1
        return change

    def _do(self, op: dict[str, Any]) -> None:
        state = self._state.copy()
        _apply(state, op)
        del self._log[self._cursor :]
        self._log.append(op)
        self._cursor += 1
        self._state = state

    def _replay(self, upto: int) -> _State:
        state = self._initial.copy()
        for op in self._log[:upto]:
            _apply(state, op)
        return state

    # -- data ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The sheet as a JSON-ready dict: its start, its change log and cursor (which is all
        :meth:`from_dict` reads), and a ``view`` of the present state for readers.

        >>> sheet = Sheet("s", ["Anna", "Bruno"], target="120", format="best-of:3")
        >>> sheet.add(0, 70)
        >>> copy = Sheet.from_dict(sheet.to_dict())
        >>> copy.totals, copy.can_undo, str(copy.format)
        ((70, 0), True, 'best-of:3')
        """
        first = self._initial
        return {
            "version": FORMAT_VERSION,
            "start": {
                "name": first.name,
                "competitors": [
                    {"name": c.name, "members": list(c.members)} for c in first.competitors
                ],
                "target": str(first.target),
                "format": str(first.format),
                "declarations": first.declarations,
            },
            "log": [dict(op) for op in self._log],
            "cursor": self._cursor,
            "view": self.view(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        """The sheet :meth:`to_dict` wrote; :class:`ScoreError` if the data does not hold."""
        try:
            if data.get("version") != FORMAT_VERSION:
                raise ScoreError("bad_state", detail=f"version {data.get('version')!r}")
            start = data["start"]
            sheet = cls(
                start["name"],
                [Competitor(c["name"], tuple(c.get("members", ()))) for c in start["competitors"]],
                target=start["target"],
                format=start["format"],
                declarations=start["declarations"],
            )
            log = [dict(op) for op in data["log"]]
            cursor = int(data["cursor"])
            if not 0 <= cursor <= len(log):
                raise ScoreError("bad_state", detail=f"cursor {cursor}")
            sheet._log = log
            sheet._cursor = cursor
            sheet._state = sheet._replay(cursor)
            # the undone tail must replay too, or redo would fail later
            probe = sheet._state.copy()
            for op in log[cursor:]:
                _apply(probe, op)
        except ScoreError as err:
            if err.code == "bad_state":
                raise
            raise ScoreError("bad_state", detail=str(err)) from err
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ScoreError("bad_state", detail=repr(err)) from err
        return sheet

    def view(self) -> dict[str, Any]:
        """The present state as a JSON-ready dict (what a screen shows)."""
        state = self._state
        outcome, winner = _result(state)
        return {
            "name": state.name,
            "competitors": [c.to_dict() for c in state.competitors],
            "target": str(state.target),
            "format": str(state.format),
            "declarations": state.declarations,
            "game": self.game_number,
            "match": state.match,
            "wins_needed": state.format.wins_needed,
            "deals": [list(d) for d in state.deals],
            "totals": state.totals(),
            "outcome": outcome.value,
            "winner": winner,
            "decides_match": self.decides_match,
            "deal_is_draw": self.deal_is_draw,
            "standing": list(state.standing),
            "history": [g.to_dict() for g in state.history],
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
        }

    def __repr__(self) -> str:
        scores = ", ".join(f"{n} {p}" for n, p in zip(self._state.names, self.totals, strict=True))
        return f"<Sheet {self.name!r} game {self.game_number}: {scores}>"


# -- the commands --------------------------------------------------------------------------------


def _index(state: _State, ref: int | str) -> int:
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


def _add_competitor(state: _State, person: Competitor) -> None:
    name = clean_name(person.name)
    if any(c.name.casefold() == name.casefold() for c in state.competitors):
        raise ScoreError("duplicate_name", name=name)
    members = tuple(clean_name(m) for m in person.members)
    state.competitors.append(replace(person, name=name, members=members))
    for deal in state.deals:
        deal.append(0)
    state.standing.append(0)


def _detail(state: _State, deal: list[int]) -> str:
    return " + ".join(f"{n} {p}" for n, p in zip(state.names, deal, strict=True))


def _check(state: _State) -> None:
    """The game in progress fits the sheet's target and declarations."""
    if state.target.single_deal and len(state.deals) > 1:
        raise ScoreError("single_deal")
    if not state.target.counts_points:
        return
    for deal in state.deals:
        for name, value in zip(state.names, deal, strict=True):
            if value < 0:
                raise ScoreError("negative", name=name, value=value)
        total = sum(deal)
        if not state.declarations and total > DEAL_POINTS:
            raise ScoreError("over_120", total=total, detail=_detail(state, deal))
        if total > DECLARATIONS_MAX:
            raise ScoreError(
                "over_declarations",
                limit=DECLARATIONS_MAX,
                total=total,
                detail=_detail(state, deal),
            )


def _close_deal(state: _State, closing_game: bool) -> None:
    deal = state.deals[-1]
    if not any(deal):
        if closing_game and len(state.deals) == 1:
            raise ScoreError("empty_game")
        if not closing_game:
            raise ScoreError("empty_deal")
        return
    if not state.target.counts_points and sum(deal) != 0:
        raise ScoreError("zero_sum", total=sum(deal), detail=_detail(state, deal))


def _result(state: _State) -> tuple[Outcome, int | None]:
    """The game's outcome and winner: the top total wins once it reaches the target, or, in a
    single deal of 120 points, once all of them are counted; level top totals are a draw."""
    totals = state.totals()
    top = max(totals)
    reached = top >= state.target.value
    if not reached and state.target.single_deal and not state.declarations:
        reached = sum(totals) == DEAL_POINTS
    if not reached:
        return Outcome.PLAYING, None
    leaders = [i for i, total in enumerate(totals) if total == top]
    if len(leaders) > 1:
        return Outcome.DRAW, None
    return Outcome.WIN, leaders[0]


def _new_game(state: _State) -> None:
    _close_deal(state, closing_game=True)
    if len(state.deals) > 1 and not any(state.deals[-1]):
        state.deals.pop()
    outcome, winner = _result(state)
    if outcome is Outcome.PLAYING:
        outcome = Outcome.UNFINISHED
    match_winner = None
    standing = list(state.standing)
    if winner is not None:
        champion = state.competitors[winner]
        standing[winner] += 1
        champion = replace(champion, trophies=champion.trophies + 1)
        if standing[winner] >= state.format.wins_needed:
            champion = replace(champion, matches=champion.matches + 1)
            match_winner = champion.name
        state.competitors[winner] = champion
    state.history.append(
        GameRecord(
            number=len(state.history) + 1,
            match=state.match,
            names=tuple(state.names),
            totals=tuple(state.totals()),
            deals=tuple(tuple(d) for d in state.deals),
            outcome=outcome,
            winner=None if winner is None else state.names[winner],
            match_winner=match_winner,
            standing=tuple(standing),
        )
    )
    if match_winner is not None:
        state.match += 1
        standing = [0] * len(standing)
    state.standing = standing
    state.deals = [[0] * len(state.competitors)]


def _apply(state: _State, op: Mapping[str, Any]) -> None:
    """Apply one logged command to ``state`` in place (validated: ScoreError if refused)."""
    kind = op.get("op")
    if kind == "add":
        i, delta = _index(state, int(op["competitor"])), int(op["delta"])
        if delta == 0:
            raise ScoreError("zero_delta")
        state.deals[-1][i] += delta
    elif kind == "set":
        state.deals[-1][_index(state, int(op["competitor"]))] = int(op["value"])
    elif kind == "deal":
        if state.target.single_deal:
            raise ScoreError("single_deal")
        _close_deal(state, closing_game=False)
        state.deals.append([0] * len(state.competitors))
    elif kind == "new_game":
        _new_game(state)
    elif kind == "rename":
        i, new = _index(state, int(op["competitor"])), clean_name(op["name"])
        old = state.competitors[i].name
        if any(
            j != i and c.name.casefold() == new.casefold() for j, c in enumerate(state.competitors)
        ):
            raise ScoreError("duplicate_name", name=new)
        state.competitors[i] = replace(state.competitors[i], name=new)
        state.history = [
            replace(
                g,
                names=tuple(new if n == old else n for n in g.names),
                winner=new if g.winner == old else g.winner,
                match_winner=new if g.match_winner == old else g.match_winner,
            )
            for g in state.history
        ]
    elif kind == "add_competitor":
        _add_competitor(state, Competitor(op["name"], tuple(op.get("members", ()))))
    elif kind == "remove_competitor":
        i = _index(state, int(op["competitor"]))
        if len(state.competitors) <= 2:
            raise ScoreError("too_few_competitors")
        del state.competitors[i]
        del state.standing[i]
        for deal in state.deals:
            del deal[i]
    elif kind == "target":
        state.target = Target.parse(op["target"])
    elif kind == "format":
        state.format = MatchFormat.parse(op["format"])
        for name, wins in zip(state.names, state.standing, strict=True):
            if wins >= state.format.wins_needed:
                raise ScoreError("standing_over", name=name, wins=wins)
    elif kind == "declarations":
        state.declarations = bool(op["allowed"])
    elif kind == "rename_sheet":
        state.name = clean_name(op["name"])
    else:
        raise ScoreError("bad_state", detail=f"unknown change {kind!r}")
    _check(state)


def _describe(state: _State, op: Mapping[str, Any]) -> Change:
    """The change ``op`` as seen from ``state``, the state before it."""
    kind = str(op["op"])
    names = state.names

    def who() -> str:
        return names[int(op["competitor"])]

    params: dict[str, Any]
    if kind == "add":
        params = {"name": who(), "delta": int(op["delta"])}
    elif kind == "set":
        params = {"name": who(), "value": int(op["value"])}
    elif kind == "rename":
        params = {"old": who(), "new": op["name"]}
    elif kind == "remove_competitor":
        params = {"name": who()}
    elif kind in ("add_competitor", "rename_sheet"):
        params = {"name": op["name"]}
    elif kind == "target":
        params = {"target": op["target"]}
    elif kind == "format":
        params = {"format": op["format"]}
    elif kind == "declarations":
        params = {"allowed": bool(op["allowed"])}
    else:
        params = {}
    return Change(kind, params)
