"""Briscola, the Italian card game: a rules engine for every variant, with computer players.

>>> import briscola
>>> state = briscola.new_game(briscola.preset("classic"), seed=42)
>>> len(state.hands[0]), state.briscola in state.stock
(3, True)
"""

from importlib.metadata import PackageNotFoundError as _NotInstalled
from importlib.metadata import version as _installed_version

from briscola.core.actions import (
    Action,
    ActionParseError,
    Bid,
    Call,
    Declare,
    ExchangeBriscola,
    Pass,
    Play,
    parse_action,
)
from briscola.core.cards import Card, CardParseError, Rank, Suit, format_cards, parse_cards
from briscola.core.game import (
    DeckError,
    IllegalActionError,
    Phase,
    Result,
    State,
    apply,
    legal_actions,
    new_game,
)
from briscola.core.observation import Observation, determinize, observe
from briscola.core.rules import PRESETS, Ruleset, RulesetError, preset
from briscola.core.state import Trick

try:
    __version__: str = _installed_version("briscola")
except _NotInstalled:  # the sources imported from a folder, never installed
    __version__ = "0+unknown"
"""The installed distribution's version: pyproject.toml's ``version``, its one place (read from
the package's metadata, so ``briscola --version``, ``/healthz``, the engine's hello and the page
footer all say the version that was installed)."""

__all__ = [
    "PRESETS",
    "Action",
    "ActionParseError",
    "Bid",
    "Call",
    "Card",
    "CardParseError",
    "DeckError",
    "Declare",
    "ExchangeBriscola",
    "IllegalActionError",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "Result",
    "Ruleset",
    "RulesetError",
    "State",
    "Suit",
    "Trick",
    "apply",
    "determinize",
    "format_cards",
    "legal_actions",
    "new_game",
    "observe",
    "parse_action",
    "parse_cards",
    "preset",
]
