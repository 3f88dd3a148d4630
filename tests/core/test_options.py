"""The options registry: one declaration per ruleset field, coercion of every kind with its
messages, where options apply, and the docs generated from it kept current."""

from __future__ import annotations

import dataclasses
import json
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from briscola.apps.common import option_help
from briscola.core.cards import Card
from briscola.core.option_docs import BEGIN, END, markdown_table, replace_table, ruleset_schema
from briscola.core.option_types import Direction, Partnership, TricksVisible
from briscola.core.options import (
    OPTIONS,
    RulesetError,
    default_of,
    offered_on,
    option,
    option_names,
)
from briscola.core.rules import PRESETS, Ruleset, preset
from helpers import PRESET_NAMES

ROOT = Path(__file__).resolve().parents[2]
FIELDS = [f for f in dataclasses.fields(Ruleset) if f.init]
KIND_OF_TYPE = {bool: "bool", int: "int", str: "str", tuple[Card, ...]: "cards"}


def test_every_ruleset_field_is_declared_exactly_once() -> None:
    names = [o.name for o in OPTIONS]
    assert len(names) == len(set(names))
    assert sorted(names) == sorted(f.name for f in FIELDS)
    assert option_names() == tuple(names)


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.name)
def test_defaults_and_kinds_match_the_dataclass(field: dataclasses.Field[Any]) -> None:
    opt = option(field.name)
    assert opt.default == field.default == default_of(field.name)
    assert type(opt.default) is type(field.default)
    hint = typing.get_type_hints(Ruleset)[field.name]
    if isinstance(hint, type) and issubclass(hint, Enum):
        assert opt.kind == "enum" and opt.enum is hint
        assert opt.choices == tuple(m.value for m in hint)
    else:
        assert opt.kind == KIND_OF_TYPE[hint] and opt.enum is None


@pytest.mark.parametrize("opt", OPTIONS, ids=lambda o: o.name)
def test_titles_and_help_in_both_languages(opt: Any) -> None:
    for text in (opt.title, opt.help, opt.applies.where):
        assert text.it.strip() and text.en.strip()
        assert text.get("it") == text.it and text.get("en") == text.en
    assert opt.help.it != opt.help.en
    assert opt.fast in ("runs", "no_effect", "unsupported")


def test_what_the_fast_core_runs_is_declared() -> None:
    runs = {o.name for o in OPTIONS if o.fast == "runs"}
    assert {"players", "inversion", "accusi", "exchange", "caller_leads"} <= runs
    # what a seat may look at changes nothing the fast core plays
    assert option("open_hands").fast == option("tricks_visible").fast == "no_effect"


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("accusi", "yes", True),
        ("accusi", "ON", True),
        ("accusi", "sì", True),
        ("accusi", "1", True),
        ("accusi", "off", False),
        ("accusi", "0", False),
        ("accusi", False, False),
        ("direction", "Clockwise", Direction.CLOCKWISE),
        ("tricks_visible", "end-phase", TricksVisible.END_PHASE),
        ("tricks_visible", TricksVisible.ALWAYS, TricksVisible.ALWAYS),
        ("removed", "2d", (Card.parse("2d"),)),
        ("removed", ["2s"], (Card.parse("2s"),)),
        ("removed", (Card.parse("2b"),), (Card.parse("2b"),)),
        ("players", "3", 3),
        ("players", 3, 3),
        ("name", 7, "7"),
    ],
)
def test_coercion_of_every_kind(key: str, text: Any, value: Any) -> None:
    base = "three" if key in ("removed", "players") else "pairs"
    rules = Ruleset.from_dict({"preset": base, key: text})
    assert getattr(rules, key) == value


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("accusi", "maybe", "accusi must be true or false, not 'maybe'"),
        ("accusi", 2, "accusi must be true or false, not 2"),
        ("tie", "coin", "tie must be one of draw, replay, not 'coin'"),
        ("tricks_visible", "soon", "tricks_visible must be one of never, end_phase, always"),
        ("removed", "Zz", "removed: 'Zz' is not a card"),
        ("removed", 3, "removed must be a list of cards, not 3"),
        ("players", "two", "players must be a whole number, not 'two'"),
        ("players", True, "players must be a whole number, not True"),
        ("players", 7, "players must be 2, 3, 4, 5 or 6, not 7"),
        ("hand_size", 0, "hand_size 0 is too small: it must be at least 1"),
        ("colour", "red", "unknown ruleset option 'colour'; known options: accusi, bid_mult"),
    ],
)
def test_coercion_errors_name_the_option_and_the_values(key: str, text: Any, message: str) -> None:
    with pytest.raises(RulesetError) as info:
        preset("classic", **{key: text})
    assert str(info.value).startswith(message)


def test_the_unknown_option_message_lists_every_option_in_order() -> None:
    with pytest.raises(RulesetError) as info:
        option("colour")
    assert str(info.value).endswith(", ".join(sorted(option_names())))


def test_constructor_values_of_the_wrong_type_are_refused() -> None:
    with pytest.raises(RulesetError, match="partnership must be a Partnership, not 'called'"):
        Ruleset(partnership="called")  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match=r"hand_size must be a whole number, not 2\.5"):
        Ruleset(hand_size=2.5)  # type: ignore[arg-type]


REFUSED = [o for o in OPTIONS if o.applies.refused]


@pytest.mark.parametrize("opt", REFUSED, ids=lambda o: o.name)
def test_refused_options_are_refused_outside_their_games(opt: Any) -> None:
    value = True  # every refused option today is a yes/no one, off by default
    assert opt.kind == "bool" and opt.default is False
    inside = [n for n, r in PRESETS.items() if opt.applies(r)]
    outside = [n for n, r in PRESETS.items() if not opt.applies(r)]
    assert inside and outside
    for name in inside:
        assert getattr(preset(name, **{opt.name: value}), opt.name) is value
    for name in outside:
        players = PRESETS[name].players
        wanted = f"{opt.name} is an option of {opt.applies.where.en}, not for {players} players"
        with pytest.raises(RulesetError) as info:
            preset(name, **{opt.name: value})
        assert str(info.value) == wanted


def test_applies_reads_players_partnership_and_the_face_up_briscola() -> None:
    assert option("open_hands").applies.players == (2,)
    assert option("caller_leads").applies.partnership == (Partnership.CALLED,)
    assert option("exchange").applies(preset("pairs"))
    assert not option("exchange").applies(preset("chiamata"))
    # one's own tricks: an option of every game (RULES.md: "in two players too")
    assert all(option("tricks_visible").applies(preset(name)) for name in PRESET_NAMES)
    assert preset("classic", tricks_visible="always").tricks_visible is TricksVisible.ALWAYS


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_value_a_preset_offers_makes_a_ruleset(name: str) -> None:
    """(The conformance space, helpers.option_space, is read from what each preset offers.)"""
    offered = offered_on(preset(name))
    assert [o.name for o in offered] == [o.name for o in OPTIONS if o in offered]
    for opt in offered:
        for value in opt.offered:
            rules = preset(name, **{opt.name: value})
            assert opt.to_json(getattr(rules, opt.name)) in (value, [value])


def test_option_help_names_every_option() -> None:
    text = option_help("Intro.")
    assert text.startswith("Intro. Keys")
    for opt in OPTIONS:
        if opt.name != "name":
            assert opt.name in text
    assert "tricks_visible=never|end_phase|always" in text and "players=2|3|4|5|6" in text


def test_the_readme_options_table_is_current() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(BEGIN) == 1 and readme.count(END) == 1
    assert replace_table(readme) == readme, "run: python scripts/gen_options.py"
    rows = markdown_table().splitlines()[2:]
    assert [r.split(" | ")[0] for r in rows] == [f"| `{o.name}`" for o in _readme_order()]


def _readme_order() -> list[Any]:
    return [o for o in OPTIONS if o.offered] + [o for o in OPTIONS if not o.offered]


def test_the_protocol_schema_ruleset_is_current() -> None:
    schema = json.loads((ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8"))
    assert schema["$defs"]["ruleset"] == ruleset_schema(), "run: python scripts/gen_options.py"


def test_the_schema_accepts_every_preset_and_refuses_unknown_keys() -> None:
    schema = json.loads((ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        {"$defs": schema["$defs"], "$ref": "#/$defs/ruleset"}
    )
    for rules in PRESETS.values():
        assert not list(validator.iter_errors(rules.to_dict()))
    assert list(validator.iter_errors({"colour": "red"}))
    assert list(validator.iter_errors({"players": 7}))
    assert list(validator.iter_errors({"hand_size": 0}))


def test_replace_table_needs_the_markers() -> None:
    with pytest.raises(ValueError, match="options:begin"):
        replace_table("# a README without the markers\n")
