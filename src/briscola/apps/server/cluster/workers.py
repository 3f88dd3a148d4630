"""``briscola serve --workers N``: a Redis (unless the ``redis`` setting names one), N server
processes on free loopback ports, each given the settings as ``BRISCOLA_*`` variables, and nginx
in front of them (:func:`nginx_config`), all ending with the parent, even after its ``kill -9``
(docs/operations.md, "Several processes and machines", says it in full).
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from briscola.apps.server.settings import Settings


class Missing(RuntimeError):
    """A program ``--workers`` needs is not installed, or did not start."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _accepts(port: int) -> bool:
    """True when something accepts connections on loopback ``port``."""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
        return True
    return False


def die_with_parent(parent: int) -> None:
    """Run in a child between fork and exec: have Linux send it SIGTERM when its parent (the
    process ``parent``) ends, even by ``kill -9`` (``prctl(PR_SET_PDEATHSIG)``); elsewhere,
    nothing. A parent that died before this ran is caught too: the child then ends at once."""
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the parent stops it on a clean exit only
        return
    if os.getppid() != parent:
        os._exit(1)


def _stop(process: subprocess.Popen[Any]) -> None:
    """SIGTERM, then SIGKILL after 10 s."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def _started(
    command: list[str], ready: Callable[[], bool], what: str, log: Path | None = None
) -> Iterator[None]:
    """``command`` as a child that ends with this process, for as long as the block runs, once
    ``ready()``; :class:`Missing` (with the end of ``log``) when it exits or is not ready in
    10 s."""
    parent = functools.partial(die_with_parent, os.getpid())  # only prctl: fork-safe
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, preexec_fn=parent)
    try:
        deadline = time.monotonic() + 10
        while not ready():
            if process.poll() is not None or time.monotonic() > deadline:
                said = log.read_text(errors="replace")[-800:] if log and log.exists() else ""
                raise Missing(f"{what} did not start: {said}")
            time.sleep(0.05)
        yield
    finally:
        _stop(process)


@contextlib.contextmanager
def local_redis() -> Iterator[str]:
    """A ``redis-server`` of this process's own on a free loopback port, without persistence,
    requiring a password made here (in a configuration file only this user reads), for as long
    as the block runs: its URL, password included."""
    import redis

    program = shutil.which("redis-server")
    if program is None:
        raise Missing(
            "redis-server is not installed: run scripts/install-system-deps.sh (Debian's "
            "redis-server package), or name a running Redis with --redis URL"
        )
    port, password = _free_port(), secrets.token_hex(24)
    url = f"redis://:{password}@127.0.0.1:{port}/0"

    def answers() -> bool:
        with (
            contextlib.suppress(redis.RedisError),
            redis.Redis.from_url(url, socket_timeout=1) as client,
        ):
            return bool(client.ping())
        return False

    with tempfile.TemporaryDirectory(prefix="briscola-redis-") as folder:
        conf, log = Path(folder) / "redis.conf", Path(folder) / "redis.log"
        conf.touch(mode=0o600)
        lines = [f"port {port}", "bind 127.0.0.1", 'save ""', "appendonly no", f"dir {folder}"]
        lines += ["loglevel warning", f"logfile {log}", f"requirepass {password}", ""]
        conf.write_text("\n".join(lines))
        with _started([program, str(conf)], answers, f"redis-server on port {port}", log):
            yield url


TABLE_MAP = r"~^/(?:api/tables|ws|table|join|review|watch)/(?!lobby(?:/|$))(?<briscola_id>[^/]+)"
"""nginx's form of :data:`.handoffs.TABLE_PATH` (the same paths; a test checks that they agree)."""


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
    file, logs and temporary files in ``folder`` (those of every module it has: it makes them
    as it starts), in the foreground (its parent stops it)."""
    import pwd

    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    built = subprocess.run([nginx_program() or "nginx", "-V"], capture_output=True, text=True)
    kinds = ["client_body", "proxy"]
    kinds += [
        k for k in ("fastcgi", "uwsgi", "scgi") if f"without-http_{k}_module" not in built.stderr
    ]
    temps = "".join(f"    {kind}_temp_path {folder}/{kind};\n" for kind in kinds)
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
{temps}{site}    access_log {folder}/access.log briscola;
}}
"""


def nginx_program() -> str | None:
    """nginx's path (Debian puts it in /usr/sbin, which a user's PATH may lack), or None."""
    return shutil.which("nginx", path=os.environ.get("PATH", os.defpath) + ":/usr/sbin:/sbin")


@contextlib.contextmanager
def local_nginx(ports: Sequence[int], host: str, port: int) -> Iterator[None]:
    """nginx in front of the server processes on ``ports``, listening on ``host:port``, for as
    long as the block runs (its folder: nginx's ``-p``)."""
    program = nginx_program()
    if program is None:
        raise Missing(
            "nginx is not installed: run scripts/install-system-deps.sh (Debian's nginx-light "
            "package)"
        )
    with tempfile.TemporaryDirectory(prefix="briscola-nginx-") as folder:
        os.chmod(folder, 0o755)  # nginx's workers read their temporary folders
        conf, log = Path(folder) / "nginx.conf", Path(folder) / "error.log"
        conf.write_text(nginx_config(ports, host, port, folder))
        ready = lambda: _accepts(port) and (Path(folder) / "nginx.pid").exists()  # noqa: E731
        with _started(
            [program, "-p", folder, "-c", str(conf), "-e", str(log)],
            ready,
            f"nginx on port {port}",
            log,
        ):
            yield


def serve_workers(settings: Settings) -> None:
    """Run ``settings.workers`` server processes behind nginx on the settings' host and port
    until interrupted (SIGINT, SIGTERM), sharing the settings' database and Redis (none named:
    one of its own, started and stopped here). Each process is given the settings as
    ``BRISCOLA_*`` variables (:meth:`~.settings.Settings.environ`), with its own port on
    loopback, nginx as its trusted proxy and a name (the ``process`` setting, in its lease rows;
    a process started again gets a new one); each ends with this process, as Redis and nginx
    do."""
    from briscola.apps.server.store import Storage

    storage = Storage(settings.db)  # the schema, migrated here before the processes race to it
    storage.close()
    stopping: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda sig, _: stopping.append(sig))
    with contextlib.ExitStack() as stack:
        stack.callback(signal.signal, signal.SIGTERM, previous)
        redis = settings.redis or stack.enter_context(local_redis())
        shared = settings.replace(
            db=storage.url, redis=redis, host="127.0.0.1", workers=1,
            trusted_proxies="127.0.0.1",  # nginx sets X-Forwarded-For
        )  # fmt: skip
        tag = f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(3)}"
        servers: dict[int, tuple[str, subprocess.Popen[bytes]]] = {}
        parent = functools.partial(die_with_parent, os.getpid())  # only prctl: fork-safe

        def start(port: int, name: str) -> None:
            env = {**os.environ, **shared.replace(port=port, process=name).environ()}
            command = [sys.executable, "-m", __name__]
            servers[port] = name, subprocess.Popen(command, env=env, preexec_fn=parent)

        def stop_all() -> None:
            for _, process in servers.values():
                _stop(process)

        stack.callback(stop_all)
        for i in range(settings.workers):
            start(_free_port(), f"{tag}-{i}.1")
        deadline = time.monotonic() + 180
        while not all(_accepts(port) for port in servers):
            if (
                any(p.poll() is not None for _, p in servers.values())
                or time.monotonic() > deadline
            ):
                raise Missing("a server process did not start: see its errors above")
            time.sleep(0.1)
        stack.enter_context(local_nginx(list(servers), settings.host, settings.port))
        with contextlib.suppress(KeyboardInterrupt):
            while not stopping:
                for port, (name, process) in list(servers.items()):
                    if process.poll() is not None:
                        base, starts = name.rsplit(".", 1)
                        start(port, f"{base}.{int(starts) + 1}")
                        print(f"server process {name} ended: started again", file=sys.stderr)
                time.sleep(0.1)


if __name__ == "__main__":  # one server process of --workers, its settings in its environment
    from briscola.apps.server import serve

    serve()
