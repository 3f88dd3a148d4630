"""Conformance: random games through every preset and every valid combination of its options."""

from __future__ import annotations

import json
import random

import pytest

from briscola.core.game import Phase, Result, State, new_game
from briscola.core.observation import observe
from briscola.core.record import GameRecord
from briscola.core.rules import Partnership, Ruleset
from helpers import PRESET_NAMES, all_rulesets


def check_result(final: State) -> Result:
    """A finished deal's result is complete and consistent."""
    rules = final.ruleset
    n = rules.players
    assert final.is_over and final.phase is Phase.OVER and final.turn is None
    assert all(not hand for hand in final.hands)
    result = final.result()
    assert len(result.seat_points) == n and len(result.teams) == n
    assert all(p >= 0 for p in result.seat_points)
    declared = sum(d.points for d in final.declarations)
    if rules.partnership is Partnership.CALLED:
        assert len(result.units) == n and sum(result.units) == 0
        if not final.tricks:  # everybody passed
            assert result.replay and result.units == (0,) * n
            return result
        assert len(final.tricks) == 8
        assert result.winners in ((0,), (1,))
        assert set(result.teams) <= {0, 1}
    else:
        assert result.units == ()
        assert len(result.team_points) == rules.team_count
        assert len(final.tricks) == len(rules.deck()) // n
        top = max(result.team_points)
        assert result.winners == tuple(t for t, p in enumerate(result.team_points) if p == top)
        assert result.replay == (result.draw and rules.tie.value == "replay")
    assert sum(result.seat_points) == rules.total_points + declared
    assert sum(result.team_points) == rules.total_points + declared
    for side, points in enumerate(result.team_points):
        assert points == sum(p for s, p in enumerate(result.seat_points) if result.teams[s] == side)
    return result


def play_games(rules: Ruleset, seeds: range, records_every: int = 1) -> None:
    """Random games from these seeds; every ``records_every``-th also goes through JSON."""
    for i, seed in enumerate(seeds):
        dealer = seed % rules.players
        rng = random.Random(seed)
        final = new_game(rules, seed=seed, dealer=dealer)
        while not final.is_over:
            final = final.apply(rng.choice(final.legal_actions()))
        result = check_result(final)
        if i % records_every:
            continue
        record = GameRecord.from_state(final)
        text = record.to_json()
        again = GameRecord.from_json(text)
        assert again == record and again.replay() == final
        assert json.loads(text)["result"]["seat_points"] == list(result.seat_points)
        for seat in range(rules.players):
            json.dumps(observe(final, seat).to_dict())


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_option_combination_plays_to_a_valid_result(name: str) -> None:
    rulesets = all_rulesets(name)
    assert len(rulesets) >= 96
    for i, rules in enumerate(rulesets):
        play_games(rules, range(i * 3, i * 3 + 2), records_every=2)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_many_games_per_preset(name: str) -> None:
    from briscola.core.rules import preset

    play_games(preset(name), range(200), records_every=10)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_option_combination_many_games(name: str) -> None:
    for i, rules in enumerate(all_rulesets(name)):
        play_games(rules, range(1000 + i * 20, 1000 + i * 20 + 12), records_every=6)
