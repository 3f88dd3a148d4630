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
from typing import Protocol

from briscola.core.actions import Action
from briscola.core.observation import Observation

__all__ = ["Bot", "BotInfo", "UnknownBotError", "bot_info", "bot_names", "make_bot"]


class Bot(Protocol):
    """A computer player: it answers an observation with one of ``obs.legal``."""

    name: str

    def act(self, obs: Observation) -> Action:
        """The action to take; ``obs`` is for the seat to act, so ``obs.legal`` is not empty."""
        ...


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

    def title(self, lang: str = "it") -> str:
        """The bot's display name in Italian (``it``) or English (``en``)."""
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


_REGISTRY: dict[str, BotInfo] = {
    info.name: info
    for info in (
        BotInfo(
            "random",
            _make_random,
            {"it": "Casuale", "en": "Random"},
            {
                "it": "gioca una mossa lecita a caso",
                "en": "plays a legal move at random",
            },
            aliases=("casuale", "caso"),
        ),
        BotInfo(
            "simple",
            _make_simple,
            {"it": "Sensato", "en": "Sensible"},
            {
                "it": "prende i punti a buon mercato, non spreca le briscole, aiuta il compagno",
                "en": "takes points cheaply, does not waste trumps, helps its partner",
            },
            aliases=("semplice", "sensato", "sensible", "default"),
        ),
        # The levels, from beginner to champion (docs/levels.md).
        BotInfo(
            "beginner",
            _make_beginner,
            {"it": "Principiante", "en": "Beginner"},
            {
                "it": "gioca quasi a caso, con un pizzico di buon senso",
                "en": "plays almost at random, with a little sense",
            },
            aliases=("principiante",),
        ),
        BotInfo(
            "easy",
            _make_easy,
            {"it": "Facile", "en": "Easy"},
            {
                "it": "arraffa tutti i punti che può, subito e senza contare le carte",
                "en": "grabs every point it can at once, without counting cards",
            },
            aliases=("facile", "greedy"),
        ),
        BotInfo(
            "medium",
            _make_medium,
            {"it": "Medio", "en": "Medium"},
            {
                "it": "conta le carte, risparmia le briscole, carica il compagno",
                "en": "counts cards, saves its trumps, loads points on its partner",
            },
            aliases=("medio",),
        ),
        BotInfo(
            "hard",
            _make_hard,
            {"it": "Difficile", "en": "Hard"},
            {
                "it": "gioca come il Medio, ma verifica ogni carta simulando centinaia di smazzate",
                "en": "plays like Medium but checks every card by simulating hundreds of deals",
            },
            aliases=("difficile",),
        ),
        BotInfo(
            "champion",
            _make_champion,
            {"it": "Campione", "en": "Champion"},
            {
                "it": "esplora migliaia di smazzate possibili e risolve il finale alla perfezione",
                "en": "searches thousands of possible deals and solves the endgame perfectly",
            },
            aliases=("campione", "expert", "esperto"),
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
