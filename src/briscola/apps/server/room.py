"""A room: one per table in play. It holds the :class:`~briscola.session.table.Table`, the
WebSocket connections of its seats, the computer players' pacing and the timeouts of absent humans.

Each connected seat is sent only its own view (``Table.view(seat)``) after every change; every
change is written to storage before it is sent. The rooms of a process are
:class:`~briscola.apps.server.rooms.Rooms`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import Any

from fastapi import WebSocket

from briscola.apps.server.botpool import BotPool
from briscola.apps.server.commits import GroupCommit
from briscola.apps.server.flow import RoomFlow
from briscola.apps.server.limits import RateLimiter
from briscola.apps.server.protocol import ActionMessage, NextDealMessage, Peer, handles
from briscola.apps.server.refusals import Refusal
from briscola.apps.server.roomparts import MAX_ID, RoomLock, Settings, card_points
from briscola.apps.server.store import Saved, Storage, StoredSeat, token_matches
from briscola.apps.server.unattended import mark_played_out
from briscola.apps.server.views import Shared, Views
from briscola.apps.server.wire import dumps
from briscola.core.text import has_surrogate
from briscola.session.table import DEAL_OVER, OVER, WAITING, BotRequest, Event, Table

__all__ = ["Room"]

log = logging.getLogger(__name__)


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
        self.saved = Saved(table, saved)  # what storage holds, what it lacks (store.py)
        self._driver: asyncio.Task[None] | None = None
        self._timers: dict[int, asyncio.Task[None]] = {}
        self.flow = RoomFlow()  # spectators, speed, move clock, rematch (flow.py)
        self.card_points = card_points(table.ruleset)  # in every message (never changed)
        self.views = Views(table)  # the state messages, what every seat shares made once

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
        seats = self.table.seats  # (asked at every move: no list of the human seats made)
        return any(sockets and not seats[i].is_bot for i, sockets in self.sockets.items())

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
    def state_message(
        self, seat: int, events: Sequence[Event] = (), shared: Shared | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for ``seat``: only what that seat may know. ``shared``: what
        every seat's message of this change shares (:mod:`.views`), made once for all of them."""
        if shared is None:
            shared = self.shared(events)
        host = seat == self.host
        invite = self.invite_url() if host and self.table.status == WAITING else None
        return self.views.message(self.table, seat, shared, host=host, invite_url=invite)

    def shared(self, events: Sequence[Event]) -> Shared:
        """What every seat's ``state`` message with ``events`` shares (:mod:`.views`)."""
        flow = self.flow.fields(self)
        return self.views.shared(self.table_id, self.table, events, hints=self.hints, flow=flow)

    async def _send(self, ws: WebSocket, message: dict[str, Any]) -> None:
        await self._send_text(ws, dumps(message))

    async def _send_text(self, ws: WebSocket, text: str) -> None:
        try:
            await ws.send_text(text)
        except Exception:  # a socket that went away; its own handler cleans up
            log.debug("could not send to a socket of table %s", self.table_id)

    async def broadcast(self, events: Sequence[Event], skip: WebSocket | None = None) -> None:
        """Send every connected seat its own view with ``events``, the spectators theirs."""
        self.flow.seen(self, events)
        shared: Shared | None = None
        for seat, sockets in list(self.sockets.items()):
            targets = [ws for ws in sockets if ws is not skip]
            if not targets:
                continue
            if shared is None:
                shared = self.shared(events)
            text = dumps(self.state_message(seat, events, shared))
            for ws in targets:
                await self._send_text(ws, text)
        await self.flow.tell_watchers(self, events)

    async def error(self, ws: WebSocket, refusal: Refusal) -> None:
        """Send an error to one socket, worded in the table's language (:mod:`.refusals`)."""
        await self._send(ws, refusal.worded(self.lang))

    # -- persistence ------------------------------------------------------------------------
    def note(self, *, started: bool = False, seats: Sequence[int] = (), **columns: Any) -> None:
        """Note a change that the next :meth:`store` writes with the deals and actions: the
        match started, the ``seats`` that changed, ``columns`` of the table's row (speed...)."""
        self.saved.note(started, [self._stored_seat(i) for i in seats], columns)

    async def store(self) -> None:
        """Write what is not yet stored (the changes noted, the deals dealt and actions taken
        since), grouped with the other tables' changes of this turn of the loop (the group
        commit, :mod:`~.commits`, the one way a table's changes are written); return once it is
        committed."""
        await self.store_soon()

    def store_soon(self) -> asyncio.Future[None]:
        """Queue what is not yet stored in this turn's group commit, as :meth:`store` does; the
        future ends once it is committed."""
        if self.commits is None:
            self.commits = GroupCommit(self.storage)
        return self.commits.later(*self.saved.unsaved(self.table_id, self.table))

    async def save_seat(self, seat: int) -> None:
        """Store a seat after it changed (joined, given to a bot)."""
        self.note(seats=[seat])
        await self.store()

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
        """Start a timeout for every absent human seat of a started table that has none (a
        finished table has nobody to play for: none)."""
        if not self.table.started or self.table.status == OVER:
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
            elif self.humans_connected():
                # woken before the seat's time is up by time.monotonic(): uvloop's timers count
                # whole milliseconds from the loop's cached clock, so a sleep may end a little
                # early; without a new timer the absent seat was never played (the crash test's
                # stalled table: a person's seat whose join was lost, nobody else to move)
                self._arm()

    # -- messages from a seat ---------------------------------------------------------------
    @handles(ActionMessage)
    async def act(self, peer: Peer, message: ActionMessage) -> None:
        """A seat's ``action``: the table takes it and everybody is told (a refusal is raised,
        for the socket loop to word)."""
        async with self.lock:
            await self.commit(self.table.submit(peer.player, message.action))

    @handles(NextDealMessage)
    async def next_deal(self, peer: Peer, message: NextDealMessage) -> None:
        """A seat is ready for the next deal (dealt once every person playing is)."""
        async with self.lock:
            await self.commit(self.table.ready(peer.player))

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
                await mark_played_out(self)  # no restart resumes it
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

    def stop_timers(self) -> None:
        """Stop the absent seats' timeouts (a room leaving memory: nothing may hold it)."""
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()

    async def close(self) -> None:
        """Stop the room's tasks."""
        tasks = [t for t in (self._driver, *self._timers.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.flow.close()
