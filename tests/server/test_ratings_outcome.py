"""What a finished match means for each seat (ratings/outcome.py), read from the finished table:
its last deal's end is the table's own state (a match of one deal, every quick match, is not
replayed), each deal before it replayed from its record; the cappotti and chiamata's caller and
partner are those of every deal replayed from its record, for each kind of game and match."""

from __future__ import annotations

from typing import Any

import pytest

from briscola.apps.server.ratings import outcome
from briscola.apps.server.ratings.outcome import outcomes
from briscola.core.record import GameRecord
from briscola.core.rules import Partnership, preset
from briscola.session.table import DEAL_OVER, OVER, Seat, Table

MATCHES = [("classic", "single"), ("classic", "deals:3"), ("three", "best-of:3"),
           ("pairs", "single"), ("pairs", "deals:2"), ("chiamata", "single"),
           ("chiamata", "deals:3")]  # fmt: skip


def finished(game: str, match: str, seed: int) -> Table:
    """A match played to its end by computer players (its person resigned at the start)."""
    ruleset = preset(game)
    seats = [Seat.human("Anna"), *(Seat.computer("random") for _ in range(ruleset.players - 1))]
    table = Table(ruleset, seats, match, seed=seed)
    table.start()
    table.resign(0)
    while table.status != OVER:
        table.run_bots()
        if table.status == DEAL_OVER:
            table.next_deal()
    return table


def replayed(table: Table) -> list[tuple[int, str | None, dict[str, int]]]:
    """Each seat's cappotti, last role and role counts, every counted deal replayed from its
    record (the reference)."""
    ruleset = table.ruleset
    seats: list[Any] = [[0, None, dict.fromkeys(outcome.ROLE_COUNTS, 0)] for _ in table.seats]
    for log, summary in zip(table.deals, table.match.deals, strict=True):
        if not summary.counted:
            continue
        end = GameRecord(ruleset, log.dealer, log.deck, tuple(log.actions)).replay()
        result, cards = summary.result, end.card_points()
        for seat, kept in enumerate(seats):
            side = result.teams[seat]
            taken = sum(p for i, p in enumerate(cards) if result.teams[i] == side)
            kept[0] += int(taken >= ruleset.total_points)
            if ruleset.partnership is Partnership.CALLED:
                role = {end.partner: "partner", end.caller: "caller"}.get(seat, "other")
                kept[1] = role  # a caller who called their own card: the caller
                if role != "other":
                    kept[2][f"{role}_deals"] += 1
                    kept[2][f"{role}_won"] += int(result.winner == side)
    return [tuple(kept) for kept in seats]


@pytest.mark.parametrize(("game", "match"), MATCHES)
def test_the_outcomes_are_those_of_every_deal_replayed(game: str, match: str) -> None:
    for seed in range(4):
        table = finished(game, match, seed)
        seats = outcomes(table)
        assert [(s.cappotti, s.role, s.roles) for s in seats] == replayed(table)
        counted = [d.result for d in table.match.deals if d.counted]
        assert all(s.deals == len(counted) for s in seats)
        assert [s.points for s in seats] == [
            sum(r.team_points[r.teams[s.seat]] for r in counted) for s in seats
        ]


@pytest.mark.parametrize(("game", "match"), MATCHES)
def test_only_the_deals_before_the_last_are_replayed(
    game: str, match: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = finished(game, match, seed=1)
    replays: list[int] = []

    class Counted(GameRecord):
        def replay(self, upto: int | None = None) -> Any:
            replays.append(len(self.actions))
            return super().replay(upto)

    monkeypatch.setattr(outcome, "GameRecord", Counted)
    outcomes(table)
    counted = [d for d in table.match.deals[:-1] if d.counted]
    assert len(replays) == len(counted)
    assert (len(replays) == 0) == (len(table.deals) == 1)


def test_a_match_not_over_has_no_outcome() -> None:
    table = Table(preset("classic"), [Seat.human("Anna"), Seat.computer("random")], seed=1)
    table.start()
    with pytest.raises(ValueError, match="not over"):
        outcomes(table)
