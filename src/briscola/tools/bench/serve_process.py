"""A ``briscola serve`` process of its own on a free loopback port, for benchmarks and tests that
need a real server (the load benchmark, the several-processes test).

>>> process = ServeProcess.__new__(ServeProcess)
>>> process.port = 8123
>>> process.base
'http://127.0.0.1:8123'
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from briscola.tools.bench.crash_server import free_port

__all__ = ["ServeProcess", "health", "process_tree"]


def health(port: int, timeout: float = 0.5) -> dict[str, object] | None:
    """The ``/healthz`` answer of a server on a loopback ``port``, or None while it does not
    answer 200."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        reply = conn.getresponse()
        body = json.loads(reply.read())
        return body if reply.status == 200 and isinstance(body, dict) else None
    except (OSError, ValueError):
        return None
    finally:
        conn.close()


class ServeProcess:
    """``briscola serve --port P ARGS`` with ``env`` added to the environment, its output in
    ``log``. ``python_path``: a ``PYTHONPATH`` for it (another version of the server)."""

    def __init__(
        self,
        args: Sequence[str],
        log: Path,
        env: Mapping[str, str] | None = None,
        python_path: str | None = None,
    ) -> None:
        self.port = free_port()
        self.log = log
        environment = {**os.environ, **(env or {})}
        if python_path:
            environment["PYTHONPATH"] = python_path
        code = "from briscola.apps.cli import main; main()"
        command = [sys.executable, "-c", code, "serve", "--port", str(self.port), *args]
        with log.open("w") as out:
            self.process = subprocess.Popen(
                command, env=environment, stdout=out, stderr=subprocess.STDOUT
            )

    @property
    def base(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        """The server's base URL for WebSockets."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self.process.pid

    def health(self) -> dict[str, object] | None:
        """The server's ``/healthz`` answer, or None while it does not answer 200."""
        return health(self.port)

    def wait_ready(self, timeout: float = 180.0, *, bots: bool = False) -> None:
        """Wait until the server answers (and, with ``bots``, until its computer players'
        workers are warm: ``bot_ready``, for a server that says); raise ``RuntimeError`` with
        the end of its log when it stops or takes longer than ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            health = self.health()
            if health is not None and (not bots or health.get("bot_ready", True)):
                return
            if self.process.poll() is not None or time.monotonic() > deadline:
                tail = self.log.read_text(errors="replace")[-3000:]
                raise RuntimeError(f"the server did not start ({self.log}): {tail}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 10 s."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (Linux ``/proc``; those gone meanwhile are left out)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        for task in Path(f"/proc/{p}/task").glob("*"):  # children of every thread
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
    return found
