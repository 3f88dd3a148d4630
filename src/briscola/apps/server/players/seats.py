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
"""The seats' players of a table: built once, its ``table_id`` bound at each read (building
the statement cost 4 times its execution: a room reads it as a seat's socket connects and at
the match's end)."""


def stored_players(engine: Engine, table_id: str) -> dict[int, dict[str, Any]]:
    """What everybody at a stored table may know of each seat's known player, by seat."""
    with engine.connect() as conn:
        return {
            int(row.seat): {
                "avatar": row.avatar or None,
                "bot": bool(row.bot),
                "profile": row.username,
            }
            for row in conn.execute(_PLAYERS, {"table_id": table_id})
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
