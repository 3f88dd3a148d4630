"""Several server processes serving one table (issue 12, item 6): two real ``briscola serve``
processes on loopback share one database (SQLite, and PostgreSQL under scripts/with-postgres.sh)
and one Redis started here; the two people of a friends' table are connected one to each
process, each sees the other's moves, and so does a spectator connected to the process that does
not own the table (through the tunnel: never a hidden card); the table's owner is killed with
SIGKILL, both people reconnect to the survivor, which takes the table over, and the game goes on
to its end with every move they saw acknowledged kept. Killing ``--workers``' parent ends its
processes and Redis.

Redis comes from Debian's ``redis-server`` (scripts/install-system-deps.sh): without it the test
fails, saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from briscola.apps.server.leases import LEASE_SECONDS, Leases
from briscola.apps.server.store import Storage
from briscola.apps.server.workers import RedisMissing, local_redis
from briscola.tools.bench.serve_process import ServeProcess, process_tree
from server.test_server_postgres import pg_url  # noqa: F401 (a fixture of the PostgreSQL runs)
from server.test_spectators import check_watched

pytestmark = pytest.mark.server

SERVER_ENV = {
    "BRISCOLA_BOT_DELAY": "0",
    "BRISCOLA_TRICK_HOLD": "0",
    "BRISCOLA_BOT_WORKERS": "0",
}


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A Redis of the test's own; the test fails (never skips) when redis-server is missing."""
    try:
        with local_redis() as url:
            yield url
    except RedisMissing as exc:
        pytest.fail(str(exc))


def Process(db_url: str, redis: str, log: Path) -> ServeProcess:
    """One ``briscola serve`` process on the shared database and Redis."""
    args = ["--db", db_url, "--redis", redis, "--log-level", "warning"]
    return ServeProcess(args, log, SERVER_ENV)


class Person:
    """One seat's person: plays whatever is legal, goes on to the next deal, reconnects."""

    def __init__(self, table_id: str, seat: int, token: str, seed: int) -> None:
        self.table_id, self.seat, self.token = table_id, seat, token
        self.rng = random.Random(seed)
        self.base = ""  # the process this person is connected to
        self.seen: dict[int, list[str]] = {}  # each deal's actions, as the server showed them
        self.closes: list[int | None] = []  # how each socket ended
        self.over = asyncio.Event()
        self.connected = asyncio.Event()  # a state was received

    async def play(self) -> None:
        """Until the match is over, reconnecting to :attr:`base` whenever the socket ends."""
        while not self.over.is_set():
            try:
                await self._one_socket()
            except Exception as exc:  # a killed process, a refused handshake: reconnect
                self.closes.append(getattr(getattr(exc, "rcvd", None), "code", None))
                await asyncio.sleep(0.2)

    async def _one_socket(self) -> None:
        url = self.base.replace("http", "ws") + f"/ws/{self.table_id}"
        async with connect(url, open_timeout=5, close_timeout=1) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            acted: set[tuple[int, int]] = set()
            while not self.over.is_set():
                message = json.loads(await ws.recv())
                if message["type"] == "error":
                    raise AssertionError(f"seat {self.seat} got {message}")
                if message["type"] == "state":
                    await self._on_state(ws, message, acted)

    async def _on_state(self, ws: Any, message: dict[str, Any], acted: set[Any]) -> None:
        self.connected.set()
        status, deal = message["table"]["status"], message["table"]["deal"]
        obs = message["observation"]
        if obs is not None and deal is not None:
            before = self.seen.get(deal, [])
            assert obs["actions"][: len(before)] == before[: len(obs["actions"])], "moves lost"
            if len(obs["actions"]) >= len(before):
                self.seen[deal] = list(obs["actions"])
        if status == "over":
            self.over.set()
        elif status == "deal_over" and (deal, -1) not in acted:
            acted.add((deal, -1))
            await ws.send(json.dumps({"type": "next_deal"}))
        elif status == "playing" and obs["turn"] == self.seat:
            await self._move(ws, deal, obs, acted)

    async def _move(self, ws: Any, deal: int, obs: dict[str, Any], acted: set[Any]) -> None:
        """Play a legal card, once per position."""
        if (deal, len(obs["actions"])) not in acted:
            acted.add((deal, len(obs["actions"])))
            await asyncio.sleep(0.01)
            action = self.rng.choice(obs["legal"])
            await ws.send(json.dumps({"type": "action", "action": action}))

    def actions(self) -> int:
        return sum(len(a) for a in self.seen.values())


class Watcher:
    """A spectator: every message it is sent, reconnecting whenever its socket ends."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.messages: list[dict[str, Any]] = []

    async def watch(self, over: asyncio.Event) -> None:
        while not over.is_set():
            try:
                async with connect(self.url, open_timeout=5, close_timeout=1) as ws:
                    while not over.is_set():
                        self.messages.append(json.loads(await ws.recv()))
            except Exception:  # the relay closed (its owner died): watch again
                await asyncio.sleep(0.2)

    def moves(self) -> int:
        """The actions of the current deal in the last state seen."""
        states = [m for m in self.messages if m["type"] == "state" and m["observation"]]
        return len(states[-1]["observation"]["actions"]) if states else 0


def _table(a: ServeProcess, b: ServeProcess) -> tuple[str, list[str]]:
    """A friends' table of two created on ``a``, joined and started through ``b``."""
    with httpx.Client(timeout=20) as http:
        body = {"preset": "classic", "match": "deals:2", "seats": ["human", "human"]}
        r = http.post(f"{a.base}/api/tables", json={**body, "host_name": "Anna", "lang": "it"})
        assert r.status_code == 200, r.text
        table_id, host, invite = r.json()["table_id"], r.json()["token"], r.json()["invite_code"]
        r = http.post(f"{b.base}/api/tables/{table_id}/join", json={"invite_code": invite})
        assert r.status_code == 200, r.text  # served by a, through b
        guest = r.json()["token"]
        r = http.post(f"{b.base}/api/tables/{table_id}/start", json={"token": host})
        assert r.status_code == 200, r.text
        return table_id, [host, guest]


async def _until(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def _game(a: ServeProcess, b: ServeProcess, db_url: str) -> None:
    table_id, tokens = _table(a, b)
    storage = Storage(db_url)
    try:
        assert Leases(storage.engine, "test").owner_of(table_id) is not None  # a holds it
        anna, bruno = (Person(table_id, s, t, seed=s) for s, t in enumerate(tokens))
        anna.base, bruno.base = a.base, b.base
        watcher = Watcher(f"{b.ws_base}/ws/{table_id}/watch")  # through b too, from a
        tasks = [asyncio.create_task(anna.play())]
        await asyncio.wait_for(anna.connected.wait(), 30)  # a keeps the table: anna is there
        tasks.append(asyncio.create_task(bruno.play()))
        watching = asyncio.create_task(watcher.watch(anna.over))
        # each sees the other's moves: bruno's through b, relayed from a
        await _until(lambda: min(anna.actions(), bruno.actions()) >= 10, 60, "ten moves")
        await _until(lambda: watcher.moves() >= 10, 30, "the spectator to see ten moves")
        assert anna.seen[0][:10] == bruno.seen[0][:10]
        seen_before = {d: list(a) for d, a in bruno.seen.items()}
        a.kill()  # the owner dies: anna's socket drops, bruno's relay notices within seconds
        killed = time.monotonic()
        anna.base = b.base
        await _until(lambda: bruno.actions() > sum(map(len, seen_before.values())), 30, "a move")
        took_over = time.monotonic() - killed
        assert took_over < LEASE_SECONDS + 5, f"took {took_over:.1f} s"
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
        watching.cancel()
        stored = storage.load(table_id)
    finally:
        storage.close()
    assert stored is not None and check_watched(stored, watcher.messages) > 20  # no hidden card
    for deal, actions in seen_before.items():  # nothing acknowledged lost
        assert bruno.seen[deal][: len(actions)] == actions
    # two deals, or more when their points are level (deals:2 goes on until one leads)
    assert anna.seen == bruno.seen and len(bruno.seen) >= 2
    assert 1012 in bruno.closes  # the relay told bruno to reconnect
    with httpx.Client(timeout=20) as http:
        info = http.get(f"{b.base}/api/tables/{table_id}").json()
    assert info["status"] == "over"
    counts = _counts(b)
    assert counts["kept_by_owner"] >= 2 and counts["relayed"] >= 2  # bruno's, the spectator's


def _counts(process: ServeProcess) -> dict[str, Any]:
    """What the process counted of its tunnels and handoffs (``/healthz``)."""
    health = process.health()
    assert health is not None, "the process does not answer"
    counts: dict[str, Any] = health["cluster"]  # type: ignore[assignment]
    return counts


async def _follows(a: ServeProcess, b: ServeProcess, db_url: str) -> None:
    """A play-now table made on ``a``, played there, then by the same person through ``b``."""
    with httpx.Client(timeout=20) as http:
        r = http.post(f"{a.base}/api/play", json={"level": "simple", "match": "deals:2"})
        assert r.status_code == 200, r.text
    table_id, token = r.json()["table_id"], r.json()["token"]
    anna = Person(table_id, 0, token, seed=7)
    anna.base = a.base
    first = asyncio.create_task(anna._one_socket())
    await _until(lambda: anna.actions() >= 6, 30, "six moves on a")
    first.cancel()  # anna leaves a: nobody is connected to the table there any more
    with contextlib.suppress(asyncio.CancelledError):
        await first
    before = {deal: list(actions) for deal, actions in anna.seen.items()}
    anna.base = b.base  # and comes back through b, which takes the table over
    await asyncio.wait_for(anna.play(), 120)
    assert anna.closes == []  # one socket on b, to the end
    for deal, actions in before.items():  # every move made on a, kept
        assert anna.seen[deal][: len(actions)] == actions
    storage = Storage(db_url)
    try:
        stored = storage.load(table_id)
    finally:
        storage.close()
    assert stored is not None
    assert {d: list(acts) for d, (_, _, acts) in enumerate(stored.deals)} == anna.seen
    on_a, on_b = _counts(a), _counts(b)
    assert on_a["handed_over"] == 1 and on_b["taken_over"] == 1, (on_a, on_b)
    assert on_b["relayed"] == 0 and on_a["served_for_relays"] == 0, (on_a, on_b)  # no tunnel


def test_a_table_follows_its_person_to_another_process(tmp_path: Path, redis_url: str) -> None:
    """The socket of a table's only person reaches the process that does not own it: the owner
    hands the table over (its moves intact) instead of tunnelling every message."""
    db_url = f"sqlite:///{tmp_path / 'shared.db'}"
    a = Process(db_url, redis_url, tmp_path / "a.log")
    b: ServeProcess | None = None
    try:
        a.wait_ready()
        b = Process(db_url, redis_url, tmp_path / "b.log")
        b.wait_ready()
        asyncio.run(_follows(a, b, db_url))
    finally:
        a.stop()
        if b is not None:
            b.stop()
    for log in ("a.log", "b.log"):
        assert "Traceback" not in (tmp_path / log).read_text()


def _run(tmp_path: Path, db_url: str, redis_url: str) -> None:
    a = Process(db_url, redis_url, tmp_path / "a.log")
    b: ServeProcess | None = None
    try:
        a.wait_ready()  # a makes the schema (PostgreSQL's CREATE TABLE races with another's)
        b = Process(db_url, redis_url, tmp_path / "b.log")
        b.wait_ready()
        asyncio.run(_game(a, b, db_url))
    finally:
        a.stop()
        if b is not None:
            b.stop()
    assert "Traceback" not in (tmp_path / "b.log").read_text()


def test_two_processes_on_sqlite_one_killed(tmp_path: Path, redis_url: str) -> None:
    _run(tmp_path, f"sqlite:///{tmp_path / 'shared.db'}", redis_url)


def test_two_processes_on_postgresql_one_killed(
    tmp_path: Path,
    redis_url: str,
    pg_url: str,  # noqa: F811
) -> None:
    _run(tmp_path, pg_url, redis_url)


def _alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie is not)."""
    running = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.append(pid)
    return running


def test_killing_the_workers_parent_ends_its_processes_and_redis(tmp_path: Path) -> None:
    """``briscola serve --workers 2`` killed with SIGKILL: its server processes and the
    redis-server it started end too (they would otherwise go on serving the port alone)."""
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed: run scripts/install-system-deps.sh")
    db = f"sqlite:///{tmp_path / 'w.db'}"
    parent = ServeProcess(["--workers", "2", "--db", db], tmp_path / "w.log", SERVER_ENV)
    tree: list[int] = []
    try:
        parent.wait_ready()
        deadline, names = time.monotonic() + 60, list[bytes]()
        while sum(b"spawn_main" in n for n in names) < 2 and time.monotonic() < deadline:
            tree = process_tree(parent.pid)  # redis, the two servers, multiprocessing's tracker
            names = [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in tree[1:]]
            time.sleep(0.2)
        assert any(b"redis-server" in n for n in names), names
        assert sum(b"spawn_main" in n for n in names) == 2, names
        parent.kill()
        deadline = time.monotonic() + 30
        while _alive(tree) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _alive(tree) == [], "left running after kill -9 of their parent"
    finally:
        parent.stop()
        for pid in _alive(tree):
            os.kill(pid, signal.SIGKILL)
