"""Tables: seats mapped to humans or computer players, the turn flow of a match, and events.

A :class:`Table` is a session without I/O. It holds a :class:`~briscola.core.match.Match` and the
current deal's :class:`~briscola.core.game.State`, and it is the only place that sees the whole
state: people and bots get per-seat views (:func:`~briscola.core.observation.observe`) and nothing
more. Every change returns a list of :class:`Event` (public facts: a card played, a trick taken...).
The same table runs the server's games and the terminal game, so both tell the same events in the
same order; seats and errors are in :mod:`briscola.session.seats`, events and results as data in
:mod:`briscola.session.events` (all importable from here).

>>> from briscola.core.rules import preset
>>> table = Table(preset("classic"), [Seat.human("Anna"), Seat.computer("random")], seed=5)
>>> [e.type for e in table.start()]
['deal_started']
>>> events = table.run_bots()  # the bot leads if it is its turn
>>> table.to_act()
0
>>> card = table.observation(0).hand[0]
>>> [e.type for e in table.submit(0, str(card))][:1]
['played']
>>> try:
...     table.submit(1 - table.to_act(), "Ad")
... except TableError as exc:
...     print(exc.code)
not_your_turn

The match deals from its seed; the first dealer is seat 0 unless ``dealer`` says otherwise, and
the deal passes on after each deal. A table is rebuilt exactly from its records: the ruleset, the
match's format and seed, and each deal's dealer, deck order and actions (:meth:`Table.rebuild`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from briscola.bots import Bot, make_bot
from briscola.core.actions import Action, ActionParseError, parse_action
from briscola.core.cards import Card
from briscola.core.game import IllegalActionError, Result, State, new_game
from briscola.core.match import Match, MatchFormat
from briscola.core.observation import Observation, observe
from briscola.core.rules import Partnership, Ruleset
from briscola.session.botturn import BotRequest, decision_seed
from briscola.session.events import (
    DealLog,
    Event,
    action_events,
    result_from_dict,
    result_to_dict,
)
from briscola.session.seats import DEAL_OVER, OVER, PLAYING, WAITING, Seat, TableError

__all__ = [
    "DEAL_OVER",
    "OVER",
    "PLAYING",
    "WAITING",
    "BotFactory",
    "BotRequest",
    "DealLog",
    "Event",
    "Seat",
    "Table",
    "TableError",
    "result_from_dict",
    "result_to_dict",
]

log = logging.getLogger(__name__)

BotFactory = Callable[[str, int | None], Bot]


class Table:
    """A table of seats playing a match. See the module's documentation."""

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
        self.stand_in = stand_in
        self.match = Match(ruleset, fmt, seed=seed, dealer=dealer)
        self.deals: list[DealLog] = []
        self.state: State | None = None
        self.started = False
        self._bot_factory = bot_factory
        self._bots: dict[int, Bot] = {}
        self._bot_levels: dict[int, str] = {}
        self._last_result: Result | None = None
        self.resigned: list[int] = []

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

    def bot_to_act(self) -> int | None:
        """The seat to act if a computer plays it now (a bot, or a human on autoplay)."""
        seat = self.to_act()
        if seat is None:
            return None
        s = self.seats[seat]
        return seat if s.is_bot or s.autoplay else None

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
        """The match's standing as JSON-ready data."""
        m = self.match
        return {
            "format": str(m.format),
            "competitors": "teams"
            if self.ruleset.partnership is Partnership.ALTERNATE
            else "seats",
            "wins": list(m.wins),
            "points": list(m.points),
            "deals": [
                {"dealer": d.dealer, "counted": d.counted, "result": result_to_dict(d.result)}
                for d in m.deals
            ],
            "winner": m.winner,
            "over": m.is_over,
        }

    def public_info(self) -> dict[str, Any]:
        """What anybody may know about the table: seats, status, standing. No cards."""
        last = self._last_result if self.status in (DEAL_OVER, OVER) else None
        return {
            "preset": self.ruleset.name,
            "ruleset": self.ruleset.to_dict(),
            "status": self.status,
            "seats": [s.to_dict(i) for i, s in enumerate(self.seats)],
            "match": self.standing(),
            "deal": self.deal_number,
            "result": result_to_dict(last) if last is not None else None,
            "resigned": list(self.resigned),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may be shown: the table's public info and its observation."""
        obs = self.observation(seat)
        return {
            "seat": seat,
            "table": self.public_info(),
            "observation": obs.to_dict() if obs is not None else None,
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
        return [Event("timed_out", {"seat": seat}), *self._computer_move(seat)]

    def resign(self, seat: int) -> list[Event]:
        """``seat``'s person leaves the match for good: the seat goes to the stand-in computer
        player (keeping its name) and the table records the resignation."""
        self._status_for(seat, "there is nothing left to resign")
        s = self.seats[seat]
        if s.is_bot:
            raise TableError("not_a_person", f"seat {seat} is a computer player's")
        self.seats[seat] = Seat.computer(self.stand_in, s.name)
        self.resigned.append(seat)
        return [Event("resigned", {"seat": seat, "name": s.name}), *self._maybe_next_deal()]

    def _computer_move(self, seat: int) -> list[Event]:
        obs = self.observation(seat)
        assert obs is not None
        return self._bot_plays(seat, obs, self._bot(seat).act(obs))

    def bot_request(self) -> BotRequest | None:
        """What the computer player to act is asked (None when no computer is to act), for a bot
        that thinks elsewhere; its answer goes to :meth:`bot_answer`."""
        seat = self.bot_to_act()
        if seat is None:
            return None
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

    def _bot_plays(self, seat: int, obs: Observation, action: Action) -> list[Event]:
        if action not in obs.legal:
            log.warning(
                "bot at seat %d chose %s, not legal; playing %s", seat, action, obs.legal[0]
            )
            action = obs.legal[0]
        return self.submit(seat, action)

    def run_bots(self, limit: int = 10_000) -> list[Event]:
        """Let computer players move until a person is to act (or the deal ends)."""
        events: list[Event] = []
        for _ in range(limit):
            if self.bot_to_act() is None:
                break
            events.extend(self.bot_move())
        return events

    def ready(self, seat: int) -> list[Event]:
        """Between deals, ``seat`` asks for the next deal; it is dealt once every person playing
        (not on autoplay) has asked."""
        status = self._status_for(seat, "there is no next deal")
        if status != DEAL_OVER:
            raise TableError("deal_not_over", "the deal is still being played")
        self.seats[seat].ready = True
        return [Event("ready", {"seat": seat}), *self._maybe_next_deal()]

    def all_ready(self) -> bool:
        """True when every seat that must say so has asked for the next deal."""
        return all(s.ready or s.is_bot or s.autoplay for s in self.seats)

    def next_deal(self) -> list[Event]:
        """Deal the next deal of the match now (between deals only)."""
        if self.status != DEAL_OVER:
            raise TableError("deal_not_over", "the next deal can only be dealt between deals")
        return self._deal()

    def set_connected(self, seat: int, connected: bool) -> list[Event]:
        """Record that a seat's person is (or is no longer) connected."""
        self._check_seat(seat)
        if self.seats[seat].connected == connected:
            return []
        self.seats[seat].connected = connected
        return [Event("presence", {"seat": seat, "connected": connected})]

    def set_autoplay(self, seat: int, on: bool) -> list[Event]:
        """Let a computer play a human seat (``on``), or give it back to its person."""
        self._check_seat(seat)
        s = self.seats[seat]
        if s.is_bot or s.autoplay == on:
            return []
        s.autoplay = on
        events = [Event("autoplay", {"seat": seat, "on": on})]
        if on:
            events.extend(self._maybe_next_deal())
        return events

    # -- rebuilding -------------------------------------------------------------------------
    @classmethod
    def rebuild(
        cls,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        match_format: MatchFormat | str,
        seed: int | None,
        deals: Sequence[tuple[int | None, Sequence[Card] | None, Sequence[Action | str]]],
        *,
        started: bool = True,
        stand_in: str = "simple",
        bot_factory: BotFactory = make_bot,
    ) -> Table:
        """A table exactly as it was after ``deals`` (each: dealer, deck order, actions).

        The match deals from its seed as before; a stored deck order that differs from the
        seed's (a match dealt by another version) is the one used, and a deal stored without its
        dealer and deck (None, None: its record was lost) is dealt from the seed again, exactly.
        """
        first = deals[0][0] if deals and deals[0][0] is not None else 0
        table = cls(
            ruleset,
            seats,
            match_format,
            seed,
            dealer=first,
            stand_in=stand_in,
            bot_factory=bot_factory,
        )
        if not started:
            if deals:
                raise TableError("bad_record", "a table that has not started has no deals")
            return table
        table.started = True
        if not deals:
            table._deal()
            return table
        for number, (dealer, deck, actions) in enumerate(deals):
            if number > 0 and table.status != DEAL_OVER:
                raise TableError("bad_record", f"deal {number - 1} did not end")
            table._deal(dealer=dealer, deck=None if deck is None else tuple(deck))
            for i, action in enumerate(actions):
                turn = table.to_act()
                try:
                    table.submit(turn if turn is not None else 0, action)
                except TableError as exc:
                    raise TableError(
                        "bad_record", f"deal {number}, action {i + 1} ({action}): {exc.message}"
                    ) from None
        return table

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

    def _bot_level(self, seat: int) -> str:
        s = self.seats[seat]
        return s.bot if s.is_bot and s.bot else self.stand_in

    def _bot(self, seat: int) -> Bot:
        level = self._bot_level(seat)
        bot = self._bots.get(seat)
        if bot is None or self._bot_levels.get(seat) != level:
            base = self.seed if self.seed is not None else 0
            bot = self._bot_factory(level, (base * 7919 + seat) % 2**63)
            self._bots[seat] = bot
            self._bot_levels[seat] = level
        return bot

    def _deal(self, dealer: int | None = None, deck: tuple[Card, ...] | None = None) -> list[Event]:
        state = self.match.deal()
        if deck is not None and (deck != state.deck or dealer != state.dealer):
            assert dealer is not None
            state = new_game(self.ruleset, deck=deck, dealer=dealer)
        self.state = state
        self.deals.append(DealLog(state.dealer, state.deck))
        for s in self.seats:
            s.ready = False
        return [Event("deal_started", {"deal": len(self.deals) - 1, "dealer": state.dealer})]

    def _finish_deal(self, final: State) -> list[Event]:
        result = final.result()
        self._last_result = result
        self.match.record(result)
        events = [Event("deal_over", {"result": result_to_dict(result)})]
        if self.match.is_over:
            events.append(
                Event("match_over", {"winner": self.match.winner, "match": self.standing()})
            )
        return events

    def _maybe_next_deal(self) -> list[Event]:
        if (
            self.status == DEAL_OVER
            and self.all_ready()
            and any(s.ready for s in self.seats if not s.is_bot)
        ):
            return self._deal()
        return []
