"""A room: one table in play, its seats' and spectators' sockets, its pace and its move clock.

A :class:`Room` holds the :class:`~briscola.session.table.Table` and takes its collaborators when
it is made (:meth:`.rooms.Rooms.new`, :meth:`.rooms.Rooms.get`). Every change is stored before it
is shown (:meth:`Room.commit`); each seat is sent only its own view, each spectator the public one
(:mod:`.views`). Its message handlers register with :func:`~.protocol.handles`. What a socket sees
(spectators, the pace, the move clock, emotes, la rivincita) is docs/web-protocol.md's "The flow
around a game"; the seat flags kept as a room leaves memory, docs/operations.md's "Tables in
memory".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from briscola.apps.server.chat import Chat
from briscola.apps.server.errors import Refusal
from briscola.apps.server.limits import rate_limited
from briscola.apps.server.players.seats import stored_players
from briscola.apps.server.players.upkeep import follow_rematch
from briscola.apps.server.protocol import (
    ActionMessage,
    EmoteMessage,
    NextDealMessage,
    Peer,
    PingMessage,
    RematchMessage,
    ResignMessage,
    SpeedMessage,
    SyncMessage,
    handles,
)
from briscola.apps.server.store import (
    Saved,
    StoredTable,
    hash_token,
    token_matches,
)
from briscola.apps.server.views import Shared, Views, dumps
from briscola.core.option_types import Partnership
from briscola.core.text import has_surrogate
from briscola.session.events import (
    Event,
    RematchAskedEvent,
    RematchEvent,
    SpectatorsEvent,
    SpeedEvent,
    TrickEvent,
)
from briscola.session.table import DEAL_OVER, OVER, WAITING, Seat, Table, TableError

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Rooms


log = logging.getLogger(__name__)

MAX_ID = 100
"""The longest table id or token looked up: longer ones are nobody's."""

MAX_SPECTATORS = 200
"""The most spectators of one table; one more is refused (closed with 1008, ``too many``)."""

Finished = Callable[[str, "Table"], None]
"""Told once that a room's match is over, after the commit that stored its end: the table's id
and the table (the app gives the ratings' recorder to the rooms: `Rooms.finished`)."""

SPEEDS: dict[str, float] = {"lenta": 2.0, "normale": 1.0, "veloce": 0.4}
"""Each speed of the computer players: its factor on the server's delay between their moves."""

EMOTE_GAP = 3.0
"""The fewest seconds between two emotes of one seat: each is shown to everybody for a moment."""


async def send_text(ws: WebSocket, text: str) -> None:
    """Send ``text`` to one socket; one that went away is left to its own handler."""
    try:
        await ws.send_text(text)
    except Exception:
        log.debug("could not send to a socket that went away")


@dataclass
class Pace:
    """A table's speed and when its last trick was completed (``time.monotonic`` seconds)."""

    speed: str = "normale"
    trick_at: float | None = None

    def saw_trick(self, now: float | None = None) -> None:
        """A trick was just completed and sent to every screen."""
        self.trick_at = time.monotonic() if now is None else now

    def wait(self, bot_delay: float, trick_hold: float, now: float | None = None) -> float:
        """Seconds before the next computer move: the delay at this speed, and at least what is
        left of the hold of the last trick."""
        delay = bot_delay * SPEEDS[self.speed]
        if self.trick_at is not None:
            clock = time.monotonic() if now is None else now
            delay = max(delay, self.trick_at + trick_hold - clock)
        return round(max(0.0, delay), 6)


class RoomLock(asyncio.Lock):
    """A room's lock that counts who holds it or waits for it (:attr:`users`): a room in use is
    never let go."""

    users = 0

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
    """A table in play, its connections and its pace. See the module's documentation."""

    def __init__(
        self,
        table: Table,
        row: StoredTable,
        rooms: Rooms,
        saved: Sequence[tuple[bool, int]] | None = None,
    ) -> None:
        """``row``: the table's stored row (its speed, resignations, rematch and seat flags are
        taken back). ``rooms``: the process's, whose settings, computer players, group commit
        and rate limits the room uses. ``saved``: a table loaded again, for each deal whether
        storage has its row and how many of its actions (None: a new table, everything it holds
        is stored)."""
        self.table = table
        self.table_id = row.id
        self.stored_seats = list(row.seats)
        self.host = next((s.seat for s in row.seats if s.host), 0)  # the host's seat
        self.invite_code = row.invite_code
        self.lang = row.lang
        self.hints = row.hints
        self.rooms, self.settings = rooms, rooms.settings
        self.commits = rooms.commits  # another process's room: one that refuses (cluster/)
        self.finished = None if table.status == OVER else rooms.finished  # told once, at its end
        self.lock = RoomLock()
        self.sockets: dict[int, list[WebSocket]] = {}
        self.watchers: list[WebSocket] = []
        self.pace = Pace(row.speed) if row.speed in SPEEDS else Pace()
        self.votes: set[int] = set()
        self.timed_out = list(row.timed_out or [0] * len(table.seats))  # moves the clock gave
        self.emoted: dict[int, float] = {}  # each seat's last emote (time.monotonic())
        self.chat = Chat(row.chat)  # free-text chat, where the host allows it (:mod:`.chat`)
        now = time.monotonic()
        self.idle_since = now  # when a connection last left (idle from then, if it was the last)
        self.pins = 0  # sockets between their arrival and their hello: the room is not let go
        self.gone_since: dict[int, float] = {i: now for i in table.human_seats()}
        self.saved = Saved(table, saved)  # what storage holds, what it lacks
        self._driver: asyncio.Task[None] | None = None  # the computer players' moves
        # the move clock: the move it times (deal, actions so far), its seat, its deadline
        self._clock: tuple[tuple[int, int], int | None, float] | None = None
        self._timer: tuple[float, asyncio.TimerHandle] | None = None  # its deadline, its handle
        self._tasks: set[asyncio.Task[None]] = set()  # the timer's expiries running
        self.views = Views(table, self.table_id, self.hints)
        if saved is not None:
            self.learn_players()
        self.rematch_id = row.rematch_id
        if row.resigned:
            table.resigned = list(row.resigned)
        table.restore_flags(row.seat_flags)  # a deal this deals is stored as any change

    # -- seats and tokens -------------------------------------------------------------------
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

    def humans_connected(self) -> bool:
        """True while at least one person is connected."""
        seats = self.table.seats
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
        if busy or not (self._driver is None or self._driver.done()):
            return None
        return now - self.idle_since

    def partners_in_deal(self) -> bool:
        """True while partners play a deal: no quick message nor chat then (module)."""
        table = self.table
        in_deal = table.started and table.status not in (DEAL_OVER, OVER)
        return in_deal and table.ruleset.partnership is not Partnership.NONE

    # -- messages ---------------------------------------------------------------------------
    def message(self, seat: int | None, shared: Shared | None = None) -> dict[str, Any]:
        """The ``state`` message of ``seat`` (None: a spectator's): only what it may know.
        ``shared``: what every message of this change shares, made once for all of them."""
        shared = shared or self.shared(())
        host = seat == self.host
        invite = self.invite_url() if host and self.table.status == WAITING else None
        return self.views.message(seat, shared, host=host, invite_url=invite)

    def shared(self, events: Sequence[Event]) -> Shared:
        """What every ``state`` message with ``events`` shares (:meth:`.views.Views.shared`)."""
        over, clock = self.table.status == OVER, self._clock
        left = round(max(0.0, clock[2] - time.monotonic()), 1) if clock is not None else 0
        fields = {
            "spectators": len(self.watchers),
            "speed": self.pace.speed,
            "clock": {"seat": clock[1], "left": left} if clock is not None else None,
            "rematch": {"votes": sorted(self.votes), "table_id": self.rematch_id} if over else None,
            "watch_url": f"/watch/{self.table_id}",
            "trick_hold_ms": round(self.settings.trick_hold * 1000),
            "chat": self.chat.open(self.table),
        }
        return self.views.shared(events, fields)

    async def broadcast(self, events: Sequence[Event], skip: WebSocket | None = None) -> None:
        """Send every connected seat its own view with ``events``, the spectators theirs; note
        a completed trick and set the timer first."""
        if any(isinstance(e, TrickEvent) for e in events):
            self.pace.saw_trick()
        self._arm()
        shared: Shared | None = None  # made once, if anybody is sent it
        for seat, sockets in list(self.sockets.items()):
            targets = [ws for ws in sockets if ws is not skip]
            if targets:
                shared = shared or self.shared(events)
                text = dumps(self.message(seat, shared))
                for ws in targets:
                    await send_text(ws, text)
        if self.watchers:
            text = dumps(self.message(None, shared or self.shared(events)))
            for ws in list(self.watchers):
                await send_text(ws, text)

    async def tell(self, message: dict[str, Any], to: Sequence[WebSocket] | None = None) -> None:
        """Send ``message`` to the sockets ``to`` (default: every seat's and spectator's)."""
        text = dumps(message)
        if to is None:
            to = [*(ws for group in self.sockets.values() for ws in group), *self.watchers]
        for ws in list(to):
            await send_text(ws, text)

    async def error(self, ws: WebSocket, refusal: Refusal) -> None:
        """Send an error to one socket, worded in the table's language."""
        await self.tell(refusal.worded(self.lang), [ws])

    # -- the timer: the move clock and the absent people's timeout -------------------------
    def _move_key(self) -> tuple[int, int] | None:
        """The move the clock times, (deal, actions so far): a person's, at a table of several
        people with one of them connected; else None."""
        table = self.table
        if table.to_act() is None or table.bot_to_act() is not None:
            return None
        if len(table.human_seats()) < 2 or not self.humans_connected():
            return None
        assert table.state is not None and table.deal_number is not None
        return (table.deal_number, len(table.state.actions))

    def _arm(self) -> None:
        """Set the room's one timer, after any change, for the earliest deadline: the move
        clock's (started for each new move of a person) or that of the person away the longest
        (at a started table not over, a person connected, a seat the computer does not play)."""
        key, clock, table = self._move_key(), self._clock, self.table
        if key is None:
            clock = None
        elif clock is None or clock[0] != key:
            clock = (key, table.to_act(), time.monotonic() + self.settings.move_timeout)
        self._clock = clock
        due = None if clock is None else clock[2]
        gone = [t for seat, t in self.gone_since.items() if not table.seats[seat].autoplay]
        if gone and table.started and table.status != OVER and self.humans_connected():
            absent = min(gone) + self.settings.human_timeout
            due = absent if due is None else min(due, absent)
        if self._timer is not None and self._timer[0] == due:
            return
        self.stop_timer()
        if due is not None:
            delay = max(0.0, due - time.monotonic())
            self._timer = (due, asyncio.get_running_loop().call_later(delay, self._ring))

    async def _expire(self) -> None:
        """The timer ran out: the seats gone longer than the timeout go to the computer, the
        stand-in makes the move whose clock ran out (if it is still awaited)."""
        try:
            async with self.lock:
                self.stop_timer()  # set again below
                table, clock = self.table, self._clock
                events = self._expire_absent()
                if clock and clock[2] <= time.monotonic() and self._move_key() == clock[0]:
                    seat = table.to_act()
                    if seat is not None and table.seats[seat].connected:  # there, it ran out
                        self.timed_out[seat] += 1  # counted by the ratings (ratings/record.py)
                        self.note(timed_out=list(self.timed_out))  # stored with the move
                    events += table.stand_in_move()
                if events:
                    await self.commit(events)
                # also when woken a little early (uvloop's timers count whole milliseconds from
                # the loop's cached clock): nothing is due yet, and it rings again
                self._arm()
        except Exception:
            log.exception("the timer of table %s failed", self.table_id)

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

    def stop_timer(self) -> None:
        """Stop the room's timer (a room leaving memory: nothing may hold it)."""
        if self._timer is not None:
            self._timer[1].cancel()
            self._timer = None

    def _ring(self) -> None:
        """The timer rang: :meth:`_expire` in a task of its own (cancelled by :meth:`close`)."""
        task = asyncio.create_task(self._expire())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- storing ----------------------------------------------------------------------------
    def note(self, *, seats: Sequence[int] = (), **columns: Any) -> None:
        """Note a change that the next :meth:`store` writes with the deals and actions: the
        ``seats`` that changed, ``columns`` of the table's row (started, speed...)."""
        for i in seats:  # the stored seat brought up to date with the table's
            s, stored = self.table.seats[i], self.stored_seats[i]
            stored.kind, stored.bot, stored.name, stored.joined = s.kind, s.bot, s.name, s.joined
        self.saved.note([self.stored_seats[i] for i in seats], columns)

    def store(self) -> asyncio.Future[None]:
        """Queue what is not yet stored (the changes noted, the deals and actions since) in this
        turn's group commit, the one way a table's changes are written; the future ends once it
        is committed."""
        finished = self.finished if self.table.status == OVER else None
        if finished is not None:
            self.finished = None  # once
            try:
                self.learn_players()  # who took the seats, read again at the end
            except Exception:  # unknown: told (the recorder reads them in its transaction)
                log.exception("the players of table %s could not be read", self.table_id)
            else:
                if not self.views.players:
                    finished = None  # no player took a seat: no result to record
        if finished is not None:  # marked due with the end, its flags kept (ratings/catchup.py)
            self.note(results_due=True, seat_flags=self.table.flags())
        done = self.commits.later(*self.saved.unsaved(self.table_id, self.table))
        if finished is not None:
            done.add_done_callback(partial(_tell, finished, self.table_id, self.table))
        return done

    async def save_seat(self, seat: int) -> None:
        """Store a seat after it changed (joined, given to a bot, its player deleted)."""
        self.note(seats=[seat])
        await self.store()
        self.learn_players()

    def learn_players(self) -> None:
        """Read again who took each seat (:mod:`.players.seats`): their avatar, bot mark and
        profile in the states from now on."""
        self.views.players = stored_players(self.commits.storage.engine, self.table_id)

    async def commit(self, events: Sequence[Event]) -> None:
        """After a change: store it, send every seat its view, let the computer players go on."""
        await self.store()
        await self.broadcast(events)
        self.kick()

    def keep_flags(self) -> None:
        """Store the seats' autoplay and ready flags in the table's row (a room leaving memory):
        queued in the group commit, not waited for (a failure is logged)."""
        if self.table.started and self.table.status != OVER:
            self.note(seat_flags=self.table.flags())
            self.store().add_done_callback(_logged)

    # -- connections ------------------------------------------------------------------------
    async def connect(self, seat: int, ws: WebSocket) -> None:
        """A seat's socket joined: send it the state, tell the others."""
        async with self.lock:
            self.sockets.setdefault(seat, []).append(ws)
            self.learn_players()  # the seat's player, linked when it was taken
            self.gone_since.pop(seat, None)
            events = self.table.set_connected(seat, True)
            events += self.table.set_autoplay(seat, False)
            events += self._expire_absent()
            if events:
                await self.store()  # stored before it is shown (a deal dealt for absent seats)
            await self.tell(self.message(seat), [ws])
            await self.chat.replay(ws, self.table)
            if events:
                await self.broadcast(events, skip=ws)
            self._arm()
            self.kick()

    async def disconnect(self, seat: int | None, ws: WebSocket) -> None:
        """A socket left: a spectator's (everybody is told how many still watch), or a seat's
        (its last: the seat's timeout starts, and the rematch if those still here all asked)."""
        async with self.lock:
            self.idle_since = time.monotonic()
            if seat is None or ws in self.watchers:  # a seat's that resigned watches
                if ws in self.watchers:
                    self.watchers.remove(ws)
                    await self.broadcast([SpectatorsEvent(count=len(self.watchers))])
                return
            sockets = self.sockets.get(seat, [])
            if ws in sockets:
                sockets.remove(ws)
            if sockets:
                return
            events = self.table.set_connected(seat, False)
            if seat in self.table.human_seats():
                self.gone_since[seat] = time.monotonic()
            await self._maybe_rematch(events)

    async def watch(self, ws: WebSocket) -> None:
        """A spectator came: send them the table, tell everybody how many watch."""
        async with self.lock:
            if len(self.watchers) >= MAX_SPECTATORS:
                await ws.close(1008, "too many spectators")
                return
            self.watchers.append(ws)
            await self.broadcast([SpectatorsEvent(count=len(self.watchers))])
            await self.chat.replay(ws, self.table)

    # -- messages from a socket (a refusal is raised, for the socket loop to word) ----------
    @handles(ActionMessage)
    async def act(self, peer: Peer, message: ActionMessage) -> None:
        """A seat's ``action``: the table takes it and everybody is told."""
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
        await self.tell({"type": "pong"}, [peer.ws])

    @handles(SyncMessage, spectators=True)
    async def sync(self, peer: Peer, message: SyncMessage) -> None:
        """The socket's ``state`` again (a spectator's, or its seat's)."""
        async with self.lock:
            await self.tell(self.message(peer.seat), [peer.ws])

    @handles(ResignMessage)
    async def resign(self, peer: Peer, message: ResignMessage) -> None:
        """A seat's ``resign``: it goes to the computer for good; its sockets watch from now on
        (they are no longer sent the seat's hand)."""
        async with self.lock:
            seat = peer.player
            events = self.table.resign(seat)
            self.votes.discard(seat)
            self.note(seats=[seat], resigned=list(self.table.resigned))  # stored by the commit
            self.gone_since.pop(seat, None)
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

    @handles(EmoteMessage)
    async def emote(self, peer: Peer, message: EmoteMessage) -> None:
        """A seat's quick message or emote (a closed set), limited by seat, not by address."""
        if self.partners_in_deal():
            raise TableError(
                "emote_in_deal", "with partners, quick messages wait for the deal's end"
            )
        seat, now = peer.player, time.monotonic()
        wait = self.emoted.get(seat, -EMOTE_GAP) + EMOTE_GAP - now
        if wait > 0:
            raise rate_limited(wait, "messages")
        self.emoted[seat] = now
        async with self.lock:
            await self.tell({"type": "emote", "seat": seat, "emote": message.emote})

    # -- the rematch ------------------------------------------------------------------------
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
            await self._maybe_rematch([RematchAskedEvent(seat=seat)])

    async def _maybe_rematch(self, events: list[Event]) -> None:
        """Start the rematch if everybody present asked for it; else send ``events``."""
        old, stand_in, rooms = self.table, self.settings.stand_in, self.rooms
        present = {i for i in old.human_seats() if self.sockets.get(i)}
        if self.rematch_id is not None or not present or not present <= self.votes:
            return await self.broadcast(events)
        moves = {i: (i + 1) % len(old.seats) for i in present}  # each person's new seat
        tokens = {moves[i]: secrets.token_urlsafe(24) for i in present}  # by the new seat
        hashes = {i: hash_token(token) for i, token in tokens.items()}
        new = rooms.new(
            old.ruleset, old.match.format, rotated_seats(old, present, stand_in), self.lang,
            hashes, host=moves[self.host if self.host in present else min(present)], start=True,
            over_cap=True, hints=self.hints, speed=self.pace.speed, rematch_of=self.table_id,
            chat=self.chat.allowed,
        )  # fmt: skip
        table_id = new.table_id
        follow_rematch(rooms.storage.engine, self.table_id, table_id, moves)
        self.rematch_id = table_id
        self.note(rematch_id=table_id)
        await self.store()
        for i, seat in moves.items():
            url = seat_url(table_id, seat, tokens[seat])
            await self.tell({"type": "rematch", "table_id": table_id, "url": url}, self.sockets[i])
        watch = {"type": "rematch", "table_id": table_id, "url": f"/watch/{table_id}"}
        await self.tell(watch, self.watchers)
        await self.broadcast([*events, RematchEvent(table_id=table_id)])

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
        its answer unless the table moved on meanwhile; an unattended match is dealt on and
        marked played out at its end (docs/web-protocol.md, ``resign``)."""
        table, settings = self.table, self.settings
        thinking: asyncio.Future[Any] | None = None
        try:
            while self.plays_on():
                request = table.bot_request()
                if request is not None:
                    thinking = asyncio.ensure_future(
                        self.rooms.pool.decide(request.level, request.seed, request.observation)
                    )
                    await asyncio.sleep(self.pace.wait(settings.bot_delay, settings.trick_hold))
                    action = await thinking
                elif table.unattended and table.status == DEAL_OVER:
                    await asyncio.sleep(3 * settings.trick_hold)
                else:
                    if table.unattended and table.status == OVER:
                        await self.mark_played_out()  # no restart resumes it
                    break
                async with self.lock:
                    if request is not None:
                        events = table.bot_answer(request, action)
                    else:
                        events = table.next_deal() if table.status == DEAL_OVER else None
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

    async def mark_played_out(self) -> None:
        """Store that the unattended match of the table is over: no start resumes it again."""
        async with self.lock:
            self.note(played_out=True)
            await self.store()

    async def close(self) -> None:
        """Stop the room's timer and its computer players."""
        self.stop_timer()
        for task in self._tasks:
            task.cancel()
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._driver


def seat_url(table_id: str, seat: int, token: str) -> str:
    """The link of a table's seat, holding its ``token``."""
    return f"/table/{table_id}?seat={seat}#token={token}"


def rotated_seats(table: Table, people: set[int], stand_in: str) -> list[Seat]:
    """The rematch's seats: seat ``i``'s player at ``(i + 1) % n``; a person not in ``people``
    is played by the computer player ``stand_in`` (under their name)."""
    seats = [
        Seat.human(s.name)
        if i in people and not s.is_bot
        else Seat.computer(s.bot or stand_in, s.name)
        for i, s in enumerate(table.seats)
    ]
    return seats[-1:] + seats[:-1]


def _tell(finished: Finished, table_id: str, table: Table, done: asyncio.Future[None]) -> None:
    """The match's end is stored: tell ``finished`` (a failure is logged)."""
    if done.cancelled() or done.exception() is not None:
        return
    try:
        finished(table_id, table)
    except Exception:
        log.exception("the end of table %s could not be told", table_id)


def _logged(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and (error := done.exception()) is not None:
        log.error("could not keep the seat flags of a table leaving memory: %s", error)
