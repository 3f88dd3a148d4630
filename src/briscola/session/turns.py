"""The turn flow of a table: seats, the match and its current deal, the views each seat may be
shown, a move, and dealing and scoring the deals.

:class:`Turns` is the part of a :class:`~briscola.session.table.Table` that people and computer
players share; the computer players are in :mod:`briscola.session.computers`, what people do
besides moving (asking for the next deal, resigning, leaving the seat to a computer) and the
rebuilding from records in :mod:`briscola.session.table`.

>>> from briscola.core.rules import preset
>>> from briscola.session.seats import Seat
>>> turns = Turns(preset("classic"), [Seat.human("Anna"), Seat.human("Bruno")], seed=3)
>>> turns.status, turns.to_act()
('waiting', None)
>>> [e.type for e in turns.start()], turns.deal_number
(['deal_started'], 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from briscola.bots import make_bot
from briscola.core.actions import Action, ActionParseError, parse_action
from briscola.core.cards import Card
from briscola.core.game import IllegalActionError, Result, State, new_game
from briscola.core.match import Match, MatchFormat
from briscola.core.observation import Observation, observe
from briscola.core.rules import Partnership, Ruleset
from briscola.session.botturn import BotFactory, Computers
from briscola.session.events import (
    DealLog,
    DealOverEvent,
    DealPlayed,
    DealResult,
    DealStartedEvent,
    Event,
    MatchOverEvent,
    Standing,
    action_events,
)
from briscola.session.seats import DEAL_OVER, OVER, PLAYING, WAITING, Seat, TableError

__all__ = ["Turns"]


class Turns:
    """Seats playing a match, deal after deal: the status, the views and the moves.

    The match deals from ``seed``; the first dealer is seat ``dealer`` and the deal passes on
    after each deal. ``stand_in`` is the level of the computer player that takes a person's seat
    when they resign or leave it; ``bot_factory`` makes the computer players' bots (they play in
    :class:`~briscola.session.computers.ComputerTurns`; both are kept in :attr:`computers`).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        match_format: MatchFormat | str = "single",
        seed: int | None = None,
        *,
        dealer: int = 0,
        stand_in: str = "simple",
        bot_factory: BotFactory = make_bot,
    ) -> None:
        if len(seats) != ruleset.players:
            raise TableError(
                "bad_seats",
                f"the {ruleset.name} game needs {ruleset.players} seats, not {len(seats)}",
            )
        if not isinstance(dealer, int) or not 0 <= dealer < ruleset.players:
            raise TableError(
                "bad_dealer", f"the dealer must be a seat from 0 to {ruleset.players - 1}"
            )
        fmt = MatchFormat.parse(match_format) if isinstance(match_format, str) else match_format
        self.ruleset = ruleset
        self.seats = list(seats)
        self.seed = seed
        self.computers = Computers(stand_in, bot_factory, seed)
        self.match = Match(ruleset, fmt, seed=seed, dealer=dealer)
        self.deals: list[DealLog] = []
        self.state: State | None = None
        self.started = False
        self._last_result: Result | None = None
        self.resigned: list[int] = []

    @property
    def stand_in(self) -> str:
        """The level of the computer player that takes a person's seat."""
        return self.computers.stand_in

    # -- status -----------------------------------------------------------------------------
    @property
    def status(self) -> str:
        """``waiting``, ``playing``, ``deal_over`` (between deals) or ``over`` (match over)."""
        if not self.started or self.state is None:
            return WAITING
        if self.state.is_over:
            return OVER if self.match.is_over else DEAL_OVER
        return PLAYING

    @property
    def deal_number(self) -> int | None:
        """The current deal's number (0 first, replayed deals count), None before the start."""
        return len(self.deals) - 1 if self.deals else None

    def to_act(self) -> int | None:
        """The seat to act now, or None (not started, or between deals)."""
        if self.status != PLAYING:
            return None
        assert self.state is not None
        return self.state.turn

    def human_seats(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    # -- views ------------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation | None:
        """What ``seat`` may know of the current deal (None before the start)."""
        self._check_seat(seat)
        if self.state is None:
            return None
        return observe(self.state, seat)

    def standing(self) -> dict[str, Any]:
        """The match's standing as JSON-ready data (:meth:`standing_data`'s dict)."""
        return self.standing_data().to_dict()

    def standing_data(self) -> Standing:
        """The match's standing."""
        m = self.match
        teams = self.ruleset.partnership is Partnership.ALTERNATE
        deals = [DealPlayed(dealer=d.dealer, counted=d.counted, result=DealResult.of(d.result))
                 for d in m.deals]  # fmt: skip
        return Standing(
            format=str(m.format), competitors="teams" if teams else "seats", wins=list(m.wins),
            points=list(m.points), deals=deals, winner=m.winner, over=m.is_over,
        )  # fmt: skip

    def public_info(self, *, ruleset: Any = None, standing: Any = None) -> dict[str, Any]:
        """What anybody may know about the table: seats, status, standing. No cards.
        ``ruleset``, ``standing``: their data when the caller keeps them made (the server makes
        the ruleset's once per table, the standing's once per deal); by default made here."""
        last = self._last_result if self.status in (DEAL_OVER, OVER) else None
        return {
            "preset": self.ruleset.name,
            "ruleset": self.ruleset.to_dict() if ruleset is None else ruleset,
            "status": self.status,
            "seats": [s.to_dict(i) for i, s in enumerate(self.seats)],
            "match": self.standing() if standing is None else standing,
            "deal": self.deal_number,
            "result": DealResult.of(last).to_dict() if last is not None else None,
            "resigned": list(self.resigned),
        }

    # -- the flow ---------------------------------------------------------------------------
    def start(self, fill: str | None = None) -> list[Event]:
        """Start the match: human seats nobody joined go to bots of level ``fill``."""
        if self.started:
            raise TableError("already_started", "the game has already started")
        empty = [i for i, s in enumerate(self.seats) if not s.is_bot and not s.joined]
        if empty and fill is None:
            raise TableError("seats_empty", f"seats {empty} are still empty")
        for i in empty:
            assert fill is not None
            self.seats[i] = Seat.computer(fill, self.seats[i].name or fill)
        if not self.human_seats():
            raise TableError("bad_seats", "a table needs at least one human player")
        self.started = True
        return self._deal()

    def submit(self, seat: int, action: Action | str) -> list[Event]:
        """``seat`` takes ``action`` (an Action or its text); raises :class:`TableError`."""
        status = self._status_for(seat, "no more actions")
        if status == DEAL_OVER:
            raise TableError("between_deals", "the deal is over: ask for the next deal first")
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError as exc:
                raise TableError("bad_action", str(exc)) from None
        state = self.state
        assert state is not None and state.turn is not None
        if state.turn != seat:
            raise TableError("not_your_turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")
        try:
            after = state.apply(action)
        except IllegalActionError as exc:
            raise TableError("illegal_action", str(exc)) from None
        self.state = after
        self.deals[-1].actions.append(action)
        self.deals[-1].seats.append(seat)
        events = action_events(state, after, seat, action)
        if after.is_over:
            events.extend(self._finish_deal(after))
        return events

    def next_deal(self) -> list[Event]:
        """Deal the next deal of the match now (between deals only)."""
        if self.status != DEAL_OVER:
            raise TableError("deal_not_over", "the next deal can only be dealt between deals")
        return self._deal()

    # -- internals --------------------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"seat must be from 0 to {len(self.seats) - 1}")

    def _status_for(self, seat: int, over: str) -> str:
        """The status, for a request of ``seat`` that needs a started match not yet over."""
        self._check_seat(seat)
        status = self.status
        if status == WAITING:
            raise TableError("not_started", "the game has not started yet")
        if status == OVER:
            raise TableError("match_over", f"the match is over: {over}")
        return status

    def _deal(self, dealer: int | None = None, deck: tuple[Card, ...] | None = None) -> list[Event]:
        state = self.match.deal()
        if deck is not None and (deck != state.deck or dealer != state.dealer):
            assert dealer is not None
            state = new_game(self.ruleset, deck=deck, dealer=dealer)
        self.state = state
        self.deals.append(DealLog(state.dealer, state.deck))
        for s in self.seats:
            s.ready = False
        return [DealStartedEvent(deal=len(self.deals) - 1, dealer=state.dealer)]

    def _finish_deal(self, final: State) -> list[Event]:
        result = final.result()
        self._last_result = result
        self.match.record(result)
        events: list[Event] = [DealOverEvent(result=DealResult.of(result))]
        if self.match.is_over:
            events.append(MatchOverEvent(winner=self.match.winner, match=self.standing_data()))
        return events
