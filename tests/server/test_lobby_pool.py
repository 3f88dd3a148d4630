"""The quick match's pool by itself (apps/server/lobby/pool.py): the window's widening, the groups
of people by rating, the bots' bucket (a person takes the bot accounts waiting, computer players
fill the rest and make the game casual; bot accounts never play each other), and the partners
balanced at six."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from briscola.apps.server.lobby.messages import SCHEMA_DOC, schema_text
from briscola.apps.server.lobby.pool import (
    WINDOW_MAX,
    Entry,
    Group,
    MemoryPool,
    bucket_of,
    find_groups,
    seat_order,
    window,
)
from briscola.core.rules import preset

pytestmark = pytest.mark.server


def seek(player: str, game: str = "classic", rating: float = 1500.0, since: float = 0.0,
         *, rated: bool = False, bots: bool = False, bot: bool = False) -> Entry:  # fmt: skip
    bucket = bucket_of(game, {}, rated, bots or bot)
    return Entry(player, "a", bucket, game, rating, since, bot=bot, rated=rated)


def players(groups: list[Group]) -> list[list[str]]:
    return [[e.player for e in g.entries] for g in groups]


def test_the_window_widens_by_50_every_5_seconds_up_to_500() -> None:
    assert [window(s) for s in (0, 4.99, 5, 10, 59.9, 10_000)] == [100, 100, 150, 200, 500, 500]
    assert window(10_000) == WINDOW_MAX


def test_people_are_seated_with_the_closest_rating_the_oldest_first() -> None:
    waiting = [seek("old", rating=1500), seek("near", rating=1540, since=1),
               seek("nearer", rating=1480, since=2), seek("far", rating=1800, since=3)]  # fmt: skip
    assert players(find_groups(waiting, now=3.5)) == [["nearer", "old"]]
    # after 40 s everybody's window is ±500: the two left sit together
    assert players(find_groups([waiting[1], waiting[3]], now=45)) == [["near", "far"]]


def test_a_group_needs_every_window_to_hold_its_spread() -> None:
    newcomer = seek("new", rating=1650, since=100.0)  # ±100 for now
    veteran = seek("vet", rating=1500, since=70.0)  # ±250 after 30 s
    assert find_groups([newcomer, veteran], now=101.0) == []
    assert players(find_groups([newcomer, veteran], now=110.0)) == [["vet", "new"]]


def test_a_person_seeking_bots_takes_the_waiting_bot_accounts_and_computers_fill_the_rest() -> None:
    bots = [seek(f"bot{i}", "pairs", since=i, bot=True) for i in range(2)]
    person = seek("anna", "pairs", since=5, rated=True, bots=True)
    (group,) = find_groups([*bots, person], now=6)
    assert players([group]) == [["anna", "bot0", "bot1"]] and group.computers == 1
    assert group.rated is False  # a computer player sits: casual
    (classic,) = find_groups([seek("b", bot=True), seek("p", rated=True, bots=True)], now=1)
    assert classic.computers == 0 and classic.rated is True


def test_bot_accounts_never_play_each_other_and_people_seeking_people_never_get_bots() -> None:
    assert find_groups([seek("b1", bot=True), seek("b2", bot=True)], now=100) == []
    assert find_groups([seek("b1", bot=True), seek("anna")], now=100) == []


def test_six_players_are_split_into_balanced_sides() -> None:
    ratings = [1900, 1800, 1700, 1600, 1500, 1400]
    entries = [seek(f"p{r}", "six", rating=r) for r in ratings]
    rules = preset("six")
    order = seat_order(entries, rules)
    sums = [0.0] * rules.team_count
    for s, e in enumerate(order):
        assert e is not None
        sums[rules.team_of(s)] += e.rating
    assert max(sums) - min(sums) <= 100  # the snake draft: 1900+1400+..., never all the best


def test_the_memory_pool_takes_a_group_out_and_a_removal_says_whether_it_was_there() -> None:
    async def run() -> None:
        pool = MemoryPool()
        for e in (seek("a"), seek("b"), seek("c", "three")):
            await pool.add(e)
        assert players(await pool.take_groups(now=1)) == [["a", "b"]]
        assert await pool.searching() == 1
        assert await pool.remove("a") is False and await pool.remove("c") is True

    asyncio.run(run())


def test_the_lobby_protocols_schema_document_is_current() -> None:
    """docs/lobby-protocol.schema.json is what the message models say
    (scripts/gen_protocol_schema.py rewrites it)."""
    doc = Path(__file__).resolve().parents[2] / SCHEMA_DOC
    assert doc.read_text(encoding="utf-8") == schema_text(), "run scripts/gen_protocol_schema.py"
    assert {"seek", "cancel", "fill", "lobby", "seeking", "offer", "matched", "error"} <= set(
        re.findall(r'"const": "([a-z]+)"', doc.read_text(encoding="utf-8"))
    )
