"""A batch environment on the fast core: N deals stepped together in compiled code.

:class:`BriscolaVectorEnv` holds ``num_envs`` independent deals in the fast core
(:mod:`briscola.fast`). In each deal one seat learns; the compiled opponent policy (``"simple"``
or ``"random"``, see ``docs/fast.md``) plays every other seat, the partner included. The API
follows Gymnasium's vector environments: ``reset(seed=...) -> (obs, infos)`` and
``step(actions) -> (obs, rewards, terminations, truncations, infos)`` on arrays, with
``action_masks()`` (bool ``(N, 120)``).

The observation is the 798-float vector of :func:`briscola.env.encoding.encode` (the same layout,
value for value), computed inside the compiled kernels from what the learning seat may see; the
action space is the same ``Discrete(120)``. A finished deal is scored and a new one dealt in the
same ``step`` (autoreset): the returned observation is the new deal's first, and
``infos["final_observation"]`` holds the finished deal's last one (rows where
``infos["_final_observation"]`` is True).

Briscola chiamata is played whole: the auction (rank bids, points bids, pass), the call and the
play, the learning seat acting in each; its observation shows the called card's holder only once
the seat may know it, as the reference encoder does. A deal everybody passed is void: it ends
with reward 0.

>>> env = BriscolaVectorEnv(4, preset="classic", opponent="random", seed=1)
>>> obs, infos = env.reset(seed=1)
>>> obs.shape, obs.dtype.name, env.action_masks().shape
((4, 798), 'float32', (4, 120))
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> finished = 0
>>> for _ in range(100):
...     acts = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
...     obs, rew, term, trunc, infos = env.step(acts)
...     finished += int(term.sum())
>>> finished > 10, set(rew.tolist()) <= {-1.0, 0.0, 1.0}
(True, True)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.bots.neural import kernel_tables
from briscola.core.cards import Card
from briscola.core.game import IllegalActionError
from briscola.core.rules import Ruleset
from briscola.core.rules import preset as named_preset
from briscola.env.common import make_ruleset
from briscola.env.encoding import N_ACTIONS, OBS_SIZE
from briscola.fast import env_kernels as vk
from briscola.fast.core.layout import (
    MAX_ACTIONS,
    P_DECK,
    POL_RANDOM,
    POL_SIMPLE,
    R_LEN,
    R_SEAT,
    S_LEN,
)
from briscola.fast.core.params import ruleset_params
from briscola.fast.core.rng import game_rng

__all__ = ["BriscolaVectorEnv", "code_tables", "vector_bench"]

_POLICIES = {"random": POL_RANDOM, "simple": POL_SIMPLE}
_REWARDS = {"win": 0, "points": 1, "units": 2}


def code_tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The fast core's action codes to the env's action indices and back (-1: none), from the
    two encodings' own converters (:func:`briscola.bots.neural.kernel_tables`).

    >>> c2i, i2c = code_tables()
    >>> int(c2i[0]), int(c2i[61]), int(i2c[int(c2i[120])])
    (0, 56, 120)
    """
    tables = kernel_tables(named_preset("classic"))  # the codes and indices are every ruleset's
    return tables.c2i.copy(), tables.i2c.copy()


class BriscolaVectorEnv:
    """``num_envs`` deals of one ruleset, one learning seat each, stepped in the fast core.

    Arguments: ``preset`` (a name or a :class:`~briscola.core.rules.Ruleset`), ``opponent``
    (``"simple"`` or ``"random"``, the compiled policy of every other seat), ``seed``, ``seat``
    (the learning seat, or None to draw it each deal), ``dealer`` (a seat, or None to draw it each
    deal), ``reward`` (as :func:`briscola.env.common.final_reward`: ``"win"``: +1/0/-1 for the
    seat's side; ``"points"``: the side's points minus the others', over all points;
    ``"units"``: Briscola chiamata's settlement for the seat, other rulesets as ``"win"``), and
    ruleset options as keywords.
    Raises :class:`~briscola.fast.FastUnsupportedError` for a ruleset it cannot play.
    """

    def __init__(
        self,
        num_envs: int,
        preset: str | Ruleset = "classic",
        opponent: str = "simple",
        seed: int = 0,
        *,
        seat: int | None = 0,
        dealer: int | None = None,
        reward: str = "win",
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if opponent not in _POLICIES:
            raise ValueError(f"opponent must be 'simple' or 'random', not {opponent!r}")
        if reward not in _REWARDS:
            raise ValueError(f"reward must be 'win', 'points' or 'units', not {reward!r}")
        self.ruleset = rules = make_ruleset(preset, options)
        self.P = ruleset_params(rules)  # FastUnsupportedError for what the core cannot play
        n = rules.players
        for name, value in (("seat", seat), ("dealer", dealer)):
            if value is not None and not 0 <= value < n:
                raise ValueError(f"{name} must be a seat 0-{n - 1} or None, not {value}")
        self.num_envs = num_envs
        self.single_action_space_n = N_ACTIONS
        self.observation_size = OBS_SIZE
        tables = kernel_tables(rules)  # the encoder's settings, constant blocks and codes
        V = tables.V.copy()
        V[vk.V_POLICY] = _POLICIES[opponent]
        V[vk.V_SEAT] = -1 if seat is None else seat
        V[vk.V_DEALER] = -1 if dealer is None else dealer
        V[vk.V_REWARD] = _REWARDS[reward]
        self.V = V
        self.static = tables.static.copy()  # writable, as the training kernels were compiled for
        self.c2i, self.i2c = code_tables()
        self.S = np.zeros((num_envs, S_LEN), np.int64)
        self.EX = np.zeros((num_envs, vk.X_LEN), np.int64)
        self.LOG = np.zeros((num_envs, vk.LOG_LEN), np.int64)
        self.FLOG = np.zeros((num_envs, vk.LOG_LEN), np.int64)
        self.RNG = np.zeros(num_envs, np.uint64)
        self.buf = np.zeros(MAX_ACTIONS, np.int64)
        self.obs = np.zeros((num_envs, OBS_SIZE), np.float32)
        self.masks = np.zeros((num_envs, N_ACTIONS), np.bool_)
        self.rewards = np.zeros(num_envs, np.float32)
        self.dones = np.zeros(num_envs, np.bool_)
        self.final_obs = np.zeros((num_envs, OBS_SIZE), np.float32)
        self.rows = np.zeros((num_envs, R_LEN), np.int16)
        self.batch: vk.Batch = (
            self.P,
            self.S,
            self.EX,
            self.LOG,
            self.RNG,
            self.buf,
            self.V,
            self.static,
            self.c2i,
        )
        self._seed(seed)
        self._started = False

    def _seed(self, seed: int) -> None:
        s = np.uint64(seed % 2**64)
        for i in range(self.num_envs):
            self.RNG[i] = game_rng(s, i)

    # -- the vector API ---------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal every slot anew. ``options``: ``decks`` (one deck order per slot, top card first,
        as card indices or :class:`Card`), ``dealers`` and ``seats`` (one per slot) fix the
        first deals; later deals are drawn from the seed."""
        if seed is not None:
            self._seed(seed)
        options = options or {}
        n = self.num_envs
        size = len(self.ruleset.deck())
        decks = np.zeros((0, size), np.int8)
        if options.get("decks") is not None:
            decks = np.array(
                [[c.index if isinstance(c, Card) else int(c) for c in d] for d in options["decks"]],
                np.int8,
            )
            if decks.shape != (n, size):
                raise ValueError(f"decks must be {n} deck orders of {size} cards")
            for d in decks:
                if sorted(d.tolist()) != sorted(int(x) for x in self.P[P_DECK : P_DECK + size]):
                    raise ValueError("each deck must hold the ruleset's cards, once each")
        dealers = self._per_slot(options.get("dealers"), "dealers")
        seats = self._per_slot(options.get("seats"), "seats")
        vk.vec_reset(
            self.batch,
            decks,
            dealers,
            seats,
            self.obs,
            self.masks,
        )
        self._started = True
        return self.obs.copy(), {"seat": self.seats()}

    def _per_slot(self, values: Any, what: str) -> npt.NDArray[np.int64]:
        if values is None:
            return np.full(self.num_envs, -1, np.int64)
        arr = np.asarray(values, np.int64)
        if arr.shape != (self.num_envs,) or arr.min() < 0 or arr.max() >= self.ruleset.players:
            raise ValueError(f"{what} must be one seat per slot")
        return arr

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Step every slot; raises :class:`~briscola.core.game.IllegalActionError` (nothing stepped)
        when an action is not legal."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions, np.int64).reshape(-1)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {acts.shape}")
        bad = vk.vec_step(
            self.batch,
            self.i2c,
            acts,
            self.obs,
            self.masks,
            self.rewards,
            self.dones,
            self.final_obs,
            self.rows,
            True,
            self.FLOG,
        )
        if bad >= 0:
            raise IllegalActionError(f"action {acts[bad]} is not legal in slot {bad}")
        infos: dict[str, Any] = {"seat": self.seats()}
        if self.dones.any():
            infos["final_observation"] = self.final_obs.copy()
            infos["_final_observation"] = self.dones.copy()
            n = self.ruleset.players
            infos["seat_points"] = self.rows[:, R_SEAT : R_SEAT + n].astype(np.int64)
        truncs = np.zeros(self.num_envs, np.bool_)
        return self.obs.copy(), self.rewards.copy(), self.dones.copy(), truncs, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each slot's learning seat, bool ``(num_envs, 120)``."""
        return self.masks.copy()

    def seats(self) -> npt.NDArray[np.int64]:
        """The learning seat of each slot's current deal."""
        return self.EX[:, vk.X_SEAT].copy()

    def current_deal(self, i: int) -> tuple[tuple[Card, ...], int, int, list[int]]:
        """Slot ``i``'s deal so far: deck order, dealer, learning seat and the action indices
        taken by every seat, to replay it in the reference engine."""
        from briscola.fast.core.layout import O_DECK, S_DEALER

        size = len(self.ruleset.deck())
        deck = tuple(Card.from_index(int(c)) for c in self.S[i, O_DECK : O_DECK + size])
        k = int(self.EX[i, vk.X_NLOG])
        acts = [int(self.c2i[c]) for c in self.LOG[i, :k]]
        return deck, int(self.S[i, S_DEALER]), int(self.EX[i, vk.X_SEAT]), acts

    def final_actions(self, i: int) -> list[int]:
        """The action indices of slot ``i``'s last finished deal (every seat's, in order)."""
        k = int(self.EX[i, vk.X_FNLOG])
        return [int(self.c2i[c]) for c in self.FLOG[i, :k]]


def vector_bench(num_envs: int = 256, steps: int = 2000, preset: str = "classic") -> float:
    """Environment steps per second (slots x steps / s) of :class:`BriscolaVectorEnv` against
    the simple policy, the agent choosing the first legal action (compile time not counted)."""
    env = BriscolaVectorEnv(num_envs, preset=preset, opponent="simple", seed=0)
    env.reset(seed=0)
    env.step(env.action_masks().argmax(axis=1))  # warm up
    t0 = time.perf_counter()
    for _ in range(steps):
        env.step(env.masks.argmax(axis=1))
    return num_envs * steps / (time.perf_counter() - t0)
