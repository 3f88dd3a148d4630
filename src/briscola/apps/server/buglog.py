"""Logging a bug's traceback without flooding the log: one traceback per kind of failure in a
while, and a count of the ones left out.

A client that keeps sending a message the server fails on would otherwise write a full traceback
per message (about 1.5 MB/s from one socket). :class:`BugLog` writes the first failure of each
kind (its message template) with its traceback, then at most one line per ``every`` seconds that
counts the failures since; after a quiet spell (nothing left out) the next one has its traceback.

>>> import logging
>>> clock = iter([0.0, 1.0, 2.0, 12.5, 30.0]).__next__
>>> bugs = BugLog(logging.getLogger("doctest"), every=10.0, clock=clock)
>>> [bugs.failed("seat %d failed", 1) for _ in range(5)]
['traceback', 'dropped', 'dropped', 'counted', 'traceback']
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

__all__ = ["BugLog"]


class BugLog:
    """Rate-limited tracebacks for one logger (see the module's documentation)."""

    def __init__(
        self,
        logger: logging.Logger,
        every: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._last: dict[str, float] = {}  # kind -> when its last line was written
        self._dropped: dict[str, int] = {}

    def failed(self, message: str, *args: object) -> str:
        """Log the exception being handled as ``message % args``; what was written:
        ``traceback`` (the first of its kind, or after a quiet spell), ``counted`` (one line
        with the number of failures since the last line) or ``dropped`` (nothing)."""
        now = self.clock()
        last = self._last.get(message)
        dropped = self._dropped.get(message, 0)
        if last is not None and now - last < self.every:
            self._dropped[message] = dropped + 1
            return "dropped"
        self._last[message] = now
        self._dropped[message] = 0
        if last is None or not dropped:
            self.logger.exception(message, *args)
            return "traceback"
        self.logger.error(
            message + " (again: %d times in %.0f s; traceback left out)",
            *args,
            dropped + 1,
            now - last,
        )
        return "counted"
