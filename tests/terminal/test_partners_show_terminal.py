"""Partners show their hands before the first trick (``partners_show_first``) in the line-mode
game: the view at the player's turn prints the cards the partner showed and still holds, "Carte
di Nord (mostrate all'inizio): …", one card fewer after the partner plays one of them, never a
card the partner drew later, never an opponent's."""

from __future__ import annotations

import itertools
import re

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app

pytestmark = pytest.mark.terminal

SHOWN = ("pairs", "--seed", "5", "--option", "partners_show_first=true")
CARD = re.compile(r"\b([A2-7FCR][cdsb]) \(")


def play(*args: str) -> str:
    result = CliRunner().invoke(app, ["play", *args], input="1\n" * 40)
    assert "Traceback" not in result.output, result.output
    return result.output


def shown_lines(out: str, label: str) -> list[list[str]]:
    return [CARD.findall(line) for line in out.splitlines() if line.startswith(label)]


def test_the_partners_shown_cards_are_printed_until_played() -> None:
    out = play(*SHOWN)
    lines = shown_lines(out, "Carte di Nord (mostrate all'inizio): ")
    assert lines and len(lines[0]) == 3  # the whole hand after the deal
    played = set(re.findall(r"^Nord gioca ([A2-7FCR][cdsb])", out, re.MULTILINE))
    for before, after in itertools.pairwise(lines):
        assert set(after) <= set(before)  # never a card drawn later
    first = set(lines[0])
    gone = first & played  # the partner played some of them: they left the line
    assert gone and any(card not in later for later in lines[1:] for card in gone)
    assert "Carte di Est" not in out and "Carte di Ovest" not in out


def test_in_english() -> None:
    out = play(*SHOWN, "--lang", "en")
    lines = [line for line in out.splitlines() if line.startswith("Cards of ")]
    assert lines and "(shown at the start): " in lines[0]


def test_nothing_is_printed_without_the_option() -> None:
    out = play("pairs", "--seed", "5")
    assert "mostrate all'inizio" not in out
