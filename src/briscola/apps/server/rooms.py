"""Rooms: one per table in play. A room holds the :class:`~briscola.session.table.Table`, the
WebSocket connections of its seats, the computer players' pacing and the timeouts of absent humans.

Each connected seat is sent only its own view (``Table.view(seat)``) after every change; every
change is written to storage before it is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from briscola.apps.server import seatflags
from briscola.apps.server.botpool import BotPool
from briscola.apps.server.commits import GroupCommit
from briscola.apps.server.flow import RoomFlow
from briscola.apps.server.leases import Leases, TableElsewhere
from briscola.apps.server.limits import Limits, RateLimiter, ServerFull, client_ip, retry_after
from briscola.apps.server.messages import Refusal, read_message
from briscola.apps.server.meta import load_meta
from briscola.apps.server.recovery import Recovery
from briscola.apps.server.schemas import PROTOCOL, ActionMessage, PingMessage, SyncMessage
from briscola.apps.server.storage import Progress, Storage, StoredSeat, token_matches
from briscola.apps.server.unattended import Resumer, mark_played_out
from briscola.apps.server.wire import dumps
from briscola.apps.server.wording import word
from briscola.core.cards import Card, Rank, Suit, format_cards
from briscola.core.rules import Ruleset
from briscola.core.text import has_surrogate
from briscola.session.table import DEAL_OVER, OVER, WAITING, BotRequest, Event, Table, TableError

__all__ = ["Room", "RoomLock", "Rooms", "Settings", "card_points", "rate_limited", "refuse_full"]

log = logging.getLogger(__name__)

MAX_ID = 100
"""The longest table id or token looked up: longer ones are nobody's."""


def card_points(ruleset: Ruleset) -> dict[str, int]:
    """The points of each rank (by its letter) under ``ruleset``: what a client counts a trick by.

    >>> from briscola.core.rules import preset
    >>> card_points(preset("classic"))
    {'A': 11, '2': 0, '3': 10, '4': 0, '5': 0, '6': 0, '7': 0, 'F': 2, 'C': 3, 'R': 4}
    >>> inverted = card_points(preset("classic", inversion=True))
    >>> inverted["7"], inverted["3"]
    (10, 0)
    """
    suit = next(iter(Suit))
    return {rank.letter: ruleset.points_of(Card(suit, rank)) for rank in Rank}


@dataclass
class Settings:
    """How the server paces a game.

    ``bot_delay``: seconds between computer moves (so people can follow them; 0 in tests).
    ``human_timeout``: seconds after which a disconnected human's seat is played by the computer
    (while another human is connected). ``stand_in``: the level of that computer player.
    ``limits``: the rate limits and caps (:class:`~briscola.apps.server.limits.Limits`).
    ``trick_hold``: seconds a completed trick stays shown before a computer player leads again.
    ``move_timeout``: seconds a person has for a move at a table with friends before the
    stand-in makes it (see :mod:`~briscola.apps.server.pacing`).
    """

    bot_delay: float = 0.8
    human_timeout: float = 60.0
    stand_in: str = "simple"
    limits: Limits = field(default_factory=Limits)
    trick_hold: float = 1.5
    move_timeout: float = 60.0


class RoomLock(asyncio.Lock):
    """A room's lock that counts who holds it or waits for it (:attr:`users`): a room in use is
    never let go."""

    def __init__(self) -> None:
        super().__init__()
        self.users = 0

    async def __aenter__(self) -> None:
        self.users += 1
        try:
            await self.acquire()
        except BaseException:
            self.users -= 1
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.release()
        self.users -= 1


class Room:
    """A table in play and its connections."""

    def __init__(
        self,
        table_id: str,
        table: Table,
        seats: Sequence[StoredSeat],
        invite_code: str,
        storage: Storage,
        settings: Settings,
        lang: str = "it",
        saved: Sequence[tuple[bool, int]] | None = None,
        hints: bool = False,
    ) -> None:
        """``saved``: for each deal of ``table``, whether storage has its row and how many of its
        actions (default: everything the table holds is stored). ``hints``: the host allows
        hints at this table (at a table against the computer they are always given)."""
        self.table_id = table_id
        self.lang = lang
        self.hints = hints
        self.table = table
        self.stored_seats = list(seats)
        self.invite_code = invite_code
        self.storage = storage
        self.settings = settings
        self.lock = RoomLock()
        self.sockets: dict[int, list[WebSocket]] = {}
        self.pool = BotPool(0)  # where its computer players think (Rooms gives its own)
        self.limiter: RateLimiter | None = None  # the per-client limits (Rooms gives its own)
        self.commits: GroupCommit | None = None  # the group commit (Rooms gives its own)
        now = time.monotonic()
        self.idle_since: float | None = now  # when its last connection left (None: connected)
        self.pins = 0  # sockets between their arrival and their hello: the room is not let go
        self.gone_since: dict[int, float] = {i: now for i in table.human_seats()}
        # what storage holds: the deals with a row, and the actions stored of each deal
        stored = list(saved) if saved is not None else [(True, len(d.actions)) for d in table.deals]
        self._rows = {i for i, (row, _) in enumerate(stored) if row}
        self._saved: list[int] = [n for _, n in stored]
        self._driver: asyncio.Task[None] | None = None
        self._timers: dict[int, asyncio.Task[None]] = {}
        self.flow = RoomFlow()  # spectators, speed, move clock, rematch (flow.py)
        self.card_points = card_points(table.ruleset)  # in every message (never changed)

    # -- seats and tokens -------------------------------------------------------------------
    @property
    def host(self) -> int:
        """The host's seat."""
        return next((s.seat for s in self.stored_seats if s.host), 0)

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token this is, or None (every seat is compared, in constant time); a
        token that is no text (a lone surrogate) or too long is nobody's."""
        if len(token) > MAX_ID or has_surrogate(token):
            return None
        found = None
        for s in self.stored_seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        return found

    def invite_url(self) -> str:
        """The invitation link."""
        return f"/join/{self.table_id}/{self.invite_code}"

    def info(self) -> dict[str, Any]:
        """The table's public information."""
        return {"table_id": self.table_id, **self.table.public_info(), "hints": self.hints}

    def humans_connected(self) -> bool:
        """True while at least one person is connected."""
        return any(self.sockets.get(i) for i in self.table.human_seats())

    def plays_on(self) -> bool:
        """True while the computer players go on: a person is connected, or nobody plays a seat
        any more (every person resigned: they play the match to its end by themselves)."""
        return self.humans_connected() or self.table.unattended

    def has_connections(self) -> bool:
        """True while any socket is connected to the room (a seat's or a spectator's)."""
        return any(self.sockets.values()) or bool(self.flow.watchers)

    def idle_for(self, now: float) -> float | None:
        """Seconds the room has been idle (nobody connected, nobody using it, no computer
        player thinking), or None while it is in use: an idle room may leave memory."""
        busy = self.pins or self.lock.users or self.has_connections()
        if busy or self.idle_since is None or not (self._driver is None or self._driver.done()):
            return None
        return now - self.idle_since

    # -- messages ---------------------------------------------------------------------------
    def state_message(self, seat: int, events: Sequence[Event] = ()) -> dict[str, Any]:
        """The ``state`` message for ``seat``: only what that seat may know."""
        view = self.table.view(seat)
        host = seat == self.host
        return {
            "type": "state",
            "protocol": PROTOCOL,
            "seat": seat,
            "host": host,
            "table": {"table_id": self.table_id, **view["table"], "hints": self.hints},
            "observation": view["observation"],
            "events": [e.to_dict() for e in events],
            "invite_url": self.invite_url() if host and self.table.status == WAITING else None,
            "card_points": self.card_points,
            **self.flow.fields(self),
        }

    async def _send(self, ws: WebSocket, message: dict[str, Any]) -> None:
        try:
            await ws.send_text(dumps(message))
        except Exception:  # a socket that went away; its own handler cleans up
            log.debug("could not send to a socket of table %s", self.table_id)

    async def broadcast(self, events: Sequence[Event], skip: WebSocket | None = None) -> None:
        """Send every connected seat its own view with ``events``, the spectators theirs."""
        self.flow.seen(self, events)
        for seat, sockets in list(self.sockets.items()):
            if not sockets:
                continue
            message = self.state_message(seat, events)
            for ws in list(sockets):
                if ws is not skip:
                    await self._send(ws, message)
        await self.flow.tell_watchers(self, events)

    async def error(self, ws: WebSocket, code: str, message: str) -> None:
        """Send an error to one socket, worded in the table's language (:mod:`.wording`)."""
        worded = word(code, message, self.lang)
        await self._send(ws, {"type": "error", "code": code, "message": worded})

    # -- persistence ------------------------------------------------------------------------
    def persist(self, *, started: bool = False, seats: Sequence[int] = ()) -> None:
        """Write what is not yet stored, in one transaction: that the match started (``started``),
        the ``seats`` that changed with it, the deals dealt since and the actions taken since."""
        progress, stored = self._unsaved(started=started, seats=seats)
        self.storage.save_many([progress])
        stored()

    async def store(self) -> None:
        """Write what is not yet stored (the deals dealt and actions taken since), grouped with
        the other tables' changes of this turn of the loop (:mod:`~.commits`); return once it is
        committed."""
        progress, stored = self._unsaved()
        if self.commits is None:
            self.storage.save_many([progress])
            stored()
        else:
            await self.commits.save(progress, stored)

    def _unsaved(
        self, *, started: bool = False, seats: Sequence[int] = ()
    ) -> tuple[Progress, Callable[[], None]]:
        """What storage lacks of the table, and what to note once it is stored."""
        deals: list[tuple[int, int, str]] = []
        actions: list[tuple[int, int, int, str]] = []
        for i, deal in enumerate(self.table.deals):
            if i not in self._rows:
                deals.append((i, deal.dealer, format_cards(deal.deck)))
            saved = self._saved[i] if i < len(self._saved) else 0
            actions.extend(
                (i, k, deal.seats[k], str(deal.actions[k])) for k in range(saved, len(deal.actions))
            )
        changed = tuple(self._stored_seat(i) for i in seats)
        counts = [len(deal.actions) for deal in self.table.deals]
        rows = {d[0] for d in deals}

        def stored() -> None:
            self._rows.update(rows)
            self._saved = counts

        return Progress(self.table_id, started, changed, tuple(deals), tuple(actions)), stored

    def save_seat(self, seat: int) -> None:
        """Store a seat after it changed (joined, given to a bot)."""
        self.storage.update_seat(self.table_id, self._stored_seat(seat))

    def _stored_seat(self, seat: int) -> StoredSeat:
        """A seat's stored form, brought up to date with the table's seat."""
        s = self.table.seats[seat]
        stored = self.stored_seats[seat]
        stored.kind, stored.bot, stored.name, stored.joined = s.kind, s.bot, s.name, s.joined
        return stored

    async def commit(self, events: Sequence[Event]) -> None:
        """After a change: store it, send every seat its view, let the computer players go on."""
        await self.store()
        await self.broadcast(events)
        self._arm()
        self.kick()

    # -- connections ------------------------------------------------------------------------
    async def connect(self, seat: int, ws: WebSocket) -> None:
        """A seat's socket joined: send it the state, tell the others."""
        async with self.lock:
            self.sockets.setdefault(seat, []).append(ws)
            self.idle_since = None
            self.gone_since.pop(seat, None)
            timer = self._timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            events = self.table.set_connected(seat, True)
            events += self.table.set_autoplay(seat, False)
            events += self._expire_absent()
            if events:
                await self.store()  # stored before it is shown (a deal dealt for absent seats)
            await self._send(ws, self.state_message(seat))
            if events:
                await self.broadcast(events, skip=ws)
            self._arm()
            self.kick()

    async def disconnect(self, seat: int, ws: WebSocket) -> None:
        """A seat's socket left; when it was the seat's last, start the seat's timeout."""
        async with self.lock:
            sockets = self.sockets.get(seat, [])
            if ws in sockets:
                sockets.remove(ws)
            if sockets:
                return
            if not self.has_connections():
                self.idle_since = time.monotonic()
            events = self.table.set_connected(seat, False)
            if seat in self.table.human_seats():
                self.gone_since[seat] = time.monotonic()
                self._arm()
            await self.broadcast(events)

    def _expire_absent(self) -> list[Event]:
        """Give to the computer every human seat gone longer than the timeout."""
        if not self.table.started or not self.humans_connected():
            return []
        events: list[Event] = []
        now = time.monotonic()
        for seat, since in self.gone_since.items():
            if now - since >= self.settings.human_timeout:
                events += self.table.set_autoplay(seat, True)
        return events

    def _arm(self) -> None:
        """Start a timeout for every absent human seat of a started table that has none."""
        if not self.table.started:
            return
        now = time.monotonic()
        for seat, since in self.gone_since.items():
            if seat not in self._timers and not self.table.seats[seat].autoplay:
                delay = max(0.0, self.settings.human_timeout - (now - since))
                self._timers[seat] = asyncio.create_task(self._timeout(seat, delay))

    async def _timeout(self, seat: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            self._timers.pop(seat, None)
            events = self._expire_absent()
            if events:
                await self.commit(events)

    # -- messages from a seat ---------------------------------------------------------------
    async def handle(self, seat: int, ws: WebSocket, text: str) -> None:
        """A message from ``seat``'s socket: act, answer, or explain the refusal."""
        wait = self.limiter.take("message", client_ip(ws.scope)) if self.limiter else None
        if wait is not None:
            await self._send(ws, rate_limited(wait, self.lang))
            return
        message = read_message(text)
        if isinstance(message, Refusal):
            await self.error(ws, message.code, message.message)
            return
        if isinstance(message, PingMessage):
            await self._send(ws, {"type": "pong"})
            return
        if isinstance(message, SyncMessage):
            async with self.lock:
                await self._send(ws, self.state_message(seat))
            return
        async with self.lock:
            try:
                if isinstance(message, ActionMessage):
                    events = self.table.submit(seat, message.action)
                else:
                    events = self.table.ready(seat)
            except TableError as exc:
                await self.error(ws, exc.code, _for_seat(exc, seat))
                return
            await self.commit(events)

    # -- computer players -------------------------------------------------------------------
    def kick(self) -> None:
        """Make sure the computer players move if it is their turn."""
        idle = self._driver is None or self._driver.done()
        table = self.table
        due = table.bot_to_act() is not None or (table.unattended and table.status == DEAL_OVER)
        if idle and due and self.plays_on():
            self._driver = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        """While a computer player is to act: ask it (it thinks while the delay runs), then play
        its answer, unless the table moved on meanwhile (then it is asked again)."""
        thinking: asyncio.Future[Any] | None = None
        try:
            while self.plays_on():
                request = self.table.bot_request()
                if request is None:
                    if await self._next_unattended_deal():
                        continue
                    break
                thinking = asyncio.ensure_future(self._think(request))
                await asyncio.sleep(self.flow.bot_wait(self))
                action = await thinking
                async with self.lock:
                    events = self.table.bot_answer(request, action)
                    if events is None or not self.plays_on():
                        continue
                    await self.store()
                    await self.broadcast(events)
        except asyncio.CancelledError:
            if thinking is not None:
                thinking.cancel()
            raise
        except Exception:
            log.exception("the computer players of table %s stopped", self.table_id)

    async def _next_unattended_deal(self) -> bool:
        """Between the deals of a match nobody plays any more: the next deal, after a pause of
        three tricks' holds for the spectators to see the deal's result. False: none to deal."""
        if not self.table.unattended or self.table.status != DEAL_OVER:
            if self.table.unattended and self.table.status == OVER:
                mark_played_out(self.storage, self.table_id)  # no restart resumes it
            return False
        await asyncio.sleep(3 * self.settings.trick_hold)
        async with self.lock:
            if self.table.status == DEAL_OVER:
                events = self.table.next_deal()
                await self.store()
                await self.broadcast(events)
        return True

    async def _think(self, request: BotRequest) -> Any:
        return await self.pool.decide(request.level, request.seed, request.observation)

    async def close(self) -> None:
        """Stop the room's tasks."""
        tasks = [t for t in (self._driver, *self._timers.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.flow.close()


TRY_AGAIN_LATER = 1013
"""The WebSocket close code of a server that is full."""


async def refuse_full(ws: WebSocket, exc: ServerFull) -> None:
    """Tell a new socket that the server holds as many tables as it may, and close it."""
    await ws.send_text(json.dumps({"type": "error", "code": exc.code, "message": str(exc)}))
    await ws.close(TRY_AGAIN_LATER, "server full")


def rate_limited(wait: float, lang: str | None = None) -> dict[str, Any]:
    """The WebSocket error for a client over its rate: it may try again after ``wait`` s (in
    the table's language ``lang``, when the table is known)."""
    seconds = retry_after(wait)
    message = f"too many messages: wait {seconds} s"
    if lang is not None:
        message = word("rate_limited", message, lang, seconds=seconds)
    return {"type": "error", "code": "rate_limited", "message": message}


def _for_seat(exc: TableError, seat: int) -> str:
    """A table's message as said to the seat itself."""
    if exc.code == "not_your_turn":
        return exc.message.replace(f"not seat {seat}'s", f"not yours (you are seat {seat})")
    return exc.message


class Rooms:
    """The rooms of the tables in play, loaded from storage on first use."""

    def __init__(self, storage: Storage, settings: Settings, pool: BotPool | None = None) -> None:
        """``pool``: where the computer players think (default: on the loop)."""
        self.storage = storage
        self.settings = settings
        self._rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self.pool = pool or BotPool(0)
        self.limiter = RateLimiter(settings.limits)
        self.commits = GroupCommit(storage)
        self.evicted = 0  # rooms let go while idle
        self._sweeper: asyncio.Task[None] | None = None
        self.recovery = Recovery(storage)
        self.leases: Leases | None = None  # several processes: the tables this one holds
        self.resumer = Resumer(self)  # unattended matches a stop left unfinished

    def add(self, room: Room) -> None:
        """Register a new room (call :meth:`make_space` first)."""
        if self.leases is not None:
            self.leases.take(room.table_id)  # a new id: nobody else holds it
        self._adopt(room)

    def _adopt(self, room: Room) -> None:
        room.pool, room.limiter, room.commits = self.pool, self.limiter, self.commits
        self._rooms[room.table_id] = room

    def __len__(self) -> int:
        return len(self._rooms)

    def table_ids(self) -> list[str]:
        """The ids of the tables in memory."""
        return list(self._rooms)

    async def lose(self, table_id: str) -> None:
        """Another process took this table over (see :mod:`.cluster`): its room leaves memory
        and its sockets are closed with 1012, so that they reconnect to the new owner."""
        room = self._rooms.pop(table_id, None)
        if room is None:
            return
        await room.close()
        for ws in [w for sockets in room.sockets.values() for w in sockets]:
            with contextlib.suppress(Exception):
                await ws.close(1012, "moved")

    async def hand_over(self, table_id: str, wait: float = 0.5) -> bool:
        """Let the table's room leave memory for another process that holds a socket of its
        people (:mod:`.cluster`): True once it is gone (storage holds all of it, its lease is
        released, its tasks stopped); False while somebody is connected to it here. A room whose
        lock is held (a change being stored) is waited for up to ``wait`` seconds; a computer
        player still thinking for nobody is stopped (the new owner asks it again), except at a
        match the computers play out alone (``unattended``), which stays."""
        deadline = time.monotonic() + wait
        while (room := self._rooms.get(table_id)) is not None:
            if room.has_connections() or room.pins:
                return False
            idle = room.idle_for(time.monotonic()) is not None
            if not room.lock.users and (idle or not room.table.unattended):
                self._let_go(room)
                await room.close()
                return True
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.02)
        if self.leases is not None:
            self.leases.release(table_id)
        return True

    def make_space(self) -> None:
        """Make room for one more table, letting idle ones go if the process holds its most;
        raises :class:`~briscola.apps.server.limits.ServerFull` when none is idle."""
        cap = self.settings.limits.max_tables
        if len(self._rooms) < cap:
            return
        now = time.monotonic()
        idle = [(t, r) for r in self._rooms.values() if (t := r.idle_for(now)) is not None]
        idle.sort(key=lambda pair: -pair[0])  # the longest idle first
        for _, room in idle[: len(self._rooms) - cap + 1 + cap // 10]:
            self._let_go(room)
        if len(self._rooms) >= cap:
            raise ServerFull(cap)

    def let_go_idle(self, now: float | None = None) -> int:
        """Let every room idle for the limits' ``idle_seconds`` leave memory; how many left."""
        now = time.monotonic() if now is None else now
        limit = self.settings.limits.idle_seconds
        gone = [r for r in self._rooms.values() if (r.idle_for(now) or -1.0) >= limit]
        for room in gone:
            self._let_go(room)
        return len(gone)

    def _let_go(self, room: Room) -> None:
        """Drop an idle room from memory: storage holds all of it, :meth:`get` loads it again."""
        if self._rooms.get(room.table_id) is room:
            seatflags.keep(room)  # autoplay and ready: the table's record does not hold them
            del self._rooms[room.table_id]
            self.evicted += 1
            if self.leases is not None:
                self.leases.release(room.table_id)
            for task in room._timers.values():
                task.cancel()

    def start(self) -> None:
        """Start letting idle rooms go, and playing out the unattended matches a stop left
        unfinished (:mod:`.unattended`): tasks on the running loop, until :meth:`close`."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        self.resumer.start()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.05, self.settings.limits.idle_seconds / 4)))
            self.let_go_idle()
            self.limiter.forget_full()

    async def get(self, table_id: str) -> Room | None:
        """The room of a table, rebuilt from storage if needed; None for an unknown table.
        Raises :class:`~briscola.apps.server.recovery.DamagedTableError` (a 409) for a stored
        table that cannot be rebuilt exactly."""
        room = self._rooms.get(table_id)
        if room is not None:
            return room
        if len(table_id) > MAX_ID or has_surrogate(table_id):
            return None  # no table has such an id: storage is not asked
        async with self._loading:
            room = self._rooms.get(table_id)
            if room is not None:
                return room
            self.make_space()
            if self.leases is not None and not self.leases.take(table_id):
                raise TableElsewhere()  # another process took it a moment ago
            loaded = self.recovery.load(table_id)
            if loaded is None:
                if self.leases is not None:
                    self.leases.release(table_id)
                return None
            stored = loaded.stored
            room = Room(
                table_id,
                loaded.table,
                stored.seats,
                stored.invite_code,
                self.storage,
                self.settings,
                stored.lang,
                saved=loaded.saved,
                hints=stored.hints,
            )
            meta = load_meta(self.storage, table_id)
            room.flow.restore(room, meta)
            seatflags.restore(room, meta)  # autoplay and ready, kept when it left memory
            room.persist()  # a deal dealt again from the seed (or the first one) is stored now
            self._adopt(room)
            return room

    def forget_if_finished(self, room: Room) -> None:
        """Let a finished table's room go once nobody is connected (storage keeps it)."""
        idle = not any(room.sockets.values())
        if idle and room.table.status == "over" and self._rooms.get(room.table_id) is room:
            del self._rooms[room.table_id]
            if self.leases is not None:
                self.leases.release(room.table_id)

    async def close(self) -> None:
        """Stop letting rooms go, and every room's tasks."""
        await self.resumer.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        for room in list(self._rooms.values()):
            await room.close()
        self._rooms.clear()
