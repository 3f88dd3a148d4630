"""Tables: seats mapped to humans or computer players, the turn flow of a match, and events.

A :class:`Table` is a session without I/O. It holds a :class:`~briscola.core.match.Match` and the
current deal's :class:`~briscola.core.game.State`, and it is the only place that sees the whole
state: people and bots get per-seat views (:func:`~briscola.core.observation.observe`) and nothing
more. Every change returns a list of events (:data:`~briscola.session.events.Event`: public facts,
a card played, a trick taken...).
The same table runs the server's games and the terminal game, so both tell the same events in the
same order. The turn flow is in :mod:`briscola.session.turns`, the computer players in
:mod:`briscola.session.computers`, seats and errors in :mod:`briscola.session.seats`, events and
results as data in :mod:`briscola.session.events` (all importable from here); this module adds
what people do besides moving and the rebuilding from records.

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

from collections.abc import Sequence
from typing import Any

from briscola.bots import make_bot
from briscola.core.actions import Action
from briscola.core.cards import Card
from briscola.core.match import MatchFormat
from briscola.core.rules import Ruleset
from briscola.session.botturn import BotRequest
from briscola.session.computers import BotFactory, ComputerTurns
from briscola.session.events import (
    AutoplayEvent,
    DealLog,
    Event,
    PresenceEvent,
    ReadyEvent,
    ResignedEvent,
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
]


class Table(ComputerTurns):
    """A table of seats playing a match. See the module's documentation."""

    # -- people -----------------------------------------------------------------------------
    @property
    def unattended(self) -> bool:
        """True once every person has resigned a started match: nobody plays a seat any more,
        and whoever runs the table lets its computer players play the match to its end by
        themselves, dealing each next deal (:meth:`next_deal`) without waiting for anybody; the
        last resignation between deals deals the next one at once."""
        return self.started and not self.human_seats()

    def resign(self, seat: int) -> list[Event]:
        """``seat``'s person leaves the match for good: the seat goes to the stand-in computer
        player (keeping its name) and the table records the resignation."""
        self._status_for(seat, "there is nothing left to resign")
        s = self.seats[seat]
        if s.is_bot:
            raise TableError("not_a_person", f"seat {seat} is a computer player's")
        self.seats[seat] = Seat.computer(self.stand_in, s.name)
        self.resigned.append(seat)
        return [ResignedEvent(seat=seat, name=s.name), *self._maybe_next_deal()]

    def ready(self, seat: int) -> list[Event]:
        """Between deals, ``seat`` asks for the next deal; it is dealt once every person playing
        (not on autoplay) has asked."""
        status = self._status_for(seat, "there is no next deal")
        if status != DEAL_OVER:
            raise TableError("deal_not_over", "the deal is still being played")
        self.seats[seat].ready = True
        return [ReadyEvent(seat=seat), *self._maybe_next_deal()]

    def all_ready(self) -> bool:
        """True when every seat that must say so has asked for the next deal."""
        return all(s.ready or s.is_bot or s.autoplay for s in self.seats)

    def set_connected(self, seat: int, connected: bool) -> list[Event]:
        """Record that a seat's person is (or is no longer) connected."""
        self._check_seat(seat)
        if self.seats[seat].connected == connected:
            return []
        self.seats[seat].connected = connected
        return [PresenceEvent(seat=seat, connected=connected)]

    def set_autoplay(self, seat: int, on: bool) -> list[Event]:
        """Let a computer play a human seat (``on``), or give it back to its person."""
        self._check_seat(seat)
        s = self.seats[seat]
        if s.is_bot or s.autoplay == on:
            return []
        s.autoplay = on
        events: list[Event] = [AutoplayEvent(seat=seat, on=on)]
        if on:
            events.extend(self._maybe_next_deal())
        return events

    # -- seat flags kept while the table is out of memory ---------------------------------
    def flags(self) -> dict[str, Any]:
        """The seats' flags to keep: the point reached (deals, actions in all of them) and the
        people on autoplay and ready."""
        return {
            "at": self._point(),
            "autoplay": [i for i, s in enumerate(self.seats) if s.autoplay and not s.is_bot],
            "ready": [i for i, s in enumerate(self.seats) if s.ready and not s.is_bot],
        }

    def restore_flags(self, kept: dict[str, Any] | None) -> None:
        """Give the seats the :meth:`flags` ``kept`` for this table, if its game is still where
        it was then (a table that moved on since keeps its own). A deal this deals (every person
        had asked for it) is for the caller to store."""
        if not isinstance(kept, dict) or kept.get("at") != self._point():
            return
        for seat in kept.get("autoplay") or []:
            self.set_autoplay(seat, True)  # nothing for a seat a computer plays
        for seat in kept.get("ready") or []:
            if self.status == DEAL_OVER:  # not once dealt on (the others had all asked)
                self.ready(seat)

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
    def _point(self) -> list[int]:
        return [len(self.deals), sum(len(deal.actions) for deal in self.deals)]

    def _maybe_next_deal(self) -> list[Event]:
        if (
            self.status == DEAL_OVER
            and self.all_ready()
            and (self.unattended or any(s.ready for s in self.seats if not s.is_bot))
        ):
            return self._deal()
        return []
