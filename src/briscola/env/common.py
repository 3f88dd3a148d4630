"""What the PettingZoo and Gymnasium adapters share: rulesets, rewards, episode info, opponents.

Rewards come only at the end of a deal, from the engine's :class:`~briscola.core.game.Result`, for
the side a seat played on. Three modes:

``"win"`` (the default)
    +1 when the seat's side is the only one with the top score, 0 for a draw (several sides share
    it, or a void chiamata deal), -1 otherwise.
``"points"``
    (the side's points - everybody else's points) / all points taken, in [-1, 1].
``"units"``
    Briscola chiamata's settlement for the seat (caller +2, partner +1, others -1, alone ±4, signs
    reversed on a loss, times the multipliers); other rulesets fall back to ``"win"``.

>>> from briscola.core.game import Result
>>> res = Result((70, 50), (70, 50), (0, 1), (0,))
>>> final_reward(res, 0, "win"), final_reward(res, 1, "points")
(1.0, -0.16666666666666666)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol

from briscola.core.actions import Action
from briscola.core.game import Result
from briscola.core.observation import Observation
from briscola.core.rules import Ruleset, preset
from briscola.env.encoding import check_ruleset

__all__ = [
    "ILLEGAL_MODES",
    "REWARD_MODES",
    "Opponent",
    "OpponentSpec",
    "RandomOpponent",
    "end_info",
    "final_reward",
    "make_opponent",
    "make_ruleset",
    "outcome",
]

REWARD_MODES: Final = ("win", "points", "units")
ILLEGAL_MODES: Final = ("lose", "raise")
ILLEGAL_REWARD: Final = -1.0


class Opponent(Protocol):
    """A computer player for the other seats: anything with ``act(obs) -> Action``."""

    def act(self, obs: Observation) -> Action:
        """One of ``obs.legal``."""
        ...


OpponentSpec = str | Opponent | Callable[[int | None], Opponent]
"""A bot name (from ``briscola.bots``), a player object, or a factory ``seed -> player``."""


class RandomOpponent:
    """A uniformly random legal action, reproducible from a seed (used when no bots registry)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """A legal action chosen at random."""
        return self._rng.choice(obs.legal)


def make_opponent(spec: OpponentSpec, seed: int | None) -> Opponent:
    """A player from its spec: a name looked up in ``briscola.bots.make_bot`` (``"random"``
    works without it), an object with ``act`` (used as is), or a factory called with ``seed``.

    >>> make_opponent("random", 1).act  # doctest: +ELLIPSIS
    <bound method ...
    """
    if isinstance(spec, str):
        make_bot: Callable[[str, int | None], Opponent] | None
        try:
            make_bot = importlib.import_module("briscola.bots").make_bot
        except (ImportError, AttributeError):
            make_bot = None
        if make_bot is not None:
            return make_bot(spec, seed)
        if spec.strip().lower() == "random":
            return RandomOpponent(seed)
        raise ValueError(f"unknown opponent {spec!r}: the bots registry is not available")
    if hasattr(spec, "act"):
        return spec
    if callable(spec):
        return spec(seed)
    raise TypeError(f"an opponent is a bot name, a player or a factory, not {spec!r}")


def make_ruleset(ruleset: str | Ruleset, options: Mapping[str, Any]) -> Ruleset:
    """A ruleset from a preset name (or a :class:`Ruleset`) and option overrides; a
    :class:`~briscola.core.rules.RulesetError` for one the action space cannot play
    (:func:`~briscola.env.encoding.check_ruleset`)."""
    if isinstance(ruleset, Ruleset):
        return check_ruleset(ruleset.with_options(**options) if options else ruleset)
    return check_ruleset(preset(ruleset, **options))


def check_mode(value: str, modes: tuple[str, ...], what: str) -> str:
    """``value`` if it is one of ``modes``; a ValueError naming them otherwise."""
    if value not in modes:
        raise ValueError(f"{what} must be one of {', '.join(modes)}, not {value!r}")
    return value


def outcome(result: Result, seat: int) -> str:
    """``"win"``, ``"loss"``, ``"draw"`` or ``"void"`` (a chiamata deal everybody passed)."""
    if not result.winners:
        return "void"
    if result.teams[seat] not in result.winners:
        return "loss"
    return "win" if len(result.winners) == 1 else "draw"


def final_reward(result: Result, seat: int, mode: str) -> float:
    """The seat's reward for a finished deal under ``mode`` (see the module's documentation)."""
    if mode == "units" and result.units:
        return float(result.units[seat])
    if mode == "points":
        total = sum(result.seat_points)
        if total == 0:
            return 0.0
        side = result.teams[seat]
        mine = sum(p for s, p in enumerate(result.seat_points) if result.teams[s] == side)
        return (mine - (total - mine)) / total
    return {"win": 1.0, "draw": 0.0, "void": 0.0, "loss": -1.0}[outcome(result, seat)]


def end_info(result: Result, seat: int) -> dict[str, Any]:
    """The info a seat gets when a deal ends: outcome, points and the result's facts."""
    side = result.teams[seat]
    return {
        "outcome": outcome(result, seat),
        "side_points": sum(p for s, p in enumerate(result.seat_points) if result.teams[s] == side),
        "seat_points": result.seat_points,
        "team_points": result.team_points,
        "winners": result.winners,
        "units": result.units[seat] if result.units else 0,
        "replay": result.replay,
    }
