"""briscola train from an earlier run's network (--init-from), with a labelling search that infers
from past plays (--infer), and a curve against chosen levels (--eval-level)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from train_helpers import tiny
from typer.testing import CliRunner

from briscola.apps.cli import app
from briscola.bots.neural import LAYERS, PolicyValueNet
from briscola.bots.search import CHAMPION
from briscola.core.rules import preset
from briscola.train.loop import TrainConfig, TrainError, _earlier, earlier_replay, train
from briscola.train.selfplay import LabelSettings, label_config

TINY = tiny(seed=5, rounds=0, games=1, bc_deals=10, eval_deals=1)


def _weights(folder: Path) -> dict[str, np.ndarray]:
    return PolicyValueNet.load(folder / "weights.npz").arrays


def test_a_run_starts_from_an_earlier_run_s_network(tmp_path: Path) -> None:
    train(TINY, tmp_path / "a")
    cfg = TrainConfig(**{**TINY.__dict__, "seed": 6, "init_from": str(tmp_path / "a")})
    log = train(cfg, tmp_path / "b")
    a, b = _weights(tmp_path / "a"), _weights(tmp_path / "b")
    assert all(np.array_equal(a[k], b[k]) for k in LAYERS)  # round 0 clones nothing
    assert "policy" not in log[0] and log[0]["positions"] > 0
    more = train(TrainConfig(**{**cfg.__dict__, "rounds": 1}), tmp_path / "b", resume=True)
    assert [e["round"] for e in more] == [0, 1] and "policy" in more[1]
    assert not np.array_equal(_weights(tmp_path / "b")["w1"], a["w1"])
    wide = TrainConfig(**{**cfg.__dict__, "hidden": 32})
    with pytest.raises(TrainError, match="16 units a layer, not 32"):
        train(wide, tmp_path / "c")
    with pytest.raises(TrainError, match="no network"):
        train(TrainConfig(**{**cfg.__dict__, "init_from": str(tmp_path)}), tmp_path / "d")


def test_the_labelling_search_infers_only_when_asked() -> None:
    assert LabelSettings().infer is False
    assert label_config(600).infer is False and label_config(600, infer=True).infer is True
    # at the champion's budget the labels are the champion's own search (but for solved worlds)
    cfg = label_config(CHAMPION.rollouts, infer=True)
    kept = (CHAMPION.exact_stock, CHAMPION.policy, CHAMPION.eps)
    assert (cfg.rollouts, cfg.infer) == (16000, True)
    assert (cfg.exact_stock, cfg.policy, cfg.eps) == kept
    with pytest.raises(TrainError, match="nobody: no such level"):
        TrainConfig(eval_levels=("nobody",)).ruleset()


def test_the_command_passes_the_new_options(tmp_path: Path) -> None:
    tiny = ["--bc-deals", "3", "--rounds", "0", "--hidden", "8", "--no-progress"]
    args = ["train", "--out", str(tmp_path / "a"), "--eval-deals", "0", *tiny]
    assert CliRunner().invoke(app, args).exit_code == 0
    args = ["train", "--out", str(tmp_path / "b"), "--init-from", str(tmp_path / "a"), "--infer"]
    args += ["--mix", "0.1"]
    more = ["--eval-deals", "1", "--eval-level", "simple", "--eval-level", "easy", *tiny]
    result = CliRunner().invoke(app, [*args, *more])
    assert result.exit_code == 0, result.output
    logged = json.loads((tmp_path / "b" / "log.json").read_text())
    config = logged["config"]
    assert (config["init_from"], config["infer"], config["mix"]) == (str(tmp_path / "a"), True, 0.1)
    assert config["eval_levels"] == ["simple", "easy"]
    assert set(logged["rounds"][0]["eval"]) == {"simple", "easy"}
    bad = ["train", "--out", str(tmp_path / "c"), "--eval-level", "nessuno", *tiny]
    result = CliRunner().invoke(app, bad)
    assert result.exit_code == 2 and "nessuno: livello inesistente" in result.output


def test_several_earlier_runs_join_the_replay(tmp_path: Path) -> None:
    """Every --replay-from folder's labelled rounds join the replay, in their order; a log of the
    time when there could be one folder (a string) resumes with that folder."""
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    train(tiny(seed=5, rounds=1, games=1, bc_deals=10, eval_deals=0), Path(a))
    train(tiny(seed=6, rounds=1, games=1, bc_deals=10, eval_deals=0), Path(b))
    both = _earlier(TrainConfig(replay_from=(a, b)))
    assert both is not None
    parts = [earlier_replay(Path(f), 0.015) for f in (a, b)]
    assert np.array_equal(both["obs"], np.concatenate([p["obs"] for p in parts]))
    assert _earlier(TrainConfig()) is None
    tiny_args = ["--bc-deals", "3", "--rounds", "1", "--games", "1", "--budget", "16"]
    tiny_args += ["--hidden", "16", "--eval-deals", "0", "--no-progress"]
    args = ["train", "--out", str(tmp_path / "c"), "--replay-from", a, "--replay-from", b]
    result = CliRunner().invoke(app, [*args, *tiny_args])
    assert result.exit_code == 0, result.output
    log_path = tmp_path / "c" / "log.json"
    assert json.loads(log_path.read_text())["config"]["replay_from"] == [a, b]
    one = TrainConfig(**{**TINY.__dict__, "replay_from": (a,)})
    train(one, tmp_path / "d")
    logged = json.loads((tmp_path / "d" / "log.json").read_text())
    logged["config"]["replay_from"] = a
    (tmp_path / "d" / "log.json").write_text(json.dumps(logged))
    more = train(TrainConfig(**{**one.__dict__, "rounds": 1}), tmp_path / "d", resume=True)
    assert [e["round"] for e in more] == [0, 1]


def test_with_teams_the_labelling_search_spends_the_budget_of_more_players() -> None:
    pairs = label_config(4000).for_table(preset("pairs"))
    assert (pairs.rollouts_multi, pairs.solved_worlds_multi) == (4000, 50)
    full = label_config(16000).for_table(preset("pairs"))
    assert (full.rollouts_multi, full.solved_worlds_multi) == (
        CHAMPION.rollouts_multi,
        CHAMPION.solved_worlds_multi,
    )


@pytest.mark.parametrize("name", ["classic", "pairs"])
def test_the_curve_counts_a_deal_as_the_arena_does(name: str) -> None:
    """The learning curve's score of the shipped network is the arena's for the same deals: in
    pairs the network plays both seats of its team, in both seatings."""
    from briscola.bots.neural import default_net
    from briscola.tools.arena import run_arena
    from briscola.train.evaluate import duplicate_score

    est = duplicate_score(default_net(name), "medium", preset(name), 6, 11)
    pair = run_arena(["neural", "medium"], deals=6, preset=name, seed=11).pair(0, 1)
    assert pair is not None
    assert est.mean == pytest.approx(pair.score.mean)
