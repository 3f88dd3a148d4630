"""The computer players of a table: a bot's seat, or a person's seat on autoplay or after the
person resigned, played by the stand-in level.

:class:`ComputerTurns` adds to the turn flow (:class:`~briscola.session.turns.Turns`) the moves
of computer players: played here (:meth:`ComputerTurns.bot_move`), or asked as data
(:meth:`ComputerTurns.bot_request`) of a bot that thinks elsewhere and answered later
(:meth:`ComputerTurns.bot_answer`).

>>> from briscola.core.rules import preset
>>> from briscola.session.seats import Seat
>>> table = ComputerTurns(preset("classic"), [Seat.human("Anna"), Seat.computer("random")], seed=1)
>>> _ = table.start()
>>> table.seats[0].autoplay = True  # Anna lets a computer play for her
>>> events = table.run_bots()
>>> [e.type for e in events][-2:], table.status
(['deal_over', 'match_over'], 'over')
"""

from __future__ import annotations

import logging

from briscola.core.actions import Action
from briscola.core.observation import Observation
from briscola.session.botturn import BotFactory, BotRequest, decision_seed
from briscola.session.events import Event, TimedOutEvent
from briscola.session.seats import TableError
from briscola.session.turns import Turns

__all__ = ["BotFactory", "ComputerTurns"]

log = logging.getLogger(__name__)


class ComputerTurns(Turns):
    """The turn flow with computer players: their bots are made and kept by the table's
    :attr:`~briscola.session.turns.Turns.computers` (its ``bot_factory``)."""

    def bot_to_act(self) -> int | None:
        """The seat to act if a computer plays it now (a bot, or a human on autoplay)."""
        seat = self.to_act()
        if seat is None:
            return None
        s = self.seats[seat]
        return seat if s.is_bot or s.autoplay else None

    def bot_move(self) -> list[Event]:
        """The computer player to act (a bot, or a stand-in for a human on autoplay) moves."""
        seat = self.bot_to_act()
        if seat is None:
            raise TableError("no_bot_to_act", "no computer player is to act now")
        return self._computer_move(seat)

    def stand_in_move(self) -> list[Event]:
        """The person to act took too long: the stand-in computer player makes this one move for
        them (a ``timed_out`` event, then the move's)."""
        seat = self.to_act()
        if seat is None:
            raise TableError("no_one_to_act", "nobody is to act now")
        return [TimedOutEvent(seat=seat), *self._computer_move(seat)]

    def run_bots(self, limit: int = 10_000) -> list[Event]:
        """Let computer players move until a person is to act (or the deal ends)."""
        events: list[Event] = []
        for _ in range(limit):
            if self.bot_to_act() is None:
                break
            events.extend(self.bot_move())
        return events

    def bot_request(self) -> BotRequest | None:
        """What the computer player to act is asked (None when no computer is to act), for a bot
        that thinks elsewhere; its answer goes to :meth:`bot_answer`."""
        seat = self.bot_to_act()
        return None if seat is None else self._request(seat)

    def _request(self, seat: int) -> BotRequest:
        """What the computer player of ``seat`` is asked now."""
        obs = self.observation(seat)
        assert obs is not None
        deal, move = len(self.deals) - 1, len(self.deals[-1].actions)
        seed = decision_seed(self.seed, seat, deal, move)
        return BotRequest(seat, self._bot_level(seat), seed, obs, deal, move)

    def bot_answer(self, request: BotRequest, action: Action) -> list[Event] | None:
        """Play a computer player's answer to ``request``; None (nothing played) when the table
        has moved on since it was asked."""
        if self.bot_to_act() != request.seat or self._bot_level(request.seat) != request.level:
            return None  # a person took the seat back, or another seat is to act
        if (len(self.deals) - 1, len(self.deals[-1].actions)) != (request.deal, request.move):
            return None
        return self._bot_plays(request.seat, request.observation, action)

    # -- internals --------------------------------------------------------------------------
    def _computer_move(self, seat: int) -> list[Event]:
        """The computer player of ``seat`` moves here, asked as a bot elsewhere would be."""
        request = self._request(seat)
        return self._bot_plays(seat, request.observation, self.computers.decide(request))

    def _bot_plays(self, seat: int, obs: Observation, action: Action) -> list[Event]:
        if action not in obs.legal:
            log.warning(
                "bot at seat %d chose %s, not legal; playing %s", seat, action, obs.legal[0]
            )
            action = obs.legal[0]
        return self.submit(seat, action)

    def _bot_level(self, seat: int) -> str:
        s = self.seats[seat]
        return s.bot if s.is_bot and s.bot else self.stand_in
