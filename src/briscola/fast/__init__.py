"""The fast core: Briscola compiled with Numba, for simulation and search.

The same rules as :mod:`briscola.core.game`, on arrays: a deal is one ``int64`` array, a ruleset a
parameter array, cards the integers 0-39 (:attr:`briscola.core.cards.Card.index`), actions small
codes. For the same deck order and the same actions, the fast core and the reference engine give the
same tricks, points and results (``tests/fast/test_fast_parity.py``).

>>> from briscola.fast import simulate
>>> from briscola.core.rules import preset
>>> res = simulate(preset("pairs"), 2000, seed=1, policies=("simple", "random"))
>>> bool(res.win_rates()[0] > 0.5)
True

Numba is imported when a kernel is first needed (``simulate``, ``trace_games``, ``replay_games``)
and the kernels are compiled then, or loaded from Numba's on-disk cache; nothing outside
``briscola.fast`` imports it, so the commands that do not simulate never pay for it. See
``docs/fast.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from briscola.fast.core.params import FastUnsupportedError, ruleset_params
    from briscola.fast.core.replay import (
        ReplayOutcome,
        Trace,
        decode_action,
        encode_action,
        replay_games,
        trace_games,
    )
    from briscola.fast.core.sim import POLICIES, SimResult, simulate

__all__ = [
    "POLICIES",
    "FastUnsupportedError",
    "ReplayOutcome",
    "SimResult",
    "Trace",
    "decode_action",
    "encode_action",
    "replay_games",
    "ruleset_params",
    "simulate",
    "trace_games",
]

_HOME = {
    "FastUnsupportedError": "core.params",
    "ruleset_params": "core.params",
    "ReplayOutcome": "core.replay",
    "Trace": "core.replay",
    "decode_action": "core.replay",
    "encode_action": "core.replay",
    "replay_games": "core.replay",
    "trace_games": "core.replay",
    "POLICIES": "core.sim",
    "SimResult": "core.sim",
    "simulate": "core.sim",
}


def __getattr__(name: str) -> Any:
    # The public names load on first use, so that ``briscola.fast.core.layout`` and
    # ``briscola.fast.core.params`` can be imported without Numba.
    if name in _HOME:
        return getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
