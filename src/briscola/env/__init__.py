"""Reinforcement-learning environments over the engine: PettingZoo AEC and Gymnasium.

Heavy dependencies (pettingzoo, gymnasium, numpy) are imported only here, in this subpackage:
``import briscola`` never loads them. Install them with the ``rl`` extra.

* :mod:`briscola.env.briscola_v0`: every seat an agent (``briscola_v0.env(preset="pairs")``).
* :class:`BriscolaEnv`: one seat against computer players, registered as ``Briscola-v0``.
* :mod:`briscola.env.encoding`: the observation vector and the discrete action space.
* :class:`BriscolaVectorEnv` (:mod:`briscola.env.vector`): N deals stepped together in the fast
  core, for throughput (needs Numba).

>>> import gymnasium
>>> env = gymnasium.make("Briscola-v0", preset="three")
>>> obs, info = env.reset(seed=0)
>>> bool(obs["action_mask"].sum() > 0)
True
"""

from __future__ import annotations

from typing import Any

import gymnasium

from briscola.env import briscola_v0
from briscola.env.encoding import (
    LAYOUT,
    N_ACTIONS,
    OBS_SIZE,
    action_mask,
    action_to_index,
    encode,
    index_to_action,
)
from briscola.env.gym_env import BriscolaEnv

__all__ = [
    "LAYOUT",
    "N_ACTIONS",
    "OBS_SIZE",
    "BriscolaEnv",
    "BriscolaVectorEnv",
    "action_mask",
    "action_to_index",
    "briscola_v0",
    "encode",
    "index_to_action",
]


def __getattr__(name: str) -> Any:
    # The batch environment needs Numba (the fast core): loaded on first use only.
    if name == "BriscolaVectorEnv":
        from briscola.env.vector import BriscolaVectorEnv

        return BriscolaVectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if "Briscola-v0" not in gymnasium.registry:
    gymnasium.register(id="Briscola-v0", entry_point="briscola.env.gym_env:BriscolaEnv")
