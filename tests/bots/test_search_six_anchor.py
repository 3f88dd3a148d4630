"""The search anchored on the medium level's move in six players only (``anchor_six``, a setting
the champion does not use since 2 December: docs/levels.md, "Six players"): in six it plays the
medium move where its free search would play another and has not dropped the medium one; in pairs
and three players it plays as before (its free choice, not the medium move), and champion-v1 and
hard keep their settings."""

from __future__ import annotations

import math
from dataclasses import replace

from briscola.bots.medium import MediumBot
from briscola.bots.search import CHAMPION, CHAMPION_V1, HARD, SearchBot
from briscola.bots.search_config import SearchConfig
from briscola.bots.signs import without_signals
from briscola.core.actions import Play
from briscola.core.game import State, new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset


def position(name: str, steps: int, seed: int = 1) -> tuple[State, Observation]:
    """A deal of the preset after ``steps`` moves of the medium level (a new seed each move),
    and the observation of the seat to move."""
    state = new_game(preset(name), seed=seed)
    for step in range(steps):
        assert state.turn is not None
        state = state.apply(MediumBot(seed * 100 + step).act(observe(state, state.turn)))
    assert state.turn is not None
    return state, observe(state, state.turn)


def card(obs: Observation, bot: SearchBot) -> str:
    action = bot.act(obs)
    assert isinstance(action, Play)
    return str(action.card)


ANCHORED = replace(CHAMPION, anchor_six=True)


def test_the_settings() -> None:
    assert not CHAMPION.anchor_six and not CHAMPION.anchor_multi and not CHAMPION.anchor
    assert not CHAMPION_V1.anchor_six and not CHAMPION_V1.anchor_multi  # the frozen baseline
    assert HARD.anchor and HARD.anchor_multi and not HARD.anchor_six  # hard anchors everywhere
    assert SearchConfig().anchor_six is False


def test_in_six_the_champion_keeps_the_medium_move() -> None:
    _, obs = position("six", 0)
    free = CHAMPION
    medium = MediumBot(7).act(obs)
    assert str(medium.card) == "7c"  # type: ignore[union-attr]
    assert card(obs, SearchBot(7, free)) == "Cb"  # the free search prefers another card
    values = SearchBot(7, ANCHORED).evaluate(without_signals(obs), 0)
    legal: list[object] = [a for a in obs.legal if isinstance(a, Play)]
    assert values[legal.index(medium)] > -math.inf  # not dropped
    assert card(obs, SearchBot(7, ANCHORED)) == "7c"  # the anchor keeps it
    assert card(obs, SearchBot.champion(seed=7)) == "Cb"  # the champion searches freely
    assert card(obs, SearchBot.champion_v1(seed=7)) == "Cb"  # and so does the baseline


def test_in_six_the_anchor_gives_way_to_a_dropped_move() -> None:
    _, obs = position("six", 9)
    medium = MediumBot(7).act(obs)
    assert str(medium.card) == "7b"  # type: ignore[union-attr]
    values = SearchBot(7, ANCHORED).evaluate(without_signals(obs), 0)
    legal: list[object] = [a for a in obs.legal if isinstance(a, Play)]
    assert values[legal.index(medium)] == -math.inf  # the search drops the medium move
    assert card(obs, SearchBot(7, ANCHORED)) == "3b"  # and plays its own


def test_in_pairs_and_three_the_champion_plays_as_before() -> None:
    # positions where the medium level plays another card: the champion keeps its own choice
    cases = (("pairs", 9, "Rc", "2s"), ("pairs", 12, "3s", "5d"), ("three", 0, "Cb", "Cd"),
             ("three", 3, "Rd", "7c"))  # fmt: skip
    for name, steps, champion, medium in cases:
        _, obs = position(name, steps)
        assert str(MediumBot(7).act(obs).card) == medium, (name, steps)  # type: ignore[union-attr]
        assert card(obs, SearchBot(7, ANCHORED)) == champion, (name, steps)
        assert card(obs, SearchBot.champion(seed=7)) == champion, (name, steps)
