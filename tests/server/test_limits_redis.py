"""Rate limits across processes (issue 35, part 5): with a Redis named, every process counts a
client's requests in it, so a limit of N is N in all, not N for each process. Two ``briscola
serve`` processes, and two apps in one process, share one ``redis-server`` started here, password
and all; when that Redis goes away the limits are counted in each process's memory instead of
failing the requests.

Redis comes from Debian's ``redis-server`` (scripts/install-system-deps.sh): without it the test
fails, saying so.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from briscola.apps.server.app import create_app
from briscola.apps.server.cluster.workers import local_redis
from briscola.apps.server.limits import RateLimiter
from briscola.apps.server.settings import Settings
from briscola.tools.bench.serve_process import ServeProcess

pytestmark = pytest.mark.server


def test_two_limiters_on_one_redis_share_the_count(redis_url: str) -> None:
    settings = Settings.load(create_rate="5/0.001", rate_exempt="none", redis=redis_url)
    one, two = RateLimiter(settings), RateLimiter(settings)  # 5 per 5,000 s
    answers = [(one if i % 2 else two).take("create", "10.0.0.1") for i in range(8)]
    assert answers[:5] == [None] * 5
    assert all(wait is not None and 4990 < wait <= 5000 for wait in answers[5:])
    assert one.take("create", "10.0.0.2") is None  # another client
    alone = RateLimiter(settings.replace(redis=""))
    assert alone.take("create", "10.0.0.1") is None


def test_messages_are_counted_by_each_process(redis_url: str) -> None:
    """A socket's messages all reach the process serving its table: they are counted there,
    without a round trip to Redis each."""
    settings = Settings.load(message_rate="2/0.01", rate_exempt="none", redis=redis_url)
    one, two = RateLimiter(settings), RateLimiter(settings)
    assert [one.take("message", "a") for _ in range(2)] == [None, None]
    assert one.take("message", "a") is not None
    assert [two.take("message", "a") for _ in range(2)] == [None, None]


async def _alternate(apps: list[Any], n: int) -> list[tuple[int, str | None]]:
    """``n`` creates from one client, sent to each app in turn: (status, Retry-After)."""
    clients = [
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app, client=("198.51.100.7", 40000)),
            base_url="http://server",
        )
        for app in apps
    ]
    replies = []
    for i in range(n):
        reply = await clients[i % len(clients)].post("/api/tables", json={})
        replies.append((reply.status_code, reply.headers.get("Retry-After")))
    for client in clients:
        await client.aclose()
    return replies


def test_two_servers_on_one_redis_hold_one_limit(tmp_path: Path, redis_url: str) -> None:
    limits = {"create_rate": "4/0.001", "rate_exempt": "none", "bot_delay": 0}
    apps = [create_app(tmp_path / f"{name}.db", redis=redis_url, **limits) for name in "ab"]
    replies = asyncio.run(_alternate(apps, 8))
    assert [status for status, _ in replies] == [200] * 4 + [429] * 4  # 4 in all, not 4 each
    assert all(int(after or 0) >= 3990 for _, after in replies[4:])
    alone = create_app(tmp_path / "c.db", **limits)
    assert [s for s, _ in asyncio.run(_alternate([alone], 5))] == [200] * 4 + [429]  # its own


def test_two_serve_processes_on_one_redis_hold_one_limit(tmp_path: Path, redis_url: str) -> None:
    """As an operator runs them: the settings in ``BRISCOLA_*`` variables, one database."""
    env = {"BRISCOLA_REDIS": redis_url, "BRISCOLA_CREATE_RATE": "3/0.001",
           "BRISCOLA_RATE_EXEMPT": "none", "BRISCOLA_BOT_WORKERS": "0"}  # fmt: skip
    db = ["--db", f"sqlite:///{tmp_path / 'shared.db'}"]
    servers = [ServeProcess(db, tmp_path / f"{name}.log", env) for name in "ab"]
    try:
        for server in servers:
            server.wait_ready(60)
        replies = [httpx.post(f"{servers[i % 2].base}/api/tables", json={}) for i in range(6)]
    finally:
        for server in servers:
            server.stop()
    assert [r.status_code for r in replies] == [200] * 3 + [429] * 3  # 3 in all, not 3 each
    assert all(int(r.headers["Retry-After"]) >= 2990 for r in replies[3:])


def test_without_its_redis_a_limiter_counts_in_memory(caplog: pytest.LogCaptureFixture) -> None:
    with local_redis() as url:
        settings = Settings.load(create_rate="2/0.01", rate_exempt="none", redis=url)
        limiter = RateLimiter(settings)
        assert limiter.take("create", "a") is None
    with caplog.at_level(logging.WARNING, logger="briscola.apps.server.limits"):
        answers = [limiter.take("create", "b") for _ in range(3)]  # the Redis is gone
    assert answers[:2] == [None, None] and answers[2] is not None
    assert "rate limits counted in memory" in caplog.text
    password = urlsplit(url).password
    assert password and password not in caplog.text  # the Redis's password is never logged
