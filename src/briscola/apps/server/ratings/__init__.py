"""Ratings, leaderboards and profiles (issue 37, parts 3 and 4).

A first version of the two functions the lobby calls (the contract): the ratings' tables and
their updates follow.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from sqlalchemy.engine import Engine

__all__ = ["INITIAL_RATING", "cooldown_until", "rating_of"]

INITIAL_RATING: Final = 1500.0
"""A new player's displayed rating, in every game kind."""


def rating_of(engine: Engine, player_id: str, game: str) -> float:
    """The player's displayed rating in the game kind (``INITIAL_RATING`` for a new player)."""
    del engine, player_id, game
    return INITIAL_RATING


def cooldown_until(engine: Engine, player_id: str) -> datetime | None:
    """When the player may seek a rated game again after leaving games, or ``None`` if now."""
    del engine, player_id
    return None
