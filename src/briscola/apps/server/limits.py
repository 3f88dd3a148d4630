"""The server's limits: rate limits per client and the caps of one process.

A client (by its IP address) has a token bucket for each kind of request (:data:`KINDS`):
creating tables, joining them, guessing (a failed hello, invitation or host token: the bucket is
checked before the attempt and charged on failure) and WebSocket messages. A bucket holds
``burst`` tokens and gains ``rate`` a second; a request finding it empty is refused (HTTP 429
``rate_limited`` with ``Retry-After``, or a WebSocket ``error`` of code ``rate_limited``). The
buckets live in the process's memory: each process of a server counts its own clients.

>>> limiter = RateLimiter(Limits(create=Rate(2, 1.0)), clock=lambda: 0.0)
>>> limiter.take("create", "10.0.0.1"), limiter.take("create", "10.0.0.1")
(None, None)
>>> limiter.take("create", "10.0.0.1")  # empty: retry after one second
1.0
>>> limiter.take("create", "10.0.0.2") is None  # another client has its own bucket
True

Every limit is set by :meth:`Limits.from_env` (``briscola serve`` flags or ``BRISCOLA_*``
variables, see docs/operations.md).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

__all__ = [
    "KINDS",
    "Limits",
    "Rate",
    "RateLimiter",
    "ServerFull",
    "client_ip",
    "parse_rate",
]

KINDS = ("create", "join", "guess", "message")
"""The kinds of request counted per client."""

LOOPBACK = ("127.0.0.1", "::1", "::ffff:127.0.0.1")
"""This machine's addresses: not rate-limited by default (tests, benchmarks, a local proxy)."""

MAX_CLIENTS = 100_000
"""The most clients whose buckets are kept: past it, the fullest buckets are forgotten."""


class ServerFull(Exception):
    """The process holds as many tables as it may (HTTP 503 ``server_full``)."""

    code = "server_full"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"the server is full ({limit} tables in play here): try again in a few minutes"
        )
        self.limit = limit


@dataclass(frozen=True)
class Rate:
    """A token bucket's size (``burst``) and refill (``per_second``); 0 burst: no limit."""

    burst: float
    per_second: float

    def __str__(self) -> str:
        """The text form, as :func:`parse_rate` reads it: ``"30/0.5"``."""
        return f"{self.burst:g}/{self.per_second:g}"


def parse_rate(text: str, name: str = "rate") -> Rate:
    """A rate from its text: ``BURST/PER_SECOND`` (``"30/0.5"``), or ``off`` (no limit).

    >>> parse_rate("30/0.5")
    Rate(burst=30.0, per_second=0.5)
    >>> parse_rate("off")
    Rate(burst=0.0, per_second=0.0)
    >>> parse_rate("fast")
    Traceback (most recent call last):
    ...
    ValueError: rate must be BURST/PER_SECOND (e.g. 30/0.5) or off, not 'fast'
    """
    clean = text.strip().lower()
    if clean in ("off", "0", "none"):
        return Rate(0.0, 0.0)
    burst, slash, per_second = clean.partition("/")
    try:
        rate = Rate(float(burst), float(per_second))
    except ValueError:
        rate = None
    if not slash or rate is None or not all(map(math.isfinite, (rate.burst, rate.per_second))):
        raise ValueError(f"{name} must be BURST/PER_SECOND (e.g. 30/0.5) or off, not {text!r}")
    if rate.burst < 1 or rate.per_second <= 0:
        raise ValueError(f"{name} needs a burst of at least 1 and a positive refill: {text!r}")
    return rate


def _env(name: str) -> str | None:
    text = os.environ.get(name, "").strip()
    return text or None


@dataclass(frozen=True)
class Limits:
    """Every limit of one server process; the defaults are far above a normal evening's use.

    ``create``, ``join``, ``guess``, ``message``: the per-client rates of :data:`KINDS`.
    ``max_tables``: the most tables held in memory (creating or loading one more is refused
    with ``server_full`` once no idle one can be let go). ``idle_seconds``: a table with no
    connection for this long (and no computer player thinking) leaves memory; storage keeps it
    and the next request loads it again. ``exempt``: client addresses never rate-limited (by
    default this machine's: a reverse proxy on it must pass the client's address in
    ``X-Forwarded-For``, which uvicorn reads from a proxy on 127.0.0.1).
    """

    create: Rate = Rate(30, 0.5)
    join: Rate = Rate(30, 1.0)
    guess: Rate = Rate(20, 0.2)
    message: Rate = Rate(60, 20.0)
    max_tables: int = 5000
    idle_seconds: float = 300.0
    exempt: tuple[str, ...] = LOOPBACK

    @classmethod
    def unlimited(cls, **caps: Any) -> Limits:
        """No rate limit for anybody, the caps as by default or as given: what most tests use.

        >>> Limits.unlimited(max_tables=3).create, Limits.unlimited(max_tables=3).max_tables
        (Rate(burst=0, per_second=0), 3)
        """
        off = Rate(0, 0)
        return cls(create=off, join=off, guess=off, message=off, **caps)

    def rate(self, kind: str) -> Rate:
        """The rate of one kind of request."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind of request {kind!r}; kinds: {', '.join(KINDS)}")
        value: Rate = getattr(self, kind)
        return value

    @classmethod
    def from_env(cls, **given: Any) -> Limits:
        """The limits: each one given (not None), else its ``BRISCOLA_<NAME>`` variable
        (``BRISCOLA_CREATE_RATE=30/0.5``, ``BRISCOLA_MAX_TABLES=5000``,
        ``BRISCOLA_IDLE_SECONDS=300``, ``BRISCOLA_RATE_EXEMPT=127.0.0.1,::1`` or ``none``), else
        the default.

        >>> Limits.from_env(max_tables=10, guess="5/1").guess
        Rate(burst=5.0, per_second=1.0)
        """
        unknown = set(given) - {f.name for f in fields(cls)}
        if unknown:
            raise TypeError(f"unknown limits: {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {}
        for f in fields(cls):
            name = f.name
            env = _ENV.get(name) or f"BRISCOLA_{name.upper()}" + ("_RATE" if name in KINDS else "")
            value = given.get(name)
            if value is None:
                value = _env(env)
            if value is None:
                continue
            values[name] = _read(name, env, value)
        return replace(cls(), **values)


_ENV = {"exempt": "BRISCOLA_RATE_EXEMPT"}


def _read(name: str, env: str, value: Any) -> Any:
    """One limit's value from what was given (or the text of ``env``)."""
    if name == "exempt":
        if not isinstance(value, str):
            return tuple(value)
        clean = value.strip().lower()
        return () if clean in ("none", "off") else tuple(a.strip() for a in value.split(","))
    if name in KINDS:
        return value if isinstance(value, Rate) else parse_rate(str(value), env)
    try:
        number = int(value) if name == "max_tables" else float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{env} must be a number, not {value!r}") from None
    if not math.isfinite(number) or number < (1 if name == "max_tables" else 0):
        raise ValueError(f"{env} is out of range: {value!r}")
    return number


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class RateLimiter:
    """The token buckets of every client, for each kind of request (see the module)."""

    limits: Limits
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[tuple[str, str], _Bucket] = field(default_factory=dict)

    def _bucket(self, kind: str, key: str) -> tuple[Rate, _Bucket]:
        rate = self.limits.rate(kind)
        now = self.clock()
        bucket = self._buckets.get((kind, key))
        if bucket is None:
            if len(self._buckets) >= MAX_CLIENTS:
                self.forget_full()
            bucket = self._buckets[(kind, key)] = _Bucket(rate.burst, now)
        else:
            bucket.tokens = min(rate.burst, bucket.tokens + (now - bucket.at) * rate.per_second)
            bucket.at = now
        return rate, bucket

    def check(self, kind: str, key: str) -> float | None:
        """None while ``key`` may make a request of ``kind``, else the seconds to wait."""
        rate = self.limits.rate(kind)
        if rate.burst <= 0 or key in self.limits.exempt:
            return None
        rate, bucket = self._bucket(kind, key)
        if bucket.tokens >= 1:
            return None
        return (1 - bucket.tokens) / rate.per_second

    def charge(self, kind: str, key: str) -> None:
        """Count one request of ``kind`` (a failed guess, say) against ``key``."""
        if self.limits.rate(kind).burst <= 0 or key in self.limits.exempt:
            return
        _, bucket = self._bucket(kind, key)
        bucket.tokens = max(0.0, bucket.tokens - 1)

    def take(self, kind: str, key: str) -> float | None:
        """Check and count one request: None when allowed, else the seconds to wait."""
        wait = self.check(kind, key)
        if wait is None:
            self.charge(kind, key)
        return wait

    def forget_full(self) -> int:
        """Drop the buckets that are full again (their clients are as new); how many."""
        now = self.clock()
        full = []
        for (kind, key), bucket in self._buckets.items():
            rate = self.limits.rate(kind)
            if bucket.tokens + (now - bucket.at) * rate.per_second >= rate.burst:
                full.append((kind, key))
        for k in full:
            del self._buckets[k]
        if len(self._buckets) >= MAX_CLIENTS:  # an attack from very many addresses
            self._buckets.clear()
        return len(full)

    def __len__(self) -> int:
        return len(self._buckets)


def client_ip(scope: Mapping[str, Any]) -> str:
    """The client's address of an ASGI connection (a request's or a WebSocket's ``scope``).

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
