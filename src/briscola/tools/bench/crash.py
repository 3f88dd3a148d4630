"""The crash test: real ``briscola serve`` processes killed with SIGKILL at random moments while
clients create tables (play now, and with friends: join, start), bid, play and ask for the next
deal; after each kill the database is checked (:mod:`.crash_check`), the server started again,
and the clients come back with their tokens, until every table's match is over.

Run it with ``python -m briscola.tools.bench.crash --kills 1000`` (``--db`` a PostgreSQL URL to
test that database; ``--exec`` to start each server from the ``briscola`` executable instead of
forking it from a warm launcher: see :mod:`.crash_server`). It prints the figures as JSON and
exits with status 1 when anything was lost or wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from briscola.tools.bench.crash_check import Acknowledged, Checker, Snapshot
from briscola.tools.bench.crash_server import Server, Servers

__all__ = ["CrashFigures", "main", "run_crash"]

PRESETS = ("classic", "classic", "three", "pairs", "chiamata")
MATCHES = ("single", "single", "single", "deals:2", "deals:2", "best-of:3")
SERVER_ENV = {
    "BRISCOLA_BOT_DELAY": "0",
    "BRISCOLA_TRICK_HOLD": "0",
    "BRISCOLA_HUMAN_TIMEOUT": "1",
    "BRISCOLA_BOT_WORKERS": "0",
}
"""Computer players without delay, thinking in the server's process; a seat whose token was
lost in a crash (its join was not acknowledged) is played by the computer after a second."""

KILL_AFTER = 16
"""A server is killed after a random number of client messages, from 1 to this."""

FINAL_SECONDS = 120.0
"""Seconds the last server (never killed) gives the tables left to finish their matches."""

_EXPECTED = frozenset({"not_your_turn", "between_deals", "deal_not_over"})
"""Errors a client may get in a race with the computer players; any other is a problem."""

_NETWORK_ERRORS = (OSError, httpx.HTTPError, WebSocketException, asyncio.TimeoutError)


@dataclass
class CrashFigures:
    """What a crash run did and found."""

    db: str
    kills: int = 0
    tables: int = 0
    finished: int = 0
    tables_checked: int = 0
    actions_replayed: int = 0
    actions_acknowledged: int = 0
    reconnects: int = 0
    losses: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    start_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True when nothing was lost or wrong and every table finished."""
        return not self.problems and self.losses == 0 and self.finished == self.tables


class Life:
    """One server's life: its address, the database as it was when it started, and when to
    kill it (after the ``kill_after``-th message a client sends, or at ``deadline``)."""

    def __init__(self, server: Server, snapshot: Snapshot, kill_after: int, seconds: float):
        self.base = server.base
        self.snapshot = snapshot
        self.kill_after = kill_after
        self.deadline = time.monotonic() + seconds
        self.sent = 0
        self.over = asyncio.Event()
        self.problems: list[str] = []
        self.http = httpx.AsyncClient(base_url=self.base, timeout=10)

    def count(self) -> None:
        """A client sent a request or a message: maybe the moment to kill."""
        self.sent += 1
        if self.sent >= self.kill_after:
            self.over.set()


class TableClient:
    """The people of one table: they create it, join, start and play it, across kills."""

    def __init__(self, rng: random.Random, number: int) -> None:
        self.rng = random.Random(rng.getrandbits(64))
        self.number = number
        self.friends = self.rng.random() < 0.5
        self.preset = self.rng.choice(PRESETS)
        self.match = self.rng.choice(MATCHES)
        self.humans = 1
        self.table_id: str | None = None
        self.invite = ""
        self.tokens: dict[int, str] = {}
        self.started = False
        self.over = False
        self.seen: dict[int, list[str]] = {}
        self.reconnects = 0
        self.last: dict[int, str] = {}  # each seat's last message received, in short
        self.waiting: dict[int, str] = {}  # what each seat's client was waiting for
        self.ended = ""  # how its clients' run on the last server ended

    def acknowledged(self) -> Acknowledged | None:
        """What this table's clients saw acknowledged, once the table exists."""
        if self.table_id is None:
            return None
        return Acknowledged(self.table_id, dict(self.tokens), self.started, dict(self.seen))

    async def run(self, life: Life) -> None:
        """Go on with the table on this server until it is killed or the match is over."""
        if self.table_id is None:
            await self._create(life.http, life)
        if self.friends and not self.started:
            await self._join_and_start(life.http, life)
        if not self.over:
            await asyncio.gather(*(self._seat(life, s, t) for s, t in self.tokens.items()))

    async def _post(self, http: httpx.AsyncClient, life: Life, url: str, body: Any) -> Any:
        life.count()
        r = await http.post(url, json=body)
        return r.status_code, r.json()

    async def _create(self, http: httpx.AsyncClient, life: Life) -> None:
        level = self.rng.choice(("random", "random", "simple"))
        common = {"preset": self.preset, "match": self.match, "lang": "it"}
        if not self.friends:
            status, body = await self._post(http, life, "/api/play", {**common, "level": level})
            self.started = status == 200
        else:
            n = {"classic": 2, "three": 3, "pairs": 4, "chiamata": 5}[self.preset]
            self.humans = self.rng.randint(1, min(n, 3))
            seats = ["human"] * self.humans + [f"bot:{level}"] * (n - self.humans)
            body_in = {**common, "seats": seats, "host_name": "Anna"}
            status, body = await self._post(http, life, "/api/tables", body_in)
            self.invite = body.get("invite_code", "")
        if status != 200:
            raise AssertionError(f"creating a table: {status} {body}")
        self.table_id, self.tokens[0] = body["table_id"], body["token"]

    async def _join_and_start(self, http: httpx.AsyncClient, life: Life) -> None:
        while len(self.tokens) < self.humans:
            url = f"/api/tables/{self.table_id}/join"
            status, body = await self._post(http, life, url, {"invite_code": self.invite})
            if status == 409:  # a join lost in a crash took the last seat: the computer plays it
                break
            if status != 200:
                raise AssertionError(f"joining: {status} {body}")
            self.tokens[body["seat"]] = body["token"]
        url = f"/api/tables/{self.table_id}/start"
        status, body = await self._post(
            http, life, url, {"token": self.tokens[0], "fill": "random"}
        )
        if status != 200 and body.get("code") != "already_started":
            raise AssertionError(f"starting: {status} {body}")
        self.started = True

    def report(self) -> str:
        """What each seat's client last received and was waiting for, and how its last run
        ended: what a table that did not finish says about itself."""
        seats = "; ".join(
            f"seat {s}: last got {self.last.get(s, 'nothing')}, waiting for "
            f"{self.waiting.get(s, 'nothing (never connected)')}"
            for s in sorted(self.tokens)
        )
        return f"{seats}; its run ended: {self.ended or 'cancelled at the end of the life'}"

    async def _seat(self, life: Life, seat: int, token: str) -> None:
        url = life.base.replace("http", "ws") + f"/ws/{self.table_id}"
        self.waiting[seat] = "its socket to open"
        async with connect(url, open_timeout=10, close_timeout=1) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            self.reconnects += 1
            self.waiting[seat] = "its first state after the hello"
            self.last[seat] = "nothing on this socket yet"
            first = True
            acted: set[tuple[int, int]] = set()
            asked: set[int] = set()
            while not self.over:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                except ConnectionClosed as exc:  # a kill drops the socket; a refusal closes it
                    if exc.rcvd is not None:
                        why = f"{exc.rcvd.code} {exc.rcvd.reason}"
                        life.problems.append(f"table {self.table_id}: seat {seat} closed: {why}")
                    self.waiting[seat] += f" (socket closed: {exc})"
                    raise
                except TimeoutError:
                    self.waiting[seat] += " (nothing came for 30 s: the client gave up)"
                    raise
                self.last[seat] = _summary(message)
                if message["type"] == "error" and message.get("code") not in _EXPECTED:
                    life.problems.append(f"table {self.table_id}: seat {seat} got {message}")
                if message["type"] != "state":
                    continue
                if first:
                    self._check_first(life, seat, message)
                    first = False
                await self._on_state(life, ws, seat, message, acted, asked)
                self.waiting[seat] = _awaited(message, seat, acted, asked)

    def _check_first(self, life: Life, seat: int, message: dict[str, Any]) -> None:
        """The first state after a restart is the table as stored: same deal, same actions (a
        computer player may have moved since), same hand when nothing moved."""
        assert self.table_id is not None
        stored = life.snapshot.last_deal(self.table_id)
        if stored is None or message["seat"] != seat:
            if message["seat"] != seat:
                life.problems.append(f"table {self.table_id}: seat {seat} got another seat")
            return
        deal, actions = stored
        seen = message["observation"]["actions"]
        if message["table"]["deal"] == deal and seen[: len(actions)] != actions:
            life.problems.append(f"table {self.table_id}: came back with other actions")
        if message["table"]["deal"] == deal and seen == actions:
            hand = life.snapshot.hand(self.table_id, seat)
            if hand is not None and hand != message["observation"]["hand"]:
                life.problems.append(f"table {self.table_id}: seat {seat} came back another hand")

    async def _on_state(
        self,
        life: Life,
        ws: ClientConnection,
        seat: int,
        message: dict[str, Any],
        acted: set[tuple[int, int]],
        asked: set[int],
    ) -> None:
        status, deal = message["table"]["status"], message["table"]["deal"]
        obs = message["observation"]
        if deal is not None and obs is not None:
            before = self.seen.get(deal, [])
            if obs["actions"][: len(before)] != before[: len(obs["actions"])]:
                life.problems.append(f"table {self.table_id}: deal {deal} changed its actions")
            if len(obs["actions"]) > len(before):
                self.seen[deal] = list(obs["actions"])
        if status == "over":
            self.over = True
        elif status == "deal_over" and deal not in asked:
            asked.add(deal)
            life.count()
            await ws.send(json.dumps({"type": "next_deal"}))
        elif (
            status == "playing" and obs["turn"] == seat and (deal, len(obs["actions"])) not in acted
        ):
            acted.add((deal, len(obs["actions"])))
            life.count()
            await ws.send(json.dumps({"type": "action", "action": self.rng.choice(obs["legal"])}))


def _summary(message: dict[str, Any]) -> str:
    """A message in short: its type, and a state's status, deal, turn and count of actions."""
    if message.get("type") != "state":
        return json.dumps(message)[:200]
    table, obs = message.get("table") or {}, message.get("observation") or {}
    seats = table.get("seats") or []
    people = ",".join(
        f"{i}:{s.get('kind')}{'/auto' if s.get('autoplay') else ''}"
        f"{'' if s.get('connected', True) else '/gone'}"
        for i, s in enumerate(seats)
        if isinstance(s, dict)
    )
    return (
        f"state (status {table.get('status')}, deal {table.get('deal')}, turn {obs.get('turn')}, "
        f"{len(obs.get('actions') or [])} actions, seats {people})"
    )


def _awaited(
    message: dict[str, Any], seat: int, acted: set[tuple[int, int]], asked: set[int]
) -> str:
    """What a seat's client waits for after a state message it handled."""
    status, deal = message["table"]["status"], message["table"]["deal"]
    obs = message["observation"] or {}
    if status == "over":
        return "nothing: the match is over"
    if status == "deal_over":
        return f"the next deal (it asked: {deal in asked})"
    if status != "playing":
        return f"the table to play (status {status})"
    turn, moves = obs.get("turn"), len(obs.get("actions") or [])
    if turn == seat:
        if (deal, moves) in acted:
            return f"the answer to its action at deal {deal}, move {moves}"
        return f"its own move at deal {deal}, move {moves} (not sent)"
    return f"seat {turn} to move at deal {deal}, move {moves}"


# -- the run -----------------------------------------------------------------------------------
async def _guarded(client: TableClient, life: Life) -> None:
    client.ended = ""
    try:
        await client.run(life)
    except _NETWORK_ERRORS as exc:
        client.ended = f"{type(exc).__name__}: {exc}"  # the server was killed under it, mostly
    except (AssertionError, KeyError, TypeError, ValueError) as exc:
        client.ended = f"{type(exc).__name__}: {exc}"
        life.problems.append(f"table {client.table_id}: {type(exc).__name__}: {exc}")
    else:
        client.ended = "the match is over" if client.over else "its clients returned"


def run_crash(
    db_url: str,
    kills: int,
    *,
    seed: int = 0,
    tables_at_once: int = 6,
    fork: bool = True,
    workdir: Path | None = None,
) -> CrashFigures:
    """Kill a server ``kills`` times while clients play (see the module's doc); the figures."""
    began = time.monotonic()
    rng = random.Random(seed)
    work = workdir or Path(tempfile.mkdtemp(prefix="briscola-crash-"))
    args = ["--log-level", "warning"]
    servers = Servers(db_url, work / "server.log", env=SERVER_ENV, args=args, fork=fork)
    engine = create_engine(db_url)
    checker = Checker()
    figures = CrashFigures(db=engine.dialect.name)
    clients: list[TableClient] = []
    try:
        server = servers.start()  # creates the schema
        servers.kill(server)
        snapshot = checker.check(engine, [])
        for number in range(kills + 1):
            last = number == kills
            active = [c for c in clients if not c.over]
            while not last and len(active) < tables_at_once:
                active.append(TableClient(rng, len(clients)))
                clients.append(active[-1])
            server = servers.start()
            life = Life(server, snapshot, 10**9 if last else rng.randint(1, KILL_AFTER), 3.0)
            if last:
                life.deadline += FINAL_SECONDS
            end = partial(servers.stop if last else servers.kill, server)
            asyncio.run(_run_life(clients, life, end, rng))
            figures.kills += not last
            figures.problems += life.problems
            acknowledged = [a for c in clients if (a := c.acknowledged()) is not None]
            snapshot = checker.check(engine, acknowledged)
    finally:
        servers.close()
        engine.dispose()
    figures.tables = sum(1 for c in clients if c.table_id is not None)
    figures.finished = sum(1 for c in clients if c.over)
    figures.problems += [
        f"table {c.table_id} ({c.preset}, {c.match}, {c.humans} humans, seats with a token "
        f"{sorted(c.tokens)}) did not finish: {c.report()}; {snapshot.describe(c.table_id)}"
        for c in clients
        if c.table_id is not None and not c.over
    ]
    figures.reconnects = sum(c.reconnects for c in clients)
    figures.tables_checked = checker.tables_checked
    figures.actions_replayed = checker.actions_replayed
    figures.actions_acknowledged = sum(len(s) for c in clients for s in c.seen.values())
    figures.losses = checker.losses
    figures.problems += checker.problems
    figures.seconds = round(time.monotonic() - began, 1)
    figures.start_seconds = round(servers.start_seconds / max(1, servers.starts), 3)
    return figures


async def _run_life(
    clients: list[TableClient], life: Life, end: Callable[[], None], rng: random.Random
) -> None:
    """One life of a server: the clients play until the kill moment (a few milliseconds after
    the chosen message, so that the server is in the middle of it), then ``end`` kills the
    server under them while everything is in flight."""
    tasks = [asyncio.create_task(_guarded(c, life)) for c in clients if not c.over]
    kill = asyncio.ensure_future(life.over.wait())
    pending: set[asyncio.Future[Any]] = {kill, *tasks}
    while not kill.done() and any(not t.done() for t in tasks):
        timeout = life.deadline - time.monotonic()
        if timeout <= 0:
            break
        _, pending = await asyncio.wait(pending, timeout=timeout, return_when="FIRST_COMPLETED")
    if kill.done():
        await asyncio.sleep(rng.random() * 0.004)
    end()
    for t in (kill, *tasks):
        t.cancel()
    await asyncio.gather(kill, *tasks, return_exceptions=True)
    await life.http.aclose()


def main(argv: list[str] | None = None) -> int:
    """``python -m briscola.tools.bench.crash``: run, print the figures as JSON."""
    parser = argparse.ArgumentParser(prog="python -m briscola.tools.bench.crash")
    parser.add_argument("--kills", type=int, default=300, help="how many times to kill")
    parser.add_argument("--db", default="", help="a database URL (default a temporary SQLite)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", type=int, default=6, help="tables played at once")
    parser.add_argument("--exec", action="store_true", help="run the executable every time")
    opts = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="briscola-crash-"))
    db = opts.db or f"sqlite:///{work / 'crash.db'}"
    figures = run_crash(db, opts.kills, seed=opts.seed, tables_at_once=opts.tables,
                        fork=not opts.exec, workdir=work)  # fmt: skip
    print(json.dumps({**asdict(figures), "ok": figures.ok}, indent=2))
    return 0 if figures.ok else 1


if __name__ == "__main__":
    sys.exit(main())
