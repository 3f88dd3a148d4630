"""Issue 40's finding 5 as a measurement (docs/operations.md, "Rate limits per client"): a
``briscola serve`` on loopback with no rate-limit exemption, and one ``POST /api/tables`` after
another for SECONDS seconds, each with a new ``X-Forwarded-For``: how many went through, how many
were refused (429). ``--server-path`` runs another version's server (``git worktree add /tmp/old
COMMIT``, then ``--server-path /tmp/old/src``).

    python scripts/forwarded_flood.py [--seconds 6] [--server-path SRC]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import httpx

from briscola.tools.bench.serve_process import ServeProcess


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--server-path", default=None, help="PYTHONPATH of the server to run")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="briscola-flood-"))
    env = {"BRISCOLA_RATE_EXEMPT": "none", "BRISCOLA_BOT_WORKERS": "0"}
    server = ServeProcess(
        ["--db", f"sqlite:///{folder / 'flood.db'}", "--log-level", "warning"],
        folder / "server.log",
        env,
        python_path=args.server_path,
    )
    try:
        server.wait_ready(timeout=60)
        statuses: list[int] = []
        with httpx.Client(base_url=server.base) as client:
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                n = len(statuses)
                forged = f"10.{n // 65536}.{n // 256 % 256}.{n % 256}"
                reply = client.post("/api/tables", json={}, headers={"X-Forwarded-For": forged})
                statuses.append(reply.status_code)
        print(
            f"{len(statuses)} creates in {args.seconds:g} s, each with a new X-Forwarded-For: "
            f"{statuses.count(200)} went through, {statuses.count(429)} refused (429)"
        )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
