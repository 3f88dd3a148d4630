"""The server's store: tables, seats, deals and actions in a database (an SQLite file by default,
PostgreSQL or any database SQLAlchemy speaks by URL), one write path, Alembic migrations.

Every change of a table is a :class:`Progress` (the match started, seats changed, deals dealt,
actions taken, columns of the table's row changed: speed, resignations, rematch, kept seat
flags, played out, damaged) written by :meth:`Storage.save_many`, one transaction for a group of
tables (the group commit, :mod:`~briscola.apps.server.commits`): a crash keeps all of a change
or none. A room knows what storage holds of its table and what it lacks (:class:`Saved`). A new
table is written with its seats (and its first deal) by :meth:`Storage.create_table`; a table is
read back by :meth:`Storage.load`. Seats keep a hash of their token, never the token itself.

The schema is made and changed by the migrations in ``migrations/`` (:func:`migrate`, run when
a :class:`Storage` opens, one process at a time). On PostgreSQL the NUL character, which its text
cannot hold, is dropped from the text written.

>>> storage = Storage("sqlite://")
>>> storage.create_table(StoredTable("t1", {}, "single", 1, "c", False, "simple", "it", [], []))
>>> storage.save_many([Progress("t1", columns={"speed": "veloce", "resigned": [1]})])
>>> t = storage.load("t1"); t.speed, t.resigned, t.played_out
('veloce', [1], False)
>>> token_matches("s3cret", hash_token("s3cret")), token_matches("s3cret", None)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

from briscola.apps.server.rowwriter import RowWriter
from briscola.core.cards import format_cards

if TYPE_CHECKING:
    from briscola.session.table import Seat, Table

__all__ = ["DEFAULT_DB_URL", "Base", "GroupCommit", "Progress", "Saved", "Storage", "StoredSeat",
           "StoredTable", "hash_token", "migrate", "open_engine", "resolve_db_url",
           "token_matches"]  # fmt: skip

log = logging.getLogger(__name__)

DEFAULT_DB_URL = "sqlite:///briscola.db"
MIGRATIONS: Final = Path(__file__).with_name("migrations")
"""Alembic's scripts (``env.py``, ``versions/``), shipped in the package."""
_LOCK: Final = 0x62726973636F6C61  # "briscola": the PostgreSQL advisory lock of the migrations


class Base(DeclarativeBase):
    """The server's tables (their names start with ``briscola_``), as the migrations make them."""


class TableRow(Base):
    __tablename__ = "briscola_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ruleset: Mapped[str] = mapped_column(Text)  # JSON
    match_format: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    invite_code: Mapped[str] = mapped_column(String(64))
    started: Mapped[bool] = mapped_column(Boolean)
    stand_in: Mapped[str] = mapped_column(String(32))
    lang: Mapped[str] = mapped_column(String(8))
    damaged: Mapped[str | None] = mapped_column(Text)  # why it cannot be rebuilt exactly
    hints: Mapped[bool | None] = mapped_column(Boolean)  # the host allows hints (None: off)
    speed: Mapped[str | None] = mapped_column(String(16))  # the computer players' (None: default)
    resigned: Mapped[list[int] | None] = mapped_column(JSON)  # the seats that resigned
    rematch_id: Mapped[str | None] = mapped_column(String(32))  # the rematch's table
    rematch_of: Mapped[str | None] = mapped_column(String(32))  # the table this one is a rematch of
    seat_flags: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # kept when it left memory
    played_out: Mapped[bool] = mapped_column(Boolean)  # its unattended match is over


class SeatRow(Base):
    __tablename__ = "briscola_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))
    joined: Mapped[bool] = mapped_column(Boolean)
    host: Mapped[bool] = mapped_column(Boolean)
    token_hash: Mapped[str | None] = mapped_column(String(64))


class DealRow(Base):
    __tablename__ = "briscola_deals"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    dealer: Mapped[int] = mapped_column(Integer)
    deck: Mapped[str] = mapped_column(Text)


class ActionRow(Base):
    __tablename__ = "briscola_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


_TABLES, _SEATS, _DEALS, _ACTIONS = (
    Base.metadata.tables[f"briscola_{name}"] for name in ("tables", "seats", "deals", "actions")
)
COLUMNS: Final = ("damaged", "hints", "speed", "resigned", "rematch_id", "rematch_of", "seat_flags",
                  "played_out")  # fmt: skip
"""The columns of a table's row that a :class:`Progress` may change."""


def hash_token(token: str) -> str:
    """The stored form of a seat's token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    """True when ``token`` is the one whose hash is stored (a constant-time comparison)."""
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


@dataclass
class StoredSeat:
    """A seat as stored."""

    seat: int
    kind: str
    bot: str | None
    name: str
    joined: bool
    host: bool
    token_hash: str | None

    @classmethod
    def of(
        cls, number: int, seat: Seat, host: bool = False, token_hash: str | None = None
    ) -> StoredSeat:
        """How seat ``number`` of a table is stored."""
        return cls(number, seat.kind, seat.bot, seat.name, seat.joined, host, token_hash)

    def columns(self) -> dict[str, Any]:
        """The seat's columns, all but its number."""
        return {k: v for k, v in asdict(self).items() if k != "seat"}


@dataclass
class StoredTable:
    """A table as stored: enough to rebuild it exactly, and every field of its row."""

    id: str
    ruleset: dict[str, Any]
    match_format: str
    seed: int
    invite_code: str
    started: bool
    stand_in: str
    lang: str
    seats: list[StoredSeat]
    deals: list[tuple[int | None, str | None, list[str]]]
    """Dealer, deck text, action texts; dealer and deck None for a deal whose row is missing."""
    damaged: str | None = None
    """Why an earlier load found the table damaged (the stored mark), else None."""
    unreadable: str | None = None
    """Why a column cannot be read (the ruleset is no JSON object...), else None."""
    hints: bool = False
    """The host allows hints at the table ("Suggerimenti consentiti")."""
    speed: str | None = None
    resigned: list[int] = field(default_factory=list)
    rematch_id: str | None = None
    rematch_of: str | None = None
    seat_flags: dict[str, Any] | None = None
    """The seats' autoplay and ready flags, kept when the room left memory
    (:meth:`.room.Room.keep_flags`)."""
    played_out: bool = False
    """Its unattended match is over (:class:`.rooms.Resumer`)."""

    def columns(self) -> dict[str, Any]:
        """The table's own row (not its seats or deals), the ruleset as JSON text."""
        own = {c: getattr(self, c) for c in (*_OWN, *COLUMNS)}
        return {**own, "ruleset": json.dumps(self.ruleset)}

    @classmethod
    def of(cls, row: TableRow, seats: list[StoredSeat], deals: list[Any]) -> StoredTable:
        """The table stored in ``row``, with its seats and deals; a ruleset that is not a JSON
        object is read as ``{}`` and said in :attr:`unreadable`."""
        try:
            ruleset = json.loads(row.ruleset)
        except (TypeError, ValueError, RecursionError):
            ruleset = None
        bad = not isinstance(ruleset, dict)
        own = {c: getattr(row, c) for c in (*_OWN, *COLUMNS)}
        own |= {"hints": bool(row.hints), "resigned": list(row.resigned or [])}
        return cls(
            ruleset={} if bad else ruleset,
            seats=seats,
            deals=deals,
            unreadable="its ruleset is not a JSON object" if bad else None,
            **own,
        )


_OWN: Final = ("id", "match_format", "seed", "invite_code", "started", "stand_in", "lang")


@dataclass(frozen=True)
class Progress:
    """What one table did since it was last stored: whether its match started, the seats that
    changed, the deals dealt (number, dealer, deck text), the actions taken (deal, number in the
    deal, seat, action text) and the columns of its row that changed (:data:`COLUMNS`). False
    when there is nothing to store."""

    table_id: str
    started: bool = False
    seats: tuple[StoredSeat, ...] = ()
    deals: tuple[tuple[int, int, str], ...] = ()
    actions: tuple[tuple[int, int, int, str], ...] = ()
    columns: Mapping[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.started or self.seats or self.deals or self.actions or self.columns)


class Saved:
    """What storage holds of a room's table: which deals have their row, how many actions of
    each; and the changes noted (:meth:`note`) that the next :meth:`unsaved` carries.

    ``saved``: for each deal of ``table``, whether storage has its row and how many of its actions
    (default: everything the table holds is stored)."""

    def __init__(self, table: Table, saved: Sequence[tuple[bool, int]] | None = None) -> None:
        stored = list(saved) if saved is not None else [(True, len(d.actions)) for d in table.deals]
        self.rows = {i for i, (row, _) in enumerate(stored) if row}
        self.counts: list[int] = [n for _, n in stored]
        self.started = False
        self.seats: dict[int, StoredSeat] = {}
        self.columns: dict[str, Any] = {}

    def note(self, started: bool, seats: Sequence[StoredSeat], columns: Mapping[str, Any]) -> None:
        """A change to store with the next progress: the start, seats, columns of the row."""
        if unknown := set(columns) - set(COLUMNS):
            raise ValueError(f"no such column of a table: {', '.join(sorted(unknown))}")
        self.started = self.started or started
        self.seats.update({s.seat: replace(s) for s in seats})
        self.columns.update(columns)

    def unsaved(self, table_id: str, table: Table) -> tuple[Progress, Callable[[], None]]:
        """What storage lacks of ``table``, and what to call once it is stored."""
        deals: list[tuple[int, int, str]] = []
        actions: list[tuple[int, int, int, str]] = []
        for i, deal in enumerate(table.deals):
            if i not in self.rows:
                deals.append((i, deal.dealer, format_cards(deal.deck)))
            saved = self.counts[i] if i < len(self.counts) else 0
            actions.extend(
                (i, k, deal.seats[k], str(deal.actions[k])) for k in range(saved, len(deal.actions))
            )
        counts = [len(deal.actions) for deal in table.deals]
        started, seats, columns = self.started, dict(self.seats), dict(self.columns)

        def stored() -> None:
            self.rows.update(d[0] for d in deals)
            self.counts = counts
            self.started = self.started and not started
            for n, s in seats.items():  # unless noted again meanwhile
                if self.seats.get(n) is s:
                    del self.seats[n]
            for k, v in columns.items():
                if k in self.columns and self.columns[k] is v:
                    del self.columns[k]

        progress = Progress(
            table_id, started, tuple(seats.values()), tuple(deals), tuple(actions), columns
        )
        return progress, stored


def resolve_db_url(db_url: str | os.PathLike[str] | None) -> str:
    """The database URL to use: the one given, else ``$BRISCOLA_DB``, else ``./briscola.db``.
    A plain path is taken as an SQLite file.

    >>> resolve_db_url("games.db")
    'sqlite:///games.db'
    """
    url = os.fspath(db_url) if db_url else os.environ.get("BRISCOLA_DB") or DEFAULT_DB_URL
    return url if "://" in url else f"sqlite:///{url}"


def open_engine(url: str) -> Engine:
    """An engine on the database at ``url``: one connection shared by all for an in-memory
    SQLite database, the write-ahead log for an SQLite file, NUL dropped from PostgreSQL's text.
    It does not touch the schema (:func:`migrate` does)."""
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if ":memory:" in url or url.rstrip("/") in ("sqlite:", "sqlite:/"):
            kwargs["poolclass"] = StaticPool
    engine = sa.create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    elif engine.dialect.name == "postgresql":
        sa.event.listen(engine, "before_cursor_execute", _drop_nul, retval=True)
    return engine


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the database's schema to ``revision`` (Alembic's ``upgrade``), in one transaction
    that holds a lock (PostgreSQL's advisory lock, SQLite's write lock): processes starting
    together on one database migrate it one at a time, the later ones finding it done. A
    database made before migrations (no ``alembic_version``) is upgraded from the baseline,
    which makes only what it lacks."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        elif engine.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock, until the commit
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


class Storage:
    """The database of tables, its schema migrated when it opens. Every method is one short
    transaction."""

    def __init__(self, db_url: str | os.PathLike[str] | None = None) -> None:
        self.url = resolve_db_url(db_url)
        self.engine: Engine = open_engine(self.url)
        migrate(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        file = self.engine.dialect.name == "sqlite" and not isinstance(self.engine.pool, StaticPool)
        self._rows = RowWriter(self.engine, _DEALS, _ACTIONS) if file else None

    def close(self) -> None:
        """Release the database connections."""
        if self._rows is not None:
            self._rows.close()
        self.engine.dispose()

    def create_table(self, table: StoredTable) -> None:
        """Store a new table, its seats and the deals it holds (a table started at once holds
        its first deal, with no actions yet) in one transaction."""
        for number, (dealer, deck, actions) in enumerate(table.deals):
            if dealer is None or deck is None or actions:
                raise ValueError(f"deal {number} of a new table needs a deck and no actions")
        seats = [{"table_id": table.id, "seat": s.seat, **s.columns()} for s in table.seats]
        deals = [
            {"table_id": table.id, "number": n, "dealer": dealer, "deck": deck}
            for n, (dealer, deck, _) in enumerate(table.deals)
        ]
        with self.engine.begin() as conn:
            conn.execute(sa.insert(_TABLES), [{"created_at": datetime.now(UTC), **table.columns()}])
            if seats:
                conn.execute(sa.insert(_SEATS), seats)
            if deals:
                conn.execute(sa.insert(_DEALS), deals)

    def save_many(self, batch: Sequence[Progress]) -> None:
        """Record the progress of several tables in **one** transaction: all of it or none. Core
        statements, one ``executemany`` a kind of row; on an SQLite file a group of deals and
        actions only is written by :class:`~.rowwriter.RowWriter` (the same rows, quicker)."""
        batch = [p for p in batch if p]
        if not batch:
            return
        now = datetime.now(UTC)
        deals = [
            {"table_id": p.table_id, "number": number, "dealer": dealer, "deck": deck}
            for p in batch
            for number, dealer, deck in p.deals
        ]
        actions = [
            {"table_id": p.table_id, "deal": d, "number": n, "seat": seat, "action": a, "at": now}
            for p in batch
            for d, n, seat, a in p.actions
        ]
        if self._rows is not None and not any(p.started or p.seats or p.columns for p in batch):
            self._rows.write(deals, actions)
            return
        with self.engine.begin() as conn:
            for p in batch:
                row = {**p.columns, **({"started": True} if p.started else {})}
                if row:
                    conn.execute(sa.update(_TABLES).where(_TABLES.c.id == p.table_id), row)
                for seat in p.seats:
                    where = (_SEATS.c.table_id == p.table_id, _SEATS.c.seat == seat.seat)
                    conn.execute(sa.update(_SEATS).where(*where), seat.columns())
            if deals:
                conn.execute(sa.insert(_DEALS), deals)
            if actions:
                conn.execute(sa.insert(_ACTIONS), actions)

    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats, deals and actions, or None. It never raises on what
        is stored: what cannot be read is said in :attr:`StoredTable.unreadable`."""
        with self._session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = [
                StoredSeat(r.seat, r.kind, r.bot, r.name, r.joined, r.host, r.token_hash)
                for r in s.scalars(
                    sa.select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ]
            rows = {
                d.number: (d.dealer, d.deck)
                for d in s.scalars(sa.select(DealRow).where(DealRow.table_id == table_id))
            }
            actions: dict[int, list[tuple[int, str]]] = {}
            for a in s.scalars(
                sa.select(ActionRow)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.deal, ActionRow.number)
            ):
                actions.setdefault(a.deal, []).append((a.number, a.action))
            deals, gap = _deals(table_id, rows, actions)
            stored = StoredTable.of(row, seats, deals)
            stored.unreadable = stored.unreadable or gap
            return stored

    def table_ids(self) -> list[str]:
        """Every stored table's id."""
        with self._session() as s:
            return list(s.scalars(sa.select(TableRow.id)))

    def computer_only_ids(self) -> list[str]:
        """The started tables, not marked damaged nor played out, whose every seat is a computer
        player's (a match starts with a person, so every person resigned it), the oldest first."""
        people = sa.select(SeatRow.table_id).where(SeatRow.kind != "bot")
        query = (
            sa.select(TableRow.id)
            .where(TableRow.started.is_(True), TableRow.damaged.is_(None))
            .where(TableRow.played_out.is_(False), TableRow.id.not_in(people))
            .order_by(TableRow.created_at, TableRow.id)
        )
        with self._session() as s:
            return list(s.scalars(query))


def _deals(
    table_id: str, rows: dict[int, tuple[int, str]], actions: dict[int, list[tuple[int, str]]]
) -> tuple[list[tuple[int | None, str | None, list[str]]], str | None]:
    """A table's deals (dealer, deck, action texts) from its deal rows and its actions (number,
    text) by deal; and what is missing, if a deal or an action in the middle is (else None)."""
    numbers = set(rows) | set(actions)
    if numbers != set(range(len(numbers))):
        return [], "its deals are not numbered 0, 1, 2..."
    deals: list[tuple[int | None, str | None, list[str]]] = []
    for number in range(len(numbers)):
        taken = actions.get(number, [])
        if [n for n, _ in taken] != list(range(len(taken))):
            return [], f"an action of deal {number} is missing"
        dealer, deck = rows.get(number, (None, None))
        if deck is None:  # written by a version that could half-commit: dealt again
            log.warning(
                "table %s: deal %d was not stored; it is dealt again from the table's seed",
                table_id,
                number,
            )
        deals.append((dealer, deck, [a for _, a in taken]))
    return deals, None


def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """SQLite: write-ahead log (readers never wait), sync at checkpoints, foreign keys."""
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _without_nul(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {k: _without_nul(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_without_nul(v) for v in value)
    return value


def _drop_nul(
    conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool
) -> tuple[str, Any]:
    """PostgreSQL: text cannot hold the NUL character, so it is dropped from what is written
    (a name with one would otherwise fail with an error; SQLite keeps it)."""
    return statement, _without_nul(parameters)


from briscola.apps.server.commits import GroupCommit  # noqa: E402 (folded in here next)
