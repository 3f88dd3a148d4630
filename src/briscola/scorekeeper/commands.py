"""The state of a score sheet and the commands of its change log.

A :class:`~briscola.scorekeeper.model.Sheet` keeps every change as a command, a small JSON-ready
dict such as ``{"op": "add", "competitor": 0, "delta": 10}``, and its state is the replay of its
log. :func:`apply_command` checks one command and applies it to a :class:`SheetState` (a
:class:`ScoreError` when the sheet refuses it, and the state is then not to be used);
:func:`describe_command` puts it in words for the undo and redo buttons. The state itself and
what it says about the game (:func:`game_result`: who has won it) are in
:mod:`briscola.scorekeeper.state`, importable from here too. Pure: standard library only.

>>> state = SheetState.new("Sera", [Competitor("Anna"), Competitor("Bruno")], Target(),
...                        SheetFormat(), declarations=False)
>>> apply_command(state, {"op": "set", "competitor": 0, "value": 61})
>>> game_result(state)
(<Outcome.WIN: 'win'>, 0)
>>> describe_command(state, {"op": "add", "competitor": 1, "delta": 5}).describe("en")
'Bruno +5'
>>> apply_command(state, {"op": "deal"})
Traceback (most recent call last):
...
briscola.scorekeeper.messages.ScoreError: with a target of 61 each game is a single deal: \
press New game to start again
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Final

from briscola.scorekeeper.messages import ScoreError
from briscola.scorekeeper.state import (
    Change,
    SheetState,
    add_competitor,
    deal_in_progress,
    deal_is_draw,
    decides_match,
    find_competitor,
    game_result,
)
from briscola.scorekeeper.terms import (
    DEAL_POINTS,
    DECLARATIONS_MAX,
    EXCERPT,
    MAX_TARGET,
    Competitor,
    GameEntry,
    Outcome,
    SheetFormat,
    Target,
    ascii_number,
    clean_name,
)

__all__ = [
    "Change",
    "SheetState",
    "apply_command",
    "deal_in_progress",
    "deal_is_draw",
    "decides_match",
    "describe_command",
    "find_competitor",
    "game_result",
]


def _whole(op: Mapping[str, Any], key: str) -> int:
    """The whole number ``op[key]``: a number (not ``true``) or a text of ASCII digits with an
    optional sign, at most ``MAX_TARGET`` either way; else a :class:`ScoreError`."""
    value = op.get(key)
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value if abs(value) <= MAX_TARGET else None
    elif isinstance(value, str):
        text = value.strip()
        digits = ascii_number(text[1:] if text[:1] in ("+", "-") else text)
        number = None if digits is None else -digits if text.startswith("-") else digits
    if number is None:
        shown = value if isinstance(value, str) else type(value).__name__
        raise ScoreError("ui.bad_amount", text=shown[:EXCERPT])
    return number


def _who(state: SheetState, op: Mapping[str, Any]) -> int:
    """The competitor ``op`` names: by position (a number, or ASCII digits) or by name."""
    ref = op.get("competitor")
    if isinstance(ref, str) and ascii_number(ref.strip()) is None:
        return find_competitor(state, ref[:200])
    if isinstance(ref, str):
        ref = int(ref)
    if isinstance(ref, bool) or not isinstance(ref, int) or abs(ref) > MAX_TARGET:
        shown = type(ref).__name__ if not isinstance(ref, int) or isinstance(ref, bool) else "?"
        raise ScoreError("unknown_competitor", ref=shown, names=", ".join(state.names))
    return find_competitor(state, ref)


def apply_command(state: SheetState, op: Mapping[str, Any]) -> None:
    """Apply one logged command to ``state`` in place (checked: ScoreError if refused)."""
    kind = op.get("op")
    command = _COMMANDS.get(kind) if isinstance(kind, str) else None
    if command is None:
        raise ScoreError("bad_state", detail=f"unknown change {kind!r}")
    command(state, op)
    _check(state)


def describe_command(state: SheetState, op: Mapping[str, Any]) -> Change:
    """The command ``op`` as seen from ``state``, the state before it."""
    kind = str(op["op"])
    names = state.names

    def who() -> str:
        return names[_who(state, op)]

    params: dict[str, Any]
    if kind == "add":
        params = {"name": who(), "delta": _whole(op, "delta")}
    elif kind == "set":
        params = {"name": who(), "value": _whole(op, "value")}
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


# -- the checks ------------------------------------------------------------------------------------


def _detail(state: SheetState, deal: list[int]) -> str:
    return " + ".join(f"{n} {p}" for n, p in zip(state.names, deal, strict=True))


def _check(state: SheetState) -> None:
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


def _close_deal(state: SheetState, closing_game: bool) -> None:
    deal = state.deals[-1]
    if not any(deal):
        if closing_game and len(state.deals) == 1:
            raise ScoreError("empty_game")
        if not closing_game:
            raise ScoreError("empty_deal")
        return
    if not state.target.counts_points and sum(deal) != 0:
        raise ScoreError("zero_sum", total=sum(deal), detail=_detail(state, deal))


# -- the commands, one function each ---------------------------------------------------------------


def _add(state: SheetState, op: Mapping[str, Any]) -> None:
    i, delta = _who(state, op), _whole(op, "delta")
    if delta == 0:
        raise ScoreError("zero_delta")
    state.deals[-1][i] += delta


def _set(state: SheetState, op: Mapping[str, Any]) -> None:
    state.deals[-1][_who(state, op)] = _whole(op, "value")


def _next_deal(state: SheetState, op: Mapping[str, Any]) -> None:
    if state.target.single_deal:
        raise ScoreError("single_deal")
    outcome = game_result(state)[0]
    if outcome is not Outcome.PLAYING:
        detail = "-".join(str(v) for v in state.totals())
        raise ScoreError(f"game_over.{outcome.value}", detail=detail)
    _close_deal(state, closing_game=False)
    state.deals.append([0] * len(state.competitors))


def _new_game(state: SheetState, op: Mapping[str, Any]) -> None:
    _close_deal(state, closing_game=True)
    if len(state.deals) > 1 and not any(state.deals[-1]):
        state.deals.pop()
    outcome, winner = game_result(state)
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
        GameEntry(
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


def _rename(state: SheetState, op: Mapping[str, Any]) -> None:
    i, new = _who(state, op), clean_name(op["name"])
    old = state.competitors[i].name
    if any(j != i and c.name.casefold() == new.casefold() for j, c in enumerate(state.competitors)):
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


def _join(state: SheetState, op: Mapping[str, Any]) -> None:
    add_competitor(state, Competitor(op["name"], tuple(op.get("members", ()))))


def _leave(state: SheetState, op: Mapping[str, Any]) -> None:
    i = _who(state, op)
    if len(state.competitors) <= 2:
        raise ScoreError("too_few_competitors")
    del state.competitors[i]
    del state.standing[i]
    for deal in state.deals:
        del deal[i]


def _target(state: SheetState, op: Mapping[str, Any]) -> None:
    state.target = Target.parse(op["target"])


def _format(state: SheetState, op: Mapping[str, Any]) -> None:
    state.format = SheetFormat.parse(op["format"])
    for name, wins in zip(state.names, state.standing, strict=True):
        if wins >= state.format.wins_needed:
            raise ScoreError("standing_over", name=name, wins=wins)


def _declarations(state: SheetState, op: Mapping[str, Any]) -> None:
    state.declarations = bool(op["allowed"])


def _rename_sheet(state: SheetState, op: Mapping[str, Any]) -> None:
    state.name = clean_name(op["name"])


_COMMANDS: Final[dict[str, Callable[[SheetState, Mapping[str, Any]], None]]] = {
    "add": _add,
    "set": _set,
    "deal": _next_deal,
    "new_game": _new_game,
    "rename": _rename,
    "add_competitor": _join,
    "remove_competitor": _leave,
    "target": _target,
    "format": _format,
    "declarations": _declarations,
    "rename_sheet": _rename_sheet,
}
"""Each command's function, by its ``op``."""
