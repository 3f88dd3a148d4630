"""Arena players: registry levels or external engines, from their text specs.

================================================  ============================================
spec                                              player
================================================  ============================================
``simple``                                        the registry's bot of that name (or alias)
``engine:python -m briscola engine --level x``    an external engine: any command speaking the
                                                  stdio protocol (``docs/protocol.md``)
``cmd:./my-engine --fast``                        the same as ``engine:``
``NAME=SPEC``                                     one of the above, shown as ``NAME``
================================================  ============================================

>>> parse_player("simple")
PlayerSpec(label='simple', level='simple', command=())
>>> parse_player("mine=engine:python -m briscola engine --level random").command
('python', '-m', 'briscola', 'engine', '--level', 'random')
>>> [p.label for p in parse_players(["simple", "simple", "random"])]
['simple', 'simple#2', 'random']
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass

from briscola.apps.protocol.external import ExternalEngine
from briscola.bots import Bot, UnknownBotError, bot_info, make_bot

__all__ = ["PlayerSpec", "PlayerSpecError", "make_player", "parse_player", "parse_players"]

_LABELLED = re.compile(r"^([A-Za-z_][\w.#+-]*)=(.+)$", re.DOTALL)
_PREFIXES = ("engine:", "cmd:")


class PlayerSpecError(ValueError):
    """A player spec that names no bot and no command."""


@dataclass(frozen=True)
class PlayerSpec:
    """One arena player: a registry ``level``, or an engine ``command``; ``label`` names it."""

    label: str
    level: str | None = None
    command: tuple[str, ...] = ()

    @property
    def is_engine(self) -> bool:
        """True for an external engine."""
        return bool(self.command)

    @property
    def spec(self) -> str:
        """The spec's text (without the label)."""
        if self.level is not None:
            return self.level
        return "engine:" + shlex.join(self.command)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        return {"label": self.label, "level": self.level, "command": list(self.command) or None}


def parse_player(text: str) -> PlayerSpec:
    """A player from its spec: a level name, ``engine:CMD``, ``cmd:CMD``, or ``NAME=`` one of
    them. Raises :class:`PlayerSpecError` with the known levels for an unknown name.

    >>> parse_player("grandmaster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    briscola.tools.arena.players.PlayerSpecError: unknown bot 'grandmaster'; bots: ...
    """
    raw = text.strip()
    label: str | None = None
    match = _LABELLED.match(raw)
    if match and not raw.startswith(_PREFIXES):
        label, raw = match.group(1), match.group(2).strip()
    for prefix in _PREFIXES:
        if raw.startswith(prefix):
            try:
                command = tuple(shlex.split(raw[len(prefix) :]))
            except ValueError as exc:
                raise PlayerSpecError(f"{text!r}: {exc}") from None
            if not command:
                raise PlayerSpecError(f"{text!r}: give the engine's command after {prefix!r}")
            return PlayerSpec(label or _engine_label(command), None, command)
    try:
        level = bot_info(raw).name
    except UnknownBotError as exc:
        hint = " (an external engine is written engine:COMMAND)" if " " in raw else ""
        raise PlayerSpecError(f"{exc}{hint}") from None
    return PlayerSpec(label or level, level)


def _engine_label(command: tuple[str, ...]) -> str:
    """A short label for an engine: ``--level x`` engines of this package are ``engine-x``."""
    if "--level" in command[:-1]:
        return "engine-" + command[command.index("--level") + 1]
    name = command[0].rsplit("/", 1)[-1]
    return name if len(command) == 1 else f"{name}…"


def parse_players(texts: Iterable[str]) -> list[PlayerSpec]:
    """Players from their specs, with labels made unique (``simple``, ``simple#2``, …)."""
    out: list[PlayerSpec] = []
    seen: dict[str, int] = {}
    for text in texts:
        player = parse_player(text)
        count = seen.get(player.label, 0) + 1
        seen[player.label] = count
        if count > 1:
            player = PlayerSpec(f"{player.label}#{count}", player.level, player.command)
        out.append(player)
    if len({p.label for p in out}) != len(out):
        raise PlayerSpecError("two players have the same label: name them with NAME=SPEC")
    return out


def make_player(player: PlayerSpec, seed: int | None, *, timeout: float = 30.0) -> Bot:
    """A bot for ``player``: a new registry bot seeded with ``seed``, or an
    :class:`~briscola.apps.protocol.external.ExternalEngine` (not started yet; call
    ``new_game(seed)``)."""
    if player.level is not None:
        return make_bot(player.level, seed)
    return ExternalEngine(player.command, name=player.label, timeout=timeout)
