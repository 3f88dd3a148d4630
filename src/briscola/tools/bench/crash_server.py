"""Game servers to kill: ``briscola serve`` processes started fast, killed with SIGKILL.

Starting ``briscola serve`` costs seconds of imports, which would make a crash test of hundreds of
kills last most of an hour. So a *launcher* process (``python -m
briscola.tools.bench.crash_server``) imports the command and the server once, then forks one
server process per start: each runs the ``briscola serve`` command itself (its Typer command
with its options, on its own port, database and log file) in a fresh process, and is killed with
SIGKILL like any other. :class:`Servers` drives the launcher; with ``fork=False`` it runs the
``briscola`` executable for every start instead (slower, the same server).

The launcher reads commands on stdin, one a line, and answers each on stdout:
``start PORT DB_URL LOG [ARG...]`` (answers the new process's id), ``kill PID`` and ``stop PID``
(SIGKILL, or SIGINT and a wait; answers ``ok``).
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

__all__ = ["Server", "ServerStartError", "Servers", "free_port"]

START_TIMEOUT = 180.0
"""Seconds a server has to answer ``/healthz`` after its start."""


class ServerStartError(RuntimeError):
    """A server that did not come up (its log's end is in the message)."""


def free_port() -> int:
    """A TCP port free on the loopback now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthy(port: int, timeout: float = 0.5) -> bool:
    """True when a server on ``port`` answers ``/healthz`` with 200."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


class Server:
    """One running server process: its id, port and log file."""

    def __init__(self, pid: int, port: int, log: Path) -> None:
        self.pid = pid
        self.port = port
        self.log = log

    @property
    def base(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"


class Servers:
    """Starts and kills ``briscola serve`` processes on one database (see the module's doc).

    ``env``: the servers' environment variables (``BRISCOLA_BOT_DELAY``...); ``args``: more
    options of ``briscola serve``.
    """

    def __init__(
        self,
        db_url: str,
        log: Path,
        *,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
        fork: bool = True,
    ) -> None:
        self.db_url = db_url
        self.log = log
        self.args = list(args or [])
        self.env = {**os.environ, **(env or {})}
        self.fork = fork
        self.starts = 0
        self.start_seconds = 0.0
        self._launcher: subprocess.Popen[str] | None = None
        self._exec: dict[int, subprocess.Popen[bytes]] = {}
        if fork:
            command = [sys.executable, "-m", "briscola.tools.bench.crash_server"]
            self._launcher = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=self.env
            )
            self._ask("ping")

    def _ask(self, line: str) -> str:
        launcher = self._launcher
        assert launcher is not None and launcher.stdin is not None and launcher.stdout is not None
        launcher.stdin.write(line + "\n")
        launcher.stdin.flush()
        answer = launcher.stdout.readline().strip()
        if not answer:
            raise ServerStartError(f"the launcher stopped (exit status {launcher.poll()})")
        return answer

    def start(self) -> Server:
        """A new server process on a free port, once it answers ``/healthz``."""
        began = time.monotonic()
        port = free_port()
        if self._launcher is not None:
            pid = int(
                self._ask(" ".join(["start", str(port), self.db_url, str(self.log), *self.args]))
            )
        else:
            command = [str(Path(sys.executable).with_name("briscola")), "serve"]
            command += _serve_options(port, self.db_url, self.args)
            with self.log.open("ab") as out:
                proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=self.env)
            pid = proc.pid
            self._exec[pid] = proc
        server = Server(pid, port, self.log)
        while not healthy(port):
            if time.monotonic() - began > START_TIMEOUT or not self._alive(pid):
                self.kill(server)
                raise ServerStartError("the server did not start: " + _tail(self.log))
            time.sleep(0.01)
        self.starts += 1
        self.start_seconds += time.monotonic() - began
        return server

    def _alive(self, pid: int) -> bool:
        proc = self._exec.get(pid)
        if proc is not None:
            return proc.poll() is None
        try:
            waited, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # the launcher's child, not ours: ask the system
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return False
            return _not_zombie(pid)
        return waited == 0

    def kill(self, server: Server) -> None:
        """Kill a server with SIGKILL (no clean-up of any kind) and reap it."""
        self._end(server, "kill")

    def stop(self, server: Server) -> None:
        """Stop a server the ordinary way (SIGINT) and wait for it."""
        self._end(server, "stop")

    def _end(self, server: Server, how: str) -> None:
        proc = self._exec.pop(server.pid, None)
        if proc is None:
            self._ask(f"{how} {server.pid}")
            return
        proc.send_signal(signal.SIGKILL if how == "kill" else signal.SIGINT)
        proc.wait(timeout=30)

    def close(self) -> None:
        """Kill every server still running and end the launcher."""
        for pid in list(self._exec):
            self.kill(Server(pid, 0, self.log))
        launcher, self._launcher = self._launcher, None
        if launcher is not None:
            assert launcher.stdin is not None
            launcher.stdin.close()
            launcher.wait(timeout=30)


def _serve_options(port: int, db_url: str, args: list[str]) -> list[str]:
    return ["--host", "127.0.0.1", "--port", str(port), "--db", db_url, *args]


def _not_zombie(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


def _tail(log: Path, size: int = 3000) -> str:
    try:
        return log.read_bytes()[-size:].decode(errors="replace")
    except OSError:
        return "(no log)"


# -- the launcher ------------------------------------------------------------------------------
def _warm() -> None:
    """Import what a server needs and let the quick computer players move once, so that each
    forked server starts with all of it done."""
    import uvicorn  # noqa: F401

    import briscola.apps.cli.commands
    import briscola.apps.server.app  # noqa: F401
    from briscola.core.rules import preset
    from briscola.session.table import Seat, Table

    with contextlib.suppress(ImportError):  # the PostgreSQL driver, when installed
        import psycopg  # noqa: F401
        import sqlalchemy.dialects.postgresql.psycopg  # noqa: F401
    for level in ("random", "simple"):
        table = Table(preset("classic"), [Seat.human(), Seat.computer(level)], seed=1, dealer=1)
        table.start()
        table.run_bots()


def _serve_child(port: str, db_url: str, log: str, args: list[str]) -> None:
    """In the forked process: run ``briscola serve`` with its output in ``log``; never return."""
    status = 1
    try:
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD):
            signal.signal(
                sig, signal.SIG_DFL if sig != signal.SIGINT else signal.default_int_handler
            )
        from briscola.apps.cli.commands import app

        app(["serve", *_serve_options(int(port), db_url, args)], prog_name="briscola")
        status = 0
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _launch(words: list[str], out: IO[str], children: set[int]) -> None:
    command, rest = words[0], words[1:]
    if command == "ping":
        out.write("pong\n")
    elif command == "start":
        out.flush()
        pid = os.fork()
        if pid == 0:
            _serve_child(rest[0], rest[1], rest[2], rest[3:])
        children.add(pid)
        out.write(f"{pid}\n")
    elif command in ("kill", "stop"):
        pid = int(rest[0])
        os.kill(pid, signal.SIGKILL if command == "kill" else signal.SIGINT)
        os.waitpid(pid, 0)
        children.discard(pid)
        out.write("ok\n")
    else:
        out.write(f"error unknown command {command}\n")
    out.flush()


def main() -> None:
    """The launcher: warm up, then fork servers as stdin asks until it closes (the servers
    still running are then killed)."""
    _warm()
    children: set[int] = set()
    for line in sys.stdin:
        if line.split():
            _launch(line.split(), sys.stdout, children)
    for pid in children:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
