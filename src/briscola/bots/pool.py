"""Where computer players think: :func:`decide`, the one way a bot is asked (a fresh bot of the
level, made with the decision's seed), and :class:`BotPool`, the server's worker processes.

The terminal (:meth:`~briscola.session.botturn.Computers.decide`) and the server ask
:func:`decide` the same question and get the same answer. In the pool, the search levels
(:data:`POOLED_LEVELS`) think in worker processes (one per core by default, their kernels warmed
as they start); the quick levels answer on the loop, where a trip to another process costs more
than their decision (``workers=0``: all on the loop, the tests' choice). When more decisions wait
than there are workers, the search budget shrinks in proportion, down to :data:`MIN_BUDGET`, so
that every table keeps moving; the pool says so in the log (once a while) and in ``/healthz``.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=3)
>>> obs = observe(state, state.turn)
>>> decide("simple", 7, obs) == decide("simple", 7, obs)  # seeded: reproducible
True
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from briscola.bots.base import Bot, make_bot, with_budget
from briscola.core.actions import Action
from briscola.core.observation import Observation

__all__ = ["LOG_EVERY", "MIN_BUDGET", "POOLED_LEVELS", "BotPool", "decide", "warm"]

log = logging.getLogger(__name__)

POOLED_LEVELS = frozenset({"hard", "champion"})
"""The levels that think in the pool: the searches (tens of milliseconds a move). The others
decide in well under a millisecond, less than sending an observation to another process."""

MIN_BUDGET = 1 / 16
"""The smallest share of its budget a search level is given when the pool is saturated."""

LOG_EVERY = 30.0
"""Seconds between two log lines about a saturated pool."""


def decide(
    level: str,
    seed: int | None,
    obs: Observation,
    budget: float = 1.0,
    factory: Callable[[str, int | None], Bot] = make_bot,
) -> Action:
    """The action a fresh bot of ``level`` (made by ``factory``) seeded with ``seed`` takes with
    ``budget`` (0 to 1) of its thinking."""
    bot = factory(level, seed)  # a full budget asks no copy (the Budgeted check costs ~25 µs)
    return (bot if budget >= 1 else with_budget(bot, budget)).act(obs)


def _watch_parent(parent: int) -> None:
    """End this worker once the server that started it is gone (killed, even with -9)."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def warm(parent: int | None = None) -> None:
    """Start a worker: watch the server process ``parent`` (the worker ends with it), and load
    the search kernels (from Numba's on-disk cache, or compile them the first time)."""
    if parent is not None:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    try:
        from briscola.bots.search import SearchBot

        SearchBot.warm_up()
    except ImportError:  # no Numba: the search levels play as medium
        return


def _ready() -> int:
    return os.getpid()


class BotPool:
    """Where the computer players think (see the module). ``workers``: processes (None: one per
    core; 0: every decision on the loop). ``pooled``: the levels sent to the processes."""

    def __init__(self, workers: int | None = None, pooled: frozenset[str] = POOLED_LEVELS) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        if self.workers < 0:
            raise ValueError(f"bot workers cannot be negative: {self.workers}")
        self.pooled = pooled
        self.waiting = 0  # decisions sent to the processes and not yet answered
        self.decisions = 0
        self.pooled_decisions = 0
        self.shrunk = 0  # decisions made with less than the full budget
        self._executor: Executor | None = None
        self._starting: asyncio.Task[None] | None = None
        self._logged = -LOG_EVERY

    def launch(self) -> None:
        """Start the workers in the background (the server answers meanwhile; a search level's
        first decision waits for them)."""
        if self.workers > 0 and self._starting is None:
            self._starting = asyncio.get_running_loop().create_task(self.start())

    async def start(self) -> None:
        """Start the worker processes and wait until each has warmed its kernels."""
        if self.workers == 0 or self._executor is not None:
            return
        context = multiprocessing.get_context("spawn")  # no fork of a running server
        executor = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=warm, initargs=(os.getpid(),)
        )
        self._executor = executor
        loop = asyncio.get_running_loop()
        try:
            await asyncio.gather(
                *(loop.run_in_executor(executor, _ready) for _ in range(self.workers))
            )
        except Exception:  # no workers: the computer players think here
            log.exception("computer players: the worker processes did not start")
            self.close()
            return
        log.info("computer players: %d worker processes ready", self.workers)

    def budget(self) -> float:
        """The share of their budget the search levels get now: 1 unless more decisions wait
        than there are workers."""
        if self.workers == 0 or self.waiting <= self.workers:
            return 1.0
        return max(MIN_BUDGET, self.workers / self.waiting)

    async def decide(self, level: str, seed: int, obs: Observation) -> Action:
        """The bot's action, from a worker for a pooled level (the loop waits, doing other
        work), else here."""
        self.decisions += 1
        if level in self.pooled and self._starting is not None and not self._starting.done():
            await asyncio.wait({self._starting})
        if self._executor is None or level not in self.pooled:
            return decide(level, seed, obs)
        self.waiting += 1
        try:
            budget = self.budget()
            if budget < 1:
                self.shrunk += 1
                self._tell(budget)
            self.pooled_decisions += 1
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor, decide, level, seed, obs, budget)
        finally:
            self.waiting -= 1

    def _tell(self, budget: float) -> None:
        now = time.monotonic()
        if now - self._logged >= LOG_EVERY:
            self._logged = now
            log.warning(
                "computer players: %d decisions waiting for %d workers; search budget %.0f%%",
                self.waiting, self.workers, 100 * budget,
            )  # fmt: skip

    def ready(self) -> bool:
        """True once the workers are up and warm (at once without workers)."""
        if self.workers == 0:
            return True
        return self._executor is not None and (self._starting is None or self._starting.done())

    def health(self) -> dict[str, Any]:
        """The pool's figures for ``/healthz``."""
        return {
            "bot_workers": self.workers,
            "bot_ready": self.ready(),
            "bot_queue": self.waiting,
            "bot_budget": round(self.budget(), 3),
        }

    def close(self) -> None:
        """Stop the worker processes (decisions still waiting are dropped)."""
        if self._starting is not None and not self._starting.done():
            self._starting.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
