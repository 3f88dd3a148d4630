"""Bot accounts (issue 37, part 6): players that play online through a token, as Lichess's bots.

The lobby's socket resolves an ``Authorization: Bearer <token>`` header with
:func:`bot_for_token`. (A first stub: no bot token is known yet; the accounts and their tokens
follow.)
"""

from __future__ import annotations

from sqlalchemy.engine import Engine

from briscola.apps.server.players.accounts import Player

__all__ = ["bot_for_token"]


def bot_for_token(engine: Engine, token: str) -> Player | None:
    """The bot account whose (unrevoked) token this is, or None."""
    del engine, token
    return None
