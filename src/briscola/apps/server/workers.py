"""``briscola serve --workers N``: N server processes on one port, and the Redis they share.

uvicorn's own ``workers=`` starts the processes (each its own event loop, lifespan, rooms, bot
pool and WebSockets; they accept on one listening socket), with the app built by
:func:`briscola.apps.server.app.create_app` from the environment in each of them. The tables are
shared through the database and Redis (:mod:`.cluster`): when no Redis is named
(``--redis URL`` or ``$BRISCOLA_REDIS``) a local ``redis-server`` (Debian's package; see
scripts/install-system-deps.sh) is started on a free loopback port, without persistence, and
stopped when the server stops.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from typing import Any

__all__ = [
    "RedisMissing",
    "die_with_parent",
    "end_with_supervisor",
    "local_redis",
    "serve_workers",
]


class RedisMissing(RuntimeError):
    """No ``redis-server`` to start."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _answers(port: int) -> bool:
    """True when a Redis server answers PING on loopback ``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the thread that started it ends."""


def die_with_parent(parent: int) -> None:
    """Run in a child between fork and exec: have Linux send it SIGTERM when its parent (the
    process ``parent``) ends, even by ``kill -9`` (``prctl(PR_SET_PDEATHSIG)``); elsewhere,
    nothing. A parent that died before this ran is caught too: the child then ends at once."""
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the parent stops it on a clean exit only
        return
    if os.getppid() != parent:
        os._exit(1)


SUPERVISOR_ENV = "BRISCOLA_SUPERVISOR"
"""The process id of the ``--workers`` parent, which its server processes end with."""


def end_with_supervisor() -> None:
    """In a server process of ``--workers`` (its parent's id in ``$BRISCOLA_SUPERVISOR``): end
    (SIGTERM, a clean stop) when the parent ends, even by ``kill -9``, instead of serving on
    alone; at once when the parent is gone already. A process whose parent is another one
    while the one named lives (it inherited the variable) does nothing."""
    supervisor = os.environ.get(SUPERVISOR_ENV, "")
    if not supervisor.isdigit():
        return
    if int(supervisor) == os.getppid() or not _alive(int(supervisor)):
        die_with_parent(int(supervisor))  # ends at once when the parent died while it started


def _alive(pid: int) -> bool:
    """True while process ``pid`` exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # somebody else's process
        return True
    return True


@contextlib.contextmanager
def local_redis(timeout: float = 10.0) -> Iterator[str]:
    """A ``redis-server`` of this process's own on a free loopback port, for as long as the
    block runs: its URL. Raises :class:`RedisMissing` when the program is not installed."""
    program = shutil.which("redis-server")
    if program is None:
        raise RedisMissing(
            "redis-server is not installed: run scripts/install-system-deps.sh (Debian's "
            "redis-server package), or name a running Redis with --redis URL"
        )
    port = _free_port()
    args = [program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
    process = subprocess.Popen(
        [*args, "no", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=functools.partial(die_with_parent, os.getpid()),  # only prctl, fork-safe
    )
    try:
        deadline = time.monotonic() + timeout
        while not _answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                err = process.stderr.read().decode(errors="replace") if process.stderr else ""
                raise RedisMissing(f"redis-server did not start on port {port}: {err[-500:]}")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve_workers(
    workers: int,
    *,
    host: str,
    port: int,
    db_url: str | None,
    redis_url: str | None,
    log_config: dict[str, Any],
    log_level: str,
    ws_max_size: int,
) -> None:
    """Run ``workers`` server processes on ``host:port`` until interrupted, sharing the database
    ``db_url`` and the Redis ``redis_url`` (None: a local one, started and stopped here)."""
    import uvicorn

    from briscola.apps.server.app import create_app
    from briscola.apps.server.gctune import ENV as GC_ENV
    from briscola.apps.server.leases import Leases

    app = create_app(db_url)  # the schema, made once here before the workers race to make it
    Leases(app.state.storage.engine, "setup")
    os.environ["BRISCOLA_DB"] = app.state.storage.url
    app.state.storage.close()
    with contextlib.ExitStack() as stack:
        url = redis_url or os.environ.get("BRISCOLA_REDIS", "").strip()
        os.environ["BRISCOLA_REDIS"] = url or stack.enter_context(local_redis())
        os.environ[SUPERVISOR_ENV] = str(os.getpid())  # the processes end with this one
        os.environ[GC_ENV] = "1"  # each tunes its garbage collector as it starts (gctune.py)
        patient: dict[str, Any] = {"timeout_worker_healthcheck": 120}  # slow imports, busy CPU
        if "timeout_worker_healthcheck" not in inspect.signature(uvicorn.Config).parameters:
            patient = {}  # older uvicorn: no health check of its workers
        uvicorn.run(
            "briscola.apps.server.app:create_app",
            **patient,
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_config=log_config,
            log_level=log_level,
            ws_max_size=ws_max_size,
        )
