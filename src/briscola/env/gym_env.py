"""The Gymnasium single-agent environment: one seat learns, computer players take the others.

The agent's partners (in team games) are computer players too. The observation and the action
space are the AEC environment's (:mod:`briscola.env.encoding`); the action mask is in the
observation, in ``info["action_mask"]`` and from :meth:`BriscolaEnv.action_masks` (the name
``sb3-contrib``'s maskable algorithms look for).

>>> from briscola.env import BriscolaEnv
>>> env = BriscolaEnv(preset="classic", opponent="random")
>>> obs, info = env.reset(seed=0)
>>> obs["observation"].shape == env.observation_space["observation"].shape
True
>>> import numpy as np
>>> done = False
>>> while not done:
...     action = int(np.flatnonzero(obs["action_mask"])[0])
...     obs, reward, done, truncated, info = env.step(action)
>>> info["outcome"] in ("win", "loss", "draw"), reward in (-1.0, 0.0, 1.0)
(True, True)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from briscola.core.game import IllegalActionError, State
from briscola.core.observation import observe
from briscola.core.rules import Ruleset
from briscola.env.aec import ObsDict, deal, decode, observation_space, render
from briscola.env.common import (
    ILLEGAL_MODES,
    ILLEGAL_REWARD,
    REWARD_MODES,
    Opponent,
    OpponentSpec,
    check_mode,
    end_info,
    final_reward,
    make_opponent,
    make_ruleset,
)
from briscola.env.encoding import N_ACTIONS, action_mask, encode

__all__ = ["BriscolaEnv"]


class BriscolaEnv(gym.Env[ObsDict, np.int64]):
    """One seat of a deal of Briscola against computer players.

    Arguments: ``preset`` (a preset name or a :class:`~briscola.core.rules.Ruleset`), ``seat`` (the
    agent's seat, or None to draw it each episode), ``opponent`` (a bot name from the bots
    registry, ``"random"`` by default; a player object with ``act(obs)``; or a factory
    ``seed -> player``, called once per seat and episode so seeded episodes repeat exactly),
    ``reward`` (``"win"``, ``"points"`` or ``"units"``), ``illegal_action`` (``"lose"``: the
    episode ends with reward -1; ``"raise"``), ``dealer`` (a seat, or None to draw it),
    ``render_mode`` (``"ansi"`` or ``"human"``), and ruleset options as keywords.

    ``reset(seed=..., options={"deck": "...", "dealer": 0, "seat": 1})`` can fix the deal.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        preset: str | Ruleset = "classic",
        *,
        seat: int | None = 0,
        opponent: OpponentSpec = "random",
        reward: str = "win",
        illegal_action: str = "lose",
        dealer: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.ruleset = make_ruleset(preset, options)
        n = self.ruleset.players
        for name, value in (("seat", seat), ("dealer", dealer)):
            if value is not None and not 0 <= value < n:
                raise ValueError(f"{name} must be a seat 0-{n - 1} or None, not {value}")
        self.reward_mode = check_mode(reward, REWARD_MODES, "reward")
        self.illegal_action = check_mode(illegal_action, ILLEGAL_MODES, "illegal_action")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.dealer = dealer
        self.opponent_spec = opponent
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.seat = seat if seat is not None else 0
        self.state: State | None = None
        self.opponents: dict[int, Opponent] = {}
        self._illegal = False  # the episode ended on an illegal action

    # -- the Gymnasium API --------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        options = options or {}
        rng = self.np_random
        chosen = options.get("seat", self.fixed_seat)
        n = self.ruleset.players
        self.seat = int(rng.integers(n)) if chosen is None else int(chosen)
        self.opponents = {
            s: make_opponent(self.opponent_spec, int(rng.integers(2**31)))
            for s in range(n)
            if s != self.seat
        }
        self.state = deal(self.ruleset, rng, self.dealer, options)
        self._illegal = False
        self._advance()
        if self.state.is_over:  # the others ended the deal first: impossible in Briscola
            raise RuntimeError("the deal ended before the agent's first turn")
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if state.is_over or self._illegal:
            raise RuntimeError("the episode is over: call reset()")
        move = decode(action)
        if move is None or move not in state.legal_actions():
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action {action!r} is not legal now")
            self._illegal = True
            info = {"seat": self.seat, "action_mask": self._mask(), "outcome": "illegal_action"}
            return self._obs(), ILLEGAL_REWARD, True, False, info
        self.state = state.apply(move)
        self._advance()
        if self.render_mode == "human":
            self.render()
        if self.state.is_over:
            result = self.state.result()
            reward = final_reward(result, self.seat, self.reward_mode)
            return self._obs(), reward, True, False, self._info()
        return self._obs(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        return render(self.state, self.render_mode)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (for maskable algorithms)."""
        return self._mask().astype(bool)

    # -- helpers -----------------------------------------------------------------------------
    def _advance(self) -> None:
        """Let the computer players act until it is the agent's turn or the deal is over."""
        state = self.state
        assert state is not None
        while not state.is_over and state.turn != self.seat:
            assert state.turn is not None
            bot = self.opponents[state.turn]
            state = state.apply(bot.act(observe(state, state.turn)))
        self.state = state

    def _mask(self) -> npt.NDArray[np.int8]:
        assert self.state is not None
        if self._illegal or self.state.turn != self.seat:
            return action_mask(())
        return action_mask(self.state.legal_actions())

    def _obs(self) -> ObsDict:
        assert self.state is not None
        obs = observe(self.state, self.seat)
        return {"observation": encode(obs), "action_mask": self._mask()}

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        info: dict[str, Any] = {"seat": self.seat, "action_mask": self._mask()}
        if self.state.is_over:
            info.update(end_info(self.state.result(), self.seat))
        return info
