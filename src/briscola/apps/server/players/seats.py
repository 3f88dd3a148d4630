"""Who took each seat of a table, as everybody at it may know it (issue 37, part 5): the player's
avatar (the emoji chosen in the account panel), whether they are a bot account, and the
username of a claimed account, for a link to their profile (``/players/{username}``).

A room reads them from the seats' links to players (:func:`stored_players`; a link is made
when a seat is taken: :func:`~.routes.seat_taken` for a table made with friends or joined by
invitation, the lobby's for a matched seat) when it is loaded, when a seat's socket connects and
when a seat is stored (:meth:`~briscola.apps.server.room.Room.learn_players`): a player who took a
seat is shown from the moment they come to the table, a deleted account no more. Each seat's
``player`` in the state (:class:`~briscola.apps.server.protocol.SeatPlayer`) comes from here: no
player id, no token, no session.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from briscola.apps.server.players.schema import PlayerRow, PlayerSeatRow

__all__ = ["stored_players", "with_players"]


_PLAYERS = (
    sa.select(PlayerSeatRow.seat, PlayerRow.avatar, PlayerRow.bot, PlayerRow.username)
    .join(PlayerRow, PlayerRow.id == PlayerSeatRow.player_id)
    .where(PlayerSeatRow.table_id == sa.bindparam("table_id"))
)
"""The seats' players of a table, its ``table_id`` bound at each read."""

_COMPILED: dict[str, tuple[str, bool]] = {}
""":data:`_PLAYERS` as its database's SQL (compiled once by SQLAlchemy for each dialect), and
whether that driver takes its parameters by position."""


def stored_players(engine: Engine, table_id: str) -> dict[int, dict[str, Any]]:
    """What everybody at a stored table may know of each seat's known player, by seat.

    A room reads this as a seat's socket connects and at a match's end: the compiled query runs
    on a pooled connection of the driver's own (24 µs of CPU a read on an SQLite file, against 70
    through SQLAlchemy's execution and 200 with the statement built at each read)."""
    if (compiled := _COMPILED.get(engine.dialect.name)) is None:
        query = _PLAYERS.compile(dialect=engine.dialect)
        compiled = _COMPILED[engine.dialect.name] = (str(query), query.positional)
    sql, positional = compiled
    conn = engine.raw_connection()  # given back to the pool (rolled back) by close()
    try:
        cursor = conn.cursor()
        cursor.execute(sql, (table_id,) if positional else {"table_id": table_id})
        rows = cursor.fetchall()
        cursor.close()
    finally:
        conn.close()
    return {
        int(seat): {"avatar": avatar or None, "bot": bool(bot), "profile": username}
        for seat, avatar, bot, username in rows
    }


def with_players(info: dict[str, Any], players: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The table's public information ``info`` (its ``seats`` made afresh for it), each seat a
    known player took with its ``player``.

    >>> with_players({"seats": [{"seat": 0}, {"seat": 1}]}, {1: {"avatar": None}})
    {'seats': [{'seat': 0}, {'seat': 1, 'player': {'avatar': None}}]}
    """
    if players:
        for seat in info["seats"]:
            if (player := players.get(seat["seat"])) is not None:
                seat["player"] = player
    return info
