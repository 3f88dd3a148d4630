"""The small parts a room is made of: how the server paces a game (:class:`Settings`), the room's
lock (:class:`RoomLock`), the points of each rank sent in every message (:func:`card_points`) and
the longest id looked up (:data:`MAX_ID`). The room itself is :class:`~.room.Room`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from briscola.apps.server.limits import Limits
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


@dataclass
class Settings:
    """How the server paces a game.

    ``bot_delay``: seconds between computer moves (so people can follow them; 0 in tests).
    ``human_timeout``: seconds after which a disconnected human's seat is played by the computer
    (while another human is connected). ``stand_in``: the level of that computer player.
    ``limits``: the rate limits and caps (:class:`~briscola.apps.server.limits.Limits`).
    ``trick_hold``: seconds a completed trick stays shown before a computer player leads again.
    ``move_timeout``: seconds a person has for a move at a table with friends before the
    stand-in makes it (see :mod:`~briscola.apps.server.pacing`).
    """

    bot_delay: float = 0.8
    human_timeout: float = 60.0
    stand_in: str = "simple"
    limits: Limits = field(default_factory=Limits)
    trick_hold: float = 1.5
    move_timeout: float = 60.0


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
