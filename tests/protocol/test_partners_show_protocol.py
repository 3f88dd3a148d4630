"""Partners showing their hands before the first trick (``partners_show_first``) over the stdio
engine protocol: observations with shown cards fit the schema and round-trip, and no line sent to
an engine holds a card the opponents showed each other."""

from __future__ import annotations

import json

import pytest

from briscola.apps.protocol.external import ExternalEngine
from briscola.bots import make_bot
from briscola.core.game import new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from protocol_helpers import ENGINE, play_checking_every_view, play_with_engine

pytestmark = pytest.mark.protocol


@pytest.mark.parametrize("name", ["pairs", "six"])
def test_observations_with_shown_cards_fit_the_schema_and_round_trip(name: str) -> None:
    rules = preset(name, partners_show_first=True)
    assert observe(new_game(rules, seed=3), 0).to_dict()["shown"]
    assert play_checking_every_view(rules, seed=3).is_over


def test_an_engine_is_never_sent_the_opponents_shown_cards() -> None:
    """A medium engine plays seat 1 of a pairs table; seats 0 and 2 (medium bots) showed each
    other their hands: until one of those cards is played, no line sent to the engine names it,
    while the engine is sent its partner's (seat 3) shown cards."""
    rules = preset("pairs", partners_show_first=True)
    transcript: list[str] = []
    engine = ExternalEngine([*ENGINE, "--level", "medium"], transcript=transcript)
    bots = {s: make_bot("medium", seed=s) for s in (0, 2, 3)}
    state = new_game(rules, seed=8)
    theirs = set(state.hands[0]) | set(state.hands[2])
    play_with_engine(state, engine, 1, bots)
    sent = [json.loads(line[2:]) for line in transcript if line.startswith("> ")]
    told = 0
    for message in sent:
        if "observation" not in message:
            continue
        obs = Observation.from_dict(message["observation"])
        played = set(obs.played_cards())
        named = {c for _, cards in (*obs.known_cards, *obs.other_hands) for c in cards}
        assert not (named & theirs) - played - {obs.briscola}
        assert set(dict(obs.shown)) <= {3}
        told += bool(obs.shown)
    assert told > 0
