"""What an idle ``briscola serve`` costs: the CPU its processes (nginx and Redis with
``--workers``) use a second while it holds N tables that nobody plays (each made by ``POST
/api/play`` and read once through the public port, so that it sits on the process its id is sent
to), by process. The processes' own idle work (with ``--workers``: the leases' renewals, every
0.25 s) is what remains.

    .venv/bin/python scripts/idle_cpu.py [--workers 2] [--tables 100] [--seconds 20] \
        [--server-path DIR]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import httpx

from briscola.tools.bench.serve_process import ServeProcess, process_tree


def _cpu(pid: int) -> dict[int, tuple[str, float]]:
    """Each process of the tree: its command line (the start) and its CPU seconds so far."""
    tick, found = os.sysconf("SC_CLK_TCK"), {}
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{p}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        found[p] = (command[:70], (int(fields[11]) + int(fields[12])) / tick)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--server-path", help="PYTHONPATH of the server (another version)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        options = ["--db", f"{folder}/idle.db", "--log-level", "warning"]
        options += ["--workers", str(args.workers)] if args.workers > 1 else []
        env = {"BRISCOLA_RATE_EXEMPT": "127.0.0.1"}
        server = ServeProcess(options, Path(folder) / "serve.log", env, args.server_path)
        try:
            server.wait_ready(300, bots=True)
            with httpx.Client(base_url=server.base, timeout=30) as http:
                for _ in range(args.tables):
                    table_id = http.post("/api/play", json={"level": "simple"}).json()["table_id"]
                    http.get(f"/api/tables/{table_id}").raise_for_status()
            time.sleep(2.0)
            before = _cpu(server.pid)
            time.sleep(args.seconds)
            after = _cpu(server.pid)
        finally:
            server.stop()
    total = 0.0
    for pid, (command, cpu) in after.items():
        used = cpu - before.get(pid, (command, cpu))[1]
        total += used
        print(f"{1000 * used / args.seconds:6.1f} ms/s  {command}")
    print(
        f"{1000 * total / args.seconds:6.1f} ms of CPU a second in all, {args.tables} tables held"
    )


if __name__ == "__main__":
    main()
