"""Rulesets: every option of the rules reference as data, and the named presets.

A :class:`Ruleset` is frozen data; the state machine reads its fields and never a variant's name.
Presets are found by name or alias:

>>> rs = preset("classic")
>>> rs.players, rs.hand_size, len(rs.deck())
(2, 3, 40)
>>> preset("tre").players, len(preset("three").deck())
(3, 39)
>>> preset("classic", inversion=True).points_of(Card.parse("7d"))
10
>>> preset("pairs", open_hands=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
briscola.core.options.RulesetError: open_hands is an option of 2-player games (briscola ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from briscola.core.cards import (
    DEFAULT_POINTS,
    DEFAULT_STRENGTH,
    FULL_DECK,
    INVERTED_POINTS,
    INVERTED_STRENGTH,
    Card,
    CardParseError,
    Rank,
    parse_cards,
)
from briscola.core.option_types import (
    Direction,
    Exchange,
    Partnership,
    PointsTie,
    TieRule,
    TricksVisible,
)
from briscola.core.options import OPTIONS, Option, RulesetError, option
from briscola.core.text import MAX_DIGITS, ascii_number, excerpt, shown

__all__ = [
    "ACCUSO_POINTS",
    "ACCUSO_TRUMP_POINTS",
    "BID_MULTIPLIERS",
    "MAX_BID_POINTS",
    "MIN_BID_POINTS",
    "PRESETS",
    "Direction",
    "Exchange",
    "Partnership",
    "PointsTie",
    "Ruleset",
    "RulesetError",
    "TieRule",
    "TricksVisible",
    "preset",
    "preset_names",
]


ACCUSO_POINTS: Final = 20
"""An accuso (Re and Cavallo of one suit shown together) is worth 20 points..."""
ACCUSO_TRUMP_POINTS: Final = 40
"""... and 40 in the trump suit."""
MIN_BID_POINTS: Final = 61
"""Briscola chiamata: the lowest points contract (a bid of the 2 stands for it)."""
MAX_BID_POINTS: Final = 120
"""Briscola chiamata: the highest points bid (every card point)."""
BID_MULTIPLIERS: Final = ((101, 5), (91, 4), (81, 3), (71, 2))
"""Briscola chiamata with ``bid_multipliers``: a contract of at least so many points multiplies
the settlement by so much (highest threshold first)."""


@dataclass(frozen=True)
class Ruleset:
    """All the rules of one game of Briscola, as data.

    Build one from a preset (:func:`preset`) with overrides, or directly; the constructor checks
    every value and refuses combinations that cannot be played with :class:`RulesetError`. Each
    field is an option of the registry (:mod:`briscola.core.options`), declared there with the
    same default (a test holds them equal), its kind, where it applies and its titles.
    """

    name: str = "classic"
    players: int = 2
    partnership: Partnership = Partnership.NONE
    hand_size: int = 3
    removed: tuple[Card, ...] = ()
    briscola_face_up: bool = True
    inversion: bool = False
    accusi: bool = False
    exchange: Exchange = Exchange.NONE
    open_hands: bool = False
    tie: TieRule = TieRule.DRAW
    points_tie: PointsTie = PointsTie.DRAW
    direction: Direction = Direction.COUNTERCLOCKWISE
    partners_see_hands: bool = False
    partners_show_first: bool = False
    tricks_visible: TricksVisible = TricksVisible.END_PHASE
    points_only_auction: bool = False
    call_card: bool = False
    caller_leads: bool = False
    bid_multipliers: bool = False
    cappotto_doubles: bool = False
    signals: bool = False
    _points: Mapping[Rank, int] = field(init=False, repr=False, compare=False)
    _strength: Mapping[Rank, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for opt in OPTIONS:
            _check(opt, getattr(self, opt.name))
        self._validate()
        object.__setattr__(self, "_points", INVERTED_POINTS if self.inversion else DEFAULT_POINTS)
        object.__setattr__(
            self, "_strength", INVERTED_STRENGTH if self.inversion else DEFAULT_STRENGTH
        )

    # -- validation: the combinations that cannot be played ---------------------------------
    def _validate(self) -> None:
        n = self.players
        if len(set(self.removed)) != len(self.removed):
            raise RulesetError("removed lists a card twice")
        size = 40 - len(self.removed)
        if size % n:
            raise RulesetError(
                f"a deck of {size} cards cannot be shared by {n} players: "
                f"remove cards so that the deck divides by {n}"
            )
        if self.hand_size < 1 or self.hand_size * n > size:
            raise RulesetError(f"hand_size {self.hand_size} does not fit {n} players")
        if self.partnership is Partnership.ALTERNATE and n not in (4, 6):
            raise RulesetError(f"alternate-seat teams need 4 or 6 players, not {n}")
        if self.partnership is Partnership.CALLED:
            if n != 5:
                raise RulesetError("a called partner (Briscola chiamata) needs 5 players")
            if self.briscola_face_up:
                raise RulesetError("Briscola chiamata has no face-up briscola: the caller names it")
        elif n == 5:
            raise RulesetError("5 players play Briscola chiamata: partnership must be 'called'")
        if self.partnership is not Partnership.CALLED and not self.briscola_face_up:
            raise RulesetError("without a called trump, the briscola must be turned face up")
        self._refuse_options_out_of_place()
        if self.partnership is Partnership.CALLED and self.removed:
            raise RulesetError(
                "Briscola chiamata is played with the whole deck: remove no cards "
                "(the called card could be a removed one, held by nobody)"
            )
        if self.partnership is Partnership.CALLED and self.hand_size * n != size:
            raise RulesetError("Briscola chiamata deals the whole deck: hand_size must be 8")
        if self.briscola_face_up and self.hand_size * n >= size:
            raise RulesetError(
                f"hand_size {self.hand_size} for {n} players deals the whole deck: "
                "no card is left to turn up as the briscola"
            )
        if self.exchange is not Exchange.NONE:
            if not self.briscola_face_up:
                raise RulesetError("exchanging the briscola needs a face-up briscola")
            if size == self.hand_size * n:
                raise RulesetError("exchanging the briscola needs a stock to lie under")

    def _refuse_options_out_of_place(self) -> None:
        """An option set outside the games where the registry says it applies (and is refused)."""
        for opt in OPTIONS:
            set_here = getattr(self, opt.name) != opt.default
            if set_here and opt.applies.refused and not opt.applies(self):
                raise RulesetError(
                    f"{opt.name} is an option of {opt.applies.where.en}, "
                    f"not for {self.players} players"
                )

    # -- derived facts ----------------------------------------------------------------------
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in index order (the full deck less the removed cards)."""
        removed = set(self.removed)
        return tuple(c for c in FULL_DECK if c not in removed)

    def points_of(self, card: Card) -> int:
        """A card's points under these rules."""
        return self._points[card.rank]

    def strength_of(self, card: Card) -> int:
        """A card's strength within its suit under these rules (higher takes)."""
        return self._strength[card.rank]

    @property
    def total_points(self) -> int:
        """The card points in the deck (120 unless cards worth points are removed)."""
        return sum(self.points_of(c) for c in self.deck())

    @property
    def step(self) -> int:
        """+1 for counter-clockwise play (the default), -1 for clockwise."""
        return 1 if self.direction is Direction.COUNTERCLOCKWISE else -1

    @property
    def team_count(self) -> int:
        """How many sides play (fixed teams: 2; every seat for itself: one per seat)."""
        if self.partnership is Partnership.NONE:
            return self.players
        return 2

    def team_of(self, seat: int) -> int:
        """The fixed side a seat plays for (seat number when there are no teams).

        For Briscola chiamata sides are known only during play; see ``State.team_of``.
        """
        if self.partnership is Partnership.ALTERNATE:
            return seat % 2
        return seat

    # -- data -------------------------------------------------------------------------------
    def with_options(self, **options: Any) -> Ruleset:
        """A copy with some options changed, given as values or as their text forms."""
        return Ruleset.from_dict({**self.to_dict(), **options})

    def to_dict(self) -> dict[str, Any]:
        """The ruleset as JSON-ready data (enums as their values, cards in the notation)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.init:
                value = getattr(self, f.name)
                out[f.name] = value.value if isinstance(value, Enum) else _json_cards(value)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """A ruleset from :meth:`to_dict`'s data. With a ``preset`` key, the rest overrides it.

        >>> Ruleset.from_dict({"preset": "pairs", "direction": "clockwise"}).direction
        <Direction.CLOCKWISE: 'clockwise'>
        >>> Ruleset.from_dict({"players": 2, "colour": "red"})
        Traceback (most recent call last):
        ...
        briscola.core.options.RulesetError: unknown ruleset option 'colour'; known options: ...
        """
        if not isinstance(data, Mapping):
            raise RulesetError(f"a ruleset must be an object of options, not {data!r}")
        data = dict(data)
        kwargs: dict[str, Any] = {}
        if "preset" in data:
            kwargs = preset(str(data.pop("preset"))).to_dict()
        for key, value in data.items():
            option(key)  # an unknown key is refused, naming the known ones
            kwargs[key] = value
        return cls(**{key: _coerce(option(key), value) for key, value in kwargs.items()})


def _json_cards(value: Any) -> Any:
    """Cards in the notation; any other value as it is."""
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        return [str(c) for c in value]
    return value


# -- coercion and type checks, derived from each option's kind ------------------------------------
_TRUE: Final = frozenset({"true", "yes", "on", "1", "si", "sì"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


def _coerce(opt: Option, value: Any) -> Any:
    """Turn an option's text or JSON form into its Python value, with a clear error."""
    if opt.enum is not None:
        return _coerce_enum(opt, opt.enum, value)
    if opt.kind == "cards":
        return _coerce_cards(opt, value)
    if opt.kind == "int":
        if isinstance(value, str):
            number = ascii_number(value.strip())
            if number is None:
                raise RulesetError(f"{opt.name} must be a whole number, not {excerpt(value)}")
            value = number
        _check(opt, value)
        return value
    if opt.kind == "str":
        return str(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
        return value.lower() in _TRUE
    raise RulesetError(f"{opt.name} must be true or false, not {shown(value)}")


def _coerce_enum(opt: Option, kind: type[Enum], value: Any) -> Enum:
    if isinstance(value, kind):
        return value
    wanted = str(value).lower().replace("-", "").replace("_", "")
    for member in kind:
        if str(member.value).replace("_", "") == wanted:
            return member
    raise RulesetError(f"{opt.name} must be one of {', '.join(opt.choices)}, not {shown(value)}")


def _coerce_cards(opt: Option, value: Any) -> tuple[Card, ...]:
    try:
        if isinstance(value, str):
            return parse_cards(value)
        if isinstance(value, list | tuple):
            return tuple(v if isinstance(v, Card) else Card.parse(str(v)) for v in value)
    except CardParseError as exc:
        raise RulesetError(f"{opt.name}: {exc}") from None
    raise RulesetError(f"{opt.name} must be a list of cards, not {shown(value)}")


def _check(opt: Option, value: Any) -> None:
    """Refuse a field of the wrong type (an enum's, a whole number's) or out of its range.

    Yes/no, card and text fields are taken as given (their text forms go through :func:`_coerce`).
    """
    if opt.enum is not None and not isinstance(value, opt.enum):
        raise RulesetError(f"{opt.name} must be a {opt.enum.__name__}, not {shown(value)}")
    if opt.kind != "int":
        return
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesetError(f"{opt.name} must be a whole number, not {shown(value)}")
    if abs(value) >= 10**MAX_DIGITS:
        raise RulesetError(f"{opt.name} must have at most {MAX_DIGITS} digits, not {shown(value)}")
    if opt.allowed and value not in opt.allowed:
        raise RulesetError(f"{opt.name} must be {_either(opt.allowed)}, not {value}")
    if opt.minimum is not None and value < opt.minimum:
        raise RulesetError(f"{opt.name} {value} is too small: it must be at least {opt.minimum}")


def _either(values: Iterable[object]) -> str:
    """``2, 3 or 4``."""
    texts = [str(v) for v in values]
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


def _make_presets() -> dict[str, Ruleset]:
    two_of_coppe = (Card.parse("2c"),)
    all_twos = parse_cards("2c 2d 2s 2b")
    return {
        "classic": Ruleset(name="classic"),
        "three": Ruleset(name="three", players=3, removed=two_of_coppe),
        "quattro": Ruleset(name="quattro", players=4),
        "pairs": Ruleset(
            name="pairs",
            players=4,
            partnership=Partnership.ALTERNATE,
            partners_see_hands=True,
        ),
        "six": Ruleset(
            name="six",
            players=6,
            partnership=Partnership.ALTERNATE,
            removed=all_twos,
            partners_see_hands=True,
        ),
        "scoperta": Ruleset(name="scoperta", open_hands=True),
        "chiamata": Ruleset(
            name="chiamata",
            players=5,
            partnership=Partnership.CALLED,
            hand_size=8,
            briscola_face_up=False,
        ),
    }


PRESETS: Final[Mapping[str, Ruleset]] = _make_presets()
"""The named presets: classic (2), three, quattro (4 each for themselves), pairs (4), six,
scoperta (2, open hands), chiamata (5)."""

_ALIASES: Final = {
    "2": "classic",
    "two": "classic",
    "due": "classic",
    "classica": "classic",
    "3": "three",
    "tre": "three",
    "4": "pairs",
    "four": "pairs",
    "4-solo": "quattro",
    "senza-coppie": "quattro",
    "coppie": "pairs",
    "6": "six",
    "sei": "six",
    "open": "scoperta",
    "5": "chiamata",
    "five": "chiamata",
    "cinque": "chiamata",
    "briscolone": "chiamata",
}


def preset_names() -> tuple[str, ...]:
    """The presets' names (aliases not included)."""
    return tuple(PRESETS)


def preset(name: str, **options: Any) -> Ruleset:
    """The named preset (or alias), with optional option overrides.

    >>> preset("4").name, preset("quattro").players, preset("quattro").team_count
    ('pairs', 4, 4)
    >>> preset("seven")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    briscola.core.options.RulesetError: unknown preset 'seven'; presets: classic, three, ...
    """
    key = _ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in PRESETS:
        raise RulesetError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
    base = PRESETS[key]
    return base.with_options(**options) if options else base
