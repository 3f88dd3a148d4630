"""Partner signals over the stdio engine protocol (issue 14, item 2): observations with signs fit
the schema and round-trip, an engine may answer a sign, and no request to an engine holds the
meaning of an opponent's sign."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import jsonschema
import pytest

from briscola.apps.protocol.engine import EngineSession
from briscola.apps.protocol.external import ExternalEngine
from briscola.bots import make_bot
from briscola.core.actions import Signal
from briscola.core.game import new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from signal_helpers import meanings

pytestmark = pytest.mark.protocol

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
ENGINE = [sys.executable, "-m", "briscola.apps.protocol.engine"]


@pytest.mark.parametrize("name", ["pairs", "six"])
def test_observations_with_signs_fit_the_schema_and_round_trip(name: str) -> None:
    rules = preset(name, signals=True)
    rng = random.Random(3)
    state = new_game(rules, seed=3)
    session = EngineSession("medium", seed=1)
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        for viewer in range(rules.players):
            data = json.loads(json.dumps(observe(state, viewer).to_dict()))
            assert Observation.from_dict(data) == observe(state, viewer)
        request = {"type": "act", "id": 1, "observation": observe(state, seat).to_dict()}
        VALIDATOR.validate(request)
        reply, _ = session.handle(json.dumps(request))
        VALIDATOR.validate(reply)
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.signals


def test_an_engine_signs_and_is_never_told_an_opponents_sign() -> None:
    """A medium engine plays seat 1 of a pairs table with signals; seats 0 and 2 (medium bots)
    signal to each other: no line sent to the engine holds one of their signs' meanings."""
    rules = preset("pairs", signals=True)
    transcript: list[str] = []
    engine = ExternalEngine([*ENGINE, "--level", "medium"], transcript=transcript)
    bots = {s: make_bot("medium", seed=s) for s in (0, 2, 3)}
    state = new_game(rules, seed=8)
    engine_signs = 0
    with engine:
        engine.new_game(2)
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            obs = observe(state, seat)
            action = engine.act(obs) if seat == 1 else bots[seat].act(obs)
            engine_signs += seat == 1 and isinstance(action, Signal)
            state = state.apply(action)
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
