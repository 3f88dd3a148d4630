"""The types of the options registry (:mod:`briscola.core.options`): values and declarations.

The enums are the values of a ruleset's enum options; :class:`Option` declares one option, with
its titles and help (:class:`Text`) and where it applies (:class:`Applies`).

>>> Applies(Text("a due", "two players"), players=(2,)).where.get("en")
'two players'
>>> Text("mazzo", "stock").get("it")
'mazzo'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Literal, Protocol

__all__ = [
    "EVERY_GAME",
    "Applies",
    "Direction",
    "Exchange",
    "Fast",
    "Kind",
    "Option",
    "Partnership",
    "PointsTie",
    "RulesLike",
    "Text",
    "TieRule",
    "TricksVisible",
]


class Direction(Enum):
    """Direction of play. Seats are numbered counter-clockwise, so the default steps +1."""

    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class Exchange(Enum):
    """Who may swap a card for the face-up briscola."""

    NONE = "none"
    TWO = "two"  # the 2 of trumps, before or during the first trick
    SEVEN = "seven"  # the 7 of trumps, after winning a trick, while the briscola is on the table


class TieRule(Enum):
    """What a 60-60 (an equal top score) means."""

    DRAW = "draw"
    REPLAY = "replay"


class PointsTie(Enum):
    """A match on points (e.g. two deals to 120) when the top totals are level at the target."""

    DRAW = "draw"  # 120-120 is a draw
    ONE_MORE = "one_more"  # one more deal is played


class Partnership(Enum):
    """How seats form sides."""

    NONE = "none"  # every seat plays for itself
    ALTERNATE = "alternate"  # two teams, alternate seats (partners opposite)
    CALLED = "called"  # Briscola chiamata: the caller and the holder of the called card


class TricksVisible(Enum):
    """When a player may look through the tricks their own side has taken."""

    NEVER = "never"
    END_PHASE = "end_phase"  # once the stock is empty
    ALWAYS = "always"


Kind = Literal["bool", "enum", "cards", "int", "str"]
"""What values an option takes: yes/no, one of an enum's, a list of cards, a number, a text."""
Fast = Literal["runs", "no_effect", "unsupported"]
"""The fast core runs the option, or it changes nothing the fast core plays, or it is refused."""


@dataclass(frozen=True)
class Text:
    """A text in Italian and English."""

    it: str
    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``it`` or ``en``; anything else gives the English)."""
        return self.it if lang == "it" else self.en


class RulesLike(Protocol):
    """What :class:`Applies` reads of a ruleset (a :class:`~briscola.core.rules.Ruleset`)."""

    @property
    def players(self) -> int:
        """How many play."""
        ...

    @property
    def partnership(self) -> Partnership:
        """How seats form sides."""
        ...

    @property
    def briscola_face_up(self) -> bool:
        """Whether a briscola is turned face up."""
        ...


@dataclass(frozen=True)
class Applies:
    """Where an option applies: the games the catalog offers it on, and a sentence saying so.

    A condition left ``None`` holds everywhere. With ``refused`` set, a ruleset outside these
    games that sets the option to anything but its default is refused (by
    :class:`~briscola.core.rules.Ruleset`); otherwise the option is merely not offered there.
    """

    where: Text
    players: tuple[int, ...] | None = None
    partnership: tuple[Partnership, ...] | None = None
    face_up: bool | None = None
    refused: bool = False

    def __call__(self, rules: RulesLike) -> bool:
        """Does the option apply to ``rules``?"""
        return (
            (self.players is None or rules.players in self.players)
            and (self.partnership is None or rules.partnership in self.partnership)
            and (self.face_up is None or rules.briscola_face_up is self.face_up)
        )


EVERY_GAME: Final = Applies(Text("ogni partita", "every game"))
"""Applies everywhere."""


@dataclass(frozen=True)
class Option:
    """One option of a ruleset, declared once (:mod:`briscola.core.options` says what derives).

    ``offered`` lists the values a player may pick on top of a preset (the server's catalog);
    empty, the option is part of what defines a preset. ``allowed`` and ``minimum`` bound a
    whole-number option; ``enum`` is an enum option's type (and only an enum option has one).
    """

    name: str
    kind: Kind
    default: Any
    title: Text
    help: Text
    fast: Fast
    applies: Applies = EVERY_GAME
    offered: tuple[Any, ...] = ()
    enum: type[Enum] | None = None
    allowed: tuple[int, ...] = ()
    minimum: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == "enum") != (self.enum is not None):
            raise TypeError(f"option {self.name}: an enum option, and only one, names its enum")
        if self.fast not in ("runs", "no_effect", "unsupported"):
            raise ValueError(f"option {self.name}: fast must be runs, no_effect or unsupported")

    @property
    def default_json(self) -> Any:
        """The default in its JSON form."""
        return self.to_json(self.default)

    @property
    def choices(self) -> tuple[Any, ...]:
        """Every value the option may take, when that is a short list (enums, bounded numbers)."""
        if self.enum is not None:
            return tuple(m.value for m in self.enum)
        if self.kind == "bool":
            return (False, True)
        return self.allowed

    def to_json(self, value: Any) -> Any:
        """A value in its JSON form (an enum's value, cards in the notation)."""
        if isinstance(value, Enum):
            return value.value
        if self.kind == "cards":
            return [str(c) for c in value]
        return value
