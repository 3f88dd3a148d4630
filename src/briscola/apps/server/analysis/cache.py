"""The engine's answers kept in memory: the latest :data:`CACHE_SIZE` of them, each worked out
once, off the event loop, at most :data:`MAX_RUNNING` at a time."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

__all__ = ["CACHE_SIZE", "MAX_RUNNING", "AnalysisCache"]

CACHE_SIZE = 256
MAX_RUNNING = 2


class AnalysisCache:
    """Answers by key, the ``size`` latest kept; one computation per key at a time (a second
    request waits for the first's result), in a worker thread, in the background."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._running: dict[Hashable, asyncio.Future[Any]] = {}
        self._progress: dict[Hashable, float] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._slots = asyncio.Semaphore(MAX_RUNNING)

    def progress(self, key: Hashable) -> float:
        """The share of ``key``'s work done (0 while it waits for a free slot; 1 once done)."""
        return 1.0 if key in self._done else self._progress.get(key, 0.0)

    def reporter(self, key: Hashable) -> Callable[[int, int], None]:
        """A progress callback for ``key``'s computation (called from its worker thread)."""

        def report(done: int, total: int) -> None:
            self._progress[key] = done / total if total else 1.0

        return report

    async def get(
        self, key: Hashable, compute: Callable[[], Any], timeout: float | None = None
    ) -> Any:
        """The answer of ``key``: kept, else ``compute()`` run in a worker thread; None when it
        is not there within ``timeout`` seconds (the computation goes on)."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        future = self._running.get(key) or self._start(key, compute)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            return None

    def _start(self, key: Hashable, compute: Callable[[], Any]) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        self._progress[key] = 0.0
        task = asyncio.create_task(self._run(key, compute, future))
        self._tasks.add(task)  # a reference, until it is done
        task.add_done_callback(self._tasks.discard)
        return future

    async def _run(
        self, key: Hashable, compute: Callable[[], Any], future: asyncio.Future[Any]
    ) -> None:
        try:
            async with self._slots:
                result = await asyncio.to_thread(compute)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            return
        finally:
            del self._running[key]
            self._progress.pop(key, None)
        self._done[key] = result
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        future.set_result(result)
