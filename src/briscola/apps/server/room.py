"""A room: one per table in play. It holds the :class:`~briscola.session.table.Table`, the
WebSocket connections of its seats and of its spectators, the computer players' pace, the move
clock, the rematch's votes and the timeouts of absent humans; it takes its collaborators (storage,
the group commit, the computer players' pool, the rate limiter, the settings) when it is made.

Each connected seat is sent only its own view after every change, each spectator the public view
(both built by :class:`~briscola.apps.server.views.Views`); every change is written to storage
before it is sent (:meth:`Room.note` then :meth:`Room.store`: the group commit,
:class:`~.store.GroupCommit`). The messages a seat sends are answered by the methods
registered with :func:`~briscola.apps.server.protocol.handles`: ``action``, ``next_deal``,
``resign``, ``rematch`` and ``speed``, and (a spectator's too) ``ping`` and ``sync``. The rooms
of a process are :class:`~briscola.apps.server.rooms.Rooms`.

**Spectators** join by the table's watch link (``/watch/{table_id}``, whose page opens the socket
``/ws/{table_id}/watch``), are sent the public view after every change, and may only ask for it
again (``sync``) or ``ping``. Every seat is told how many watch.

**La rivincita**: once a match is over, its players may play again with the same rules. Each
person asks with a ``rematch`` message; the rematch starts when every person still at the table
(connected, not resigned) has asked. The new table has the same ruleset, match format, speed and
language, a new seed, and the seats rotated by one (seat ``i`` sits at ``i + 1``); a person who
did not ask is played there by the computer, as are the computer players and resigned seats. Each
person who asked is sent a ``rematch`` message with their new seat's link (a new token);
spectators are sent the new table's watch link. The old table keeps the new one's id.

**Seat flags**: which person seats the stand-in plays (``autoplay``) and which asked for the next
deal (``ready``) live in the table only; a room leaving memory keeps them in the table's
``seat_flags`` column with the point the game had reached (:meth:`Room.keep_flags`), given back
when the table is loaded again if the game is still at that point.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from briscola.apps.server.botpool import BotPool
from briscola.apps.server.limits import RateLimiter
from briscola.apps.server.pacing import SPEEDS, MoveClock, Pace
from briscola.apps.server.protocol import (
    ActionMessage,
    NextDealMessage,
    Peer,
    PingMessage,
    Refusal,
    RematchMessage,
    ResignMessage,
    SpeedMessage,
    SyncMessage,
    handles,
)
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import (
    GroupCommit,
    Saved,
    Storage,
    StoredSeat,
    StoredTable,
    hash_token,
    token_matches,
)
from briscola.apps.server.views import Shared, Views, card_points, dumps
from briscola.core.text import has_surrogate
from briscola.session.events import (
    Event,
    RematchAskedEvent,
    RematchEvent,
    SpectatorsEvent,
    SpeedEvent,
    TrickEvent,
)
from briscola.session.table import DEAL_OVER, OVER, WAITING, BotRequest, Seat, Table, TableError

if TYPE_CHECKING:  # only the rematch's handler names them: Rooms is given in its Peer
    from briscola.apps.server.rooms import Rooms

__all__ = [
    "MAX_ID",
    "MAX_SPECTATORS",
    "Room",
    "RoomLock",
    "card_points",
    "rotated_seats",
    "seat_flags",
    "send_json",
]

log = logging.getLogger(__name__)

MAX_ID = 100
"""The longest table id or token looked up: longer ones are nobody's."""

MAX_SPECTATORS = 200
"""The most spectators of one table; one more is refused (closed with 1008, ``too many``)."""


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


async def send_json(ws: WebSocket, message: dict[str, Any]) -> None:
    """Send ``message`` to one socket; one that went away is left to its own handler."""
    try:
        await ws.send_text(dumps(message))
    except Exception:
        log.debug("could not send to a socket that went away")


class Room:
    """A table in play, its connections and its pace. See the module's documentation."""

    def __init__(
        self,
        table_id: str,
        table: Table,
        seats: Sequence[StoredSeat],
        invite_code: str,
        *,
        storage: Storage,
        settings: Settings,
        pool: BotPool | None = None,
        commits: GroupCommit | None = None,
        limiter: RateLimiter | None = None,
        lang: str = "it",
        hints: bool = False,
        saved: Sequence[tuple[bool, int]] | None = None,
        stored: StoredTable | None = None,
    ) -> None:
        """``pool``: where its computer players think (default: on the loop); ``commits``: the
        group commit it stores through (default: one of its own over ``storage``); ``limiter``:
        the per-client limits of its sockets' messages (None: none). ``hints``: the host allows
        hints. ``saved``: for each deal of ``table``, whether storage has its row and how many of
        its actions (default: everything the table holds is stored). ``stored``: the table's
        stored row, for a room loaded again (its speed, resignations, rematch and seat flags)."""
        self.table_id = table_id
        self.lang = lang
        self.hints = hints
        self.table = table
        self.stored_seats = list(seats)
        self.invite_code = invite_code
        self.storage = storage
        self.settings = settings
        self.pool = pool or BotPool(0)
        self.commits = commits or GroupCommit(storage)
        self.limiter = limiter
        self.lock = RoomLock()
        self.sockets: dict[int, list[WebSocket]] = {}
        self.watchers: list[WebSocket] = []
        self.pace = Pace()
        self.clock = MoveClock()
        self.votes: set[int] = set()
        self.rematch_id: str | None = None
        now = time.monotonic()
        self.idle_since: float | None = now  # when its last connection left (None: connected)
        self.pins = 0  # sockets between their arrival and their hello: the room is not let go
        self.gone_since: dict[int, float] = {i: now for i in table.human_seats()}
        self.saved = Saved(table, saved)  # what storage holds, what it lacks (store.py)
        self._driver: asyncio.Task[None] | None = None
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # checks running on their own
        self.card_points = card_points(table.ruleset)  # in every message (never changed)
        self.views = Views(table)  # the state messages, what every seat shares made once
        if stored is not None:
            self._restore(stored)

    def _restore(self, stored: StoredTable) -> None:
        """Take back what storage kept besides the table's moves (a room loaded again)."""
        if stored.speed is not None and stored.speed in SPEEDS:
            self.pace.speed = stored.speed
        self.rematch_id = stored.rematch_id
        if stored.resigned:
            self.table.resigned = list(stored.resigned)
        _restore_flags(self.table, stored.seat_flags)  # autoplay and ready, kept when it left

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
        return any(self.sockets.values()) or bool(self.watchers)

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

    def spectator_message(self, events: Sequence[Event] = ()) -> dict[str, Any]:
        """The ``state`` message of a spectator (:meth:`~.views.Views.message` for no seat): only
        what everybody may know (:func:`~briscola.session.audience.public_view`)."""
        return self.views.message(self.table, None, self.shared(events))

    def shared(self, events: Sequence[Event]) -> Shared:
        """What every seat's ``state`` message with ``events`` shares (:mod:`.views`)."""
        rematch = None
        if self.table.status == OVER:
            rematch = {"votes": sorted(self.votes), "table_id": self.rematch_id}
        fields = {
            "spectators": len(self.watchers),
            "speed": self.pace.speed,
            "clock": self.clock.info(),
            "rematch": rematch,
            "watch_url": f"/watch/{self.table_id}",
            "trick_hold_ms": round(self.settings.trick_hold * 1000),
        }
        return self.views.shared(self.table_id, self.table, events, hints=self.hints, flow=fields)

    async def _send(self, ws: WebSocket, message: dict[str, Any]) -> None:
        await self._send_text(ws, dumps(message))

    async def _send_text(self, ws: WebSocket, text: str) -> None:
        try:
            await ws.send_text(text)
        except Exception:  # a socket that went away; its own handler cleans up
            log.debug("could not send to a socket of table %s", self.table_id)

    async def broadcast(self, events: Sequence[Event], skip: WebSocket | None = None) -> None:
        """Send every connected seat its own view with ``events``, the spectators theirs."""
        self._seen(events)
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
        if self.watchers:
            text = dumps(self.spectator_message(events))
            for ws in list(self.watchers):
                await self._send_text(ws, text)

    def _seen(self, events: Sequence[Event]) -> None:
        """Before a change is sent: note a completed trick, arm the move clock."""
        if any(isinstance(e, TrickEvent) for e in events):
            self.pace.saw_trick()

        async def expire(key: tuple[int, int]) -> None:
            async with self.lock:
                if self.clock.move_key(self.table) == key:
                    await self.commit(self.table.stand_in_move())

        timeout = self.settings.move_timeout
        self.clock.arm(self.table, timeout, expire, active=self.humans_connected())

    async def error(self, ws: WebSocket, refusal: Refusal) -> None:
        """Send an error to one socket, worded in the table's language (:mod:`.protocol`)."""
        await self._send(ws, refusal.worded(self.lang))

    # -- persistence ------------------------------------------------------------------------
    def note(self, *, started: bool = False, seats: Sequence[int] = (), **columns: Any) -> None:
        """Note a change that the next :meth:`store` writes with the deals and actions: the
        match started, the ``seats`` that changed, ``columns`` of the table's row (speed...)."""
        self.saved.note(started, [self._stored_seat(i) for i in seats], columns)

    async def store(self) -> None:
        """Write what is not yet stored (the changes noted, the deals dealt and actions taken
        since), grouped with the other tables' changes of this turn of the loop (the group
        commit, :class:`.GroupCommit`, the one way a table's changes are written); return once it is
        committed."""
        await self.store_soon()

    def store_soon(self) -> asyncio.Future[None]:
        """Queue what is not yet stored in this turn's group commit, as :meth:`store` does; the
        future ends once it is committed."""
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

    def keep_flags(self) -> None:
        """Store the seats' autoplay and ready flags in the table's row (a room leaving memory):
        queued in the group commit, not waited for (a failure is logged)."""
        table = self.table
        if table.started and table.status != OVER:
            self.note(seat_flags=seat_flags(table))
            self.store_soon().add_done_callback(_logged)

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

    async def watch(self, ws: WebSocket) -> None:
        """A spectator came: send them the table, tell everybody how many watch."""
        async with self.lock:
            if ws not in self.watchers and len(self.watchers) >= MAX_SPECTATORS:
                await ws.close(1008, "too many spectators")
                return
            if ws not in self.watchers:
                self.watchers.append(ws)
            await self.broadcast([SpectatorsEvent(count=len(self.watchers))])

    async def unwatch(self, ws: WebSocket) -> None:
        """A spectator went away: tell everybody how many still watch. The last socket of the
        room to go makes it idle (it may leave memory once nothing else keeps it busy)."""
        async with self.lock:
            if ws in self.watchers:
                self.watchers.remove(ws)
                if not self.has_connections():
                    self.idle_since = time.monotonic()
                await self.broadcast([SpectatorsEvent(count=len(self.watchers))])

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

    @handles(PingMessage, spectators=True)
    async def ping(self, peer: Peer, message: PingMessage) -> None:
        """Keep-alive (a seat's or a spectator's): answered by ``pong``."""
        await send_json(peer.ws, {"type": "pong"})

    @handles(SyncMessage, spectators=True)
    async def sync(self, peer: Peer, message: SyncMessage) -> None:
        """The socket's ``state`` again (a spectator's, or its seat's)."""
        async with self.lock:
            if peer.seat is None:
                await send_json(peer.ws, self.spectator_message())
            else:
                await send_json(peer.ws, self.state_message(peer.seat))

    @handles(ResignMessage)
    async def resign(self, peer: Peer, message: ResignMessage) -> None:
        """A seat's ``resign``: it goes to the computer for good (a refusal is raised)."""
        async with self.lock:
            seat = peer.player
            events = self.table.resign(seat)
            self.votes.discard(seat)
            self.note(seats=[seat], resigned=list(self.table.resigned))  # stored by the commit
            self.gone_since.pop(seat, None)
            # the person's sockets watch from now on: they are no longer sent the seat's hand
            self.watchers.extend(self.sockets.pop(seat, []))
            await self.commit(events)

    @handles(SpeedMessage)
    async def speed(self, peer: Peer, message: SpeedMessage) -> None:
        """A seat's ``speed``: the computer players' speed (the host's to set)."""
        async with self.lock:
            seat, speed = peer.player, message.speed
            if speed not in SPEEDS:
                choices = ", ".join(SPEEDS)
                raise TableError("bad_speed", f"the speed is one of {choices}, not {speed!r}")
            if seat != self.host and len(self.table.human_seats()) > 1:
                raise TableError("not_host", "only the host can change the computer players' speed")
            self.pace.speed = speed
            self.note(speed=speed)  # stored by the commit
            await self.commit([SpeedEvent(seat=seat, speed=speed)])

    @handles(RematchMessage)
    async def rematch(self, peer: Peer, message: RematchMessage) -> None:
        """A seat's ``rematch``: its vote; the rematch starts once everybody present asked."""
        async with self.lock:
            seat = peer.player
            if self.table.status != OVER:
                raise TableError(
                    "match_not_over", "a rematch can be asked for once the match is over"
                )
            if self.table.seats[seat].is_bot:
                raise TableError("not_a_person", "a resigned seat cannot ask for a rematch")
            if self.rematch_id is not None:
                raise TableError("rematch_started", "the rematch has already started")
            self.votes.add(seat)
            await self._maybe_rematch(peer.rooms, [RematchAskedEvent(seat=seat)])

    # -- the rematch ------------------------------------------------------------------------
    def after_leaving(self, rooms: Rooms) -> None:
        """A person left: those still here may all have asked for the rematch. Checked in a
        task of its own (the leaving socket's handler may be cancelled as it ends)."""
        if self.table.status != OVER or not self.votes:
            return

        async def check() -> None:
            async with self.lock:
                await self._maybe_rematch(rooms, [])

        task = asyncio.create_task(check())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _maybe_rematch(self, rooms: Rooms, events: list[Event]) -> None:
        """Start the rematch if everybody present asked for it; else send ``events``."""
        present = {i for i in self.table.human_seats() if self.sockets.get(i)}
        if self.rematch_id is not None or not present or not present <= self.votes:
            if events:
                await self.broadcast(events)
            return
        new, tokens = self._rematch_table(self.votes & present)
        rooms.add(new)
        await new.store()  # its start and first deal
        self.rematch_id = new.table_id
        self.note(rematch_id=new.table_id)
        await self.store()
        for old, token in tokens.items():
            url = f"/table/{new.table_id}?seat={(old + 1) % len(self.table.seats)}#token={token}"
            for ws in self.sockets.get(old, []):
                await send_json(ws, {"type": "rematch", "table_id": new.table_id, "url": url})
        for ws in list(self.watchers):
            link = {"type": "rematch", "table_id": new.table_id, "url": f"/watch/{new.table_id}"}
            await send_json(ws, link)
        await self.broadcast([*events, RematchEvent(table_id=new.table_id)])

    def _rematch_table(self, people: set[int]) -> tuple[Room, dict[int, str]]:
        """The rematch's table, stored and started, with its room (its start to be stored by the
        caller); the new token of each person."""
        old = self.table
        stand_in = self.settings.stand_in
        seats = rotated_seats(old, people, stand_in)
        n = len(seats)
        tokens = {i: secrets.token_urlsafe(24) for i in sorted(people)}
        host = (self.host + 1) % n if self.host in people else (min(people) + 1) % n
        stored = [
            StoredSeat.of(
                i,
                s,
                host=i == host,
                token_hash=hash_token(tokens[(i - 1) % n]) if (i - 1) % n in tokens else None,
            )
            for i, s in enumerate(seats)
        ]
        table_id, invite = secrets.token_urlsafe(6), secrets.token_urlsafe(6)
        seed = secrets.randbits(62)
        fmt = str(old.match.format)
        table = Table(old.ruleset, seats, fmt, seed, stand_in=stand_in)
        row = StoredTable(
            table_id, old.ruleset.to_dict(), fmt, seed, invite, False, stand_in, self.lang, stored,
            [], hints=self.hints, speed=self.pace.speed, rematch_of=self.table_id,
        )  # fmt: skip
        self.storage.create_table(row)
        new = Room(
            table_id, table, stored, invite, storage=self.storage, settings=self.settings,
            pool=self.pool, commits=self.commits, limiter=self.limiter, lang=self.lang,
            hints=self.hints,
        )  # fmt: skip
        new.pace.speed = self.pace.speed
        table.start()
        new.note(started=True)  # stored by the caller
        return new, tokens

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
                settings = self.settings
                await asyncio.sleep(self.pace.wait(settings.bot_delay, settings.trick_hold))
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
                await self.mark_played_out()  # no restart resumes it
            return False
        await asyncio.sleep(3 * self.settings.trick_hold)
        async with self.lock:
            if self.table.status == DEAL_OVER:
                events = self.table.next_deal()
                await self.store()
                await self.broadcast(events)
        return True

    async def mark_played_out(self) -> None:
        """Store that the unattended match of the table is over: no start resumes it again."""
        async with self.lock:
            self.note(played_out=True)
            await self.store()

    async def _think(self, request: BotRequest) -> Any:
        return await self.pool.decide(request.level, request.seed, request.observation)

    def stop_timers(self) -> None:
        """Stop the absent seats' timeouts (a room leaving memory: nothing may hold it)."""
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()

    async def close(self) -> None:
        """Stop the room's tasks, its move clock and the checks still running."""
        tasks = [t for t in (self._driver, *self._timers.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.clock.close()
        for check in list(self._tasks):
            check.cancel()


def rotated_seats(table: Table, people: set[int], stand_in: str) -> list[Seat]:
    """The rematch's seats: seat ``i``'s player at ``(i + 1) % n``; a person not in ``people``
    is played by the computer player ``stand_in`` (under their name).

    >>> from briscola.core.rules import preset
    >>> t = Table(preset("three"), [Seat.human("A"), Seat.computer("random", "B"), Seat.human("C")])
    >>> [(s.kind, s.name) for s in rotated_seats(t, {0}, "simple")]
    [('bot', 'C'), ('human', 'A'), ('bot', 'B')]
    """
    n = len(table.seats)
    seats: list[Seat] = [Seat()] * n
    for old, s in enumerate(table.seats):
        if s.is_bot:
            seat = Seat.computer(s.bot or stand_in, s.name)
        elif old in people:
            seat = Seat.human(s.name)
        else:
            seat = Seat.computer(stand_in, s.name)
        seats[(old + 1) % n] = seat
    return seats


def _point(table: Table) -> list[int]:
    """Where the game is: the number of deals and of actions in all of them."""
    return [len(table.deals), sum(len(deal.actions) for deal in table.deals)]


def seat_flags(table: Table) -> dict[str, Any]:
    """The flags to keep: the point reached and the seats on autoplay and ready."""
    return {
        "at": _point(table),
        "autoplay": [i for i, s in enumerate(table.seats) if s.autoplay and not s.is_bot],
        "ready": [i for i, s in enumerate(table.seats) if s.ready and not s.is_bot],
    }


def _restore_flags(table: Table, kept: Any) -> None:
    """Give the seats of a table just loaded the flags ``kept`` for it (its ``seat_flags``), if
    its game is still where it was then (anything unreadable or stale is ignored; a table that
    moved on since, through another process or after a crash, keeps its own). A deal that this
    deals (every person had asked) is stored by the caller, as any change of a loaded table is."""
    if not isinstance(kept, dict) or kept.get("at") != _point(table):
        return
    humans = set(table.human_seats())
    for seat in _flag_seats(kept.get("autoplay"), humans):
        table.set_autoplay(seat, True)
    if table.status != DEAL_OVER:
        return
    for seat in _flag_seats(kept.get("ready"), humans):
        try:
            table.ready(seat)
        except TableError:  # dealt on already (the others had all asked)
            return


def _flag_seats(value: Any, humans: set[int]) -> list[int]:
    """The person seats of a kept list (anything else in it ignored)."""
    if not isinstance(value, list):
        return []
    return [s for s in value if isinstance(s, int) and s in humans]


def _logged(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and (error := done.exception()) is not None:
        log.error("could not keep the seat flags of a table leaving memory: %s", error)
