"""What a finished match means for each seat: its side, win, draw or loss, its points, its
cappotti, in chiamata its deals as the caller and as the partner, and whether its person left.

Pure: it reads a finished :class:`~briscola.session.table.Table` and writes nothing: the last
deal's end is the table's state, each deal before it is replayed from its record (a match of one
deal, the lobby's, replays nothing). The sides a rating compares are the fixed teams (pairs,
six), in a chiamata of one deal the caller's side and the others (known at the end), else each
seat alone (two, three or four players, and a chiamata of several deals, where the sides change
each deal).

>>> from briscola.core.rules import preset
>>> from briscola.session.table import Seat, Table
>>> table = Table(preset("classic"), [Seat.human("Anna"), Seat.computer("random")], seed=2)
>>> _ = table.start(); _ = table.resign(0); _ = table.run_bots()  # Anna left: played out
>>> a, b = outcomes(table)
>>> a.left, b.left, a.points + b.points, (a.outcome, b.outcome) in [("win", "loss"),
...     ("loss", "win"), ("draw", "draw")]
(True, False, 120, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from briscola.core.match import Match
from briscola.core.record import GameRecord
from briscola.core.rules import Partnership
from briscola.core.state import Result
from briscola.session.table import OVER, Table

__all__ = ["ROLE_COUNTS", "SeatOutcome", "outcomes"]

ROLE_COUNTS = ("caller_deals", "caller_won", "partner_deals", "partner_won")
"""Chiamata: the deals a seat played as the caller and as the partner, and how many it won."""


@dataclass
class SeatOutcome:
    """One seat's result of a finished match (see :class:`~.schema.ResultRow`); ``side``: the
    side it is rated with, ``rank``: its side's place (1 first, equal ranks drew)."""

    seat: int
    side: int = 0
    rank: int = 1
    outcome: str = "draw"
    left: bool = False
    points: int = 0
    deals: int = 0
    cappotti: int = 0
    role: str | None = None
    roles: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLE_COUNTS, 0))


def outcomes(table: Table) -> list[SeatOutcome]:
    """Each seat's outcome of the table's finished match (``ValueError`` before its end)."""
    if table.status != OVER:
        raise ValueError("the match is not over")
    ruleset, match = table.ruleset, table.match
    seats = [SeatOutcome(i, left=i in table.resigned or table.seats[i].autoplay)
             for i in range(ruleset.players)]  # fmt: skip
    counted: list[Result] = []
    last = len(table.deals) - 1
    for number, (log, summary) in enumerate(zip(table.deals, match.deals, strict=True)):
        if not summary.counted:
            continue
        if number == last and table.state is not None:
            final = table.state  # the match's end, as the table holds it
        else:
            final = GameRecord(ruleset, log.dealer, log.deck, tuple(log.actions)).replay()
        result = summary.result
        counted.append(result)
        cards = final.card_points()
        for s in seats:
            side = result.teams[s.seat]
            s.deals += 1
            s.points += result.team_points[side]
            taken = sum(p for i, p in enumerate(cards) if result.teams[i] == side)
            s.cappotti += int(taken >= ruleset.total_points)
            if ruleset.partnership is Partnership.CALLED:
                won = int(result.winner == side)
                s.role = _role(s.seat, final.caller, final.partner)
                if s.role != "other":
                    s.roles[f"{s.role}_deals"] += 1
                    s.roles[f"{s.role}_won"] += won
    _place(seats, match, counted)
    return seats


def _role(seat: int, caller: int | None, partner: int | None) -> str:
    if seat == caller:
        return "caller"  # a caller who called their own card plays alone: the caller
    return "partner" if seat == partner else "other"


def _place(seats: list[SeatOutcome], match: Match, counted: list[Result]) -> None:
    """Each seat's side, its side's rank and the seat's outcome."""
    partnership = match.ruleset.partnership
    if partnership is Partnership.CALLED and len(counted) == 1:
        result = counted[0]
        sides = list(result.teams)
        top = set(result.winners)
    else:
        sides = [match.competitor_of(s.seat) for s in seats]
        scores = [(match.wins[c], match.points[c]) for c in range(match.competitors)]
        if match.winner is not None:
            top = {match.winner}
        else:
            best = max(scores)
            top = {c for c, score in enumerate(scores) if score == best}
    alone = len(top) == 1 and len(set(sides)) > 1
    for s in seats:
        s.side = sides[s.seat]
        s.rank = 1 if s.side in top else 2
        s.outcome = ("win" if alone else "draw") if s.rank == 1 else "loss"
