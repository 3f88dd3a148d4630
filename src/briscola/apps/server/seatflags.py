"""The seats' flags that a table's record does not hold, kept when its room leaves memory.

Which person seats the stand-in plays because their person stayed away (``autoplay``), and which
asked for the next deal (``ready``), live in the room's table only. When an idle room leaves
memory (:meth:`~briscola.apps.server.rooms.Rooms.let_go_idle`, or to make space) they are kept in
the table's ``seat_flags`` column with the point the game had reached (written through the group
commit, :mod:`~briscola.apps.server.commits`); when the table is loaded again they are given
back if the game is still at that point (a table that moved on since, through another process
or after a crash, has flags of its own that a restart forgets, as before).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from briscola.session.table import DEAL_OVER, OVER, Table, TableError

if TYPE_CHECKING:
    from briscola.apps.server.rooms import Room

__all__ = ["flags", "keep", "restore"]

log = logging.getLogger(__name__)


def _point(table: Table) -> list[int]:
    """Where the game is: the number of deals and of actions in all of them."""
    return [len(table.deals), sum(len(deal.actions) for deal in table.deals)]


def flags(table: Table) -> dict[str, Any]:
    """The flags to keep: the point reached and the seats on autoplay and ready."""
    return {
        "at": _point(table),
        "autoplay": [i for i, s in enumerate(table.seats) if s.autoplay and not s.is_bot],
        "ready": [i for i, s in enumerate(table.seats) if s.ready and not s.is_bot],
    }


def keep(room: Room) -> None:
    """Store the room's seat flags in its table's row (a room leaving memory): queued in the
    group commit, not waited for (a failure is logged)."""
    table = room.table
    if table.started and table.status != OVER:
        room.note(seat_flags=flags(table))
        room.store_soon().add_done_callback(_logged)


def _logged(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and (error := done.exception()) is not None:
        log.error("could not keep the seat flags of a table leaving memory: %s", error)


def restore(room: Room, kept: Any) -> None:
    """Give the seats of a room just loaded the flags ``kept`` for it (its ``seat_flags``), if
    its game is still where it was then (anything unreadable or stale is ignored). A deal that
    this deals (every person had asked) is stored by the caller, as any change of a loaded
    table is."""
    table = room.table
    if not isinstance(kept, dict) or kept.get("at") != _point(table):
        return
    humans = set(table.human_seats())
    for seat in _seats(kept.get("autoplay"), humans):
        table.set_autoplay(seat, True)
    if table.status != DEAL_OVER:
        return
    for seat in _seats(kept.get("ready"), humans):
        try:
            table.ready(seat)
        except TableError:  # dealt on already (the others had all asked)
            return


def _seats(value: Any, humans: set[int]) -> list[int]:
    """The person seats of a kept list (anything else in it ignored)."""
    if not isinstance(value, list):
        return []
    return [s for s in value if isinstance(s, int) and s in humans]
