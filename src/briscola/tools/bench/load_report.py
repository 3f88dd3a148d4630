"""What one load benchmark run measured (:mod:`.load`), over the whole run and in its two phases:
the **arrival** (from the start until every simulated person has a table open: the tables arrive
over the ramp, or all at once) and the **steady state** after it.

Every sample carries the moment it was taken (``time.monotonic()``), so each phase's figures are
those of the samples taken in it.

>>> summary([0.010, 0.020, 0.030, 0.040])["p50"]
25.0
>>> r = LoadReport(tables=2, level="simple", seconds=10, bot_delay=0.8, started=100.0)
>>> r.acks += [(101.0, 0.5), (106.0, 0.010)]
>>> r.arrived = 102.0
>>> r.ended = 110.0
>>> r.phase("arrival")["ack_ms"]["max"], r.phase("steady")["ack_ms"]["max"]
(500.0, 10.0)
>>> r.phase("steady")["seconds"], r.phase("steady")["human_moves_per_s"]
(8.0, 0.1)
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["PHASES", "LoadReport", "summary"]

PHASES = ("arrival", "steady")
"""The phases of a run: the tables arriving, then all of them in play."""

Samples = list[tuple[float, float]]
"""(moment, duration in seconds) of each acknowledgement, computer move or new table."""


def summary(seconds: Sequence[float]) -> dict[str, float]:
    """p50, p90, p99 and max of durations, in milliseconds (zeros when there are none)."""
    if not seconds:
        return {"n": 0, "p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ms = sorted(1000 * s for s in seconds)
    cuts = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    return {"n": len(ms), "p50": cuts[49], "p90": cuts[89], "p99": cuts[98], "max": ms[-1]}


def _per_move(cpu: float, moves: int) -> float | None:
    """Milliseconds of CPU a move, to the microsecond (runs 5% apart are told apart)."""
    return round(1000 * cpu / moves, 3) if moves else None


@dataclass
class LoadReport:
    """What one run measured (durations in seconds; moments from ``time.monotonic()``)."""

    tables: int
    level: str
    seconds: float
    bot_delay: float
    ramp: float = 0.0
    acks: Samples = field(default_factory=list)
    bots: Samples = field(default_factory=list)
    creations: Samples = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0
    rss_mb: float = 0.0
    min_budget: float = 1.0
    client_cpu: float = 0.0
    server_cpu: float = 0.0
    server_cpu_arrival: float = 0.0
    """The server's CPU seconds during the arrival (the rest of :attr:`server_cpu` is steady)."""
    workers: int = 1
    think: float = 2.0
    deflate: bool = True
    """The client's sockets offered permessage-deflate (as a browser's do)."""
    load: tuple[float, float] = (0.0, 0.0)
    """The machine's 1-minute load average before and after the run."""
    started: float = 0.0
    arrived: float | None = None
    """When every person had a table open (None: some never did)."""
    ended: float = 0.0
    cluster: dict[str, dict[str, int]] = field(default_factory=dict)
    """With ``--workers``: the last counts of each process's handoffs seen (``/healthz``), by
    process."""
    server_cpu_by: dict[str, float] = field(default_factory=dict)
    """:attr:`server_cpu` by program (``python``; with ``--workers`` also ``nginx`` and
    ``redis-server``)."""

    def error(self, kind: str) -> None:
        """Count one error of ``kind``."""
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def _window(self, name: str) -> tuple[float, float]:
        arrived = self.ended if self.arrived is None else self.arrived
        return {"arrival": (self.started, arrived), "steady": (arrived, self.ended)}.get(
            name, (self.started, self.ended)
        )

    def phase(self, name: str) -> dict[str, Any]:
        """The figures of the samples taken in phase ``name`` (one of :data:`PHASES`, or
        ``"whole"``): latencies, moves a second, the server's CPU per move."""
        start, end = self._window(name)
        cut = self.ended if self.arrived is None else self.arrived

        def within(samples: Samples) -> list[float]:
            if name == "arrival":
                return [d for at, d in samples if at < cut]
            return [d for at, d in samples if name != "steady" or at >= cut]

        acks, bots = within(self.acks), within(self.bots)
        length = end - start

        def rate(count: int) -> float | None:  # none over less than a second
            return round(count / length, 1) if length >= 1.0 else None

        cpu = {
            "arrival": self.server_cpu_arrival,
            "steady": self.server_cpu - self.server_cpu_arrival,
        }.get(name, self.server_cpu)
        return {
            "seconds": round(end - start, 1),
            "ack_ms": summary(acks),
            "bot_beyond_delay_ms": summary(bots),
            "create_ms": summary(within(self.creations)),
            "human_moves_per_s": rate(len(acks)),
            "moves_per_s": rate(len(acks) + len(bots)),
            "server_cpu_ms_per_move": _per_move(cpu, len(acks) + len(bots)),
        }

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data: the whole run's at the top, each phase's under its
        name."""
        whole = self.phase("whole")
        return {
            "tables": self.tables,
            "level": self.level,
            "workers": self.workers,
            "ramp": self.ramp,
            "seconds": whole["seconds"],
            "think": self.think,
            "bot_delay": self.bot_delay,
            "client_deflate": self.deflate,
            **{k: v for k, v in whole.items() if k != "seconds"},
            "errors": dict(self.errors),
            "games_finished": self.games,
            "server_rss_mb": round(self.rss_mb, 1),
            "min_bot_budget": self.min_budget,
            "client_cpu_s": round(self.client_cpu, 1),
            "client_cpu_ms_per_move": _per_move(self.client_cpu, len(self.acks) + len(self.bots)),
            "server_cpu_s": round(self.server_cpu, 2),
            "server_cpu_s_by_program": {k: round(v, 2) for k, v in self.server_cpu_by.items()},
            "load_average": list(self.load),
            "cluster": self.cluster,
            **{name: self.phase(name) for name in PHASES},
        }

    def text(self) -> str:
        """The figures for a person: the whole run, then the arrival and the steady state."""
        d = self.to_dict()
        lines = [
            f"{self.tables} tables vs {self.level}, {self.workers} worker(s), "
            f"{d['seconds']:.0f} s (ramp {self.ramp:g} s), think {self.think} s, bot delay "
            f"{self.bot_delay} s, load average {self.load[0]:.2f} before, {self.load[1]:.2f} after"
            + ("" if self.deflate else ", the client without permessage-deflate")
        ]
        for name, figures in (("whole run", d), *((name, d[name]) for name in PHASES)):
            lines += _phase_lines(name, figures)
        for process, counts in self.cluster.items():
            lines.append(f"process {process}: {counts}")
        lines += [
            f"games {self.games}, errors {d['errors'] or 0}",
            f"server RSS {d['server_rss_mb']} MB, lowest bot budget {self.min_budget}, "
            f"client CPU {d['client_cpu_s']} s ({d['client_cpu_ms_per_move']} ms a move), "
            f"server CPU {d['server_cpu_s']} s "
            f"({', '.join(f'{k} {v} s' for k, v in d['server_cpu_s_by_program'].items())})",
        ]
        return "\n".join(lines)


def _phase_lines(name: str, d: dict[str, Any]) -> list[str]:
    def row(what: str, s: dict[str, float]) -> str:
        return (
            f"  {what:<18} n={int(s['n']):>6}  p50 {s['p50']:7.1f}  p90 {s['p90']:7.1f}  "
            f"p99 {s['p99']:7.1f}  max {s['max']:7.1f} ms"
        )

    seconds = f", {d['seconds']} s" if "arrival" not in d else ""
    return [
        f"{name}{seconds}: moves/s {d['moves_per_s']} (human {d['human_moves_per_s']}), "
        f"server {d['server_cpu_ms_per_move']} ms of CPU a move",
        row("ack", d["ack_ms"]),
        row("bot beyond delay", d["bot_beyond_delay_ms"]),
        row("new table", d["create_ms"]),
    ]
