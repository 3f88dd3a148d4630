"""The terminal game with the auction on points and a called card (``call_card``): the prompt and
the help say how to call a card, ``chiamo Ad`` and ``chiamo asso di denari`` both call it, a suit
alone is refused with the reason."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.apps.terminal.prompt import InputProblem, parse_input
from briscola.core.actions import Call
from briscola.core.cards import Card
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from helpers import act, deal

RULES = preset("chiamata", call_card=True)


@pytest.fixture(autouse=True)
def plain_output(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)


def calling_obs() -> Observation:
    state = act(deal(RULES, {}), "bid 90", "pass", "pass", "pass", "pass")
    return observe(state, 1)


@pytest.mark.parametrize("line", ["chiamo Ad", "chiamo asso di denari", "chiama A d",
                                  "call ace of coins", "chiamo Asso di Denari"])  # fmt: skip
def test_a_card_is_called_by_notation_or_by_name(line: str) -> None:
    obs = calling_obs()
    ace = Card.parse("Ad")
    assert parse_input(line, obs, []) == Call(ace.suit, ace.rank)


def test_a_suit_alone_is_refused_with_how_to_call_a_card() -> None:
    with pytest.raises(InputProblem) as problem:
        parse_input("chiamo d", calling_obs(), [])
    assert problem.value.key == "err.in_call_card"


def test_a_game_in_italian_calls_a_card_by_name() -> None:
    stdin = "aiuto\noffro 120\nchiamo d\nchiamo asso di denari\nesci\n"
    out = CliRunner().invoke(app, ["play", "chiamata", "-o", "call_card=true", "--seed", "3"],
                             input=stdin).output  # fmt: skip
    assert "offro 75 · passo · chiamo Ad (una carta, valore e seme)" in out
    assert "chiama una carta, valore e seme («chiamo Ad» o «chiamo asso di denari»)" in out
    assert "Chiami Ad (Asso di denari): briscola denari." in out
    assert "Traceback" not in out
