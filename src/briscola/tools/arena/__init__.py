"""The arena: duplicate tournaments between computer players and external engines.

``briscola arena simple random`` (or ``python -m briscola.tools.arena simple random``) plays
duplicate deals (each deal once per seat rotation, so every player gets every hand), reports win
rates and point differences with 95% intervals over deals, Bradley–Terry ratings, an optional SPRT,
and writes JSON, Markdown and PNG plots. The same from Python:

>>> from briscola.tools.arena import run_arena
>>> result = run_arena(["simple", "random"], deals=3, preset="classic", seed=7)
>>> result.labels, result.games_played
(['simple', 'random'], 6)

See ``docs/arena.md``.
"""

from briscola.tools.arena.backends import BACKENDS, ArenaBackendError
from briscola.tools.arena.core import ArenaError, ArenaResult, SprtOutcome, run_arena
from briscola.tools.arena.play import GameOutcome, Setup, Task, deal_deck, run_task, side_count
from briscola.tools.arena.players import (
    PlayerSpec,
    PlayerSpecError,
    make_player,
    parse_player,
    parse_players,
)
from briscola.tools.arena.stats import (
    Estimate,
    Rating,
    SprtConfig,
    SprtError,
    bootstrap_ratings,
    bradley_terry,
    mean_ci,
    sprt_llr,
)
from briscola.tools.arena.summary import PairStats, PlayerStats

__all__ = [
    "BACKENDS",
    "ArenaBackendError",
    "ArenaError",
    "ArenaResult",
    "Estimate",
    "GameOutcome",
    "PairStats",
    "PlayerSpec",
    "PlayerSpecError",
    "PlayerStats",
    "Rating",
    "Setup",
    "SprtConfig",
    "SprtError",
    "SprtOutcome",
    "Task",
    "bootstrap_ratings",
    "bradley_terry",
    "deal_deck",
    "make_player",
    "mean_ci",
    "parse_player",
    "parse_players",
    "run_arena",
    "run_task",
    "side_count",
    "sprt_llr",
]
