"""The table: seats, turn flow, errors, bots through observations, autoplay, exact rebuilds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola.core.actions import Action, Pass
from briscola.core.observation import Observation, observe
from briscola.core.rules import PRESETS, preset
from briscola.session.events import AutoplayEvent, DealStartedEvent, PlayedEvent, TrickEvent
from briscola.session.table import Seat, Table, TableError


def humans_and_bots(n: int, humans: int = 1, level: str = "random") -> list[Seat]:
    return [Seat.human(f"H{i}") if i < humans else Seat.computer(level) for i in range(n)]


def play_out(table: Table, rng: random.Random, deals: int | None = None) -> None:
    """Play humans at random and bots by themselves until the match ends (or ``deals`` end)."""
    ended = 0
    while table.status != "over":
        if table.status == "deal_over":
            ended += 1
            if deals is not None and ended >= deals:
                return
            for seat in table.human_seats():
                table.ready(seat)
            continue
        table.run_bots()
        seat = table.to_act()
        if seat is None:
            continue
        obs = table.observation(seat)
        assert obs is not None
        table.submit(seat, rng.choice(obs.legal))


def code_of(fn: Any, *args: Any) -> str:
    with pytest.raises(TableError) as info:
        fn(*args)
    assert info.value.message
    return info.value.code


def test_a_table_needs_one_seat_per_player() -> None:
    assert code_of(Table, preset("pairs"), humans_and_bots(3)) == "bad_seats"


def test_waiting_table_refuses_actions_and_views_have_no_observation() -> None:
    table = Table(preset("classic"), humans_and_bots(2), seed=1)
    assert table.status == "waiting" and table.deal_number is None
    assert code_of(table.submit, 0, "Ad") == "not_started"
    assert code_of(table.ready, 0) == "not_started"
    assert table.observation(0) is None
    assert table.public_info()["seats"][1]["kind"] == "bot"


def test_start_fills_empty_seats_or_refuses() -> None:
    seats = [Seat.human("A"), Seat.human("", joined=False)]
    table = Table(preset("classic"), seats, seed=1)
    assert code_of(table.start) == "seats_empty"
    events = table.start(fill="random")
    assert [e.type for e in events] == ["deal_started"]
    assert table.seats[1].is_bot and table.seats[1].bot == "random"
    assert code_of(table.start, "random") == "already_started"


def test_errors_have_codes_and_clear_messages() -> None:
    table = Table(preset("classic"), [Seat.human("A"), Seat.human("B")], seed=3)
    table.start()
    state = table.state
    assert state is not None and state.turn is not None
    turn, other = state.turn, 1 - state.turn
    assert code_of(table.submit, other, str(state.hands[other][0])) == "not_your_turn"
    assert code_of(table.submit, turn, "hello") == "bad_action"
    assert code_of(table.submit, turn, str(state.hands[other][0])) == "illegal_action"
    assert code_of(table.submit, turn, "bid 3") == "illegal_action"
    assert code_of(table.submit, 5, "Ad") == "bad_seat"
    assert code_of(table.ready, turn) == "deal_not_over"
    assert code_of(table.bot_move) == "no_bot_to_act"
    with pytest.raises(TableError, match="does not hold"):
        table.submit(turn, str(state.hands[other][0]))


def test_events_of_a_trick() -> None:
    table = Table(preset("classic"), [Seat.human("A"), Seat.human("B")], seed=3)
    table.start()
    state = table.state
    assert state is not None and state.turn is not None
    first = state.turn
    e1 = table.submit(first, str(state.hands[first][0]))
    card = str(state.hands[first][0])
    assert e1 == [PlayedEvent(seat=first, card=card, action=card)]
    second = 1 - first
    e2 = table.submit(second, str(state.hands[second][0]))
    assert [e.type for e in e2] == ["played", "trick"]
    trick = e2[1]
    assert isinstance(trick, TrickEvent) and trick.winner in (0, 1) and len(trick.cards) == 2
    assert trick.to_dict()["cards"][0] == [first, card]  # as the wire carries it: pairs as lists


@pytest.mark.parametrize("name", list(PRESETS))
def test_full_match_with_bots_for_every_preset(name: str) -> None:
    rules = preset(name)
    table = Table(rules, humans_and_bots(rules.players, humans=1), "best-of:3", seed=11)
    table.start()
    play_out(table, random.Random(1))
    info = table.public_info()
    assert info["status"] == "over" and info["match"]["over"]
    assert info["result"] is not None
    assert table.to_act() is None and table.bot_to_act() is None
    assert code_of(table.submit, 0, "Ad") == "match_over"
    assert code_of(table.ready, 0) == "match_over"


def test_next_deal_waits_for_every_human() -> None:
    rules = preset("pairs")
    seats = [Seat.human("A"), Seat.computer("random"), Seat.human("C"), Seat.computer("random")]
    table = Table(rules, seats, "best-of:3", seed=4)
    table.start()
    play_out(table, random.Random(2), deals=1)
    assert table.status == "deal_over"
    assert code_of(table.submit, 0, "Ad") == "between_deals"
    events = table.ready(0)
    assert [e.type for e in events] == ["ready"] and table.status == "deal_over"
    assert table.public_info()["seats"][0]["ready"]
    events = table.ready(2)
    assert [e.type for e in events] == ["ready", "deal_started"]
    assert table.status == "playing" and table.deal_number == 1
    assert not any(s.ready for s in table.seats)


def test_autoplay_plays_for_an_absent_human_and_counts_as_ready() -> None:
    seats = [Seat.human("A"), Seat.human("B")]
    table = Table(preset("classic"), seats, "first-to:2", seed=9)
    table.start()
    assert table.bot_to_act() is None
    assert [e.type for e in table.set_autoplay(1, True)] == ["autoplay"]
    assert table.set_autoplay(1, True) == []
    rng = random.Random(3)
    while table.status == "playing":
        table.run_bots()
        if table.to_act() == 0:
            obs = table.observation(0)
            assert obs is not None
            table.submit(0, rng.choice(obs.legal))
    assert table.status == "deal_over"
    assert [e.type for e in table.ready(0)] == ["ready", "deal_started"]
    assert table.set_autoplay(1, False) == [AutoplayEvent(seat=1, on=False)]
    assert [e.type for e in table.set_connected(0, True)] == ["presence"]
    assert table.set_connected(0, True) == []


def test_seat_flags_are_given_back_only_where_the_game_still_is() -> None:
    table = Table(preset("classic"), [Seat.human("A"), Seat.human("B")], "best-of:3", seed=9)
    table.start()
    play_out(table, random.Random(3), deals=1)
    table.ready(1)
    kept = table.flags()
    assert kept == {"at": [1, len(table.deals[0].actions)], "autoplay": [], "ready": [1]}
    records = [(d.dealer, d.deck, [str(a) for a in d.actions]) for d in table.deals]

    def rebuilt() -> Table:
        return Table.rebuild(table.ruleset, [Seat.human("A"), Seat.human("B")], "best-of:3", 9,
                             records)  # fmt: skip

    copy = rebuilt()
    copy.restore_flags(kept)
    assert copy.seats[1].ready and copy.status == "deal_over"
    copy = rebuilt()  # A on autoplay and B ready: dealt on at once, B's ready then needless
    copy.restore_flags(kept | {"autoplay": [0]})
    assert copy.seats[0].autoplay and copy.deal_number == 1
    assert copy.flags() == {"at": [2, kept["at"][1]], "autoplay": [0], "ready": []}
    copy = rebuilt()  # the game moved on since the flags were kept: nothing given back
    copy.restore_flags(kept | {"at": [1, 3], "autoplay": [0]})
    copy.restore_flags(None)
    assert not copy.seats[0].autoplay and not copy.seats[1].ready


def first_legal(level: str, seed: int | None) -> Any:
    return SpyBot()


class SpyBot:
    """Records what it is given; plays the first legal action."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[object] = []

    def act(self, obs: Observation) -> Action:
        self.seen.append(obs)
        return obs.legal[0]


def test_bots_act_through_observations_only() -> None:
    spies: list[SpyBot] = []

    def factory(level: str, seed: int | None) -> Any:
        spies.append(SpyBot())
        return spies[-1]

    rules = preset("chiamata")
    table = Table(rules, humans_and_bots(5, humans=1), seed=2, bot_factory=factory)
    table.start()
    play_out(table, random.Random(0))
    seen = [o for spy in spies for o in spy.seen]
    assert {o.seat for o in seen if isinstance(o, Observation)} == {1, 2, 3, 4}
    for spy in spies:  # a bot made for each decision, with the decision's seed
        assert spy.seen and all(isinstance(o, Observation) for o in spy.seen)
        assert all(o.legal for o in spy.seen if isinstance(o, Observation))


def test_a_bot_returning_an_illegal_action_does_not_stop_the_table() -> None:
    class Broken:
        name = "broken"

        def act(self, obs: Observation) -> Action:
            return Pass()

    table = Table(
        preset("classic"), humans_and_bots(2), seed=5, bot_factory=lambda level, seed: Broken()
    )
    table.start()
    play_out(table, random.Random(5))
    assert table.status == "over"


def test_views_are_observations_of_the_seat() -> None:
    table = Table(preset("pairs"), humans_and_bots(4, humans=4), seed=8)
    table.start()
    state = table.state
    assert state is not None
    for seat in range(4):
        obs = table.observation(seat)
        assert obs is not None and obs.to_dict() == observe(state, seat).to_dict()
    info = table.public_info()
    assert "deck" not in info and "hands" not in info


@pytest.mark.parametrize("name", ["classic", "pairs", "chiamata", "three"])
def test_rebuild_from_records_is_exact(name: str) -> None:
    rules = preset(name)
    fmt = "deals:3" if name == "chiamata" else "best-of:3"
    seats = humans_and_bots(rules.players, humans=2)
    table = Table(rules, seats, fmt, seed=21, bot_factory=first_legal)
    table.start()
    play_out(table, random.Random(4), deals=1)
    for seat in table.human_seats():
        table.ready(seat)
    rng = random.Random(9)
    for _ in range(7):
        table.run_bots()
        seat = table.to_act()
        if seat is None:
            break
        obs = table.observation(seat)
        assert obs is not None
        table.submit(seat, rng.choice(obs.legal))
    records = [(d.dealer, d.deck, [str(a) for a in d.actions]) for d in table.deals]
    fresh = [Seat(s.kind, s.name, s.bot, s.joined) for s in seats]
    copy = Table.rebuild(rules, fresh, fmt, 21, records, bot_factory=first_legal)
    assert copy.state == table.state
    assert copy.standing() == table.standing()
    assert copy.public_info() == table.public_info()
    # both go on the same way (the match deals the same deals from its seed)
    for t in (table, copy):
        play_out(t, random.Random(77))
    assert copy.standing() == table.standing()


def test_rebuild_refuses_a_bad_record() -> None:
    rules = preset("classic")
    table = Table(rules, humans_and_bots(2, humans=2), seed=1)
    table.start()
    assert table.state is not None
    deck = table.state.deck
    with pytest.raises(TableError, match="action 1"):
        Table.rebuild(rules, humans_and_bots(2, humans=2), "single", 1, [(0, deck, ["bid 3"])])
    unstarted = Table.rebuild(rules, humans_and_bots(2), "single", 1, [], started=False)
    assert unstarted.status == "waiting"


def test_the_first_dealer_is_chosen_and_the_deal_passes_on() -> None:
    rules = preset("three")
    table = Table(rules, humans_and_bots(3), "deals:3", seed=6, dealer=2)
    [started] = table.start()
    assert started == DealStartedEvent(deal=0, dealer=2)
    assert table.state is not None and table.state.dealer == 2
    play_out(table, random.Random(1))
    assert [d.dealer for d in table.deals] == [2, 0, 1]  # counterclockwise, seat 2 then 0...
    for bad in (-1, 3):
        with pytest.raises(TableError) as info:
            Table(rules, humans_and_bots(3), "single", 1, dealer=bad)
        assert info.value.code == "bad_dealer" and "from 0 to 2" in info.value.message


def test_rebuild_keeps_a_first_dealer_that_is_not_seat_0() -> None:
    rules = preset("classic")
    table = Table(rules, humans_and_bots(2), "best-of:3", seed=3, dealer=1, bot_factory=first_legal)
    table.start()
    play_out(table, random.Random(2), deals=1)
    table.ready(0)
    records = [(d.dealer, d.deck, [str(a) for a in d.actions]) for d in table.deals]
    copy = Table.rebuild(
        rules, humans_and_bots(2), "best-of:3", 3, records, bot_factory=first_legal
    )
    assert copy.state == table.state and copy.standing() == table.standing()
    assert [d.dealer for d in copy.deals] == [1, 0]


def test_a_human_seat_on_autoplay_is_played_by_the_stand_in_level() -> None:
    """The terminal's ``--auto``: the human's seat is on autoplay from the start; the person only
    asks for each next deal."""
    levels: list[str] = []

    def factory(level: str, seed: int | None) -> Any:
        levels.append(level)
        return SpyBot()

    seats = [Seat.computer("random"), Seat.human("me")]
    seats[1].autoplay = True
    table = Table(
        preset("classic"), seats, "first-to:2", seed=4, stand_in="spy", bot_factory=factory
    )
    table.start()
    while table.status != "over":
        table.run_bots()
        assert table.to_act() is None
        if table.status == "deal_over":
            assert [e.type for e in table.ready(1)][:2] == ["ready", "deal_started"]
    assert set(levels) == {"random", "spy"}
