"""The server's store: tables, seats, deals and actions in a database (an SQLite file by default,
or PostgreSQL, by SQLAlchemy URL), its schema made by the Alembic migrations of ``migrations/``.

One write path: every change of a table is a :class:`Progress` (what :class:`Saved` says storage
lacks), written with the other tables' of the same turn of the event loop in one transaction
(:class:`GroupCommit`); a new table by :meth:`Storage.create_table`, read back by
:meth:`Storage.load`. A seat keeps a hash of its token, never the token. docs/operations.md,
"What is stored, and when" and "Group commit", says how and why.

>>> storage = Storage("sqlite://")
>>> storage.create_table(StoredTable("t1", {}, "single", 1, "c", False, "simple", "it", [], []))
>>> storage.save_many([Progress("t1", columns={"speed": "veloce", "resigned": [1]})])
>>> t = storage.load("t1"); t.speed, t.resigned, t.played_out
('veloce', [1], False)
>>> token_matches("s3cret", hash_token("s3cret")), token_matches("s3cret", None)
(True, False)
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import JSON, BigInteger, Boolean, Column, DateTime, Integer, String, Text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, MappedAsDataclass, mapped_column
from sqlalchemy.pool import StaticPool

from briscola.core.cards import format_cards

if TYPE_CHECKING:
    from briscola.session.table import Seat, Table

log = logging.getLogger(__name__)

MIGRATIONS: Final = Path(__file__).with_name("migrations")
"""Alembic's scripts (``env.py``, ``versions/``), shipped in the package."""
_LOCK: Final = 0x62726973636F6C61  # "briscola": the PostgreSQL advisory lock of the migrations


class Base(DeclarativeBase):
    """The server's tables (named ``briscola_*``), as the migrations make them."""


def _table_id() -> Column[str]:
    return Column("table_id", String(32), sa.ForeignKey("briscola_tables.id"), primary_key=True)


_SEATS = sa.Table(
    "briscola_seats", Base.metadata, _table_id(),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(32)),
    Column("name", String(64), nullable=False),
    Column("joined", Boolean, nullable=False),
    Column("host", Boolean, nullable=False),
    Column("token_hash", String(64)),
)  # fmt: skip
_DEALS = sa.Table(
    "briscola_deals", Base.metadata, _table_id(),
    Column("number", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("deck", Text, nullable=False),
)  # fmt: skip
_ACTIONS = sa.Table(
    "briscola_actions", Base.metadata, _table_id(),
    Column("deal", Integer, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(32), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)  # fmt: skip


def hash_token(token: str) -> str:
    """The stored form of a seat's token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    """True when ``token`` is the one whose hash is stored (a constant-time comparison)."""
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


@dataclass
class StoredSeat:
    """A seat as stored (the columns of ``briscola_seats`` after the table's id, in order)."""

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


class StoredTable(MappedAsDataclass, Base):
    """A table as stored: its row of ``briscola_tables`` (the Core statements' table), its seats
    and its deals; enough to rebuild it exactly."""

    __tablename__ = "briscola_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[dict[str, Any]] = mapped_column(Text)  # JSON text in the row
    match_format: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    invite_code: Mapped[str] = mapped_column(String(64))
    started: Mapped[bool]
    stand_in: Mapped[str] = mapped_column(String(32))
    lang: Mapped[str] = mapped_column(String(8))
    seats: list[StoredSeat]
    deals: list[tuple[int | None, str | None, list[str]]]
    """Dealer, deck text, action texts; dealer and deck None for a deal whose row is missing."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), init=False, repr=False)
    damaged: Mapped[str | None] = mapped_column(Text, default=None)  # why a load found it damaged
    unreadable: str | None = None
    """Why what is stored cannot be read (the ruleset is no JSON object...), else None."""
    hints: Mapped[bool] = mapped_column(nullable=True, default=False)  # allowed (None: off)
    speed: Mapped[str | None] = mapped_column(String(16), default=None)  # the computer players'
    resigned: Mapped[list[int]] = mapped_column(JSON, nullable=True, default_factory=list)
    rematch_id: Mapped[str | None] = mapped_column(String(32), default=None)  # the rematch's table
    rematch_of: Mapped[str | None] = mapped_column(String(32), default=None)  # it is a rematch of
    seat_flags: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)  # kept on leaving
    played_out: Mapped[bool] = mapped_column(default=False)  # its unattended match is over
    rated: Mapped[bool] = mapped_column(nullable=True, default=False)  # a quick match's (0005)
    public: Mapped[bool] = mapped_column(nullable=True, default=False)  # listed while seats free
    chat: Mapped[bool] = mapped_column(nullable=True, default=False)  # free-text chat allowed
    results_due: Mapped[bool | None] = mapped_column(default=None)  # over, results not recorded
    timed_out: Mapped[list[int] | None] = mapped_column(JSON, default=None)  # by the move clock


_TABLES: Final = Base.metadata.tables["briscola_tables"]


@dataclass(frozen=True)
class Progress:
    """What one table did since it was last stored: the seats that changed, the deals dealt
    (number, dealer, deck text), the actions taken (deal, number in the deal, seat, action text)
    and the columns of its row that changed (``started``...). False when there is nothing."""

    table_id: str
    seats: tuple[StoredSeat, ...] = ()
    deals: tuple[tuple[int, int, str], ...] = ()
    actions: tuple[tuple[int, int, int, str], ...] = ()
    columns: Mapping[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.seats or self.deals or self.actions or self.columns)


class Saved:
    """What storage holds of a room's table: which deals have their row, how many actions of
    each; and the changes noted (:meth:`note`) that the next :meth:`unsaved` carries.

    ``saved``: for each deal of ``table``, whether storage has its row and how many of its actions
    (default: everything the table holds is stored)."""

    def __init__(self, table: Table, saved: Sequence[tuple[bool, int]] | None = None) -> None:
        stored = list(saved) if saved is not None else [(True, len(d.actions)) for d in table.deals]
        self.rows = {i for i, (row, _) in enumerate(stored) if row}
        self.counts: list[int] = [n for _, n in stored]
        self.seats: dict[int, StoredSeat] = {}
        self.columns: dict[str, Any] = {}

    def note(self, seats: Sequence[StoredSeat], columns: Mapping[str, Any]) -> None:
        """A change to store with the next progress: seats, columns of the row."""
        if unknown := set(columns).difference(_TABLES.c.keys()):
            raise ValueError(f"no such column of a table: {', '.join(sorted(unknown))}")
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
        seats, columns = dict(self.seats), dict(self.columns)

        def stored() -> None:
            self.rows.update(d[0] for d in deals)
            self.counts = counts
            for n, s in seats.items():  # unless noted again meanwhile
                if self.seats.get(n) is s:
                    del self.seats[n]
            for k, v in columns.items():
                if k in self.columns and self.columns[k] is v:
                    del self.columns[k]

        progress = Progress(table_id, tuple(seats.values()), tuple(deals), tuple(actions), columns)
        return progress, stored


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
        """``db_url``: an SQLAlchemy URL, or an SQLite file's path (default: ./briscola.db)."""
        url = os.fspath(db_url or "briscola.db")
        self.url = url if "://" in url else f"sqlite:///{url}"  # a path: an SQLite file
        self.engine: Engine = open_engine(self.url)
        migrate(self.engine)
        file = self.engine.dialect.name == "sqlite" and not isinstance(self.engine.pool, StaticPool)
        self._rows = _FileRows(self.engine) if file else None

    def close(self) -> None:
        """Release the database connections."""
        if self._rows is not None:
            self._rows.close()
        self.engine.dispose()

    def create_table(self, table: StoredTable) -> None:
        """Store a new table, its seats and the deals it holds (a table started at once holds
        its first deal, with no actions yet) in one transaction."""
        seats = [{"table_id": table.id, **asdict(s)} for s in table.seats]
        deals = [
            {"table_id": table.id, "number": n, "dealer": dealer, "deck": deck}
            for n, (dealer, deck, _) in enumerate(table.deals)
        ]
        row = {c.key: getattr(table, c.key) for c in _TABLES.c}
        row |= {"created_at": datetime.now(UTC), "ruleset": json.dumps(table.ruleset)}
        self._write([], [(_TABLES, [row]), (_SEATS, seats), (_DEALS, deals)])

    def save_many(self, batch: Sequence[Progress]) -> None:
        """Record the progress of several tables in **one** transaction: all of it or none."""
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
        self._write(batch, [(_DEALS, deals), (_ACTIONS, actions)])

    def _write(self, batch: Sequence[Progress], rows: Sequence[_Rows]) -> None:
        """Store the rows and seats of ``batch``'s tables that changed, then the new ``rows`` of
        each table in turn, in one transaction: one ``executemany`` a kind of row, on an SQLite
        file through SQLite's driver (:class:`_FileRows`: the same rows, quicker)."""
        if self._rows is not None:
            self._rows.write(batch, rows)
            return
        with self.engine.begin() as conn:
            for table, values, key in _changes(batch):
                where = [table.c[n] == v for n, v in key.items()]
                conn.execute(sa.update(table).where(*where), values)
            for table, new in rows:
                if new:
                    conn.execute(sa.insert(table), new)

    def load(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats, deals and actions, or None. It never raises on what
        is stored: what cannot be read is said in :attr:`StoredTable.unreadable` (a ruleset that
        is not a JSON object is read as ``{}``)."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(_TABLES).where(_TABLES.c.id == table_id)).first()
            if row is None:
                return None
            seats = [StoredSeat(*r[1:]) for r in conn.execute(_of(_SEATS, table_id, "seat"))]
            rows: dict[int, tuple[int, str]] = {
                d.number: (d.dealer, d.deck) for d in conn.execute(_of(_DEALS, table_id, "number"))
            }
            actions: dict[int, list[tuple[int, str]]] = {}
            for a in conn.execute(_of(_ACTIONS, table_id, "deal", "number")):
                actions.setdefault(a.deal, []).append((a.number, a.action))
        deals, gap = _deals(table_id, rows, actions)
        try:
            ruleset = json.loads(row.ruleset)
        except (TypeError, ValueError, RecursionError):
            ruleset = None
        bad = not isinstance(ruleset, dict)
        own = row._asdict() | {"ruleset": {} if bad else ruleset, "resigned": row.resigned or []}
        own |= {c: bool(own[c]) for c in ("hints", "chat", "rated", "public")}  # None: off
        del own["created_at"]
        unreadable = "its ruleset is not a JSON object" if bad else gap
        return StoredTable(seats=seats, deals=deals, unreadable=unreadable, **own)

    def computer_only_ids(self) -> list[str]:
        """The started tables, not marked damaged nor played out, whose every seat is a computer
        player's (a match starts with a person, so every person resigned it), the oldest first."""
        t = _TABLES.c
        people = sa.select(_SEATS.c.table_id).where(_SEATS.c.kind != "bot")
        query = (
            sa.select(t.id)
            .where(t.started.is_(True), t.damaged.is_(None), t.played_out.is_(False))
            .where(t.id.not_in(people))
            .order_by(t.created_at, t.id)
        )
        with self.engine.connect() as conn:
            return list(conn.scalars(query))


def _of(table: sa.Table, table_id: str, *order: str) -> sa.Select[Any]:
    """The rows of one table's id in ``table``, in ``order``."""
    return (
        sa.select(table)
        .where(table.c.table_id == table_id)
        .order_by(*(table.c[name] for name in order))
    )


_Rows = tuple[sa.Table, Sequence[Mapping[str, Any]]]


def _changes(
    batch: Sequence[Progress],
) -> Iterator[tuple[sa.Table, dict[str, Any], dict[str, Any]]]:
    """The rows of ``batch``'s tables and seats that changed: the table, the new values, the
    row's primary key."""
    for one in batch:
        if one.columns:
            yield _TABLES, dict(one.columns), {"id": one.table_id}
        for seat in one.seats:
            yield _SEATS, asdict(seat), {"table_id": one.table_id, "seat": seat.seat}


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
            log.warning("table %s: deal %d was not stored; it is dealt again from the table's "
                        "seed", table_id, number)  # fmt: skip
        deals.append((dealer, deck, [a for _, a in taken]))
    return deals, None


class _FileRows:
    """What :meth:`Storage._write` writes, written to an SQLite file through its driver, on a
    connection kept for it: the same rows, each value through its column's bind processor (a
    time is the same text, a JSON column the same JSON), at about a third of SQLAlchemy's CPU
    (docs/operations.md, "Group commit"). One thread writes at a time."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._lock = threading.Lock()
        self._conn: Any = None  # the pool's connection, taken at the first write
        self._pid = 0
        self._sql: dict[tuple[str, tuple[str, ...]], tuple[str, list[tuple[str, Any]]]] = {}

    def _statement(self, table: sa.Table, names: tuple[str, ...]) -> tuple[str, list[Any]]:
        """The ``INSERT`` of a row of ``table`` (``names`` empty), or the ``UPDATE`` of its
        columns ``names`` (``set_<name>``) in the row of a primary key (``key_<column>``); and
        the name and bind processor of each parameter in order. Compiled once."""
        made = self._sql.get((table.name, names))
        if made is None:
            dialect, key = self.engine.dialect, table.primary_key.columns
            statement: Any = sa.insert(table)
            if names:
                statement = (
                    sa.update(table)
                    .where(*(c == sa.bindparam(f"key_{c.name}") for c in key))
                    .values({n: sa.bindparam(f"set_{n}") for n in names})
                )
            compiled = statement.compile(dialect=dialect)
            order = [(n, compiled.binds[n].type.dialect_impl(dialect).bind_processor(dialect))
                     for n in compiled.positiontup or ()]  # fmt: skip
            made = self._sql[(table.name, names)] = (str(compiled), order)
        return made

    def write(self, batch: Sequence[Progress], rows: Sequence[_Rows]) -> None:
        """Write it in one transaction: all or none (what failed is raised, the transaction
        rolled back and its connection let go)."""
        with self._lock:
            if self._conn is None or self._pid != os.getpid():  # none yet, or a forked child's
                self._conn, self._pid = self.engine.raw_connection(), os.getpid()
            conn = self._conn
            try:
                cursor = conn.cursor()
                for table, values, key in _changes(batch):
                    sql, order = self._statement(table, tuple(values))
                    given = {f"key_{n}": v for n, v in key.items()}
                    given |= {f"set_{n}": v for n, v in values.items()}
                    cursor.execute(sql, [given[n] if p is None else p(given[n]) for n, p in order])
                for table, new in rows:
                    if new:
                        sql, order = self._statement(table, ())
                        params = [[r[n] if p is None else p(r[n]) for n, p in order] for r in new]
                        cursor.executemany(sql, params)
                cursor.close()
                conn.commit()
            except BaseException:
                self._conn = None
                try:
                    conn.rollback()
                finally:
                    conn.close()  # not kept: the pool checks it again
                raise

    def close(self) -> None:
        """Give the connection back to the pool (the next write takes one again)."""
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn = None


Entry = tuple[Progress, asyncio.Future[None], Callable[[], None] | None]
"""A save waiting for its group: what to store, its waiter, what to call once it is stored."""

_writer: tuple[int, ThreadPoolExecutor] | None = None


def _writer_thread() -> ThreadPoolExecutor:
    """The process's writer thread (made again in a forked child, where the parent's is gone)."""
    global _writer
    if _writer is None or _writer[0] != os.getpid():
        _writer = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="briscola-commit"))
    return _writer[1]


class GroupCommit:
    """The group commit of one process's tables (docs/operations.md, "Group commit"): what is
    queued in one turn of the event loop is written by :meth:`Storage.save_many` in one
    transaction (on PostgreSQL in the process's writer thread), then the rooms are woken; a group
    that fails is written again table by table.

    >>> storage = Storage("sqlite://")
    >>> for t in ("t1", "t2"):
    ...     storage.create_table(StoredTable(t, {}, "single", 1, "c", True, "simple", "it", [], []))
    >>> commits, deal = GroupCommit(storage), ((0, 0, "Ab 2b"),)
    >>> async def two_tables() -> None:
    ...     await asyncio.gather(*(commits.later(Progress(t, deals=deal)) for t in ("t1", "t2")))
    >>> asyncio.run(two_tables())
    >>> commits.transactions, commits.saved
    (1, 2)
    """

    def __init__(self, storage: Storage, *, threaded: bool | None = None) -> None:
        """``threaded``: write in the writer thread (default: not on SQLite; never on an
        in-memory SQLite, whose one connection cannot serve two threads)."""
        self.storage = storage
        self._waiting: list[Entry] = []
        self._scheduled = self._writing = False  # a flush is scheduled; a group is being written
        shared = isinstance(storage.engine.pool, StaticPool)
        default = storage.engine.dialect.name != "sqlite"
        self._threaded = not shared and (default if threaded is None else threaded)
        self.transactions = 0
        """Transactions committed (a group's, or a table's alone after its group failed)."""
        self.saved = 0
        """Progress records stored."""

    def later(
        self, progress: Progress, stored: Callable[[], None] | None = None
    ) -> asyncio.Future[None]:
        """Queue ``progress`` for this turn's group: the future ends once it is committed (or
        with what storing it raised). ``stored`` is called once it is committed, even when the
        waiter was cancelled meanwhile: the room notes what storage holds whatever happens."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        if not progress:
            if stored is not None:
                stored()
            done.set_result(None)
            return done
        self._waiting.append((progress, done, stored))
        self._schedule()
        return done

    def _schedule(self) -> None:
        if self._waiting and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Write the group waiting, unless one is being written (its end flushes this one)."""
        self._scheduled = False
        if self._writing or not self._waiting:
            return
        group, self._waiting = self._waiting, []
        batch = [p for p, _, _ in group]
        if not self._threaded:
            self._settle(group, self._write(batch))
            return
        self._writing = True
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(_writer_thread(), self._write, batch)
        job.add_done_callback(lambda job: self._written(group, job))  # back on the loop

    def _written(self, group: list[Entry], job: asyncio.Future[list[BaseException | None]]) -> None:
        """Back on the loop after a group's transaction: wake its rooms, write the next group."""
        self._writing = False
        try:
            errors = job.result()
        except BaseException as exc:  # the thread could not run it at all (shutting down)
            errors = [exc] * len(group)
        self._settle(group, errors)
        self._schedule()

    def _write(self, batch: list[Progress]) -> list[BaseException | None]:
        """Store a group in one transaction; when it fails, each table's progress alone. What
        storing each one raised, or None."""
        try:
            self.storage.save_many(batch)
        except Exception as exc:
            if len(batch) == 1:
                return [exc]
            log.warning("a group of %d tables failed to store: each is tried alone", len(batch))
            return [self._write([progress])[0] for progress in batch]
        self.transactions += 1
        return [None] * len(batch)

    def _settle(self, group: list[Entry], errors: list[BaseException | None]) -> None:
        for (_, done, stored), error in zip(group, errors, strict=True):
            if error is None:
                self.saved += 1
                if stored is not None:
                    stored()
            if done.done():  # its waiter was cancelled meanwhile
                continue
            if error is None:
                done.set_result(None)
            else:
                done.set_exception(error)


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
