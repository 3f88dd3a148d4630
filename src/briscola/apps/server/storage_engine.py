"""Opening the server's database: its URL (an SQLite file by default, PostgreSQL or any
database SQLAlchemy speaks by URL), the engine with each dialect's settings (SQLite's write-ahead
log and foreign keys; PostgreSQL's text, which cannot hold the NUL character), the schema created
and the columns added since an older database was created (:func:`add_missing_columns`).

>>> engine = open_engine("sqlite://")
>>> engine.dialect.name, add_missing_columns(engine)  # open_engine added what was missing
('sqlite', [])
>>> engine.dispose()
"""

from __future__ import annotations

import logging
import os
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from briscola.apps.server.storage_rows import Base

__all__ = ["DEFAULT_DB_URL", "add_missing_columns", "open_engine", "resolve_db_url"]

DEFAULT_DB_URL = "sqlite:///briscola.db"

log = logging.getLogger("briscola.apps.server.storage")  # the storage's log, as before the split


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


def open_engine(url: str) -> Engine:
    """An engine on the database at ``url`` (as :func:`resolve_db_url` gives it), its schema
    created and brought up to date: one connection shared by all for an in-memory SQLite
    database, the write-ahead log for an SQLite file, NUL dropped from PostgreSQL's text."""
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if ":memory:" in url or url.rstrip("/") in ("sqlite:", "sqlite:/"):
            kwargs["poolclass"] = StaticPool
    engine = create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "before_cursor_execute", _drop_nul, retval=True)
    Base.metadata.create_all(engine)
    add_missing_columns(engine)
    return engine


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
