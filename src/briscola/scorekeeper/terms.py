"""A score sheet's terms: its target, its match format, its competitors and its closed games.

All values here are frozen data that read from and write to short texts or JSON-ready dicts.

>>> Target.parse("120")
Target(kind=<TargetKind.TWO_DEALS_120: 'two_deals_120'>, value=120)
>>> SheetFormat.parse("best-of:3").wins_needed
2
>>> Competitor.parse("Anna+Bruno")
Competitor(name='Anna & Bruno', members=('Anna', 'Bruno'), trophies=0, matches=0)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Final

from briscola.core.text import EXCERPT, MAX_DIGITS, ascii_number
from briscola.scorekeeper.messages import DEFAULT_LANG, ScoreError, t

__all__ = [
    "CHIAMATA_DEFAULT_UNITS",
    "DEAL_POINTS",
    "DECLARATIONS_MAX",
    "EXCERPT",
    "MAX_TARGET",
    "Competitor",
    "FormatKind",
    "GameEntry",
    "Outcome",
    "SheetFormat",
    "Target",
    "TargetKind",
    "ascii_number",
    "clean_name",
]

DEAL_POINTS: Final = 120
"""The card points of one deal."""
DECLARATIONS_MAX: Final = 220
"""The most one deal can be worth with declarations: 120 + 20 x 3 + 40 (the trump suit)."""
CHIAMATA_DEFAULT_UNITS: Final = 10
"""The default target of a chiamata sheet, in units."""
MAX_TARGET: Final = 10**MAX_DIGITS - 1
"""The largest target a sheet takes."""


def clean_name(text: str) -> str:
    """A name with its spaces tidied; :class:`ScoreError` when nothing is left.

    >>> clean_name("  Anna   Maria ")
    'Anna Maria'
    >>> clean_name("   ")
    Traceback (most recent call last):
    ...
    briscola.scorekeeper.messages.ScoreError: a name cannot be empty
    >>> clean_name("An\\x00na")
    Traceback (most recent call last):
    ...
    briscola.scorekeeper.messages.ScoreError: a name cannot contain control characters
    """
    name = " ".join(str(text).split())
    if not name:
        raise ScoreError("empty_name")
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise ScoreError("control_name")
    return name


class TargetKind(Enum):
    """The target presets."""

    DEAL61 = "deal61"  # 61 points in one deal: each game is a single deal
    TWO_DEALS_120 = "two_deals_120"  # 120 points added up over the deals (two, usually)
    CHIAMATA = "chiamata"  # units of Briscola chiamata, added up over the deals (may go negative)
    CUSTOM = "custom"  # any number of points, added up over the deals


@dataclass(frozen=True)
class Target:
    """What a competitor must reach to win a game.

    A ``deal61`` game is one deal; the other kinds add up the deals of a game until someone
    reaches the value. Chiamata counts units, which may be negative; the others count card
    points (0 to 120 a deal, more with declarations).
    """

    kind: TargetKind = TargetKind.DEAL61
    value: int = 61

    def __post_init__(self) -> None:
        if self.value < 1:
            raise ScoreError("target_low", value=self.value)
        fixed = {TargetKind.DEAL61: 61, TargetKind.TWO_DEALS_120: 120}.get(self.kind)
        if fixed is not None and self.value != fixed:
            raise ScoreError("bad_target", text=f"{self.kind.value}:{self.value}")

    @property
    def single_deal(self) -> bool:
        """Whether each game is one deal."""
        return self.kind is TargetKind.DEAL61

    @property
    def counts_points(self) -> bool:
        """Whether the sheet counts card points (checked: 0..120 a deal), not chiamata units."""
        return self.kind is not TargetKind.CHIAMATA

    def __str__(self) -> str:
        if self.kind is TargetKind.DEAL61:
            return "61"
        if self.kind is TargetKind.TWO_DEALS_120:
            return "120"
        if self.kind is TargetKind.CHIAMATA:
            return f"chiamata:{self.value}"
        return str(self.value) if self.value not in (61, 120) else f"custom:{self.value}"

    def describe(self, lang: str = DEFAULT_LANG) -> str:
        """The target in words.

        >>> Target.parse("chiamata").describe("en")
        '10 units (chiamata)'
        """
        return t(f"target.{self.kind.value}", lang, value=self.value)

    @classmethod
    def parse(cls, text: str | int) -> Target:
        """A target from ``61``, ``120``, ``chiamata`` (``chiamata:15``), or any number.

        The preset names ``deal61`` and ``two_deals_120`` work too; ``custom:N`` forces a
        custom target of N points added up over the deals.

        >>> str(Target.parse("chiamata:15")), str(Target.parse(200)), str(Target.parse("deal61"))
        ('chiamata:15', '200', '61')
        >>> Target.parse("0")
        Traceback (most recent call last):
        ...
        briscola.scorekeeper.messages.ScoreError: the target must be at least 1, not 0
        """
        if isinstance(text, bool) or not isinstance(text, (str, int)):
            raise ScoreError("bad_target", text=_cut(repr(text)))
        if isinstance(text, int) and not -MAX_TARGET <= text <= MAX_TARGET:
            raise ScoreError("bad_target", text=f"a number of more than {MAX_DIGITS} digits")
        raw = str(text).strip().lower()
        key, sep, number = raw.partition(":")
        key, number = key.strip().replace(" ", "_"), number.strip()
        if ascii_number(key.lstrip("+-")) is None:
            key = key.replace("-", "_")
        if key == "chiamata":
            if not sep:
                return cls(TargetKind.CHIAMATA, CHIAMATA_DEFAULT_UNITS)
            return cls(TargetKind.CHIAMATA, _number(number, text))
        if key == "custom" and sep:
            return cls(TargetKind.CUSTOM, _number(number, text))
        if key in ("61", "deal61") and not sep:
            return cls()
        if key in ("120", "two_deals_120") and not sep:
            return cls(TargetKind.TWO_DEALS_120, 120)
        if sep:
            raise ScoreError("bad_target", text=_cut(raw))
        return cls(TargetKind.CUSTOM, _number(key, text))


def _cut(text: str) -> str:
    """``text`` cut to :data:`~briscola.core.text.EXCERPT` characters for an error message."""
    return text if len(text) <= EXCERPT else text[:EXCERPT] + "…"


def _number(text: str, whole: str | int) -> int:
    """A whole number in ASCII digits with an optional sign, at most ``MAX_TARGET``."""
    sign = -1 if text.startswith("-") else 1
    value = ascii_number(text[1:] if text[:1] in "+-" else text)
    if value is None or value > MAX_TARGET:
        raise ScoreError("bad_target", text=_cut(str(whole)))
    return sign * value


class FormatKind(Enum):
    """The match formats."""

    SINGLE = "single"  # every game stands alone
    BEST_OF = "best-of"  # best of N games: a majority wins the match
    FIRST_TO = "first-to"  # the first to win N games wins the match


_FORMAT_ALIASES: Final = {
    "single": FormatKind.SINGLE,
    "singola": FormatKind.SINGLE,
    "best-of": FormatKind.BEST_OF,
    "meglio-di": FormatKind.BEST_OF,
    "al-meglio-di": FormatKind.BEST_OF,
    "first-to": FormatKind.FIRST_TO,
    "primo-a": FormatKind.FIRST_TO,
}


@dataclass(frozen=True)
class SheetFormat:
    """How a sheet's games make a match: one game, best of N, or first to N games won.

    (Not :class:`briscola.core.match.MatchFormat`, the format of a match at a table.)
    """

    kind: FormatKind = FormatKind.SINGLE
    n: int = 1

    def __post_init__(self) -> None:
        if self.kind is FormatKind.SINGLE:
            if self.n != 1:
                raise ScoreError("bad_format", text=f"single:{self.n}")
            return
        if self.n < 1:
            raise ScoreError("format_number", text=self.kind.value, example=f"{self.kind.value}:3")
        if self.kind is FormatKind.BEST_OF and self.n % 2 == 0:
            raise ScoreError("even_best_of", n=self.n)

    @property
    def wins_needed(self) -> int:
        """The games a competitor must win to take the match."""
        return self.n // 2 + 1 if self.kind is FormatKind.BEST_OF else self.n

    def __str__(self) -> str:
        return "single" if self.kind is FormatKind.SINGLE else f"{self.kind.value}:{self.n}"

    def describe(self, lang: str = DEFAULT_LANG) -> str:
        """The format in words.

        >>> SheetFormat.parse("first-to:2").describe("it")
        'chi vince prima 2'
        """
        return t(f"format.{self.kind.value}", lang, n=self.n)

    @classmethod
    def parse(cls, text: str) -> SheetFormat:
        """A format from ``single``, ``best-of:N`` or ``first-to:N`` (also ``best of 3``,
        ``best-of-3``, and the Italian ``singola``, ``meglio-di:3``, ``primo-a:2``).

        >>> str(SheetFormat.parse("Best of 5")), str(SheetFormat.parse("primo-a:2"))
        ('best-of:5', 'first-to:2')
        >>> SheetFormat.parse("best-of:4")
        Traceback (most recent call last):
        ...
        briscola.scorekeeper.messages.ScoreError: best of 4: choose an odd number of games
        """
        raw = "-".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())
        raw = raw.replace("-:", ":").replace(":-", ":")
        key, sep, number = raw.partition(":")
        if not sep:
            head, _, tail = raw.rpartition("-")
            if ascii_number(tail) is not None and head:
                key, number = head, tail
        kind = _FORMAT_ALIASES.get(key)
        if kind is None:
            raise ScoreError("bad_format", text=_cut(str(text)))
        if kind is FormatKind.SINGLE:
            if number:
                raise ScoreError("bad_format", text=_cut(str(text)))
            return cls()
        count = ascii_number(number, 3)
        if count is None:
            raise ScoreError("format_number", text=_cut(str(text)), example=f"{kind.value}:3")
        return cls(kind, count)


@dataclass(frozen=True)
class Competitor:
    """A player, or a pair registered as one competitor (``members`` holds both names).

    ``trophies`` counts the games won on this sheet, ``matches`` the matches won.
    """

    name: str
    members: tuple[str, ...] = ()
    trophies: int = 0
    matches: int = 0

    @property
    def is_pair(self) -> bool:
        """Whether this competitor is a pair (or a team) of players."""
        return len(self.members) > 1

    def matches_name(self, text: str) -> bool:
        """Whether ``text`` is this competitor's name or one member's (any case)."""
        key = text.casefold()
        return key == self.name.casefold() or any(key == m.casefold() for m in self.members)

    @classmethod
    def parse(cls, text: str) -> Competitor:
        """A competitor from ``Anna``, a pair ``Anna+Bruno`` (named ``Anna & Bruno``) or a named
        pair ``Noi=Anna+Bruno``.

        >>> Competitor.parse("Noi = Anna + Bruno")
        Competitor(name='Noi', members=('Anna', 'Bruno'), trophies=0, matches=0)
        >>> Competitor.parse("Anna+")
        Traceback (most recent call last):
        ...
        briscola.scorekeeper.messages.ScoreError: a name cannot be empty
        """
        label, sep, rest = str(text).partition("=")
        if not sep:
            label, rest = "", label
        if "+" not in rest:
            if sep:
                raise ScoreError("bad_pair", text=str(text))
            return cls(clean_name(rest))
        members = tuple(clean_name(m) for m in rest.split("+"))
        name = clean_name(label) if sep else " & ".join(members)
        return cls(name, members)

    def to_dict(self) -> dict[str, Any]:
        """This competitor as a JSON-ready dict.

        >>> Competitor.parse("Anna+Bruno").to_dict()
        {'name': 'Anna & Bruno', 'members': ['Anna', 'Bruno'], 'trophies': 0, 'matches': 0}
        """
        return _json_ready(self)


class Outcome(Enum):
    """How a game stands or ended."""

    PLAYING = "playing"  # nobody has won yet
    WIN = "win"
    DRAW = "draw"  # e.g. 60-60
    UNFINISHED = "unfinished"  # closed with New game before a result


@dataclass(frozen=True)
class GameEntry:
    """A closed game in a sheet's history (won, drawn, or closed unfinished).

    ``names`` are the competitors at the time, in order, with their ``totals``; ``deals``
    holds each deal's points. ``match_winner`` is set when this game decided a match, and
    ``standing`` is the match standing right after this game.
    (Not :class:`briscola.core.record.GameRecord`, the record of a deal played at a table.)
    """

    number: int
    match: int
    names: tuple[str, ...]
    totals: tuple[int, ...]
    deals: tuple[tuple[int, ...], ...]
    outcome: Outcome
    winner: str | None = None
    match_winner: str | None = None
    standing: tuple[int, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """This game as a JSON-ready dict; :meth:`from_dict` reads it back.

        >>> game = GameEntry(1, 1, ("Anna", "Bruno"), (61, 59), ((61, 59),), Outcome.WIN, "Anna")
        >>> GameEntry.from_dict(game.to_dict()) == game
        True
        """
        return _json_ready(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameEntry:
        """The game :meth:`to_dict` wrote."""
        return cls(
            number=int(data["number"]),
            match=int(data["match"]),
            names=tuple(data["names"]),
            totals=tuple(int(x) for x in data["totals"]),
            deals=tuple(tuple(int(x) for x in d) for d in data["deals"]),
            outcome=Outcome(data["outcome"]),
            winner=data.get("winner"),
            match_winner=data.get("match_winner"),
            standing=tuple(int(x) for x in data.get("standing", ())),
        )


def _json_ready(value: Competitor | GameEntry) -> dict[str, Any]:
    """A frozen value as a JSON-ready dict of its fields, in order."""
    return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}


def _plain(value: Any) -> Any:
    """Tuples as lists and enums as their values, all the way down."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
