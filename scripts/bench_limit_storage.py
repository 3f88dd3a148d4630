"""What rate limiting costs (docs/operations.md, "Rate limits per client"): for each strategy of
the ``limits`` library's memory storage, the time of a hit and of one pass of the storage's
expiry thread (which runs again 10 ms after each pass while requests come) over KEYS clients'
windows; then the server's ``RateLimiter.take`` in memory and against a local ``redis-server``
(best of 3 runs).

    python scripts/bench_limit_storage.py [KEYS]
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import (
    FixedWindowRateLimiter,
    MovingWindowRateLimiter,
    SlidingWindowCounterRateLimiter,
)

from briscola.apps.server.cluster.workers import local_redis
from briscola.apps.server.limits import RateLimiter
from briscola.apps.server.settings import Settings


def main(keys: int) -> None:
    item = RateLimitItemPerSecond(60, 3)  # the default message rate, 60/20
    for strategy in (
        MovingWindowRateLimiter,
        FixedWindowRateLimiter,
        SlidingWindowCounterRateLimiter,
    ):
        storage = MemoryStorage()
        limiter = strategy(storage)
        start = time.perf_counter()
        for i in range(keys):
            for _ in range(5):
                limiter.hit(item, "message", f"10.{i // 65536}.{i // 256 % 256}.{i % 256}")
        hit = (time.perf_counter() - start) / keys / 5
        start = time.perf_counter()
        storage._MemoryStorage__expire_events()  # type: ignore[attr-defined]
        sweep = time.perf_counter() - start
        storage.timer.cancel()
        print(f"{strategy.__name__}: a hit {hit * 1e6:.1f} us, an expiry pass over {keys} keys "
              f"{sweep * 1e3:.1f} ms")  # fmt: skip

    for where, calls in ((None, 200_000), ("redis", 20_000)):
        with local_redis() if where else _nowhere() as url:
            many = Settings.load(create_rate=f"{10**9}/{10**6}", rate_exempt="none", redis=url)
            limiter = RateLimiter(many)
            best = min(_timed(limiter, calls) for _ in range(3))
        print(f"RateLimiter.take, {where or 'memory'}: {best * 1e6:.1f} us (best of 3 x {calls})")


@contextlib.contextmanager
def _nowhere() -> Iterator[None]:
    yield None


def _timed(limiter: RateLimiter, calls: int) -> float:
    """Seconds a ``take`` of one client's create takes, over ``calls`` of them."""
    start = time.perf_counter()
    for _ in range(calls):
        limiter.take("create", "10.0.0.1")
    return (time.perf_counter() - start) / calls


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
