"""Several server processes serving the same tables: a table is played by the process holding its
lease (:mod:`.leases`); a request or socket for it that reaches another process is tunnelled to
the owner through Redis pub/sub, unless the table can follow its people.

**The table follows its players.** A socket for a table that another process owns asks the owner
to hand the table over first (:meth:`Cluster.take_over`): when nobody is connected to it there (the
usual case: the kernel gave the HTTP request that created the table to one process and the
socket to the other), the owner lets the room go (everything is stored before it is shown, so
nothing is pending; its tasks are stopped and its lease released) and answers yes; this process
takes the lease and loads the table from storage, and serves the socket as its own. The tunnel
stays for the real exception, people of one table on two processes (and for HTTP requests).

The tunnel works on ASGI messages: the process that received the connection (the relay)
publishes its scope and each message the client sends to the owner's channel; the owner runs the
app on them as on a local connection (the hello, the token check, the room, the limits) and
publishes each message the app sends back to the relay's channel. So the owner sends each seat
only that seat's own view, as it does to its own sockets: no full state is ever published, and
a relay never computes a view. When the owner dies (its liveness key in Redis expires after
:data:`~briscola.apps.server.leases.LEASE_SECONDS`), the relay closes its sockets with 1012
(service restart) and answers a pending request 503; the clients reconnect, and the process they
reach takes the expired lease and loads the table from storage, where everything acknowledged
is.

Why Redis and not PostgreSQL's LISTEN/NOTIFY: SQLite, the default database, has no notifications
at all, and ``--workers N`` on one machine with SQLite is the common case; NOTIFY payloads are
limited to 8,000 bytes and go through the database's own transaction machinery, which the moves
already load. Redis is started by ``briscola serve --workers N`` itself (:mod:`.workers`).

Enabled when ``$BRISCOLA_REDIS`` names a Redis server (``redis://host:port/0``).
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

from briscola.apps.server.leases import LEASE_SECONDS, RENEW_SECONDS, Leases
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.wire import decode, dumps, encode
from briscola.apps.server.wording import API_PREFIX, request_lang, word

__all__ = ["TABLE_PATH", "Cluster", "ClusterMiddleware", "cluster_from_env"]

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TABLE_PATH = re.compile(r"^/(?:api/tables|ws|table|join|review|watch)/([^/]{1,100})")
"""The paths that concern one table (its id in the first group): served by the table's owner."""

SERVICE_RESTART = 1012
"""The WebSocket close code a relay uses when the owner of its table died: reconnect."""

HANDOFF_SECONDS = 3.0
"""How long a process waits for an owner's answer to a handoff before it tunnels instead."""

TUNNELLED = "briscola.tunnelled"
"""The scope key of a connection run for a relay: the owner serves it here, whatever the lease."""

_SCOPE_KEYS = (
    "type",
    "asgi",
    "http_version",
    "method",
    "scheme",
    "path",
    "raw_path",
    "query_string",
    "root_path",
    "headers",
    "client",
    "server",
    "subprotocols",
)


_COUNTS = (
    "relayed",
    "served_for_relays",
    "taken_over",
    "handed_over",
    "kept_by_owner",
    "handoff_timeouts",
)
"""What a process counts: connections it relayed to an owner, connections it served for a
relay, tables it took over from another process and handed over to one, handoffs refused (or
whose lease a third process took first), and owners that did not answer in time."""


def _channel(process: str) -> str:
    return f"briscola:process:{process}"


def _alive_key(process: str) -> str:
    return f"briscola:alive:{process}"


def _disconnect(kind: str) -> Message:
    if kind == "websocket":
        return {"type": "websocket.disconnect", "code": 1006}
    return {"type": "http.disconnect"}


class _Outbound:
    """A connection this process relays to a table's owner."""

    def __init__(self, owner: str, kind: str) -> None:
        self.owner = owner
        self.kind = kind
        self.replies: asyncio.Queue[Message | None] = asyncio.Queue()  # None: it ended
        self.owner_died = False


class _Inbound:
    """A connection this process serves for a relay."""

    def __init__(self, relay: str, kind: str) -> None:
        self.relay = relay
        self.kind = kind
        self.messages: asyncio.Queue[Message] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None


class Cluster:
    """This process among the others: its leases, its Redis channel, its tunnels."""

    def __init__(self, redis_url: str, leases: Leases, rooms: Rooms) -> None:
        self.redis_url = redis_url
        self.leases = leases
        self.rooms = rooms
        self.me = leases.owner
        self.app: ASGIApp | None = None  # the whole app, for the connections run for relays
        self._redis: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._outbound: dict[str, _Outbound] = {}
        self._inbound: dict[str, _Inbound] = {}
        self._handoffs: dict[str, asyncio.Future[bool]] = {}  # asked of owners, by request id
        self._handing: set[asyncio.Task[None]] = set()  # handoffs asked of this process
        self.counts = dict.fromkeys(_COUNTS, 0)

    # -- life -------------------------------------------------------------------------------
    async def start(self) -> None:
        """Connect to Redis, listen on this process's channel, keep the leases and the
        liveness key renewed."""
        self._redis = aioredis.from_url(self.redis_url)
        await self._redis.set(_alive_key(self.me), "1", px=int(LEASE_SECONDS * 1000))
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(_channel(self.me))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._keep_alive())]
        log.info("process %s: serving tables with the others through %s", self.me, "Redis")

    async def close(self) -> None:
        """Stop: end the tunnels, give up the leases, leave Redis."""
        for task in [*self._tasks, *self._handing]:
            task.cancel()
        for conn in list(self._inbound.values()):
            if conn.task is not None:
                conn.task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for out in self._outbound.values():
            out.owner_died = True
            out.replies.put_nowait(None)
        self.leases.release_all()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.delete(_alive_key(self.me))
                await self._pubsub.aclose()
                await self._redis.aclose()

    async def _publish(self, process: str, message: dict[str, Any]) -> None:
        assert self._redis is not None, "the cluster is not started"
        await self._redis.publish(_channel(process), dumps(message))

    async def _keep_alive(self) -> None:
        """Every :data:`RENEW_SECONDS`: the liveness key, the leases of the rooms in memory (a
        room whose lease another process took leaves), and the peers' liveness."""
        assert self._redis is not None
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self._redis.set(_alive_key(self.me), "1", px=int(LEASE_SECONDS * 1000))
                ids = self.rooms.table_ids()
                lost = set(ids) - self.leases.renew(ids)
                for table_id in lost:
                    log.warning("table %s: another process took it over; its room leaves", table_id)
                    await self.rooms.lose(table_id)
                await self._check_peers()
            except Exception:
                log.exception("process %s: renewing its leases failed", self.me)

    async def _check_peers(self) -> None:
        """End the tunnels whose other end's process died."""
        assert self._redis is not None
        peers = {c.owner for c in self._outbound.values()} | {
            c.relay for c in self._inbound.values()
        }
        if not peers:
            return
        order = sorted(peers)
        alive = await self._redis.mget([_alive_key(p) for p in order])
        dead = {p for p, flag in zip(order, alive, strict=True) if flag is None}
        for out in self._outbound.values():
            if out.owner in dead and not out.owner_died:
                out.owner_died = True
                out.replies.put_nowait(None)
        for conn in self._inbound.values():
            if conn.relay in dead:
                conn.messages.put_nowait(_disconnect(conn.kind))

    def health(self) -> dict[str, Any]:
        """What ``/healthz`` says of the cluster: this process's id, its tunnels open now, and
        what it counted since it started (:data:`_COUNTS`)."""
        return {"process": self.me, "relayed_now": len(self._outbound), **self.counts}

    # -- owners -----------------------------------------------------------------------------
    def owner_elsewhere(self, table_id: str) -> str | None:
        """The other process that holds ``table_id`` now, or None (this one, or nobody)."""
        if table_id in self.rooms.table_ids():
            return None
        owner = self.leases.owner_of(table_id)
        return owner if owner is not None and owner != self.me else None

    # -- the channel ------------------------------------------------------------------------
    async def _listen(self) -> None:
        async for item in self._pubsub.listen():
            if item.get("type") != "message":
                continue
            try:
                self._dispatch(json.loads(item["data"]))
            except Exception:
                log.exception("process %s: a tunnel message failed", self.me)

    def _dispatch(self, message: dict[str, Any]) -> None:
        op, cid = message["op"], message["conn"]
        if op == "open":
            self._open(cid, message["from"], decode(message["scope"]))
        elif op == "in" and cid in self._inbound:
            self._inbound[cid].messages.put_nowait(decode(message["msg"]))
        elif op == "out" and cid in self._outbound:
            self._outbound[cid].replies.put_nowait(decode(message["msg"]))
        elif op == "end" and cid in self._outbound:
            self._outbound[cid].replies.put_nowait(None)
        elif op == "handoff":
            task = asyncio.get_running_loop().create_task(self._hand_over(cid, message))
            self._handing.add(task)
            task.add_done_callback(self._handing.discard)
        elif op == "handed" and cid in self._handoffs and not self._handoffs[cid].done():
            self._handoffs[cid].set_result(bool(message["ok"]))

    def _open(self, cid: str, relay: str, scope: Scope) -> None:
        """Serve a relay's connection here."""
        conn = _Inbound(relay, scope["type"])
        self._inbound[cid] = conn
        self.counts["served_for_relays"] += 1
        conn.task = asyncio.get_running_loop().create_task(self._serve(cid, conn, scope))

    async def _serve(self, cid: str, conn: _Inbound, scope: Scope) -> None:
        assert self.app is not None, "the cluster has no app"

        async def send(message: Message) -> None:
            await self._publish(conn.relay, {"op": "out", "conn": cid, "msg": encode(message)})

        scope[TUNNELLED] = True
        if isinstance(scope.get("client"), list):
            scope["client"] = tuple(scope["client"])
        try:
            await self.app(scope, conn.messages.get, send)
        except Exception:
            log.exception("process %s: a connection run for %s failed", self.me, conn.relay)
        finally:
            self._inbound.pop(cid, None)
            with contextlib.suppress(Exception):
                await self._publish(conn.relay, {"op": "end", "conn": cid})

    # -- handoffs --------------------------------------------------------------------------
    async def take_over(self, owner: str, table_id: str) -> bool:
        """Ask ``owner`` to hand ``table_id`` over to this process, which holds a socket of its
        people: True when this process holds its lease now (the next look-up loads it here),
        False when the owner keeps it (people connected there), is dead, or does not answer
        within :data:`HANDOFF_SECONDS` (then the socket is tunnelled)."""
        assert self._redis is not None, "the cluster is not started"
        if not await self._redis.exists(_alive_key(owner)):
            return False  # a dead owner: the tunnel tells the client to try again
        cid = secrets.token_hex(8)
        answer = asyncio.get_running_loop().create_future()
        self._handoffs[cid] = answer
        request = {"op": "handoff", "conn": cid, "from": self.me, "table": table_id}
        try:
            await self._publish(owner, request)
            handed = await asyncio.wait_for(answer, HANDOFF_SECONDS)
        except TimeoutError:
            self.counts["handoff_timeouts"] += 1
            return False
        finally:
            self._handoffs.pop(cid, None)
        if handed and self.leases.take(table_id):
            self.counts["taken_over"] += 1
            log.debug("table %s: taken over from %s", table_id, owner)
            return True
        self.counts["kept_by_owner"] += 1
        return False

    async def _hand_over(self, cid: str, message: dict[str, Any]) -> None:
        """Answer another process's handoff request: the room let go (yes), or kept (no)."""
        table_id = str(message["table"])
        try:
            handed = await self.rooms.hand_over(table_id)
        except Exception:
            log.exception("table %s: handing it over to %s failed", table_id, message["from"])
            handed = False
        if handed:
            self.counts["handed_over"] += 1
        await self._publish(message["from"], {"op": "handed", "conn": cid, "ok": handed})

    # -- relays -----------------------------------------------------------------------------
    async def tunnel(self, owner: str, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve a connection by the table's owner: the client's messages go there, its replies
        come back here."""
        cid = secrets.token_hex(8)
        out = _Outbound(owner, scope["type"])
        self._outbound[cid] = out
        self.counts["relayed"] += 1
        shown = {k: scope[k] for k in _SCOPE_KEYS if k in scope}
        await self._publish(
            owner, {"op": "open", "conn": cid, "from": self.me, "scope": encode(shown)}
        )
        pump = asyncio.get_running_loop().create_task(self._pump(owner, cid, receive))
        started = False
        try:
            while (reply := await out.replies.get()) is not None:
                started = started or reply["type"] in ("websocket.accept", "http.response.start")
                await send(reply)
            if out.owner_died:
                await _owner_gone(scope, started, send)
        except Exception:  # the client went away
            log.debug("a client relayed to %s went away", owner)
        finally:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump
            self._outbound.pop(cid, None)

    async def _pump(self, owner: str, cid: str, receive: Receive) -> None:
        """The client's messages to the owner, until it disconnects."""
        while True:
            message = await receive()
            await self._publish(owner, {"op": "in", "conn": cid, "msg": encode(message)})
            if message["type"] in ("websocket.disconnect", "http.disconnect"):
                return


async def _owner_gone(scope: Scope, started: bool, send: Send) -> None:
    """Tell a relayed client that the table's owner died: reconnect (1012), or try again
    (503, in the language the request names: :mod:`.wording`)."""
    if scope["type"] == "websocket":
        if started:
            await send({"type": "websocket.close", "code": SERVICE_RESTART, "reason": "moved"})
        else:
            await send({"type": "websocket.close", "code": 1013, "reason": "try again"})
        return
    if started:
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
    """The ASGI middleware that sends a table's requests and sockets to the table's owner."""

    def __init__(self, app: ASGIApp, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve here, or tunnel to the owner of the table named in the path."""
        if scope["type"] in ("http", "websocket") and not scope.get(TUNNELLED):
            found = TABLE_PATH.match(scope.get("path", ""))
            owner = await self._owner(scope["type"], found.group(1)) if found else None
            if owner is not None:
                await self.cluster.tunnel(owner, scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def _owner(self, kind: str, table_id: str) -> str | None:
        """The other process that is to serve this connection, or None (this one): a socket
        asks the table's owner to hand it over first (the table follows its people)."""
        owner = self.cluster.owner_elsewhere(table_id)
        if owner is None or kind != "websocket":
            return owner
        if await self.cluster.take_over(owner, table_id):
            return None
        return self.cluster.owner_elsewhere(table_id)  # kept there, or taken by a third one


def process_id() -> str:
    """A name for this process, unique among the processes sharing a database."""
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"


def cluster_from_env(rooms: Rooms) -> Cluster | None:
    """The cluster this process belongs to when ``$BRISCOLA_REDIS`` is set, else None (one
    process: no leases, no Redis)."""
    url = os.environ.get("BRISCOLA_REDIS", "").strip()
    if not url:
        return None
    leases = Leases(rooms.storage.engine, process_id())
    rooms.leases = leases
    return Cluster(url, leases, rooms)
