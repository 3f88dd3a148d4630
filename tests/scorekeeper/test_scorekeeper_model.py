"""The score keeper's model: targets, formats, wins, draws, trophies, match standing, undo and
redo of every change, the checks and their messages, JSON, the SQLite store and CSV export."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from briscola.core.rules import PointsTie
from briscola.scorekeeper import (
    Competitor,
    FormatKind,
    Outcome,
    ScoreError,
    Sheet,
    SheetFormat,
    Target,
    TargetKind,
)
from briscola.scorekeeper.export import csv_text
from briscola.scorekeeper.store import SheetStore, StaleSheetError, database_url


def error(fn: Callable[[], object]) -> ScoreError:
    """The ScoreError that ``fn`` raises."""
    with pytest.raises(ScoreError) as info:
        fn()
    return info.value


def pair_sheet(**kwargs: Any) -> Sheet:
    return Sheet("Sera", ["Anna", "Bruno"], **kwargs)


# -- targets, formats, competitors ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "value", "back"),
    [
        ("61", TargetKind.DEAL61, 61, "61"),
        ("deal61", TargetKind.DEAL61, 61, "61"),
        ("120", TargetKind.TWO_DEALS_120, 120, "120"),
        ("two_deals_120", TargetKind.TWO_DEALS_120, 120, "120"),
        ("chiamata", TargetKind.CHIAMATA, 10, "chiamata:10"),
        ("Chiamata:15", TargetKind.CHIAMATA, 15, "chiamata:15"),
        ("200", TargetKind.CUSTOM, 200, "200"),
        ("custom:61", TargetKind.CUSTOM, 61, "custom:61"),
        (31, TargetKind.CUSTOM, 31, "31"),
    ],
)
def test_targets_parse_and_print(text: str | int, kind: TargetKind, value: int, back: str) -> None:
    target = Target.parse(text)
    assert (target.kind, target.value, str(target)) == (kind, value, back)
    assert Target.parse(str(target)) == target


@pytest.mark.parametrize("text", ["0", "-5", "chiamata:0", "custom:0"])
def test_target_below_one_is_refused(text: str) -> None:
    err = error(lambda: Target.parse(text))
    assert err.code == "target_low"
    assert "at least 1" in str(err)
    assert "almeno 1" in err.message("it")


def test_unknown_target_is_refused() -> None:
    assert error(lambda: Target.parse("tanti")).code == "bad_target"
    assert error(lambda: Target.parse("61:3")).code == "bad_target"
    assert error(lambda: pair_sheet(target="0")).code == "target_low"


@pytest.mark.parametrize(
    ("text", "kind", "n", "needed"),
    [
        ("single", FormatKind.SINGLE, 1, 1),
        ("singola", FormatKind.SINGLE, 1, 1),
        ("best-of:3", FormatKind.BEST_OF, 3, 2),
        ("best of 5", FormatKind.BEST_OF, 5, 3),
        ("meglio-di:7", FormatKind.BEST_OF, 7, 4),
        ("first-to:2", FormatKind.FIRST_TO, 2, 2),
        ("primo-a-3", FormatKind.FIRST_TO, 3, 3),
    ],
)
def test_formats(text: str, kind: FormatKind, n: int, needed: int) -> None:
    fmt = SheetFormat.parse(text)
    assert (fmt.kind, fmt.n, fmt.wins_needed) == (kind, n, needed)
    assert SheetFormat.parse(str(fmt)) == fmt


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("best-of:4", "even_best_of"),
        ("first-to:0", "format_number"),
        ("best-of", "format_number"),
        ("league", "bad_format"),
        ("single:3", "bad_format"),
    ],
)
def test_bad_formats(text: str, code: str) -> None:
    assert error(lambda: SheetFormat.parse(text)).code == code


def test_competitors_and_pairs() -> None:
    assert Competitor.parse(" Anna ") == Competitor("Anna")
    pair = Competitor.parse("Anna+Bruno")
    assert (pair.name, pair.members, pair.is_pair) == ("Anna & Bruno", ("Anna", "Bruno"), True)
    named = Competitor.parse("Noi=Anna+Bruno")
    assert (named.name, named.members) == ("Noi", ("Anna", "Bruno"))
    for text in ("", "   ", "Anna+", "+Bruno", "=Anna+Bruno"):
        err = error(lambda text=text: Competitor.parse(text))
        assert err.code == "empty_name"
        assert err.message("it") == "il nome non può essere vuoto"
    assert error(lambda: Competitor.parse("Noi=Anna")).code == "bad_pair"


def test_sheet_creation_checks() -> None:
    assert error(lambda: Sheet("  ", ["Anna", "Bruno"])).code == "empty_name"
    assert error(lambda: Sheet("s", ["Anna"])).code == "too_few_competitors"
    assert error(lambda: Sheet("s", ["Anna", "anna"])).code == "duplicate_name"
    assert error(lambda: Sheet("s", ["Anna", ""])).code == "empty_name"


def test_competitors_are_found_by_number_name_member_or_start() -> None:
    sheet = Sheet("s", ["Anna+Bruno", "Carla+Dario", "Alba"])
    assert sheet.index(0) == 0
    assert sheet.index("carla & dario") == 1
    assert sheet.index("BRUNO") == 0
    assert sheet.index("dar") == 1
    assert sheet.index("alba") == 2
    err = error(lambda: sheet.index("a"))
    assert err.code == "ambiguous_competitor"
    assert "Anna & Bruno" in str(err) and "Alba" in str(err)
    err = error(lambda: sheet.index("Zeno"))
    assert err.code == "unknown_competitor"
    assert "Zeno" in err.message("it")
    assert error(lambda: sheet.index(3)).code == "unknown_competitor"


def test_pairs_count_together() -> None:
    sheet = Sheet("s", ["Anna+Bruno", "Carla+Dario"])
    sheet.add("Anna", 10)
    sheet.add("Bruno", 11)
    sheet.add("carla", 4)
    assert sheet.totals == (21, 4)


# -- playing a deal to 61 ------------------------------------------------------------------------


def test_quick_points_and_pad() -> None:
    sheet = pair_sheet()
    for delta in (10, 10, 5, 1, -5):
        sheet.add("Anna", delta)
    assert sheet.totals == (21, 0)
    sheet.set_total("Bruno", 73)
    sheet.add("Bruno", 14)  # a trick worth an exact figure
    assert sheet.totals == (21, 87)
    sheet.set_total("Bruno", 40)
    assert sheet.totals == (21, 40)
    assert error(lambda: sheet.add("Anna", 0)).code == "zero_delta"


def test_win_shows_at_the_target_and_the_sheet_stays_open() -> None:
    sheet = pair_sheet()
    sheet.set_total("Anna", 60)
    assert (sheet.outcome, sheet.winner) == (Outcome.PLAYING, None)
    sheet.add("Anna", 1)
    assert (sheet.outcome, sheet.winner) == (Outcome.WIN, 0)
    # no new game by itself: points can still be entered, trophies come with New game
    sheet.set_total("Bruno", 59)
    assert sheet.totals == (61, 59) and sheet.game_number == 1
    assert sheet.competitors[0].trophies == 0
    sheet.new_game()
    assert sheet.competitors[0].trophies == 1
    assert sheet.totals == (0, 0) and sheet.game_number == 2
    game = sheet.history[0]
    assert (game.outcome, game.winner, game.totals, game.names) == (
        Outcome.WIN,
        "Anna",
        (61, 59),
        ("Anna", "Bruno"),
    )


def test_sixty_sixty_is_a_draw() -> None:
    sheet = pair_sheet()
    sheet.set_total("Anna", 60)
    assert sheet.outcome is Outcome.PLAYING  # Bruno's points are not in yet
    sheet.set_total("Bruno", 60)
    assert (sheet.outcome, sheet.winner, sheet.deal_is_draw) == (Outcome.DRAW, None, True)
    sheet.new_game()
    assert sheet.history[0].outcome is Outcome.DRAW
    assert [c.trophies for c in sheet.competitors] == [0, 0]


def test_three_players_the_highest_wins_once_the_deal_is_counted() -> None:
    sheet = Sheet("s", ["Anna", "Bruno", "Carla"])
    sheet.set_total("Anna", 50)
    sheet.set_total("Bruno", 40)
    assert sheet.outcome is Outcome.PLAYING
    sheet.set_total("Carla", 30)
    assert (sheet.outcome, sheet.winner) == (Outcome.WIN, 0)
    sheet.set_total("Carla", 20)
    sheet.set_total("Bruno", 50)
    assert sheet.outcome is Outcome.DRAW


def test_deal_totals_above_120_are_refused_with_the_detail() -> None:
    sheet = pair_sheet()
    sheet.set_total("Anna", 73)
    err = error(lambda: sheet.set_total("Bruno", 50))
    assert err.code == "over_120"
    assert str(err) == (
        "a deal is worth at most 120 points (without declarations): this one would have 123 "
        "(Anna 73 + Bruno 50)"
    )
    assert err.message("it").startswith("una smazzata vale al massimo 120 punti")
    assert sheet.totals == (73, 0)  # a refused change changes nothing
    assert not sheet.can_redo and sheet.can_undo


def test_negative_totals_are_refused() -> None:
    sheet = pair_sheet()
    sheet.add("Anna", 5)
    err = error(lambda: sheet.add("Anna", -10))
    assert err.code == "negative"
    assert str(err) == "Anna: -5 points in a deal; points cannot be negative"
    assert error(lambda: sheet.set_total("Bruno", -1)).code == "negative"
    assert sheet.totals == (5, 0)


def test_declarations_allow_deals_above_120_up_to_220() -> None:
    sheet = pair_sheet(declarations=True)
    sheet.set_total("Anna", 100)
    sheet.set_total("Bruno", 60)
    assert sheet.totals == (100, 60) and sheet.winner == 0
    assert error(lambda: sheet.set_total("Bruno", 121)).code == "over_declarations"
    # forbidding declarations is refused while the deal is above 120
    assert error(lambda: sheet.set_declarations(False)).code == "over_120"
    sheet.set_total("Anna", 40)
    sheet.set_declarations(False)
    assert not sheet.declarations


def test_single_deal_target_has_no_next_deal() -> None:
    sheet = pair_sheet()
    sheet.add("Anna", 10)
    err = error(sheet.next_deal)
    assert err.code == "single_deal"
    assert "Nuova partita" in err.message("it")


def test_new_game_on_an_empty_game_is_refused() -> None:
    sheet = pair_sheet()
    assert error(sheet.new_game).code == "empty_game"


def test_an_unfinished_game_goes_to_the_history_without_a_trophy() -> None:
    sheet = pair_sheet()
    sheet.add("Anna", 30)
    sheet.new_game()
    game = sheet.history[0]
    assert (game.outcome, game.winner) == (Outcome.UNFINISHED, None)
    assert [c.trophies for c in sheet.competitors] == [0, 0]


# -- deals added up: 120 over two deals, custom, chiamata ----------------------------------------


def test_two_deals_to_120() -> None:
    sheet = pair_sheet(target="120")
    sheet.set_total("Anna", 70)
    sheet.set_total("Bruno", 50)
    assert sheet.outcome is Outcome.PLAYING
    sheet.next_deal()
    assert sheet.deals == ((70, 50), (0, 0)) and sheet.deal_points == (0, 0)
    assert error(sheet.next_deal).code == "empty_deal"
    sheet.set_total("Anna", 45)
    assert sheet.totals == (115, 50) and sheet.outcome is Outcome.PLAYING
    sheet.add("Anna", 5)
    # Anna is at 120, but Bruno's points of this deal are not in yet: no win shows
    assert (sheet.outcome, sheet.winner, sheet.totals) == (Outcome.PLAYING, None, (120, 50))
    # each deal is checked on its own
    err = error(lambda: sheet.set_total("Bruno", 80))
    assert err.code == "over_120"
    sheet.set_total("Bruno", 60)  # 50 + 60: ten points still missing
    assert sheet.outcome is Outcome.PLAYING
    sheet.add("Anna", 10)  # the deal's 120 are in: 130 against 110
    assert (sheet.outcome, sheet.winner, sheet.totals) == (Outcome.WIN, 0, (130, 110))
    sheet.new_game()
    assert sheet.history[0].deals == ((70, 50), (60, 60))
    assert sheet.history[0].totals == (130, 110)
    assert sheet.competitors[0].trophies == 1


def test_two_deals_to_120_draw_and_a_drawn_deal() -> None:
    sheet = pair_sheet(target="120")
    sheet.set_total("Anna", 60)
    sheet.set_total("Bruno", 60)
    assert sheet.deal_is_draw and sheet.outcome is Outcome.PLAYING
    sheet.next_deal()
    sheet.set_total("Anna", 60)
    sheet.set_total("Bruno", 60)
    assert (sheet.outcome, sheet.totals) == (Outcome.DRAW, (120, 120))


def test_120_120_is_a_draw_and_the_game_is_over() -> None:
    """RULES.md: "two deals, 120 to win: 120-120 is a draw by default" (the engine's rule)."""
    sheet = pair_sheet(target="120")
    for _ in range(2):
        if any(sheet.totals):
            sheet.next_deal()
        sheet.set_total("Anna", 60)
        sheet.set_total("Bruno", 60)
    assert (sheet.outcome, sheet.totals) == (Outcome.DRAW, (120, 120))
    err = error(sheet.next_deal)
    assert err.code == "game_over.draw" and "finita pari (120-120)" in err.message("it")
    sheet.set_total("Bruno", 50)  # a correction reopens it
    sheet.set_total("Anna", 70)
    assert (sheet.outcome, sheet.winner) == (Outcome.WIN, 0)
    assert error(sheet.next_deal).code == "game_over.win"


def test_120_120_plays_one_more_deal_with_the_option() -> None:
    sheet = pair_sheet(target="120", points_tie="one_more")
    for deal in ((60, 60), (60, 60), (61, 59)):
        if any(sheet.totals):
            assert sheet.outcome is Outcome.PLAYING
            sheet.next_deal()
        sheet.set_total("Anna", deal[0])
        sheet.set_total("Bruno", deal[1])
    assert (sheet.outcome, sheet.winner, sheet.totals) == (Outcome.WIN, 0, (181, 179))
    copy = Sheet.from_dict(sheet.to_dict())
    assert copy.points_tie is PointsTie.ONE_MORE and copy.outcome is Outcome.WIN
    assert "points_tie" not in pair_sheet(target="120").to_dict()["start"]  # the default: unsaid


def test_new_game_after_next_deal_drops_the_empty_deal() -> None:
    sheet = pair_sheet(target="200")
    sheet.set_total("Anna", 80)
    sheet.next_deal()
    sheet.new_game()
    assert sheet.history[0].deals == ((80, 0),)


def test_custom_target() -> None:
    sheet = pair_sheet(target=150)
    for anna, bruno in ((70, 50), (40, 80), (41, 79)):
        sheet.set_total("Anna", anna)
        sheet.set_total("Bruno", bruno)
        if sheet.outcome is Outcome.PLAYING:
            sheet.next_deal()
    # both are past 150 after the third deal: the higher total wins
    assert (sheet.outcome, sheet.winner, sheet.totals) == (Outcome.WIN, 1, (151, 209))


def test_chiamata_units() -> None:
    players = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
    sheet = Sheet("Chiamata", players, target="chiamata:4")
    assert sheet.target.kind is TargetKind.CHIAMATA and not sheet.target.counts_points
    for who, units in zip(players, (2, 1, -1, -1, -1), strict=True):
        sheet.set_total(who, units)
    sheet.next_deal()
    sheet.set_total("Anna", 2)
    sheet.set_total("Bruno", 1)
    sheet.add("Carla", -1)
    err = error(sheet.next_deal)
    assert err.code == "zero_sum"
    assert "add up to 2" in str(err) and "sommano a 2" in err.message("it")
    sheet.add("Dario", -1)
    sheet.add("Elena", -1)
    assert (sheet.outcome, sheet.winner, sheet.totals) == (Outcome.WIN, 0, (4, 2, -2, -2, -2))
    sheet.new_game()
    assert sheet.competitors[0].trophies == 1
    sheet.add("Anna", 3)
    assert error(sheet.new_game).code == "zero_sum"


# -- trophies and match standing -----------------------------------------------------------------


def win(sheet: Sheet, who: str, loser: str) -> None:
    sheet.set_total(who, 70)
    sheet.set_total(loser, 50)
    sheet.new_game()


def draw(sheet: Sheet) -> None:
    sheet.set_total(0, 60)
    sheet.set_total(1, 60)
    sheet.new_game()


def test_trophies_carry_across_games() -> None:
    sheet = pair_sheet()
    win(sheet, "Anna", "Bruno")
    win(sheet, "Bruno", "Anna")
    win(sheet, "Anna", "Bruno")
    draw(sheet)
    assert [c.trophies for c in sheet.competitors] == [2, 1]
    assert [g.winner for g in sheet.history] == ["Anna", "Bruno", "Anna", None]
    assert sheet.game_number == 5


def test_best_of_three() -> None:
    sheet = pair_sheet(format="best-of:3")
    assert sheet.format.wins_needed == 2
    win(sheet, "Anna", "Bruno")
    assert sheet.standing == (1, 0) and sheet.match_number == 1
    draw(sheet)  # a draw counts for nobody
    sheet.set_total("Bruno", 70)
    sheet.set_total("Anna", 50)
    assert not sheet.decides_match
    sheet.new_game()
    assert sheet.standing == (1, 1)
    sheet.set_total("Anna", 61)
    assert sheet.decides_match
    sheet.new_game()
    last = sheet.history[-1]
    assert (last.match_winner, last.standing, last.match) == ("Anna", (2, 1), 1)
    assert sheet.standing == (0, 0) and sheet.match_number == 2
    assert [(c.trophies, c.matches) for c in sheet.competitors] == [(2, 1), (1, 0)]
    win(sheet, "Bruno", "Anna")
    assert sheet.history[-1].match == 2 and sheet.standing == (0, 1)


def test_first_to_two() -> None:
    sheet = pair_sheet(format="first-to:2")
    win(sheet, "Bruno", "Anna")
    win(sheet, "Anna", "Bruno")
    win(sheet, "Anna", "Bruno")
    assert sheet.history[-1].match_winner == "Anna"
    assert [c.matches for c in sheet.competitors] == [1, 0]
    assert sheet.match_number == 2


def test_single_format_every_win_is_a_match() -> None:
    sheet = pair_sheet()
    win(sheet, "Anna", "Bruno")
    assert sheet.match_number == 2 and sheet.standing == (0, 0)


def test_changing_the_format_keeps_the_standing_if_it_fits() -> None:
    sheet = pair_sheet(format="first-to:3")
    win(sheet, "Anna", "Bruno")
    win(sheet, "Anna", "Bruno")
    err = error(lambda: sheet.set_format("best-of:3"))
    assert err.code == "standing_over"
    assert "Anna" in str(err)
    sheet.set_format("best-of:5")
    assert sheet.standing == (2, 0) and sheet.format.wins_needed == 3


# -- competitors and settings ----------------------------------------------------------------------


def test_rename_follows_the_history() -> None:
    sheet = pair_sheet()
    win(sheet, "Anna", "Bruno")
    sheet.rename("Anna", "Annalisa")
    assert sheet.competitors[0].name == "Annalisa"
    assert sheet.history[0].names == ("Annalisa", "Bruno")
    assert sheet.history[0].winner == "Annalisa"
    assert error(lambda: sheet.rename("Bruno", "annalisa")).code == "duplicate_name"
    assert error(lambda: sheet.rename("Bruno", " ")).code == "empty_name"


def test_add_and_remove_competitors() -> None:
    sheet = pair_sheet()
    sheet.add("Anna", 20)
    sheet.add_competitor("Carla")
    assert sheet.totals == (20, 0, 0) and sheet.standing == (0, 0, 0)
    sheet.add("Carla", 30)
    sheet.remove_competitor("Anna")
    assert [c.name for c in sheet.competitors] == ["Bruno", "Carla"]
    assert sheet.totals == (0, 30)
    assert error(lambda: sheet.remove_competitor("Bruno")).code == "too_few_competitors"
    assert error(lambda: sheet.add_competitor("carla")).code == "duplicate_name"
    sheet.add_competitor("Dario+Elena")
    assert sheet.competitors[-1].members == ("Dario", "Elena")


def test_changing_the_target_checks_the_game_in_progress() -> None:
    sheet = pair_sheet(target="120")
    sheet.set_total("Anna", 50)
    sheet.next_deal()
    sheet.set_total("Anna", 20)
    assert error(lambda: sheet.set_target("61")).code == "single_deal"
    sheet.set_target("chiamata:3")
    assert sheet.target.value == 3
    sheet.set_target(100)
    assert str(sheet.target) == "100"
    assert error(lambda: sheet.set_target(0)).code == "target_low"
    sheet.rename_sheet("Domenica")
    assert sheet.name == "Domenica"


# -- undo and redo ---------------------------------------------------------------------------------


def _without_buttons(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("can_undo", "can_redo")}


def _started(**kwargs: Any) -> Sheet:
    sheet = Sheet("Sera", ["Anna", "Bruno", "Carla"], **kwargs)
    sheet.set_total("Anna", 70)
    sheet.set_total("Bruno", 30)
    sheet.new_game()
    sheet.add("Bruno", 10)
    return sheet


OPERATIONS: dict[str, Callable[[Sheet], object]] = {
    "add": lambda s: s.add("Anna", 10),
    "subtract": lambda s: s.add("Bruno", -5),
    "set_total": lambda s: s.set_total("Carla", 42),
    "new_game": lambda s: s.new_game(),
    "next_deal": lambda s: s.next_deal(),
    "rename": lambda s: s.rename("Anna", "Annalisa"),
    "add_competitor": lambda s: s.add_competitor("Dario+Elena"),
    "remove_competitor": lambda s: s.remove_competitor("Bruno"),
    "set_target": lambda s: s.set_target("200"),
    "set_format": lambda s: s.set_format("best-of:5"),
    "set_declarations": lambda s: s.set_declarations(True),
    "rename_sheet": lambda s: s.rename_sheet("Domenica"),
}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_undo_and_redo_of_every_change(name: str) -> None:
    target = "120" if name == "next_deal" else "61"
    sheet = _started(target=target)
    before = _without_buttons(sheet.view())
    OPERATIONS[name](sheet)
    after = _without_buttons(sheet.view())
    assert after != before
    change = sheet.undo()
    assert _without_buttons(sheet.view()) == before
    assert sheet.can_redo
    assert change.describe("en") and change.describe("it")
    assert sheet.redo() == change
    assert _without_buttons(sheet.view()) == after
    assert not sheet.can_redo


def test_undo_all_the_way_and_redo_all_the_way() -> None:
    sheet = _started()
    views = []
    while sheet.can_undo:
        views.append(sheet.view())
        sheet.undo()
    assert sheet.totals == (0, 0, 0) and sheet.history == ()
    assert error(sheet.undo).code == "nothing_to_undo"
    assert error(sheet.undo).message("it") == "niente da annullare"
    while sheet.can_redo:
        sheet.redo()
    assert sheet.view() == views[0]
    assert error(sheet.redo).code == "nothing_to_redo"


def test_undo_of_new_game_takes_back_the_trophy() -> None:
    sheet = pair_sheet(format="best-of:3")
    win(sheet, "Anna", "Bruno")
    assert sheet.competitors[0].trophies == 1 and sheet.standing == (1, 0)
    assert sheet.undo().describe("it") == "nuova partita"
    assert sheet.competitors[0].trophies == 0 and sheet.standing == (0, 0)
    assert sheet.totals == (70, 50) and sheet.history == ()


def test_a_new_change_drops_the_redo_tail() -> None:
    sheet = pair_sheet()
    sheet.add("Anna", 10)
    sheet.add("Anna", 5)
    assert sheet.undo().describe("en") == "Anna +5"
    sheet.add("Bruno", 1)
    assert not sheet.can_redo
    assert sheet.totals == (10, 1)


def test_change_descriptions() -> None:
    sheet = pair_sheet()
    sheet.set_total("Bruno", 7)
    assert sheet.undo().describe("en") == "Bruno = 7"
    sheet.set_declarations(True)
    assert sheet.undo().describe("it") == "accusi: sì"
    sheet.rename("Anna", "Annalisa")
    assert sheet.undo().describe("en") == "Anna → Annalisa"


# -- JSON ------------------------------------------------------------------------------------------


def test_json_round_trip_keeps_undo_and_redo() -> None:
    sheet = _started(format="best-of:3", target="120")
    sheet.next_deal()
    sheet.add("Carla", 20)
    sheet.undo()
    data = json.loads(json.dumps(sheet.to_dict()))
    copy = Sheet.from_dict(data)
    assert copy.view() == sheet.view()
    assert copy.redo().describe("en") == "Carla +20"
    assert copy.totals == (0, 10, 20)
    while copy.can_undo:
        copy.undo()
    assert copy.totals == (0, 0, 0)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(cursor=99),
        lambda d: d["log"].append({"op": "explode"}),
        lambda d: d["log"].append({"op": ["add"]}),
        lambda d: d["log"].append({"delta": 5}),
        lambda d: d["log"].append({"op": "add", "competitor": 0, "delta": 500}),
        lambda d: d.pop("start"),
        lambda d: d["start"].update(target="0"),
    ],
)
def test_damaged_json_is_refused(damage: Callable[[dict[str, Any]], object]) -> None:
    data = _started().to_dict()
    damage(data)
    assert error(lambda: Sheet.from_dict(data)).code == "bad_state"


# -- the store -------------------------------------------------------------------------------------


def test_store_round_trip_in_a_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "scores.db"
    store = SheetStore(path)
    sheet = pair_sheet(format="best-of:3")
    sheet_id = store.create(sheet)
    assert error(lambda: store.create(Sheet("sera", ["X", "Y"]))).code == "duplicate_sheet"
    stored = store.find("SERA")
    assert stored.id == sheet_id and stored.revision == 1
    win(stored.sheet, "Anna", "Bruno")
    stored.sheet.add("Bruno", 10)
    revision = store.save(stored.id, stored.sheet, revision=stored.revision)
    assert revision == 2
    store.close()

    again = SheetStore(f"sqlite:///{path}")
    reopened = again.find(str(sheet_id))
    assert reopened.sheet.view() == stored.sheet.view()
    assert reopened.sheet.competitors[0].trophies == 1
    assert reopened.sheet.undo().describe("en") == "Bruno +10"
    games = again.games(sheet_id)
    assert [(g.game.number, g.game.winner) for g in games] == [(1, "Anna")]
    infos = again.sheets()
    assert [(i.name, i.competitors, i.format, i.game) for i in infos] == [
        ("Sera", ("Anna", "Bruno"), "best-of:3", 2)
    ]
    # someone else saved meanwhile
    with pytest.raises(StaleSheetError):
        again.save(sheet_id, reopened.sheet, revision=1)
    # undoing the New game removes the game row; renaming follows in the row
    fresh = again.get(sheet_id)
    fresh.sheet.undo()
    fresh.sheet.undo()
    again.save(sheet_id, fresh.sheet, revision=fresh.revision)
    assert again.games(sheet_id) == []
    fresh = again.get(sheet_id)
    fresh.sheet.redo()
    fresh.sheet.rename("Anna", "Annalisa")
    fresh.sheet.rename_sheet("Domenica")
    again.save(sheet_id, fresh.sheet)
    assert [g.game.winner for g in again.games(sheet_id)] == ["Annalisa"]
    assert again.find("domenica").id == sheet_id
    again.delete(sheet_id)
    assert again.sheets() == []
    assert error(lambda: again.find("Domenica")).code == "no_sheet"
    assert error(lambda: again.get(sheet_id)).code == "no_sheet"
    again.close()


def test_store_default_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("BRISCOLA_SCORE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    assert database_url() == f"sqlite:///{tmp_path / 'briscola' / 'scores.db'}"
    monkeypatch.setenv("BRISCOLA_SCORE_DB", "sqlite://")
    assert database_url() == "sqlite://"
    assert database_url(tmp_path / "x.db") == f"sqlite:///{tmp_path / 'x.db'}"


def test_sheets_of_owners_are_apart() -> None:
    store = SheetStore("sqlite://")
    a = store.create(pair_sheet(), owner="alice")
    b = store.create(pair_sheet(), owner="bob")
    assert a != b
    assert [i.id for i in store.sheets("alice")] == [a]
    assert store.sheets() == []
    assert store.find("Sera", owner="bob").id == b


# -- CSV -------------------------------------------------------------------------------------------


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_csv_export() -> None:
    sheet = pair_sheet()
    win(sheet, "Anna", "Bruno")
    draw(sheet)
    sheet.add("Bruno", 10)
    assert rows(csv_text(sheet, "en")) == [
        ["game", "outcome", "winner", "Anna", "Bruno"],
        ["1", "win", "Anna", "70", "50"],
        ["2", "draw", "", "60", "60"],
        ["3", "in progress", "", "0", "10"],
        ["trophies", "", "", "1", "0"],
    ]
    assert rows(csv_text(sheet))[0] == ["partita", "esito", "vincitore", "Anna", "Bruno"]


def test_csv_export_of_a_match_with_a_competitor_gone() -> None:
    sheet = Sheet("s", ["Anna", "Bruno", "Carla"], format="best-of:3")
    win(sheet, "Carla", "Anna")
    sheet.remove_competitor("Carla")
    win(sheet, "Anna", "Bruno")
    assert rows(csv_text(sheet, "en")) == [
        ["game", "match", "outcome", "winner", "Anna", "Bruno", "Carla"],
        ["1", "1", "win", "Carla", "50", "0", "70"],
        ["2", "1", "win", "Anna", "70", "50", ""],
        ["trophies", "", "", "", "1", "0", ""],
        ["matches won", "", "", "", "0", "0", ""],
    ]
