"""A computer player's turn as data: what it is asked (:class:`BotRequest`) and its seed.

A server asks the bot somewhere else (another process) and applies its answer later, so the
question carries everything the bot may use and nothing more: the seat's observation (never the
state), the level and the decision's seed, with the point of the game it was asked at, so that
an answer arriving after the table moved on is recognised as stale.

>>> decision_seed(5, 1, 0, 3) == decision_seed(5, 1, 0, 3) != decision_seed(5, 1, 0, 4)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.core.observation import Observation

__all__ = ["BotRequest", "decision_seed"]


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
