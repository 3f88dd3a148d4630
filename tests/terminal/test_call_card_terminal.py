"""The terminal game with the auction on points and a called card (``call_card``): the prompt and
the help say how to call a card, ``chiamo Ad`` and ``chiamo asso di denari`` both call it, a suit
alone is refused with the reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.apps.terminal.prompt import InputProblem, auction_words, parse_input
from briscola.core.actions import Call
from briscola.core.cards import Card
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from helpers import act, deal

RULES = preset("chiamata", call_card=True)


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


def test_the_auction_prompt_names_only_the_bids_open_now(play: Callable[..., str]) -> None:
    """Under call_card every bid is on points: the prompt and the refusals never offer «offro R»
    (the auction's rank bids are not legal there)."""
    out = play("chiamata", "-o", "call_card=true", "--seed", "3",
               stdin="Ad\noffro R\nesci\n")  # fmt: skip
    assert "Scrivi il numero di una mossa, «offro 75» o «passo»." in out
    assert "Ora c'è l'asta: «offro 75» o «passo»." in out  # a card typed in the auction
    assert "In quest'asta si offrono punti, da 61 a 120" in out  # a rank bid refused, and why
    assert "offro R" not in out.replace("> offro R", "")
    english = play("chiamata", "-o", "call_card=true", "--seed", "3", "--lang", "en",
                   stdin="quit\n")  # fmt: skip
    assert 'Type the number of a move, "bid 75" or "pass".' in english


def test_the_ordinary_auction_names_ranks_then_points() -> None:
    """In the ordinary auction ranks are bid first; once a Due is bid only points are left, and
    the prompt says so."""

    def words(*bids: str, lang: str = "it") -> str:
        state = act(deal(preset("chiamata"), {}), *bids)
        assert state.turn is not None
        return auction_words(observe(state, state.turn), lang)

    assert words() == "«offro R» o «passo»"
    assert words("bid R") == "«offro C» o «passo»"  # the ranks left under the Re: C the highest
    assert words("bid 2") == "«offro 75» o «passo»"  # after a Due only points are left
    assert words("bid 2", lang="en") == '"bid 75" or "pass"'


def test_a_word_not_understood_is_answered_with_the_moves_of_the_phase() -> None:
    """In the auction and the call no card is played yet: the answer names the bids open now
    (points only under call_card), or how to call a card, never «scrivi una carta»."""
    state = deal(RULES, {})
    assert state.turn is not None
    with pytest.raises(InputProblem) as problem:
        parse_input("ciao", observe(state, state.turn), [])
    assert problem.value.key == "err.unknown.auction"
    assert problem.value.args_["moves"] == "«offro 75» o «passo»"
    with pytest.raises(InputProblem) as problem:
        parse_input("ciao", calling_obs(), [])
    assert problem.value.key == "err.unknown.call_card"


def test_the_answers_read_italian_in_a_game(play: Callable[..., str]) -> None:
    out = play("chiamata", "-o", "call_card=true", "--seed", "3",
               stdin="ciao\noffro 120\nciao\nesci\n")  # fmt: skip
    assert "Non capisco «ciao»: scrivi il numero di una mossa, «offro 75» o «passo»" in out
    assert "Non capisco «ciao»: chiama una carta («chiamo Ad») o scrivi il numero" in out
    assert "scrivi una carta" not in out
