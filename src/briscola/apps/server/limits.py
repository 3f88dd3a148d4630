"""The server's limits: rate limits per client, counted by the ``limits`` library, and the caps of
one process.

A client (by its address, :func:`client_ip`) has a fixed window for each kind of request
(:data:`KINDS`): creating tables, joining them, guessing (a wrong invitation code, host token or
seat token: checked before the try, charged when it fails) and WebSocket messages. A rate
``BURST/PER_SECOND`` lets ``BURST`` requests through in a window of ``BURST/PER_SECOND`` seconds
(rounded up to a whole second) opened by the client's first request; past it a request is
refused (HTTP 429 ``rate_limited`` with ``Retry-After``, or a WebSocket ``error``) until the window
ends. The windows are counted in this process's memory, or in the Redis that
:attr:`Limits.storage` names: then a limit holds across every process using it (but for the
messages, :data:`LOCAL_KINDS`). Every limit is a setting (:class:`~.settings.Settings`).

>>> limiter = RateLimiter(Limits(create=Rate(2, 0.01), exempt=()))
>>> limiter.take("create", "10.0.0.1"), limiter.take("create", "10.0.0.1")
(None, None)
>>> 199 < limiter.take("create", "10.0.0.1") <= 200  # the window of 2/0.01 lasts 200 s
True
>>> limiter.take("create", "10.0.0.2") is None  # another client has its own window
True
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import FixedWindowRateLimiter

__all__ = ["LOOPBACK", "Limits", "Rate", "RateLimiter", "ServerFull", "TableElsewhere",
           "client_ip", "parse_rate", "retry_after"]  # fmt: skip

log = logging.getLogger(__name__)

KINDS = ("create", "join", "guess", "message")
"""The kinds of request counted per client."""
LOCAL_KINDS = ("message",)
"""Counted in each process's memory even with Redis: a socket's messages all reach the process
serving its table, and a round trip to Redis a message (160 µs, the event loop waiting) would cost
more than the flood it stops."""
LOOPBACK = ("127.0.0.1", "::1", "::ffff:127.0.0.1")
"""This machine's addresses: not rate-limited when no proxy is configured (tests, benchmarks)."""
REDIS_DOWN_SECONDS = 5.0
"""After an error of the shared Redis, how long the windows are counted in memory instead."""


class ServerFull(Exception):
    """The process holds as many tables as it may (HTTP 503 ``server_full``)."""

    code = "server_full"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"the server is full ({limit} tables in play here): try again in a few minutes"
        )
        self.limit = limit


class TableElsewhere(ServerFull):
    """Another process holds the table (several processes, :mod:`.cluster`): 503 / 1013
    ``table_moved``, like a full server: the client tries again and reaches the holder."""

    code = "table_moved"

    def __init__(self) -> None:
        Exception.__init__(self, "the table is being served by another process: try again")
        self.limit = 0


@dataclass(frozen=True)
class Rate:
    """``burst`` requests per ``burst / per_second`` seconds; 0 burst: no limit. Its text,
    ``"30/0.5"`` or ``off``, is what :func:`parse_rate` reads."""

    burst: float
    per_second: float

    def __str__(self) -> str:
        return f"{self.burst:g}/{self.per_second:g}" if self.burst > 0 else "off"

    def window(self) -> RateLimitItem | None:
        """The ``limits`` item: ``burst`` (whole) per ``burst / per_second`` seconds, rounded up
        to a whole second; None: no limit."""
        if self.burst <= 0:
            return None
        seconds = max(1, math.ceil(self.burst / self.per_second))
        return RateLimitItemPerSecond(int(self.burst), seconds, namespace="briscola")


def parse_rate(text: str | Rate) -> Rate:
    """A rate from its text: ``BURST/PER_SECOND`` (``"30/0.5"``), or ``off`` (no limit).

    >>> parse_rate("30/0.5"), parse_rate("off")
    (Rate(burst=30.0, per_second=0.5), Rate(burst=0.0, per_second=0.0))
    """
    if isinstance(text, Rate):
        return text
    clean = text.strip().lower()
    if clean in ("off", "0", "none"):
        return Rate(0.0, 0.0)
    burst, _, per_second = clean.partition("/")
    try:
        rate = Rate(float(burst), float(per_second))
    except ValueError:
        rate = Rate(math.nan, math.nan)
    if not (1 <= rate.burst < math.inf and 0 < rate.per_second < math.inf):
        raise ValueError(
            "must be BURST/PER_SECOND (BURST at least 1, PER_SECOND above 0, e.g. 30/0.5) or off"
        )
    return rate


@dataclass(frozen=True)
class Limits:
    """Every limit of one server process (:attr:`.Settings.limits` makes them; tests build them):
    the per-client rates of :data:`KINDS`, the caps (the settings ``max_tables`` and
    ``idle_seconds``), the addresses never rate-limited, and where the windows are counted
    (None: this process's memory; a Redis URL, that Redis)."""

    create: Rate = Rate(30, 0.5)
    join: Rate = Rate(30, 1.0)
    guess: Rate = Rate(20, 0.2)
    message: Rate = Rate(60, 20.0)
    max_tables: int = 5000
    idle_seconds: float = 300.0
    exempt: tuple[str, ...] = LOOPBACK
    storage: str | None = None

    @classmethod
    def unlimited(cls, **caps: Any) -> Limits:
        """No rate limit for anybody, the caps as by default or as given: what most tests use."""
        off = Rate(0, 0)
        return cls(create=off, join=off, guess=off, message=off, **caps)


class RateLimiter:
    """The windows of every client, for each kind of request (see the module). Each call answers
    at once: with Redis, one round trip (two when a request is refused), but for the kinds of
    :data:`LOCAL_KINDS`. When the Redis fails, the windows are counted in this process's memory
    for :data:`REDIS_DOWN_SECONDS`, then Redis is tried again."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._items = {kind: getattr(limits, kind).window() for kind in KINDS}
        self._local = FixedWindowRateLimiter(MemoryStorage())
        self._shared = self._local
        if limits.storage:  # a Redis, asked with short timeouts: the loop waits for it
            url = (
                "redis+" + limits.storage if limits.storage.startswith("unix:") else limits.storage
            )
            redis = RedisStorage(url, wrap_exceptions=True, key_prefix="briscola-limits",
                                 socket_timeout=0.5, socket_connect_timeout=0.5)  # fmt: skip
            self._shared = FixedWindowRateLimiter(redis)
        self._down_until = 0.0  # the shared storage failed: counted locally until then

    def _ask(self, method: str, kind: str, key: str) -> Any:
        """``method`` of the strategy for ``key``'s window of ``kind``; True when ``key`` is not
        limited."""
        item = self._items[kind]
        if item is None or key in self.limits.exempt:
            return True
        local = kind in LOCAL_KINDS or time.monotonic() < self._down_until
        try:
            return getattr(self._local if local else self._shared, method)(item, kind, key)
        except StorageError as exc:
            log.warning("rate limits counted in memory for %gs: %s", REDIS_DOWN_SECONDS, exc)
            self._down_until = time.monotonic() + REDIS_DOWN_SECONDS
            return getattr(self._local, method)(item, kind, key)

    def _wait(self, method: str, kind: str, key: str) -> float | None:
        """Ask ``method`` (``test`` or ``hit``): None when allowed, else the seconds until
        ``key``'s window ends (at least a little)."""
        if self._ask(method, kind, key):
            return None
        stats = self._ask("get_window_stats", kind, key)
        return max(0.001, float(stats.reset_time) - time.time())

    def check(self, kind: str, key: str) -> float | None:
        """None while ``key`` may make a request of ``kind``, else the seconds to wait."""
        return self._wait("test", kind, key)

    def charge(self, kind: str, key: str) -> None:
        """Count one request of ``kind`` (a failed guess, say) against ``key``."""
        self._ask("hit", kind, key)

    def take(self, kind: str, key: str) -> float | None:
        """Check and count one request: None when allowed, else the seconds to wait."""
        return self._wait("hit", kind, key)


def client_ip(scope: Mapping[str, Any]) -> str:
    """The client's address of an ASGI connection's ``scope``: the peer's, or the one a trusted
    proxy forwarded (:mod:`.app` installs uvicorn's ``ProxyHeadersMiddleware`` for those only).

    >>> client_ip({"client": ("10.0.0.1", 5000)}), client_ip({})
    ('10.0.0.1', 'unknown')
    """
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def retry_after(seconds: float) -> str:
    """The ``Retry-After`` header's value: whole seconds, at least 1.

    >>> retry_after(0.2), retry_after(2.5)
    ('1', '3')
    """
    return str(max(1, math.ceil(seconds)))
