"""What the server offers: the presets with their options, match formats and computer players."""

from __future__ import annotations

from typing import Any, Final

from briscola.bots import bot_info, bot_names
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

_OPTION_TITLES: Final[dict[str, tuple[str, str]]] = {
    "inversion": ("Tre e sette invertiti", "Tre/Sette inversion"),
    "accusi": ("Accusi (Re e Cavallo)", "Declarations (King and Knight)"),
    "exchange": ("Scambio della briscola", "Exchanging the briscola"),
    "direction": ("Senso di gioco", "Direction of play"),
    "tie": ("60 a 60", "60-60"),
    "open_hands": ("Carte scoperte", "Open hands"),
    "removed": ("Carta tolta", "Card removed"),
    "partners_see_hands": (
        "I compagni vedono le carte a fine mazzo",
        "Partners see each other's hands at the end",
    ),
    "tricks_visible": ("Guardare le prese della squadra", "Looking through the side's tricks"),
    "points_only_auction": ("Asta solo a punti", "Auction on points only"),
    "caller_leads": ("Il chiamante apre", "The caller leads"),
    "bid_multipliers": ("Moltiplicatori dell'asta", "Bid multipliers"),
    "cappotto_doubles": ("Il cappotto raddoppia", "Cappotto doubles"),
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
    """The options a player may set on a preset, each with its allowed values and default."""
    d = rules.to_dict()
    names: list[tuple[str, list[Any]]] = [
        ("inversion", [False, True]),
        ("accusi", [False, True]),
    ]
    if rules.briscola_face_up:
        names.append(("exchange", ["none", "two", "seven"]))
    names.append(("direction", ["counterclockwise", "clockwise"]))
    names.append(("tie", ["draw", "replay"]))
    if rules.players == 2:
        names.append(("open_hands", [False, True]))
    if rules.players == 3:
        names.append(("removed", ["2c", "2d", "2s", "2b"]))
    if rules.partnership is Partnership.ALTERNATE:
        names.append(("partners_see_hands", [False, True]))
        names.append(("tricks_visible", ["never", "end_phase", "always"]))
    if rules.partnership is Partnership.CALLED:
        for flag in ("points_only_auction", "caller_leads", "bid_multipliers", "cappotto_doubles"):
            names.append((flag, [False, True]))
    out = []
    for name, values in names:
        default = d[name]
        if name == "removed":
            default = default[0] if default else None
        it, en = _OPTION_TITLES[name]
        out.append(
            {"name": name, "title": {"it": it, "en": en}, "values": values, "default": default}
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
