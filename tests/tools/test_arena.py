"""The arena: duplicate deals, statistics, ratings, the SPRT, outputs, reproducibility."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from briscola.core.cards import format_cards, parse_cards
from briscola.core.record import GameRecord
from briscola.core.rules import preset
from briscola.extras import MissingExtra
from briscola.tools.arena import (
    ArenaBackendError,
    ArenaError,
    PlayerSpecError,
    Setup,
    SprtConfig,
    SprtError,
    Task,
    bootstrap_ratings,
    bradley_terry,
    deal_deck,
    mean_ci,
    parse_players,
    run_arena,
    run_task,
    sprt_llr,
)
from briscola.tools.arena.cli import arena_command
from briscola.tools.arena.stats import elo_to_score, score_to_elo, t975

ROOT = Path(__file__).resolve().parents[2]
SELF_ENGINE = f"engine:{sys.executable} -m briscola.apps.protocol.engine --level"


def setup_for(name: str, players: list[str], **options: object) -> Setup:
    return Setup(preset(name, **options), tuple(parse_players(players)), seed=3, records=True)


# -- duplicate deals -----------------------------------------------------------------------------


def test_a_two_player_deal_is_played_twice_with_seats_swapped() -> None:
    setup = setup_for("classic", ["simple", "random"])
    first, second = run_task(setup, Task(0, (0, 1), deal=4))
    assert first.deck == second.deck == format_cards(deal_deck(setup.ruleset, 3, 4))
    assert first.dealer == second.dealer == 0
    assert first.seats == (0, 1) and second.seats == (1, 0)
    assert first.slots == (0, 1) and second.slots == (1, 0)
    # the same hands go to the same seats: the record of each game replays from the deck
    for game in (first, second):
        record = GameRecord(setup.ruleset, game.dealer, parse_cards(game.deck), tuple())
        state = record.replay()
        assert (
            state.hands == GameRecord(setup.ruleset, 0, parse_cards(first.deck), ()).replay().hands
        )
        assert sum(game.seat_points) == 120
    assert first.score_of(0) + first.score_of(1) == 120


def test_other_deals_have_other_decks_and_dealers() -> None:
    setup = setup_for("classic", ["random", "random"])
    decks = {run_task(setup, Task(0, (0, 1), deal=d))[0].deck for d in range(5)}
    assert len(decks) == 5
    assert run_task(setup, Task(0, (0, 1), deal=1))[0].dealer == 1


def test_three_players_rotate_through_every_seat() -> None:
    setup = setup_for("three", ["simple", "random", "random"])
    games = run_task(setup, Task(0, (0, 1, 2), deal=0))
    assert len(games) == 3 and len({g.deck for g in games}) == 1
    for seat in range(3):
        assert sorted(g.seats[seat] for g in games) == [0, 1, 2]


def test_a_team_is_one_player_on_both_seats() -> None:
    setup = setup_for("pairs", ["simple", "random"])
    first, second = run_task(setup, Task(0, (0, 1), deal=2))
    assert first.seats == (0, 1, 0, 1) and second.seats == (1, 0, 1, 0)
    assert first.deck == second.deck
    assert first.score_of(0) + first.score_of(1) == 120


def test_chiamata_scores_are_units() -> None:
    result = run_arena(["simple", "random", "random", "random", "random"], deals=1, preset="5")
    assert result.score_unit == "units" and result.games_played == 5
    for game in result.games:
        assert sum(game.scores) == 0  # the settlement is zero-sum


# -- the arena's results -------------------------------------------------------------------------


def test_identical_bots_score_exactly_half_and_symmetric() -> None:
    # duplicate deals with the same deterministic bot: each pair of games mirrors the other
    result = run_arena(["simple", "simple"], deals=8, seed=2)
    pair = result.pairs[0]
    assert pair.score.mean == 0.5 and pair.diff.mean == 0
    assert pair.wins == pair.losses
    assert result.labels == ["simple", "simple#2"]
    flipped = result.pair(1, 0)
    assert flipped is not None and flipped.score.mean == 0.5
    ratings = [s.rating for s in result.standings]
    assert all(r is not None and abs(r.elo) < 1e-6 for r in ratings)


def test_a_bot_that_uses_chance_mirrors_itself_too() -> None:
    # the bot at a seat gets the same seed in both games of a deal, whoever sits there
    result = run_arena(["random", "random"], deals=10, seed=5)
    pair = result.pairs[0]
    assert pair.score.mean == 0.5 and pair.score.sd == 0 and pair.diff.mean == 0
    for first, second in zip(result.games[::2], result.games[1::2], strict=True):
        assert first.seat_points == second.seat_points
    a, b = result.matrix()[0][1], result.matrix()[1][0]
    assert a == b == 0.5


def test_a_stronger_bot_wins_clearly() -> None:
    result = run_arena(["simple", "random"], deals=20, seed=1)
    pair = result.pairs[0]
    assert pair.score.low > 0.5 and pair.diff.low > 0
    assert result.standings[0].player == 0
    top = result.standings[0].rating
    assert top is not None and top.low > 0


def test_an_engine_plays_exactly_like_the_same_bot_in_process() -> None:
    inproc = run_arena(["random", "random"], deals=3, seed=9)
    through = run_arena(["random", f"{SELF_ENGINE} random"], deals=3, seed=9)
    assert [g.scores for g in through.games] == [g.scores for g in inproc.games]
    assert through.labels == ["random", "engine-random"]


def test_a_foreign_engine_takes_part() -> None:
    engine = f"first=engine:{sys.executable} {ROOT / 'examples' / 'first_legal_engine.py'}"
    result = run_arena(["random", engine], deals=2, seed=1)
    assert result.labels == ["random", "first"] and result.games_played == 4


def test_round_robin_of_three() -> None:
    result = run_arena(["simple", "random", "r2=random"], deals=6, seed=4)
    assert [(p.a, p.b) for p in result.pairs] == [(0, 1), (0, 2), (1, 2)]
    assert result.games_played == 3 * 6 * 2
    assert all(p.deals == 6 and p.games == 12 for p in result.pairs)
    assert sum(s.rating.elo for s in result.standings if s.rating) == pytest.approx(0, abs=1e-6)


def test_reproducible_by_seed() -> None:
    one = run_arena(["simple", "random"], deals=4, seed=8)
    two = run_arena(["simple", "random"], deals=4, seed=8)
    other = run_arena(["simple", "random"], deals=4, seed=9)
    assert one.games == two.games and one.to_dict()["pairs"] == two.to_dict()["pairs"]
    assert [g.deck for g in one.games] != [g.deck for g in other.games]


def test_two_workers_give_the_same_result_as_one() -> None:
    one = run_arena(["simple", "random", "random"], deals=5, seed=6, workers=1)
    two = run_arena(["simple", "random", "random"], deals=5, seed=6, workers=2)
    assert one.games == two.games
    assert one.to_dict()["standings"] == two.to_dict()["standings"]


def test_options_and_presets_reach_the_games() -> None:
    result = run_arena(
        ["simple", "random"], deals=2, preset="classic", options={"inversion": True}, seed=1
    )
    assert result.ruleset.inversion and result.to_dict()["ruleset"]["inversion"] is True


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ArenaError, match="at least 3 players"):
        run_arena(["simple", "random"], preset="three")
    with pytest.raises(ArenaError, match="at least two players"):
        run_arena(["simple"])
    with pytest.raises(ArenaError, match="SPRT compares two players"):
        run_arena(["simple", "random", "random"], sprt="elo1=20")
    with pytest.raises(PlayerSpecError, match="unknown bot"):
        run_arena(["simple", "grandmaster"])
    with pytest.raises(PlayerSpecError, match="give the engine's command"):
        parse_players(["engine:"])
    with pytest.raises(ArenaBackendError, match="unknown backend"):
        run_arena(["simple", "random"], deals=1, backend="slurm")


# -- statistics ----------------------------------------------------------------------------------


def test_confidence_interval_on_a_known_example() -> None:
    # per-deal scores 1, ½, 1, ¾, ½: mean 0.75, sd = sqrt(0.0625), t(4) = 2.776
    est = mean_ci([1.0, 0.5, 1.0, 0.75, 0.5])
    assert est.mean == pytest.approx(0.75)
    assert est.sd == pytest.approx(0.25)
    half = 2.776 * 0.25 / math.sqrt(5)
    assert (est.low, est.high) == (pytest.approx(0.75 - half), pytest.approx(0.75 + half))
    assert math.isnan(mean_ci([0.5]).low) and mean_ci([]).n == 0
    assert t975(30) == 2.042 and t975(31) == pytest.approx(2.040, abs=2e-3)
    assert t975(120) == pytest.approx(1.980, abs=1e-3)


def test_intervals_are_over_deals_not_games() -> None:
    result = run_arena(["simple", "random"], deals=6, seed=3)
    pair = result.pairs[0]
    per_deal = {}
    for game in result.games:
        per_deal.setdefault(game.deal, []).append(
            1.0
            if game.score_of(0) > game.score_of(1)
            else 0.5
            if game.score_of(0) == game.score_of(1)
            else 0.0
        )
    expected = mean_ci([sum(v) / len(v) for _, v in sorted(per_deal.items())])
    assert pair.score == expected and pair.score.n == 6


def test_elo_and_score_are_inverse() -> None:
    for elo in (-300.0, -20.0, 0.0, 55.0, 400.0):
        assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo)


def test_bradley_terry_recovers_known_strengths() -> None:
    truth = [0.0, 100.0, 250.0]
    results = {}
    for i in range(3):
        for j in range(i + 1, 3):
            p = elo_to_score(truth[i] - truth[j])
            results[(i, j)] = (p * 10_000, 10_000.0)
    fit = bradley_terry(3, results, prior=0)
    mean = sum(truth) / 3
    assert fit == pytest.approx([t - mean for t in truth], abs=0.01)
    # the prior pulls toward even; a clean sweep stays finite
    swept = bradley_terry(2, {(0, 1): (10.0, 10.0)})
    assert 0 < swept[0] - swept[1] < 1000


def test_bootstrap_intervals_contain_the_estimate() -> None:
    per_deal = {d: {(0, 1): (1.0 if d % 4 else 0.0, 1.0)} for d in range(40)}
    ratings = bootstrap_ratings(2, per_deal, samples=100, seed=1)
    for r in ratings:
        assert r.low <= r.elo <= r.high
    assert ratings[0].elo > 0 > ratings[1].elo


# -- the SPRT ------------------------------------------------------------------------------------


def test_sprt_settings() -> None:
    cfg = SprtConfig.parse("elo0=0,elo1=20,alpha=0.05,beta=0.1")
    assert (cfg.elo0, cfg.elo1, cfg.alpha, cfg.beta) == (0, 20, 0.05, 0.1)
    assert cfg.upper == pytest.approx(math.log(0.9 / 0.05))
    assert cfg.lower == pytest.approx(math.log(0.1 / 0.95))
    for bad in ("elo0=10,elo1=5", "alpha=2", "speed=1", "elo1=x"):
        with pytest.raises(SprtError):
            SprtConfig.parse(bad)


def test_sprt_llr_moves_the_right_way() -> None:
    assert sprt_llr([0.75] * 50, 0, 20) > 0 > sprt_llr([0.25] * 50, 0, 20)
    assert sprt_llr([], 0, 20) == 0


def test_sprt_stops_early_on_a_clear_difference() -> None:
    result = run_arena(["simple", "random"], deals=200, seed=1, sprt="elo0=0,elo1=20")
    sprt = result.sprt
    assert sprt is not None and sprt.decision == "H1"
    assert sprt.deals < 60 and result.deals_played == sprt.deals
    assert sprt.llr >= sprt.config.upper and len(sprt.path) == sprt.deals
    assert result.games_played == 2 * sprt.deals


def test_sprt_accepts_h0_for_equal_players_and_is_reproducible_with_workers() -> None:
    one = run_arena(["simple", "simple"], deals=100, seed=2, sprt="elo0=0,elo1=50")
    two = run_arena(["simple", "simple"], deals=100, seed=2, sprt="elo0=0,elo1=50", workers=2)
    assert one.sprt is not None and one.sprt.decision == "H0"
    assert two.sprt is not None and two.sprt.deals == one.sprt.deals
    assert one.games == two.games


# -- outputs -------------------------------------------------------------------------------------


def test_json_markdown_and_png_outputs(tmp_path: Path) -> None:
    result = run_arena(
        ["simple", "random", "r2=random"], deals=3, seed=1, records=True, bootstrap=20
    )
    paths = result.write(tmp_path)
    names = sorted(p.name for p in paths)
    assert names == ["ratings.png", "results.json", "results.md", "scores.png"]
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["format"] == "briscola-arena" and data["games_played"] == 18
    assert [p["label"] for p in data["players"]] == ["simple", "random", "r2"]
    assert data["games"][0]["actions"] and data["matrix"][0][0] is None
    text = (tmp_path / "results.md").read_text()
    assert (
        "## Standings" in text and "| simple | random |" in text and "![scores](scores.png)" in text
    )
    for png in ("scores.png", "ratings.png"):
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sprt_output_has_its_plot(tmp_path: Path) -> None:
    result = run_arena(["simple", "random"], deals=100, seed=1, sprt="elo1=20", bootstrap=10)
    names = {p.name for p in result.write(tmp_path)}
    assert "sprt.png" in names
    assert "H1 accepted" in (tmp_path / "results.md").read_text()


def test_the_arena_command(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command()(arena_command)
    runner = CliRunner()
    out = tmp_path / "run"
    result = runner.invoke(
        app, ["simple", "random", "-n", "3", "--seed", "2", "--out", str(out), "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    assert "simple" in result.output and (out / "scores.png").exists()
    bad = runner.invoke(app, ["simple", "nobody", "--no-progress"])
    assert bad.exit_code == 2 and "unknown bot 'nobody'" in bad.output
    bad = runner.invoke(app, ["simple", "random", "--sprt", "elo1=-5", "--no-progress"])
    assert bad.exit_code == 2 and "elo1" in bad.output
    dead = runner.invoke(app, ["simple", f"engine:{sys.executable} -c pass", "-n", "1"])
    assert dead.exit_code == 1 and "not running" in dead.output


def test_python_m_briscola_arena_prints_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "briscola.tools.arena", "simple", "random", "-n", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    data = json.loads(proc.stdout)
    assert data["games_played"] == 4


# -- the Ray backend -----------------------------------------------------------------------------


def test_the_ray_backend_says_how_to_install_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(MissingExtra, match=r"pip install 'briscola\[ray\]'"):
        run_arena(["simple", "random"], deals=1, backend="ray")


def test_the_ray_backend_gives_the_same_result() -> None:
    """On a local Ray cluster (Ray is in the dev extra, so CI runs this)."""
    local = run_arena(["simple", "random"], deals=3, seed=4)
    ray = run_arena(["simple", "random"], deals=3, seed=4, backend="ray", workers=2)
    assert ray.games == local.games
