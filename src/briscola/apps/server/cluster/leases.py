"""Who plays a table when several processes share them: the process holding its *lease*, a row
of ``briscola_leases`` (:class:`Leases`), taken as the table is made or loaded, renewed with the
process's others every :data:`RENEW_SECONDS`, released as its room leaves memory; a killed
process's leases expire :data:`LEASE_SECONDS` after their last renewal. Expiries are wall-clock
times: the machines' clocks must agree (docs/operations.md, "Ownership").
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from collections.abc import Callable

import sqlalchemy as sa

from briscola.apps.server.settings import Settings

LEASE_SECONDS = 1.25
"""How long a lease lasts after its last renewal: a dead holder's tables are free after it."""

RENEW_SECONDS = 0.5
"""How often a process renews its leases: a renewal may come 0.75 s late before a lease
expires. One costs about 1 ms of CPU in a server process (docs/operations.md)."""
lease_table = sa.Table(
    "briscola_leases",
    sa.MetaData(),
    sa.Column("table_id", sa.String(100), primary_key=True),
    sa.Column("owner", sa.String(100), nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)
"""One row per table held by a process (made by the migrations); past ``expires``, nobody's."""


class Leases:
    """This process's leases (``owner``: its name, unique among the processes).

    >>> from sqlalchemy import create_engine
    >>> engine = create_engine("sqlite://")
    >>> lease_table.metadata.create_all(engine)
    >>> now = [100.0]
    >>> a = Leases(engine, "a", clock=lambda: now[0])
    >>> b = Leases(engine, "b", clock=lambda: now[0])
    >>> a.take("t1"), b.take("t1"), a.take("t1"), b.take("t2")
    (True, False, True, True)
    >>> b.owner_of("t1"), sorted(b.renew())
    ('a', ['t2'])
    >>> now[0] += LEASE_SECONDS + 1  # a stopped renewing: its lease expired
    >>> b.owner_of("t1") is None, b.take("t1"), a.renew()
    (True, True, set())
    >>> b.release("t1"); a.owner_of("t1") is None
    True
    """

    def __init__(self, engine: sa.Engine, owner: str, clock: Callable[[], float] = time.time):
        self.engine, self.owner, self._clock = engine, owner, clock

    def take(self, table_id: str) -> bool:
        """Take (or keep) the lease of ``table_id``: True when this process holds it now (an
        UPDATE of a lease that is this process's or expired, else an INSERT that the primary key
        lets only one process make)."""
        now, t = self._clock(), lease_table.c
        free = sa.and_(t.table_id == table_id, sa.or_(t.owner == self.owner, t.expires < now))
        mine = {"owner": self.owner, "expires": now + LEASE_SECONDS}
        with self.engine.begin() as conn:
            if conn.execute(sa.update(lease_table).where(free).values(mine)).rowcount == 1:
                return True
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.insert(lease_table).values(table_id=table_id, **mine))
        except sa.exc.IntegrityError:  # another process holds it (or took it a moment ago)
            return False
        return True

    def owner_of(self, table_id: str) -> str | None:
        """The process holding ``table_id``'s lease now, or None (nobody, or it expired)."""
        t = lease_table.c
        query = sa.select(t.owner).where(t.table_id == table_id, t.expires >= self._clock())
        with self.engine.connect() as conn:
            return conn.execute(query).scalar_one_or_none()

    def renew(self) -> set[str]:
        """Renew every lease of this process with one statement, whatever their number: the
        tables it holds. One of its rooms missing from them was taken by another process (this
        one stalled past its lease)."""
        t = lease_table.c
        mine = sa.update(lease_table).where(t.owner == self.owner)
        renewed = mine.values(expires=self._clock() + LEASE_SECONDS).returning(t.table_id)
        with self.engine.begin() as conn:
            return set(conn.execute(renewed).scalars())

    def release(self, table_id: str | None = None) -> None:
        """Give up ``table_id``'s lease (its room left memory; None: every lease, the process
        stops): any process may take it."""
        t = lease_table.c
        which = t.owner == self.owner if table_id is None else t.table_id == table_id
        with self.engine.begin() as conn:
            conn.execute(sa.delete(lease_table).where(which, t.owner == self.owner))


def process_leases(settings: Settings, engine: sa.Engine) -> Leases | None:
    """This process's leases when the settings name a Redis (several processes), else None
    (one process: no leases, no Redis). Its name: the ``process`` setting (the ``--workers``
    parent names each process), else made of host, pid and chance (unique among them)."""
    if not settings.redis:
        return None
    name = settings.process or f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"
    return Leases(engine, name)
