"""Several server processes, run as an operator runs them (issue 12 item 6, issue 35 part 6):
``briscola serve --workers 2`` as a subprocess (its Redis with a password, its two server
processes, nginx in front), every request and socket through its public port, over one SQLite
file, then PostgreSQL (under scripts/with-postgres.sh).

A friends' table is played by two people and watched by a spectator; once both have seen ten
moves the process holding the table is killed with SIGKILL: their sockets drop, they reconnect
through nginx, the other process takes the table (its lease freed within a second) and the match
is played to its end with every move they saw kept, the spectator never sent a hidden card. A
play-now table made through one process and played through the other is handed over (only its
id crosses). Killing the parent ends its processes, its Redis and its nginx.

Redis and nginx come from Debian (scripts/install-system-deps.sh): without them the tests fail,
saying so.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from briscola.apps.server.cluster.handoffs import TABLE_PATH
from briscola.apps.server.cluster.workers import TABLE_MAP, local_redis, nginx_program, nginx_site
from server.cluster_helpers import (
    Person,
    Watcher,
    Workers,
    health,
    missing_programs,
    stored,
    until,
)
from server.test_server_postgres import pg_url  # noqa: F401 (a fixture of the PostgreSQL runs)
from server.test_spectators import check_watched

pytestmark = pytest.mark.server


@pytest.fixture(autouse=True)
def _programs() -> None:
    """The tests fail (never skip) when redis-server or nginx is missing."""
    if missing := missing_programs():
        pytest.fail(f"{' and '.join(missing)} not installed: run scripts/install-system-deps.sh")


def _friends_table(base: str) -> tuple[str, list[str]]:
    """A friends' table of two, created, joined and started through ``base``."""
    with httpx.Client(timeout=20) as http:
        body = {"preset": "classic", "match": "deals:2", "seats": ["human", "human"]}
        r = http.post(f"{base}/api/tables", json={**body, "host_name": "Anna", "lang": "it"})
        assert r.status_code == 200, r.text
        table_id, host, invite = r.json()["table_id"], r.json()["token"], r.json()["invite_code"]
        r = http.post(f"{base}/api/tables/{table_id}/join", json={"invite_code": invite})
        assert r.status_code == 200, r.text
        guest = r.json()["token"]
        r = http.post(f"{base}/api/tables/{table_id}/start", json={"token": host})
        assert r.status_code == 200, r.text
        return table_id, [host, guest]


async def _game(w: Workers) -> None:
    table_id, tokens = _friends_table(w.base)
    anna, bruno = (Person(w.base, table_id, s, t, seed=s) for s, t in enumerate(tokens))
    watcher = Watcher(f"{w.ws_base}/ws/{table_id}/watch")
    tasks = [asyncio.create_task(p.play()) for p in (anna, bruno)]
    watching = asyncio.create_task(watcher.watch(anna.over))
    await until(lambda: min(anna.actions(), bruno.actions()) >= 10, 60, "ten moves")
    await until(lambda: watcher.moves() >= 10, 30, "the spectator to see ten moves")
    assert anna.seen[0][:10] == bruno.seen[0][:10]
    seen_before = {d: list(a) for d, a in bruno.seen.items()}
    killed_name = w.kill_owner(table_id)  # the holder dies: both sockets drop
    killed = time.monotonic()
    await until(lambda: bruno.actions() > sum(map(len, seen_before.values())), 30, "a move")
    took_over = time.monotonic() - killed
    assert took_over < 10, f"the game stalled {took_over:.1f} s"
    # held by a live process (the other one, or the killed one started again under a new name)
    await until(lambda: w.owner(table_id) in set(w.servers()) - {killed_name}, 10, "a holder")
    await asyncio.wait_for(asyncio.gather(*tasks), 180)
    watching.cancel()
    table = stored(w.db_url, table_id)
    assert check_watched(table, watcher.messages) > 20  # no hidden card
    for deal, actions in seen_before.items():  # nothing acknowledged lost
        assert bruno.seen[deal][: len(actions)] == actions
    # two deals, or more when their points are level (deals:2 goes on until one leads)
    assert anna.seen == bruno.seen and len(bruno.seen) >= 2
    assert {d: list(a) for d, (_, _, a) in enumerate(table.deals)} == anna.seen
    assert anna.refused == [] and bruno.refused == []  # never a refused handshake (HTTP 403)
    with httpx.Client(timeout=20) as http:
        assert http.get(f"{w.base}/api/tables/{table_id}").json()["status"] == "over"


def _run(tmp_path: Path, db_url: str) -> None:
    w = Workers(2, db_url, tmp_path / "w.log", "--log-level", "warning")
    try:
        w.wait_ready()
        asyncio.run(_game(w))
    finally:
        w.stop()
    log = (tmp_path / "w.log").read_text()
    assert "Traceback" not in log, log[-3000:]
    assert log.count("ended: started again") == 1  # the killed process, started again


def test_two_processes_on_sqlite_one_killed(tmp_path: Path) -> None:
    _run(tmp_path, f"sqlite:///{tmp_path / 'shared.db'}")


def test_two_processes_on_postgresql_one_killed(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    _run(tmp_path, pg_url)


async def _handed_over(w: Workers) -> dict[str, int]:
    """Play-now tables made through each process in turn (by its loopback port, as nginx does
    when the creating request lands there), each then read through the public port, until one
    is handed over to the process nginx sends its id to; its person plays it to its end through
    the public port. The handoffs counted, summed over the processes."""
    ports = [port for _, port in w.servers().values()]

    def handoffs() -> dict[str, int]:
        counts = [health(port)["cluster"] for port in ports]  # type: ignore[index]
        return {k: sum(c[k] for c in counts) for k in ("taken_over", "handed_over")}

    with httpx.Client(timeout=20) as http:
        for attempt in range(20):  # each is handed over with odds 1/2
            r = http.post(
                f"http://127.0.0.1:{ports[attempt % 2]}/api/play", json={"level": "simple"}
            )
            assert r.status_code == 200, r.text
            table_id, token = r.json()["table_id"], r.json()["token"]
            assert http.get(f"{w.base}/api/tables/{table_id}").status_code == 200
            if handoffs()["handed_over"]:
                break
    anna = Person(w.base, table_id, 0, token, seed=3)
    await asyncio.wait_for(anna.play(), 120)
    assert anna.closes == [] and anna.refused == []  # one socket, to the end
    table = stored(w.db_url, table_id)
    assert {d: list(a) for d, (_, _, a) in enumerate(table.deals)} == anna.seen
    return handoffs()


def test_a_table_made_on_one_process_is_handed_to_the_one_nginx_routes_it_to(
    tmp_path: Path,
) -> None:
    """A table made on the process nginx does not send its id to is handed over (by its id
    alone, over Redis) at its first request through nginx, and played there to its end. The
    Redis is named (``--redis URL``, its password in the URL): the parent starts none."""
    with local_redis() as url:
        assert url.startswith("redis://:") and "@127.0.0.1:" in url  # a password
        db = f"sqlite:///{tmp_path / 'h.db'}"
        w = Workers(2, db, tmp_path / "h.log", "--log-level", "warning", "--redis", url)
        try:
            w.wait_ready()
            assert w.pids("redis-server") == [] and w.redis_url() == url
            counts = asyncio.run(_handed_over(w))
        finally:
            w.stop()
    assert counts == {"taken_over": 1, "handed_over": 1}, counts
    assert "Traceback" not in (tmp_path / "h.log").read_text()


def test_nginx_routes_the_paths_the_server_reads_as_a_table() -> None:
    """nginx's map and cluster.py's TABLE_PATH name the same paths, and the configuration
    ``briscola serve --print-nginx-config`` prints holds the map and every process."""
    assert (
        TABLE_PATH.pattern.replace("{1,100}", "+")
        == "^/(?:api/tables|ws|table|join|review|watch)/(?!lobby(?:/|$))([^/]+)"
    )
    assert TABLE_MAP.replace("(?<briscola_id>", "(") == "~" + TABLE_PATH.pattern.replace(
        "{1,100}", "+"
    )
    site = nginx_site([9001, 9002], "0.0.0.0", 9000)
    assert "hash $briscola_table consistent;" in site and TABLE_MAP in site
    assert "server 127.0.0.1:9001" in site and "server 127.0.0.1:9002" in site
    assert "listen 0.0.0.0:9000;" in site
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in site  # never the client's own


def test_the_printed_nginx_configuration_is_one_nginx_takes(tmp_path: Path) -> None:
    """``briscola serve --print-nginx-config`` prints the ``http`` part for processes on
    PORT+1 ... PORT+N; put in an ``http`` block, nginx's own check (``nginx -t``) passes."""
    command = [sys.executable, "-m", "briscola", "serve", "--print-nginx-config"]
    printed = subprocess.run(
        [*command, "--workers", "3", "--port", "9100"], capture_output=True, text=True, check=True
    ).stdout
    assert printed == nginx_site([9101, 9102, 9103], "127.0.0.1", 9100)
    conf = tmp_path / "nginx.conf"
    temps = "".join(f"{k}_temp_path {tmp_path}/{k};\n" for k in ("client_body", "proxy"))
    conf.write_text(f"pid {tmp_path}/nginx.pid;\nevents {{}}\nhttp {{\n{temps}{printed}}}\n")
    program = nginx_program()
    assert program is not None
    check = subprocess.run(
        [program, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", f"{tmp_path}/error.log"],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0 and "syntax is ok" in check.stderr, check.stderr


def _alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie is not)."""
    running = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.append(pid)
    return running


def test_killing_the_workers_parent_ends_its_processes_redis_and_nginx(tmp_path: Path) -> None:
    """``briscola serve --workers 2`` killed with SIGKILL: its server processes, the
    redis-server and the nginx it started end too (none goes on serving the port alone)."""
    w = Workers(2, f"sqlite:///{tmp_path / 'k.db'}", tmp_path / "k.log")
    tree: list[int] = []
    try:
        w.wait_ready()
        tree = [pid for _, (pid, _) in w.servers().items()]
        redis, nginx = w.pids("redis-server"), w.pids("nginx")
        assert len(tree) == 2 and redis and len(nginx) == 2, (tree, redis, nginx)  # its worker
        tree += redis + nginx
        w.parent.kill()
        deadline = time.monotonic() + 30
        while _alive(tree) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _alive(tree) == [], "left running after kill -9 of their parent"
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"{w.base}/healthz", timeout=2)
    finally:
        w.stop()
        for pid in _alive(tree):
            os.kill(pid, signal.SIGKILL)


def test_a_server_process_module_runs_without_being_imported_before() -> None:
    """``python -m briscola.apps.server.cluster.workers`` (each server process of --workers)
    imports the package first: were the module already imported by then, Python would run it
    twice and warn (a RuntimeWarning on every process's standard error)."""
    check = (
        "import sys, briscola.apps.server.cluster, briscola.apps.server.app; "
        "sys.exit('briscola.apps.server.cluster.workers' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", check], timeout=120).returncode == 0
