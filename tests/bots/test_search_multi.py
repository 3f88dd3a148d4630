"""The champion with more than two players: when it solves the last tricks exactly from the root,
and its moves legal and the same for the same seed in six (the exact endgame in its rollouts)."""

from __future__ import annotations

import random
from dataclasses import replace

from briscola.bots.search import CHAMPION, CHAMPION_V1, SearchBot
from briscola.bots.search import _root_solved as root_solved
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from helpers import play_bots


def last_tricks(name: str, cards: int, seed: int = 1) -> State:
    """A deal of the preset played at random until every hand holds ``cards`` cards or fewer
    and the stock is empty, at the start of a trick."""
    state = new_game(preset(name), seed=seed)
    rng = random.Random(seed)
    while state.stock or max(len(h) for h in state.hands) > cards or state.trick:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_root_is_solved_in_the_last_tricks() -> None:
    # in six the champion solves from three cards a hand (18 in all: root_cards for six), in
    # chiamata from two (three cards a hand are 15, above root_cards); in three players, each
    # for itself, from three: its best order of its cards against the others' medium rules
    for name, cards, solved in (("pairs", 3, True), ("three", 3, True), ("six", 3, True),
                                ("six", 2, True), ("chiamata", 3, False),
                                ("chiamata", 2, True)):  # fmt: skip
        state = last_tricks(name, cards)
        assert state.turn is not None
        obs = observe(state, state.turn)
        assert root_solved(obs, CHAMPION) is solved, (name, cards)
        assert not root_solved(obs, CHAMPION_V1)  # the frozen baseline searches as it did
    six = last_tricks("six", 3)
    assert six.turn is not None
    assert not root_solved(observe(six, six.turn), replace(CHAMPION, by_table=()))
    early = new_game(preset("pairs"), seed=1)
    assert not root_solved(observe(early, 0), CHAMPION)


def test_champion_in_six_is_legal_and_reproducible() -> None:
    rules = preset("six")
    runs = []
    for _ in range(2):
        state = new_game(rules, seed=5)
        bots = [SearchBot.champion(seed=3 + s) for s in range(2)]
        others = [SearchBot.hard(seed=9 + s) for s in range(rules.players - 2)]
        seats = [bots[0], others[0], others[1], bots[1], others[2], others[3]]
        runs.append(play_bots(state, seats).actions)
    assert runs[0] == runs[1]
