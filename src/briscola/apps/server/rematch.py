"""La rivincita: once a match is over, its players may play again with the same rules.

Each person asks with a ``rematch`` message; the rematch starts when every person still at the
table (connected, not resigned) has asked. The new table has the same ruleset, match format,
speed and language, a new seed, and the seats rotated by one (seat ``i`` sits at ``i + 1``, so
another player deals first); a person who did not ask (absent) is played there by the computer,
as are the computer players and resigned seats. Each person who asked is sent a ``rematch``
message with their new seat's link (a new token); spectators are sent the new table's watch
link. The old table keeps the new one's id (its ``rematch_id`` column, in every later state).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

from briscola.apps.server.flow import send_json
from briscola.apps.server.store import StoredSeat, StoredTable, hash_token
from briscola.session.table import OVER, Event, Seat, Table, TableError

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Room, Rooms

__all__ = ["after_leaving", "maybe_start", "rotated_seats", "vote"]


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


def _present(room: Room) -> set[int]:
    """The people at the table now: connected human seats (resigned seats are the computer's)."""
    return {i for i in room.table.human_seats() if room.sockets.get(i)}


async def vote(rooms: Rooms, room: Room, seat: int) -> None:
    """``seat`` asks for the rematch; it starts once everybody present has asked."""
    table = room.table
    if table.status != OVER:
        raise TableError("match_not_over", "a rematch can be asked for once the match is over")
    if table.seats[seat].is_bot:
        raise TableError("not_a_person", "a resigned seat cannot ask for a rematch")
    flow = room.flow
    if flow.rematch_id is not None:
        raise TableError("rematch_started", "the rematch has already started")
    flow.votes.add(seat)
    await maybe_start(rooms, room, [Event("rematch_asked", {"seat": seat})])


def after_leaving(rooms: Rooms, room: Room) -> None:
    """A person left: those still here may all have asked for the rematch. Checked in a task of
    its own (the leaving socket's handler may be cancelled as it ends)."""
    if room.table.status != OVER or not room.flow.votes:
        return

    async def check() -> None:
        async with room.lock:
            await maybe_start(rooms, room, [])

    task = asyncio.create_task(check())
    room.flow.tasks.add(task)
    task.add_done_callback(room.flow.tasks.discard)


async def maybe_start(rooms: Rooms, room: Room, events: list[Event]) -> None:
    """Start the rematch if everybody present asked for it; else send ``events``."""
    flow = room.flow
    present = _present(room)
    if flow.rematch_id is not None or not present or not present <= flow.votes:
        if events:
            await room.broadcast(events)
        return
    new, tokens = _new_table(rooms, room, flow.votes & present)
    await new.store()  # its start and first deal
    flow.rematch_id = new.table_id
    room.note(rematch_id=new.table_id)
    await room.store()
    for old, token in tokens.items():
        url = f"/table/{new.table_id}?seat={(old + 1) % len(room.table.seats)}#token={token}"
        for ws in room.sockets.get(old, []):
            await send_json(ws, {"type": "rematch", "table_id": new.table_id, "url": url})
    for ws in list(flow.watchers):
        link = {"type": "rematch", "table_id": new.table_id, "url": f"/watch/{new.table_id}"}
        await send_json(ws, link)
    await room.broadcast([*events, Event("rematch", {"table_id": new.table_id})])


def _new_table(rooms: Rooms, room: Room, people: set[int]) -> tuple[Room, dict[int, str]]:
    """The rematch's table, stored and started, with its room; the new token of each person."""
    from briscola.apps.server.rooms import Room

    old = room.table
    stand_in = room.settings.stand_in
    seats = rotated_seats(old, people, stand_in)
    n = len(seats)
    tokens = {i: secrets.token_urlsafe(24) for i in sorted(people)}
    host = (room.host + 1) % n if room.host in people else (min(people) + 1) % n
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
        table_id, old.ruleset.to_dict(), fmt, seed, invite, False, stand_in, room.lang, stored, [],
        hints=room.hints, speed=room.flow.pace.speed, rematch_of=room.table_id,
    )  # fmt: skip
    room.storage.create_table(row)
    new = Room(
        table_id, table, stored, invite, room.storage, room.settings, room.lang, hints=room.hints
    )
    new.flow.pace.speed = room.flow.pace.speed
    rooms.add(new)
    table.start()
    new.note(started=True)  # stored by the caller
    return new, tokens
