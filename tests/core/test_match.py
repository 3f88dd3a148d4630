"""Match formats: single, best-of, first-to, points, deals; dealer rotation; replayed deals."""

from __future__ import annotations

import random

import pytest

from briscola.core.game import Result
from briscola.core.match import Match, MatchFormat, MatchFormatError, MatchKind
from briscola.core.rules import preset


def two(a: int, b: int, tie: str = "draw") -> Result:
    """A two-player (or two-team) result with these points."""
    winners = (0,) if a > b else (1,) if b > a else (0, 1)
    return Result((a, b), (a, b), (0, 1), winners, replay=(a == b and tie == "replay"))


def pairs(a: int, b: int, tie: str = "draw") -> Result:
    """A four-player result: team 0 (seats 0, 2) took ``a``, team 1 (seats 1, 3) took ``b``."""
    winners = (0,) if a > b else (1,) if b > a else (0, 1)
    seat_points = (a // 2, b // 2, a - a // 2, b - b // 2)
    return Result(seat_points, (a, b), (0, 1, 0, 1), winners, replay=(a == b and tie == "replay"))


def match(name: str, fmt: str, **options: object) -> Match:
    return Match(preset(name, **options), MatchFormat.parse(fmt), seed=1)


def play_random_match(m: Match, rng: random.Random) -> None:
    while not m.is_over:
        state = m.deal()
        assert state.dealer == m.dealer
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        m.record(state.result())


# -- formats -------------------------------------------------------------------------------------


def test_single_deal() -> None:
    m = match("classic", "single")
    assert not m.is_over and m.winner is None
    m.record(two(70, 50))
    assert m.is_over and m.winner == 0 and m.wins == [1, 0]
    with pytest.raises(ValueError, match="the match is over"):
        m.record(two(70, 50))
    with pytest.raises(ValueError, match="the match is over"):
        m.deal()


def test_single_drawn_deal_ends_without_a_winner() -> None:
    m = match("classic", "single")
    m.record(two(60, 60))
    assert m.is_over and m.winner is None and m.wins == [0, 0]


def test_single_deal_replayed_on_a_tie() -> None:
    m = match("classic", "single", tie="replay")
    m.record(two(60, 60, tie="replay"))
    assert not m.is_over and m.counted_deals == 0 and len(m.deals) == 1
    assert not m.deals[0].counted
    m.record(two(40, 80, tie="replay"))
    assert m.is_over and m.winner == 1


def test_best_of_3_ends_at_two_wins() -> None:
    m = match("classic", "best-of:3")
    m.record(two(70, 50))
    assert not m.is_over
    m.record(two(90, 30))
    assert m.is_over and m.winner == 0 and m.counted_deals == 2


def test_best_of_3_a_draw_is_not_a_win_and_a_level_match_goes_on() -> None:
    m = match("classic", "best-of:3")
    m.record(two(70, 50))
    m.record(two(60, 60))  # a draw: counted, but no win
    assert m.wins == [1, 0] and not m.is_over
    m.record(two(50, 70))
    assert m.wins == [1, 1] and m.counted_deals == 3
    assert not m.is_over and m.winner is None  # level after 3: play on
    m.record(two(60, 60))
    assert not m.is_over
    m.record(two(30, 90))
    assert m.is_over and m.winner == 1 and m.counted_deals == 5


def test_best_of_3_after_three_deals_more_wins_take_it() -> None:
    m = match("classic", "best-of:3")
    m.record(two(70, 50))
    m.record(two(60, 60))
    assert not m.is_over  # the other side could still level it
    m.record(two(60, 60))
    assert m.is_over and m.winner == 0


def test_best_of_5_can_end_early() -> None:
    m = match("classic", "best-of:5")
    for _ in range(2):
        m.record(two(70, 50))
        assert not m.is_over
    m.record(two(70, 50))
    assert m.is_over and m.winner == 0 and m.counted_deals == 3


def test_first_to_n_won_deals() -> None:
    m = match("classic", "first-to:2")
    m.record(two(70, 50))
    m.record(two(50, 70))
    m.record(two(60, 60))
    assert not m.is_over and m.wins == [1, 1]
    m.record(two(20, 100))
    assert m.is_over and m.winner == 1 and m.wins == [1, 2]


def test_points_cumulative() -> None:
    m = match("classic", "points:120")
    m.record(two(70, 50))
    assert m.points == [70, 50] and not m.is_over
    m.record(two(40, 80))
    assert m.points == [110, 130]
    assert m.is_over and m.winner == 1  # 130 reached 120 first, though seat 0 won a deal


def test_points_level_at_the_target_is_a_draw() -> None:
    """RULES.md: "two deals, 120 to win: 120-120 is a draw by default, option: one more deal"."""
    m = match("classic", "points:120")
    m.record(two(60, 60))
    m.record(two(60, 60))
    assert m.points == [120, 120] and m.is_over and m.winner is None
    with pytest.raises(ValueError, match="over"):
        m.deal()


def test_points_level_at_the_target_plays_one_more_deal_with_the_option() -> None:
    m = match("classic", "points:120", points_tie="one_more")
    m.record(two(60, 60))
    m.record(two(60, 60))
    assert m.points == [120, 120] and not m.is_over
    m.record(two(61, 59))
    assert m.is_over and m.winner == 0


def test_the_score_keeper_applies_the_same_120_120_rule() -> None:
    from briscola.scorekeeper import Outcome, Sheet

    for tie, outcome in (("draw", Outcome.DRAW), ("one_more", Outcome.PLAYING)):
        m = match("classic", "points:120", points_tie=tie)
        sheet = Sheet("s", ["Anna", "Bruno"], target="120", points_tie=tie)
        for deal in ((60, 60), (60, 60)):
            m.record(two(*deal))
            if sheet.outcome is Outcome.PLAYING and any(sheet.totals):
                sheet.next_deal()
            sheet.set_total(0, deal[0])
            sheet.set_total(1, deal[1])
        assert sheet.outcome is outcome and m.is_over is (outcome is Outcome.DRAW)


def test_deals_n_highest_total_wins() -> None:
    m = match("pairs", "deals:2")
    m.record(pairs(80, 40))
    assert not m.is_over
    m.record(pairs(30, 90))
    assert m.points == [110, 130] and m.is_over and m.winner == 1


@pytest.mark.parametrize("tie", ["draw", "one_more"])
def test_a_session_of_n_deals_level_at_the_end(tie: str) -> None:
    """Two deals to 120-120: a draw by default, one more deal with points_tie=one_more (a tied
    session once went on for ever, offering the next deal)."""
    m = match("classic", "deals:2", points_tie=tie)
    m.record(two(80, 40))
    m.record(two(40, 80))
    assert m.points == [120, 120] and m.winner is None
    assert m.is_over is (tie == "draw")
    if tie == "one_more":
        m.record(two(70, 50))
        assert m.is_over and m.winner == 0


def test_team_matches_score_per_team() -> None:
    m = match("pairs", "first-to:1")
    assert m.competitors == 2
    assert [m.competitor_of(s) for s in range(4)] == [0, 1, 0, 1]
    m.record(pairs(44, 76))
    assert m.wins == [0, 1] and m.points == [44, 76] and m.winner == 1


def test_three_players_score_per_seat() -> None:
    m = match("three", "points:100")
    assert m.competitors == 3
    m.record(Result((50, 40, 30), (50, 40, 30), (0, 1, 2), (0,)))
    m.record(Result((20, 70, 30), (20, 70, 30), (0, 1, 2), (1,)))
    assert m.points == [70, 110, 60] and m.wins == [1, 1, 0]
    assert m.is_over and m.winner == 1


# -- dealer rotation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "direction", "dealers"),
    [
        ("classic", "counterclockwise", [0, 1, 0, 1]),
        ("pairs", "counterclockwise", [0, 1, 2, 3, 0]),
        ("pairs", "clockwise", [0, 3, 2, 1, 0]),
        ("three", "clockwise", [0, 2, 1, 0]),
    ],
)
def test_dealer_passes_in_the_direction_of_play(
    name: str, direction: str, dealers: list[int]
) -> None:
    m = match(name, f"deals:{len(dealers)}", direction=direction)
    seen = []
    rng = random.Random(5)
    while not m.is_over:
        state = m.deal()
        seen.append(state.dealer)
        first = (state.dealer + (1 if direction == "counterclockwise" else -1)) % state.players
        assert state.turn == first  # and the deal opens at the dealer's right
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        m.record(state.result())
    assert all(d.counted for d in m.deals)  # tie=draw: no deal is replayed
    assert seen == [d.dealer for d in m.deals] == dealers
    step = 1 if direction == "counterclockwise" else -1
    assert m.dealer == (dealers[-1] + step) % m.ruleset.players


def test_a_replayed_deal_does_not_count_and_keeps_the_dealer() -> None:
    m = match("classic", "best-of:3", tie="replay")
    assert m.dealer == 0
    m.record(two(60, 60, tie="replay"))
    assert m.dealer == 0 and m.counted_deals == 0 and m.wins == [0, 0] and m.points == [0, 0]
    assert m.deal().dealer == 0
    m.record(two(70, 50, tie="replay"))
    assert m.dealer == 1 and m.counted_deals == 1
    assert [d.dealer for d in m.deals] == [0, 0]
    assert [d.counted for d in m.deals] == [False, True]


# -- Briscola chiamata -----------------------------------------------------------------------------


def test_chiamata_sessions_keep_running_units_per_seat() -> None:
    m = match("chiamata", "deals:3")
    assert m.competitors == 5
    won = Result((40, 30, 0, 30, 20), (70, 50), (0, 1, 1, 0, 1), (0,), units=(2, -1, -1, 1, -1))
    void = Result((0,) * 5, (0, 0), (1,) * 5, (), replay=True, units=(0,) * 5)
    lost = Result((10, 40, 30, 20, 20), (10, 110), (0, 1, 1, 1, 1), (1,), units=(-4, 1, 1, 1, 1))
    m.record(won)
    m.record(void)
    assert m.counted_deals == 1 and m.dealer == 1
    m.record(lost)
    assert m.points == [-2, 0, 0, 2, 0] and sum(m.points) == 0
    assert not m.is_over
    m.record(won)
    assert m.points == [0, -1, -1, 3, -1]
    assert m.is_over and m.winner == 3


def test_chiamata_session_with_real_deals() -> None:
    m = Match(preset("chiamata"), MatchFormat.parse("deals:4"), seed=9)
    play_random_match(m, random.Random(9))
    counted = [d for d in m.deals if d.counted]
    assert len(counted) >= 4
    totals = [sum(d.result.units[s] for d in counted) for s in range(5)]
    assert m.points == totals and sum(totals) == 0


# -- whole matches -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "three", "pairs", "six", "scoperta", "chiamata"])
@pytest.mark.parametrize("fmt", ["single", "best-of:3", "first-to:2", "points:150", "deals:3"])
def test_whole_matches_end_with_a_consistent_standing(name: str, fmt: str) -> None:
    m = Match(preset(name), MatchFormat.parse(fmt), seed=len(name) + len(fmt))
    play_random_match(m, random.Random(3))
    assert m.is_over
    counted = [d for d in m.deals if d.counted]
    assert all(not d.result.replay for d in counted)
    assert all(d.result.replay for d in m.deals if not d.counted)
    wins = [0] * m.competitors
    for d in counted:
        if d.result.winner is not None:
            sides = {
                m.competitor_of(seat)
                for seat in range(m.ruleset.players)
                if d.result.teams[seat] == d.result.winner
            }
            for competitor in sides:
                wins[competitor] += 1
    assert wins == m.wins


def test_matches_are_reproducible_by_seed() -> None:
    def decks(seed: int) -> list[tuple[object, ...]]:
        m = Match(preset("classic"), MatchFormat.parse("deals:3"), seed=seed)
        out = []
        rng = random.Random(0)
        while not m.is_over:
            state = m.deal()
            out.append(state.deck)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
            m.record(state.result())
        return out

    assert decks(42) == decks(42)
    assert decks(42) != decks(43)


# -- parsing -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "target"),
    [
        ("single", MatchKind.SINGLE, 1),
        ("best-of:3", MatchKind.BEST_OF, 3),
        ("Best_Of:5", MatchKind.BEST_OF, 5),
        ("first-to:2", MatchKind.FIRST_TO, 2),
        ("points:120", MatchKind.POINTS, 120),
        ("deals:4", MatchKind.DEALS, 4),
    ],
)
def test_match_format_parse(text: str, kind: MatchKind, target: int) -> None:
    fmt = MatchFormat.parse(text)
    assert fmt.kind is kind and fmt.target == target
    assert MatchFormat.parse(str(fmt)) == fmt


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("best-of", "needs a number, like best-of:3"),
        ("first-to:x", "needs a number"),
        ("best-of:2", "choose an odd number"),
        ("best-of:0", "at least 1"),
        ("points:0", "at least 1"),
        ("single:3", "a single deal takes no number"),
        ("marathon:3", "unknown match format 'marathon:3'"),
        ("", "unknown match format"),
    ],
)
def test_match_format_parse_errors(text: str, needle: str) -> None:
    with pytest.raises(MatchFormatError, match=needle):
        MatchFormat.parse(text)
    assert issubclass(MatchFormatError, ValueError)
