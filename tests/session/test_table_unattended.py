"""When the last person resigns, the table is unattended: the computer players play the match to
its end by themselves, deal after deal, and the result records the resignations."""

from __future__ import annotations

import random

from briscola.core.rules import preset
from briscola.session.table import Seat, Table


def _play_a_deal(table: Table, rng: random.Random) -> None:
    while table.status == "playing":
        seat = table.to_act()
        assert seat is not None
        if table.bot_to_act() is not None:
            table.bot_move()
            continue
        obs = table.observation(seat)
        assert obs is not None
        table.submit(seat, rng.choice(obs.legal))


def test_when_the_last_person_resigns_the_computers_play_the_match_to_its_end() -> None:
    rules = preset("pairs")
    seats = [Seat.human("Anna"), Seat.human("Bruno"), Seat.computer("random", "Luca")]
    seats.append(Seat.computer("random", "Marta"))
    table = Table(rules, seats, "deals:3", seed=7, stand_in="random")
    table.start()
    table.resign(1)
    assert not table.unattended  # Anna still plays
    table.resign(0)
    assert table.unattended and table.human_seats() == []
    deals = 0
    while table.status != "over":
        table.run_bots()
        assert table.status in ("deal_over", "over"), "the computers stopped in a deal"
        deals += 1
        if table.status == "deal_over":
            assert [e.type for e in table.next_deal()] == ["deal_started"]
    assert deals == 3 and len(table.match.deals) == 3
    assert table.public_info()["resigned"] == [1, 0]
    assert [s.name for s in table.seats] == ["Anna", "Bruno", "Luca", "Marta"]


def test_the_last_resignation_between_deals_deals_the_next_at_once() -> None:
    rules = preset("classic")
    table = Table(rules, [Seat.human("A"), Seat.computer("random")], "deals:2", seed=2)
    table.start()
    _play_a_deal(table, random.Random(1))
    assert table.status == "deal_over"
    types = [e.type for e in table.resign(0)]
    assert types == ["resigned", "deal_started"]
    assert table.status == "playing" and table.bot_to_act() is not None


def test_a_table_with_a_person_left_is_not_unattended() -> None:
    rules = preset("classic")
    table = Table(rules, [Seat.human("A"), Seat.computer("random")], seed=2)
    assert not table.unattended  # not started
    table.start()
    table.seats[0].autoplay = True  # away for a while: the seat is still theirs
    assert not table.unattended
