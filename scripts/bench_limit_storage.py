"""What the ``limits`` library's memory storage costs per strategy (docs/operations.md, "Rate
limits per client"): the time of a hit, and of one pass of the storage's expiry thread (which
runs again 10 ms after each pass while requests come) over KEYS clients' windows.

    python scripts/bench_limit_storage.py [KEYS]
"""

from __future__ import annotations

import sys
import time

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import (
    FixedWindowRateLimiter,
    MovingWindowRateLimiter,
    SlidingWindowCounterRateLimiter,
)


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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
