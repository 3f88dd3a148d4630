"""A table's metadata: small named texts kept beside a stored table (its computer players' speed,
the seats that resigned, the rematch's table), in their own database table
``briscola_table_meta``, created on first use in a database that lacks it.

>>> from briscola.apps.server.storage import Storage, StoredTable
>>> storage = Storage("sqlite://")
>>> storage.create_table(StoredTable("t1", {}, "single", 1, "c", False, "simple", "it", [], []))
>>> set_meta(storage, "t1", "speed", "veloce")
>>> set_meta(storage, "t1", "speed", "lenta")
>>> load_meta(storage, "t1")
{'speed': 'lenta'}
"""

from __future__ import annotations

import weakref

from sqlalchemy import ForeignKey, String, Text, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from briscola.apps.server.storage import Base, Storage

__all__ = ["TableMetaRow", "load_meta", "set_meta", "tables_with"]

_READY: weakref.WeakSet[Engine] = weakref.WeakSet()


class TableMetaRow(Base):
    """One named text of a table."""

    __tablename__ = "briscola_table_meta"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


def _session(storage: Storage) -> Session:
    engine = storage.engine
    if engine not in _READY:
        TableMetaRow.__table__.create(engine, checkfirst=True)  # type: ignore[attr-defined]
        _READY.add(engine)
    return Session(engine, expire_on_commit=False)


def set_meta(storage: Storage, table_id: str, key: str, value: str) -> None:
    """Keep ``value`` as the table's ``key`` (replacing what was kept)."""
    with _session(storage) as s, s.begin():
        s.merge(TableMetaRow(table_id=table_id, key=key, value=value))


def load_meta(storage: Storage, table_id: str) -> dict[str, str]:
    """Every named text kept for the table."""
    with _session(storage) as s:
        rows = s.scalars(select(TableMetaRow).where(TableMetaRow.table_id == table_id))
        return {r.key: r.value for r in rows}


def tables_with(storage: Storage, key: str, value: str) -> set[str]:
    """The ids of the tables whose ``key`` is ``value``."""
    with _session(storage) as s:
        rows = s.scalars(
            select(TableMetaRow.table_id).where(
                TableMetaRow.key == key, TableMetaRow.value == value
            )
        )
        return set(rows)
