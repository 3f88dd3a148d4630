"""Catching up: the results of matches whose end was stored but never recorded.

A room stores its match's end with the table's row marked ``results_due`` (the same commit), and
the :class:`~.record.Recorder` clears the mark in the transaction that writes the results. A
crash between the two (or a recording that failed) leaves the mark: as the server starts, the
recorder's :meth:`~.record.Recorder.catch_up` runs :func:`catch_up` in its writer thread, which
reads the marked tables through the mark's partial index (``ix_briscola_tables_results_due``:
only those, however many tables are stored), the first finished first (its last action's time),
rebuilds each from storage with the seats that resigned and those the computer played at the end
(the row's ``resigned`` and ``seat_flags``, stored with the end), and records it as it would have
been, the ratings in the order the tables finished. :func:`~.record.record_match` records a
table once, whoever else catches up at the same time (several processes on one database).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from briscola.apps.server.ratings.outcome import outcomes
from briscola.apps.server.ratings.record import aware, record_match
from briscola.apps.server.rooms import table_from_stored
from briscola.apps.server.store import Base, StoredTable
from briscola.session.table import OVER, Table

__all__ = ["catch_up", "due", "due_query"]

log = logging.getLogger(__name__)

_TABLES: Final = Base.metadata.tables["briscola_tables"]
_ACTIONS: Final = Base.metadata.tables["briscola_actions"]


def due_query() -> sa.Select[Any]:
    """The query of :func:`due`: the marked tables by the mark's partial index, each one's
    actions by their key."""
    t, a = _TABLES.c, _ACTIONS.c
    last = sa.select(sa.func.max(a.at)).where(a.table_id == t.id).scalar_subquery()
    ended = sa.func.coalesce(last, t.created_at)  # a subquery a table: never all the actions
    return sa.select(t.id, ended).where(t.results_due.is_(True)).order_by(ended, t.id)


def due(engine: Engine) -> list[tuple[str, datetime]]:
    """The tables whose results are due, each with the moment its match ended (its last action
    stored; the table's creation if it has none), the first finished first."""
    with engine.connect() as conn:
        return [(str(row.id), aware(row[1])) for row in conn.execute(due_query())]


def catch_up(engine: Engine, load: Callable[[str], StoredTable | None]) -> int:
    """Record every table whose results are due (see the module): how many were read and
    recorded (a table recorded meanwhile by another process is left as it is). A table that
    cannot be rebuilt, or whose match is not over, is logged and keeps its mark."""
    done = 0
    for table_id, at in due(engine):
        try:
            table = _ended(load(table_id))
            if table is None:
                log.warning("table %s is marked as over but its match is not", table_id)
                continue
            record_match(engine, table_id, table.ruleset.name, outcomes(table), at)
            done += 1
        except Exception:
            log.exception("the results of table %s could not be caught up", table_id)
    if done:
        log.info("results caught up: %d finished tables", done)
    return done


def _ended(stored: StoredTable | None) -> Table | None:
    """The stored table rebuilt as it ended (its resignations, the seats the computer played at
    its end), or None if it is gone or its match is not over."""
    if stored is None:
        return None
    table = table_from_stored(stored)
    if table.status != OVER:
        return None
    table.resigned = list(stored.resigned)
    table.restore_flags(stored.seat_flags)  # as the room does: those stored with the end
    return table
