"""How a room paces its game: the computer players' speed, the hold after a trick, and the
clock of a person's move at a table with friends.

* **Speed** (``lenta``, ``normale``, ``veloce``): a factor on the server's ``bot_delay``, chosen
  per table (:data:`SPEEDS`).
* **The hold after a trick**: once a trick is complete it stays on every screen for at least
  ``trick_hold`` seconds before a computer player leads again, whatever the clients do
  (:meth:`Pace.wait`).
* **The move clock**: at a table with more than one person, the person to act has
  ``move_timeout`` seconds; then the stand-in computer player makes that one move for them
  (:class:`MoveClock`). Every seat is told the time left (the ``clock`` field of a state).

>>> pace = Pace(speed="veloce")
>>> pace.wait(bot_delay=1.0, trick_hold=1.5, now=10.0)
0.4
>>> pace.saw_trick(now=10.0)
>>> pace.wait(bot_delay=1.0, trick_hold=1.5, now=10.5)
1.0
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from briscola.session.table import Table

__all__ = ["DEFAULT_SPEED", "SPEEDS", "MoveClock", "Pace"]

log = logging.getLogger(__name__)

SPEEDS: dict[str, float] = {"lenta": 2.0, "normale": 1.0, "veloce": 0.4}
"""Each speed of the computer players: its factor on the server's delay between their moves."""

DEFAULT_SPEED = "normale"


@dataclass
class Pace:
    """A table's speed and when its last trick was completed (``time.monotonic`` seconds)."""

    speed: str = DEFAULT_SPEED
    trick_at: float | None = None

    def saw_trick(self, now: float | None = None) -> None:
        """A trick was just completed and sent to every screen."""
        self.trick_at = time.monotonic() if now is None else now

    def wait(self, bot_delay: float, trick_hold: float, now: float | None = None) -> float:
        """Seconds before the next computer move: the delay at this speed, and at least what is
        left of the hold of the last trick."""
        delay = bot_delay * SPEEDS.get(self.speed, 1.0)
        if self.trick_at is not None:
            clock = time.monotonic() if now is None else now
            delay = max(delay, self.trick_at + trick_hold - clock)
        return round(max(0.0, delay), 6)


Expire = Callable[[tuple[int, int]], Awaitable[None]]
"""What a clock that ran out calls, with the move it timed: (deal, actions so far)."""


class MoveClock:
    """The clock of the person to act at a table with friends (one clock at a time).

    :meth:`arm` is called after every change; it starts a clock when a new move is a person's,
    and stops it when the move is no longer theirs. When a clock runs out, ``expire`` is called
    with the move it timed (the room, under its lock, has the stand-in make it if that move is
    still the one awaited: :meth:`move_key`).
    """

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.seat: int | None = None
        self.deadline: float | None = None
        self._task: asyncio.Task[None] | None = None

    @staticmethod
    def move_key(table: Table) -> tuple[int, int] | None:
        """Which move is awaited: (deal, actions so far), or None when no person is to act at a
        table with more than one person."""
        seat = table.to_act()
        if seat is None or table.bot_to_act() is not None or len(table.human_seats()) < 2:
            return None
        assert table.state is not None and table.deal_number is not None
        return (table.deal_number, len(table.state.actions))

    def arm(self, table: Table, timeout: float, expire: Expire, active: bool = True) -> None:
        """Start the clock of a new person's move (``active``: somebody is there to see it)."""
        key = self.move_key(table) if active else None
        if key == self.key:
            return
        self.stop()
        if key is None:
            return
        self.key, self.seat = key, table.to_act()
        self.deadline = time.monotonic() + timeout
        self._task = asyncio.create_task(self._run(key, timeout, expire))

    async def _run(self, key: tuple[int, int], timeout: float, expire: Expire) -> None:
        await asyncio.sleep(timeout)
        self._task = None
        try:
            await expire(key)
        except Exception:
            log.exception("a move's clock could not hand the move to the computer")

    def info(self) -> dict[str, Any] | None:
        """The clock as a state message tells it: the seat and the seconds left, or None."""
        if self.deadline is None or self.seat is None:
            return None
        left = max(0.0, self.deadline - time.monotonic())
        return {"seat": self.seat, "left": round(left, 1)}

    def stop(self) -> None:
        """No clock runs any more."""
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self.key = self.seat = self.deadline = None

    async def close(self) -> None:
        """Stop the clock and wait for its task to end."""
        task = self._task
        self.stop()
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
