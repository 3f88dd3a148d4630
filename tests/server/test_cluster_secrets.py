"""No secret between processes (issue 40, finding 1): games played with ``briscola serve
--workers 2`` (tables made on each process, so some are handed over; the holder of one killed
mid-game, so it is taken over), while a ``psubscribe '*'`` and a ``MONITOR`` on the Redis it
started (with the password it made, read from a server process's environment) capture every
message and command; then no seat token is found in any of them, in the processes' output, in
nginx's logs or in the database's files. The Redis refuses a client without the password.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from server.cluster_helpers import Person, Workers, missing_programs, until

pytestmark = pytest.mark.server


class Capture:
    """Everything published on the Redis (``psubscribe '*'``) and every command it is sent
    (``MONITOR``), in two threads, until :meth:`stop`."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)
        self.published: list[bytes] = []
        self.commands: list[str] = []
        self._pubsub = self.client.pubsub()
        self._pubsub.psubscribe("*")
        self._done = threading.Event()
        self._threads = [threading.Thread(target=f, daemon=True) for f in (self._sub, self._mon)]
        for thread in self._threads:
            thread.start()

    def _sub(self) -> None:
        while not self._done.is_set():
            item = self._pubsub.get_message(timeout=0.2)
            if item is not None and item["type"] == "pmessage":
                self.published.append(item["channel"] + b" " + item["data"])

    def _mon(self) -> None:
        with self.client.monitor() as monitor:
            for command in monitor.listen():
                self.commands.append(str(command.get("command", "")))
                if self._done.is_set():
                    return

    def stop(self) -> None:
        self._done.set()
        self.client.ping()  # a last command: the monitor thread sees it and ends
        for thread in self._threads:
            thread.join(5)
        self._pubsub.close()
        self.client.close()

    def text(self) -> str:
        return "\n".join([*(m.decode(errors="replace") for m in self.published), *self.commands])


async def _games(w: Workers) -> tuple[list[str], list[str]]:
    """A friends' table played through nginx, its holder killed after ten moves and the game
    played on; a play-now table made directly on each process and played through nginx. The
    seat tokens, and the tables' ids."""
    people: list[Person] = []
    with httpx.Client(timeout=20) as http:
        body = {"preset": "classic", "match": "deals:1", "seats": ["human", "human"]}
        r = http.post(f"{w.base}/api/tables", json={**body, "host_name": "Anna"})
        assert r.status_code == 200, r.text
        friends, host, invite = r.json()["table_id"], r.json()["token"], r.json()["invite_code"]
        r = http.post(f"{w.base}/api/tables/{friends}/join", json={"invite_code": invite})
        assert r.status_code == 200, r.text
        guest = r.json()["token"]
        r = http.post(f"{w.base}/api/tables/{friends}/start", json={"token": host})
        assert r.status_code == 200, r.text
        people += [Person(w.base, friends, s, t, seed=s) for s, t in enumerate((host, guest))]
        for _, port in w.servers().values():
            r = http.post(f"http://127.0.0.1:{port}/api/play", json={"level": "simple"})
            assert r.status_code == 200, r.text
            people.append(Person(w.base, r.json()["table_id"], 0, r.json()["token"], seed=port))
    tasks = [asyncio.create_task(p.play()) for p in people]
    await until(lambda: min(p.actions() for p in people[:2]) >= 10, 60, "ten moves")
    w.kill_owner(friends)
    await asyncio.wait_for(asyncio.gather(*tasks), 180)
    return [p.token for p in people], sorted({p.table_id for p in people})


def test_no_seat_token_in_any_log_the_database_or_redis(tmp_path: Path) -> None:
    if missing := missing_programs():
        pytest.fail(f"{' and '.join(missing)} not installed: run scripts/install-system-deps.sh")
    db = tmp_path / "secrets.db"
    w = Workers(2, f"sqlite:///{db}", tmp_path / "w.log", "--log-level", "debug")
    try:
        w.wait_ready()
        url = w.redis_url()
        without = url.split("@", 1)[1]
        with pytest.raises(redis.AuthenticationError):  # no password, no Redis
            redis.Redis.from_url(f"redis://{without}").ping()
        capture = Capture(url)
        try:
            tokens, table_ids = asyncio.run(_games(w))
        finally:
            capture.stop()
        folder = w.nginx_folder()
        nginx_logs = "".join(f.read_text(errors="replace") for f in folder.glob("*.log"))
    finally:
        w.stop()
    output = (tmp_path / "w.log").read_text(errors="replace")
    database = b"".join(f.read_bytes() for f in tmp_path.glob("secrets.db*"))
    channels: dict[str, Any] = {
        "the processes' output": output,
        "nginx's logs": nginx_logs,
        "the database": database.decode("latin-1"),
        "Redis": capture.text(),
    }
    # what was captured is the real thing: every table's id went through nginx, and the
    # handoff of the killed process's table crossed Redis
    assert all(t in nginx_logs for t in table_ids), nginx_logs[-2000:]
    assert capture.published and any(t in capture.text() for t in table_ids)
    assert len(tokens) == 4 and all(len(t) >= 16 for t in tokens)
    for token in tokens:
        for where, text in channels.items():
            assert token not in text, f"a seat token is in {where}"
