"""Partner signals over the stdio engine protocol (issue 14, item 2): observations with signs fit
the schema and round-trip, an engine may answer a sign, and no request to an engine holds the
meaning of an opponent's sign."""

from __future__ import annotations

import json

import pytest

from briscola.apps.protocol.external import ExternalEngine
from briscola.bots import make_bot
from briscola.core.actions import Signal
from briscola.core.game import new_game
from briscola.core.rules import preset
from protocol_helpers import ENGINE, VALIDATOR, play_checking_every_view, play_with_engine
from signal_helpers import meanings

pytestmark = pytest.mark.protocol


@pytest.mark.parametrize("name", ["pairs", "six"])
def test_observations_with_signs_fit_the_schema_and_round_trip(name: str) -> None:
    assert play_checking_every_view(preset(name, signals=True), seed=3).signals


def test_an_engine_signs_and_is_never_told_an_opponents_sign() -> None:
    """A medium engine plays seat 1 of a pairs table with signals; seats 0 and 2 (medium bots)
    signal to each other: no line sent to the engine holds one of their signs' meanings."""
    rules = preset("pairs", signals=True)
    transcript: list[str] = []
    engine = ExternalEngine([*ENGINE, "--level", "medium"], transcript=transcript)
    bots = {s: make_bot("medium", seed=s) for s in (0, 2, 3)}
    state = new_game(rules, seed=8)
    state, played = play_with_engine(state, engine, 1, bots)
    engine_signs = sum(isinstance(action, Signal) for action in played)
    theirs = [s for s in state.signals if s.seat in (0, 2)]
    assert theirs and engine_signs > 0
    sent = [json.loads(line[2:]) for line in transcript if line.startswith("> ")]
    assert sent
    for message in sent:
        VALIDATOR.validate(message)
        if "observation" not in message:
            continue
        signs = message["observation"]["signals"]
        assert all(s["signal"] is None for s in signs if s["seat"] in (0, 2))
        ours = [s for s in signs if s["seat"] in (1, 3)]
        assert all(s["signal"] is not None for s in ours)
        # each of its own side's signs once in "signals", once in "actions": nothing more
        assert len(meanings(message)) == 2 * len(ours)
