"""The neural level: a policy network trained by ``briscola train``, run in NumPy.

The network (:class:`PolicyValueNet`) reads the 798-float observation vector of
:func:`briscola.env.encoding.encode` (only what the seat may see) and answers a score for each of
the 120 actions of the discrete action space (the policy) and an estimate of the deal's value for
the seat (a win 1, a draw ½, plus a quarter of the point margin as a share of the deck's points).
Its weights ship in the package (``briscola/bots/weights/<preset>.npz``) and run here with NumPy
alone; the training library (PyTorch, the ``train`` extra) is needed only to train them
(``docs/training.md``). A test checks these outputs against PyTorch's.

:class:`NeuralBot` plays the legal action with the highest score (``temperature > 0``: drawn from
the softmax of the scores at that temperature, from its seed). A network is trained for one
preset with that preset's options; the package ships one for each of ``TRAINED_PRESETS`` (two
players, and two against two), and the bot plays each of those games with its own network. In
any other ruleset or option it plays as the medium level does (``trained_for`` tells which).

The environment variable ``BRISCOLA_NEURAL_WEIGHTS`` (:data:`WEIGHTS_ENV`) names another weights
file, e.g. a training run's ``weights.npz``: it replaces the shipped network of the preset it
was trained for (its ``meta``), in every neural bot of the process (and of the arena's worker
processes), so that ``BRISCOLA_NEURAL_WEIGHTS=run/weights.npz briscola arena neural hard``
measures a candidate.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=2)
>>> bot = NeuralBot(seed=1)
>>> [bot.trained_for(preset(name)) for name in ("classic", "pairs", "three")]
[True, True, False]
>>> bot.act(observe(state, state.turn)) in state.legal_actions()
True
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.bots.base import TRAINED_PRESETS, turn_actions, weights_file
from briscola.bots.medium import MediumBot
from briscola.core.actions import Action
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset, preset

__all__ = [
    "LAYERS",
    "TRAINED_PRESETS",
    "WEIGHTS_ENV",
    "KernelTables",
    "NeuralBot",
    "PolicyValueNet",
    "default_net",
    "kernel_tables",
    "shipped_net_for",
    "weights_path",
]

F32 = npt.NDArray[np.float32]

LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
"""The arrays of a weights file, in order: two hidden layers (``w`` is ``in x out``), then the
policy head (120 scores) and the value head (one number)."""


@dataclass(frozen=True)
class PolicyValueNet:
    """A two-layer perceptron with a policy head and a value head, in NumPy (float32).

    ``arrays`` holds :data:`LAYERS` by name; ``meta`` what the training wrote about it (the
    preset, the seed, the rounds trained).
    """

    arrays: dict[str, F32]
    meta: dict[str, Any]

    @classmethod
    def load(cls, path: str | Path) -> PolicyValueNet:
        """Read a weights file written by :meth:`save` (or by ``briscola train``)."""
        with np.load(path, allow_pickle=False) as data:
            missing = [k for k in LAYERS if k not in data]
            if missing:
                raise ValueError(f"{path} is not a network's weights file: no {', '.join(missing)}")
            arrays = {k: np.ascontiguousarray(data[k], dtype=np.float32) for k in LAYERS}
            meta = json.loads(str(data["meta"])) if "meta" in data else {}
        return cls(arrays, meta)

    def save(self, path: str | Path) -> None:
        """Write the weights (and ``meta`` as JSON) to an ``.npz`` file."""
        save: Any = np.savez_compressed  # NumPy's stubs do not take arrays by keyword
        save(path, meta=np.array(json.dumps(self.meta, sort_keys=True)), **self.arrays)

    @property
    def symmetric(self) -> bool:
        """True when the network was trained on the suits' canonical form (``meta["symmetry"]``
        is ``"suits"``): it then reads every observation with the trump renamed to the first
        suit, under the six renamings of the other three, and averages
        (:func:`briscola.env.symmetry.symmetric_forward`)."""
        return self.meta.get("symmetry") == "suits"

    def forward(self, x: npt.ArrayLike) -> tuple[F32, F32]:
        """The policy scores ``(B, 120)`` and the values ``(B,)`` of observations ``(B, 798)``
        (or one observation ``(798,)``: then ``(120,)`` and ``()``)."""
        h = np.asarray(x, dtype=np.float32)
        if not self.symmetric:
            return self.mlp(h)
        from briscola.env.symmetry import symmetric_forward

        scores, values = symmetric_forward(self.mlp, h.reshape(-1, h.shape[-1]))
        if h.ndim == 1:
            return scores[0], values[0]
        return scores, values

    def scores_one_view(self, x: npt.ArrayLike) -> F32:
        """The policy scores ``(B, 120)`` of observations ``(B, 798)`` read in one view: in
        canonical form, not averaged over the plain suits' renamings (a sixth of
        :meth:`forward`'s work, for the search's many positions; a symmetric network was trained
        on every renaming, so each one is a fair reading). The rows of a search's batch share
        most of their vector (the public cards), so the first layer is computed once for the
        first row and corrected by the columns that differ (:meth:`shared_scores`)."""
        h = np.asarray(x, dtype=np.float32)
        if not self.symmetric:
            return self.shared_scores(h)
        from briscola.env.symmetry import action_gather, obs_gather, trump_groups

        out = np.empty((len(h), self.arrays["bp"].shape[0]), np.float32)
        for perm, rows in trump_groups(h):
            out[rows] = self.shared_scores(h[rows][:, obs_gather(perm)])[:, action_gather(perm)]
        return out

    def shared_scores(self, x: F32) -> F32:
        """The perceptron's policy scores of ``x`` ``(B, 798)`` (as :meth:`mlp`'s, but for the
        order of the sums), its first layer from the first row and the columns where the others
        differ from it.

        >>> net = default_net()
        >>> from briscola.core.game import new_game
        >>> from briscola.core.observation import observe
        >>> from briscola.env.encoding import encode
        >>> deals = [new_game(preset("classic"), seed=s) for s in range(9)]
        >>> x = np.stack([encode(observe(deal, 0)) for deal in deals])
        >>> bool(np.allclose(net.shared_scores(x), net.mlp(x)[0], atol=1e-4))
        True
        """
        a = self.arrays
        varying = np.flatnonzero((x != x[0]).any(axis=0))
        first = x[0] @ a["w1"] + a["b1"]
        h = first + (x[:, varying] - x[0, varying]) @ a["w1"][varying]
        h = np.maximum(h, np.float32(0))
        h = np.maximum(h @ a["w2"] + a["b2"], np.float32(0))
        scores: F32 = h @ a["wp"] + a["bp"]
        return scores

    def mlp(self, x: npt.ArrayLike) -> tuple[F32, F32]:
        """The perceptron itself, on the vectors as given (what PyTorch's module computes)."""
        a = self.arrays
        h = np.asarray(x, dtype=np.float32)
        h = np.maximum(h @ a["w1"] + a["b1"], np.float32(0))
        h = np.maximum(h @ a["w2"] + a["b2"], np.float32(0))
        return h @ a["wp"] + a["bp"], (h @ a["wv"] + a["bv"])[..., 0]


def weights_path(preset_name: str = "classic") -> Path:
    """The shipped weights file of a preset's network."""
    return weights_file(f"{preset_name}.npz")


WEIGHTS_ENV = "BRISCOLA_NEURAL_WEIGHTS"
"""The environment variable naming a weights file that replaces the shipped network of the preset
it was trained for."""


@cache
def default_net(preset_name: str = "classic") -> PolicyValueNet:
    """The shipped network of a preset (read once), or the file named by :data:`WEIGHTS_ENV`
    when it is set and trained for that preset."""
    chosen = os.environ.get(WEIGHTS_ENV, "")
    if chosen:
        candidate = PolicyValueNet.load(chosen)
        if candidate.meta.get("preset", "classic") == preset_name:
            return candidate
    return PolicyValueNet.load(weights_path(preset_name))


@cache
def _preset_rules(name: str) -> Ruleset:
    return preset(name)


def shipped_net_for(ruleset: Ruleset) -> PolicyValueNet | None:
    """The shipped network trained for ``ruleset`` (one of :data:`TRAINED_PRESETS` with its own
    options: another option changes the game it learned), or None."""
    for name in TRAINED_PRESETS:
        if ruleset == _preset_rules(name):
            return default_net(name)
    return None


@dataclass(frozen=True)
class KernelTables:
    """What the compiled encoder (:func:`briscola.fast.env_kernels.encode_one`) needs to write a
    ruleset's observation vectors as :func:`briscola.env.encoding.encode` does: its settings
    ``V`` (the encoder's fields of the batch environment's settings), the ruleset's constant
    blocks ``static``, and the fast core's action codes to the action indices ``c2i`` and back
    ``i2c`` (-1: none)."""

    V: npt.NDArray[np.int64]
    static: F32
    c2i: npt.NDArray[np.int64]
    i2c: npt.NDArray[np.int64]


@cache
def kernel_tables(ruleset: Ruleset) -> KernelTables:
    """The :class:`KernelTables` of a ruleset (made once).

    >>> tables = kernel_tables(preset("classic"))
    >>> int(tables.c2i[0]), int(tables.c2i[61]), int(tables.i2c[int(tables.c2i[120])])
    (0, 56, 120)
    """
    from briscola.core.game import new_game
    from briscola.core.observation import observe
    from briscola.core.rules import TricksVisible
    from briscola.env.encoding import N_ACTIONS, action_to_index, encode, points_scale
    from briscola.fast import env_kernels as vk
    from briscola.fast.core.layout import MAX_ACTIONS
    from briscola.fast.core.replay import decode_action

    V = np.zeros(vk.V_LEN, np.int64)
    V[vk.V_OPEN] = int(ruleset.open_hands)
    V[vk.V_PSH] = int(ruleset.partners_see_hands)
    V[vk.V_TV] = {TricksVisible.NEVER: 0, TricksVisible.END_PHASE: 1, TricksVisible.ALWAYS: 2}[
        ruleset.tricks_visible
    ]
    V[vk.V_SCALE] = points_scale(ruleset)
    V[vk.V_TOTAL_DECK] = len(ruleset.deck())
    c2i = np.full(MAX_ACTIONS, -1, np.int64)
    i2c = np.full(N_ACTIONS, -1, np.int64)
    for code in range(MAX_ACTIONS):
        try:
            action = decode_action(code)
        except ValueError:
            continue
        c2i[code] = action_to_index(action)
        i2c[c2i[code]] = code
    static = encode(observe(new_game(ruleset, seed=0), 0))
    for array in (V, c2i, i2c, static):
        array.flags.writeable = False
    return KernelTables(V, static, c2i, i2c)


class NeuralBot:
    """The neural computer player (see the module's documentation)."""

    name = "neural"

    def __init__(
        self,
        seed: int | None = None,
        net: PolicyValueNet | None = None,
        temperature: float = 0.0,
    ) -> None:
        self._rng = random.Random(seed)
        self._net = net
        self.temperature = temperature
        self._medium = MediumBot(seed)

    @property
    def net(self) -> PolicyValueNet:
        """The network given to this bot, or else the shipped ``classic`` one."""
        return self._net if self._net is not None else default_net()

    def net_for(self, ruleset: Ruleset) -> PolicyValueNet | None:
        """The network this bot plays ``ruleset`` with: the one given to it, or else the shipped
        one, trained for that preset with the preset's own options (another option, such as
        ``inversion``, changes the game it learned); None when there is none."""
        if self._net is not None:
            trained = str(self._net.meta.get("preset", "classic"))
            return self._net if ruleset == _preset_rules(trained) else None
        return shipped_net_for(ruleset)

    def trained_for(self, ruleset: Ruleset) -> bool:
        """True when this bot has a network for ``ruleset`` (:meth:`net_for`)."""
        return self.net_for(ruleset) is not None

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        from briscola.env.encoding import action_to_index, encode

        legal = turn_actions(obs)
        draw = self._rng.random()  # one draw a decision, whatever the decision
        net = self.net_for(obs.ruleset)
        if net is None:
            return self._medium.act(obs)
        scores, _ = net.forward(encode(obs))
        mine = np.array([scores[action_to_index(a)] for a in legal], dtype=np.float64)
        if self.temperature <= 0 or len(legal) == 1:
            return legal[int(np.argmax(mine))]
        p = np.exp((mine - mine.max()) / self.temperature)
        cum = np.cumsum(p / p.sum())
        return legal[min(int(np.searchsorted(cum, draw)), len(legal) - 1)]
