"""Seats of a table, the table's statuses and its errors: data, no flow.

>>> Seat.computer("random").to_dict(1)["kind"]
'bot'
>>> TableError("not_your_turn", "it is seat 1's turn").code
'not_your_turn'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DEAL_OVER", "OVER", "PLAYING", "WAITING", "Seat", "TableError"]

WAITING = "waiting"
PLAYING = "playing"
DEAL_OVER = "deal_over"
OVER = "over"


class TableError(ValueError):
    """A request the table refuses, with a short ``code`` and a message a person understands."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    """One seat: a human (``joined`` once somebody took it) or a computer player of a level.

    ``connected`` and ``autoplay`` are set by whoever runs the table (a server, the terminal game):
    a human seat on autoplay is played by a stand-in bot until its person comes back.
    """

    kind: str = "human"  # "human" or "bot"
    name: str = ""
    bot: str | None = None
    joined: bool = False
    connected: bool = False
    autoplay: bool = False
    ready: bool = False

    @classmethod
    def human(cls, name: str = "", joined: bool = True) -> Seat:
        """A human seat (already taken by ``name`` unless ``joined`` is false)."""
        return cls("human", name, None, joined)

    @classmethod
    def computer(cls, level: str = "simple", name: str = "") -> Seat:
        """A seat played by the bot ``level``."""
        return cls("bot", name or level, level, True)

    @property
    def is_bot(self) -> bool:
        """True for a computer player's seat."""
        return self.kind == "bot"

    def to_dict(self, index: int) -> dict[str, Any]:
        """Public information about the seat."""
        return {
            "seat": index,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "joined": self.joined,
            "connected": self.connected,
            "autoplay": self.autoplay,
            "ready": self.ready,
        }
