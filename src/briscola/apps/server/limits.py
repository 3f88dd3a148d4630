"""The server's rate limits per client, counted by the ``limits`` library, and the refusal of a
client over its rate (docs/operations.md, "Rate limits per client").

A client (by its address, :func:`client_ip`) has a fixed window for each kind of request
(:data:`KINDS`), of the size its rate setting says (:class:`~.settings.Rate`), in this process's
memory or in the settings' Redis (then a limit holds across every process using it, but for the
messages: :data:`LOCAL_KINDS`).

>>> from briscola.apps.server.settings import Settings
>>> limiter = RateLimiter(Settings.load(create_rate="2/0.01", rate_exempt="none"))
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
from typing import TYPE_CHECKING, Any

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import FixedWindowRateLimiter

from briscola.apps.server.errors import ApiError

if TYPE_CHECKING:
    from briscola.apps.server.settings import Rate, Settings

log = logging.getLogger(__name__)

KINDS = ("create", "join", "guess", "message")
"""The kinds of request counted per client."""
LOCAL_KINDS = ("message",)
"""Counted in each process's memory even with Redis: a socket's messages all reach the process
serving its table, and a round trip to Redis a message (160 µs, the event loop waiting) would cost
more than the flood it stops."""
LOOPBACK = ("127.0.0.1", "::1", "::ffff:127.0.0.1")
"""This machine's addresses: not rate-limited when no proxy is trusted and ``rate_exempt`` is
unset (tests, benchmarks)."""
REDIS_DOWN_SECONDS = 5.0
"""After an error of the shared Redis, how long the windows are counted in memory instead."""


def window(rate: Rate) -> RateLimitItem | None:
    """The ``limits`` item of a rate setting; None: no limit.

    >>> from briscola.apps.server.settings import Rate
    >>> str(window(Rate(30, 0.5))), str(window(Rate(5, 2))), window(Rate(0, 0))
    ('30 per 60 second', '5 per 3 second', None)
    """
    if rate.burst <= 0:
        return None
    seconds = max(1, math.ceil(rate.burst / rate.per_second))
    return RateLimitItemPerSecond(int(rate.burst), seconds, namespace="briscola")


class RateLimiter:
    """The windows of every client, for each kind of request, by the settings' rates, exempt
    addresses (``rate_exempt``; unset: :data:`LOOPBACK` when no proxy is trusted, else none)
    and Redis. Each call answers at once: with Redis, one round trip (two when a request is
    refused), but for the kinds of :data:`LOCAL_KINDS`. When the Redis fails, the windows are
    counted in this process's memory for :data:`REDIS_DOWN_SECONDS`, then Redis is tried again."""

    def __init__(self, settings: Settings) -> None:
        exempt = settings.rate_exempt
        self.exempt = exempt if exempt is not None else () if settings.trusted_proxies else LOOPBACK
        self._items = {kind: window(getattr(settings, f"{kind}_rate")) for kind in KINDS}
        self._local = FixedWindowRateLimiter(MemoryStorage())
        self._shared = self._local
        if url := settings.redis:  # a Redis, asked with short timeouts: the loop waits for it
            url = "redis+" + url if url.startswith("unix:") else url
            redis = RedisStorage(url, wrap_exceptions=True, key_prefix="briscola-limits",
                                 socket_timeout=0.5, socket_connect_timeout=0.5)  # fmt: skip
            self._shared = FixedWindowRateLimiter(redis)
        self._down_until = 0.0  # the shared storage failed: counted locally until then

    def _ask(self, method: str, kind: str, key: str) -> Any:
        """``method`` of the strategy for ``key``'s window of ``kind``; True when ``key`` is not
        limited."""
        item = self._items[kind]
        if item is None or key in self.exempt:
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


def rate_limited(wait: float, what: str) -> ApiError:
    """A client over its rate (``what`` it sent too many of), who may try again after ``wait``
    s: 429 ``rate_limited``, the whole seconds (at least 1) in ``Retry-After``. A socket words it
    as any refusal.

    >>> err = rate_limited(2.5, "messages")
    >>> err.status, err.headers, err.message
    (429, {'Retry-After': '3'}, 'too many messages: wait 3 s')
    >>> rate_limited(0.2, "requests").params
    {'seconds': '1'}
    """
    seconds = str(max(1, math.ceil(wait)))
    message = f"too many {what}: wait {seconds} s"
    return ApiError(429, "rate_limited", message, headers={"Retry-After": seconds}, seconds=seconds)
