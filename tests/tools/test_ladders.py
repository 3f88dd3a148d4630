"""Every preset's ladder: two levels against each other in lineups that give each every seat
(``play_lineups``), the bars of the presets with more than two players, and merged reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.tools.arena import ArenaError, run_arena
from briscola.tools.arena.lineups import lineups, play_lineups
from briscola.tools.bench.levels import (
    LADDER,
    TABLE_LADDER,
    LevelsBenchError,
    Pair,
    ladder_for,
    parse_pair,
)
from briscola.tools.bench.levels.plot import main as plot_main
from briscola.tools.bench.levels.plot import merge_reports

runner = CliRunner()


def test_lineups_alternate_the_two_players_and_give_each_every_seat() -> None:
    assert lineups(2) == ((0, 1),)
    assert lineups(3) == ((0, 1, 0), (1, 0, 1))
    assert lineups(5) == ((0, 1, 0, 1, 0), (1, 0, 1, 0, 1))
    for sides in (3, 5):
        # over both lineups, each in every rotation, every side is held by each player alike
        held = [[0, 0] for _ in range(sides)]
        for lineup in lineups(sides):
            for rotation in range(sides):
                for side in range(sides):
                    held[side][lineup[(side + rotation) % sides]] += 1
        assert all(first == second == sides for first, second in held)
    with pytest.raises(ArenaError, match="two sides"):
        lineups(1)


@pytest.mark.parametrize(
    ("preset", "per_deal"),
    # encounters across the two levels per deal: pairs and six one a game, two games; three
    # 2 lineups x 3 rotations x 2 encounters; chiamata 2 lineups x 5 rotations x 6 encounters
    [("pairs", 2), ("six", 2), ("three", 12), ("chiamata", 60)],
)
def test_a_bot_against_itself_is_a_mirror_in_every_preset(preset: str, per_deal: int) -> None:
    match = play_lineups("simple", "simple", deals=2, preset=preset, seed=5)
    assert (match.first, match.second) == ("simple", "simple#2")
    assert (match.deals, match.games) == (2, 2 * per_deal)
    assert match.wins == match.losses
    assert (match.score.mean, match.score.low, match.score.high) == (0.5, 0.5, 0.5)
    assert match.diff.mean == 0.0


def test_in_a_two_sided_game_the_lineup_is_the_arenas_duplicate_pair() -> None:
    match = play_lineups("simple", "random", deals=6, preset="pairs", seed=2)
    pair = run_arena(["simple", "random"], deals=6, preset="pairs", seed=2).pairs[0]
    assert match.lineups == ((0, 1),)
    assert (match.wins, match.draws, match.losses) == (pair.wins, pair.draws, pair.losses)
    assert match.score == pair.score and match.diff == pair.diff


@pytest.mark.parametrize("preset", ["three", "chiamata"])
def test_the_stronger_level_scores_above_half_and_the_order_flips_the_score(preset: str) -> None:
    ahead = play_lineups("simple", "random", deals=4, preset=preset, seed=3)
    behind = play_lineups("random", "simple", deals=4, preset=preset, seed=3)
    assert ahead.score.mean > 0.5 and ahead.diff.mean > 0
    # the same games seen from the other level (its lineups are the first's, swapped)
    assert behind.score.mean == pytest.approx(1 - ahead.score.mean)
    assert (behind.wins, behind.losses) == (ahead.losses, ahead.wins)
    data = ahead.to_dict()
    assert data["preset"] == preset and data["games"] == ahead.games
    assert data["lineups"] == [list(x) for x in lineups(3 if preset == "three" else 5)]


def test_the_presets_with_more_players_have_their_own_bars() -> None:
    assert ladder_for("classic") == ladder_for("scoperta") == LADDER
    for name in ("three", "pairs", "six", "chiamata"):
        assert ladder_for(name) == TABLE_LADDER
    assert [(p.upper, p.lower) for p in TABLE_LADDER] == [(p.upper, p.lower) for p in LADDER]
    assert [p.bar for p in TABLE_LADDER] == [0.55, 0.55, 0.55, 0.55, 0.6]
    assert parse_pair("campione:medio", TABLE_LADDER) == Pair("champion", "medium", 0.6)
    assert parse_pair("hard:easy", TABLE_LADDER).bar == 0.55  # a pair off the ladder
    with pytest.raises(LevelsBenchError, match="sette"):
        ladder_for("sette")


def test_strength_plays_the_ladder_of_three_players(tmp_path: Path) -> None:
    out = tmp_path / "three.json"
    args = ["bench", "--strength", "--preset", "three", "--pair", "medio:facile"]
    result = runner.invoke(app, [*args, "--deals", "2", "--seed", "4", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert (data["preset"], data["lineups"]) == ("three", [[0, 1, 0], [1, 0, 1]])
    assert "encounter" in data["encounters"]
    (row,) = data["pairs"]
    assert (row["upper"], row["lower"], row["bar"]) == ("medium", "easy", 0.55)
    assert (row["deals"], row["games"]) == (2, 24)
    assert row["met"] == (row["score"]["mean"] >= 0.55)


def test_strength_takes_the_table_ladder_by_default(tmp_path: Path) -> None:
    from briscola.tools.bench.levels import measure_strength

    rows = measure_strength(TABLE_LADDER[:2], "chiamata", 1, seed=2)
    assert [(r.upper, r.lower, r.bar, r.games) for r in rows] == [
        ("easy", "beginner", 0.55, 60),
        ("medium", "easy", 0.55, 60),
    ]
    with pytest.raises(LevelsBenchError, match="sette"):
        measure_strength(TABLE_LADDER[:1], "sette", 1)


def _report(pairs: list[tuple[str, str, int, bool]], preset: str = "six") -> dict[str, object]:
    est = {"mean": 0.6, "low": 0.55, "high": 0.65, "sd": 0.4, "n": 100}
    rows = [
        {"upper": u, "lower": lo, "bar": 0.55, "deals": d, "met": met, "score": est}
        for u, lo, d, met in pairs
    ]
    return {"preset": preset, "deals": max(d for *_, d, _ in pairs), "seed": 7, "pairs": rows}


def test_reports_of_one_preset_are_merged_and_drawn_as_one_ladder(tmp_path: Path) -> None:
    cheap = tmp_path / "cheap.json"
    search = tmp_path / "search.json"
    cheap.write_text(json.dumps(_report([("easy", "beginner", 1000, True)])))
    search.write_text(json.dumps(_report([("champion", "hard", 200, False)])))
    png, merged = tmp_path / "ladder.png", tmp_path / "ladder.json"
    plot_main([str(cheap), str(search), str(png), "--json", str(merged)])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(merged.read_text())
    assert [(p["upper"], p["deals"]) for p in data["pairs"]] == [
        ("easy", 1000),
        ("champion", 200),
    ]
    assert (data["deals"], data["seed"], data["met"]) == (1000, 7, False)
    other = _report([("hard", "medium", 10, True)], preset="three")
    with pytest.raises(ValueError, match="different presets"):
        merge_reports([json.loads(cheap.read_text()), other])
    with pytest.raises(ValueError, match="at least one"):
        merge_reports([])
    with pytest.raises(SystemExit, match="needs a path"):
        plot_main([str(cheap), str(png), "--json"])


def test_a_run_in_chunks_holds_the_games_and_figures_of_one_run() -> None:
    from briscola.tools.bench.levels import measure_strength
    from briscola.tools.bench.levels.strength import strength_json

    whole = run_arena(["simple", "random"], deals=3, preset="pairs", seed=8)
    tail = run_arena(["simple", "random"], deals=2, preset="pairs", seed=8, first_deal=1)
    assert [g.deck for g in tail.games] == [g.deck for g in whole.games if g.deal >= 1]
    assert [g.scores for g in tail.games] == [g.scores for g in whole.games if g.deal >= 1]
    with pytest.raises(ArenaError, match="0 or more"):
        run_arena(["simple", "random"], deals=1, first_deal=-1)

    pair = parse_pair("medium:easy", TABLE_LADDER)
    (one,) = measure_strength([pair], "three", 3, seed=8)
    chunks = [
        strength_json(
            measure_strength([pair], "three", n, seed=8, first_deal=k), "three", n, 8, 1, k
        )
        for k, n in ((2, 1), (0, 2))  # in any order
    ]
    (row,) = merge_reports(chunks)["pairs"]
    assert (row["deals"], row["games"], row["wins"], row["losses"]) == (
        one.deals,
        one.games,
        one.wins,
        one.losses,
    )
    assert row["score"]["mean"] == pytest.approx(one.score.mean)
    assert row["score"]["high"] == pytest.approx(one.score.high)
    assert row["verdict"] == one.verdict
    gap = [chunks[0], strength_json([], "three", 1, 8, 1, 5) | {"pairs": chunks[1]["pairs"]}]
    with pytest.raises(ValueError, match="starts at deal"):
        merge_reports(gap)
    with pytest.raises(ValueError, match="different seeds"):
        merge_reports([chunks[0], {**chunks[1], "seed": 9}])
