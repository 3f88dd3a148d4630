"""What the engine-protocol tests share: the JSON Schema's validator, the engine's command line, a
random game checked line by line, and a game against an external engine."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

import jsonschema

from briscola.apps.protocol.engine import EngineSession
from briscola.apps.protocol.external import ExternalEngine
from briscola.bots.base import Bot
from briscola.core.actions import Action
from briscola.core.game import State, new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import Ruleset

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
ENGINE = [sys.executable, "-m", "briscola.apps.protocol.engine"]


def play_checking_every_view(rules: Ruleset, seed: int) -> State:
    """Play a game of random legal moves; before each, every seat's observation survives a JSON
    round trip, and the acting seat's request and a medium engine's reply fit the schema. The
    finished state is returned."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
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
    return state


def play_with_engine(
    state: State,
    engine: ExternalEngine,
    seats: int | Collection[int],
    bots: Mapping[int, Bot],
    *,
    game: int = 2,
    check: Callable[[State, int, Observation], None] | None = None,
) -> tuple[State, list[Action]]:
    """Play ``state`` to its end, ``engine`` at ``seats`` (one seat or several) and ``bots`` at
    the others, as game number ``game``; ``check`` sees the state, seat and observation after
    each of the engine's moves. The finished state and the engine's actions are returned."""
    mine = {seats} if isinstance(seats, int) else set(seats)
    played: list[Action] = []
    with engine:
        engine.new_game(game)
        while not state.is_over:
            turn = state.turn
            assert turn is not None
            obs = observe(state, turn)
            action = engine.act(obs) if turn in mine else bots[turn].act(obs)
            if turn in mine:
                played.append(action)
                if check is not None:
                    check(state, turn, obs)
            state = state.apply(action)
    return state, played
