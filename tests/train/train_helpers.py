"""The tiny training runs the training tests share: a few games, a few rollouts, 16 units."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from briscola.train.loop import TrainConfig

TINY = TrainConfig(
    seed=3,
    rounds=1,
    games=2,
    budget=32,
    hidden=16,
    bc_deals=20,
    bc_epochs=1,
    epochs=1,
    batch=64,
    eval_deals=2,
    eval_levels=("simple",),
)


def tiny(**changes: Any) -> TrainConfig:
    """:data:`TINY` with ``changes``: a run that takes seconds."""
    return replace(TINY, **changes)
