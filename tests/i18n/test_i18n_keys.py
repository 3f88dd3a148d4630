"""Every message key the code asks for is in the catalogs, read from the sources with :mod:`ast`.

A key is the first argument of an area's message functions (``t``, ``say``, ``InputProblem``,
``ScoreError``, ...), as a literal, either branch of ``a if c else b``, or an f-string whose
family of values is known (an enum, a loop over literals); or a dotted literal anywhere in the
area's code that looks like one of its keys (``key = "result.win"``). The registries (bots,
presets, match formats) have their words, and the catalogs hold no words for what they lack.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from briscola.apps.server.catalog import presets
from briscola.apps.terminal.aids import HELP_COMMANDS, option_values
from briscola.bots import bot_names
from briscola.core.match import MatchKind
from briscola.core.rules import PRESETS, Direction
from briscola.core.signals import SignalKind
from briscola.i18n import CATALOGS, DEFAULT_LANG
from briscola.scorekeeper.terms import FormatKind, Outcome, TargetKind

SRC = Path(__file__).resolve().parents[2] / "src" / "briscola"
KEYS = CATALOGS[DEFAULT_LANG]  # the same keys in every language (test_i18n_catalogs)


@dataclass(frozen=True)
class Area:
    """Where an area's code is, the prefix of its keys and the functions taking a key first."""

    prefix: str
    files: tuple[Path, ...]
    callers: frozenset[str]


AREAS = {
    "terminal": Area(
        "terminal.",
        tuple(p for p in sorted((SRC / "apps" / "terminal").glob("*.py")) if p.name != "i18n.py"),
        frozenset({"t", "say", "text", "InputProblem"}),
    ),
    "score": Area(
        "score.",
        tuple(p for p in sorted((SRC / "scorekeeper").glob("*.py")) if p.name != "messages.py"),
        frozenset({"t", "ScoreError"}),
    ),
    "score.web": Area(
        "score.web.", (SRC / "apps" / "server" / "scores" / "routes.py",), frozenset({"_word"})
    ),
}

_OPS = re.compile(r"""["']op["']:\s*["']([a-z_]+)["']""")
# f-string keys whose values come from an enum, a registry or the code's own records
DYNAMIC: dict[str, set[str] | None] = {
    # a single deal has no match standing (narration.show_standing)
    "terminal.match.format.": {k.value for k in MatchKind if k is not MatchKind.SINGLE},
    "terminal.direction.": {d.value for d in Direction},
    "terminal.preset.": set(PRESETS),
    "score.outcome.": {o.value for o in Outcome},
    # the help lists the commands of the game being played (apps/terminal/aids.py)
    "terminal.help.cmd.": set(HELP_COMMANDS),
    "terminal.option.value.": option_values(),
    "terminal.bot.": None,  # a bot's description without a partner, where it has one
    # partner signals: each sign's words and command word (apps/terminal/signs.py)
    "terminal.sign.": {k.value for k in SignalKind},
    "terminal.sign.word.": {k.value for k in SignalKind},
    # a next deal refused once the game is decided (commands._next_deal)
    "score.game_over.": {Outcome.WIN.value, Outcome.DRAW.value},
    "score.target.": {k.value for k in TargetKind},
    "score.format.": {k.value for k in FormatKind},
    "score.change.": {
        op for p in AREAS["score"].files for op in _OPS.findall(p.read_text(encoding="utf-8"))
    },
    "score.web.": None,  # _word's own prefix: its keys are the "score.web" area's calls
}


@dataclass
class Found:
    """What one area's code asks for: literal keys and f-string families (prefix, loop values)."""

    keys: set[str]
    families: list[tuple[str, set[str] | None, str]]


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _loop_values(tree: ast.AST, var: str) -> set[str] | None:
    """The literals a ``for var in ...`` (or comprehension) walks over, through one variable."""
    assigned = {
        target.id: node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    values: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.For | ast.comprehension) and isinstance(node.target, ast.Name):
            if node.target.id != var:
                continue
            source = node.iter
            if isinstance(source, ast.Name) and source.id in assigned:
                source = assigned[source.id]
            values |= {
                c.value
                for c in ast.walk(source)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            }
    return values or None


def _family(tree: ast.AST, node: ast.JoinedStr, prefix: str, where: str) -> Iterator[tuple]:
    """An f-string key ``"part.{value}"``: its prefix and, when a loop gives them, its values."""
    head = node.values[0]
    if not (isinstance(head, ast.Constant) and isinstance(head.value, str)):
        return
    values = None
    if len(node.values) == 2 and isinstance(node.values[1], ast.FormattedValue):
        inner = node.values[1].value
        if isinstance(inner, ast.Name):
            values = _loop_values(tree, inner.id)
    yield prefix + head.value, values, where


def _first_args(tree: ast.AST, area: Area) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in area.callers and node.args:
            yield node.args[0]


def scan(area: Area) -> Found:
    """The keys (with their prefix) and f-string families that ``area``'s code asks for."""
    segments = {k[len(area.prefix) :].split(".")[0] for k in KEYS if k.startswith(area.prefix)}
    first = "|".join(map(re.escape, sorted(segments)))
    dotted = re.compile(rf"^(?:{first})(?:\.[a-z_-]+)+$")  # "result.win"
    family = re.compile(rf"^(?:{first})(?:\.[a-z_-]+)*\.$")  # f"preset.{name}"
    found = Found(set(), [])
    for path in area.files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(SRC).as_posix()
        for arg in _first_args(tree, area):
            options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for option in options:
                if isinstance(option, ast.Constant) and isinstance(option.value, str):
                    found.keys.add(area.prefix + option.value)
                elif isinstance(option, ast.JoinedStr):
                    found.families += _family(tree, option, area.prefix, where)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if dotted.match(node.value):
                    found.keys.add(area.prefix + node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                head = node.values[0]
                if isinstance(head, ast.Constant) and family.match(str(head.value)):
                    found.families += _family(tree, node, area.prefix, where)
    return found


FOUND = {name: scan(area) for name, area in AREAS.items()}


def test_the_scan_sees_the_calls() -> None:
    assert {"terminal.welcome", "terminal.bye", "terminal.eof", "terminal.say.trick",
            "terminal.err.position", "terminal.result.win"} <= FOUND["terminal"].keys  # fmt: skip
    assert {"score.ui.bye", "score.nothing_to_undo", "score.empty_name", "score.yes",
            "score.no", "score.ui.win_line"} <= FOUND["score"].keys  # fmt: skip
    assert FOUND["score.web"].keys == {
        "score.web.not_found",
        "score.web.too_many_competitors",
        "score.web.sheet_title",
    }
    families = {prefix for found in FOUND.values() for prefix, _, _ in found.families}
    assert {"terminal.direction.", "terminal.preset.", "score.outcome.", "score.ui.",
            "score.csv."} <= families  # fmt: skip
    assert len(DYNAMIC["score.change."] or ()) >= 10


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_key_the_code_uses_exists(area: str) -> None:
    missing = sorted(FOUND[area].keys - set(KEYS))
    assert not missing, f"not in briscola/i18n: {missing}"


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_family_of_keys_the_code_builds_exists(area: str) -> None:
    for prefix, values, where in FOUND[area].families:
        if prefix in DYNAMIC:
            values = DYNAMIC[prefix]
            if values is None:
                continue
        assert values, f"{where}: add the values of f'{prefix}{{...}}' to DYNAMIC"
        missing = sorted(prefix + v for v in values if prefix + v not in KEYS)
        assert not missing, f"{where}: not in briscola/i18n: {missing}"


def test_the_human_s_own_actions_have_their_words() -> None:
    """The terminal says the human's own actions with ``<key>.you``."""
    for action in ("play", "declare", "exchange", "bid", "pass", "call", "won_auction", "trick"):
        key = f"terminal.say.{action}"
        assert key in KEYS and key + ".you" in KEYS, key


def _named(prefix: str) -> set[str]:
    return {k[len(prefix) :].rsplit(".", 1)[0] for k in KEYS if k.startswith(prefix)}


def test_every_bot_has_a_title_and_a_description_and_no_more() -> None:
    assert _named("bots.") == set(bot_names())
    for name in bot_names():
        assert {f"bots.{name}.title", f"bots.{name}.description"} <= set(KEYS)


def test_every_preset_has_a_title_and_a_description_and_no_more() -> None:
    assert _named("presets.") == set(PRESETS)
    for name in PRESETS:
        assert {f"presets.{name}.title", f"presets.{name}.description"} <= set(KEYS)


def test_every_match_format_has_a_title_and_no_more() -> None:
    names = {item.name for item in presets().match_formats}
    assert {k.removeprefix("matches.") for k in KEYS if k.startswith("matches.")} == names
