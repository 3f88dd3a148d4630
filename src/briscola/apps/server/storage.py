"""Storage of tables with SQLAlchemy: an SQLite file by default, PostgreSQL (or any database
SQLAlchemy speaks) by URL.

On PostgreSQL (``postgresql+psycopg://user:password@host/db``, the ``postgres`` extra installs
the driver) the NUL character, which its text cannot hold, is dropped from the text written.

Every table, seat, deal and action is written as it happens, so a restarted server rebuilds each
game exactly (:meth:`Storage.load`). Seats keep a hash of their token, never the token itself.
Each change is one transaction: a table is created with its seats (and, when it starts at once,
its first deal); a start, the deals dealt and the actions taken are written together
(:meth:`Storage.save_progress`), so a crash keeps all of a change or none of it.

A table that cannot be rebuilt exactly is marked damaged (:meth:`Storage.mark_damaged`: the
``damaged`` column says why). The schema is created by ``create_all``; a column added since a
database was created is added to it when the storage opens (:func:`add_missing_columns`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

if TYPE_CHECKING:
    from briscola.session.table import Seat

__all__ = [
    "DEFAULT_DB_URL",
    "Progress",
    "Storage",
    "StoredSeat",
    "StoredTable",
    "add_missing_columns",
    "hash_token",
    "resolve_db_url",
]

DEFAULT_DB_URL = "sqlite:///briscola.db"

log = logging.getLogger(__name__)


def resolve_db_url(db_url: str | os.PathLike[str] | None) -> str:
    """The database URL to use: the one given, else ``$BRISCOLA_DB``, else ``./briscola.db``.

    A plain path is taken as an SQLite file.

    >>> resolve_db_url("games.db")
    'sqlite:///games.db'
    """
    url = os.fspath(db_url) if db_url else os.environ.get("BRISCOLA_DB") or DEFAULT_DB_URL
    if "://" not in url:
        url = f"sqlite:///{url}"
    return url


def hash_token(token: str) -> str:
    """The stored form of a seat's token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    """The server's tables (their names start with ``briscola_``)."""


class TableRow(Base):
    __tablename__ = "briscola_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ruleset: Mapped[str] = mapped_column(Text)  # JSON
    match_format: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    invite_code: Mapped[str] = mapped_column(String(64))
    started: Mapped[bool] = mapped_column(Boolean, default=False)
    stand_in: Mapped[str] = mapped_column(String(32))
    lang: Mapped[str] = mapped_column(String(8), default="it")
    # why the table cannot be rebuilt exactly; None for a sound table (added to older databases)
    damaged: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    # the host allows hints (added to older databases: None there, hints off)
    hints: Mapped[bool | None] = mapped_column(Boolean, nullable=True, default=None)


class SeatRow(Base):
    __tablename__ = "briscola_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


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
        values = asdict(self)
        del values["seat"]
        return values


@dataclass
class StoredTable:
    """A table as stored: enough to rebuild it exactly."""

    id: str
    ruleset: dict[str, Any]
    match_format: str
    seed: int
    invite_code: str
    started: bool
    stand_in: str
    lang: str
    seats: list[StoredSeat]
    # dealer, deck text, action texts; dealer and deck None for a deal whose row is missing
    deals: list[tuple[int | None, str | None, list[str]]]
    damaged: str | None = None
    """Why an earlier load found the table damaged (the stored mark), else None."""
    unreadable: str | None = None
    """Why a column cannot be read (the ruleset is no JSON object...), else None."""
    hints: bool = False
    """The host allows hints at the table ("Suggerimenti consentiti")."""

    def columns(self) -> dict[str, Any]:
        """The table's own row: its columns, the ruleset as JSON text (not its seats or deals)."""
        own = {c: getattr(self, c) for c in _COLUMNS}
        return {"ruleset": json.dumps(self.ruleset), **own, "hints": self.hints}

    @classmethod
    def of(cls, row: TableRow, seats: list[StoredSeat], deals: list[Any]) -> StoredTable:
        """The table stored in ``row``, with its seats and deals; a ruleset that is not a JSON
        object is read as ``{}`` and said in :attr:`unreadable`."""
        columns = {c: getattr(row, c) for c in _COLUMNS}
        try:
            ruleset = json.loads(row.ruleset)
        except (TypeError, ValueError, RecursionError):
            ruleset = None
        unreadable = None if isinstance(ruleset, dict) else "its ruleset is not a JSON object"
        return cls(
            ruleset=ruleset if isinstance(ruleset, dict) else {},
            seats=seats,
            deals=deals,
            damaged=row.damaged,
            unreadable=unreadable,
            hints=bool(row.hints),
            **columns,
        )


_COLUMNS: Final = ("id", "match_format", "seed", "invite_code", "started", "stand_in", "lang")
"""The columns of a table's row that :class:`StoredTable` holds as they are."""


@dataclass(frozen=True)
class Progress:
    """What one table did since it was last stored: whether its match started, the seats that
    changed with it, the deals dealt (number, dealer, deck text) and the actions taken (deal,
    number in the deal, seat, action text). False when there is nothing to store."""

    table_id: str
    started: bool = False
    seats: tuple[StoredSeat, ...] = ()
    deals: tuple[tuple[int, int, str], ...] = ()
    actions: tuple[tuple[int, int, int, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.started or self.seats or self.deals or self.actions)


_TABLES: Final = Base.metadata.tables["briscola_tables"]
_SEATS: Final = Base.metadata.tables["briscola_seats"]
_DEALS: Final = Base.metadata.tables["briscola_deals"]
_ACTIONS: Final = Base.metadata.tables["briscola_actions"]


class Storage:
    """The database of tables. Every method is one short transaction."""

    def __init__(self, db_url: str | os.PathLike[str] | None = None) -> None:
        url = resolve_db_url(db_url)
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if ":memory:" in url or url.rstrip("/") in ("sqlite:", "sqlite:/"):
                kwargs["poolclass"] = StaticPool
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif self.engine.dialect.name == "postgresql":
            event.listen(self.engine, "before_cursor_execute", _drop_nul, retval=True)
        Base.metadata.create_all(self.engine)
        add_missing_columns(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def _s(self) -> Session:
        return self._session()

    # -- writing ----------------------------------------------------------------------------
    def create_table(self, table: StoredTable) -> None:
        """Store a new table, its seats and the deals it holds (a table started at once holds
        its first deal) in one transaction; later deals and actions are stored as they happen,
        by :meth:`save_progress`."""
        for number, (dealer, deck, actions) in enumerate(table.deals):
            if dealer is None or deck is None or actions:
                raise ValueError(f"deal {number} of a new table needs a deck and no actions")
        seats = [{"table_id": table.id, "seat": s.seat, **s.columns()} for s in table.seats]
        deals = [
            {"table_id": table.id, "number": n, "dealer": dealer, "deck": deck}
            for n, (dealer, deck, _) in enumerate(table.deals)
        ]
        with self.engine.begin() as conn:
            row = {"created_at": datetime.now(UTC), **table.columns()}
            conn.execute(insert(_TABLES), [row])
            if seats:
                conn.execute(insert(_SEATS), seats)
            if deals:
                conn.execute(insert(_DEALS), deals)

    def update_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Store a seat's new kind, name, state or token hash."""
        with self._s() as s, s.begin():
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
                .values(**seat.columns())
            )

    def save_progress(
        self,
        table_id: str,
        *,
        started: bool = False,
        seats: Sequence[StoredSeat] = (),
        deals: Sequence[tuple[int, int, str]] = (),
        actions: Sequence[tuple[int, int, int, str]] = (),
    ) -> None:
        """Record, in one transaction, that the match has started (``started``), the seats that
        changed with it (empty seats given to bots), the deals just dealt (number, dealer, deck
        text) and the actions just taken (deal, number in the deal, seat, action text): a crash
        keeps all of it or none, never a deal's actions without it."""
        self.save_many([Progress(table_id, started, tuple(seats), tuple(deals), tuple(actions))])

    def save_many(self, batch: Sequence[Progress]) -> None:
        """Record the progress of several tables in **one** transaction (a group commit: see
        :mod:`~briscola.apps.server.commits`): all of it is stored or none. SQLAlchemy Core
        statements, one ``executemany`` per kind of row, no ORM objects."""
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
        with self.engine.begin() as conn:
            started = [p.table_id for p in batch if p.started]
            if started:
                conn.execute(update(_TABLES).where(_TABLES.c.id.in_(started)), {"started": True})
            for p in batch:
                for seat in p.seats:
                    conn.execute(
                        update(_SEATS).where(
                            _SEATS.c.table_id == p.table_id, _SEATS.c.seat == seat.seat
                        ),
                        seat.columns(),
                    )
            if deals:
                conn.execute(insert(_DEALS), deals)
            if actions:
                conn.execute(insert(_ACTIONS), actions)

    def mark_damaged(self, table_id: str, why: str | None) -> None:
        """Mark a table damaged (``why`` it cannot be rebuilt exactly), or sound again (None)."""
        with self._s() as s, s.begin():
            s.execute(update(TableRow).where(TableRow.id == table_id).values(damaged=why))

    # -- reading ----------------------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats, deals and actions, or None. It never raises on what
        is stored: what cannot be read is said in :attr:`StoredTable.unreadable`."""
        with self._s() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = [
                StoredSeat(r.seat, r.kind, r.bot, r.name, r.joined, r.host, r.token_hash)
                for r in s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ]
            rows = {
                d.number: (d.dealer, d.deck)
                for d in s.scalars(select(DealRow).where(DealRow.table_id == table_id))
            }
            actions: dict[int, list[tuple[int, str]]] = {}
            for a in s.scalars(
                select(ActionRow)
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
        with self._s() as s:
            return list(s.scalars(select(TableRow.id)))

    def computer_only_ids(self) -> list[str]:
        """The started tables, not marked damaged, whose every seat is a computer player's (a
        match starts with a person, so every person resigned it), the oldest first."""
        people = select(SeatRow.table_id).where(SeatRow.kind != "bot")
        query = (
            select(TableRow.id)
            .where(TableRow.started.is_(True), TableRow.damaged.is_(None))
            .where(TableRow.id.not_in(people))
            .order_by(TableRow.created_at, TableRow.id)
        )
        with self._s() as s:
            return list(s.scalars(query))


def _deals(
    table_id: str,
    rows: dict[int, tuple[int, str]],
    actions: dict[int, list[tuple[int, str]]],
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
            log.warning("table %s: deal %d was not stored; it is dealt again from the "
                        "table's seed", table_id, number)  # fmt: skip
        deals.append((dealer, deck, [a for _, a in taken]))
    return deals, None


def add_missing_columns(engine: Engine) -> list[str]:
    """Add to an existing database the columns of :class:`Base`'s tables that it lacks (a
    database created by an older version; call it after ``create_all``); only nullable columns
    can be added this way. The columns added, as ``table.column``; a column another process
    added at the same time is taken as added."""
    added: list[str] = []
    for table in Base.metadata.sorted_tables:
        have = _column_names(engine, table.name)
        for column in table.columns:
            if column.name in have:
                continue
            if not column.nullable:
                raise RuntimeError(f"cannot add the required column {table.name}.{column.name}")
            kind = column.type.compile(dialect=engine.dialect)
            statement = f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"
            try:
                with engine.begin() as conn:
                    conn.execute(text(statement))
            except DBAPIError:  # added meanwhile by another process starting on the same database
                if column.name not in _column_names(engine, table.name):
                    raise
            added.append(f"{table.name}.{column.name}")
            log.info("storage: added the column %s.%s", table.name, column.name)
    return added


def _column_names(engine: Engine, table: str) -> set[str]:
    """The columns a table has in the database (one quick query: reflection is slow)."""
    with engine.connect() as conn:
        return set(conn.execute(text(f"SELECT * FROM {table} WHERE 1 = 0")).keys())


def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """SQLite: write-ahead log (readers never wait), sync at checkpoints, foreign keys."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
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


def token_matches(token: str, token_hash: str | None) -> bool:
    """True when ``token`` is the one whose hash is stored (a constant-time comparison)."""
    if token_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)
