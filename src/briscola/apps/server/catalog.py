"""What the server offers: the presets with their options, match formats and computer players."""

from __future__ import annotations

from typing import Any, Final

from briscola.bots import bot_info, bot_names
from briscola.core.options import offered_on
from briscola.core.rules import PRESETS, Partnership, Ruleset

__all__ = ["DEFAULT_LEVEL", "levels", "match_formats", "preset_options", "presets"]

DEFAULT_LEVEL: Final = "simple"

_TITLES: Final[dict[str, tuple[str, str, str, str]]] = {
    # name: (it title, en title, it description, en description)
    "classic": (
        "Briscola classica",
        "Classic Briscola",
        "Due giocatori, tre carte a testa, la briscola scoperta sotto il mazzo.",
        "Two players, three cards each, the briscola face up under the stock.",
    ),
    "three": (
        "Briscola a tre",
        "Three-player Briscola",
        "Tre giocatori, ognuno per sé; si toglie un due.",
        "Three players, each for themselves; one 2 is removed.",
    ),
    "pairs": (
        "Briscola a coppie",
        "Briscola in pairs",
        "Quattro giocatori, due coppie: il compagno siede di fronte.",
        "Four players in two pairs: partners sit opposite.",
    ),
    "six": (
        "Briscola a sei",
        "Six-player Briscola",
        "Sei giocatori in due squadre da tre; si tolgono i due.",
        "Six players in two teams of three; the 2s are removed.",
    ),
    "scoperta": (
        "Briscola scoperta",
        "Open Briscola",
        "Due giocatori, carte in vista.",
        "Two players, hands played face up.",
    ),
    "chiamata": (
        "Briscola chiamata",
        "Briscola chiamata (called partner)",
        "Cinque giocatori: un'asta, la carta chiamata, un socio segreto.",
        "Five players: an auction, a called card, a secret partner.",
    ),
}

_MATCHES: Final[dict[str, tuple[str, str]]] = {
    "single": ("Una mano", "One deal"),
    "best-of:3": ("Al meglio di 3", "Best of 3"),
    "best-of:5": ("Al meglio di 5", "Best of 5"),
    "first-to:2": ("Chi vince 2 mani", "First to 2 deals"),
    "first-to:3": ("Chi vince 3 mani", "First to 3 deals"),
    "points:240": ("A 240 punti", "First to 240 points"),
    "deals:5": ("Cinque mani (somma)", "Five deals (totals)"),
}


def preset_options(rules: Ruleset) -> list[dict[str, Any]]:
    """The options a player may set on a preset, from the options registry: each with its title
    and help in Italian and English, its allowed values and the preset's value as default.

    >>> [o["name"] for o in preset_options(PRESETS["three"])][-1]
    'removed'
    >>> preset_options(PRESETS["three"])[-1]["default"]  # one card offered at a time
    '2c'
    """
    current = rules.to_dict()
    out = []
    for opt in offered_on(rules):
        default = current[opt.name]
        if opt.kind == "cards":
            default = default[0] if default else None
        out.append(
            {
                "name": opt.name,
                "title": {"it": opt.title.it, "en": opt.title.en},
                "help": {"it": opt.help.it, "en": opt.help.en},
                "values": list(opt.offered),
                "default": default,
            }
        )
    return out


def presets() -> dict[str, Any]:
    """The answer of ``GET /api/presets``."""
    items = []
    for name, rules in PRESETS.items():
        it, en, dit, den = _TITLES.get(name, (name, name, "", ""))
        items.append(
            {
                "name": name,
                "title": {"it": it, "en": en},
                "description": {"it": dit, "en": den},
                "players": rules.players,
                "teams": rules.partnership is not Partnership.NONE,
                "options": preset_options(rules),
                "ruleset": rules.to_dict(),
            }
        )
    return {
        "presets": items,
        "match_formats": match_formats(),
        "default_preset": "classic",
        "default_match": "single",
    }


def match_formats() -> list[dict[str, Any]]:
    """The usual match formats with their names."""
    return [{"name": k, "title": {"it": it, "en": en}} for k, (it, en) in _MATCHES.items()]


def levels() -> dict[str, Any]:
    """The answer of ``GET /api/levels``: the registered bots."""
    out = []
    for name in bot_names():
        info = bot_info(name)
        out.append(
            {
                "name": info.name,
                "title": {"it": info.title("it"), "en": info.title("en")},
                "description": {"it": info.description("it"), "en": info.description("en")},
            }
        )
    default = DEFAULT_LEVEL if DEFAULT_LEVEL in bot_names() else bot_names()[0]
    return {"levels": out, "default": default}
