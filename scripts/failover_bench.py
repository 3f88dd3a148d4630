"""The pause a table's person sees when the process holding the table dies (issue 40, finding 2),
measured over many kills of ``briscola serve --workers 2``: not part of the default test run.

A person plays a play-now table against ``simple`` through nginx (``BRISCOLA_BOT_DELAY=0``,
``BRISCOLA_TRICK_HOLD=0``), reconnecting whenever its socket ends, as the web client does. Each
round, once the person has made a few moves and both server processes answer, the process
holding the table is killed with SIGKILL; the pause is the time from the kill to the first state,
on a socket opened after the kill, holding a move more than the person had seen (the person
reconnects, the other process takes the table once the dead one's lease frees, and the next
move is made and acknowledged). A
handshake refused (HTTP 403 or any status) is counted; it must not happen. A match that ends is
followed by a new table. The parent starts the killed process again before the next round.

    .venv/bin/python scripts/failover_bench.py --kills 20 [--db URL] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server.cluster_helpers import Person, Workers, until


async def _table(w: Workers, seed: int) -> tuple[Person, asyncio.Task[None]]:
    async with httpx.AsyncClient(timeout=20) as http:
        body = {"level": "simple", "match": "deals:5"}
        r = await http.post(f"{w.base}/api/play", json=body)
        r.raise_for_status()
    person = Person(w.base, r.json()["table_id"], 0, r.json()["token"], seed=seed)
    return person, asyncio.create_task(person.play())


async def _kill_once(w: Workers, person: Person) -> float | None:
    """A few moves, then the table's holder killed: the pause until the next move is seen
    (None when the match ended first)."""
    start = person.actions()
    with contextlib.suppress(AssertionError):
        await until(lambda: person.actions() >= start + 3 or person.over.is_set(), 60, "moves")
    if person.over.is_set() or person.actions() < start + 3:
        return None
    seen, socket = person.actions(), person.sockets
    w.kill_owner(person.table_id)
    killed = time.monotonic()
    await until(
        lambda: (person.actions() > seen and person.served_on > socket) or person.over.is_set(),
        60,
        "the next move on a new socket",
    )
    return time.monotonic() - killed


async def _rounds(w: Workers, kills: int) -> dict[str, object]:
    pauses: list[float] = []
    refused: list[str] = []
    person, task = await _table(w, 0)
    while len(pauses) < kills:
        await until(w.all_up, 120, "both processes to answer")
        if person.over.is_set():
            refused += person.refused
            person, task = await _table(w, len(pauses) + 1)
        pause = await _kill_once(w, person)
        if pause is not None:
            pauses.append(pause)
            print(f"kill {len(pauses)}: {pause:.2f} s", flush=True)
    person.over.set()
    task.cancel()
    refused += person.refused
    return {
        "kills": len(pauses),
        "median_s": round(statistics.median(pauses), 3),
        "worst_s": round(max(pauses), 3),
        "best_s": round(min(pauses), 3),
        "refused_handshakes": len(refused),
        "refused_statuses": sorted(set(refused)),
        "pauses_s": [round(p, 3) for p in pauses],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--db", help="the database URL (default: an SQLite file of its own)")
    parser.add_argument("--json", type=Path, help="write the figures there too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="failover-") as folder:
        db = args.db or f"sqlite:///{folder}/failover.db"
        w = Workers(2, db, Path(folder) / "serve.log", "--log-level", "warning")
        try:
            w.wait_ready()
            figures = asyncio.run(_rounds(w, args.kills))
        finally:
            w.stop()
        output = (Path(folder) / "serve.log").read_text(errors="replace")
    figures["tracebacks"] = output.count("Traceback")
    print(json.dumps({k: v for k, v in figures.items() if k != "pauses_s"}))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
