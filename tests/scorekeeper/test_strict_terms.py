"""Issue 12: a score sheet's targets and formats take ASCII digits only, within a bound."""

from __future__ import annotations

import pytest

from briscola.scorekeeper.messages import ScoreError
from briscola.scorekeeper.terms import MAX_TARGET, SheetFormat, Target


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
