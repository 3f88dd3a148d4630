"""Which process owns a table: a lease row in the database (table id, owner, expiry).

With several server processes (``briscola serve --workers N``, or one per machine on one
PostgreSQL) a table is played by one process at a time, the one holding its lease. A lease is
taken with one conditional statement (an UPDATE of a lease that is this process's or has
expired, else an INSERT that the primary key lets only one process make), renewed by its owner
every :data:`RENEW_SECONDS`, and released when the room leaves memory. A process killed with
SIGKILL renews nothing: its leases expire :data:`LEASE_SECONDS` after their last renewal and the
next process asked for the table takes it and loads the table from storage.

The expiry is wall-clock time (``time.time()``): the machines' clocks must agree to well under a
second (NTP).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from sqlalchemy import (
    Column,
    Float,
    MetaData,
    String,
    Table,
    and_,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from briscola.apps.server.limits import ServerFull

__all__ = ["LEASE_SECONDS", "RENEW_SECONDS", "Leases", "TableElsewhere"]

LEASE_SECONDS = 1.0
"""How long a lease lasts after its last renewal: a dead owner's tables are free after it (the
pause a table's people see when its process dies: docs/operations.md measures it)."""

RENEW_SECONDS = 0.25
"""How often an owner renews its leases (three renewals may be missed before one expires; a
renewal is one UPDATE and one SELECT per 500 tables: docs/operations.md measures its cost)."""


class TableElsewhere(ServerFull):
    """Another process took the table's lease while this one was about to load it (a 503 /
    1013 like a full server: the client tries again and reaches the owner)."""

    code = "table_moved"

    def __init__(self) -> None:
        Exception.__init__(self, "the table is being served by another process: try again")
        self.limit = 0


_metadata = MetaData()

lease_table = Table(
    "briscola_leases",
    _metadata,
    Column("table_id", String(100), primary_key=True),
    Column("owner", String(100), nullable=False),
    Column("expires", Float, nullable=False),
)
"""One row per table held by a process; a row past its ``expires`` belongs to nobody."""


class Leases:
    """This process's leases (``owner``: its id, unique among the processes sharing the
    database).

    >>> from sqlalchemy import create_engine
    >>> engine = create_engine("sqlite://")
    >>> now = [100.0]
    >>> a = Leases(engine, "a", clock=lambda: now[0])
    >>> b = Leases(engine, "b", clock=lambda: now[0])
    >>> a.take("t1"), b.take("t1"), a.take("t1")
    (True, False, True)
    >>> b.owner_of("t1")
    'a'
    >>> now[0] += LEASE_SECONDS + 1  # a stopped renewing: the lease expired
    >>> b.owner_of("t1") is None, b.take("t1"), a.renew(["t1"])
    (True, True, set())
    >>> b.release("t1"); a.owner_of("t1") is None
    True
    """

    def __init__(
        self,
        engine: Engine,
        owner: str,
        *,
        ttl: float = LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.engine = engine
        self.owner = owner
        self.ttl = ttl
        self._clock = clock
        _metadata.create_all(engine)

    def take(self, table_id: str) -> bool:
        """Take (or keep) the lease of ``table_id``: True when this process holds it now."""
        now = self._clock()
        t = lease_table.c
        free = or_(t.owner == self.owner, t.expires < now)
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(lease_table)
                .where(and_(t.table_id == table_id, free))
                .values(owner=self.owner, expires=now + self.ttl)
            )
            if taken.rowcount == 1:
                return True
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(lease_table).values(
                        table_id=table_id, owner=self.owner, expires=now + self.ttl
                    )
                )
        except IntegrityError:  # another process holds it (or took it a moment ago)
            return False
        return True

    def owner_of(self, table_id: str) -> str | None:
        """The process holding ``table_id``'s lease now, or None (nobody, or it expired)."""
        t = lease_table.c
        query = select(t.owner).where(and_(t.table_id == table_id, t.expires >= self._clock()))
        with self.engine.connect() as conn:
            return conn.execute(query).scalar_one_or_none()

    def renew(self, table_ids: Iterable[str]) -> set[str]:
        """Renew the leases of ``table_ids`` (the rooms in memory); the ones still held. A table
        missing from the answer was taken by another process (this one stalled past the lease):
        its room must leave memory."""
        ids = list(table_ids)
        now = self._clock()
        t = lease_table.c
        held: set[str] = set()
        with self.engine.begin() as conn:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                mine = and_(t.owner == self.owner, t.table_id.in_(chunk))
                conn.execute(update(lease_table).where(mine).values(expires=now + self.ttl))
                held.update(conn.execute(select(t.table_id).where(mine)).scalars())
        return held

    def release(self, table_id: str) -> None:
        """Give up ``table_id``'s lease (its room left memory): any process may take it."""
        t = lease_table.c
        with self.engine.begin() as conn:
            conn.execute(
                delete(lease_table).where(and_(t.table_id == table_id, t.owner == self.owner))
            )

    def release_all(self) -> None:
        """Give up every lease of this process (it stops)."""
        with self.engine.begin() as conn:
            conn.execute(delete(lease_table).where(lease_table.c.owner == self.owner))
