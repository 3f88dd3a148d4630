"""A computer player's turn as data: what it is asked (:class:`BotRequest`) and its seed; and
how the bots that play a table's computer seats are asked (:class:`Computers`).

A server asks the bot somewhere else (another process) and applies its answer later, so the
question carries everything the bot may use and nothing more: the seat's observation (never the
state), the level and the decision's seed, with the point of the game it was asked at, so that
an answer arriving after the table moved on is recognised as stale.

>>> decision_seed(5, 1, 0, 3) == decision_seed(5, 1, 0, 3) != decision_seed(5, 1, 0, 4)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from briscola.bots import Bot, make_bot
from briscola.bots.pool import decide
from briscola.core.actions import Action
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
    (on autoplay, after a resignation), and ``factory``, which makes the bots.

    Every decision is asked the one way, as a :class:`BotRequest`, through
    :func:`briscola.bots.pool.decide` (a bot made for it with the decision's seed), the function
    the server's pool runs: the terminal, the server and a table restarted after a crash ask the
    same question and get the same answer.

    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> state = new_game(preset("classic"), seed=3)
    >>> request = BotRequest(1, "simple", 7, observe(state, state.turn), 0, 0)
    >>> Computers().decide(request) == Computers().decide(request)  # seeded: reproducible
    True
    """

    stand_in: str = "simple"
    factory: BotFactory = make_bot
    seed: int | None = None

    def decide(self, request: BotRequest) -> Action:
        """The answer to ``request``: a bot of its level made with its seed."""
        return decide(request.level, request.seed, request.observation, factory=self.factory)
