"""A computer player's turn as data: what it is asked (:class:`BotRequest`) and its seed; and
the bots that play a table's computer seats (:class:`Computers`).

A server asks the bot somewhere else (another process) and applies its answer later, so the
question carries everything the bot may use and nothing more: the seat's observation (never the
state), the level and the decision's seed, with the point of the game it was asked at, so that
an answer arriving after the table moved on is recognised as stale.

>>> decision_seed(5, 1, 0, 3) == decision_seed(5, 1, 0, 3) != decision_seed(5, 1, 0, 4)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from briscola.bots import Bot, make_bot
from briscola.core.observation import Observation

__all__ = ["BotFactory", "BotRequest", "Computers", "decision_seed"]

BotFactory = Callable[[str, int | None], Bot]
"""Makes a bot of a level with a seed (:func:`briscola.bots.make_bot` by default)."""


def decision_seed(table_seed: int | None, seat: int, deal: int, move: int) -> int:
    """The seed of one decision: from the table's seed, the seat, the deal's number and how many
    actions the deal holds, so a decision is the same whoever makes it, and after a restart."""
    base = table_seed if table_seed is not None else 0
    return ((base * 7919 + seat) * 1_000_003 + deal * 4096 + move) % 2**63


@dataclass(frozen=True)
class BotRequest:
    """What a computer player is asked: ``seat`` of ``level`` sees ``observation``; its seed is
    ``seed``; it was asked at action number ``move`` of deal number ``deal``."""

    seat: int
    level: str
    seed: int
    observation: Observation
    deal: int
    move: int


@dataclass
class Computers:
    """Who plays a table's computer seats: ``stand_in``, the level that takes a person's seat
    (on autoplay, after a resignation), and ``factory``, which makes the bots; one bot per seat
    and level, made on first use with a seed from the table's ``seed``.

    >>> computers = Computers("simple", seed=4)
    >>> computers.bot(1, "random") is computers.bot(1, "random")
    True
    >>> computers.bot(1, "random") is computers.bot(1, "simple")
    False
    """

    stand_in: str = "simple"
    factory: BotFactory = make_bot
    seed: int | None = None
    _bots: dict[int, tuple[str, Bot]] = field(default_factory=dict, repr=False)

    def bot(self, seat: int, level: str) -> Bot:
        """The bot of level ``level`` at ``seat`` (a new one when the seat's level changed)."""
        kept = self._bots.get(seat)
        if kept is not None and kept[0] == level:
            return kept[1]
        base = self.seed if self.seed is not None else 0
        bot = self.factory(level, (base * 7919 + seat) % 2**63)
        self._bots[seat] = (level, bot)
        return bot
