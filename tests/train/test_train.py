"""briscola train: the warm start's positions, the network's parity, a reproducible tiny run."""

from __future__ import annotations

import builtins
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from train_helpers import TINY
from typer.testing import CliRunner

from briscola.apps.cli import app
from briscola.bots.neural import LAYERS, PolicyValueNet, default_net
from briscola.bots.search import SearchBot
from briscola.core.cards import Card
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.env.encoding import action_mask, encode, field, index_to_action
from briscola.env.symmetry import OTHER_PERMUTATIONS, action_gather, obs_gather
from briscola.env.vector import BriscolaVectorEnv
from briscola.fast.search.policy import T_LEN, fill_tables
from briscola.fast.search.solver import solver_stack
from briscola.train.kernels import endgame_positions, medium_positions
from briscola.train.loop import (
    TrainConfig,
    TrainError,
    earlier_replay,
    endgame_batch,
    medium_batch,
    train,
)
from briscola.train.net import TorchMissingError, build, from_numpy, require_torch, to_numpy


@pytest.mark.parametrize("name", ["classic", "pairs", "six"])
def test_the_warm_start_positions_are_the_reference_engine_s(name: str) -> None:
    """Every position the kernel writes is the reference encoder's observation of the seat to
    act, with its legal actions; replaying the moves it played gives the same deal; each
    position's value is the deal's outcome for the seat's side (with teams, the team's)."""
    rules = preset(name)
    env = BriscolaVectorEnv(1, name)
    T = np.zeros(T_LEN, np.int64)
    fill_tables(env.P, T)
    cap, deals = 400, 8
    obs = np.zeros((cap, 798), np.float32)
    masks = np.zeros((cap, 120), np.bool_)
    labels, moves = np.zeros(cap, np.int64), np.zeros(cap, np.int64)
    values = np.zeros(cap, np.float32)
    decks = np.zeros((deals, 41), np.int8)
    n = medium_positions(
        (env.P, T, env.V, env.static, env.c2i),
        7,
        deals,
        0.3,
        0.25,
        obs,
        masks,
        labels,
        values,
        moves,
        decks,
    )
    size = len(rules.deck())  # six players leave out four cards
    assert n == deals * (size - rules.players)  # every card played, the last trick's forced
    row = 0
    for g in range(deals):
        deck = [Card.from_index(int(c)) for c in decks[g, :size]]
        state = new_game(rules, deck=deck, dealer=int(decks[g, size]))
        seats = []
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) == 1:
                state = state.apply(legal[0])
                continue
            seen = observe(state, state.turn or 0)
            seats.append(seen.seat)
            assert np.array_equal(encode(seen), obs[row])
            assert np.array_equal(action_mask(seen.legal), masks[row])
            assert masks[row, labels[row]] and masks[row, moves[row]]
            state = state.apply(index_to_action(int(moves[row])))
            row += 1
        result = state.result()
        for r, seat in zip(range(row - len(seats), row), seats, strict=True):
            mine = result.team_points[rules.team_of(seat)]
            win = 0.5 if result.draw else float(result.winner == rules.team_of(seat))
            want = win + 0.25 * (2 * mine - 120) / 120
            assert abs(float(values[r]) - want) < 1e-6, (g, r)
    assert (labels[:n] != moves[:n]).any()  # some moves were the random ones


def test_the_endgame_positions_are_labelled_exactly() -> None:
    """Every position the endgame kernel writes is the reference encoder's observation of a
    position with the stock empty, and its target is the softmax of the champion's exact values
    of the legal actions (with the stock empty the champion solves the one world exactly)."""
    env = BriscolaVectorEnv(1, "classic")
    T = np.zeros(T_LEN, np.int64)
    fill_tables(env.P, T)
    cap, deals, tau = 100, 6, 0.05
    obs = np.zeros((cap, 798), np.float32)
    masks = np.zeros((cap, 120), np.bool_)
    target = np.zeros((cap, 120), np.float32)
    values = np.zeros(cap, np.float32)
    decks, trace = np.zeros((deals, 41), np.int8), np.zeros((deals, 40), np.int64)
    args = ((env.P, T, env.V, env.static, env.c2i), 11, deals, 0.3, 0.25, tau)
    n = endgame_positions(*args, obs, masks, target, values, solver_stack(), decks, trace)
    assert n == deals * 4  # three cards each with the stock empty: two choices a seat
    champion, row = SearchBot.champion(seed=0), 0
    for g in range(deals):
        deck = [Card.from_index(int(c)) for c in decks[g, :40]]
        state = new_game(preset("classic"), deck=deck, dealer=int(decks[g, 40]))
        for code in trace[g]:
            legal = state.legal_actions()
            if len(legal) > 1 and not state.stock:
                seen = observe(state, state.turn or 0)
                assert np.array_equal(encode(seen), obs[row])
                assert np.array_equal(action_mask(seen.legal), masks[row])
                exact = np.array(champion.evaluate(seen, 0))
                want = np.exp((exact - exact.max()) / tau)
                idx = action_mask(seen.legal).nonzero()[0]
                order = [int(np.flatnonzero(idx == i)[0]) for i in map(_index, seen.legal)]
                got = target[row, idx][order]
                np.testing.assert_allclose(got, want / want.sum(), atol=1e-5)
                assert abs(float(values[row]) - exact.max()) < 1e-5
                row += 1
            state = state.apply(index_to_action(int(env.c2i[code])))
        assert state.is_over
    assert row == n


def _index(action: Any) -> int:
    from briscola.env.encoding import action_to_index

    return action_to_index(action)


def test_an_earlier_run_s_targets_are_brought_to_the_run_s_temperature(tmp_path: Path) -> None:
    """softmax(v / 0.04) raised to 0.04 / 0.015 and normalised is softmax(v / 0.015)."""
    v = np.array([[0.9, 0.8, 0.5, -np.inf]])
    soft = np.where(np.isfinite(v), np.exp((v - 0.9) / 0.04), 0.0)
    (tmp_path / "data").mkdir()
    (tmp_path / "log.json").write_text(json.dumps({"config": {"tau": 0.04}, "rounds": []}))
    masks = np.zeros((1, 120), np.bool_)
    masks[0, :4] = True
    target = np.zeros((1, 120), np.float32)
    target[0, :4] = soft / soft.sum()
    obs, value = np.zeros((1, 798), np.float32), np.array([0.9], np.float32)
    np.savez(tmp_path / "data" / "round-1.npz", obs=obs, masks=masks, target=target, value=value)
    got = earlier_replay(tmp_path, 0.015)["target"][0, :4]
    sharp = np.where(np.isfinite(v), np.exp((v - 0.9) / 0.015), 0.0)[0]
    np.testing.assert_allclose(got, sharp / sharp.sum(), atol=1e-6)
    with pytest.raises(TrainError, match="no labelled rounds"):
        earlier_replay(tmp_path / "data", 0.015)


def test_the_endgame_batch_replaces_the_warm_start_s_stock_empty_positions() -> None:
    end = endgame_batch(preset("classic"), seed=2, deals=5, eps=0.1, tau=0.015)
    assert len(end["value"]) == 20
    assert np.allclose(end["target"].sum(axis=1), 1.0)
    assert not (end["target"] * ~end["masks"]).any()


def test_numpy_inference_equals_torch_s() -> None:
    """The level's NumPy network gives torch's outputs (1e-5) on encoded observations, for a new
    network and for each shipped one (on positions of its own preset)."""
    data = medium_batch(preset("classic"), seed=5, deals=10, eps=0.2)
    pairs = medium_batch(preset("pairs"), seed=5, deals=10, eps=0.2)
    x = np.concatenate([data["obs"], pairs["obs"]])
    assert len(x) >= 600
    for net in (build(64, 1), from_numpy(default_net()), from_numpy(default_net("pairs"))):
        npnet = to_numpy(net, {"preset": "classic"})
        with torch.no_grad():
            ts, tv = net(torch.from_numpy(x))
        ns, nv = npnet.forward(x)
        np.testing.assert_allclose(ns, ts.numpy(), atol=1e-5, rtol=1e-5)
        np.testing.assert_allclose(nv, tv.numpy(), atol=1e-5, rtol=1e-5)


def test_a_symmetric_network_is_torch_s_averaged_over_the_plain_suits_renamings() -> None:
    """With ``meta["symmetry"] == "suits"`` the NumPy network reads each position with the
    trump first, under the six renamings of the other suits: the mean of what torch's module
    answers on those six vectors (positions with the first suit as trump: no renaming back)."""
    data = medium_batch(preset("classic"), seed=6, deals=10, eps=0.2)
    x = data["obs"][data["obs"][:, field("trump").slice][:, 0] == 1]
    assert len(x) >= 50
    net = build(64, 2)
    npnet = to_numpy(net, {"preset": "classic", "symmetry": "suits"})
    with torch.no_grad():
        views = [net(torch.from_numpy(x[:, obs_gather(p)])) for p in OTHER_PERMUTATIONS]
    scores = np.mean(
        [
            s.numpy()[:, action_gather(p)]
            for (s, _), p in zip(views, OTHER_PERMUTATIONS, strict=True)
        ],
        axis=0,
    )
    values = np.mean([v.numpy() for _, v in views], axis=0)
    ns, nv = npnet.forward(x)
    np.testing.assert_allclose(ns, scores, atol=1e-5, rtol=1e-5)
    np.testing.assert_allclose(nv, values, atol=1e-5, rtol=1e-5)


def _weights(folder: Path) -> dict[str, np.ndarray[Any, Any]]:
    return PolicyValueNet.load(folder / "weights.npz").arrays


def test_a_tiny_run_is_reproducible_from_its_seed_and_resumes(tmp_path: Path) -> None:
    log = train(TINY, tmp_path / "a")
    assert [e["round"] for e in log] == [0, 1]
    for name in ("weights.npz", "checkpoint.pt", "log.json", "learning-curve.png"):
        assert (tmp_path / "a" / name).exists(), name
    assert 0.0 <= log[1]["eval"]["simple"]["mean"] <= 1.0
    assert json.loads((tmp_path / "a" / "log.json").read_text())["config"]["seed"] == 3
    train(TINY, tmp_path / "b")
    a, b = _weights(tmp_path / "a"), _weights(tmp_path / "b")
    assert all(np.array_equal(a[k], b[k]) for k in LAYERS)
    # one round, then resumed for the second: the same weights as both at once
    half = TrainConfig(**{**TINY.__dict__, "rounds": 0})
    train(half, tmp_path / "c")
    train(TINY, tmp_path / "c", resume=True)
    c = _weights(tmp_path / "c")
    assert all(np.array_equal(a[k], c[k]) for k in LAYERS)
    # every round's network is kept, the last one the folder's weights.npz
    kept = sorted(p.name for p in (tmp_path / "c" / "rounds").iterdir())
    assert kept == ["round-0.npz", "round-1.npz"]
    last = PolicyValueNet.load(tmp_path / "c" / "rounds" / "round-1.npz")
    assert last.meta["round"] == 1 and all(np.array_equal(a[k], last.arrays[k]) for k in LAYERS)
    first = PolicyValueNet.load(tmp_path / "c" / "rounds" / "round-0.npz")
    assert first.meta["round"] == 0 and not np.array_equal(a["w1"], first.arrays["w1"])
    with pytest.raises(TrainError, match="already holds a run"):
        train(TINY, tmp_path / "a")
    with pytest.raises(TrainError, match="other settings"):
        train(TrainConfig(**{**TINY.__dict__, "seed": 4}), tmp_path / "a", resume=True)


def test_a_tiny_pairs_run_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    """Two against two: the same seed gives the same weights; the curve is against the level's
    team; the weights say which preset they are for."""
    pairs = TrainConfig(**{**TINY.__dict__, "preset": "pairs", "eval_levels": ("medium",)})
    log = train(pairs, tmp_path / "a")
    assert 0.0 <= log[1]["eval"]["medium"]["mean"] <= 1.0
    train(pairs, tmp_path / "b")
    a, b = _weights(tmp_path / "a"), _weights(tmp_path / "b")
    assert all(np.array_equal(a[k], b[k]) for k in LAYERS)
    assert PolicyValueNet.load(tmp_path / "a" / "weights.npz").meta["preset"] == "pairs"


def test_a_run_with_exact_endgames_and_an_earlier_replay(tmp_path: Path) -> None:
    """The warm start's stock-empty positions are replaced by the exact ones; an earlier run's
    labelled rounds join the replay; a log written before these settings existed resumes."""
    train(TINY, tmp_path / "a")
    cfg = TrainConfig(
        **{**TINY.__dict__, "endgame_deals": 5, "replay_from": (str(tmp_path / "a"),)}
    )
    log = train(cfg, tmp_path / "b")
    bc = medium_batch(preset("classic"), TINY.seed, TINY.bc_deals, TINY.bc_eps)
    empty = int((bc["obs"][:, field("stock").slice] == 0).sum())
    assert log[0]["positions"] == len(bc["value"]) - empty + 20
    assert log[1]["positions"] == len(np.load(tmp_path / "b" / "data" / "round-1.npz")["value"])
    with pytest.raises(TrainError, match="no labelled rounds"):
        train(TrainConfig(**{**cfg.__dict__, "replay_from": (str(tmp_path),)}), tmp_path / "c")
    logged = json.loads((tmp_path / "a" / "log.json").read_text())
    for key in ("endgame_deals", "replay_from"):
        del logged["config"][key]
    (tmp_path / "a" / "log.json").write_text(json.dumps(logged))
    more = train(TrainConfig(**{**TINY.__dict__, "rounds": 2}), tmp_path / "a", resume=True)
    assert [e["round"] for e in more] == [0, 1, 2]
    # a log from before the suits' symmetry resumes as a run without it
    logged = json.loads((tmp_path / "a" / "log.json").read_text())
    del logged["config"]["symmetry"]
    (tmp_path / "a" / "log.json").write_text(json.dumps(logged))
    with pytest.raises(TrainError, match="other settings"):
        train(TrainConfig(**{**TINY.__dict__, "rounds": 3}), tmp_path / "a", resume=True)


def test_the_command_passes_its_options_and_says_what_is_wrong(tmp_path: Path) -> None:
    tiny = ["--bc-deals", "3", "--rounds", "0", "--eval-deals", "0", "--no-progress"]
    args = ["train", "--out", str(tmp_path / "a"), "--hidden", "8", "--endgame-deals", "2", *tiny]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    config = json.loads((tmp_path / "a" / "log.json").read_text())["config"]
    assert (config["hidden"], config["endgame_deals"], config["replay_from"]) == (8, 2, [])
    made = PolicyValueNet.load(tmp_path / "a" / "weights.npz")
    assert made.arrays["w1"].shape == (798, 8) and made.symmetric and config["symmetry"]
    args = ["train", "--out", str(tmp_path / "p"), "--hidden", "8", "--no-symmetry", *tiny]
    assert CliRunner().invoke(app, args).exit_code == 0
    assert not PolicyValueNet.load(tmp_path / "p" / "weights.npz").symmetric
    missing = str(tmp_path / "none")
    args = ["train", "--out", str(tmp_path / "b"), "--replay-from", missing, *tiny]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "Allenamento impossibile" in result.output
    assert "non contiene giri etichettati" in result.output
    result = CliRunner().invoke(app, args, env={"BRISCOLA_LANG": "en"})
    assert result.exit_code == 2 and "no labelled rounds" in result.output
    result = CliRunner().invoke(app, ["train", "--out", str(tmp_path / "a"), *tiny])
    assert result.exit_code == 2 and "contiene già un allenamento" in result.output


def test_only_games_of_two_sides_are_trained() -> None:
    """Two players and two teams train; three alone and the called partner do not, and the exact
    endgame labels (an open endgame) need two players."""
    assert TrainConfig(preset="pairs").ruleset() == preset("pairs")
    for name in ("three", "quattro", "chiamata"):
        with pytest.raises(TrainError, match="two sides"):
            TrainConfig(preset=name).ruleset()
    with pytest.raises(TrainError, match="need two players"):
        TrainConfig(preset="pairs", endgame_deals=10).ruleset()


def test_the_command_says_how_to_install_torch_when_it_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = builtins.__import__

    def no_torch(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "torch" or name.startswith("torch."):
            raise ImportError("No module named 'torch'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    with pytest.raises(TorchMissingError, match=r"pip install 'briscola\[train\]'"):
        require_torch()
    result = CliRunner().invoke(app, ["train", "--out", str(tmp_path / "x"), "--no-progress"])
    assert result.exit_code == 2
    assert "pip install 'briscola[train]'" in result.output
    assert "PyTorch" in result.output
