"""The HTTP API's bodies as Pydantic models (in the OpenAPI document). The WebSocket's messages
are declared in :mod:`~briscola.apps.server.protocol`.

Strict field types for the HTTP bodies: a JSON boolean is ``true`` or ``false`` only
(``StrictBool``), and a person's text has no control character, each said in the OpenAPI document
as the server checks it.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool

from briscola.apps.server import catalog
from briscola.bots import bot_info, bot_names
from briscola.core.rules import _ALIASES as PRESET_ALIASES
from briscola.core.rules import PRESETS, Ruleset
from briscola.core.text import MAX_DIGITS, has_surrogate

NO_CONTROL = r"^[^\u0000-\u001f\u007f-\u009f]*$"
"""A text without a control character (Unicode category Cc: a NUL, a line break, U+0080-U+009F),
as the OpenAPI document says it (:func:`briscola.apps.server.schemas.printable` checks it with a
clear message)."""


Lang = Literal["it", "en", "ro"]


def printable(text: str) -> str:
    """``text`` unchanged; a clear error when it holds a control character (a NUL, a newline…).

    >>> printable("Anna Maria")
    'Anna Maria'
    >>> printable("An\\x00na")
    Traceback (most recent call last):
    ...
    ValueError: a name cannot contain control characters (such as a NUL or a line break)
    """
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise ValueError("a name cannot contain control characters (such as a NUL or a line break)")
    return unicode_text(text)


def unicode_text(text: str) -> str:
    """``text`` unchanged; a clear error when it holds a lone surrogate, which is no character.

    >>> unicode_text("\\ud800")
    Traceback (most recent call last):
    ...
    ValueError: the text holds a lone surrogate (such as \\ud800), not a character
    """
    if has_surrogate(text):
        raise ValueError("the text holds a lone surrogate (such as \\ud800), not a character")
    return text


PersonName = Annotated[
    str, Field(max_length=40, json_schema_extra={"pattern": NO_CONTROL}), AfterValidator(printable)
]
"""A player's name at a table: at most 40 characters, no control characters."""

Short = Annotated[str, Field(max_length=100), AfterValidator(unicode_text)]
"""A seat's token, an invitation code or a name of the catalog (a preset, a level, a match
format): at most 100 characters of real text."""


# -- the catalog's rules, said in the OpenAPI document ------------------------------------------
# What a request may name is what the catalog offers (briscola.apps.server.catalog): the document
# says it with enums, patterns and one body per preset, and tables.py checks it with its own codes
# (unknown_preset, bad_options, bad_match, unknown_level, bad_seats), so that a request the
# document calls valid is one the server takes.


def counting(most: int = MAX_DIGITS) -> str:
    """A regex of a whole number from 1 written in 1 to ``most`` ASCII digits (leading zeros
    allowed), as :func:`briscola.core.text.ascii_number` reads it.

    >>> import re
    >>> [bool(re.fullmatch(counting(3), t)) for t in ("1", "007", "999", "0", "000", "1000")]
    [True, True, True, False, False, False]
    """
    return "|".join(f"{'0' * k}[1-9][0-9]{{0,{most - 1 - k}}}" for k in range(most))


MATCH_PATTERN = (
    rf"^(single|best-of:[0-9]{{0,{MAX_DIGITS - 1}}}[13579]"
    rf"|(first-to|points|deals):({counting()}))$"
)
"""A table's match format, as :meth:`briscola.core.match.MatchFormat.parse` takes it: ``single``,
``best-of:N`` (N odd), ``first-to:N``, ``points:N`` or ``deals:N``, N from 1 in at most
:data:`~briscola.core.text.MAX_DIGITS` digits.

>>> import re
>>> [bool(re.match(MATCH_PATTERN, t)) for t in ("single", "best-of:3", "points:120", "deals:5")]
[True, True, True, True]
>>> [bool(re.match(MATCH_PATTERN, t)) for t in ("best-of:4", "first-to:0", "deals:1234567")]
[False, False, False]
"""

LEVELS = [n for bot in bot_names() for n in (bot, *bot_info(bot).aliases)]
"""Every computer level a request may name: the bots' names and their aliases."""

_SEATS = ["human", "bot", "bot:", *(f"bot:{level}" for level in LEVELS)]


def _option(option: catalog.OptionInfo) -> dict[str, Any]:
    """An option's values as JSON Schema: a yes/no option a boolean, ``removed`` one offered card
    (``"2d"`` or ``["2d"]``), any other one of its values."""
    if option.values == [False, True]:
        return {"type": "boolean"}
    one = {"enum": option.values}
    if option.name == "removed":
        return {"anyOf": [one, {"type": "array", "items": one, "minItems": 1, "maxItems": 1}]}
    return one


def _per_preset(seats: bool) -> Any:
    """``json_schema_extra`` of a new table's body: one body per preset (``oneOf``, told apart
    by ``preset``: its name or an alias) with the options that preset offers and, with ``seats``,
    one seat per player, the first ``human``."""

    def body(name: str, rules: Ruleset, common: dict[str, Any]) -> dict[str, Any]:
        names = [name, *(alias for alias, key in PRESET_ALIASES.items() if key == name)]
        options = {o.name: _option(o) for o in catalog.preset_options(rules)}
        props = {
            **common,
            "preset": {"enum": names},
            "options": {"type": "object", "properties": options, "additionalProperties": False},
        }
        if seats:
            n = rules.players
            each = {"type": "array", "minItems": n, "maxItems": n, "items": {"enum": _SEATS}}
            each["prefixItems"] = [{"const": "human"}]  # seat 0 is the host's
            props["seats"] = {"anyOf": [each, {"type": "null"}], "default": None}
        out = {"type": "object", "title": name, "properties": props, "additionalProperties": False}
        if name != "classic":  # a body without a preset is the classic game's
            out["required"] = ["preset"]
        return out

    def extra(schema: dict[str, Any]) -> None:
        common = schema.pop("properties")
        del schema["type"], schema["additionalProperties"]
        schema["oneOf"] = [body(name, rules, common) for name, rules in PRESETS.items()]

    return extra


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


Level = Annotated[Short, Field(json_schema_extra={"enum": LEVELS})]
"""A computer level: one of :data:`LEVELS`."""

Match = Annotated[Short, Field(json_schema_extra={"pattern": MATCH_PATTERN})]
"""A table's match format: :data:`MATCH_PATTERN`."""


# -- HTTP -----------------------------------------------------------------------------------------
class ErrorResponse(BaseModel):
    """Every HTTP error."""

    code: str = Field(examples=["bad_options"])
    message: str = Field(examples=["exchange must be one of none, two, seven, not 'three'"])


class _NewTable(_Model):
    """A new table: its game variant, options and match format, and the person's language."""

    preset: Short = "classic"
    options: dict[str, Any] = Field(default_factory=dict)
    match: Match = "single"
    lang: Lang = "it"


class _SeatGiven(BaseModel):
    """A seat given to a person: the table, the seat, the seat's secret token and its page."""

    table_id: str
    seat: int
    token: str
    url: str


class PlayRequest(_NewTable):
    """Play now against the computer: the human sits at seat 0."""

    model_config = ConfigDict(json_schema_extra=_per_preset(seats=False))

    level: Level = "simple"
    name: PersonName = ""


class PlayResponse(_SeatGiven):
    """A table made and started; open ``url``."""


class CreateTableRequest(_NewTable):
    """A table with friends: one entry of ``seats`` per player, ``human`` or ``bot:<level>``."""

    model_config = ConfigDict(json_schema_extra=_per_preset(seats=True))

    seats: list[Short] | None = Field(
        default=None, max_length=8, examples=[["human", "bot:simple", "human", "human"]]
    )
    host_name: PersonName = ""
    public: StrictBool = Field(
        default=False,
        description="listed in the lobby (/ws/lobby) with its invitation link while seats are free",
    )
    hints: StrictBool = Field(
        default=False,
        description="Suggerimenti consentiti: every player may ask for the champion's hint",
    )
    chat: StrictBool = Field(
        default=False,
        description="Chat consentita: the people at the table may write to each other "
        "(free text; friends only: never at a public table, nor one person with the computer)",
    )


class CreateTableResponse(_SeatGiven):
    """The host's seat (0) and token, and the invitation link for friends."""

    invite_code: str
    invite_url: str


class JoinRequest(_Model):
    """Take the first free human seat."""

    invite_code: Short
    name: PersonName = ""


class JoinResponse(_SeatGiven):
    """The seat taken and its token."""


class StartRequest(_Model):
    """The host starts the game; empty human seats go to bots of level ``fill``."""

    token: Short
    fill: Level = "simple"
