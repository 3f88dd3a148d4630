"""Quick match across processes (issue 37, part 7): two ``briscola serve`` processes on one
database and one Redis (started here: Debian's ``redis-server``, scripts/install-system-deps.sh;
without it the test fails, saying so). Two people, each with a lobby socket on another process,
are seated together; each one's seat URL (its token minted by its own process) opens the table's
socket; the seats are linked to the players; the lobby's numbers are the sum of both processes;
no seat token reaches either process's log."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.store import Storage
from briscola.tools.bench.serve_process import ServeProcess

pytestmark = pytest.mark.server


async def _next(ws: Any, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind:
                return dict(message)


async def _numbers(ws: Any, online: int) -> dict[str, Any]:
    while True:
        message = await _next(ws, "lobby")
        if message["online"] == online:
            return message


async def _guest(server: ServeProcess, name: str) -> tuple[str, str]:
    async with httpx.AsyncClient(base_url=server.base) as http:
        r = await http.post("/api/players/guest", json={"name": name, "avatar": "🦊"})
        assert r.status_code == 200, r.text
        return str(r.json()["id"]), str(r.cookies[COOKIE])


async def _two_people(servers: list[ServeProcess]) -> list[tuple[str, dict[str, Any]]]:
    people = [await _guest(s, name) for s, name in zip(servers, ("Anna", "Bruno"), strict=True)]
    sockets = [
        await websockets.connect(
            f"{s.ws_base}/ws/lobby", additional_headers={"Cookie": f"{COOKIE}={c}"}
        )
        for s, (_, c) in zip(servers, people, strict=True)
    ]
    try:
        for ws in sockets:  # each process counts the other's socket too
            await _numbers(ws, online=2)
        for ws in sockets:
            await ws.send(json.dumps({"type": "seek", "game": "classic"}))
            await _next(ws, "seeking")
        matched = [await _next(ws, "matched") for ws in sockets]
    finally:
        for ws in sockets:
            await ws.close()
    for server, m in zip(servers, matched, strict=True):  # each seat opens at its process
        async with websockets.connect(f"{server.ws_base}/ws/{m['table_id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": m["url"].split("#token=")[1]}))
            state = await _next(ws, "state")
            assert state["seat"] == m["seat"]
    return [(pid, m) for (pid, _), m in zip(people, matched, strict=True)]


def test_two_people_on_two_processes_are_seated_together(tmp_path: Path, redis_url: str) -> None:
    env = {"BRISCOLA_REDIS": redis_url, "BRISCOLA_BOT_WORKERS": "0"}
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    servers = [ServeProcess(["--db", db], tmp_path / f"{name}.log", env) for name in "ab"]
    try:
        for server in servers:
            server.wait_ready(60)
        seated = asyncio.run(_two_people(servers))
    finally:
        for server in servers:
            server.stop()
    (anna, a), (bruno, b) = seated
    assert a["table_id"] == b["table_id"] and {a["seat"], b["seat"]} == {0, 1}
    storage = Storage(db)
    try:
        accounts = Accounts(storage.engine)
        assert accounts.seats(anna) == [(a["table_id"], a["seat"])]
        assert accounts.seats(bruno) == [(b["table_id"], b["seat"])]
    finally:
        storage.close()
    logs = "".join(s.log.read_text(errors="replace") for s in servers)
    for m in (a, b):
        assert m["url"].split("#token=")[1] not in logs
