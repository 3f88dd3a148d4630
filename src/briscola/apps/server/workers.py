"""``briscola serve --workers N``: N server processes behind nginx, and the Redis they share.

The parent starts a ``redis-server`` with a password it makes (unless a Redis is named:
``--redis URL`` or ``$BRISCOLA_REDIS``, with its password or ``rediss://``), N server processes
on free loopback ports (each its own uvicorn, event loop, rooms, bot pool and WebSockets, the app
built by :func:`briscola.apps.server.app.create_app`), and nginx in front of them on the public
port with a configuration it writes (:func:`nginx_config`): every request and socket naming a
table goes to one process by a consistent hash of the table's id (:mod:`.cluster`). nginx runs
as the current user, with its configuration, pid file, logs and temporary files in a folder of
its own. A server process that dies is started again on its port; everything ends with the
parent, even when it is killed with ``kill -9`` (:func:`die_with_parent`).

The Redis URL reaches the processes by their environment (``$BRISCOLA_REDIS``), never on a
command line, where any local user could read the password.

Each server process of ``briscola serve`` tunes its garbage collector once its app is built
(:func:`tune_gc`, issue 12, item 7): the process holds a large heap that lives as long as it
does and makes many short-lived objects per move; with Python's defaults the cycle collector
runs every 700 new objects and, every hundredth run, walks the whole heap (under load about a
sixth of the server's CPU time: 0.73 s of 4.3 s in a saturated run, a full walk 0.12 s).
:func:`tune_gc` moves everything made so far out of the collector's sight (:func:`gc.freeze`)
and runs the young generation's collection every :data:`YOUNG_THRESHOLD` new objects. Only the
processes of ``briscola serve`` do it (the ``tune_gc`` setting, ``BRISCOLA_TUNE_GC``): an app
built in a test process leaves that process's collector alone.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "YOUNG_THRESHOLD",
    "Missing",
    "NginxMissing",
    "RedisMissing",
    "die_with_parent",
    "end_with_supervisor",
    "local_nginx",
    "local_redis",
    "nginx_config",
    "nginx_program",
    "nginx_site",
    "serve_workers",
    "tune_gc",
]


YOUNG_THRESHOLD = 20_000
"""New container objects between two collections of the young generation (Python's: 700)."""


def tune_gc() -> None:
    """Freeze the heap made so far and collect the young generation less often (see the
    module's documentation). Safe to call more than once.

    >>> before = gc.get_threshold()
    >>> tune_gc()
    >>> gc.get_threshold()[0] >= YOUNG_THRESHOLD and gc.get_freeze_count() > 0
    True
    >>> gc.unfreeze(); gc.set_threshold(*before)
    """
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, old)


class Missing(RuntimeError):
    """A program ``--workers`` needs is not installed, or did not start."""


class RedisMissing(Missing):
    """No ``redis-server`` to start."""


class NginxMissing(Missing):
    """No ``nginx`` to start."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _accepts(port: int) -> bool:
    """True when something accepts connections on loopback ``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _answers(port: int, password: str) -> bool:
    """True when a Redis server answers PING on loopback ``port`` once given ``password``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(f"AUTH {password}\r\nPING\r\n".encode())
            reply = b""
            while b"PONG" not in reply and len(reply) < 200:
                part = s.recv(64)
                if not part:
                    break
                reply += part
            return b"+PONG" in reply
    except OSError:
        return False


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the thread that started it ends."""


def die_with_parent(parent: int) -> None:
    """Run in a child between fork and exec: have Linux send it SIGTERM when its parent (the
    process ``parent``) ends, even by ``kill -9`` (``prctl(PR_SET_PDEATHSIG)``); elsewhere,
    nothing. A parent that died before this ran is caught too: the child then ends at once."""
    import ctypes

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


def _stop(process: subprocess.Popen[Any], sig: int = signal.SIGTERM) -> None:
    """Send ``sig``, then SIGKILL after 10 s."""
    if process.poll() is None:
        process.send_signal(sig)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def local_redis(timeout: float = 10.0) -> Iterator[str]:
    """A ``redis-server`` of this process's own on a free loopback port, requiring a password
    made here (``requirepass``, in a configuration file only this user reads), for as long as
    the block runs: its URL, password included. Raises :class:`RedisMissing` when the program
    is not installed."""
    program = shutil.which("redis-server")
    if program is None:
        raise RedisMissing(
            "redis-server is not installed: run scripts/install-system-deps.sh (Debian's "
            "redis-server package), or name a running Redis with --redis URL"
        )
    port, password = _free_port(), secrets.token_hex(24)
    with tempfile.TemporaryDirectory(prefix="briscola-redis-") as folder:
        conf = Path(folder) / "redis.conf"
        conf.touch(mode=0o600)
        lines = [f"port {port}", "bind 127.0.0.1", 'save ""', "appendonly no"]
        lines += ["loglevel warning", f"requirepass {password}", f"dir {folder}"]
        conf.write_text("\n".join(lines) + "\n")
        process = subprocess.Popen(
            [program, str(conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=functools.partial(die_with_parent, os.getpid()),  # only prctl, fork-safe
        )
        try:
            deadline = time.monotonic() + timeout
            while not _answers(port, password):
                if process.poll() is not None or time.monotonic() > deadline:
                    err = process.stderr.read().decode(errors="replace") if process.stderr else ""
                    raise RedisMissing(f"redis-server did not start on port {port}: {err[-500:]}")
                time.sleep(0.05)
            yield f"redis://:{password}@127.0.0.1:{port}/0"
        finally:
            _stop(process)


TABLE_MAP = r"~^/(?:api/tables|ws|table|join|review|watch)/(?<briscola_id>[^/]+)"
"""nginx's form of :data:`~briscola.apps.server.cluster.TABLE_PATH` (the same paths; a test
checks that they agree)."""


def nginx_site(ports: Sequence[int], host: str, port: int) -> str:
    """The ``http`` part of nginx's configuration for server processes on loopback ``ports``,
    nginx listening on ``host:port``: a request or socket whose path names a table goes to one
    process by a consistent hash of the table's id (any other, to any process). The client's
    address is sent as ``X-Forwarded-For``, replacing whatever the client sent."""
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=0;\n" for p in ports)
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return f"""map $uri $briscola_table {{
    {TABLE_MAP} $briscola_id;
    default $request_id;
}}
map $http_upgrade $briscola_connection {{
    default upgrade;
    "" "";
}}
log_format briscola '$remote_addr [$time_local] "$request_method $uri" $status '
                    '$body_bytes_sent $request_time $upstream_addr';
upstream briscola {{
    hash $briscola_table consistent;
{servers}    keepalive 32;
}}
server {{
    listen {listen};
    client_max_body_size 16m;
    location / {{
        proxy_pass http://briscola;
        proxy_http_version 1.1;
        proxy_set_header Host $http_host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $briscola_connection;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_connect_timeout 2s;
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
    }}
}}
"""


def nginx_config(ports: Sequence[int], host: str, port: int, folder: str) -> str:
    """nginx's whole configuration for :func:`local_nginx`: :func:`nginx_site` with nginx's pid
    file, logs and temporary files in ``folder``, in the foreground (its parent stops it)."""
    user = f"user {_user_name()};\n" if os.geteuid() == 0 else ""
    temps = "".join(f"    {kind}_temp_path {folder}/{kind};\n" for kind in ("client_body", "proxy"))
    site = "".join(
        f"    {line}\n" if line else "\n" for line in nginx_site(ports, host, port).splitlines()
    )
    return f"""daemon off;
{user}worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{
    worker_connections 8192;
}}
http {{
{temps}{_unused_temps(folder)}{site}    access_log {folder}/access.log briscola;
}}
"""


def _user_name() -> str:
    import pwd

    return pwd.getpwuid(os.geteuid()).pw_name


def _unused_temps(folder: str) -> str:
    """The temporary paths of the modules this nginx has, unused but made at its start."""
    program = nginx_program() or "nginx"
    try:
        built = subprocess.run([program, "-V"], capture_output=True, text=True, timeout=10).stderr
    except (OSError, subprocess.SubprocessError):
        built = ""
    kinds = [k for k in ("fastcgi", "uwsgi", "scgi") if f"without-http_{k}_module" not in built]
    return "".join(f"    {kind}_temp_path {folder}/{kind};\n" for kind in kinds)


def nginx_program() -> str | None:
    """nginx's path (Debian puts it in /usr/sbin, which a user's PATH may lack), or None."""
    found = shutil.which("nginx")
    return found or next(
        (p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None
    )


@contextlib.contextmanager
def local_nginx(
    ports: Sequence[int], host: str, port: int, timeout: float = 10.0
) -> Iterator[subprocess.Popen[bytes]]:
    """nginx in front of the server processes on ``ports``, listening on ``host:port``, for as
    long as the block runs (its folder: the process's ``-p``). Raises :class:`NginxMissing`
    when it is not installed or does not start."""
    program = nginx_program()
    if program is None:
        raise NginxMissing(
            "nginx is not installed: run scripts/install-system-deps.sh (Debian's nginx-light "
            "package)"
        )
    with tempfile.TemporaryDirectory(prefix="briscola-nginx-") as folder:
        os.chmod(folder, 0o755)  # nginx's workers read their temporary folders
        conf = Path(folder) / "nginx.conf"
        conf.write_text(nginx_config(ports, host, port, folder))
        command = [program, "-p", folder, "-c", str(conf), "-e", f"{folder}/error.log"]
        process = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=functools.partial(die_with_parent, os.getpid()),
        )
        try:
            deadline = time.monotonic() + timeout
            while not _accepts(port) or not (Path(folder) / "nginx.pid").exists():
                if process.poll() is not None or time.monotonic() > deadline:
                    err = (Path(folder) / "error.log").read_text(errors="replace")[-800:]
                    raise NginxMissing(f"nginx did not start on port {port}: {err}")
                time.sleep(0.05)
            yield process
        finally:
            _stop(process)  # a fast stop: its sockets would keep a graceful one waiting


class _Server:
    """One server process of ``--workers``, on its loopback port, started again if it dies
    (under a new name: the dead one's leases expire, :mod:`.leases`)."""

    def __init__(self, name: str, port: int, spec: dict[str, Any], env: Mapping[str, str]):
        self.base, self.port, self.spec = name, port, {**spec, "port": port}
        self.env, self.starts = env, 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def name(self) -> str:
        return f"{self.base}.{self.starts}"

    def start(self) -> None:
        self.starts += 1
        command = [sys.executable, "-m", __name__, json.dumps(self.spec)]
        env = {**self.env, "BRISCOLA_PROCESS": self.name}
        self.process = subprocess.Popen(command, env=env)

    def died(self) -> bool:
        return self.process is not None and self.process.poll() is not None


def _child_env(db_url: str, redis_url: str, env: Mapping[str, str]) -> dict[str, str]:
    """The environment of the server processes: the database, the Redis (password and all:
    never on a command line), their parent, and that nginx on loopback is their proxy."""
    return {
        **os.environ,
        **env,
        "BRISCOLA_DB": db_url,
        "BRISCOLA_REDIS": redis_url,
        SUPERVISOR_ENV: str(os.getpid()),  # they end with this process
        "BRISCOLA_TUNE_GC": "1",  # each tunes its garbage collector as it starts (tune_gc)
        "BRISCOLA_TRUSTED_PROXIES": "127.0.0.1",  # nginx: X-Forwarded-For is its to set
    }


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
    env: Mapping[str, str] | None = None,
) -> None:
    """Run ``workers`` server processes behind nginx on ``host:port`` until interrupted
    (SIGINT, SIGTERM), sharing the database ``db_url`` and the Redis ``redis_url`` (None: a
    local one, started and stopped here); ``env``: settings for the processes (``BRISCOLA_*``
    variables)."""
    from briscola.apps.server.leases import Leases
    from briscola.apps.server.store import Storage

    storage = Storage(db_url)  # the schema, made once here before the processes race to make it
    Leases(storage.engine, "setup")
    url = storage.url
    storage.close()
    spec = {"log_config": log_config, "log_level": log_level, "ws_max_size": ws_max_size}
    stopping: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda sig, _: stopping.append(sig))
    with contextlib.ExitStack() as stack:
        stack.callback(signal.signal, signal.SIGTERM, previous)
        redis = redis_url or os.environ.get("BRISCOLA_REDIS", "").strip()
        redis = redis or stack.enter_context(local_redis())
        children = _child_env(url, redis, env or {})
        tag = f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(3)}"
        servers = [_Server(f"{tag}-{i}", _free_port(), spec, children) for i in range(workers)]
        for server in servers:
            server.start()
            stack.callback(_stop_server, server)
        deadline = time.monotonic() + 180
        while not all(_accepts(s.port) for s in servers):
            if any(s.died() for s in servers) or time.monotonic() > deadline:
                raise Missing("a server process did not start: see its errors above")
            time.sleep(0.1)
        stack.enter_context(local_nginx([s.port for s in servers], host, port))
        with contextlib.suppress(KeyboardInterrupt):
            while not stopping:
                for server in servers:
                    if server.died():
                        ended = server.name
                        server.start()
                        print(f"server process {ended} ended: started again", file=sys.stderr)
                time.sleep(0.1)


def _stop_server(server: _Server) -> None:
    if server.process is not None:
        _stop(server.process)


def run_process(spec: Mapping[str, Any]) -> None:
    """One server process of ``--workers`` (``python -m briscola.apps.server.workers SPEC``):
    uvicorn on its loopback port, the app built from the environment; the client's address is
    taken from nginx's ``X-Forwarded-For`` (nginx alone reaches it, on loopback)."""
    import uvicorn

    uvicorn.run(
        "briscola.apps.server.app:create_app",
        factory=True,
        host="127.0.0.1",
        port=int(spec["port"]),
        log_config=spec["log_config"],
        log_level=spec["log_level"],
        ws_max_size=int(spec["ws_max_size"]),
        proxy_headers=True,
        forwarded_allow_ips="127.0.0.1",
    )


if __name__ == "__main__":
    run_process(json.loads(sys.argv[1]))
