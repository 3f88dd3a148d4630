"""Partner signals (issue 14, item 2): the rules, who sees a sign's meaning, records and replay.

RULES.md: "conventional signs are a table custom (a sign for holding the Asso, the Tre, high
trumps; sometimes a 'capitano' who directs the partner): an online table offers a fixed set of
partner signals as an option, seen by the partner only (opponents see that a sign was made, not
which)."
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import signal_helpers
from briscola.bots.base import make_bot
from briscola.core.actions import ActionParseError, Play, Signal, parse_action
from briscola.core.cards import Card, Suit, parse_cards
from briscola.core.game import IllegalActionError, State, new_game
from briscola.core.observation import Observation, determinize, observe
from briscola.core.record import GameRecord
from briscola.core.rules import RulesetError, preset
from briscola.core.signals import SignalKind, SignalMade, true_signals
from briscola.session.events import action_events
from signal_helpers import meanings

pytestmark = pytest.mark.core


def pairs_deal(hands: str, briscola: str = "Ab", **options: Any) -> State:
    """``signal_helpers.pairs_deal`` with this file's usual briscola."""
    return signal_helpers.pairs_deal(hands, briscola, **options)


def test_off_by_default_and_only_in_team_games() -> None:
    assert not preset("pairs").signals and not preset("six").signals
    assert preset("six", signals=True).signals
    for name in ("classic", "three", "quattro", "scoperta", "chiamata"):
        with pytest.raises(RulesetError, match="signals is an option of games with fixed teams"):
            preset(name, signals=True)
    state = new_game(preset("pairs"), seed=1)
    assert not any(isinstance(a, Signal) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="not played under these rules"):
        state.apply(Signal(SignalKind.CARICA))


def test_hand_signs_are_offered_only_when_true() -> None:
    rules = preset("pairs", signals=True)
    assert true_signals(parse_cards("Ab 3b 4c"), Suit.BASTONI, rules) == (
        SignalKind.ASSO,
        SignalKind.TRE,
        SignalKind.ALTE,
        SignalKind.CARICA,
        SignalKind.LISCIO,
    )
    assert true_signals(parse_cards("7b 2b 4c"), Suit.BASTONI, rules) == (
        SignalKind.CARICA,
        SignalKind.LISCIO,
    )
    assert true_signals(parse_cards("Ac 3c 4c"), Suit.BASTONI, rules)[0] is SignalKind.NESSUNA
    inverted = preset("pairs", signals=True, inversion=True)
    assert SignalKind.TRE in true_signals(parse_cards("7b 4c 5c"), Suit.BASTONI, inverted)
    assert SignalKind.TRE not in true_signals(parse_cards("3b 4c 5c"), Suit.BASTONI, inverted)
    state = pairs_deal("Rb 4c 5c|Ac 2d 3d|Fc 4d 5d|6c 6d 7d")
    with pytest.raises(IllegalActionError, match="cannot signal asso: the sign is not true"):
        state.apply(Signal(SignalKind.ASSO))


def test_one_sign_a_trick_at_ones_turn_before_the_card() -> None:
    state = pairs_deal("Rb 4c 5c|Ac 2d 3d|Fc 4d 5d|6c 6d 7d")
    assert state.turn == 0
    after = state.apply(Signal(SignalKind.ALTE))
    assert after.turn == 0 and after.hands == state.hands  # the sign does not pass the turn
    assert after.signals == (SignalMade(0, 0, SignalKind.ALTE),)
    assert not any(isinstance(a, Signal) for a in after.legal_actions())
    with pytest.raises(IllegalActionError, match="already made a sign in this trick"):
        after.apply(Signal(SignalKind.CARICA))
    after = after.apply(Play(Card.parse("4c")))
    assert Signal(SignalKind.CARICA) in after.legal_actions()  # seat 1's turn: its own sign
    while after.tricks == ():
        after = after.apply(next(a for a in after.legal_actions() if isinstance(a, Play)))
    if after.turn == 0:
        assert Signal(SignalKind.CARICA) in after.legal_actions()  # a new trick, a new sign
    with pytest.raises(IllegalActionError, match="names its sign"):
        after.apply(Signal(None))


def test_the_meaning_is_seen_by_the_partner_only() -> None:
    state = pairs_deal("Ab 4c 5c|Ac 2d 3d|Fc 4d 5d|6c 6d 7d", briscola="7b")
    after = state.apply(Signal(SignalKind.ASSO))
    mine, partner = observe(after, 0), observe(after, 2)
    assert mine.signals == partner.signals == (SignalMade(0, 0, SignalKind.ASSO),)
    assert partner.actions == (Signal(SignalKind.ASSO),)
    assert dict(partner.known_cards)[0] == (Card.parse("Ab"),)  # the partner knows the Asso
    for opponent in (1, 3):
        obs = observe(after, opponent)
        assert obs.signals == (SignalMade(0, 0, None),)
        assert obs.actions == (Signal(None),)
        assert not dict(obs.known_cards)
        text = json.dumps(obs.to_dict())
        assert "asso" not in text and '"signal": null' in text
        assert Observation.from_dict(obs.to_dict()) == obs
    events = action_events(state, after, 0, Signal(SignalKind.ASSO))
    assert [e.to_dict() for e in events] == [
        {"type": "signalled", "seat": 0, "trick": 0, "action": "signal"}
    ]
    # once played, the Asso is no longer "known in a hand"
    played = after.apply(Play(Card.parse("Ab")))
    assert not dict(observe(played, 2).known_cards)


def test_records_keep_the_signs_and_replay_them() -> None:
    state = new_game(preset("six", signals=True), seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.signals
    record = GameRecord.from_state(state)
    text = record.to_json()
    assert any(a.startswith("signal ") for a in json.loads(text)["actions"])
    again = GameRecord.from_json(text)
    assert again == record and again.replay() == state
    with pytest.raises(ActionParseError, match="is not a signal"):
        parse_action("signal wink")
    assert parse_action("segno liscio") == Signal(SignalKind.LISCIO)
    assert parse_action("signal ace") == Signal(SignalKind.ASSO)


def test_determinized_worlds_keep_the_partners_signalled_trump() -> None:
    state = pairs_deal("3b 4c 5c|Ac 2d 3d|Ab 4d 5d|6c 6d 7d", briscola="7b")
    state = state.apply(Signal(SignalKind.TRE)).apply(Play(Card.parse("4c")))
    state = state.apply(Play(Card.parse("2d")))
    state = state.apply(Signal(SignalKind.ASSO))
    obs = observe(state.apply(Play(Card.parse("4d"))), 0)
    for seed in range(20):
        world = determinize(obs, random.Random(seed))
        assert Card.parse("Ab") in world.hands[2]
        assert observe(world, 0) == obs


@pytest.mark.parametrize("name", ["pairs", "six"])
def test_no_opponent_or_spectator_sees_a_meaning_over_whole_games(name: str) -> None:
    """Whole games with medium bots signalling: an observation (its JSON) holds the meaning of
    its own side's signs only (each once in ``signals``, once in ``actions``); the spectator's
    view and the public events hold none."""
    from briscola.session.audience import public_view

    for seed in range(4):
        state = new_game(preset(name, signals=True), seed=seed)
        bots = [make_bot("medium", seed=s) for s in range(state.players)]
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            action = bots[seat].act(observe(state, seat))
            after = state.apply(action)
            for event in action_events(state, after, seat, action):
                assert meanings(event.to_dict()) == []
            state = after
            assert meanings(public_view(state)) == []
            for viewer in range(state.players):
                own = [
                    s.kind.value
                    for s in state.signals
                    if s.kind is not None and s.seat % 2 == viewer % 2
                ]
                seen = meanings(observe(state, viewer).to_dict())
                assert sorted(seen) == sorted(own * 2)
        assert len(state.signals) >= 4  # the bots did signal
