"""``briscola serve --workers N`` run as an operator runs it, for the several-processes tests
(test_workers.py, test_cluster_secrets.py, test_failover.py, scripts/failover_bench.py): the
parent as a subprocess, played through its public port (nginx), its server processes, nginx and
Redis found in ``/proc``; people who play whatever is legal and reconnect whenever their socket
ends, as the web client does.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from briscola.apps.server.cluster.leases import Leases
from briscola.apps.server.cluster.workers import nginx_program
from briscola.apps.server.store import Storage, StoredTable
from briscola.tools.bench.serve_process import ServeProcess, health, process_tree

SERVER_ENV = {
    "BRISCOLA_BOT_DELAY": "0",
    "BRISCOLA_TRICK_HOLD": "0",
    "BRISCOLA_BOT_WORKERS": "0",
}


def missing_programs() -> list[str]:
    """The programs ``--workers`` needs that are not installed."""
    missing = [] if shutil.which("redis-server") else ["redis-server"]
    return missing + ([] if nginx_program() else ["nginx"])


def _cmdline(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        return raw.rstrip("\0").split("\0")
    except OSError:
        return []


def _environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes().decode(errors="replace")
    except OSError:
        return {}
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)


class Workers:
    """``briscola serve --workers N ARGS`` on a free port; its output in ``log``."""

    def __init__(self, n: int, db_url: str, log: Path, *args: str) -> None:
        self.db_url = db_url
        self.parent = ServeProcess(["--workers", str(n), "--db", db_url, *args], log, SERVER_ENV)
        self.n = n

    @property
    def base(self) -> str:
        return self.parent.base

    @property
    def ws_base(self) -> str:
        return self.parent.ws_base

    def servers(self) -> dict[str, tuple[int, int]]:
        """The server processes running now: their name -> (pid, loopback port)."""
        found = {}
        for pid in process_tree(self.parent.pid)[1:]:
            command = _cmdline(pid)
            if "briscola.apps.server.cluster.workers" in command:
                env = _environ(pid)
                found[env.get("BRISCOLA_PROCESS", "")] = (pid, int(env["BRISCOLA_PORT"]))
        return found

    def wait_ready(self, timeout: float = 180.0) -> None:
        """Until nginx answers and all N server processes do."""
        self.parent.wait_ready(timeout)
        deadline = time.monotonic() + timeout
        while not self.all_up():
            if time.monotonic() > deadline:
                raise AssertionError("the server processes did not all start")
            time.sleep(0.1)

    def all_up(self) -> bool:
        servers = self.servers()
        return len(servers) == self.n and all(
            health(port) is not None for _, port in servers.values()
        )

    def pids(self, word: str) -> list[int]:
        """The processes under the parent whose command line holds ``word``."""
        tree = process_tree(self.parent.pid)[1:]
        return [pid for pid in tree if any(word in part for part in _cmdline(pid))]

    def redis_url(self) -> str:
        """The Redis URL (password included) the server processes were given."""
        for pid, _ in self.servers().values():
            url = _environ(pid).get("BRISCOLA_REDIS", "")
            if url:
                return url
        raise AssertionError("no server process names its Redis")

    def nginx_folder(self) -> Path:
        """nginx's folder (its ``-p``): its configuration and logs."""
        for pid in self.pids("nginx"):
            command = " ".join(_cmdline(pid)).split()  # nginx rewrites its title: one string
            if "-p" in command:
                return Path(command[command.index("-p") + 1])
        raise AssertionError("no nginx under the parent")

    def owner(self, table_id: str) -> str | None:
        """The process holding the table's lease now."""
        storage = Storage(self.db_url)
        try:
            return Leases(storage.engine, "test").owner_of(table_id)
        finally:
            storage.close()

    def kill_owner(self, table_id: str) -> str:
        """SIGKILL the process holding the table: its name."""
        import os
        import signal

        owner = self.owner(table_id)
        assert owner is not None, "nobody holds the table"
        os.kill(self.servers()[owner][0], signal.SIGKILL)
        return owner

    def stop(self) -> None:
        self.parent.stop()


def stored(db_url: str, table_id: str) -> StoredTable:
    """The table as the database holds it."""
    storage = Storage(db_url)
    try:
        table = storage.load(table_id)
    finally:
        storage.close()
    assert table is not None, f"table {table_id} is not stored"
    return table


class Person:
    """One seat's person: plays whatever is legal, goes on to the next deal, and reconnects to
    :attr:`base` whenever the socket ends (as the web client does after any close but 1008)."""

    def __init__(self, base: str, table_id: str, seat: int, token: str, seed: int) -> None:
        self.base, self.table_id, self.seat, self.token = base, table_id, seat, token
        self.rng = random.Random(seed)
        self.seen: dict[int, list[str]] = {}  # each deal's actions, as the server showed them
        self.closes: list[int | None] = []  # how each socket ended
        self.refused: list[str] = []  # handshakes refused (an HTTP status instead of a socket)
        self.over = asyncio.Event()
        self.connected = asyncio.Event()  # a state was received
        self.on_state: Callable[[], None] | None = None
        self.playing = True  # False: it watches its states and makes no move
        self.sockets = 0  # sockets opened so far
        self.served_on = 0  # the socket (its number) on which the last new move was seen

    async def play(self) -> None:
        """Until the match is over."""
        while not self.over.is_set():
            try:
                await self.one_socket()
            except Exception as exc:  # a killed process, a closed socket: reconnect
                status = getattr(getattr(exc, "response", None), "status_code", None)
                if status is not None:
                    self.refused.append(f"{status}")
                self.closes.append(getattr(getattr(exc, "rcvd", None), "code", None))
                await asyncio.sleep(0.05)

    async def one_socket(self) -> None:
        url = self.base.replace("http", "ws") + f"/ws/{self.table_id}"
        async with connect(url, open_timeout=10, close_timeout=1) as ws:
            self.sockets += 1
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
            if len(obs["actions"]) > len(before):
                self.served_on = self.sockets
            if len(obs["actions"]) >= len(before):
                self.seen[deal] = list(obs["actions"])
        if self.on_state is not None:
            self.on_state()
        if status == "over":
            self.over.set()
        elif not self.playing:
            return
        elif status == "deal_over" and (deal, -1) not in acted:
            acted.add((deal, -1))
            await ws.send(json.dumps({"type": "next_deal"}))
        elif (
            status == "playing"
            and obs["turn"] == self.seat
            and (deal, len(obs["actions"])) not in acted
        ):
            acted.add((deal, len(obs["actions"])))
            await asyncio.sleep(0.01)
            await ws.send(json.dumps({"type": "action", "action": self.rng.choice(obs["legal"])}))

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
                async with connect(self.url, open_timeout=10, close_timeout=1) as ws:
                    while not over.is_set():
                        self.messages.append(json.loads(await ws.recv()))
            except Exception:  # its process died, or the table moved: watch again
                await asyncio.sleep(0.1)

    def moves(self) -> int:
        """The actions of the current deal in the last state seen."""
        states = [m for m in self.messages if m["type"] == "state" and m["observation"]]
        return len(states[-1]["observation"]["actions"]) if states else 0


async def until(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)
