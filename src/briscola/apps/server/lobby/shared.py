"""The quick match's pool and numbers shared by several server processes through Redis (the
``redis`` setting, as :mod:`..cluster` and :mod:`..limits` use it): two people whose lobby
sockets reach two different processes are seated together.

- The seeks: one Redis hash, :data:`SEEKS` (player id -> :class:`~.pool.Entry` as JSON: ids, the
  game, its options, rated, rating, when, the process holding the seeker's socket). Every
  :data:`~.service.TICK` each process tries to take :data:`LOCK` (``SET NX PX``); the one that
  holds it reads the hash, finds the groups (:func:`~.pool.find_groups`), takes each group's
  entries out (``HDEL``; a group one of whose seekers cancelled meanwhile goes back) and makes
  their table.
- The seat tokens: minted by the seeker's process, which keeps the token; only its hash is
  written, to the database (``briscola_lobby_seeks``, :mod:`.schema`), where the process making
  the table reads it. No token, cookie or name crosses Redis.
- The news: the process that made the table publishes ``{"player", "table", "seat"}`` on the
  seeker's process's channel (:func:`channel`); that process sends ``matched`` with the URL.
- The numbers: each process writes its own (online, playing) in :data:`PRESENCE` every second
  with the time; the lobby shows the sum of the fresh ones (:data:`FRESH` seconds), and the
  number of seeks in :data:`SEEKS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, Final

import redis.asyncio as aioredis
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from briscola.apps.server.lobby.pool import Entry, Group, find_groups
from briscola.apps.server.lobby.presence import Numbers
from briscola.apps.server.lobby.schema import LobbySeekRow
from briscola.apps.server.store import Base

__all__ = ["FRESH", "LOCK", "PRESENCE", "SEEKS", "RedisPool", "channel"]

log = logging.getLogger(__name__)

SEEKS: Final = "briscola:lobby:seeks"
LOCK: Final = "briscola:lobby:lock"
PRESENCE: Final = "briscola:lobby:presence"
FRESH: Final = 5.0
"""A process's numbers older than this are left out (it stopped)."""
LOCK_MS: Final = 2000
"""How long the matching lock lasts at most (a process that died holding it)."""

_SEEKS = Base.metadata.tables[LobbySeekRow.__tablename__]
Deliver = Callable[[str, str, int], Awaitable[None]]


def channel(process: str) -> str:
    """The Redis channel of a process's lobby news."""
    return f"briscola:lobby:process:{process}"


class RedisPool:
    """The pool in Redis (see the module); ``process``: this process's name (default: made of
    the host, the pid and chance)."""

    def __init__(self, url: str, engine: Engine, process: str = "") -> None:
        self.redis = aioredis.from_url(url)
        self.engine = engine
        self.process = (
            process or f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"
        )
        self._listener: asyncio.Task[None] | None = None

    # -- seeks -----------------------------------------------------------------------------------
    async def add(self, entry: Entry) -> None:
        """Put (or replace) a player's seek."""
        await self.redis.hset(SEEKS, entry.player, entry.to_json())

    async def remove(self, player: str) -> bool:
        """Take a seek out: False when it was not there (seated meanwhile)."""
        return bool(await self.redis.hdel(SEEKS, player))

    async def searching(self) -> int:
        """How many seek, in every process."""
        return int(await self.redis.hlen(SEEKS))

    async def take_groups(self, now: float) -> list[Group]:
        """The groups to seat now (taken out of the pool), when this process holds the lock."""
        if not await self.redis.set(LOCK, self.process, nx=True, px=LOCK_MS):
            return []
        try:
            raw = await self.redis.hgetall(SEEKS)
            entries = [Entry.from_json(v) for v in raw.values()]
            taken: list[Group] = []
            for group in find_groups(entries, now):
                pipe = self.redis.pipeline()
                for e in group.entries:
                    pipe.hdel(SEEKS, e.player)
                gone = await pipe.execute()
                if all(gone):
                    taken.append(group)
                    continue
                pipe = self.redis.pipeline()  # one cancelled meanwhile: the others wait on
                for e, ok in zip(group.entries, gone, strict=True):
                    if ok:
                        pipe.hset(SEEKS, e.player, e.to_json())
                await pipe.execute()
            return taken
        finally:
            with contextlib.suppress(Exception):
                if await self.redis.get(LOCK) == self.process.encode():
                    await self.redis.delete(LOCK)

    # -- the seat tokens' hashes (the database) --------------------------------------------------
    async def remember(self, entry: Entry, name: str, token_hash: str) -> None:
        """Store the hash of the token minted here for the seeker, and their name."""
        await asyncio.to_thread(self._remember, entry.player, name, token_hash)

    def _remember(self, player: str, name: str, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(_SEEKS).where(_SEEKS.c.player_id == player))
            conn.execute(sa.insert(_SEEKS).values(player_id=player, name=name,
                                                  token_hash=token_hash,
                                                  made_at=datetime.now(UTC)))  # fmt: skip

    async def forget(self, player: str) -> None:
        """The seek is over: its hash goes."""
        await asyncio.to_thread(self._forget, player)

    def _forget(self, player: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(_SEEKS).where(_SEEKS.c.player_id == player))

    async def recall(self, players: list[str]) -> dict[str, tuple[str, str | None]]:
        """The name and seat token hash of seekers of other processes."""
        return await asyncio.to_thread(self._recall, players)

    def _recall(self, players: list[str]) -> dict[str, tuple[str, str | None]]:
        query = sa.select(_SEEKS.c.player_id, _SEEKS.c.name, _SEEKS.c.token_hash)
        with self.engine.connect() as conn:
            rows = conn.execute(query.where(_SEEKS.c.player_id.in_(players))).all()
        return {r.player_id: (r.name, r.token_hash) for r in rows}

    # -- news between the processes --------------------------------------------------------------
    async def deliver(self, process: str, player: str, table_id: str, seat: int) -> None:
        """Tell ``process`` that its seeker ``player`` has seat ``seat`` at ``table_id``."""
        news = {"player": player, "table": table_id, "seat": seat}
        await self.redis.publish(channel(process), json.dumps(news))

    async def start(self, deliver: Deliver) -> None:
        """Listen to this process's channel; each piece of news goes to ``deliver``."""
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(channel(self.process))
                async for item in pubsub.listen():
                    if item.get("type") != "message":
                        continue
                    news = json.loads(item["data"])
                    await deliver(str(news["player"]), str(news["table"]), int(news["seat"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lobby %s: no news over Redis a second: %r", self.process, exc)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(1.0)

    async def share(self, local: Numbers) -> Numbers:
        """This process's numbers written; everybody's summed (the seeks counted in Redis)."""
        now = time.time()
        mine = json.dumps({"online": local.online, "playing": local.playing, "at": now})
        await self.redis.hset(PRESENCE, self.process, mine)
        total = Numbers(0, await self.searching(), 0)
        for value in (await self.redis.hgetall(PRESENCE)).values():
            theirs: dict[str, Any] = json.loads(value)
            if now - float(theirs["at"]) <= FRESH:
                total = total.plus(Numbers(int(theirs["online"]), 0, int(theirs["playing"])))
        return total

    async def close(self) -> None:
        """This process's numbers leave; the connection closes."""
        with contextlib.suppress(Exception):
            await self.redis.hdel(PRESENCE, self.process)
        with contextlib.suppress(Exception):
            await self.redis.aclose()
