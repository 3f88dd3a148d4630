"""What the server offers: the presets with their options, match formats and computer players."""

from __future__ import annotations

from typing import Any, Final

from briscola.bots import bot_info, bot_names
from briscola.core.options import offered_on
from briscola.core.rules import PRESETS, Partnership, Ruleset
from briscola.i18n import WEB_LANGS, web_translations
from briscola.i18n.ro import option_text

__all__ = ["DEFAULT_LEVEL", "levels", "match_formats", "preset_options", "presets"]

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


def preset_options(rules: Ruleset) -> list[dict[str, Any]]:
    """The options a player may set on a preset, from the options registry: each with its title
    and help in Italian, English and Romanian, its allowed values and the preset's value.

    >>> removed = next(o for o in preset_options(PRESETS["three"]) if o["name"] == "removed")
    >>> removed["default"]  # one card offered at a time
    '2c'
    >>> preset_options(PRESETS["classic"])[0]["help"]["en"][:22]
    "The 7 takes the 3's pl"
    """
    current = rules.to_dict()
    out = []
    for opt in offered_on(rules):
        default = current[opt.name]
        if opt.kind == "cards":
            default = default[0] if default else None
        title, words = opt.title, opt.help
        out.append({
            "name": opt.name,
            "title": {"it": title.it, "en": title.en, "ro": option_text(opt.name, 0, title.it)},
            "help": {"it": words.it, "en": words.en, "ro": option_text(opt.name, 1, words.it)},
            "values": list(opt.offered),
            "default": default,
        })  # fmt: skip
    return out


def presets() -> dict[str, Any]:
    """The answer of ``GET /api/presets``."""
    items = [
        {
            "name": name,
            "title": web_translations(f"presets.{name}.title"),
            "description": web_translations(f"presets.{name}.description"),
            "players": rules.players,
            "teams": rules.partnership is not Partnership.NONE,
            "options": preset_options(rules),
            "ruleset": rules.to_dict(),
        }
        for name, rules in PRESETS.items()
    ]
    return {
        "presets": items,
        "match_formats": match_formats(),
        "default_preset": "classic",
        "default_match": "single",
    }


def match_formats() -> list[dict[str, Any]]:
    """The usual match formats with their names."""
    return [{"name": k, "title": web_translations(f"matches.{k}")} for k in _MATCHES]


def levels() -> dict[str, Any]:
    """The answer of ``GET /api/levels``: the bots offered to people, each with the presets it
    is made for (``presets``: null for every one); a frozen baseline (not ``listed``) is not."""
    out = []
    for name in bot_names():
        info = bot_info(name)
        if info.listed:
            out.append({
                "name": info.name,
                "title": {lang: info.title(lang) for lang in WEB_LANGS},
                "description": {lang: info.description(lang) for lang in WEB_LANGS},
                "presets": None if info.presets is None else list(info.presets),
            })  # fmt: skip
    return {"levels": out, "default": DEFAULT_LEVEL}
