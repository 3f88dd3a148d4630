"""What the lobby shows everybody: how many are online (lobby sockets), searching (seeks in the
pool) and playing (people connected at tables in play), and the open public tables (a table its
host made ``public`` at POST /api/tables, not started, with a seat free), read from the database
so that every process lists the same ones. No card, no token: a table's id, game, seats, free
seats, host's name and invitation link (a public table's link is meant for anybody).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from briscola.apps.server.rooms import Rooms
from briscola.apps.server.store import Base
from briscola.session.table import OVER

__all__ = ["OPEN_HOURS", "OPEN_SHOWN", "Numbers", "open_tables", "playing_here"]

OPEN_HOURS: Final = 6
"""A public table not started within this many hours is no longer listed."""
OPEN_SHOWN: Final = 20
"""The most open tables listed (the newest first)."""

_TABLES = Base.metadata.tables["briscola_tables"]
_SEATS = Base.metadata.tables["briscola_seats"]


@dataclass(frozen=True)
class Numbers:
    """The lobby's counts."""

    online: int
    searching: int
    playing: int

    def with_online(self, online: int) -> Numbers:
        """The same counts, ``online`` as given."""
        return replace(self, online=online)

    def plus(self, other: Numbers) -> Numbers:
        """The sum of two processes' counts."""
        return Numbers(self.online + other.online, self.searching + other.searching,
                       self.playing + other.playing)  # fmt: skip


def playing_here(rooms: Rooms) -> int:
    """People connected to a seat at a table in play in this process's memory."""
    count = 0
    for room in filter(None, map(rooms.loaded, rooms.table_ids())):
        if room.table.status == OVER:
            continue
        seats = room.table.seats
        count += sum(1 for i, ws in room.sockets.items() if ws and not seats[i].is_bot)
    return count


def open_tables(engine: Engine, now: datetime | None = None) -> list[dict[str, Any]]:
    """The public tables not started with a seat free, newest first (at most
    :data:`OPEN_SHOWN`), as the ``lobby`` message lists them."""
    since = (now or datetime.now(UTC)) - timedelta(hours=OPEN_HOURS)
    t, s = _TABLES.c, _SEATS.c
    query = (
        sa.select(t.id, t.ruleset, t.invite_code)
        .where(t.public.is_(True), t.started.is_not(True), t.created_at > since)
        .order_by(t.created_at.desc())
        .limit(OPEN_SHOWN * 3)
    )
    found: list[dict[str, Any]] = []
    with engine.connect() as conn:
        rows = conn.execute(query).all()
        ids = [r.id for r in rows]
        seats: dict[str, list[Any]] = {}
        if ids:
            for seat in conn.execute(sa.select(_SEATS).where(s.table_id.in_(ids))):
                seats.setdefault(seat.table_id, []).append(seat)
    for r in rows:
        its = seats.get(r.id, [])
        free = sum(1 for x in its if x.kind != "bot" and not x.joined)
        if not free:
            continue
        try:
            game = str(json.loads(r.ruleset).get("name", ""))
        except (TypeError, ValueError, AttributeError):
            continue
        host = next((x.name for x in its if x.host), "")
        found.append({"id": r.id, "game": game, "seats": len(its), "free": free, "host": host,
                      "join_url": f"/join/{r.id}/{r.invite_code}"})  # fmt: skip
        if len(found) == OPEN_SHOWN:
            break
    return found
