"""The game server under load: N tables of one person against computer players, over real sockets.

It starts ``briscola serve`` (its own process, a fresh SQLite file), plays ``play now`` tables
through the HTTP API and the WebSocket like the web client does, and reports:

* **ack**: from sending a card to the ``state`` that shows it played (p50, p90, p99, max);
* **bot**: from the state after which a computer player is to act to the one that shows its
  card, less the server's ``bot_delay`` (how late the computer is beyond its pacing);
* **errors** (error messages, refused requests, dropped sockets), human and total moves a
  second, and the server's resident memory (its workers' included) at the end.

The simulated person thinks ``think`` seconds ± half (2 s: from 1 to 3 s) before each card. A
table that ends is replaced by a new one. The people arrive evenly over ``ramp`` seconds (30 by
default, as on a busy evening; 0: all at once, the burst), then the run goes on for ``seconds``
more; the figures are reported for the whole run, for the arrival (until every person has a table
open) and for the steady state after it (:mod:`.load_report`).

    python scripts/load_bench.py --tables 1000 --level simple
    python scripts/load_bench.py --tables 1000 --level simple --ramp 0   # all at once
    python scripts/load_bench.py --tables 100 --level champion --bot-workers 2
    python scripts/load_bench.py --tables 200 --saturate --workers 2   # capacity of 2 processes

The server's CPU time (its workers' and their children's included) is measured over the run, and
divided by the moves it made: the CPU cost of a move, which a loaded machine changes far less
than the latencies. The machine's load average before and after is in the report.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import orjson

from briscola.apps.server import tune_gc
from briscola.tools.bench.load_report import LoadReport, summary
from briscola.tools.bench.serve_process import ServeProcess, process_tree

__all__ = ["DEFAULT_RAMP", "LoadReport", "main", "run_load", "summary"]

DEFAULT_RAMP = 30.0
"""Seconds over which the tables arrive by default (``--saturate``: :data:`SATURATE_RAMP`)."""


def _rss_mb(pid: int) -> float:
    """The resident memory of a process and all its descendants, in MB (Linux)."""
    total = 0.0
    for p in process_tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:
            continue
    return total


def _cpu_by_program(pid: int) -> dict[str, float]:
    """The CPU time (user and system) used so far by a process and its descendants, by program
    (``python``, and with ``--workers`` ``nginx`` and ``redis-server``; Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    totals: dict[str, float] = {}
    for p in process_tree(pid):
        try:
            name, fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)
        except OSError:
            continue
        program = name.split("(", 1)[1].rstrip("0123456789.")  # python3.11: python
        cpu = (int(fields.split()[11]) + int(fields.split()[12])) / tick  # utime, stime
        totals[program] = totals.get(program, 0.0) + cpu
    return totals


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) used so far by a process and its descendants (Linux)."""
    return sum(_cpu_by_program(pid).values())


def _server(workdir: Path, bot_delay: float, options: list[str], path: str | None) -> ServeProcess:
    """``briscola serve`` on a fresh SQLite file, pacing its computers by ``bot_delay``."""
    env = {"BRISCOLA_BOT_DELAY": str(bot_delay), "BRISCOLA_TRICK_HOLD": "0"}
    env["BRISCOLA_RATE_EXEMPT"] = "127.0.0.1"  # its people, all here (behind --workers' nginx too)
    args = ["--db", str(workdir / "load.db"), "--log-level", "warning", *options]
    return ServeProcess(args, workdir / "server.log", env, path)


class _Load:
    """The simulated people of one run."""

    def __init__(
        self,
        port: int,
        report: LoadReport,
        think: float,
        seed: int,
        cpu: Callable[[], float],
        deflate: bool = True,
    ) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.report = report
        self.think = think
        self.rng = random.Random(seed)
        self.until = 0.0
        self.waiting = report.tables  # people without a table open yet
        self.cpu = cpu  # the server's CPU seconds so far
        self.deflate = deflate  # the sockets offer permessage-deflate (as a browser does)

    def _arrived(self) -> None:
        """One more person has a table open (or gave up on their first): when it is the last,
        the arrival ends."""
        self.waiting -= 1
        if self.waiting == 0:
            self.report.arrived = time.monotonic()
            self.report.server_cpu_arrival = self.cpu()

    async def person(self, http: Any, delay: float) -> None:
        """One seat: play tables one after another until the run's end."""
        await asyncio.sleep(delay)
        first = [True]  # until its first table is open
        while time.monotonic() < self.until:
            try:
                await self.table(http, first)
            except Exception as exc:  # a dropped socket, a refused request: counted, go on
                self.report.error(type(exc).__name__)
                await asyncio.sleep(1.0)
            if first[0]:
                first[0] = False
                self._arrived()

    async def table(self, http: Any, first: list[bool]) -> None:
        from websockets.asyncio.client import connect

        started = time.monotonic()
        reply = await http.post("/api/play", json={"level": self.report.level, "name": "Load"})
        if reply.status_code != 200:
            self.report.error(f"http_{reply.status_code}")
            await asyncio.sleep(1.0)
            return
        now = time.monotonic()
        self.report.creations.append((now, now - started))
        body = reply.json()
        url = f"{self.ws_base}/ws/{body['table_id']}"
        # like a browser: the server's pings are answered, none is sent (websockets pings by
        # default every 20 s, which doubled the keepalive traffic of 1,000 sockets)
        compression = "deflate" if self.deflate else None
        async with connect(url, max_size=2**22, ping_interval=None, compression=compression) as ws:
            await ws.send(_text({"type": "hello", "token": body["token"]}))
            if first[0]:
                first[0] = False
                self._arrived()
            await self.play(ws, body["seat"])

    async def play(self, ws: Any, seat: int) -> None:
        """Play one table to its end (or the run's): one deadline for the whole table, not a
        timer for every message (``asyncio.wait_for`` on each ``recv`` made a task and a timer
        each time: 22-29 µs of the client's CPU a message, against 1 µs)."""
        loop = asyncio.get_running_loop()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout_at(loop.time() + self.until - time.monotonic()):
                await self._play(ws, seat)

    async def _play(self, ws: Any, seat: int) -> None:
        sent: float | None = None
        last = time.monotonic()
        while True:
            text = await ws.recv()
            now = time.monotonic()
            message = orjson.loads(text)
            if message["type"] == "error":
                self.report.error(message.get("code", "error"))
                continue
            if message["type"] != "state":
                continue
            sent = self._count(message, seat, now, last, sent)
            last = now
            if message["table"]["status"] == "over":
                self.report.games += 1
                return
            obs = message["observation"]
            if obs and obs["turn"] == seat and obs["legal"] and sent is None:
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                await ws.send(_text({"type": "action", "action": self.rng.choice(obs["legal"])}))
                sent = time.monotonic()

    def _count(
        self, message: dict[str, Any], seat: int, now: float, last: float, sent: float | None
    ) -> float | None:
        """Record the acknowledgement or the computer's move a state shows; what is still
        waiting for its acknowledgement."""
        for event in message["events"]:
            if event["type"] != "played":
                continue
            if event["seat"] == seat and sent is not None:
                self.report.acks.append((now, now - sent))
                sent = None
            elif event["seat"] != seat:
                self.report.bots.append((now, max(0.0, now - last - self.report.bot_delay)))
        return sent


async def _watch_health(port: int, report: LoadReport, until: float) -> None:
    import httpx

    fresh = httpx.Limits(max_keepalive_connections=0)  # each look may reach another process
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=fresh) as http:
        while time.monotonic() < until:
            try:
                health = (await http.get("/healthz")).json()
                report.min_budget = min(report.min_budget, float(health.get("bot_budget", 1)))
                cluster = health.get("cluster")  # --workers: each process's handoffs
                if cluster is not None:
                    report.cluster[str(cluster.pop("process"))] = cluster
            except Exception:
                report.error("healthz")
            await asyncio.sleep(1.0)


def _text(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


async def _drive(
    port: int,
    report: LoadReport,
    think: float,
    seed: int,
    cpu: Callable[[], float],
    deflate: bool = True,
) -> None:
    import httpx

    load = _Load(port, report, think, seed, cpu, deflate)
    report.started = time.monotonic()
    load.until = report.started + report.ramp + report.seconds
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=load.base, limits=limits, timeout=60) as http:
        arrive = report.ramp / report.tables  # evenly over the ramp (0: all at once)
        people = [load.person(http, arrive * i) for i in range(report.tables)]
        await asyncio.gather(*people, _watch_health(port, report, load.until))
    report.ended = load.until
    if report.arrived is not None and report.arrived > report.ended:
        report.arrived = None  # some never had a table open within the run


def run_load(
    tables: int,
    level: str = "simple",
    seconds: float = 60.0,
    *,
    ramp: float = DEFAULT_RAMP,
    think: float = 2.0,
    bot_delay: float = 0.8,
    workers: int = 1,
    server_options: Sequence[str] = (),
    server_path: str | None = None,
    seed: int = 1,
    deflate: bool = True,
) -> LoadReport:
    """Start a server, load it with ``tables`` tables of one person against ``level``,
    arriving over ``ramp`` seconds, for ``seconds`` more, stop it: the figures. ``workers``:
    its processes (``--workers``; more than one starts a Redis of its own); ``server_options``:
    more ``briscola serve`` options (``--bot-workers 0``); ``server_path``: a ``PYTHONPATH`` for
    the server (another version); ``deflate``: the client's sockets offer permessage-deflate,
    as a browser's do (False: ``--no-deflate``, a leaner client that the server then answers
    uncompressed)."""
    report = LoadReport(
        tables, level, seconds, bot_delay, ramp, workers=workers, think=think, deflate=deflate
    )
    options = [*(["--workers", str(workers)] if workers > 1 else []), *server_options]
    with tempfile.TemporaryDirectory(prefix="briscola-load-") as tmp:
        server = _server(Path(tmp), bot_delay, options, server_path)
        try:
            server.wait_ready(600, bots=True)  # a loaded machine starts slowly
            before = os.getloadavg()[0]
            tune_gc()  # the client's own collector pauses would count as the server's latency
            cpu, server_cpu = time.process_time(), _cpu_seconds(server.pid)
            by_program = _cpu_by_program(server.pid)
            server_cpu_now = lambda: _cpu_seconds(server.pid) - server_cpu  # noqa: E731
            asyncio.run(_drive(server.port, report, think, seed, server_cpu_now, deflate))
            report.client_cpu = time.process_time() - cpu
            report.server_cpu = _cpu_seconds(server.pid) - server_cpu
            for program, seconds in _cpu_by_program(server.pid).items():
                report.server_cpu_by[program] = seconds - by_program.get(program, 0.0)
            report.rss_mb = _rss_mb(server.pid)
            report.load = (before, os.getloadavg()[0])
        finally:
            server.stop()
    return report


SATURATE_THINK = 0.0
"""``--saturate``: the people answer at once and the computers play without a delay, so the
tables offer more moves than the server can take: the moves a second are its capacity."""

SATURATE_RAMP = 5.0
"""``--saturate``'s default ramp: a short one, the steady state is what it measures."""


def _default_ramp(saturate: bool) -> float:
    return SATURATE_RAMP if saturate else DEFAULT_RAMP


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``scripts/load_bench.py``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--level", default="simple")
    parser.add_argument("--seconds", type=float, default=60.0, help="the run after the ramp")
    parser.add_argument(
        "--ramp",
        type=float,
        help=f"seconds over which the tables arrive (default {DEFAULT_RAMP:g}, "
        f"--saturate {SATURATE_RAMP:g}; 0: all at once)",
    )
    parser.add_argument("--think", type=float, default=2.0, help="a person's mean think time")
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument("--workers", type=int, default=1, help="server processes (--workers)")
    parser.add_argument(
        "--saturate",
        action="store_true",
        help="no think time and no computer delay: measure how many moves a second it takes",
    )
    parser.add_argument("--bot-workers", type=int, help="the server's (default: one per core)")
    parser.add_argument("--server-path", help="PYTHONPATH of the server (another version)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="the client's sockets offer no permessage-deflate (a browser's do: the default)",
    )
    args = parser.parse_args(argv)
    options = [] if args.bot_workers is None else ["--bot-workers", str(args.bot_workers)]
    report = run_load(
        args.tables,
        args.level,
        args.seconds,
        ramp=args.ramp if args.ramp is not None else _default_ramp(args.saturate),
        think=SATURATE_THINK if args.saturate else args.think,
        bot_delay=0.0 if args.saturate else args.bot_delay,
        workers=args.workers,
        server_options=options,
        server_path=args.server_path,
        seed=args.seed,
        deflate=not args.no_deflate,
    )
    print(report.text())
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=2) + "\n")
    return 0
