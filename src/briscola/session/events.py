"""What a table tells everybody: events, deal logs and results as JSON-ready data.

Every front end (the server's WebSocket, the terminal game) is given the same :class:`Event` list
for each change; :func:`action_events` says which events one action makes.

>>> from briscola.core.actions import Play
>>> from briscola.core.rules import preset
>>> from briscola.core.game import new_game
>>> state = new_game(preset("classic"), seed=1)
>>> action = Play(state.hands[state.turn][0])
>>> [e.type for e in action_events(state, state.apply(action), state.turn, action)]
['played']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play, Signal
from briscola.core.cards import Card
from briscola.core.game import Result, State

__all__ = ["DealLog", "Event", "action_events", "result_from_dict", "result_to_dict"]


@dataclass(frozen=True)
class Event:
    """Something that happened at the table, public to every seat.

    >>> Event("played", {"seat": 1, "card": "Ad", "action": "Ad"}).to_dict()
    {'type': 'played', 'seat': 1, 'card': 'Ad', 'action': 'Ad'}
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data."""
        return {"type": self.type, **self.data}


@dataclass
class DealLog:
    """One deal as dealt and played: its dealer, its deck order, the actions so far and the seat
    that took each."""

    dealer: int
    deck: tuple[Card, ...]
    actions: list[Action] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)


def result_to_dict(result: Result) -> dict[str, Any]:
    """A deal's result as JSON-ready data (read back by :func:`result_from_dict`)."""
    return {
        "seat_points": list(result.seat_points),
        "team_points": list(result.team_points),
        "teams": list(result.teams),
        "winners": list(result.winners),
        "draw": result.draw,
        "replay": result.replay,
        "units": list(result.units),
    }


def result_from_dict(data: Mapping[str, Any]) -> Result:
    """The :class:`~briscola.core.game.Result` a ``deal_over`` event carries.

    >>> r = Result((70, 50), (70, 50), (0, 1), (0,))
    >>> result_from_dict(result_to_dict(r)) == r
    True
    """
    return Result(
        seat_points=tuple(data["seat_points"]),
        team_points=tuple(data["team_points"]),
        teams=tuple(data["teams"]),
        winners=tuple(data["winners"]),
        replay=bool(data["replay"]),
        units=tuple(data["units"]),
    )


def action_events(before: State, after: State, seat: int, action: Action) -> list[Event]:
    """The public events of ``seat`` taking ``action`` in ``before`` (``after`` is the result).

    A partner sign is public only as a sign: its event (``signalled``) names the seat and the
    trick, never the meaning (the signaller's side reads that in its observation).
    """
    text = str(action)
    if isinstance(action, Signal):
        sign = after.signals[-1]
        return [Event("signalled", {"seat": seat, "trick": sign.trick, "action": "signal"})]
    if isinstance(action, Play):
        return _play_events(before, after, seat, action)
    if isinstance(action, Declare):
        decl = after.declarations[-1]
        data = {"seat": seat, "suit": action.suit.letter, "points": decl.points, "action": text}
        return [Event("declared", data)]
    if isinstance(action, ExchangeBriscola):
        ex = after.exchanges[-1]
        data = {"seat": seat, "gave": str(ex.gave), "took": str(ex.took), "action": text}
        return [Event("exchanged", data)]
    if isinstance(action, Bid):
        bid = action.rank.letter if action.rank is not None else str(action.points)
        return [Event("bid", {"seat": seat, "bid": bid, "action": text})]
    if isinstance(action, Pass):
        return [Event("passed", {"seat": seat, "action": text})]
    assert isinstance(action, Call)
    data = {"seat": seat, "suit": action.suit.letter, "card": str(after.called), "action": text}
    return [Event("called", data)]


def _play_events(before: State, after: State, seat: int, action: Play) -> list[Event]:
    events = [Event("played", {"seat": seat, "card": str(action.card), "action": str(action)})]
    if after.revealed and not before.revealed:
        events.append(Event("revealed", {"seat": seat}))
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        data = {
            "winner": trick.winner,
            "points": trick.points(after.ruleset),
            "cards": [[s, str(c)] for s, c in trick.plays],
        }
        events.append(Event("trick", data))
    return events
