"""``briscola bench --think`` and ``--strength``: the levels' think time and strength, measured
with tiny parameters (the real figures take minutes to hours; see docs/levels.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.tools.arena import Estimate
from briscola.tools.bench.levels import (
    LADDER,
    LEVELS,
    LevelsBenchError,
    Pair,
    StrengthRow,
    level_name,
    parse_pair,
    summarize,
)

runner = CliRunner(env={"BRISCOLA_LANG": "en"})  # the refusals below are English's


def _flat(text: str) -> str:
    """Output with Rich's line wrapping and box drawing undone, for substring checks."""
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


def test_think_times_figures_and_json(tmp_path: Path) -> None:
    out = tmp_path / "think.json"
    args = ["bench", "--think", "--level", "easy", "--level", "medio", "--deals", "2"]
    result = runner.invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Think time" in result.output and "medium" in result.output
    data = json.loads(out.read_text())
    assert data["format"] == "briscola-think-time"
    assert (data["preset"], data["deals"], data["opponent"]) == ("classic", 2, "medium")
    assert list(data["levels"]) == ["easy", "medium"]
    for row in data["levels"].values():
        assert set(row) == {"moves", "median_ms", "p95_ms", "max_ms", "target", "met"}
        assert row["moves"] == 40  # 20 moves a deal in classic, two deals
        assert 0 <= row["median_ms"] <= row["p95_ms"] <= row["max_ms"] and row["max_ms"] > 0
        assert row["target"] is None and row["met"] is None
    assert data["met"] is True


def test_think_times_the_champion_against_its_target(tmp_path: Path) -> None:
    out = tmp_path / "think.json"
    args = ["bench", "--think", "--level", "champion", "--deals", "1", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output  # a missed target is reported, not an error
    row = json.loads(out.read_text())["levels"]["champion"]
    assert row["target"] == {"median_ms": 100.0, "max_ms": 500.0}
    assert row["met"] == (row["median_ms"] <= 100 and row["max_ms"] <= 500)
    assert 0 < row["median_ms"] <= row["max_ms"]
    assert ("not met" in result.output) != row["met"]


def test_think_times_against_another_level(tmp_path: Path) -> None:
    out = tmp_path / "think.json"
    args = ["bench", "--think", "--level", "easy", "--opponent", "principiante", "--deals", "1"]
    result = runner.invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "against beginner" in _flat(result.output)
    data = json.loads(out.read_text())
    assert (data["opponent"], list(data["levels"])) == ("beginner", ["easy"])
    assert data["levels"]["easy"]["moves"] == 20  # every seat of easy's, one deal of classic


def test_summary_is_a_nearest_rank_percentile() -> None:
    row = summarize("champion", [0.001 * k for k in range(100, 0, -1)])
    assert (row.moves, row.median_ms, row.p95_ms, row.max_ms) == (100, 50.5, 95.0, 100.0)
    assert row.met is True
    assert summarize("champion", [0.6]).met is False  # 600 ms: over the worst-move target
    assert summarize("easy", []).moves == 0 and math.isnan(summarize("easy", []).max_ms)


def test_an_unknown_level_is_refused_with_the_levels() -> None:
    result = runner.invoke(app, ["bench", "--think", "--level", "novice"])
    assert result.exit_code == 2
    text = _flat(result.output)
    assert "unknown level 'novice'" in text
    assert "beginner, easy, medium, hard, champion" in text
    with pytest.raises(LevelsBenchError, match="levels: beginner"):
        level_name("novice")
    assert [level_name(n) for n in ("principiante", "Facile", "campione")] == [
        "beginner",
        "easy",
        "champion",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--think", "--fast"], "choose one of --fast, --think and --strength"),
        (["--think", "--strength"], "choose one of --fast, --think and --strength"),
        (["--think", "--deals", "0"], "play at least one deal"),
        (["--strength", "--deals", "-3"], "play at least one deal"),
        (["--think", "--games", "3"], "use --deals"),
        (["--think", "--pair", "easy:beginner"], "use --level"),
        (["--think", "--workers", "2"], "one core"),
        (["--strength", "--level", "easy"], "use --pair"),
        (["--strength", "--pair", "easy"], "UPPER:LOWER"),
        (["--strength", "--pair", "easy:facile"], "two different levels"),
        (["--strength", "--pair", "easy:novice"], "unknown level 'novice'"),
        (["--think", "--preset", "classic", "--preset", "pairs"], "one preset"),
        (["--think", "--preset", "sette"], "sette"),
        (["--deals", "5"], "goes with --think or --strength"),
        (["--level", "easy"], "goes with --think or --strength"),
        (["--workers", "2"], "goes with --fast or --strength"),
        (["--think", "--opponent", "novice"], "unknown level 'novice'"),
        (["--strength", "--opponent", "easy"], "goes with --think"),
        (["--opponent", "easy"], "goes with --think"),
    ],
)
def test_bad_options_are_refused_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", *args])
    assert result.exit_code == 2, result.output
    assert message in _flat(result.output)


def test_strength_plays_the_ladder(tmp_path: Path) -> None:
    out = tmp_path / "strength.json"
    args = ["bench", "--strength", "--deals", "2", "--seed", "3", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Strength" in result.output and "champion vs medium" in result.output
    data = json.loads(out.read_text())
    assert data["format"] == "briscola-strength"
    assert (data["preset"], data["deals"], data["seed"], data["workers"]) == ("classic", 2, 3, 1)
    pairs = [(p["upper"], p["lower"], p["bar"]) for p in data["pairs"]]
    assert pairs == [(p.upper, p.lower, p.bar) for p in LADDER]
    assert pairs[-1] == ("champion", "medium", 0.7)
    for p in data["pairs"]:
        assert (p["deals"], p["games"]) == (2, 4)
        assert p["wins"] + p["draws"] + p["losses"] == 4
        score = p["score"]
        assert 0 <= score["mean"] <= 1 and score["n"] == 2
        assert score["low"] <= score["mean"] <= score["high"]
        assert p["met"] == (score["mean"] >= p["bar"])
        assert p["interval"] in ("above", "below", "across")
        assert p["verdict"].startswith("met" if p["met"] else "not met")
    assert data["met"] == all(p["met"] for p in data["pairs"])


def test_strength_draws_the_ladder(tmp_path: Path) -> None:
    png = tmp_path / "ladder.png"
    args = ["bench", "--strength", "--pair", "easy:beginner", "--deals", "3", "--plot", str(png)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = runner.invoke(app, ["bench", "--think", "--plot", str(png)])
    assert result.exit_code != 0 and "--strength" in _flat(result.output)


def test_the_ladder_plot_is_drawn_from_a_saved_report(tmp_path: Path) -> None:
    from briscola.tools.bench.levels.plot import main, plot_strength

    est = {"mean": 0.65, "low": 0.62, "high": 0.68, "sd": 0.4, "n": 2000}
    row = {"upper": "hard", "lower": "medium", "bar": 0.6, "met": True, "score": est}
    report = tmp_path / "r.json"
    report.write_text(json.dumps({"preset": "classic", "deals": 2000, "seed": 1, "pairs": [row]}))
    main([str(report), str(tmp_path / "a.png")])
    assert (tmp_path / "a.png").stat().st_size > 1000
    with pytest.raises(ValueError, match="no pairs"):
        plot_strength({"pairs": []}, tmp_path / "b.png")
    with pytest.raises(SystemExit, match="usage"):
        main([str(report)])


def test_strength_strict_fails_when_a_bar_is_missed(tmp_path: Path) -> None:
    out = tmp_path / "strength.json"
    args = ["bench", "--strength", "--pair", "beginner:medium", "--deals", "3", "--strict"]
    result = runner.invoke(app, [*args, "--json", str(out)])
    (row,) = json.loads(out.read_text())["pairs"]
    assert (row["upper"], row["lower"], row["bar"]) == ("beginner", "medium", 0.6)
    assert row["met"] is False  # beginner plays mostly at random
    assert result.exit_code == 1


def test_pairs_and_verdicts() -> None:
    assert parse_pair("campione:medio") == Pair("champion", "medium", 0.7)
    assert parse_pair("hard : easy") == Pair("hard", "easy", 0.6)
    assert [p.upper for p in LADDER[:4]] == list(LEVELS[1:])

    def row(mean: float, low: float, high: float) -> StrengthRow:
        est = Estimate(mean, low, high, 100, 0.3)
        return StrengthRow(
            upper="champion", lower="medium", bar=0.7, deals=100,
            games=200, wins=0, draws=0, losses=0, score=est, diff=est,
        )  # fmt: skip

    cases = [
        (row(0.8, 0.75, 0.85), "above", "met"),
        (row(0.72, 0.65, 0.79), "across", "met, not significant"),
        (row(0.68, 0.61, 0.75), "across", "not met, not significant"),
        (row(0.6, 0.55, 0.65), "below", "not met"),
        (row(0.9, math.nan, math.nan), "unknown", "met, not significant"),
    ]
    for r, interval, verdict in cases:
        assert (r.interval, r.verdict) == (interval, verdict)


def test_chunks_played_from_a_first_deal_and_merged_equal_one_run(tmp_path: Path) -> None:
    base = ["bench", "--strength", "--preset", "pairs", "--pair", "medium:easy", "--seed", "5"]
    whole = tmp_path / "whole.json"
    assert runner.invoke(app, [*base, "--deals", "3", "--json", str(whole)]).exit_code == 0
    for k, n in ((0, 2), (2, 1)):
        chunk = tmp_path / f"chunk-{k}.json"
        args = [*base, "--deals", str(n), "--first-deal", str(k), "--json", str(chunk)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert json.loads(chunk.read_text())["first_deal"] == k
    merged, png = tmp_path / "merged.json", tmp_path / "merged.png"
    pattern = str(tmp_path / "chunk-*.json")  # a quoted glob: both chunks
    args = ["bench", "--strength", "--merge", pattern, "--json", str(merged), "--plot", str(png)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "medium vs easy" in result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (one,), (pooled,) = (
        json.loads(whole.read_text())["pairs"],
        json.loads(merged.read_text())["pairs"],
    )
    for key in ("deals", "games", "wins", "draws", "losses", "verdict"):
        assert pooled[key] == one[key], key
    for est in ("score", "point_diff"):
        for key in ("mean", "low", "high", "sd"):
            assert pooled[est][key] == pytest.approx(one[est][key]), (est, key)
    data = json.loads(merged.read_text())
    assert (data["preset"], data["seed"], data["first_deal"], data["deals"]) == ("pairs", 5, 0, 3)
    # the later chunk alone starts at deal 2; the same chunk twice overlaps itself
    args = ["bench", "--strength", "--merge", str(tmp_path / "chunk-2.json"), "--json", str(merged)]
    assert runner.invoke(app, args).exit_code == 0
    assert json.loads(merged.read_text())["first_deal"] == 2
    # a pooled report goes on with the chunks after it: the first chunk pooled, then the second
    head, again = tmp_path / "head.json", tmp_path / "again.json"
    args = ["bench", "--strength", "--merge", str(tmp_path / "chunk-0.json"), "--json", str(head)]
    assert runner.invoke(app, args).exit_code == 0
    args = ["bench", "--strength", "--merge", str(head), "--merge", str(tmp_path / "chunk-2.json")]
    assert runner.invoke(app, [*args, "--json", str(again)]).exit_code == 0
    (twice,) = json.loads(again.read_text())["pairs"]
    assert (twice["deals"], twice["wins"], twice["losses"]) == (3, one["wins"], one["losses"])
    assert twice["score"]["high"] == pytest.approx(one["score"]["high"])
    first = str(tmp_path / "chunk-0.json")
    result = runner.invoke(app, ["bench", "--strength", "--merge", first, "--merge", first])
    assert result.exit_code == 2 and "starts at deal" in _flat(result.output)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--first-deal", "3"], "goes with --strength"),
        (["--think", "--first-deal", "3"], "goes with --strength"),
        (["--merge", "a.json"], "goes with --strength"),
        (["--strength", "--first-deal", "-1"], "greater than or equal to 0"),
        (["--strength", "--merge", "a.json", "--deals", "5"], "plays nothing"),
        (["--strength", "--merge", "a.json", "--pair", "hard:easy"], "plays nothing"),
        (["--strength", "--merge", "a.json", "--first-deal", "5"], "plays nothing"),
        (["--strength", "--merge", "no-such-report-*.json"], "no report matches"),
        (["--strength", "--merge", "no-such-report.json"], "cannot read the report"),
    ],
)
def test_first_deal_and_merge_are_refused_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", *args])
    assert result.exit_code == 2, result.output
    assert message in _flat(result.output)


def test_merge_refuses_what_is_not_a_strength_report(tmp_path: Path) -> None:
    other = tmp_path / "think.json"
    other.write_text(json.dumps({"format": "briscola-think", "rows": []}))
    result = runner.invoke(app, ["bench", "--strength", "--merge", str(other)])
    assert result.exit_code == 2 and "not a strength report" in _flat(result.output)
