"""The random bot: a uniformly random legal action, reproducible from a seed."""

from __future__ import annotations

import random

from briscola.bots.base import turn_actions
from briscola.core.actions import Action
from briscola.core.observation import Observation

__all__ = ["RandomBot"]


class RandomBot:
    """Plays uniformly at random among ``obs.legal``.

    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> state = new_game(preset("pairs"), seed=3)
    >>> RandomBot(seed=0).act(observe(state, state.turn)) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """A legal action chosen at random."""
        return self._rng.choice(turn_actions(obs))
