"""Issue 12: numbers are read in ASCII digits only, within a bound, and an error quotes a short
excerpt of the input, never all of it."""

from __future__ import annotations

import pytest

from briscola.core.actions import ActionParseError, Bid, parse_action
from briscola.core.cards import CardParseError, Rank
from briscola.core.match import MatchFormat, MatchFormatError, MatchKind
from briscola.core.rules import Ruleset, RulesetError
from briscola.core.text import ascii_number, excerpt, has_surrogate


@pytest.mark.parametrize("text", ["²", "١٢", "-1", "+3", " 3", "", "1" * 7, "9" * 5000])
def test_ascii_number_refuses_everything_but_a_few_ascii_digits(text: str) -> None:
    assert ascii_number(text) is None


def test_ascii_number_reads_ascii_digits() -> None:
    assert ascii_number("007") == 7
    assert ascii_number("999999") == 999999


def test_excerpt_cuts_a_long_text_and_says_its_length() -> None:
    text = excerpt("a" * 10**6)
    assert len(text) < 90
    assert text.endswith("(1000000 characters)")
    assert excerpt("Ad") == "'Ad'"


def test_has_surrogate() -> None:
    assert has_surrogate("x\ud800")
    assert not has_surrogate("Anna ✓")


@pytest.mark.parametrize("text", ["best-of:²", "first-to:²", "points:" + "9" * 5000, "deals:1e3"])
def test_match_format_refuses_odd_digits_with_its_own_error(text: str) -> None:
    with pytest.raises(MatchFormatError, match="needs a number") as info:
        MatchFormat.parse(text)
    assert len(str(info.value)) < 200


def test_match_format_still_reads_ascii_numbers() -> None:
    assert MatchFormat.parse("deals:999999") == MatchFormat(MatchKind.DEALS, 999999)


@pytest.mark.parametrize("text", ["bid ²", "²d", "bid " + "9" * 5000, "bid ٧٥"])
def test_bids_and_cards_refuse_odd_digits_with_an_action_error(text: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    assert len(str(info.value)) < 250


def test_a_huge_action_is_quoted_as_a_short_excerpt() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action("A" * 10**6)
    assert len(str(info.value)) < 200
    assert "(1000000 characters)" in str(info.value)


def test_bids_still_read() -> None:
    assert parse_action("bid 75") == Bid(points=75)
    assert parse_action("bid 10") == Bid(rank=Rank.RE)


def test_rank_refuses_superscript_digits() -> None:
    with pytest.raises(CardParseError):
        Rank.parse("²")


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-2", "3.0"])
def test_a_ruleset_number_in_odd_digits_is_a_ruleset_error(value: str) -> None:
    with pytest.raises(RulesetError, match="must be a whole number") as info:
        Ruleset.from_dict({"preset": "classic", "hand_size": value})
    assert len(str(info.value)) < 150


def test_a_ruleset_number_in_ascii_digits_is_read() -> None:
    assert Ruleset.from_dict({"preset": "classic", "hand_size": " 4 "}).hand_size == 4


def test_the_longest_match_format_fits_its_storage_column() -> None:
    # the server stores str(format) in a 32-character column: six digits always fit
    for kind in MatchKind:
        if kind is not MatchKind.SINGLE:
            assert len(str(MatchFormat.parse(f"{kind.value}:999999"))) <= 32


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("exchange", "t" * 100_000),
        ("inversion", "y" * 100_000),
        ("inversion", [True] * 100_000),
        pytest.param("hand_size", 10**5000, id="huge"),
    ],
)
def test_ruleset_errors_quote_a_short_excerpt(name: str, value: object) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict({"preset": "classic", name: value})
    assert len(str(info.value)) < 200
