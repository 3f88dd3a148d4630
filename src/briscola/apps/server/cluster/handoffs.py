"""Moving a table to the process nginx sends its people to (:class:`Cluster`, one a process),
over Redis pub/sub, and serving a table's connections only where it is held
(:class:`ClusterMiddleware`); see the package's documentation.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from briscola.apps.server.cluster.leases import LEASE_SECONDS, RENEW_SECONDS, Leases
from briscola.apps.server.errors import TableElsewhere, error_reply, request_lang
from briscola.apps.server.protocol import TRY_AGAIN_LATER, refuse
from briscola.apps.server.settings import Settings

if TYPE_CHECKING:  # the cluster calls the rooms, given to it
    from briscola.apps.server.room import Room
    from briscola.apps.server.rooms import Rooms

log = logging.getLogger(__name__)

TABLE_PATH = re.compile(
    r"^/(?:api/tables|ws|table|join|review|watch)/(?!lobby(?:/|$))([^/]{1,100})"
)
"""The paths that concern one table (its id in the first group): served by the table's holder.
``/ws/lobby``, the quick match's socket, is none (any process serves it:
:mod:`briscola.apps.server.lobby`). nginx's configuration (:data:`.workers.TABLE_MAP`) hashes
the same id."""

HOLD_SECONDS = LEASE_SECONDS + 1.0
"""How long a connection waits for its table before it is told to try again."""

POLL_SECONDS = 0.05
"""How often a waiting connection looks at the table's lease again."""


def _channel(process: str) -> str:
    return f"briscola:process:{process}"


class Cluster:
    """This process among the others: its leases, renewed, and its Redis channel of handoffs.
    :meth:`health` counts the tables it took over (handed over, or their holder died), the
    ones it handed over, and the connections it told to try again."""

    def __init__(self, settings: Settings, leases: Leases, rooms: Rooms) -> None:
        """This process's part, by the settings' ``redis`` (required)."""
        if not settings.redis:
            raise ValueError("several processes share their tables through a Redis: none named")
        self.leases, self.rooms, self.me = leases, rooms, leases.owner
        self.redis = aioredis.from_url(settings.redis)
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
        a room whose lease another process took (this one stalled past it) leaves
        (:func:`_moved`)."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                ids = self.rooms.table_ids()
                held = await asyncio.to_thread(self.leases.renew)
                for table_id in set(ids) - held:  # its room leaves at once, its flags not stored
                    log.warning("table %s: another process took it over; its room leaves", table_id)
                    room = self.rooms.loaded(table_id)
                    if room is not None and self.rooms.drop(room, keep_flags=False):
                        await _moved(room)
            except Exception:
                log.exception("process %s: renewing its leases failed", self.me)

    def _holder(self, table_id: str) -> str | None:
        """The other process holding ``table_id`` now, or None (this one, or nobody)."""
        if self.rooms.loaded(table_id) is not None:
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
            handed = await hand_over(self.rooms, table_id)
        except Exception:
            log.exception("table %s: handing it over failed", table_id)
        self.counts["handed_over"] += handed
        await self._publish(str(message["from"]), {"id": message["id"], "ok": handed})


async def hand_over(rooms: Rooms, table_id: str, wait: float = 1.0) -> bool:
    """Let the table go to the process that asks for it (:meth:`Cluster.hold`): its room, if in
    memory, leaves as an idle one does (:meth:`~.rooms.Rooms.drop`) and :func:`_moved`: True
    once done; False after ``wait`` seconds for its lock (a change waiting behind it is
    never stored), or for an unattended match being played out here."""
    room = rooms.loaded(table_id)
    if room is None:
        rooms.let_go(table_id)
        return True
    if room.table.unattended and room.idle_for(time.monotonic()) is None:
        return False
    try:
        await asyncio.wait_for(room.lock.__aenter__(), wait)
    except TimeoutError:
        return False
    try:
        if rooms.drop(room):
            await _moved(room)
    finally:
        await room.lock.__aexit__(None, None, None)
    return True


class _Gone:
    """The group commit of a room another process serves now: any write is refused."""

    def __getattr__(self, name: str) -> object:
        raise TableElsewhere()


async def _moved(room: Room) -> None:
    """Another process serves the room now: its tasks stop, its writes are refused, its sockets
    are closed with 1012 (to reconnect through nginx, to the new holder)."""
    await room.close()
    room.commits = _Gone()  # type: ignore[assignment]
    for ws in [w for sockets in room.sockets.values() for w in sockets] + room.watchers:
        with contextlib.suppress(Exception):
            await ws.close(1012, "moved")


async def _try_again(scope: Scope, receive: Receive, send: Send) -> None:
    """Tell a client whose table did not free in time to try again, in its language: a socket
    is accepted, sent the error ``table_moved`` and closed with 1013 (closed before accepting,
    it would reach the client as HTTP 403, read as a bad token), a request gets 503."""
    if scope["type"] == "websocket":
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        lang = request_lang(ws)
        await refuse(ws, TableElsewhere(), (TRY_AGAIN_LATER, "server full"), lang)
        return
    response = await error_reply(Request(scope), TableElsewhere())
    response.headers["Retry-After"] = "1"
    await response(scope, receive, send)


class ClusterMiddleware:
    """Makes this process the table's holder before the app serves a request or socket naming
    a table (:meth:`Cluster.hold`)."""

    def __init__(self, app: ASGIApp, cluster: Cluster):
        self.app, self.cluster = app, cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            found = TABLE_PATH.match(scope.get("path", ""))
            if found is not None and not await self.cluster.hold(found.group(1)):
                return await _try_again(scope, receive, send)
        await self.app(scope, receive, send)
