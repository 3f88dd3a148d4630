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

AREAS: Final = ("bots", "presets", "matches", "analysis", "web", "score")
"""The catalog's areas that Romanian covers: what the server words for the web client (of the
score keeper's, all but its command line's, :data:`NOT_COVERED`)."""
NOT_COVERED: Final = ("score.ui.",)
"""The keys Romanian leaves out: the score keeper's command line."""


def covers(key: str) -> bool:
    """Does Romanian have words for the catalog key ``key``?

    >>> covers("bots.easy.title"), covers("score.change.deal"), covers("score.ui.prompt")
    (True, True, False)
    >>> covers("terminal.bye")
    False
    """
    return key.split(".")[0] in AREAS and not key.startswith(NOT_COVERED)


MESSAGES: Final[dict[str, str]] = {
    # the analysis of a deal (analysis/ratings.py, analysis/hints.py)
    "analysis.rating.forced": "obligatorie",
    "analysis.rating.best": "excelentă",
    "analysis.rating.good": "bună",
    "analysis.rating.inaccuracy": "imprecizie",
    "analysis.rating.mistake": "greșeală",
    "analysis.rating.blunder": "greșeală gravă",
    # a lesson's computer thinking aloud (apps/server/analysis/lessons.py)
    "analysis.why.card": "{who} a jucat {action}.",
    "analysis.why.bid": "{who} a licitat {bid}.",
    "analysis.why.pass": "{who} a pasat.",
    "analysis.why.call": "{who} a chemat {action}.",
    "analysis.why.points": "{points} de puncte",
    "analysis.why.suit": "culoarea {suit}",
    "analysis.why.move.pass": "a pasa",
    "analysis.why.chance": "Din ce putea ști, cu această mutare câștigă în {win} din cazuri.",
    "analysis.why.best": "După motor, a fost cea mai bună mutare.",
    "analysis.why.better": "Motorul ar fi ales {best} ({win}).",
    "analysis.why.only": "Era singura mutare posibilă.",
    "web.api_error.not_lesson": "Motorul explică mutările doar la masa unei lecții.",
    "web.api_error.no_move": "Mâna nu are încă mutarea {n}.",
    "analysis.hint.play": "Joacă {action}: câștigi în {win} din cazuri.",
    "analysis.hint.do": "Alege „{action}”: câștigi în {win} din cazuri.",
    "analysis.hint.declare": "Anunță Rege și Cal de {suit}: câștigi în {win} din cazuri.",
    "analysis.hint.exchange": (
        "Schimbă {gave} cu cartea de atu întoarsă, {took}: câștigi în {win} din cazuri."
    ),
    "analysis.hint.exchange.plain": "Schimbă cartea de atu întoarsă: câștigi în {win} din cazuri.",
    "analysis.hint.move.declare": "anunțul Rege și Cal de {suit}",
    "analysis.hint.move.exchange": "schimbul atuului ({gave} pentru {took})",
    "analysis.hint.move.exchange.plain": "schimbul atuului",
    "analysis.hint.others": "Celelalte mutări: {others}.",
    "analysis.hint.only": "Este singura mutare posibilă.",
    "analysis.hint.card": "{card}",
    "analysis.hint.card.vowel": "{card}",
    "analysis.phase.auction": "licitație",
    "analysis.phase.call": "chemare",
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
        " (la chiamata, fiecare mutare a licitației)"
    ),
    "bots.champion.title": "Campion",
    "bots.champion.description": "explorează mii de mâini posibile și rezolvă perfect finalul",
    # the neural level and the frozen champion (added by the neural level's work, docs/training.md)
    "bots.neural.title": "Neuronal",
    "bots.neural.description": (
        "o rețea neuronală antrenată jucând cu ea însăși pe judecățile Campionului: joacă din "
        "instinct"
    ),
    "bots.champion-v1.title": "Campion v1",
    "bots.champion-v1.description": (
        "Campionul din decembrie 2026, înghețat: etalonul oricărui Campion nou"
    ),
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
    "matches.points:120": "Două mâini la 120",
    "matches.points:240": "La 240 de puncte",
    "matches.deals:5": "Cinci mâini (punctele adunate)",
    # the score keeper's words that its web pages show (its refusals, the changes undone and
    # redone, targets, formats, the CSV export; not its command line's score.ui.*)
    "score.empty_name": "numele nu poate fi gol",
    "score.control_name": "numele nu poate conține caractere de control",
    "score.duplicate_name": "există deja un concurent cu numele {name}",
    "score.bad_pair": "o pereche înseamnă două nume unite cu +, ca Ana+Bogdan (nu {text!r})",
    "score.unknown_competitor": (
        "niciun concurent nu se potrivește cu {ref!r}: alege dintre {names}"
    ),
    "score.ambiguous_competitor": "{ref!r} poate fi {names}: scrie mai mult din nume",
    "score.too_few_competitors": "o foaie are nevoie de cel puțin doi concurenți",
    "score.target_low": "ținta trebuie să fie cel puțin 1, nu {value}",
    "score.bad_target": "țintă necunoscută {text!r}: folosește 61, 120, chiamata sau un număr",
    "score.bad_format": (
        "format necunoscut {text!r}: folosește single, best-of:N (cel mai bun din N) sau "
        "first-to:N (primul care câștigă N partide)"
    ),
    "score.format_number": "formatul {text!r} cere un număr de cel puțin 1, ca {example}",
    "score.even_best_of": "cel mai bun din {n}: alege un număr impar de partide",
    "score.standing_over": (
        "{name} are deja {wins} victorii în acest meci: alege un format mai lung"
    ),
    "score.negative": "{name}: {value} într-o mână; punctele nu pot fi negative",
    "score.over_120": (
        "o mână valorează cel mult 120 de puncte (fără anunțuri): aici ar fi {total} ({detail})"
    ),
    "score.over_declarations": (
        "chiar și cu anunțuri o mână valorează cel mult {limit} de puncte: aici ar fi {total} "
        "({detail})"
    ),
    "score.zero_sum": (
        "la chiamata unitățile unei mâini dau zero adunate: acestea dau {total} ({detail})"
    ),
    "score.zero_delta": "nimic de adăugat: cantitatea este 0",
    "score.nothing_to_undo": "nimic de anulat",
    "score.nothing_to_redo": "nimic de refăcut",
    "score.single_deal": (
        "cu ținta de 61 fiecare partidă e o singură mână: apasă Partidă nouă ca s-o iei de la capăt"
    ),
    "score.empty_deal": "mâna aceasta nu are încă puncte",
    "score.game_over.win": (
        "partida e deja câștigată ({detail}): apasă Partidă nouă pentru următoarea"
    ),
    "score.game_over.draw": (
        "partida s-a terminat la egalitate ({detail}): apasă Partidă nouă pentru următoarea"
    ),
    "score.empty_game": "partida aceasta nu are încă puncte: nu e nimic de închis",
    "score.bad_state": "datele foii nu sunt valide: {detail}",
    "score.no_sheet": "nicio foaie {ref!r}: vezi lista cu `briscola score list`",
    "score.duplicate_sheet": "există deja o foaie cu numele {name}",
    "score.stale_sheet": "foaia {name} s-a schimbat între timp: încarc-o din nou",
    "score.csv.game": "partidă",
    "score.csv.match": "meci",
    "score.csv.outcome": "rezultat",
    "score.csv.winner": "câștigător",
    "score.csv.trophies": "trofee",
    "score.csv.matches": "meciuri câștigate",
    "score.change.add": "{name} {delta:+d}",
    "score.change.set": "{name} = {value}",
    "score.change.deal": "mână nouă",
    "score.change.new_game": "partidă nouă",
    "score.change.rename": "{old} → {new}",
    "score.change.add_competitor": "adăugat {name}",
    "score.change.remove_competitor": "scos {name}",
    "score.change.target": "ținta: {target}",
    "score.change.format": "formatul: {format}",
    "score.change.declarations": "anunțuri: {value}",
    "score.change.rename_sheet": "foaia: {name}",
    "score.target.deal61": "61 de puncte într-o mână",
    "score.target.two_deals_120": "120 de puncte în două mâini",
    "score.target.chiamata": "unități: {value} (chiamata)",
    "score.target.custom": "puncte: {value}",
    "score.format.single": "o singură partidă",
    "score.format.best-of": "cel mai bun din {n}",
    "score.format.first-to": "primul la {n}",
    "score.win": "{name} CÂȘTIGĂ",
    "score.draw": "EGALITATE",
    "score.deal_draw": "mână egală {detail}",
    "score.outcome.win": "victorie",
    "score.outcome.draw": "egalitate",
    "score.outcome.unfinished": "neterminată",
    "score.outcome.playing": "în curs",
    "score.yes": "da",
    "score.no": "nu",
    "score.win.plural": "{name} CÂȘTIGĂ",
    "score.web.not_found": "nicio foaie de scor la acest link: verifică adresa",
    "score.web.too_many_competitors": "prea mulți concurenți: cel mult {n} pe o foaie",
    "score.web.sheet_title": "Foaie de scor",
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
    # the table's errors (WebSocket) in the table's language (apps/server/errors.py)
    "web.ws_error.bad_json": "Mesajul nu poate fi citit: nu este JSON.",
    "web.ws_error.too_large": "Mesajul este prea lung.",
    "web.ws_error.unknown_type": "Masa nu cunoaște acest fel de mesaj.",
    "web.ws_error.bad_message": "Mesajul nu are forma potrivită.",
    "web.ws_error.bad_action": "Această mutare nu poate fi citită.",
    "web.ws_error.illegal_action": "Această mutare nu este permisă acum.",
    "web.ws_error.not_your_turn": "Nu este rândul tău: așteaptă-ți rândul.",
    "web.ws_error.not_started": "Jocul nu a început încă.",
    "web.ws_error.between_deals": "Mâna s-a terminat: cere mai întâi următoarea.",
    "web.ws_error.deal_not_over": "Mâna nu s-a terminat încă.",
    "web.ws_error.match_over": "Partida s-a terminat.",
    "web.ws_error.match_not_over": "Partida nu s-a terminat încă.",
    "web.ws_error.rematch_started": "Revanșa a început deja.",
    "web.ws_error.emote_in_deal": "Între parteneri, mesajele rapide așteaptă sfârșitul mâinii.",
    "web.ws_error.chat_in_deal": "Între parteneri, chatul așteaptă sfârșitul mâinii.",
    "web.ws_error.chat_off": "La această masă nu există chat: gazda nu l-a permis.",
    "web.ws_error.bad_speed": "Vitezele sunt încet, normal și repede.",
    "web.ws_error.not_host": "Doar cel care a deschis masa poate face asta.",
    "web.ws_error.not_a_person": "Calculatorul joacă acest loc.",
    "web.ws_error.rate_limited": "Prea multe mesaje: așteaptă {seconds} s.",
    "web.ws_error.damaged_table": "Această masă este deteriorată și nu se poate juca.",
    "web.ws_error.spectator": "Un spectator nu poate juca.",
    "web.ws_error.internal": "Serverul nu a putut face asta (o eroare a sa).",
    # the table API's HTTP errors and a socket's refusals before its table is loaded, in the
    # request's language (apps/server/errors.py)
    "web.ws_error.server_full": "Serverul este plin: încearcă din nou peste câteva minute.",
    "web.ws_error.table_moved": "Masa trece la un alt proces al serverului: încearcă din nou.",
    "web.ws_error.no_player": "Niciun jucător aici: intră ca invitat sau autentifică-te.",
    "web.ws_error.rated_needs_account": (
        "Jocurile cu rating sunt pentru jucătorii cu cont: înscrie-te sau autentifică-te."
    ),
    "web.ws_error.cooldown": (
        "Ai părăsit prea multe jocuri: așteaptă puțin înainte de un joc cu rating."
    ),
    "web.ws_error.unknown_game": "Acest joc nu se joacă online.",
    "web.ws_error.bad_options": "Aceste opțiuni nu se potrivesc acestui joc.",
    "web.ws_error.no_offer": (
        "Calculatorul poate ocupa locurile doar după ofertă, în timp ce cauți."
    ),
    "web.ws_error.cross_site": "Refuzat: cererea vine de pe alt site.",
    "web.api_error.unknown_preset": "Acest joc nu există.",
    "web.api_error.no_such_player": (
        "Nu există niciun jucător cu acest nume (un oaspete nu are o pagină publică)."
    ),
    "web.api_error.bad_options": "O opțiune a jocului nu este printre cele oferite.",
    "web.api_error.bad_match": "Formatul partidei nu poate fi citit.",
    "web.api_error.unknown_level": "Acest nivel al calculatorului nu există.",
    "web.api_error.bad_seats": "Locurile mesei nu se potrivesc acestui joc.",
    "web.api_error.seats_empty": "Unele locuri sunt încă libere.",
    "web.api_error.bad_seat": "Masa nu are acest loc.",
    "web.api_error.not_found": "Această masă (sau adresă) nu există.",
    "web.api_error.no_such_deal": "Masa nu are această mână.",
    "web.api_error.deal_not_over": "Mâna nu s-a terminat încă.",
    "web.api_error.bad_record": "Jocul trimis nu se poate relua mutare cu mutare: nu e salvat.",
    "web.api_error.bad_invite": "Acest cod de invitație nu este al mesei.",
    "web.api_error.already_started": "Jocul a început deja.",
    "web.api_error.table_full": "Toate locurile de la această masă sunt ocupate.",
    "web.api_error.bad_token": "Această cheie nu este a niciunui loc de la masă.",
    "web.api_error.not_host": "Doar cel care a deschis masa poate face asta.",
    "web.api_error.hints_off": "Cel care a deschis masa nu a permis sugestiile.",
    "web.api_error.not_your_turn": "Nu este rândul tău: așteaptă-ți rândul.",
    "web.api_error.invalid_request": "Cererea nu are forma potrivită.",
    "web.api_error.method_not_allowed": "Această adresă nu acceptă această metodă.",
    "web.api_error.rate_limited": "Prea multe cereri: așteaptă {seconds} s.",
    "web.api_error.server_full": (
        "Serverul este plin ({n} mese în joc): încearcă din nou peste câteva minute."
    ),
    "web.api_error.table_moved": "Masa trece la un alt proces al serverului: încearcă din nou.",
    "web.api_error.damaged_table": "Această masă este deteriorată și nu se poate juca.",
    "web.api_error.internal": "Serverul nu a putut face asta (o eroare a sa).",
    # players (apps/server/players)
    "web.api_error.not_signed_in": (
        "Încă nu ești jucător aici: joacă ca oaspete sau autentifică-te."
    ),
    "web.api_error.bad_login": "Nume de utilizator sau parolă greșite.",
    "web.api_error.wrong_password": "Parola este greșită.",
    "web.api_error.username_taken": "Alt jucător are deja acest nume de utilizator.",
    "web.api_error.already_claimed": "Acest jucător are deja un nume de utilizator.",
    "web.api_error.bad_username": (
        "Numele de utilizator are între 3 și 24 de caractere: litere, cifre, „.”, „-” sau „_”."
    ),
    "web.api_error.bad_password": "Parola are între 8 și 128 de caractere.",
    "web.api_error.cross_site": "Cerere refuzată: vine de pe alt site.",
    "web.api_error.bot_needs_account": (
        "Doar un cont cu nume de utilizator creează conturi de bot: înscrie-te întâi."
    ),
    "web.api_error.too_many_bots": "Un cont creează cel mult 10 conturi de bot.",
    "web.api_error.no_such_bot": "Niciun bot sau token ca acesta printre ale tale.",
    "web.players.deleted": "jucător șters",
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
        "counterclockwise: antiorar (invers acelor de ceasornic), ca de obicei; clockwise: orar. "
        "Pentru joc și pentru împărțire.",
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
    "partners_show_first": (
        "Partenerii își arată cărțile la început",
        "După împărțire, înainte de prima levată, partenerii își arată cărțile: fiecare știe "
        "care dintre ele le mai are partenerul (nu și cărțile trase după aceea).",
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
    "call_card": (
        "Licitație pe puncte cu carte chemată",
        "Fiecare ofertă spune la câte puncte se angajează să ajungă cel care licitează (de la 61 "
        "la 120, fiecare mai mare), iar câștigătorul licitației cheamă orice carte, valoare și "
        "culoare (chiamo Ad): culoarea ei este atuul, cine o are este partenerul.",
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
    "signals": (
        "Semne către partener",
        "Când îi vine rândul, înainte să joace, fiecare îi poate face partenerului un semn pe "
        "levată: am asul, am treiul (de atu), atuuri mari, niciun atu (doar dacă e adevărat), "
        "încarcă, joacă mic. Adversarii văd că s-a făcut un semn, nu care.",
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
