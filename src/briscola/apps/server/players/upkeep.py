"""The players' upkeep: the links that follow a person to a rematch, a guest's games brought to
the account they log into, and the purge of expired sessions and of guests nobody can reach.

- :func:`follow_rematch`: a rematch's seats given to the people of the match over are theirs
  (the old seat's player, at the seat the rematch gives them);
- :func:`merge_guest`: a guest who logs into an account brings their games to it: every row of
  every table that points at the guest (their seats, and what the other online features keep:
  results, ratings) points at the account, then the guest is deleted;
- :func:`purge`: sessions older than :data:`~.accounts.SESSION_DAYS` are deleted, then guests
  with no session and no seat left (older than a day: one being made is not taken), the tables
  that point at them by cascade; :class:`Purger` runs it as the server starts and daily.

>>> from briscola.apps.server.players.accounts import Accounts
>>> from briscola.apps.server.store import Storage
>>> accounts = Accounts(Storage("sqlite://").engine)
>>> (guest, session), (anna, _) = accounts.new_guest("G", ""), accounts.new_guest("Anna", "")
>>> merge_guest(accounts.engine, guest.id, anna.id), accounts.by_session(session)
(0, None)
>>> purge(accounts.engine)  # nothing expired, nobody unreachable yet
(0, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from typing import Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from briscola.apps.server.players.accounts import SESSION_DAYS
from briscola.apps.server.players.schema import PlayerRow, PlayerSeatRow, SessionRow
from briscola.apps.server.store import Base

__all__ = ["GUEST_GRACE", "PURGE_EVERY", "Purger", "follow_rematch", "merge_guest", "purge"]

PURGE_EVERY: Final = 24 * 3600.0
"""Seconds between two purges while the server runs (one more as it starts)."""
GUEST_GRACE: Final = timedelta(days=1)
"""A guest younger than this is never purged (a sign-up makes one before its session)."""

_PLAYERS, _SEATS, _SESSIONS = (
    Base.metadata.tables[row.__tablename__] for row in (PlayerRow, PlayerSeatRow, SessionRow)
)  # the players' tables, as tables

log = logging.getLogger(__name__)


def follow_rematch(engine: Engine, old_table: str, new_table: str, moves: dict[int, int]) -> int:
    """Link each seat of the rematch ``new_table`` to the player of the seat of ``old_table``
    it was given for (``moves``: old seat -> new seat, the people who asked); a seat of the
    match over that no player took gives nothing. The number of seats linked."""
    with engine.begin() as conn:
        query = sa.select(_SEATS.c.seat, _SEATS.c.player_id).where(_SEATS.c.table_id == old_table)
        owners = {seat: player for seat, player in conn.execute(query)}
        rows = [
            {"table_id": new_table, "seat": new, "player_id": owners[old]}
            for old, new in sorted(moves.items())
            if old in owners
        ]
        if rows:
            conn.execute(sa.insert(_SEATS), rows)
    return len(rows)


def _pointers() -> list[tuple[sa.Table, sa.Column[str]]]:
    """Every table (the store's metadata, as the modules imported so far made it) with a column
    pointing at a player's id, and that column; the players' sessions left out."""
    found = []
    for table in Base.metadata.sorted_tables:
        if table is _SESSIONS or table is _PLAYERS:
            continue
        for fk in table.foreign_keys:
            if fk.column is _PLAYERS.c.id:
                found.append((table, fk.parent))
    return found


def merge_guest(engine: Engine, guest_id: str, account_id: str) -> int:
    """Move what points at the guest ``guest_id`` to the player ``account_id`` (a row whose
    key, but for the player, the account already has stays the account's: the guest's goes),
    then delete the guest and their sessions. Nothing else moves; a player that is not a guest
    is not merged (0). The number of seats moved."""
    if guest_id == account_id:
        return 0
    with engine.begin() as conn:
        login = conn.execute(sa.select(_PLAYERS.c.login).where(_PLAYERS.c.id == guest_id)).first()
        if login is None or login[0] is not None:
            return 0
        seats = conn.execute(
            sa.select(sa.func.count()).where(_SEATS.c.player_id == guest_id)
        ).scalar_one()
        for table, column in _pointers():
            _move(conn, table, column, guest_id, account_id)
        conn.execute(sa.delete(_SESSIONS).where(_SESSIONS.c.player_id == guest_id))
        conn.execute(sa.delete(_PLAYERS).where(_PLAYERS.c.id == guest_id))
    return int(seats)


def _move(conn: Connection, table: sa.Table, column: sa.Column[str], old: str, new: str) -> None:
    """``table``'s rows of ``old`` become ``new``'s, unless ``new`` has a row with the same
    primary key but for ``column`` (then ``old``'s is deleted)."""
    others = [c for c in table.primary_key.columns if c is not column]
    moved = sa.update(table).where(column == old)
    if len(others) < len(table.primary_key.columns):  # the player is part of the key
        theirs = table.alias("theirs")
        clash = sa.exists().where(theirs.c[column.name] == new,
                                  *(theirs.c[c.name] == c for c in others))  # fmt: skip
        moved = moved.where(~clash)
    conn.execute(moved.values({column.name: new}))
    conn.execute(sa.delete(table).where(column == old))


def purge(engine: Engine, now: datetime | None = None) -> tuple[int, int]:
    """Delete the sessions older than :data:`~.accounts.SESSION_DAYS`, then the guests (no
    username; never a bot account) older than :data:`GUEST_GRACE` with no session and no seat
    left: (sessions deleted, guests deleted)."""
    now = now or datetime.now(UTC)
    with engine.begin() as conn:
        expired = _SESSIONS.c.created_at <= now - timedelta(days=SESSION_DAYS)
        sessions = conn.execute(sa.delete(_SESSIONS).where(expired)).rowcount
        unreachable = [
            _PLAYERS.c.login.is_(None),
            _PLAYERS.c.created_at <= now - GUEST_GRACE,
            ~sa.exists().where(_SESSIONS.c.player_id == _PLAYERS.c.id),
            ~sa.exists().where(_SEATS.c.player_id == _PLAYERS.c.id),
        ]
        if "bot" in _PLAYERS.c:  # bot accounts (players/bots.py) have a token, no session
            unreachable.append(sa.not_(sa.func.coalesce(_PLAYERS.c.bot, False)))
        guests = conn.execute(sa.delete(_PLAYERS).where(*unreachable)).rowcount
    return sessions, guests


class Purger:
    """Runs :func:`purge` in a thread as the server starts, then every ``every`` seconds, until
    :meth:`close`. With several processes each purges: the deletes are the same."""

    def __init__(self, engine: Engine, every: float = PURGE_EVERY) -> None:
        self.engine = engine
        self.every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start purging (on the running loop)."""
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                sessions, guests = await asyncio.to_thread(purge, self.engine)
                if sessions or guests:
                    log.info("purged %d expired sessions, %d guests", sessions, guests)
            except Exception:  # a database away: next time
                log.exception("the players' purge failed")
            await asyncio.sleep(self.every)

    async def close(self) -> None:
        """Stop purging."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
