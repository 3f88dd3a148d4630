"""The table's flow around a game: resigning, a stand-in's move for a person out of time, and
what a spectator may see of a deal (public_view)."""

from __future__ import annotations

import random

import pytest

from briscola.core.game import new_game
from briscola.core.observation import public_cards
from briscola.core.rules import preset
from briscola.session.audience import public_view
from briscola.session.events import PlayedEvent, ResignedEvent, TimedOutEvent
from briscola.session.table import Seat, Table, TableError


def _friends(name: str = "pairs") -> Table:
    rules = preset(name)
    seats = [Seat.human(f"H{i}") for i in range(rules.players)]
    table = Table(rules, seats, seed=3, stand_in="random")
    table.start()
    return table


def test_a_resigned_seat_goes_to_the_stand_in_and_is_recorded() -> None:
    table = _friends()
    events = table.resign(2)
    assert events == [ResignedEvent(seat=2, name="H2")]
    assert table.seats[2].is_bot and table.seats[2].bot == "random" and table.seats[2].name == "H2"
    assert table.resigned == [2] and table.public_info()["resigned"] == [2]
    assert 2 not in table.human_seats()
    with pytest.raises(TableError) as info:
        table.resign(2)
    assert info.value.code == "not_a_person"


def test_resigning_between_deals_deals_when_the_others_are_ready() -> None:
    rules = preset("classic")
    table = Table(rules, [Seat.human("A"), Seat.human("B")], "deals:2", seed=1, stand_in="random")
    table.start()
    rng = random.Random(0)
    while table.status == "playing":
        seat = table.to_act()
        assert seat is not None
        obs = table.observation(seat)
        assert obs is not None
        table.submit(seat, rng.choice(obs.legal))
    table.ready(0)
    assert table.status == "deal_over"
    types = [e.type for e in table.resign(1)]
    assert types == ["resigned", "deal_started"] and table.status == "playing"


def test_resigning_needs_a_game_in_play() -> None:
    table = Table(preset("classic"), [Seat.human("A"), Seat.human("B")], seed=1)
    with pytest.raises(TableError) as info:
        table.resign(0)
    assert info.value.code == "not_started"


def test_a_stand_in_moves_once_for_a_person_out_of_time() -> None:
    table = _friends("classic")
    seat = table.to_act()
    assert seat is not None
    events = table.stand_in_move()
    assert events[0] == TimedOutEvent(seat=seat)
    assert isinstance(events[1], PlayedEvent) and events[1].seat == seat
    assert not table.seats[seat].is_bot and not table.seats[seat].autoplay
    assert table.to_act() == 1 - seat


@pytest.mark.parametrize("name", ["classic", "pairs", "chiamata", "scoperta"])
def test_a_spectator_sees_no_hidden_card(name: str) -> None:
    rng = random.Random(4)
    state = new_game(preset(name), seed=11)
    while not state.is_over:
        view = public_view(state)
        assert view["hand"] == [] and view["legal"] == [] and view["seat"] is None
        shown = {c for cards in view["other_hands"].values() for c in cards}
        assert bool(shown) == state.ruleset.open_hands
        known = {c for cards in view["known_cards"].values() for c in cards}
        assert known <= {str(c) for c in public_cards(state)}
        if view["partner"] is not None:
            assert state.revealed
        state = state.apply(rng.choice(state.legal_actions()))
    final = public_view(state)
    assert sum(len(v) for v in final["other_hands"].values()) == sum(len(h) for h in state.hands)
