"""The belief network's data and fit (two players): positions from played games, its loss, PyTorch.

A belief's label is free: in a finished deal every position of a seat has its answer, which of
the cards the seat could not place were in the opponent's hand. :func:`play_positions` plays
deals between two computer players in the reference engine and keeps, at each move of either
seat with cards in the stock, the seat's compact input (:func:`briscola.bots.belief.features`),
the cards it cannot place and the opponent's hidden cards (all in canonical suits); with
``rules=True`` also the marginals of today's likelihood (the search's
:func:`~briscola.fast.search.inference.hand_weights` posterior) and the true hand's probability
under it, for the measures.

The loss (:func:`cb_nll`) is the negative log-likelihood of the true hand under the conditional
Bernoulli distribution P(S) ∝ ∏_{c ∈ S} exp(z_c), |S| = k: ``-Σ_{c ∈ S} z_c + log e_k(exp z)``,
the elementary symmetric polynomial computed in log space. :func:`fit` trains the perceptron of
:class:`briscola.bots.belief.BeliefNet` on one CPU thread and gives its NumPy weights.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from briscola.bots.belief import (
    BeliefNet,
    assemble,
    features,
    to_canonical,
    unseen_cards,
)
from briscola.core.actions import Action
from briscola.core.game import new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from briscola.env.symmetry import OTHER_PERMUTATIONS
from briscola.train.net import require_torch

if TYPE_CHECKING:
    import torch

__all__ = ["KINDS", "Data", "cb_nll", "fit", "make_player", "play_positions", "torch_module"]

KINDS = ("medium", "neural", "hard", "champion", "champion-v1", "search")
"""The kinds of player a position's opponent may be (the index is stored with each position)."""

QUANT = 240
"""The 798-float vector is stored as bytes times this (exact in two players: stock/40, points/120,
hand counts/3 are multiples of 1/240)."""


class _Noisy:
    """A player that plays ``inner``'s move, or with probability ``eps`` a random legal one."""

    def __init__(self, inner: Any, eps: float, seed: int) -> None:
        self.inner, self.eps, self._rng = inner, eps, random.Random(seed)

    def act(self, obs: Observation) -> Action:
        move: Action = self.inner.act(obs)
        if self._rng.random() < self.eps:
            return self._rng.choice(obs.legal)
        return move


def make_player(name: str, seed: int) -> Any:
    """A player by name: a registered bot, ``medium~`` (medium, one move in ten at random),
    ``neural@T`` (the network drawing its moves at temperature T), ``search`` (the champion's
    search at an eighth of its budget: 2,000 rollouts, 50 solved worlds)."""
    from briscola.bots.base import make_bot
    from briscola.bots.medium import MediumBot
    from briscola.bots.neural import NeuralBot

    if name == "medium~":
        return _Noisy(MediumBot(seed), 0.1, seed + 1)
    if name == "search":
        from dataclasses import replace

        from briscola.bots.search import SearchBot
        from briscola.bots.search_config import CHAMPION

        return SearchBot(seed, replace(CHAMPION, rollouts=2000, solved_worlds=50), "search")
    if name.startswith("neural@"):
        return NeuralBot(seed, temperature=float(name.partition("@")[2]))
    return make_bot(name, seed)


def _kind(name: str) -> int:
    return KINDS.index(name.rstrip("~").partition("@")[0])


@dataclass
class Data:
    """Positions, as lists until :meth:`arrays` stacks them."""

    rows: dict[str, list[Any]] = field(default_factory=dict)

    def add(self, **values: Any) -> None:
        for k, v in values.items():
            self.rows.setdefault(k, []).append(v)

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        return {k: np.asarray(v) for k, v in self.rows.items()}


def rules_posterior(obs: Observation, truth: int) -> tuple[npt.NDArray[np.float64], float]:
    """Today's likelihood: the marginal of each unseen card (by :func:`unseen_cards`' order)
    under the champion's posterior of the opponent's hand, and the log-probability of the true
    hidden hand (``truth``, a card mask); uniform where the search infers nothing."""
    from briscola.bots.search_config import CHAMPION
    from briscola.bots.search_worlds import (
        _events,
        _hand_likelihoods,
        _opponent_slots,
        _possible_hands,
    )
    from briscola.fast.search import pimc as FS

    enc = FS.encode_observation(obs)
    pool = np.asarray(enc.pool, np.int64)
    hand_pos, _, fixed = _opponent_slots(enc, 1 - obs.seat)
    k = len(hand_pos)
    combos, masks = _possible_hands(pool, k, fixed)
    events = _events(FS, enc, obs)
    if events is None:
        weights = np.ones(len(masks))
    else:
        weights = _hand_likelihoods(FS, enc, obs, CHAMPION, events, 0, masks, CHAMPION.reps)
    weights = weights / weights.sum()
    marg = np.zeros(len(pool))
    for i in range(k):
        np.add.at(marg, combos[:, i], weights)
    true = weights[masks == (truth | fixed)]
    return marg, float(math.log(max(float(true.sum()), 1e-300)))


def play_positions(
    data: Data, names: tuple[str, str], deal_seed: int, bot_seed: int, rules_too: bool = False
) -> None:
    """Play one classic deal between ``names`` (seat 0, seat 1) and add every position of a seat
    to act with cards in the stock to ``data``."""
    rules = preset("classic")
    state = new_game(rules, seed=deal_seed)
    players = [make_player(n, bot_seed + s) for s, n in enumerate(names)]
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        obs = observe(state, seat)
        if obs.stock_count > 0 and len(obs.legal) > 0:
            _record(data, obs, state.hands[1 - seat], _kind(names[1 - seat]), rules_too)
        state = state.apply(players[seat].act(obs))


def _record(data: Data, obs: Observation, opp_hand: Any, kind: int, rules_too: bool) -> None:
    base, hist, perm = features(obs)
    quant = np.rint(base * QUANT)
    if not np.allclose(quant / QUANT, base, atol=1e-6):
        raise ValueError("the observation vector is not a multiple of 1/240")
    canon = to_canonical(perm)
    pool = unseen_cards(obs)
    hidden = [c.index for c in opp_hand if c.index in set(pool.tolist())]
    pool_mask = np.zeros(40, np.bool_)
    pool_mask[canon[pool]] = True
    target = np.zeros(40, np.bool_)
    target[canon[hidden]] = True
    row = dict(
        base=quant.astype(np.uint8), hist=hist.astype(np.int8), pool=pool_mask, target=target,
        k=len(hidden), stock=obs.stock_count, kind=kind,
    )  # fmt: skip
    if rules_too:
        marg, logp = rules_posterior(obs, sum(1 << c for c in hidden))
        canon_marg = np.zeros(40, np.float32)
        canon_marg[canon[pool]] = marg
        row.update(rules_marg=canon_marg, rules_logp=logp)
    data.add(**row)


def inputs(arrays: dict[str, npt.NDArray[Any]], rows: Any = slice(None)) -> npt.NDArray[Any]:
    """The full input vectors of stored positions."""
    base = arrays["base"][rows].astype(np.float32) / QUANT
    return assemble(base, arrays["hist"][rows])


def renamed(batch: dict[str, npt.NDArray[Any]], perm: tuple[int, ...]) -> dict[str, Any]:
    """Stored positions with the three plain suits renamed by ``perm`` (one of
    :data:`~briscola.env.symmetry.OTHER_PERMUTATIONS`): the same positions, other names."""
    from briscola.env.symmetry import obs_gather

    g = to_canonical(perm)
    out = dict(batch)
    out["base"] = batch["base"][:, obs_gather(perm)]
    hist = batch["hist"].astype(np.int64)
    cards = hist[:, :, 1:3]
    hist[:, :, 1:3] = np.where(cards >= 0, g[np.maximum(cards, 0)], -1)
    out["hist"] = hist
    for key in ("pool", "target"):
        moved = np.empty_like(batch[key])
        moved[:, g] = batch[key]
        out[key] = moved
    return out


# -- the loss and the fit ------------------------------------------------------------------------

NEG = -1.0e4
"""A logit that counts as minus infinity (a card the seat can place): finite, so no NaN."""


def cb_nll(logits: torch.Tensor, pool: torch.Tensor, target: torch.Tensor, k: torch.Tensor) -> Any:
    """The conditional Bernoulli negative log-likelihood of the true hands ``target``
    ``(B, 40)`` of ``k`` cards among ``pool`` ``(B, 40)``, per position ``(B,)``."""
    torch = require_torch()
    z = torch.where(pool, logits, torch.full_like(logits, NEG))
    kmax = int(k.max())
    n = len(z)
    log_e = [torch.zeros(n)] + [torch.full((n,), NEG) for _ in range(kmax)]
    for i in range(z.shape[1]):
        zi = z[:, i]
        for j in range(kmax, 0, -1):
            log_e[j] = torch.logaddexp(log_e[j], log_e[j - 1] + zi)
    norm = torch.stack(log_e, dim=1).gather(1, k.long()[:, None])[:, 0]
    return norm - (z * target).sum(dim=1)


def torch_module(n_in: int, hidden: int, seed: int) -> Any:
    """The belief's perceptron in PyTorch: ``n_in`` → hidden → hidden → 40, ReLU."""
    torch = require_torch()
    torch.manual_seed(seed)
    nn = torch.nn
    return nn.Sequential(
        nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
        nn.Linear(hidden, 40),
    )  # fmt: skip


def to_belief(module: Any, cols: npt.NDArray[np.int64], meta: dict[str, Any]) -> BeliefNet:
    """A PyTorch module's weights as the NumPy :class:`BeliefNet`."""
    layers = [module[0], module[2], module[4]]
    arrays = {}
    for i, layer in enumerate(layers, start=1):
        arrays[f"w{i}"] = np.ascontiguousarray(layer.weight.detach().numpy().T, np.float32)
        arrays[f"b{i}"] = np.ascontiguousarray(layer.bias.detach().numpy(), np.float32)
    return BeliefNet(arrays, cols, dict(meta))


def from_belief(net: BeliefNet) -> Any:
    """A PyTorch module holding a :class:`BeliefNet`'s weights (for the parity test)."""
    torch = require_torch()
    a = net.arrays
    module = torch_module(a["w1"].shape[0], a["w1"].shape[1], 0)
    with torch.no_grad():
        for i, layer in enumerate([module[0], module[2], module[4]], start=1):
            layer.weight.copy_(torch.from_numpy(a[f"w{i}"].T.copy()))
            layer.bias.copy_(torch.from_numpy(a[f"b{i}"].copy()))
    return module


def fit(
    arrays: dict[str, npt.NDArray[Any]],
    hidden: int = 256,
    epochs: int = 4,
    batch: int = 512,
    lr: float = 1e-3,
    seed: int = 0,
    log: Any = print,
) -> BeliefNet:
    """Train the belief on stored positions (one CPU thread, Adam, the learning rate halved each
    epoch after the first); its NumPy weights, reading only the input columns that vary."""
    torch = require_torch()
    torch.set_num_threads(1)
    n = len(arrays["k"])
    rng = np.random.default_rng(seed)
    probe = inputs(arrays, np.sort(rng.choice(n, min(n, 30000), replace=False)))
    cols = np.flatnonzero((probe != probe[0]).any(axis=0)).astype(np.int64)
    module = torch_module(len(cols), hidden, seed)
    opt = torch.optim.Adam(module.parameters(), lr=lr)
    for epoch in range(epochs):
        for g in opt.param_groups:
            g["lr"] = lr * 0.5 ** max(0, epoch - 1)
        order = rng.permutation(n)
        total, seen = 0.0, 0
        for start in range(0, n, batch):
            rows = np.sort(order[start : start + batch])
            part = {k: arrays[k][rows] for k in ("base", "hist", "pool", "target", "k")}
            part = renamed(part, OTHER_PERMUTATIONS[rng.integers(6)])  # augmentation
            x = torch.from_numpy(inputs(part)[:, cols])
            loss = cb_nll(
                module(x), torch.from_numpy(part["pool"]), torch.from_numpy(part["target"]),
                torch.from_numpy(part["k"]),
            ).mean()  # fmt: skip
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(rows)
            seen += len(rows)
        log(f"epoch {epoch}: loss {total / seen:.4f} nats over {seen} positions")
    meta = {"preset": "classic", "hidden": hidden, "epochs": epochs, "seed": seed, "positions": n}
    return to_belief(module, cols, meta)
