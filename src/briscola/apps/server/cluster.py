"""Several server processes serving the same tables: a table is played by the process holding its
lease (:mod:`.leases`), and the reverse proxy in front of them (nginx, written and started by
``briscola serve --workers N``: :mod:`.workers`) sends every request and socket naming a table
to one process, by a consistent hash of the table's id (:data:`TABLE_PATH`).

So a process serves only what reaches it: nothing of a connection ever crosses to another
process. What crosses, over Redis pub/sub, is a table's id and a process's name: when a table's
request reaches a process while another live process holds the table (the request that created
it landed elsewhere, the proxy's choice changed as a process died or came back), this one asks
the holder to hand the table over (:meth:`Cluster.hold`); the holder lets its room go
(everything is stored before it is shown), closes its sockets with 1012 so that they come back
through the proxy, and answers; this process takes the lease and loads the table from storage.
A holder that died answers nothing: its lease expires within :data:`~.leases.LEASE_SECONDS`
and the table is taken then. A connection that cannot be served within :data:`HOLD_SECONDS`
is answered as documented, never refused at the handshake: a socket is accepted and closed
with 1013 (try again), a request gets 503 ``table_moved``.

Why Redis and not PostgreSQL's LISTEN/NOTIFY: SQLite, the default database, has no
notifications, and ``--workers N`` on one machine with SQLite is the common case. The Redis
started by ``briscola serve --workers N`` requires a password it makes (:mod:`.workers`).

Enabled when ``$BRISCOLA_REDIS`` names a Redis server (``redis://:password@host:port/0``, or
``rediss://`` for TLS).
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
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import redis.asyncio as aioredis
from starlette.requests import Request
from starlette.websockets import WebSocket

from briscola.apps.server.errors import API_PREFIX, request_lang, word
from briscola.apps.server.leases import LEASE_SECONDS, RENEW_SECONDS, Leases, TableElsewhere
from briscola.apps.server.protocol import refuse_full
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.views import dumps

__all__ = ["HOLD_SECONDS", "PROCESS_ENV", "TABLE_PATH", "Cluster", "ClusterMiddleware"]
__all__ += ["cluster_from_env", "process_id"]

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TABLE_PATH = re.compile(r"^/(?:api/tables|ws|table|join|review|watch)/([^/]{1,100})")
"""The paths that concern one table (its id in the first group): served by the table's holder.
The proxy's configuration (:func:`~.workers.nginx_config`) hashes the same id."""

HOLD_SECONDS = LEASE_SECONDS + 1.0
"""How long a connection waits for its table (a holder's answer, a dead holder's lease to
expire) before it is told to try again."""

POLL_SECONDS = 0.05
"""How often a waiting connection looks at the table's lease again."""

PROCESS_ENV = "BRISCOLA_PROCESS"
"""A name the ``--workers`` parent gives each process (its lease rows carry it)."""

_COUNTS = ("taken_over", "handed_over", "told_to_retry")
"""What a process counts: tables it took from another process (that handed it over, or died),
tables it handed over to one, and connections told to try again (1013, 503) because their table
did not free in time."""


def _channel(process: str) -> str:
    return f"briscola:process:{process}"


class Cluster:
    """This process among the others: its leases and its Redis channel of handoffs."""

    def __init__(self, redis_url: str, leases: Leases, rooms: Rooms) -> None:
        self.redis_url = redis_url
        self.leases = leases
        self.rooms = rooms
        self.me = leases.owner
        self._redis: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._asked: dict[str, asyncio.Future[bool]] = {}  # handoffs asked, by request id
        self._handing: set[asyncio.Task[None]] = set()  # handoffs asked of this process
        self.counts = dict.fromkeys(_COUNTS, 0)

    # -- life -------------------------------------------------------------------------------
    async def start(self) -> None:
        """Connect to Redis, listen on this process's channel, keep the leases renewed."""
        self._redis = aioredis.from_url(self.redis_url)
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(_channel(self.me))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._renew())]
        log.info("process %s: sharing tables with the others through Redis", self.me)

    async def close(self) -> None:
        """Stop: give up the leases, leave Redis."""
        for task in [*self._tasks, *self._handing]:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.leases.release_all()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
                await self._redis.aclose()

    async def _publish(self, process: str, message: dict[str, Any]) -> None:
        assert self._redis is not None, "the cluster is not started"
        await self._redis.publish(_channel(process), dumps(message))

    async def _renew(self) -> None:
        """Every :data:`RENEW_SECONDS`: renew the leases of the rooms in memory, in a thread (a
        renewal of 1,000 leases on an SQLite file takes tens of milliseconds, which the event
        loop does not wait for); a room whose lease another process took (this one stalled past
        it) leaves, its sockets told 1012."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                ids = self.rooms.table_ids()
                held = await asyncio.to_thread(self.leases.renew, ids)  # the loop goes on
                for table_id in set(ids) - held:
                    log.warning("table %s: another process took it over; its room leaves", table_id)
                    await self.rooms.lose(table_id)
            except Exception:
                log.exception("process %s: renewing its leases failed", self.me)

    def health(self) -> dict[str, Any]:
        """What ``/healthz`` says of the cluster: this process's name and its counts."""
        return {"process": self.me, **self.counts}

    # -- holding a table --------------------------------------------------------------------
    def owner_elsewhere(self, table_id: str) -> str | None:
        """The other process that holds ``table_id`` now, or None (this one, or nobody)."""
        if table_id in self.rooms.table_ids():
            return None
        owner = self.leases.owner_of(table_id)
        return owner if owner is not None and owner != self.me else None

    async def hold(self, table_id: str) -> bool:
        """Make this process the one to serve ``table_id``: True at once when no other process
        holds it; else the holder is asked to hand it over (a live one answers within
        milliseconds; a dead one's lease expires), and True once its lease is free or taken
        here. False after :data:`HOLD_SECONDS` (the client is told to try again)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HOLD_SECONDS
        asked: str | None = None
        answer: asyncio.Future[bool] | None = None
        while (owner := self.owner_elsewhere(table_id)) is not None:
            if owner != asked:
                asked, answer = owner, await self._ask(owner, table_id)
            if loop.time() > deadline:
                self.counts["told_to_retry"] += 1
                return False
            assert answer is not None
            if answer.done():
                if answer.result() and self.leases.take(table_id):
                    self.counts["taken_over"] += 1
                    return True
                asked = None  # refused, or a third process took it first: ask again
                await asyncio.sleep(POLL_SECONDS)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(answer), POLL_SECONDS)
        if asked is not None:  # its holder let it go (or died): the lease is free now
            self.counts["taken_over"] += 1
        return True

    async def _ask(self, owner: str, table_id: str) -> asyncio.Future[bool]:
        """Ask ``owner`` to hand ``table_id`` over; the future of its answer (never set when
        the owner is dead: the lease frees instead)."""
        rid = secrets.token_hex(8)
        answer = asyncio.get_running_loop().create_future()
        self._asked[rid] = answer
        answer.add_done_callback(lambda _: self._asked.pop(rid, None))
        loop = asyncio.get_running_loop()
        loop.call_later(HOLD_SECONDS + 1, lambda: answer.done() or answer.cancel())
        with contextlib.suppress(Exception):  # Redis gone: the lease's expiry decides
            await self._publish(
                owner, {"op": "handoff", "id": rid, "from": self.me, "table": table_id}
            )
        return answer

    # -- the channel ------------------------------------------------------------------------
    async def _listen(self) -> None:
        async for item in self._pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                self._dispatch(json.loads(item["data"]))
            except Exception:
                log.exception("process %s: a message from another process failed", self.me)

    def _dispatch(self, message: dict[str, Any]) -> None:
        op, rid = message["op"], str(message["id"])
        if op == "handoff":
            task = asyncio.get_running_loop().create_task(self._hand_over(rid, message))
            self._handing.add(task)
            task.add_done_callback(self._handing.discard)
        elif op == "handed" and rid in self._asked and not self._asked[rid].done():
            self._asked[rid].set_result(bool(message["ok"]))

    async def _hand_over(self, rid: str, message: dict[str, Any]) -> None:
        """Answer another process's handoff request: the room let go, its sockets told to
        reconnect (yes), or kept (no: an unattended match being played out here)."""
        table_id, asker = str(message["table"]), str(message["from"])
        try:
            handed = await self.rooms.hand_over(table_id)
        except Exception:
            log.exception("table %s: handing it over to %s failed", table_id, asker)
            handed = False
        if handed:
            self.counts["handed_over"] += 1
        await self._publish(asker, {"op": "handed", "id": rid, "ok": handed})


async def _try_again(scope: Scope, receive: Receive, send: Send) -> None:
    """Tell a client whose table did not free in time to try again, in the language it names
    (:mod:`.errors`): a socket is accepted, sent the error ``table_moved`` and closed with
    1013 (a close before accepting reaches the client as HTTP 403, read as a bad token), a
    request gets 503 ``table_moved``."""
    if scope["type"] == "websocket":
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        await refuse_full(
            ws, TableElsewhere(), request_lang(ws.headers, ws.query_params.get("lang"))
        )
        return
    request = Request(scope)
    said = "the table is moving to another process: try again"
    lang = request_lang(request.headers, request.query_params.get("lang"))
    message = word("table_moved", said, lang, prefix=API_PREFIX)
    body = json.dumps({"code": "table_moved", "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"retry-after", b"1")]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class ClusterMiddleware:
    """The ASGI middleware that makes this process the table's holder before the app serves a
    request or socket naming a table."""

    def __init__(self, app: ASGIApp, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            found = TABLE_PATH.match(scope.get("path", ""))
            if found is not None and not await self.cluster.hold(found.group(1)):
                await _try_again(scope, receive, send)
                return
        await self.app(scope, receive, send)


def process_id() -> str:
    """A name for this process, unique among the processes sharing a database: the one its
    ``--workers`` parent gave it (``$BRISCOLA_PROCESS``), else made of host, pid and chance."""
    given = os.environ.get(PROCESS_ENV, "").strip()
    if given:
        return given[:100]
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"


def cluster_from_env(rooms: Rooms, redis_url: str | None = None) -> Cluster | None:
    """The cluster this process belongs to when a Redis is named (``redis_url``, else
    ``$BRISCOLA_REDIS``), else None (one process: no leases, no Redis)."""
    url = (redis_url or os.environ.get("BRISCOLA_REDIS", "")).strip()
    if not url:
        return None
    leases = Leases(rooms.storage.engine, process_id())
    rooms.leases = leases
    return Cluster(url, leases, rooms)
