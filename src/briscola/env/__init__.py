"""Reinforcement-learning environments over the engine: PettingZoo AEC and Gymnasium.

PettingZoo and Gymnasium are the ``rl`` extra (``pip install 'briscola[rl]'``), imported only
when :data:`briscola_v0` or :class:`BriscolaEnv` is first used (a
:class:`~briscola.extras.MissingExtra` says to install the extra when they are missing); the
observation encoding (NumPy) needs no extra, so the neural level plays on a plain install.
``Briscola-v0`` is registered with Gymnasium when this package is imported and Gymnasium is there.

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

from briscola.env.encoding import (
    LAYOUT,
    N_ACTIONS,
    OBS_SIZE,
    action_mask,
    action_to_index,
    encode,
    index_to_action,
)
from briscola.extras import missing_extra

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

# The names loaded on first use: the module that holds each, and the extra it needs (if any).
_LAZY = {
    "briscola_v0": ("briscola.env.briscola_v0", "rl"),  # PettingZoo
    "BriscolaEnv": ("briscola.env.gym_env", "rl"),  # Gymnasium
    "BriscolaVectorEnv": ("briscola.env.vector", None),  # the fast core (Numba)
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    path, extra = _LAZY[name]
    try:
        module = importlib.import_module(path)
    except ModuleNotFoundError as exc:
        missing = missing_extra(exc) if extra is not None else None
        if missing is None:
            raise
        raise missing from exc
    return module if path.endswith("." + name) else getattr(module, name)


try:
    import gymnasium
except ImportError:  # the rl extra is not installed: nothing to register
    pass
else:
    if "Briscola-v0" not in gymnasium.registry:
        gymnasium.register(id="Briscola-v0", entry_point="briscola.env.gym_env:BriscolaEnv")
