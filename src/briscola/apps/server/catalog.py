"""What the server offers: the presets with their options, match formats and computer players,
as the bodies of ``GET /api/presets`` and ``GET /api/levels`` (pydantic models, in the OpenAPI
document); the request bodies' schemas (:mod:`.schemas`) name the same options and levels."""

from __future__ import annotations

from typing import Any, Final

from pydantic import BaseModel

from briscola.bots import bot_info, bot_names
from briscola.core.options import offered_on
from briscola.core.rules import PRESETS, Partnership, Ruleset
from briscola.i18n import WEB_LANGS, web_translations
from briscola.i18n.ro import option_text

DEFAULT_LEVEL: Final = "simple"

# The usual match formats; their titles are ``matches.<format>`` in the catalogs (briscola.i18n).
_MATCHES: Final = (
    "single",
    "points:120",  # "due smazzate a 120", the common match the seeds name first
    "best-of:3",
    "best-of:5",
    "first-to:2",
    "first-to:3",
    "points:240",
    "deals:5",
)


class Titled(BaseModel):
    """A name in Italian, English and Romanian (the web client's languages)."""

    it: str
    en: str
    ro: str


class OptionInfo(BaseModel):
    """An option of a preset: its allowed values and default."""

    name: str
    title: Titled
    help: Titled | None = None
    values: list[Any]
    default: Any


class PresetInfo(BaseModel):
    """A game variant."""

    name: str
    title: Titled
    description: Titled
    players: int
    teams: bool
    options: list[OptionInfo]
    ruleset: dict[str, Any]


class MatchFormatInfo(BaseModel):
    """A usual match format."""

    name: str
    title: Titled


class PresetsResponse(BaseModel):
    """``GET /api/presets``."""

    presets: list[PresetInfo]
    match_formats: list[MatchFormatInfo]
    default_preset: str
    default_match: str


class LevelInfo(BaseModel):
    """A computer player."""

    name: str
    title: Titled
    description: Titled
    presets: list[str] | None = None
    """The presets it is made for; null: every one."""


class LevelsResponse(BaseModel):
    """``GET /api/levels``."""

    levels: list[LevelInfo]
    default: str


def preset_options(rules: Ruleset) -> list[OptionInfo]:
    """The options a player may set on a preset, from the options registry: each with its title
    and help in Italian, English and Romanian, its allowed values and the preset's value.

    >>> removed = next(o for o in preset_options(PRESETS["three"]) if o.name == "removed")
    >>> removed.default  # one card offered at a time
    '2c'
    >>> preset_options(PRESETS["classic"])[0].help.en[:22]
    "The 7 takes the 3's pl"
    """
    current = rules.to_dict()
    out = []
    for opt in offered_on(rules):
        default = current[opt.name]
        if opt.kind == "cards":
            default = default[0] if default else None
        title, words = opt.title, opt.help
        out.append(OptionInfo(
            name=opt.name,
            title=Titled(it=title.it, en=title.en, ro=option_text(opt.name, 0, title.it)),
            help=Titled(it=words.it, en=words.en, ro=option_text(opt.name, 1, words.it)),
            values=list(opt.offered),
            default=default,
        ))  # fmt: skip
    return out


def presets() -> PresetsResponse:
    """The answer of ``GET /api/presets``."""
    return PresetsResponse(
        presets=[
            PresetInfo(
                name=name,
                title=Titled(**web_translations(f"presets.{name}.title")),
                description=Titled(**web_translations(f"presets.{name}.description")),
                players=rules.players,
                teams=rules.partnership is not Partnership.NONE,
                options=preset_options(rules),
                ruleset=rules.to_dict(),
            )
            for name, rules in PRESETS.items()
        ],
        match_formats=[
            MatchFormatInfo(name=k, title=Titled(**web_translations(f"matches.{k}")))
            for k in _MATCHES
        ],
        default_preset="classic",
        default_match="single",
    )


def levels() -> LevelsResponse:
    """The answer of ``GET /api/levels``: the bots offered to people, each with the presets it
    is made for (``presets``: null for every one); a frozen baseline (not ``listed``) is not."""
    out = []
    for name in bot_names():
        info = bot_info(name)
        if info.listed:
            out.append(LevelInfo(
                name=info.name,
                title=Titled(**{lang: info.title(lang) for lang in WEB_LANGS}),
                description=Titled(**{lang: info.description(lang) for lang in WEB_LANGS}),
                presets=None if info.presets is None else list(info.presets),
            ))  # fmt: skip
    return LevelsResponse(levels=out, default=DEFAULT_LEVEL)
