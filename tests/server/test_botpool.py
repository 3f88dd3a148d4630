"""The computer players off the event loop (issue 12, item 5): the search levels think in worker
processes, which are sent the observation only; a saturated pool shrinks the search budget and
says so in the log and in ``/healthz``; a stale answer is never played."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from briscola.bots import make_bot, with_budget
from briscola.bots.pool import LOG_EVERY, MIN_BUDGET, BotPool, decide
from briscola.core.actions import Action
from briscola.core.game import new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from briscola.session.table import Seat, Table
from server_helpers import Player, client_for

pytestmark = pytest.mark.server

pytest.importorskip("numba")  # the search levels' kernels


def _observation(seed: int = 3) -> Observation:
    state = new_game(preset("classic"), seed=seed)
    assert state.turn is not None
    return observe(state, state.turn)


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    """One worker process, started once for the tests of this module."""
    started = BotPool(1)
    asyncio.run(started.start())
    yield started
    started.close()


def test_a_seeded_decision_is_the_same_in_a_worker_and_here(pool: BotPool) -> None:
    obs = _observation()
    pooled = pool.pooled_decisions

    async def run() -> tuple[list[Action], int]:
        there = [await pool.decide("champion", seed, obs) for seed in (1, 2, 3)]
        pid = await asyncio.get_running_loop().run_in_executor(pool._executor, os.getpid)
        return there, pid

    there, pid = asyncio.run(run())
    assert there == [decide("champion", s, obs, 1.0) for s in (1, 2, 3)]  # seeded: the same
    assert pid != os.getpid() and pool.pooled_decisions == pooled + 3


def test_quick_levels_answer_on_the_loop(pool: BotPool) -> None:
    decisions, pooled = pool.decisions, pool.pooled_decisions
    asyncio.run(pool.decide("simple", 1, _observation()))
    assert pool.decisions == decisions + 1 and pool.pooled_decisions == pooled


def test_a_saturated_pool_shrinks_the_budget_and_says_so(
    pool: BotPool, caplog: pytest.LogCaptureFixture
) -> None:
    obs = _observation()
    seen: list[dict[str, object]] = []
    shrunk = pool.shrunk
    pool._logged = -LOG_EVERY  # as new: the next saturation is logged

    async def run() -> None:
        tasks = [asyncio.create_task(pool.decide("champion", s, obs)) for s in range(4)]
        await asyncio.sleep(0)  # every decision is waiting now
        seen.append(pool.health())
        await asyncio.gather(*tasks)
        seen.append(pool.health())

    with caplog.at_level(logging.WARNING, logger=BotPool.__module__):
        asyncio.run(run())
    ready = {"bot_workers": 1, "bot_ready": True}
    assert seen[0] == {**ready, "bot_queue": 4, "bot_budget": 0.25}
    assert seen[1] == {**ready, "bot_queue": 0, "bot_budget": 1.0}
    assert pool.shrunk == shrunk + 3  # the first found the worker free: its full budget
    saturated = [r for r in caplog.records if "decisions waiting" in r.getMessage()]
    assert len(saturated) == 1  # once a while, not every decision
    assert "search budget 50%" in saturated[0].getMessage()


def test_a_shrunk_budget_searches_fewer_worlds_down_to_a_floor() -> None:
    full = with_budget(make_bot("champion", 1), 1.0).config  # type: ignore[attr-defined]
    half = with_budget(make_bot("champion", 1), 0.5).config  # type: ignore[attr-defined]
    least = with_budget(make_bot("champion", 1), MIN_BUDGET).config  # type: ignore[attr-defined]
    assert half.rollouts == full.rollouts // 2 and half.solved_worlds == full.solved_worlds // 2
    assert least.rollouts == full.rollouts // 16 and least.rollouts >= 32
    assert with_budget(make_bot("simple", 1), 0.1).name == "simple"  # no budget to shrink
    obs = _observation()
    assert decide("champion", 5, obs, MIN_BUDGET) in obs.legal


def test_a_stale_answer_is_not_played() -> None:
    table = Table(preset("classic"), [Seat.human("Anna"), Seat.computer("simple")], seed=1)
    table.start()
    if table.bot_to_act() is None:
        table.submit(0, str(table.observation(0).hand[0]))  # type: ignore[union-attr]
    request = table.bot_request()
    assert request is not None and request.observation.seat == request.seat
    action = decide(request.level, request.seed, request.observation, 1.0)
    again = table.bot_request()
    assert again == request  # asked twice at the same point: the same question, the same seed
    assert table.bot_answer(request, action) is not None
    assert table.bot_answer(request, action) is None  # the table moved on: not played again


def test_a_game_against_the_champion_is_thought_in_the_pool(tmp_path: Path) -> None:
    with client_for(tmp_path / "b.db", bot_workers=1) as client:
        health = client.get("/healthz").json()
        assert health["bot_workers"] == 1 and health["bot_budget"] == 1
        pool = client.app.state.rooms.pool
        deadline = time.monotonic() + 120
        while not client.get("/healthz").json()["bot_ready"]:  # warming in the background
            assert time.monotonic() < deadline
            time.sleep(0.1)
        r = client.post("/api/play", json={"preset": "classic", "level": "champion"}).json()
        me = Player(client, r["table_id"], 0, r["token"])
        state = me.connect()
        played = 0
        while state["table"]["status"] == "playing" and played < 4:
            if state["observation"]["turn"] == 0:
                me.send({"type": "action", "action": state["observation"]["legal"][0]})
                played += 1
            state = me.recv(timeout=60)
        while state["observation"]["turn"] != 0:  # the champion answers the last card
            state = me.recv(timeout=60)
        me.close()
        assert pool.pooled_decisions >= 4
