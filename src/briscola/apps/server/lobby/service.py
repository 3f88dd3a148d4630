"""The lobby of one server process: its players' lobby sockets, their seeks, and the tables made
for the groups the pool finds.

Every :data:`TICK` seconds, while some player here seeks, the lobby asks the pool (:mod:`.pool`,
or :mod:`.shared` across processes) for the groups to seat; for each one it makes the table
through the table API's own code (:meth:`~briscola.apps.server.rooms.Rooms.new`: stored,
started, rated or casual), links each seat to its player (``PlayerSeatRow``) and tells each
seeker ``matched`` with its seat's URL. The token in that URL is minted by the process that
holds the seeker's socket when the seek is made (only its hash leaves it, through the database
when another process makes the table). It also sends ``seeking`` when a seeker's window widens,
``offer`` after ``lobby_offer_seconds``, and the lobby's numbers (``lobby``) when they change,
at most every :data:`NUMBERS_EVERY` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from starlette.websockets import WebSocket

from briscola.apps.server import catalog, tables
from briscola.apps.server.errors import Refusal
from briscola.apps.server.lobby.messages import (
    GAMES,
    LobbyMessage,
    MatchedMessage,
    OfferMessage,
    SeekingMessage,
    SeekMessage,
)
from briscola.apps.server.lobby.pool import Entry, Group, MemoryPool, bucket_of, seat_order, window
from briscola.apps.server.lobby.presence import Numbers, open_tables, playing_here
from briscola.apps.server.lobby.sending import failed, link_seats, send
from briscola.apps.server.players.accounts import Accounts, Player
from briscola.apps.server.ratings import cooldown_until, rating_of
from briscola.apps.server.room import seat_url
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.store import hash_token
from briscola.core.match import MatchFormat
from briscola.core.rules import preset
from briscola.session.table import Seat

__all__ = ["NUMBERS_EVERY", "TICK", "Lobby", "Seeker"]

log = logging.getLogger(__name__)

TICK: Final = 0.1
"""Seconds between two looks at the pool."""
NUMBERS_EVERY: Final = 2.0
"""Seconds between two looks at the lobby's numbers (sent when they changed)."""
TABLES_EVERY: Final = 2.0
"""Seconds between two looks at the open public tables (in the database)."""


@dataclass
class Seeker:
    """A seek of a player connected here: the entry in the pool and the seat token minted for
    the table it will get."""

    player: Player
    entry: Entry
    token: str
    offered: bool = False
    shown_window: int = 0

    @property
    def alone(self) -> bool:
        """Offered computer players after a while (a person's seek; a bot account waits)."""
        return not self.player.bot


class Lobby:
    """The lobby of this process (see the module). ``pool``: where seeks wait (default: this
    process's memory); ``process``: this process's name among several."""

    def __init__(self, rooms: Rooms, pool: Any = None, process: str = "") -> None:
        self.rooms = rooms
        self.engine = rooms.storage.engine
        self.accounts = Accounts(self.engine)
        self.pool: Any = pool if pool is not None else MemoryPool()
        self.process = process or f"p{secrets.token_hex(4)}"
        self.sockets: dict[str, list[WebSocket]] = {}
        self.seekers: dict[str, Seeker] = {}
        self.numbers = Numbers(0, 0, 0)
        self.tables: list[dict[str, Any]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._started = False
        self.seated: deque[float] = deque(maxlen=10_000)  # seconds from a group's last arrival

    # -- its life --------------------------------------------------------------------------------
    def start(self) -> None:
        """Start looking at the pool (on the running loop; again: nothing)."""
        if self._started:
            return
        self._started = True
        for loop in (self._match_loop, self._numbers_loop, self._tables_loop):
            self._spawn(loop())
        starting = getattr(self.pool, "start", None)
        if starting is not None:
            self._spawn(starting(self.deliver))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop; this process's seeks leave the pool."""
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for player in list(self.seekers):
            with contextlib.suppress(Exception):
                await self.pool.remove(player)
        self.seekers.clear()
        with contextlib.suppress(Exception):
            await self.pool.close()
        self._started = False

    # -- sockets ---------------------------------------------------------------------------------
    async def join(self, ws: WebSocket, player: Player) -> None:
        """A lobby socket of ``player`` opened: it gets the lobby's numbers at once (everybody
        gets the new count from the numbers' loop, within :data:`NUMBERS_EVERY`)."""
        self.start()
        self.sockets.setdefault(player.id, []).append(ws)
        await send(ws, self._lobby_message().model_dump())

    async def leave(self, ws: WebSocket, player: Player) -> None:
        """A lobby socket closed; the player's last one takes their seek out of the pool."""
        sockets = self.sockets.get(player.id, [])
        if ws in sockets:
            sockets.remove(ws)
        if not sockets:
            self.sockets.pop(player.id, None)
            await self.cancel(player)

    async def tell(self, player_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every lobby socket of the player here."""
        for ws in list(self.sockets.get(player_id, [])):
            await send(ws, message)

    # -- the messages ----------------------------------------------------------------------------
    async def seek(self, player: Player, message: SeekMessage, lang: str | None) -> None:
        """Put the player's seek in the pool (replacing one they had), or refuse it."""
        game = message.game
        if game not in GAMES:
            raise Refusal("unknown_game", f"the games online are {', '.join(GAMES)}, not {game!r}")
        ruleset = tables.offered_ruleset(game, message.options)  # its ApiError is a refusal too
        rated = message.rated
        if rated and (player.guest and not player.bot):
            raise Refusal("rated_needs_account", "rated games are for claimed accounts")
        if rated:
            until = await asyncio.to_thread(_cooldown, self.engine, player.id)
            if until is not None:
                raise Refusal("cooldown", f"no rated game before {until}", until=until)
        rating = await asyncio.to_thread(_rating, self.engine, player.id, game)
        bots = player.bot or message.opponents == "bots"
        default = preset(game).to_dict()
        options = {k: v for k, v in ruleset.to_dict().items() if k in message.options}
        options = {k: v for k, v in options.items() if v != default.get(k)}  # one bucket
        await self.cancel(player)
        entry = Entry(
            player.id, self.process, bucket_of(game, options, rated, bots), game, rating,
            time.time(), bot=player.bot, rated=rated, lang=lang or "it",
        )  # fmt: skip
        token = secrets.token_urlsafe(24)
        seeker = Seeker(player, entry, token, shown_window=window(0))
        self.seekers[player.id] = seeker
        remember = getattr(self.pool, "remember", None)  # several processes: the hash, stored
        if remember is not None:
            await remember(entry, player.name, hash_token(token))
        await self.pool.add(entry)
        await self.tell(player.id, self._seeking(seeker, 0.0).model_dump())

    async def cancel(self, player: Player) -> None:
        """Take the player's seek out of the pool (nothing when there is none)."""
        seeker = self.seekers.pop(player.id, None)
        if seeker is not None:
            await self.pool.remove(player.id)
            forget = getattr(self.pool, "forget", None)
            if forget is not None:
                await forget(player.id)

    async def fill(self, player: Player) -> None:
        """After the offer: a table now, the empty seats for computer players (casual)."""
        seeker = self.seekers.get(player.id)
        if seeker is None or not seeker.offered:
            raise Refusal("no_offer", "fill comes after an offer, while seeking")
        if not await self.pool.remove(player.id):
            return  # seated meanwhile: the matched message is on its way
        seats = preset(seeker.entry.game).players - 1
        await self._seat_all([Group((seeker.entry,), computers=seats)])

    # -- the loops -------------------------------------------------------------------------------
    async def _match_loop(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            if not self.seekers:  # a process with seekers of its own matches everybody's
                continue
            try:
                await self._seat_all(await self.pool.take_groups(time.time()))
                await self._look_at_seekers()
            except Exception:
                failed("the lobby's pool failed")

    async def _look_at_seekers(self) -> None:
        now = time.time()
        offer_after = self.rooms.settings.lobby_offer_seconds
        for seeker in list(self.seekers.values()):
            waited = now - seeker.entry.since
            if seeker.alone and not seeker.offered and waited >= offer_after:
                seeker.offered = True
                await self.tell(seeker.player.id, OfferMessage().model_dump())
            if (
                not seeker.entry.bucket.startswith("bots|")
                and window(waited) != seeker.shown_window
            ):
                seeker.shown_window = window(waited)
                await self.tell(seeker.player.id, self._seeking(seeker, waited).model_dump())

    async def _numbers_loop(self) -> None:
        while True:
            await asyncio.sleep(NUMBERS_EVERY)
            try:
                await self._update_numbers()
            except Exception:
                failed("the lobby's numbers failed")

    async def _update_numbers(self) -> None:
        local = Numbers(self._online(), len(self.seekers), playing_here(self.rooms))
        share = getattr(self.pool, "share", None)
        numbers = await share(local) if share is not None else local
        if share is None:
            numbers = Numbers(local.online, await self.pool.searching(), local.playing)
        if numbers != self.numbers:
            self.numbers = numbers
            await self._broadcast()

    async def _tables_loop(self) -> None:
        while True:
            try:
                if not self.sockets:  # nobody here to show them to
                    await asyncio.sleep(TABLES_EVERY)
                    continue
                found = await asyncio.to_thread(open_tables, self.engine)
                if found != self.tables:
                    self.tables = found
                    await self._broadcast()
            except Exception:
                failed("the lobby's open tables failed")
            await asyncio.sleep(TABLES_EVERY)

    async def _broadcast(self) -> None:
        text = self._lobby_message().model_dump_json()  # once for everybody
        for n, ws in enumerate([ws for sockets in self.sockets.values() for ws in sockets]):
            await send(ws, text)
            if n % 100 == 99:  # the pool is looked at meanwhile
                await asyncio.sleep(0)

    def _online(self) -> int:
        return len(self.sockets)

    def _lobby_message(self) -> LobbyMessage:
        n = self.numbers
        return LobbyMessage.model_validate(
            {
                "online": n.online,
                "searching": n.searching,
                "playing": n.playing,
                "tables": self.tables,
            }
        )

    def _seeking(self, seeker: Seeker, waited: float) -> SeekingMessage:
        e, half = seeker.entry, window(waited)
        low, high = int(e.rating) - half, int(e.rating) + half
        return SeekingMessage(game=e.game, rated=e.rated, waited=round(waited, 1),
                              window=(low, high))  # fmt: skip

    # -- seating a group -------------------------------------------------------------------------
    async def _seat_all(self, groups: list[Group]) -> None:
        """Make each group's table, link all their seats (one transaction), tell the seekers
        (here, or their process)."""
        made: list[tuple[str, Group, dict[str, int]]] = []
        for group in groups:
            table = await self._table(group)
            if table is not None:
                made.append((table[0], group, table[1]))
        if not made:
            return
        links = [(table_id, seat, player) for table_id, _, seated in made
                 for player, seat in seated.items()]  # fmt: skip
        await asyncio.to_thread(link_seats, self.engine, links)
        now = time.time()
        for table_id, group, seated in made:
            self.seated.append(now - max(e.since for e in group.entries))
            for e in group.entries:
                if e.process == self.process:
                    await self.deliver(e.player, table_id, seated[e.player])
                else:
                    await self.pool.deliver(e.process, e.player, table_id, seated[e.player])

    async def _table(self, group: Group) -> tuple[str, dict[str, int]] | None:
        """The group's table, made through the table API's code: its id and each seeker's
        seat; None when it could not be made (the seekers here are told why)."""
        first = group.entries[0]
        ruleset = tables.offered_ruleset(first.game, first.options())
        order = seat_order(group.entries, ruleset)
        known = await self._known([e.player for e in group.entries])
        levels = [None if e is not None else catalog.DEFAULT_LEVEL for e in order]
        names = tables.computer_names(levels, [name for name, _ in known.values()])
        seats: list[Seat] = []
        hashes: list[str | None] = []
        for i, e in enumerate(order):
            if e is None:
                seats.append(Seat.computer(catalog.DEFAULT_LEVEL, names[i]))
                hashes.append(None)
            else:
                name, token_hash = known.get(e.player, ("", None))
                seats.append(Seat.human(name or tables.seat_name("", i, first.lang)))
                hashes.append(token_hash)
        try:
            room = self.rooms.new(
                ruleset, MatchFormat.parse("single"), seats, first.lang, dict(enumerate(hashes)),
                start=True, rated=group.rated,
            )  # fmt: skip
        except Exception as exc:  # a full server: the seekers are told, their seeks dropped
            code = getattr(exc, "code", "internal")
            if code == "internal":
                log.exception("a quick match's table could not be made")
            for e in group.entries:
                await self._refuse_remote(e, code)
            return None
        return room.table_id, {e.player: i for i, e in enumerate(order) if e is not None}

    async def _known(self, players: list[str]) -> dict[str, tuple[str, str | None]]:
        """Each player's name and seat token hash: from the seekers here, else as their process
        stored them (several processes)."""
        known: dict[str, tuple[str, str | None]] = {}
        for p in players:
            if (s := self.seekers.get(p)) is not None:
                known[p] = (s.player.name, hash_token(s.token))
        missing = [p for p in players if p not in known]
        recall: Callable[[list[str]], Awaitable[dict[str, tuple[str, str | None]]]] | None
        recall = getattr(self.pool, "recall", None)
        if missing and recall is not None:
            known |= await recall(missing)
        return known

    async def deliver(self, player: str, table_id: str, seat: int) -> None:
        """Tell a seeker here that its table is made: ``matched`` with its seat's URL."""
        seeker = self.seekers.pop(player, None)
        if seeker is None:
            return  # gone meanwhile: the stand-in plays the seat
        forget = getattr(self.pool, "forget", None)
        if forget is not None:
            await forget(player)
        url = seat_url(table_id, seat, seeker.token)
        matched = MatchedMessage(table_id=table_id, seat=seat, url=url)
        await self.tell(player, matched.model_dump())

    async def _refuse_remote(self, entry: Entry, code: str) -> None:
        if entry.process == self.process:
            self.seekers.pop(entry.player, None)
            refusal = Refusal(code, "the server could not make the table: try again")
            await self.tell(entry.player, refusal.worded(entry.lang))


def _rating(engine: Any, player_id: str, game: str) -> float:
    return float(rating_of(engine, player_id, game))


def _cooldown(engine: Any, player_id: str) -> str | None:
    """When the player's cool-down ends (ISO 8601), or None when there is none now."""
    until = cooldown_until(engine, player_id)
    if until is None:
        return None
    if until.tzinfo is None:
        until = until.replace(tzinfo=UTC)
    return until.isoformat() if until > datetime.now(UTC) else None
