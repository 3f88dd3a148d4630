"""The score sheet: competitors, a target, a format, the game in progress and the games before.

Pure: standard library only, no I/O. Every change is a command kept in a log, so each one can
be undone and redone (the sheet is the replay of the log up to a cursor), and the whole sheet
travels as a JSON-ready dict. The commands and the state they change are in
:mod:`briscola.scorekeeper.commands`.

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
from typing import TYPE_CHECKING, Any, Final

from briscola.core.rules import PointsTie
from briscola.scorekeeper.commands import (
    Change,
    SheetState,
    apply_command,
    deal_is_draw,
    decides_match,
    describe_command,
    find_competitor,
    game_result,
)
from briscola.scorekeeper.messages import ScoreError
from briscola.scorekeeper.terms import Competitor, SheetFormat, Target, clean_name

if TYPE_CHECKING:  # names the Sheet's annotations use, and nothing else
    from briscola.scorekeeper.terms import GameEntry, Outcome

__all__ = ["LAYOUT_VERSION", "Change", "Sheet"]

LAYOUT_VERSION: Final = 1
"""The version of :meth:`Sheet.to_dict`'s layout."""


def _points_tie(value: PointsTie | str) -> PointsTie:
    """The points_tie option from its value or text (``draw``, ``one_more``)."""
    try:
        return value if isinstance(value, PointsTie) else PointsTie(str(value).replace("-", "_"))
    except ValueError:
        raise ScoreError("bad_state", detail=f"points_tie {str(value)[:40]!r}") from None


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
        format: SheetFormat | str = "single",
        declarations: bool = False,
        points_tie: PointsTie | str = PointsTie.DRAW,
    ) -> None:
        people = [c if isinstance(c, Competitor) else Competitor.parse(c) for c in competitors]
        self._initial = SheetState.new(
            name=clean_name(name),
            competitors=people,
            target=target if isinstance(target, Target) else Target.parse(target),
            format=format if isinstance(format, SheetFormat) else SheetFormat.parse(format),
            declarations=bool(declarations),
            points_tie=_points_tie(points_tie),
        )
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
    def format(self) -> SheetFormat:
        """The match format."""
        return self._state.format

    @property
    def declarations(self) -> bool:
        """Whether declarations are allowed (a deal may then exceed 120 points)."""
        return self._state.declarations

    @property
    def points_tie(self) -> PointsTie:
        """Level top totals at the target (120-120): a draw, or one more deal (the engine's
        option of the same name)."""
        return self._state.points_tie

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
    def history(self) -> tuple[GameEntry, ...]:
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
        return game_result(self._state)[0]

    @property
    def winner(self) -> int | None:
        """The position of the competitor who has won the game in progress, if any."""
        return game_result(self._state)[1]

    @property
    def deal_is_draw(self) -> bool:
        """Whether the current deal is complete (120 points) with the top totals level (60-60)."""
        return deal_is_draw(self._state)

    @property
    def decides_match(self) -> bool:
        """Whether the win shown now would take the match, once the game is closed."""
        return decides_match(self._state)

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
        return find_competitor(self._state, ref)

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

    def set_format(self, format: SheetFormat | str) -> None:
        """Change the match format (nobody may already have the wins it needs)."""
        value = format if isinstance(format, SheetFormat) else SheetFormat.parse(format)
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
        return describe_command(self._state, self._log[self._cursor])

    def redo(self) -> Change:
        """Redo the last undone change; it is returned."""
        if not self.can_redo:
            raise ScoreError("nothing_to_redo")
        op = self._log[self._cursor]
        change = describe_command(self._state, op)
        state = self._state.copy()
        apply_command(state, op)
        self._state = state
        self._cursor += 1
        return change

    def _do(self, op: dict[str, Any]) -> None:
        state = self._state.copy()
        apply_command(state, op)
        del self._log[self._cursor :]
        self._log.append(op)
        self._cursor += 1
        self._state = state

    def _replay(self, upto: int) -> SheetState:
        state = self._initial.copy()
        for op in self._log[:upto]:
            apply_command(state, op)
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
            "version": LAYOUT_VERSION,
            "start": {
                "name": first.name,
                "competitors": [
                    {"name": c.name, "members": list(c.members)} for c in first.competitors
                ],
                "target": str(first.target),
                "format": str(first.format),
                "declarations": first.declarations,
                # written only when not the default, so that older sheets read the same
                **({} if first.points_tie is PointsTie.DRAW else {"points_tie": "one_more"}),
            },
            "log": [dict(op) for op in self._log],
            "cursor": self._cursor,
            "view": self.view(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        """The sheet :meth:`to_dict` wrote; :class:`ScoreError` if the data does not hold."""
        try:
            if data.get("version") != LAYOUT_VERSION:
                raise ScoreError("bad_state", detail=f"version {data.get('version')!r}")
            start = data["start"]
            sheet = cls(
                start["name"],
                [Competitor(c["name"], tuple(c.get("members", ()))) for c in start["competitors"]],
                target=start["target"],
                format=start["format"],
                declarations=start["declarations"],
                points_tie=start.get("points_tie", "draw"),
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
                apply_command(probe, op)
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
        outcome, winner = game_result(state)
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
