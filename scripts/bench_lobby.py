"""The quick match under load (issue 37, part 7; docs/operations.md, "Quick match under load").

Starts ``briscola serve`` (or uses ``--url``), makes N guests (2,000 by default), opens each one's
lobby socket and has them seek across the game kinds (classic, three, quattro, pairs, six,
chiamata: a multiple of each game's seats, so that everybody can be seated), arriving at random
over ``--spread`` seconds. It waits until every one is ``matched`` and reports, for each table,
the time from the arrival of its last (the compatible partner completing it) to every one of its
people seated (their ``matched`` received), its percentiles, the server's memory (resident set,
and its peak, from /proc), the CPU time it used from the first guest to the last seat, and the
machine's load average (1 minute) at the start and the end: on a shared machine the latency
follows the load. Every new player's rating is the same, so each arrival is a
compatible partner of those waiting for its game.

    .venv/bin/python scripts/bench_lobby.py                 # 2,000 people, a server of its own
    .venv/bin/python scripts/bench_lobby.py --people 200    # a quick look

Outside the test run: it takes about a minute on two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from briscola.apps.server.players.routes import COOKIE
from briscola.core.rules import preset
from briscola.tools.bench.serve_process import ServeProcess

SHARES = {"classic": 0.30, "three": 0.15, "quattro": 0.10, "pairs": 0.20, "six": 0.15,
          "chiamata": 0.10}  # fmt: skip
"""The share of the people seeking each game kind."""


def games(people: int) -> list[str]:
    """A game for each person: about the shares, each game's count a multiple of its seats (the
    rest play classic; one left over with an odd number is left out).

    >>> len(games(2000)), games(2000).count("six"), len(games(99))
    (2000, 300, 99)
    """
    out: list[str] = []
    for game, share in SHARES.items():
        if game != "classic":
            seats = preset(game).players
            out += [game] * (int(people * share / seats) * seats)
    rest = people - len(out)
    return out + ["classic"] * (rest - rest % 2)


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system), in seconds (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> dict[str, int]:
    """The process's resident set and its peak, in MiB (/proc)."""
    found: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) // 1024
    return found


async def guest(http: httpx.AsyncClient, n: int) -> str:
    r = await http.post("/api/players/guest", json={"name": f"P{n}", "avatar": "🃏"})
    r.raise_for_status()
    return str(r.cookies[COOKIE])


async def person(
    ws_base: str, cookie: str, game: str, delay: float, out: dict[str, Any], gate: Gate
) -> None:
    """One person: connect (at most ``gate.opening`` at once), wait until everybody is in the
    lobby, then ``delay`` more, seek ``game``; note when the seek left and when ``matched``
    came."""
    headers = {"Cookie": f"{COOKIE}={cookie}"}
    async with gate.opening:
        ws = await websockets.connect(f"{ws_base}/ws/lobby", additional_headers=headers)
    try:
        gate.arrived()
        await gate.all_in.wait()
        await asyncio.sleep(delay)
        out["sent"] = time.monotonic()
        await ws.send(json.dumps({"type": "seek", "game": game}))
        async for text in ws:
            if '"matched"' in text or '"error"' in text:  # the lobby's numbers: not read
                message = json.loads(text)
                if message["type"] == "matched":
                    out["got"] = time.monotonic()
                    out["table"] = message["table_id"]
                    return
                out["error"] = message["code"]
                return
    finally:
        await ws.close()


class Gate:
    """The people connect a few at a time, then seek once all are in the lobby."""

    def __init__(self, people: int) -> None:
        self.opening = asyncio.Semaphore(50)
        self.all_in = asyncio.Event()
        self.left = people

    def arrived(self) -> None:
        self.left -= 1
        if not self.left:
            self.all_in.set()


async def run(base: str, people: int, spread: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    plan = games(people)
    rng.shuffle(plan)
    limits = httpx.Limits(max_connections=20)
    timeout = httpx.Timeout(30, pool=None)
    made = time.monotonic()
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as http:
        cookies = await asyncio.gather(*(guest(http, i) for i in range(len(plan))))
    print(f"{len(plan)} guests made in {time.monotonic() - made:.1f} s", file=sys.stderr)
    ws_base = base.replace("http", "ws", 1)
    results: list[dict[str, Any]] = [{"game": g} for g in plan]
    gate = Gate(len(plan))
    started = time.monotonic()
    seekers = [
        person(ws_base, c, g, rng.uniform(0.5, 0.5 + spread), r, gate)
        for c, g, r in zip(cookies, plan, results, strict=True)
    ]
    await asyncio.wait_for(asyncio.gather(*seekers), timeout=spread + 300)
    tables: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        if "table" in r:
            tables.setdefault(r["table"], []).append(r)
    waits = sorted(max(r["got"] for r in t) - max(r["sent"] for r in t) for t in tables.values())
    seated = sum(len(t) for t in tables.values())
    return {
        "people": len(plan),
        "seated": seated,
        "tables": len(tables),
        "errors": sum("error" in r for r in results),
        "wall_s": round(time.monotonic() - started, 1),
        "seated_after_last_arrival_ms": {
            "p50": round(1000 * statistics.median(waits), 1),
            "p95": round(1000 * waits[int(0.95 * (len(waits) - 1))], 1),
            "p99": round(1000 * waits[int(0.99 * (len(waits) - 1))], 1),
            "max": round(1000 * waits[-1], 1),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=2000)
    parser.add_argument("--spread", type=float, default=20.0, help="seconds the arrivals span")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--url", help="a running server (default: start one)")
    args = parser.parse_args(argv)
    server = None
    if args.url is None:
        folder = Path(tempfile.mkdtemp(prefix="bench-lobby-"))
        env = {"BRISCOLA_BOT_WORKERS": "0", "BRISCOLA_LOG_LEVEL": "warning"}
        server = ServeProcess(
            ["--db", f"sqlite:///{folder / 'lobby.db'}"], folder / "serve.log", env
        )
        server.wait_ready(60)
    base = args.url or server.base  # type: ignore[union-attr]
    try:
        before = memory(server.pid) if server else {}
        cpu = cpu_seconds(server.pid) if server else 0.0
        load = os.getloadavg()[0]
        report = asyncio.run(run(base, args.people, args.spread, args.seed))
        report["load_average"] = [round(load, 1), round(os.getloadavg()[0], 1)]
        if server is not None:
            report["server_mib"] = {"before": before.get("VmRSS"), **memory(server.pid)}
            report["server_cpu_s"] = round(cpu_seconds(server.pid) - cpu, 1)
    finally:
        if server is not None:
            server.stop()
    report["machine"] = f"{platform.machine()}, {platform.processor() or ''} {_cpus()} CPUs".strip()
    print(json.dumps(report, indent=2))
    ok = (
        report["seated"] == report["people"]
        and report["seated_after_last_arrival_ms"]["p99"] <= 1000
    )
    return 0 if ok else 1


def _cpus() -> int:
    return len(os.sched_getaffinity(0))


if __name__ == "__main__":
    sys.exit(main())
