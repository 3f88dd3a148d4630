"""The Bot protocol and the registry of computer players.

A bot sees only an :class:`~briscola.core.observation.Observation` (never a full state) and answers
with one of its legal actions. Bots are found by name (or an Italian alias):

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> bot = make_bot("simple", seed=1)
>>> state = new_game(preset("classic"), seed=1)
>>> bot.act(observe(state, state.turn)) in state.legal_actions()
True
>>> "random" in bot_names() and "simple" in bot_names()
True
>>> make_bot("casuale").name
'random'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Protocol, cast, runtime_checkable

from briscola.core.actions import Action
from briscola.core.observation import Observation
from briscola.i18n import web_translations

__all__ = [
    "Bot",
    "BotInfo",
    "Budgeted",
    "UnknownBotError",
    "bot_info",
    "bot_names",
    "make_bot",
    "turn_actions",
    "weights_file",
    "with_budget",
]


class Bot(Protocol):
    """A computer player: it answers an observation with one of ``obs.legal``."""

    name: str

    def act(self, obs: Observation) -> Action:
        """The action to take; ``obs`` is for the seat to act, so ``obs.legal`` is not empty."""
        ...


@runtime_checkable
class Budgeted(Protocol):
    """A computer player whose thinking has a budget (the search levels): it offers a copy of
    itself that thinks with a share of it."""

    def with_budget(self, share: float) -> Bot:
        """A bot like this one (same seed, same settings) that searches ``share`` (0 to 1) of
        its budget; ``share >= 1`` gives this bot itself."""
        ...


def with_budget(bot: Bot, share: float) -> Bot:
    """``bot`` thinking with ``share`` of its budget: a budgeted bot's own smaller copy, any other
    bot as it is (its decisions cost the same whatever the budget).

    >>> with_budget(make_bot("simple", 1), 0.1).name
    'simple'
    >>> with_budget(make_bot("champion", 1), 0.25).config.rollouts
    4000
    """
    if getattr(bot, "with_budget", None) is None:  # not isinstance(bot, Budgeted): a runtime
        return bot  # protocol's check took 8 µs, at each computer move of a server
    return cast(Budgeted, bot).with_budget(share)


def turn_actions(obs: Observation) -> tuple[Action, ...]:
    """The actions a bot may choose from (``obs.legal``); ValueError when the observing seat has
    nothing to do (it is not its turn)."""
    if not obs.legal:
        raise ValueError(f"seat {obs.seat} has nothing to do: it is not its turn")
    return obs.legal


class UnknownBotError(ValueError):
    """A bot name that is not in the registry."""


@dataclass(frozen=True)
class BotInfo:
    """A registered bot: its name, how to make one, and its display names and description."""

    name: str
    factory: Callable[[int | None], Bot]
    titles: Mapping[str, str]
    descriptions: Mapping[str, str]
    aliases: tuple[str, ...] = ()
    presets: tuple[str, ...] | None = None
    """The presets it is made for (None: every one); the web offers it only in these."""
    listed: bool = True
    """Offered to people in the web's lists (a frozen baseline is for the arena only)."""

    def title(self, lang: str = "it") -> str:
        """The bot's display name in Italian (``it``), English (``en``) or Romanian (``ro``)."""
        return self.titles.get(lang, self.titles["en"])

    def description(self, lang: str = "it") -> str:
        """One line about how the bot plays."""
        return self.descriptions.get(lang, self.descriptions["en"])


def _make_random(seed: int | None) -> Bot:
    from briscola.bots.random_bot import RandomBot

    return RandomBot(seed)


def _make_simple(seed: int | None) -> Bot:
    from briscola.bots.simple import SimpleBot

    return SimpleBot(seed)


def _make_beginner(seed: int | None) -> Bot:
    from briscola.bots.easy import BeginnerBot

    return BeginnerBot(seed)


def _make_easy(seed: int | None) -> Bot:
    from briscola.bots.easy import EasyBot

    return EasyBot(seed)


def _make_medium(seed: int | None) -> Bot:
    from briscola.bots.medium import MediumBot

    return MediumBot(seed)


def _make_hard(seed: int | None) -> Bot:
    from briscola.bots.search import SearchBot

    return SearchBot.hard(seed)


def _make_champion(seed: int | None) -> Bot:
    from briscola.bots.search import SearchBot

    return SearchBot.champion(seed)


def _make_champion_v1(seed: int | None) -> Bot:
    from briscola.bots.search import SearchBot

    return SearchBot.champion_v1(seed)


def _make_neural(seed: int | None) -> Bot:
    from briscola.bots.neural import NeuralBot

    return NeuralBot(seed)


def _words(name: str) -> tuple[dict[str, str], dict[str, str]]:
    """A bot's titles and descriptions in every language of the web client (``bots.<name>.`` in
    the catalogs)."""
    return web_translations(f"bots.{name}.title"), web_translations(f"bots.{name}.description")


TRAINED_PRESETS = ("classic", "pairs")
"""The presets the neural level has a shipped network for (``weights/<preset>.npz``)."""


_REGISTRY: dict[str, BotInfo] = {
    info.name: info
    for info in (
        BotInfo(
            "random",
            _make_random,
            *_words("random"),
            aliases=("casuale", "caso"),
        ),
        BotInfo(
            "simple",
            _make_simple,
            *_words("simple"),
            aliases=("semplice", "sensato", "sensible", "default"),
        ),
        # The levels, from beginner to champion (docs/levels.md).
        BotInfo(
            "beginner",
            _make_beginner,
            *_words("beginner"),
            aliases=("principiante",),
        ),
        BotInfo(
            "easy",
            _make_easy,
            *_words("easy"),
            aliases=("facile", "greedy"),
        ),
        BotInfo(
            "medium",
            _make_medium,
            *_words("medium"),
            aliases=("medio",),
        ),
        BotInfo(
            "hard",
            _make_hard,
            *_words("hard"),
            aliases=("difficile",),
        ),
        BotInfo(
            "champion",
            _make_champion,
            *_words("champion"),
            aliases=("campione", "expert", "esperto"),
        ),
        # The network alone (docs/training.md), and the champion frozen as a baseline.
        BotInfo(
            "neural",
            _make_neural,
            *_words("neural"),
            aliases=("neurale", "rete", "network"),
            presets=TRAINED_PRESETS,  # the presets with a shipped network (docs/training.md)
        ),
        BotInfo(
            "champion-v1",
            _make_champion_v1,
            *_words("champion-v1"),
            aliases=("campione-v1",),
            listed=False,
        ),
    )
}


def bot_names() -> tuple[str, ...]:
    """The registered bots' names (aliases not included)."""
    return tuple(_REGISTRY)


def bot_info(name: str) -> BotInfo:
    """A registered bot's information, by name or alias (any case)."""
    key = name.strip().lower()
    for info in _REGISTRY.values():
        if key == info.name or key in info.aliases:
            return info
    raise UnknownBotError(f"unknown bot {name!r}; bots: {', '.join(_REGISTRY)}")


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot by name or alias; ``seed`` makes a bot that uses chance reproducible.

    >>> make_bot("grandmaster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    briscola.bots.base.UnknownBotError: unknown bot 'grandmaster'; bots: random, simple, ...
    """
    return bot_info(name).factory(seed)


def weights_file(name: str) -> Path:
    """A file the bots ship with their package, in ``briscola/bots/weights``.

    >>> weights_file("classic.npz").name
    'classic.npz'
    """
    return Path(str(resources.files("briscola.bots") / "weights" / name))
