"""The terminal and the server ask their computer players the one way (issue 35, part 3): a table
played here (``run_bots``, what the terminal does) and the same table played by requests answered
elsewhere (``bot_request``/``bot_answer`` with the server pool's :func:`decide`) make the same
moves, because each decision is a bot made with the decision's seed."""

from __future__ import annotations

import pytest

from briscola.bots import make_bot, with_budget
from briscola.bots.pool import decide
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.session.table import Seat, Table

pytestmark = pytest.mark.session


def _actions(table: Table) -> list[str]:
    return [str(a) for deal in table.deals for a in deal.actions]


@pytest.mark.parametrize(("name", "level"), [("classic", "medium"), ("pairs", "simple"),
                                             ("chiamata", "easy")])  # fmt: skip
@pytest.mark.parametrize("seed", [1, 2])
def test_the_terminal_and_the_server_make_the_same_moves(name: str, level: str, seed: int) -> None:
    rules = preset(name)

    def seats() -> list[Seat]:  # a person on autoplay (the terminal's --auto) and computers
        person = Seat.human("Anna")
        person.autoplay = True
        return [person] + [Seat.computer(level) for _ in range(rules.players - 1)]

    here = Table(rules, seats(), seed=seed, stand_in=level)
    there = Table(rules, seats(), seed=seed, stand_in=level)
    here.start()
    there.start()
    here.run_bots()
    while (request := there.bot_request()) is not None:
        assert there.bot_answer(
            request, decide(request.level, request.seed, request.observation, 1)
        )
    assert _actions(here) == _actions(there) and len(_actions(here)) > 20
    assert here.status == there.status


def test_a_search_bot_with_a_budget_searches_less_with_the_same_seed() -> None:
    bot = make_bot("hard", 9)
    smaller = with_budget(bot, 0.25)
    assert smaller is not bot and smaller.name == "hard"
    assert smaller.config.rollouts < bot.config.rollouts  # type: ignore[attr-defined]
    assert with_budget(bot, 1.0) is bot
    state = new_game(preset("classic"), seed=4)
    obs = observe(state, state.turn)  # type: ignore[arg-type]
    assert with_budget(make_bot("hard", 9), 0.5).act(obs) in obs.legal
