"""``briscola_v0``: Briscola as a PettingZoo AEC environment, named the PettingZoo way.

>>> from briscola.env import briscola_v0
>>> env = briscola_v0.env(preset="pairs", reward="points")
>>> env.reset(seed=1)
>>> env.agents
['player_0', 'player_1', 'player_2', 'player_3']
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum())  # three cards in hand
3
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from briscola.env.aec import BriscolaAECEnv

__all__ = ["env", "raw_env"]

raw_env = BriscolaAECEnv
"""The environment class without wrappers."""


def env(**kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo's classic games are (order enforcing, action
    bounds checked); keywords go to :class:`~briscola.env.aec.BriscolaAECEnv`."""
    inner = BriscolaAECEnv(**kwargs)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))
