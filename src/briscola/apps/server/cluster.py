"""Several server processes sharing the tables, a part the Room knows nothing about.

``briscola serve --workers N`` (:mod:`.workers`) puts nginx in front of N processes, which sends
every request and socket naming a table (:data:`TABLE_PATH`) to one process by a consistent hash
of the table's id; nothing of a connection ever crosses to another process. Here, in each
process, what remains to share:

- **Who plays a table**: the process holding its *lease*, a row of ``briscola_leases`` (table id,
  owner, expiry; :class:`Leases`). A process takes it when it makes or loads the table, renews
  all its leases every :data:`RENEW_SECONDS` with one statement, and releases one when the room
  leaves memory (:class:`~.rooms.Rooms` is given them, :func:`process_leases`, and calls
  :meth:`Leases.take` and :meth:`Leases.release`, nothing else; it imports nothing of here). A
  process killed renews nothing: its leases expire :data:`LEASE_SECONDS` after the last renewal.
  Expiries are wall-clock times: the machines' clocks must agree (NTP).
- **Moving a table** to the process nginx sends its people to (the request that made it reached
  another one; nginx's choice changed as a process died or came back): before the app serves a
  table's request or socket (:class:`ClusterMiddleware`), :meth:`Cluster.hold` asks the live
  holder, over Redis pub/sub, to hand it over (its room lets go, everything being stored before
  it is shown, and closes its sockets with 1012 so that they come back through nginx), or waits
  for a dead holder's lease to expire; the table then loads here from storage. A connection not
  served within :data:`HOLD_SECONDS` is told to try again: a socket is accepted and closed with
  1013, a request gets 503 ``table_moved``.

Redis rather than PostgreSQL's LISTEN/NOTIFY: SQLite, the default database, has none, and
``--workers N`` with SQLite on one machine is the common case. Only a table's id, a process's
name and a request id cross it. Enabled when the ``redis`` setting names a Redis; what this
part reads of the settings (``redis``, ``process``, ``supervisor``) it reads from the one
:class:`~.settings.Settings`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis
import sqlalchemy as sa
from starlette.requests import Request
from starlette.websockets import WebSocket

from briscola.apps.server.errors import API_PREFIX, request_lang, word
from briscola.apps.server.limits import TableElsewhere
from briscola.apps.server.protocol import refuse_full
from briscola.apps.server.settings import Settings

if TYPE_CHECKING:  # the cluster calls the rooms, given to it
    from briscola.apps.server.rooms import Rooms

__all__ = ["HOLD_SECONDS", "LEASE_SECONDS", "RENEW_SECONDS", "TABLE_PATH", "Cluster"]
__all__ += ["ClusterMiddleware", "Leases", "TableElsewhere", "lease_table", "process_leases"]

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

TABLE_PATH = re.compile(
    r"^/(?:api/tables|ws|table|join|review|watch)/(?!lobby(?:/|$))([^/]{1,100})"
)
"""The paths that concern one table (its id in the first group): served by the table's holder.
``/ws/lobby``, the quick match's socket, is none (any process serves it; :mod:`.lobby`).
nginx's configuration (:data:`.workers.TABLE_MAP`) hashes the same id."""

LEASE_SECONDS = 1.25
"""How long a lease lasts after its last renewal: a dead holder's tables are free after it."""

RENEW_SECONDS = 0.5
"""How often a process renews its leases: a renewal may come 0.75 s late before a lease
expires. One costs about 1 ms of CPU in a server process (docs/operations.md)."""

HOLD_SECONDS = LEASE_SECONDS + 1.0
"""How long a connection waits for its table before it is told to try again."""

POLL_SECONDS = 0.05
"""How often a waiting connection looks at the table's lease again."""


lease_table = sa.Table(
    "briscola_leases",
    sa.MetaData(),
    sa.Column("table_id", sa.String(100), primary_key=True),
    sa.Column("owner", sa.String(100), nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)
"""One row per table held by a process (made by the migrations); past ``expires``, nobody's."""


class Leases:
    """This process's leases (``owner``: its name, unique among the processes).

    >>> from sqlalchemy import create_engine
    >>> engine = create_engine("sqlite://")
    >>> lease_table.metadata.create_all(engine)
    >>> now = [100.0]
    >>> a = Leases(engine, "a", clock=lambda: now[0])
    >>> b = Leases(engine, "b", clock=lambda: now[0])
    >>> a.take("t1"), b.take("t1"), a.take("t1"), b.take("t2")
    (True, False, True, True)
    >>> b.owner_of("t1"), sorted(b.renew())
    ('a', ['t2'])
    >>> now[0] += LEASE_SECONDS + 1  # a stopped renewing: its lease expired
    >>> b.owner_of("t1") is None, b.take("t1"), a.renew()
    (True, True, set())
    >>> b.release("t1"); a.owner_of("t1") is None
    True
    """

    def __init__(self, engine: sa.Engine, owner: str, clock: Callable[[], float] = time.time):
        self.engine, self.owner, self._clock = engine, owner, clock

    def take(self, table_id: str) -> bool:
        """Take (or keep) the lease of ``table_id``: True when this process holds it now (an
        UPDATE of a lease that is this process's or expired, else an INSERT that the primary key
        lets only one process make)."""
        now, t = self._clock(), lease_table.c
        free = sa.and_(t.table_id == table_id, sa.or_(t.owner == self.owner, t.expires < now))
        mine = {"owner": self.owner, "expires": now + LEASE_SECONDS}
        with self.engine.begin() as conn:
            if conn.execute(sa.update(lease_table).where(free).values(mine)).rowcount == 1:
                return True
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.insert(lease_table).values(table_id=table_id, **mine))
        except sa.exc.IntegrityError:  # another process holds it (or took it a moment ago)
            return False
        return True

    def owner_of(self, table_id: str) -> str | None:
        """The process holding ``table_id``'s lease now, or None (nobody, or it expired)."""
        t = lease_table.c
        query = sa.select(t.owner).where(
            sa.and_(t.table_id == table_id, t.expires >= self._clock())
        )
        with self.engine.connect() as conn:
            return conn.execute(query).scalar_one_or_none()

    def renew(self) -> set[str]:
        """Renew every lease of this process with one statement, whatever their number: the
        tables it holds. One of its rooms missing from them was taken by another process (this
        one stalled past its lease)."""
        t = lease_table.c
        mine = sa.update(lease_table).where(t.owner == self.owner)
        renewed = mine.values(expires=self._clock() + LEASE_SECONDS).returning(t.table_id)
        with self.engine.begin() as conn:
            return set(conn.execute(renewed).scalars())

    def release(self, table_id: str | None = None) -> None:
        """Give up ``table_id``'s lease (its room left memory; None: every lease, the process
        stops): any process may take it."""
        t = lease_table.c
        which = t.owner == self.owner if table_id is None else t.table_id == table_id
        with self.engine.begin() as conn:
            conn.execute(sa.delete(lease_table).where(sa.and_(which, t.owner == self.owner)))


def _channel(process: str) -> str:
    return f"briscola:process:{process}"


class Cluster:
    """This process among the others: its leases, renewed, and its Redis channel of handoffs.
    :meth:`health` counts the tables it took over (handed over, or their holder died), the
    ones it handed over, and the connections it told to try again."""

    def __init__(self, redis_url: str, leases: Leases, rooms: Rooms) -> None:
        self.leases, self.rooms, self.me = leases, rooms, leases.owner
        self.redis = aioredis.from_url(redis_url)
        self.pubsub = self.redis.pubsub()
        self.counts = dict.fromkeys(("taken_over", "handed_over", "told_to_retry"), 0)
        self._answers: dict[str, asyncio.Future[bool]] = {}  # its handoffs asked, by id
        self._tasks: set[asyncio.Task[None]] = set()

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        """Listen on this process's channel, keep the leases renewed."""
        await self.pubsub.subscribe(_channel(self.me))
        self._spawn(self._listen())
        self._spawn(self._renew())
        log.info("process %s: sharing tables with the others through Redis", self.me)

    async def close(self) -> None:
        """Stop: give up the leases, leave Redis."""
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.leases.release()
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
            await self.redis.aclose()

    def health(self) -> dict[str, Any]:
        """What ``/healthz`` says of the cluster: this process's name and its counts."""
        return {"process": self.me, **self.counts}

    async def _renew(self) -> None:
        """Every :data:`RENEW_SECONDS`, renew the leases in a thread (the event loop goes on);
        a room whose lease another process took leaves, its sockets told 1012."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                ids = self.rooms.table_ids()
                held = await asyncio.to_thread(self.leases.renew)
                for table_id in set(ids) - held:
                    log.warning("table %s: another process took it over; its room leaves", table_id)
                    await self.rooms.lose(table_id)
            except Exception:
                log.exception("process %s: renewing its leases failed", self.me)

    def _holder(self, table_id: str) -> str | None:
        """The other process holding ``table_id`` now, or None (this one, or nobody)."""
        if table_id in self.rooms.table_ids():
            return None
        owner = self.leases.owner_of(table_id)
        return None if owner == self.me else owner

    async def hold(self, table_id: str) -> bool:
        """Make this process the one to serve ``table_id``: True at once when no other process
        holds it, else once its holder handed it over (a live one answers within milliseconds)
        or its lease expired (a dead one); False after :data:`HOLD_SECONDS`."""
        loop = asyncio.get_running_loop()
        deadline, rid = loop.time() + HOLD_SECONDS, secrets.token_hex(8)
        answer = self._answers[rid] = loop.create_future()
        asked: str | None = None
        took = False
        try:
            while (owner := self._holder(table_id)) is not None:
                if loop.time() > deadline:
                    self.counts["told_to_retry"] += 1
                    return False
                if owner != asked:
                    asked, took = owner, True
                    await self._publish(owner, {"id": rid, "from": self.me, "table": table_id})
                if (await asyncio.wait([answer], timeout=POLL_SECONDS))[0]:
                    asked = None  # yes: its lease is free now; no: ask again in a moment
                    if not answer.result():
                        await asyncio.sleep(POLL_SECONDS)
                    answer = self._answers[rid] = loop.create_future()
        finally:
            del self._answers[rid]
        self.counts["taken_over"] += took
        return True

    async def _publish(self, process: str, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # Redis gone: the leases' expiry decides
            await self.redis.publish(_channel(process), json.dumps(message))

    async def _listen(self) -> None:
        """Handoffs asked of this process (``table``) and answers to its own (``ok``); after an
        error (Redis gone), again a second later (the leases' expiry decides meanwhile)."""
        while True:
            try:
                async for item in self.pubsub.listen():
                    if item.get("type") != "message":
                        continue
                    message = json.loads(item["data"])
                    if "table" in message:
                        self._spawn(self._hand_over(message))
                    elif (answer := self._answers.get(message["id"])) and not answer.done():
                        answer.set_result(bool(message["ok"]))
            except Exception as exc:  # its traceback would say nothing more
                log.warning("process %s: no handoffs over Redis a second: %r", self.me, exc)
            await asyncio.sleep(1.0)

    async def _hand_over(self, message: dict[str, Any]) -> None:
        """Let the table go to the process that asks (its room leaves memory, its sockets told
        1012), unless it is an unattended match being played out here; answer either way."""
        table_id, handed = str(message["table"]), False
        try:
            handed = await self.rooms.hand_over(table_id)
        except Exception:
            log.exception("table %s: handing it over failed", table_id)
        self.counts["handed_over"] += handed
        await self._publish(str(message["from"]), {"id": message["id"], "ok": handed})


async def _try_again(scope: Scope, receive: Receive, send: Send) -> None:
    """Tell a client whose table did not free in time to try again, in its language: a socket
    is accepted, sent the error ``table_moved`` and closed with 1013 (closed before accepting,
    it would reach the client as HTTP 403, read as a bad token), a request gets 503."""
    if scope["type"] == "websocket":
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        lang = request_lang(ws.headers, ws.query_params.get("lang"))
        await refuse_full(ws, TableElsewhere(), lang)
        return
    request = Request(scope)
    lang = request_lang(request.headers, request.query_params.get("lang"))
    said = word("table_moved", str(TableElsewhere()), lang, prefix=API_PREFIX)
    body = json.dumps({"code": "table_moved", "message": said}).encode()
    headers = [(b"content-type", b"application/json"), (b"retry-after", b"1")]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class ClusterMiddleware:
    """Makes this process the table's holder before the app serves a request or socket naming
    a table (:meth:`Cluster.hold`)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], cluster: Cluster):
        self.app, self.cluster = app, cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            found = TABLE_PATH.match(scope.get("path", ""))
            if found is not None and not await self.cluster.hold(found.group(1)):
                return await _try_again(scope, receive, send)
        await self.app(scope, receive, send)


def process_leases(settings: Settings, engine: sa.Engine) -> Leases | None:
    """This process's leases when the settings name a Redis (several processes), else None
    (one process: no leases, no Redis). Its name: the ``process`` setting (the ``--workers``
    parent names each process), else made of host, pid and chance (unique among them)."""
    if not settings.redis:
        return None
    name = settings.process or f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"
    return Leases(engine, name)
