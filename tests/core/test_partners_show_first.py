"""Showing hands before the first trick (issue 14, the ``partners_show_first`` option).

The rule, from the Romanian description (RULES.md): "partners may show each other their cards
before the first trick (option, team games)". Each player then knows the hand its partner held
after the deal, as long as the partner still holds those cards: a shown card that is played is
simply played, a card drawn later was never shown. Opponents and spectators see none of it.
"""

from __future__ import annotations

import json
import random

import pytest

from briscola.core.cards import parse_cards
from briscola.core.observation import Observation, determinize, observe
from briscola.core.options import offered_on
from briscola.core.record import GameRecord
from briscola.core.rules import RulesetError, preset
from briscola.core.shown import shown_cards
from briscola.session.audience import public_view
from helpers import act, deal

pytestmark = pytest.mark.core

PAIRS = preset("pairs", partners_show_first=True)
# dealer 0: seat 1 leads; trumps are bastoni (the 2 of bastoni turned up)
HANDS = {1: "4s 5s 6s", 2: "Rc 7b 2d", 3: "4c 5c 6c", 0: "Ab 3b 4d"}
STOCK = "Fd Cd 7d Rd"


def test_after_the_deal_each_partner_sees_the_others_three_cards() -> None:
    state = deal(PAIRS, HANDS, briscola="2b", stock=STOCK)
    for seat, partner in ((0, 2), (2, 0), (1, 3), (3, 1)):
        obs = observe(state, seat)
        assert obs.shown == ((partner, parse_cards(HANDS[partner])),)
        assert dict(obs.known_cards) == {partner: parse_cards(HANDS[partner])}
        assert obs.other_hands == ()  # not the whole hand: only what was shown


def test_a_shown_card_played_is_gone_and_a_card_drawn_later_is_not_shown() -> None:
    state = deal(PAIRS, HANDS, briscola="2b", stock=STOCK)
    state = act(state, "4s", "7b", "6c", "4d")  # seat 2 takes with the 7 of trumps
    assert state.tricks[0].winner == 2
    assert state.hands[2] == parse_cards("Rc 2d Fd")  # drew the Fante di denari
    assert observe(state, 0).shown == ((2, parse_cards("Rc 2d")),)
    assert dict(observe(state, 0).known_cards) == {2: parse_cards("Rc 2d")}
    assert observe(state, 2).shown == ((0, parse_cards("Ab 3b")),)  # not the 7d drawn
    assert observe(state, 1).shown == ((3, parse_cards("4c 5c")),)


def test_opponents_never_see_what_was_shown() -> None:
    state = deal(PAIRS, HANDS, briscola="2b", stock=STOCK)
    for seat in (1, 3):
        obs = observe(state, seat)
        seen = {c for _, cards in (*obs.shown, *obs.known_cards) for c in cards}
        assert not seen & (set(state.hands[0]) | set(state.hands[2]))


def test_a_spectator_sees_nothing_shown() -> None:
    state = deal(PAIRS, HANDS, briscola="2b", stock=STOCK)
    view = public_view(state)
    assert view["shown"] == {} and view["known_cards"] == {}


def test_six_players_see_both_partners() -> None:
    state = deal(preset("six", partners_show_first=True), {})
    obs = observe(state, 0)
    assert obs.shown == ((2, state.hands[2]), (4, state.hands[4]))
    assert shown_cards(state, 1) == {3: state.hands[3], 5: state.hands[5]}


def test_an_exchange_before_the_first_trick_is_public_and_the_2_is_gone() -> None:
    rules = preset("pairs", partners_show_first=True, exchange="two")
    # dealer 3: seat 0 leads, holding the 2 of trumps (briscola the Cavallo of bastoni)
    state = deal(rules, {0: "2b Ab 4d", 2: "Rc 7c 2d"}, briscola="Cb", dealer=3)
    state = act(state, "exchange")
    assert state.hands[0] == parse_cards("Cb Ab 4d")  # the briscola in the 2's place
    assert observe(state, 2).shown == ((0, parse_cards("Ab 4d")),)
    assert dict(observe(state, 2).known_cards) == {0: parse_cards("Cb Ab 4d")}
    assert dict(observe(state, 1).known_cards)[0] == parse_cards("Cb")  # public


def test_the_option_belongs_to_the_team_presets_only() -> None:
    for name in ("pairs", "six"):
        assert "partners_show_first" in [o.name for o in offered_on(preset(name))]
        assert not preset(name).partners_show_first  # off by default
    for name in ("classic", "three", "quattro", "scoperta", "chiamata"):
        assert "partners_show_first" not in [o.name for o in offered_on(preset(name))]
        with pytest.raises(RulesetError, match="partners_show_first is an option of games with"):
            preset(name, partners_show_first=True)


def test_without_the_option_nothing_is_shown() -> None:
    state = deal("pairs", HANDS, briscola="2b", stock=STOCK)
    assert observe(state, 0).shown == () and observe(state, 0).known_cards == ()


def test_records_replay_and_determinize_reproduce_the_view() -> None:
    state = deal(PAIRS, HANDS, briscola="2b", stock=STOCK)
    state = act(state, "4s", "7b", "6c", "4d", "Fd")
    record = GameRecord.from_json(GameRecord.from_state(state).to_json())
    assert record.ruleset.partners_show_first
    again = record.replay()
    for seat in range(4):
        obs = observe(state, seat)
        assert observe(again, seat) == obs
        assert Observation.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs
        for seed in range(3):
            assert observe(determinize(obs, random.Random(seed)), seat) == obs
