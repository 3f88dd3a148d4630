"""Romanian: the words the server gives the web client (the computer players, the presets, the
match formats, the analysis, the error pages) and the options' titles and help.

Romanian is a language of the web client only (:data:`briscola.i18n.WEB_LANGS`): the terminal and
the score keeper's command line speak Italian and English. Its words are those of Romanian players
of Briscola: the Italian suits keep their names (denari, coppe, spade, bastoni), the trump is the
"atu", a trick a "levată", a deal (the Italian "smazzata") a "mână", a match a "partidă".

:data:`MESSAGES` holds, for every key of the areas in :data:`AREAS`, the same placeholders as the
Italian; :data:`OPTIONS` holds each option of :data:`briscola.core.options.OPTIONS` by name, its
title and its help (``tests/i18n/test_romanian.py`` checks both).
"""

from __future__ import annotations

from typing import Final

AREAS: Final = ("bots", "presets", "matches", "analysis", "web")
"""The catalog's areas that Romanian covers: what the server words for the web client."""

MESSAGES: Final[dict[str, str]] = {
    # the analysis of a deal (analysis/ratings.py, analysis/hints.py)
    "analysis.rating.forced": "obligatorie",
    "analysis.rating.best": "excelentă",
    "analysis.rating.good": "bună",
    "analysis.rating.inaccuracy": "imprecizie",
    "analysis.rating.mistake": "greșeală",
    "analysis.rating.blunder": "greșeală gravă",
    "analysis.hint.play": "Joacă {action}: câștigi în {win} din cazuri.",
    "analysis.hint.do": "Alege „{action}”: câștigi în {win} din cazuri.",
    "analysis.hint.others": "Celelalte mutări: {others}.",
    "analysis.hint.only": "Este singura mutare posibilă.",
    # the computer players (bots/base.py)
    "bots.random.title": "La întâmplare",
    "bots.random.description": "joacă o mutare permisă la întâmplare",
    "bots.simple.title": "Chibzuit",
    "bots.simple.description": "ia punctele ieftin, nu risipește atuurile, îl ajută pe partener",
    "bots.beginner.title": "Începător",
    "bots.beginner.description": "joacă aproape la întâmplare, cu puțină judecată",
    "bots.easy.title": "Ușor",
    "bots.easy.description": (
        "înhață pe loc toate punctele pe care le poate, fără să numere cărțile"
    ),
    "bots.medium.title": "Mediu",
    "bots.medium.description": (
        "numără cărțile, își păstrează atuurile, îi dă puncte partenerului"
    ),
    "bots.hard.title": "Greu",
    "bots.hard.description": (
        "joacă precum Mediul, dar verifică fiecare carte simulând sute de mâini"
    ),
    "bots.champion.title": "Campion",
    "bots.champion.description": "explorează mii de mâini posibile și rezolvă perfect finalul",
    # the presets (apps/server/catalog.py)
    "presets.classic.title": "Briscola clasică",
    "presets.classic.description": (
        "Doi jucători, câte trei cărți, atuul întors cu fața în sus sub pachet."
    ),
    "presets.three.title": "Briscola în trei",
    "presets.three.description": "Trei jucători, fiecare pentru sine; se scoate un doi.",
    "presets.quattro.title": "Briscola în patru",
    "presets.quattro.description": "Patru jucători, fiecare pentru sine: fără perechi.",
    "presets.pairs.title": "Briscola în perechi",
    "presets.pairs.description": "Patru jucători, două perechi: partenerul stă în fața ta.",
    "presets.six.title": "Briscola în șase",
    "presets.six.description": (
        "Șase jucători în două echipe de câte trei; se scot cei patru de doi."
    ),
    "presets.scoperta.title": "Briscola la vedere",
    "presets.scoperta.description": "Doi jucători, cărțile jucate cu fața în sus.",
    "presets.chiamata.title": "Briscola chiamata",
    "presets.chiamata.description": (
        "Cinci jucători: o licitație, cartea chemată, un partener secret."
    ),
    # the match formats (apps/server/catalog.py)
    "matches.single": "O mână",
    "matches.best-of:3": "Cel mai bun din 3",
    "matches.best-of:5": "Cel mai bun din 5",
    "matches.first-to:2": "Primul la 2 mâini",
    "matches.first-to:3": "Primul la 3 mâini",
    "matches.points:240": "La 240 de puncte",
    "matches.deals:5": "Cinci mâini (punctele adunate)",
    # the error pages (apps/server/pages.py)
    "web.error.unknown_table.title": "Masa aceasta nu există",
    "web.error.unknown_table.text": (
        "Masa acestui link nu există sau partida ei s-a terminat demult. Verifică linkul "
        "sau începe o partidă nouă."
    ),
    "web.error.not_found.title": "Pagina nu a fost găsită",
    "web.error.not_found.text": "La această adresă nu e nimic: poate linkul e incomplet.",
    "web.error.home": "La pagina principală",
    "web.error.language": "Română",
    "web.player": "Jucătorul {n}",
}
"""Every Romanian message by key."""

OPTIONS: Final[dict[str, tuple[str, str]]] = {
    "name": (
        "Numele regulilor",
        "Numele regulilor, de obicei al variantei din care vin; nu schimbă jocul.",
    ),
    "players": (
        "Jucători",
        "Câți joacă: 2, 3, 4 sau 6 (la 4 și la 6 și pe echipe), 5 la Briscola chiamata.",
    ),
    "partnership": (
        "Echipe",
        "Cum se formează echipele: none, fiecare pentru sine; alternate, două echipe pe locuri "
        "alternate (partenerul stă în față); called, partenerul secret de la Briscola chiamata.",
    ),
    "hand_size": (
        "Cărți în mână",
        "Cărțile date fiecăruia: 3, sau 8 la Briscola chiamata, care împarte tot pachetul.",
    ),
    "briscola_face_up": (
        "Atu întors",
        "După împărțire se întoarce o carte: culoarea ei este atuul și se trage ultima. La "
        "Briscola chiamata nu se întoarce nimic: atuul îl alege cel care a câștigat licitația.",
    ),
    "inversion": (
        "Trei și Șapte inversați",
        "Șapte ia locul lui Trei: a doua carte ca forță și 10 puncte; Trei devine o carte "
        "simplă (0 puncte). Totalul rămâne 120.",
    ),
    "accusi": (
        "Anunțuri (Rege și Cal)",
        "Cine are Regele și Calul din aceeași culoare le poate anunța când îi vine rândul: +20 "
        "de puncte, +40 în culoarea de atu, o dată pe culoare.",
    ),
    "exchange": (
        "Schimbul atuului",
        "none: fără schimb; two: cine are doiul de atu îl poate schimba cu cartea de atu "
        "întoarsă, înainte de prima levată sau în timpul ei; seven: cine are șeptarul de atu îl "
        "poate schimba după ce a luat o levată, cât timp atuul întors e pe masă.",
    ),
    "direction": (
        "Sensul jocului",
        "counterclockwise: invers acelor de ceasornic, ca de obicei; clockwise: în sensul "
        "acelor de ceasornic. Pentru joc și pentru împărțire.",
    ),
    "tie": (
        "60 la 60",
        "Ce înseamnă 60 la 60 (primul loc la egalitate de puncte): draw, egalitate; replay, "
        "mâna se rejoacă.",
    ),
    "points_tie": (
        "Egalitate la țintă",
        "Într-o partidă pe puncte (de exemplu două mâini la 120), dacă cei care ajung la țintă "
        "sunt la egalitate (120 la 120): draw, e egalitate; one_more, se mai joacă o mână. "
        "Pentru joc și pentru ținerea scorului.",
    ),
    "open_hands": (
        "Cărți la vedere",
        "Briscola scoperta: cărțile se joacă cu fața în sus, fiecare le vede pe ale celuilalt.",
    ),
    "removed": (
        "Cărți scoase",
        "Cărțile lăsate în afara pachetului: la trei jucători un doi (doiul de coppe, dacă nu se "
        "alege altul), la șase cei patru de doi.",
    ),
    "partners_see_hands": (
        "Partenerii își văd cărțile la sfârșitul pachetului",
        "După ce se termină pachetul, partenerii își arată cărțile din mână.",
    ),
    "tricks_visible": (
        "Privitul propriilor levate",
        "Când se pot privi levatele luate (pe echipe, ale echipei): end_phase, după ce s-a tras "
        "ultima carte, și în doi; never, niciodată; always, oricând. Până atunci levatele stau "
        "cu fața în jos și punctele se numără din memorie.",
    ),
    "points_only_auction": (
        "Licitație doar pe puncte",
        'Ofertele sunt doar pe puncte, de la 61 la 120, chiar de la prima ("subito al due").',
    ),
    "caller_leads": (
        "Deschide cel care cheamă",
        "Cel care a câștigat licitația joacă prima carte, în locul jucătorului din dreapta "
        "celui care împarte.",
    ),
    "bid_multipliers": (
        "Multiplicatorii licitației",
        "Ofertele mari înmulțesc miza: 71+ ×2, 81+ ×3, 91+ ×4, 101+ ×5.",
    ),
    "cappotto_doubles": (
        "Cappotto dublează",
        "Miza se dublează când o echipă ia toate punctele din cărți (cappotto).",
    ),
}
"""Each option's Romanian title and help by its name (the Italian and English are in the
options registry, :mod:`briscola.core.options`)."""


def option_text(name: str, part: int, italian: str) -> str:
    """The Romanian title (``part`` 0) or help (``part`` 1) of the option ``name``; its
    ``italian`` where Romanian lacks the option (a new one: ``tests/i18n`` fails then, the server
    still answers).

    >>> option_text("inversion", 0, "Tre e sette invertiti")
    'Trei și Șapte inversați'
    >>> option_text("no_such_option", 1, "aiuto")
    'aiuto'
    """
    words = OPTIONS.get(name)
    return words[part] if words else italian
