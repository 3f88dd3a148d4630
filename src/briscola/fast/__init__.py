"""The fast core: Briscola compiled with Numba, for simulation and search.

The same rules as :mod:`briscola.game`, on arrays: a deal is one ``int64`` array, a ruleset a
parameter array, cards the integers 0-39 (:attr:`briscola.cards.Card.index`), actions small codes.
For the same deck order and the same actions, the fast core and the reference engine give the same
tricks, points and results (``tests/test_fast_parity.py``).

>>> from briscola.fast import simulate
>>> from briscola.rules import preset
>>> res = simulate(preset("pairs"), 2000, seed=1, policies=("simple", "random"))
>>> bool(res.win_rates()[0] > 0.5)
True

Importing this package imports Numba (and compiles the kernels on first use, or loads them from
Numba's on-disk cache); nothing outside ``briscola.fast`` imports it, so the commands that do not
simulate never pay for it. See ``docs/fast.md``.
"""

from __future__ import annotations

from .params import FastUnsupportedError, params
from .replay import (
    ReplayOutcome,
    Trace,
    decode_action,
    encode_action,
    replay_games,
    trace_games,
)
from .sim import POLICIES, SimResult, simulate

__all__ = [
    "POLICIES",
    "FastUnsupportedError",
    "ReplayOutcome",
    "SimResult",
    "Trace",
    "decode_action",
    "encode_action",
    "params",
    "replay_games",
    "simulate",
    "trace_games",
]
