"""Failover as documented (issue 40, finding 2), with ``briscola serve --workers 2``: a socket
to a table whose holder was just killed with SIGKILL is never refused at the handshake (HTTP
403, which a client reads as a bad token): it is accepted, and served as soon as the dead
holder's lease frees (within a second) or closed with 1013 (try again). A table whose holder
neither answers nor lets its lease expire is answered, after
:data:`~briscola.apps.server.cluster.handoffs.HOLD_SECONDS`, ``table_moved`` and 1013 on a
socket, 503 ``table_moved`` on a request.

The pause after a kill, measured over many kills: scripts/failover_bench.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, update
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from briscola.apps.server.cluster.handoffs import HOLD_SECONDS
from briscola.apps.server.cluster.leases import RENEW_SECONDS, lease_table
from server.cluster_helpers import Person, Workers, missing_programs, until

pytestmark = pytest.mark.server


async def _socket(url: str, token: str, errors: list[str] | None = None) -> tuple[str, Any]:
    """One socket's fate: ("served", its first state), ("closed", its close code), or
    ("refused", the HTTP status of a refused handshake); the codes of the errors it was sent
    go to ``errors``."""
    try:
        async with connect(url, open_timeout=15, close_timeout=1) as ws:
            with contextlib.suppress(ConnectionClosed):  # a refusal may come before the hello
                await ws.send(json.dumps({"type": "hello", "token": token}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 15))
                if message["type"] == "state":
                    return "served", message
                if message["type"] == "error" and errors is not None:
                    errors.append(message["code"])
    except InvalidStatus as exc:
        return "refused", exc.response.status_code
    except ConnectionClosed as exc:
        return "closed", exc.rcvd.code if exc.rcvd is not None else None


async def _after_a_kill(w: Workers) -> None:
    with httpx.Client(timeout=20) as http:
        r = http.post(f"{w.base}/api/play", json={"level": "simple", "match": "deals:3"})
        assert r.status_code == 200, r.text
    table_id, token = r.json()["table_id"], r.json()["token"]
    anna = Person(w.base, table_id, 0, token, seed=5)
    playing = asyncio.create_task(anna.play())
    await until(lambda: anna.actions() >= 6, 60, "six moves")
    before = anna.actions()
    owner = w.kill_owner(table_id)
    killed = time.monotonic()
    survivor = next(port for name, (_, port) in w.servers().items() if name != owner)
    # straight to the survivor (as nginx sends it once the dead one refuses) and through nginx
    fates = await asyncio.gather(
        _socket(f"ws://127.0.0.1:{survivor}/ws/{table_id}", token),
        _socket(f"{w.ws_base}/ws/{table_id}", token),
    )
    for fate, detail in fates:
        assert fate != "refused", f"a handshake refused with HTTP {detail}"
        assert fate == "served" or detail == 1013, (fate, detail)
    await until(lambda: anna.actions() > before, 30, "the next move")
    pause = time.monotonic() - killed
    assert pause < 10, f"the game stalled {pause:.1f} s"
    await asyncio.wait_for(playing, 180)
    assert anna.refused == []


async def _held_by_a_ghost(w: Workers) -> None:
    """A table whose lease names a process that never answers and keeps it: told to retry."""
    with httpx.Client(timeout=20) as http:
        r = http.post(f"{w.base}/api/play", json={"level": "simple"})
        assert r.status_code == 200, r.text
        table_id, token = r.json()["table_id"], r.json()["token"]
        engine = create_engine(w.db_url)
        try:
            with engine.begin() as conn:
                conn.execute(
                    update(lease_table)
                    .where(lease_table.c.table_id == table_id)
                    .values(owner="ghost", expires=time.time() + 600)
                )
        finally:
            engine.dispose()
        # its holder renews its leases (every RENEW_SECONDS, in a thread: later on a loaded
        # machine), finds this one gone and lets the table go; three renewals' time is plenty
        await asyncio.sleep(3 * RENEW_SECONDS)
        started = time.monotonic()
        errors: list[str] = []
        fate, code = await _socket(f"{w.ws_base}/ws/{table_id}", token, errors)
        assert (fate, code, errors) == ("closed", 1013, ["table_moved"])
        assert time.monotonic() - started >= HOLD_SECONDS - 0.1
        r = http.get(f"{w.base}/api/tables/{table_id}", headers={"Accept-Language": "it"})
        assert r.status_code == 503 and r.json()["code"] == "table_moved", r.text
        assert r.headers["retry-after"] == "1"


def test_a_socket_to_a_killed_holders_table_is_served_or_told_to_retry(tmp_path: Path) -> None:
    if missing := missing_programs():
        pytest.fail(f"{' and '.join(missing)} not installed: run scripts/install-system-deps.sh")
    w = Workers(2, f"sqlite:///{tmp_path / 'f.db'}", tmp_path / "f.log", "--log-level", "warning")
    try:
        w.wait_ready()
        asyncio.run(_after_a_kill(w))
        asyncio.run(_held_by_a_ghost(w))
    finally:
        w.stop()
    assert "Traceback" not in (tmp_path / "f.log").read_text()
