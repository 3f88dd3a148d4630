"""The small parts a room is made of: the server's settings it paces a game by (:class:`Settings`,
the one of :mod:`.settings`: ``bot_delay``, ``human_timeout``, ``stand_in``, ``trick_hold``,
``move_timeout`` and ``limits``), the room's lock (:class:`RoomLock`), the points of each rank
sent in every message (:func:`card_points`) and the longest id looked up (:data:`MAX_ID`). The
room itself is :class:`~.room.Room`."""

from __future__ import annotations

import asyncio

from briscola.apps.server.settings import Settings
from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import Ruleset

__all__ = ["MAX_ID", "RoomLock", "Settings", "card_points"]

MAX_ID = 100
"""The longest table id or token looked up: longer ones are nobody's."""


def card_points(ruleset: Ruleset) -> dict[str, int]:
    """The points of each rank (by its letter) under ``ruleset``: what a client counts a trick by.

    >>> from briscola.core.rules import preset
    >>> card_points(preset("classic"))
    {'A': 11, '2': 0, '3': 10, '4': 0, '5': 0, '6': 0, '7': 0, 'F': 2, 'C': 3, 'R': 4}
    >>> inverted = card_points(preset("classic", inversion=True))
    >>> inverted["7"], inverted["3"]
    (10, 0)
    """
    suit = next(iter(Suit))
    return {rank.letter: ruleset.points_of(Card(suit, rank)) for rank in Rank}


class RoomLock(asyncio.Lock):
    """A room's lock that counts who holds it or waits for it (:attr:`users`): a room in use is
    never let go."""

    def __init__(self) -> None:
        super().__init__()
        self.users = 0

    async def __aenter__(self) -> None:
        self.users += 1
        try:
            await self.acquire()
        except BaseException:
            self.users -= 1
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.release()
        self.users -= 1
