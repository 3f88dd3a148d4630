"""The training run: a warm start by behaviour cloning, then rounds of expert iteration.

Round 0 clones the compiled medium policy on positions of the fast core
(:func:`briscola.train.kernels.medium_positions`), or, with ``init_from``, takes an earlier run's
network as it is; each later round plays ``games`` games of the
network against itself, labelled by the champion's search (:mod:`briscola.train.selfplay`), and
trains on the last ``window`` rounds' positions. After every round the run writes into its folder
a checkpoint (``checkpoint.pt``: the network, the optimizer, the round), the round's positions
(``data/round-N.npz``), the network as NumPy weights (``weights.npz``, what the level runs), the
scores against the evaluation levels on fixed duplicate deals into ``log.json``, and the learning
curve (``learning-curve.png``). ``resume`` carries on from the last checkpoint; the same settings
and seed give the same weights, whether run at once or resumed.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from briscola.bots import UnknownBotError, bot_info
from briscola.bots.neural import PolicyValueNet
from briscola.core.option_types import Partnership
from briscola.core.rules import Ruleset, preset
from briscola.env.encoding import N_ACTIONS, OBS_SIZE
from briscola.env.symmetry import OTHER_PERMUTATIONS, action_scatter, canonical_batch, obs_gather
from briscola.train.evaluate import duplicate_score, plot_curve
from briscola.train.net import build, from_numpy, losses, require_torch, to_numpy
from briscola.train.selfplay import Batch, LabelSettings, label_games

__all__ = ["TrainConfig", "TrainError", "medium_batch", "train"]

Progress = Callable[[str, int, int], None]
"""``progress(what, done, total)``: what is being done (``"bc"``, ``"selfplay"``, ``"fit"``,
``"eval"``), and how far."""


class TrainError(ValueError):
    """Settings the training cannot run with. ``key`` names its wording in the catalogs
    (``terminal.train.why.<key>``, with ``params``); the exception's own text is English."""

    def __init__(self, key: str, english: str, **params: object) -> None:
        super().__init__(english.format(**params))
        self.key = key
        self.params = params


@dataclass(frozen=True)
class TrainConfig:
    """A training run's settings (all of them are written into ``log.json``)."""

    preset: str = "classic"
    seed: int = 0
    rounds: int = 10
    games: int = 200
    budget: int = 600
    tau: float = 0.015
    explore: float = 0.1
    hidden: int = 256
    bc_deals: int = 15000
    bc_eps: float = 0.1
    bc_smooth: float = 0.1
    mix: float = 0.3
    bc_epochs: int = 2
    epochs: int = 2
    window: int = 20
    batch: int = 256
    lr: float = 1e-3
    lr_selfplay: float = 3e-4
    value_weight: float = 0.5
    eval_deals: int = 200
    eval_levels: tuple[str, ...] = ("medium", "simple")
    eval_seed: int = 2026
    workers: int = 1
    endgame_deals: int = 0
    replay_from: tuple[str, ...] = ()
    init_from: str = ""
    infer: bool = False
    symmetry: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def ruleset(self) -> Ruleset:
        """The ruleset trained for (two sides: two players, or two teams; the curve's levels
        must exist; the exact endgame labels only in two players)."""
        for level in self.eval_levels:
            try:
                bot_info(level)
            except UnknownBotError:
                raise TrainError("level", "{level}: no such level", level=level) from None
        rules = preset(self.preset)
        two_sides = rules.team_count == 2 and rules.partnership is not Partnership.CALLED
        if not two_sides:
            raise TrainError(
                "players",
                "{preset}: only games of two sides (two players, or two teams) can be trained",
                preset=self.preset,
            )
        if rules.players != 2 and self.endgame_deals > 0:
            raise TrainError(
                "endgame",
                "--endgame-deals: the exact endgame labels need two players "
                "(with teams the partner's cards stay hidden)",
            )
        return rules


def endgame_batch(rules: Ruleset, seed: int, deals: int, eps: float, tau: float) -> Batch:
    """Every position with the stock empty and a choice in ``deals`` deals of the fast core
    (played as :func:`medium_batch`'s are), labelled exactly: each legal action's solved value,
    the policy target ``softmax(values / tau)``, the value target the best action's."""
    from briscola.fast.search.solver import solver_stack
    from briscola.train.kernels import endgame_positions, game_arrays

    cap = deals * 2 * rules.hand_size
    obs = np.zeros((cap, OBS_SIZE), np.float32)
    masks = np.zeros((cap, N_ACTIONS), np.bool_)
    target = np.zeros((cap, N_ACTIONS), np.float32)
    values = np.zeros(cap, np.float32)
    args = (game_arrays(rules), seed, deals, eps, 0.25, tau)
    none = (np.zeros((0, 41), np.int8), np.zeros((0, 40), np.int64))
    n = endgame_positions(*args, obs, masks, target, values, solver_stack(), *none)
    return {"obs": obs[:n], "masks": masks[:n], "target": target[:n], "value": values[:n]}


def _anchor_batch(rules: Ruleset, cfg: TrainConfig) -> Batch:
    """The warm start's positions; with ``endgame_deals``, those with the stock empty are
    replaced by the exactly labelled endgame positions of :func:`endgame_batch`."""
    bc = medium_batch(rules, cfg.seed, cfg.bc_deals, cfg.bc_eps, cfg.bc_smooth)
    if cfg.endgame_deals <= 0:
        return bc
    from briscola.env.encoding import field

    keep = bc["obs"][:, field("stock").slice][:, 0] > 0
    end = endgame_batch(rules, cfg.seed + 1, cfg.endgame_deals, cfg.bc_eps, cfg.tau)
    return {k: np.concatenate([bc[k][keep], end[k]]) for k in bc}


def medium_batch(rules: Ruleset, seed: int, deals: int, eps: float, smooth: float = 0.0) -> Batch:
    """Positions of ``deals`` deals of the fast core labelled by the medium rules (targets: the
    medium move, ``smooth`` of the weight spread evenly over the legal actions; values: the
    deal's outcome for the seat to act)."""
    from briscola.train.kernels import game_arrays, medium_positions

    cap = deals * len(rules.deck())
    obs = np.zeros((cap, OBS_SIZE), np.float32)
    masks = np.zeros((cap, N_ACTIONS), np.bool_)
    labels = np.zeros(cap, np.int64)
    values = np.zeros(cap, np.float32)
    moves = np.zeros(cap, np.int64)
    args = (game_arrays(rules), seed, deals, eps, 0.25)
    n = medium_positions(*args, obs, masks, labels, values, moves, np.zeros((0, 41), np.int8))
    legal = masks[:n].astype(np.float32)
    target = smooth * legal / legal.sum(axis=1, keepdims=True)
    target[np.arange(n), labels[:n]] += 1.0 - smooth
    return {"obs": obs[:n], "masks": masks[:n], "target": target, "value": values[:n]}


def _fit(
    torch: Any,
    net: Any,
    opt: Any,
    data: Batch,
    cfg: TrainConfig,
    epochs: int,
    seed: int,
    progress: Progress | None,
) -> dict[str, float]:
    """Train ``epochs`` passes over ``data`` in batches, shuffled from ``seed``."""
    if cfg.symmetry:
        data = canonical_batch(data)
    n = len(data["value"])
    tensors = {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in data.items()}
    gen = torch.Generator().manual_seed(seed)
    views = _views(torch) if cfg.symmetry else None
    steps = epochs * ((n + cfg.batch - 1) // cfg.batch)
    done = 0
    sums = {"policy": 0.0, "value": 0.0}
    net.train()
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen)
        for i in range(0, n, cfg.batch):
            idx = order[i : i + cfg.batch]
            obs, masks, target, value = (
                tensors[k][idx] for k in ("obs", "masks", "target", "value")
            )
            if views is not None:  # each position under one of the six renamings of plain suits
                pick = torch.randint(0, len(OTHER_PERMUTATIONS), (len(idx),), generator=gen)
                obs = torch.gather(obs, 1, views[0][pick])
                masks, target = (torch.gather(a, 1, views[1][pick]) for a in (masks, target))
            lp, lv = losses(net, obs, masks, target, value)
            opt.zero_grad()
            loss: Any = lp + cfg.value_weight * lv
            loss.backward()
            opt.step()
            sums["policy"] += lp.item()
            sums["value"] += lv.item()
            done += 1
            if progress is not None and done % 50 == 0:
                progress("fit", done, steps)
    return {k: v / max(done, 1) for k, v in sums.items()}


def _views(torch: Any) -> tuple[Any, Any]:
    """The six renamings of the plain suits as index tensors: over the vector, over the
    actions (:mod:`briscola.env.symmetry`)."""
    obs = np.stack([obs_gather(p) for p in OTHER_PERMUTATIONS])
    actions = np.stack([action_scatter(p) for p in OTHER_PERMUTATIONS])
    return torch.from_numpy(obs), torch.from_numpy(actions)


def _evaluate(npnet: PolicyValueNet, rules: Ruleset, cfg: TrainConfig) -> dict[str, Any]:
    out = {}
    for level in cfg.eval_levels:
        est = duplicate_score(npnet, level, rules, cfg.eval_deals, cfg.eval_seed)
        out[level] = {"mean": est.mean, "low": est.low, "high": est.high, "n": est.n}
    return out


def _save_round(
    out: Path,
    torch: Any,
    net: Any,
    opt: Any,
    npnet: PolicyValueNet,
    log: list[dict[str, Any]],
    cfg: TrainConfig,
) -> None:
    npnet.save(out / "weights.npz")
    npnet.save(out / "rounds" / f"round-{log[-1]['round']}.npz")  # to measure any round later
    (out / "log.json").write_text(
        json.dumps({"config": asdict(cfg), "rounds": log}, indent=2, default=list)
    )
    state = {"net": net.state_dict(), "opt": opt.state_dict(), "round": log[-1]["round"]}
    torch.save(state, out / "checkpoint.tmp")
    (out / "checkpoint.tmp").replace(out / "checkpoint.pt")
    if cfg.eval_levels and cfg.eval_deals > 0:
        with contextlib.suppress(ImportError):  # no matplotlib: the log has the figures
            plot_curve(log, cfg.eval_levels, out / "learning-curve.png", cfg.preset)


def _resume(out: Path, torch: Any, net: Any, opt: Any, cfg: TrainConfig) -> tuple[int, list[Any]]:
    """The next round and the log so far, the network and optimizer restored from the last
    checkpoint (round 0 and an empty log when there is none)."""
    ckpt = out / "checkpoint.pt"
    if not ckpt.exists():
        return 0, []
    logged = json.loads((out / "log.json").read_text())
    if _settings(logged["config"]) != _settings(asdict(cfg)):
        raise TrainError(
            "settings", "{out} holds a run with other settings: resume with the same ones", out=out
        )
    state = torch.load(ckpt, weights_only=True)
    net.load_state_dict(state["net"])
    opt.load_state_dict(state["opt"])
    return int(state["round"]) + 1, list(logged["rounds"])


def _settings(config: dict[str, Any]) -> dict[str, Any]:
    """What must match to resume a run: every setting but the rounds and the workers (a setting
    a run's log predates counts as its default, but the suits' symmetry as off; a log's one
    ``replay_from`` folder, written before there could be several, counts as a list of it)."""
    old = {"symmetry": False}  # a run from before the suits' symmetry read none
    plain: dict[str, Any] = json.loads(
        json.dumps({**asdict(TrainConfig()), **old, **config}, default=list)
    )
    if isinstance(plain["replay_from"], str):
        plain["replay_from"] = [plain["replay_from"]] if plain["replay_from"] else []
    return {k: v for k, v in plain.items() if k not in ("rounds", "workers")}


def _with_anchor(replay: Batch, bc: Batch, cfg: TrainConfig, rnd: int) -> Batch:
    """The replay with ``mix`` times as many warm-start positions (drawn from the round's seed),
    so that what the search has not labelled yet keeps the medium rules' moves."""
    k = min(int(cfg.mix * len(replay["value"])), len(bc["value"]))
    pick = np.random.default_rng([cfg.seed, rnd]).choice(len(bc["value"]), k, replace=False)
    return {key: np.concatenate([replay[key], bc[key][pick]]) for key in replay}


def _load(path: Path) -> Batch:
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def _window(out: Path, upto: int, window: int) -> Batch:
    parts = [
        _load(out / "data" / f"round-{r}.npz") for r in range(max(1, upto - window + 1), upto + 1)
    ]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def labelled_rounds(folder: Path) -> list[tuple[int, Path]]:
    """A run folder's labelled rounds, ``(N, data/round-N.npz)`` in the order of ``N``."""
    found = ((int(p.stem.removeprefix("round-")), p) for p in (folder / "data").glob("round-*.npz"))
    return sorted(found)


def earlier_replay(folder: Path, tau: float) -> Batch:
    """Every round's search-labelled positions of an earlier run's folder, their policy targets
    brought to the temperature ``tau`` (a target ``softmax(v / t)`` raised to the power
    ``t / tau`` and normalised is ``softmax(v / tau)``)."""
    files = [path for _, path in labelled_rounds(folder)]
    if not files or not (folder / "log.json").exists():
        raise TrainError(
            "replay", "{out} holds no labelled rounds (log.json, data/round-N.npz)", out=folder
        )
    logged = json.loads((folder / "log.json").read_text())
    power = float(logged["config"]["tau"]) / tau
    parts = [_load(f) for f in files]
    out = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    target = out["target"].astype(np.float64) ** power
    out["target"] = (target / target.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


def _earlier(cfg: TrainConfig) -> Batch | None:
    """The labelled rounds of every ``replay_from`` folder, in their order (``None``: none)."""
    parts = [earlier_replay(Path(folder), cfg.tau) for folder in cfg.replay_from]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]} if parts else None


def _init_from(net: Any, cfg: TrainConfig) -> None:
    """Load into ``net`` the network of an earlier run's folder (its ``weights.npz``), which must
    have ``cfg.hidden`` units a layer."""
    path = Path(cfg.init_from) / "weights.npz"
    if not path.exists():
        raise TrainError("init", "{out} holds no network (weights.npz)", out=cfg.init_from)
    earlier = PolicyValueNet.load(path)
    width = int(earlier.arrays["w1"].shape[1])
    if width != cfg.hidden:
        raise TrainError(
            "init_hidden",
            "{out} holds a network of {width} units a layer, not {hidden}",
            out=cfg.init_from,
            width=width,
            hidden=cfg.hidden,
        )
    net.load_state_dict(from_numpy(earlier).state_dict())


def _selfplay(
    npnet: PolicyValueNet,
    rules: Ruleset,
    cfg: TrainConfig,
    rnd: int,
    out: Path,
    progress: Progress | None,
) -> Batch:
    """Round ``rnd``'s labelled self-play games, kept in ``data/round-N.npz``."""
    done = 0

    def tick(k: int) -> None:
        nonlocal done
        done += k
        if progress is not None:
            progress("selfplay", done, cfg.games)

    settings = LabelSettings(cfg.budget, cfg.tau, cfg.explore, cfg.infer)
    data = label_games(npnet, rules, cfg.seed * 1000 + rnd, cfg.games, settings, cfg.workers, tick)
    save: Any = np.savez_compressed  # NumPy's stubs do not take arrays by keyword
    save(out / "data" / f"round-{rnd}.npz", **data)
    return data


def train(
    cfg: TrainConfig,
    out: Path,
    *,
    resume: bool = False,
    progress: Progress | None = None,
    on_round: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Run (or, with ``resume``, carry on) the training into ``out``; the log of every round
    (``on_round(entry)`` is called with each round's as it is written)."""
    torch = require_torch()
    torch.set_num_threads(1)  # one core, and the same sums in the same order every run
    torch.use_deterministic_algorithms(True)
    rules = cfg.ruleset()
    out.mkdir(parents=True, exist_ok=True)
    (out / "data").mkdir(exist_ok=True)
    (out / "rounds").mkdir(exist_ok=True)
    if not resume and (out / "checkpoint.pt").exists():
        raise TrainError(
            "exists", "{out} already holds a run: use --resume, or another folder", out=out
        )
    net = build(cfg.hidden, cfg.seed)
    if cfg.init_from:
        _init_from(net, cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    start, log = _resume(out, torch, net, opt, cfg) if resume else (0, [])
    meta = {"preset": cfg.preset, "players": rules.players, "seed": cfg.seed, "hidden": cfg.hidden}
    if cfg.symmetry:
        meta["symmetry"] = "suits"
    bc = _anchor_batch(rules, cfg)
    earlier = _earlier(cfg)
    for rnd in range(start, cfg.rounds + 1):
        t0 = time.perf_counter()
        if rnd == 0:
            data = bc  # with init_from, the earlier network is round 0's: no cloning
            fit = (
                {}
                if cfg.init_from
                else _fit(torch, net, opt, bc, cfg, cfg.bc_epochs, cfg.seed, progress)
            )
            for g in opt.param_groups:
                g["lr"] = cfg.lr_selfplay
        else:
            data = _selfplay(to_numpy(net, meta), rules, cfg, rnd, out, progress)
            replay = _window(out, rnd, cfg.window)
            if earlier is not None:
                replay = {k: np.concatenate([earlier[k], replay[k]]) for k in replay}
            replay = _with_anchor(replay, bc, cfg, rnd)
            fit = _fit(torch, net, opt, replay, cfg, cfg.epochs, cfg.seed * 1000 + rnd, progress)
        npnet = to_numpy(net, {**meta, "round": rnd})
        t1 = time.perf_counter()
        if progress is not None:
            progress("eval", 0, 1)
        scores = _evaluate(npnet, rules, cfg) if cfg.eval_deals > 0 else {}
        seconds = {"train_seconds": t1 - t0, "eval_seconds": time.perf_counter() - t1}
        log.append(
            {"round": rnd, "positions": len(data["value"]), **fit, "eval": scores, **seconds}
        )
        _save_round(out, torch, net, opt, npnet, log, cfg)
        if on_round is not None:
            on_round(log[-1])
    return log
