"""Issue 12: a score sheet's targets and formats take ASCII digits only, within a bound."""

from __future__ import annotations

import pytest

from briscola.scorekeeper.commands import SheetState, apply_command
from briscola.scorekeeper.messages import ScoreError
from briscola.scorekeeper.terms import MAX_TARGET, Competitor, SheetFormat, Target


@pytest.mark.parametrize(
    "text",
    [
        "²",
        "custom:²",
        "chiamata:²",
        "9" * 5000,
        pytest.param(10**5000, id="huge"),
        True,
        str(MAX_TARGET + 1),
    ],
)
def test_target_refuses_odd_numbers_with_a_score_error(text: str | int) -> None:
    with pytest.raises(ScoreError, match="unknown target") as info:
        Target.parse(text)
    assert len(str(info.value)) < 150


def test_target_reads_ascii_numbers() -> None:
    assert Target.parse(str(MAX_TARGET)).value == MAX_TARGET
    assert Target.parse(200).value == 200


@pytest.mark.parametrize("text", ["best-of:²", "first-to:" + "9" * 5000, "best-of:1000"])
def test_format_refuses_odd_numbers_with_a_score_error(text: str) -> None:
    with pytest.raises(ScoreError, match="needs a number") as info:
        SheetFormat.parse(text)
    assert len(str(info.value)) < 150


def test_format_with_superscript_tail_is_unknown() -> None:
    with pytest.raises(ScoreError, match="unknown format"):
        SheetFormat.parse("best-of-²")


def _state() -> SheetState:
    return SheetState.new(
        "Sera", [Competitor("Anna"), Competitor("Bruno")], Target(), SheetFormat(), False
    )


@pytest.mark.parametrize(
    "competitor", [True, None, 1.5, ["Anna"], pytest.param(10**5000, id="huge"), 7]
)
def test_a_competitor_is_a_position_or_a_name_only(competitor: object) -> None:
    with pytest.raises(ScoreError) as info:
        apply_command(_state(), {"op": "add", "competitor": competitor, "delta": 5})
    assert info.value.code == "unknown_competitor"
    assert len(str(info.value)) < 150


def test_a_competitor_by_position_digits_or_name() -> None:
    state = _state()
    apply_command(state, {"op": "add", "competitor": 1, "delta": 5})
    apply_command(state, {"op": "add", "competitor": "0", "delta": 3})
    apply_command(state, {"op": "add", "competitor": "Bruno", "delta": 2})
    assert state.deals[-1] == [3, 7]


@pytest.mark.parametrize(
    "delta", [True, "²", "9" * 5000, pytest.param(10**5000, id="huge"), None, "1.5"]
)
def test_points_are_whole_numbers_in_ascii_digits(delta: object) -> None:
    with pytest.raises(ScoreError) as info:
        apply_command(_state(), {"op": "add", "competitor": 0, "delta": delta})
    assert len(str(info.value)) < 150
