"""The game server under load: N tables of one person against computer players, over real sockets.

It starts ``briscola serve`` (its own process, a fresh SQLite file), plays ``play now`` tables
through the HTTP API and the WebSocket like the web client does, and reports:

* **ack**: from sending a card to the ``state`` that shows it played (p50, p90, p99, max);
* **bot**: from the state after which a computer player is to act to the one that shows its
  card, less the server's ``bot_delay`` (how late the computer is beyond its pacing);
* **errors** (error messages, refused requests, dropped sockets), human and total moves a
  second, and the server's resident memory (its workers' included) at the end.

The simulated person thinks ``think`` seconds ± half (2 s: from 1 to 3 s) before each card. A
table that ends is replaced by a new one, so ``tables`` stay in play for ``seconds``.

    python scripts/load_bench.py --tables 1000 --level simple
    python scripts/load_bench.py --tables 100 --level champion --bot-workers 2
    python scripts/load_bench.py --tables 200 --saturate --workers 2   # capacity of 2 processes

The server's CPU time (its workers' and their children's included) is measured over the run, and
divided by the moves it made: the CPU cost of a move, which a loaded machine changes far less
than the latencies. The machine's load average before and after is in the report.

>>> summary([0.010, 0.020, 0.030, 0.040])["p50"]
25.0
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from briscola.tools.bench.serve_process import ServeProcess, process_tree

__all__ = ["LoadReport", "main", "run_load", "summary"]


def summary(seconds: Sequence[float]) -> dict[str, float]:
    """p50, p90, p99 and max of durations, in milliseconds (zeros when there are none)."""
    if not seconds:
        return {"n": 0, "p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ms = sorted(1000 * s for s in seconds)
    cuts = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    return {"n": len(ms), "p50": cuts[49], "p90": cuts[89], "p99": cuts[98], "max": ms[-1]}


@dataclass
class LoadReport:
    """What one run measured (durations in seconds)."""

    tables: int
    level: str
    seconds: float
    bot_delay: float
    acks: list[float] = field(default_factory=list)
    bots: list[float] = field(default_factory=list)
    creations: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    human_moves: int = 0
    bot_moves: int = 0
    games: int = 0
    rss_mb: float = 0.0
    min_budget: float = 1.0
    client_cpu: float = 0.0
    server_cpu: float = 0.0
    workers: int = 1
    think: float = 2.0
    load: tuple[float, float] = (0.0, 0.0)
    """The machine's 1-minute load average before and after the run."""

    def error(self, kind: str) -> None:
        """Count one error of ``kind``."""
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        moves = self.human_moves + self.bot_moves
        return {
            "tables": self.tables,
            "level": self.level,
            "workers": self.workers,
            "seconds": self.seconds,
            "think": self.think,
            "bot_delay": self.bot_delay,
            "ack_ms": summary(self.acks),
            "bot_beyond_delay_ms": summary(self.bots),
            "create_ms": summary(self.creations),
            "errors": dict(self.errors),
            "human_moves_per_s": round(self.human_moves / self.seconds, 1),
            "moves_per_s": round(moves / self.seconds, 1),
            "games_finished": self.games,
            "server_rss_mb": round(self.rss_mb, 1),
            "min_bot_budget": self.min_budget,
            "client_cpu_s": round(self.client_cpu, 1),
            "server_cpu_s": round(self.server_cpu, 1),
            "server_cpu_ms_per_move": round(1000 * self.server_cpu / moves, 2) if moves else None,
            "load_average": list(self.load),
        }

    def text(self) -> str:
        """The figures for a person."""
        d = self.to_dict()

        def row(name: str, s: dict[str, float]) -> str:
            return (
                f"{name:<18} n={int(s['n']):>6}  p50 {s['p50']:7.1f}  p90 {s['p90']:7.1f}  "
                f"p99 {s['p99']:7.1f}  max {s['max']:7.1f} ms"
            )

        return "\n".join(
            [
                f"{self.tables} tables vs {self.level}, {self.workers} worker(s), "
                f"{self.seconds:.0f} s, think {self.think} s, bot delay {self.bot_delay} s, "
                f"load average {self.load[0]:.2f} before, {self.load[1]:.2f} after",
                row("ack", d["ack_ms"]),
                row("bot beyond delay", d["bot_beyond_delay_ms"]),
                row("new table", d["create_ms"]),
                f"moves/s {d['moves_per_s']} (human {d['human_moves_per_s']}), games "
                f"{self.games}, errors {d['errors'] or 0}",
                f"server RSS {d['server_rss_mb']} MB, lowest bot budget {self.min_budget}, "
                f"client CPU {d['client_cpu_s']} s, server CPU {d['server_cpu_s']} s "
                f"({d['server_cpu_ms_per_move']} ms a move)",
            ]
        )


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


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) used so far by a process and its descendants (Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def _server(workdir: Path, bot_delay: float, options: list[str], path: str | None) -> ServeProcess:
    """``briscola serve`` on a fresh SQLite file, pacing its computers by ``bot_delay``."""
    env = {"BRISCOLA_BOT_DELAY": str(bot_delay), "BRISCOLA_TRICK_HOLD": "0"}
    args = ["--db", str(workdir / "load.db"), "--log-level", "warning", *options]
    return ServeProcess(args, workdir / "server.log", env, path)


class _Load:
    """The simulated people of one run."""

    def __init__(self, port: int, report: LoadReport, think: float, seed: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.report = report
        self.think = think
        self.rng = random.Random(seed)
        self.until = 0.0

    async def person(self, http: Any, delay: float) -> None:
        """One seat: play tables one after another until the run's end."""
        await asyncio.sleep(delay)
        while time.monotonic() < self.until:
            try:
                await self.table(http)
            except Exception as exc:  # a dropped socket, a refused request: counted, go on
                self.report.error(type(exc).__name__)
                await asyncio.sleep(1.0)

    async def table(self, http: Any) -> None:
        from websockets.asyncio.client import connect

        started = time.monotonic()
        reply = await http.post("/api/play", json={"level": self.report.level, "name": "Load"})
        if reply.status_code != 200:
            self.report.error(f"http_{reply.status_code}")
            await asyncio.sleep(1.0)
            return
        self.report.creations.append(time.monotonic() - started)
        body = reply.json()
        async with connect(f"{self.ws_base}/ws/{body['table_id']}", max_size=2**22) as ws:
            await ws.send(_text({"type": "hello", "token": body["token"]}))
            await self.play(ws, body["seat"])

    async def play(self, ws: Any, seat: int) -> None:
        """Play one table to its end (or the run's)."""
        sent: float | None = None
        last = time.monotonic()
        while time.monotonic() < self.until:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=self.until - time.monotonic())
            except TimeoutError:
                return
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
                self.report.acks.append(now - sent)
                self.report.human_moves += 1
                sent = None
            elif event["seat"] != seat:
                self.report.bots.append(max(0.0, now - last - self.report.bot_delay))
                self.report.bot_moves += 1
        return sent


async def _watch_health(port: int, report: LoadReport, until: float) -> None:
    import httpx

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        while time.monotonic() < until:
            try:
                health = (await http.get("/healthz")).json()
                report.min_budget = min(report.min_budget, float(health.get("bot_budget", 1)))
            except Exception:
                report.error("healthz")
            await asyncio.sleep(1.0)


def _text(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


async def _drive(port: int, report: LoadReport, think: float, seed: int) -> None:
    import httpx

    load = _Load(port, report, think, seed)
    load.until = time.monotonic() + report.seconds
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=load.base, limits=limits, timeout=60) as http:
        spread = max(2 * think, 1.0)  # the people arrive over two think times (1 s at least)
        people = [load.person(http, spread * i / report.tables) for i in range(report.tables)]
        await asyncio.gather(*people, _watch_health(port, report, load.until))


def run_load(
    tables: int,
    level: str = "simple",
    seconds: float = 60.0,
    *,
    think: float = 2.0,
    bot_delay: float = 0.8,
    workers: int = 1,
    server_options: Sequence[str] = (),
    server_path: str | None = None,
    seed: int = 1,
) -> LoadReport:
    """Start a server, load it with ``tables`` tables of one person against ``level`` for
    ``seconds``, stop it: the figures. ``workers``: its processes (``--workers``; more than one
    starts a Redis of its own); ``server_options``: more ``briscola serve`` options
    (``--bot-workers 0``); ``server_path``: a ``PYTHONPATH`` for the server (another version)."""
    report = LoadReport(tables, level, seconds, bot_delay, workers=workers, think=think)
    options = [*(["--workers", str(workers)] if workers > 1 else []), *server_options]
    with tempfile.TemporaryDirectory(prefix="briscola-load-") as tmp:
        server = _server(Path(tmp), bot_delay, options, server_path)
        try:
            server.wait_ready(600, bots=True)  # a loaded machine starts slowly
            before = os.getloadavg()[0]
            cpu, server_cpu = time.process_time(), _cpu_seconds(server.pid)
            asyncio.run(_drive(server.port, report, think, seed))
            report.client_cpu = time.process_time() - cpu
            report.server_cpu = _cpu_seconds(server.pid) - server_cpu
            report.rss_mb = _rss_mb(server.pid)
            report.load = (before, os.getloadavg()[0])
        finally:
            server.stop()
    return report


SATURATE_THINK = 0.0
"""``--saturate``: the people answer at once and the computers play without a delay, so the
tables offer more moves than the server can take: the moves a second are its capacity."""


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``scripts/load_bench.py``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--level", default="simple")
    parser.add_argument("--seconds", type=float, default=60.0)
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
    args = parser.parse_args(argv)
    options = [] if args.bot_workers is None else ["--bot-workers", str(args.bot_workers)]
    report = run_load(
        args.tables,
        args.level,
        args.seconds,
        think=SATURATE_THINK if args.saturate else args.think,
        bot_delay=0.0 if args.saturate else args.bot_delay,
        workers=args.workers,
        server_options=options,
        server_path=args.server_path,
        seed=args.seed,
    )
    print(report.text())
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_dict(), indent=2) + "\n")
    return 0
