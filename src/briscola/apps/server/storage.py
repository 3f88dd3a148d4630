"""Storage of tables with SQLAlchemy: an SQLite file by default, PostgreSQL (or any database
SQLAlchemy speaks) by URL.

On PostgreSQL (``postgresql+psycopg://user:password@host/db``, the ``postgres`` extra installs
the driver) the NUL character, which its text cannot hold, is dropped from the text written.

Every table, seat, deal and action is written as it happens, so a restarted server rebuilds each
game exactly (:meth:`Storage.load`). Seats keep a hash of their token, never the token itself.
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
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

if TYPE_CHECKING:
    from briscola.session.table import Seat

__all__ = [
    "DEFAULT_DB_URL",
    "Storage",
    "StoredSeat",
    "StoredTable",
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

    def columns(self) -> dict[str, Any]:
        """The table's own row: its columns, the ruleset as JSON text (not its seats or deals)."""
        return {"ruleset": json.dumps(self.ruleset), **{c: getattr(self, c) for c in _COLUMNS}}

    @classmethod
    def of(cls, row: TableRow, seats: list[StoredSeat], deals: list[Any]) -> StoredTable:
        """The table stored in ``row``, with its seats and deals."""
        columns = {c: getattr(row, c) for c in _COLUMNS}
        return cls(ruleset=json.loads(row.ruleset), seats=seats, deals=deals, **columns)


_COLUMNS: Final = ("id", "match_format", "seed", "invite_code", "started", "stand_in", "lang")
"""The columns of a table's row that :class:`StoredTable` holds as they are."""


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
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def _s(self) -> Session:
        return self._session()

    # -- writing ----------------------------------------------------------------------------
    def create_table(self, table: StoredTable) -> None:
        """Store a new table and its seats (its deals and actions are stored as they happen, by
        :meth:`save_progress`)."""
        with self._s() as s, s.begin():
            s.add(TableRow(created_at=datetime.now(UTC), **table.columns()))
            s.flush()
            for seat in table.seats:
                s.add(SeatRow(table_id=table.id, seat=seat.seat, **seat.columns()))

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
        deals: Sequence[tuple[int, int, str]] = (),
        actions: Sequence[tuple[int, int, int, str]] = (),
    ) -> None:
        """Record, in one transaction, that the match has started (``started``), the deals just
        dealt (number, dealer, deck text) and the actions just taken (deal, number in the deal,
        seat, action text): a crash keeps all of it or none, never a deal's actions without it."""
        if not (started or deals or actions):
            return
        now = datetime.now(UTC)
        with self._s() as s, s.begin():
            if started:
                s.execute(update(TableRow).where(TableRow.id == table_id).values(started=True))
            s.add_all(
                DealRow(table_id=table_id, number=number, dealer=dealer, deck=deck)
                for number, dealer, deck in deals
            )
            s.flush()
            s.add_all(
                ActionRow(table_id=table_id, deal=deal, number=n, seat=seat, action=text, at=now)
                for deal, n, seat, text in actions
            )

    # -- reading ----------------------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats, deals and actions, or None."""
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
                d.number: d for d in s.scalars(select(DealRow).where(DealRow.table_id == table_id))
            }
            actions: dict[int, list[str]] = {}
            for a in s.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.deal, ActionRow.number)
            ):
                actions.setdefault(a.deal, []).append(a.action)
            deals: list[tuple[int | None, str | None, list[str]]] = []
            for number in range(max([*rows, *actions], default=-1) + 1):
                d = rows.get(number)
                if d is None:  # written by a version that could half-commit: dealt again
                    log.warning("table %s: deal %d was not stored; it is dealt again from the "
                                "table's seed", table_id, number)  # fmt: skip
                deals.append((
                    None if d is None else d.dealer,
                    None if d is None else d.deck,
                    actions.get(number, []),
                ))  # fmt: skip
            return StoredTable.of(row, seats, deals)

    def table_ids(self) -> list[str]:
        """Every stored table's id."""
        with self._s() as s:
            return list(s.scalars(select(TableRow.id)))


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
