"""Computer players: the :class:`Bot` protocol, the registry, and the bots.

=========  =====================================================================
name       how it plays
=========  =====================================================================
random     a legal action at random
simple     the sensible default: cheap points, no wasted trumps, helps a partner
=========  =====================================================================
"""

from briscola.bots.base import (
    Bot,
    BotInfo,
    Budgeted,
    UnknownBotError,
    bot_info,
    bot_names,
    make_bot,
    with_budget,
)
from briscola.bots.random_bot import RandomBot
from briscola.bots.simple import SimpleBot

__all__ = [
    "Bot",
    "BotInfo",
    "Budgeted",
    "RandomBot",
    "SimpleBot",
    "UnknownBotError",
    "bot_info",
    "bot_names",
    "make_bot",
    "with_budget",
]
