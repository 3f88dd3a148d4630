"""The score keeper's words, in Italian (the default) and English, and its error type.

Every message has a key; :func:`t` formats it in a language. :class:`ScoreError` carries a key
and its parameters, so each front end can show the message in the user's language; ``str()`` of
the error is the English text.

>>> t("win", "it", name="Anna")
'Anna VINCE'
>>> err = ScoreError("target_low", value=0)
>>> str(err)
'the target must be at least 1, not 0'
>>> err.message("it")
'il traguardo deve essere almeno 1, non 0'
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["DEFAULT_LANG", "LANGS", "MESSAGES", "ScoreError", "t"]

DEFAULT_LANG: Final = "it"
LANGS: Final = ("it", "en")

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "it": {
        # errors
        "empty_name": "il nome non può essere vuoto",
        "control_name": "il nome non può contenere caratteri di controllo",
        "duplicate_name": "c'è già un concorrente di nome {name}",
        "bad_pair": "una coppia ha due nomi uniti da +, come Anna+Bruno (non {text!r})",
        "unknown_competitor": "nessun concorrente corrisponde a {ref!r}: scegli tra {names}",
        "ambiguous_competitor": "{ref!r} può essere {names}: scrivi di più",
        "too_few_competitors": "un foglio ha bisogno di almeno due concorrenti",
        "target_low": "il traguardo deve essere almeno 1, non {value}",
        "bad_target": "traguardo sconosciuto {text!r}: usa 61, 120, chiamata o un numero",
        "bad_format": (
            "formato sconosciuto {text!r}: usa single, best-of:N (al meglio di N) "
            "o first-to:N (chi vince prima N partite)"
        ),
        "format_number": "il formato {text!r} vuole un numero almeno 1, come {example}",
        "even_best_of": "al meglio di {n}: scegli un numero dispari di partite",
        "standing_over": (
            "{name} ha già {wins} vittorie in questo incontro: scegli un formato più lungo"
        ),
        "negative": "{name}: {value} punti in una mano; i punti non possono essere negativi",
        "over_120": (
            "una mano vale al massimo 120 punti (senza accusi): qui sarebbero {total} ({detail})"
        ),
        "over_declarations": (
            "anche con gli accusi una mano vale al massimo {limit} punti: qui sarebbero "
            "{total} ({detail})"
        ),
        "zero_sum": (
            "nella chiamata le unità di una mano sommano a zero: "
            "queste sommano a {total} ({detail})"
        ),
        "zero_delta": "niente da aggiungere: la quantità è 0",
        "nothing_to_undo": "niente da annullare",
        "nothing_to_redo": "niente da ripetere",
        "single_deal": (
            "con il traguardo di 61 ogni partita è una mano sola: "
            "premi Nuova partita per ricominciare"
        ),
        "empty_deal": "questa mano non ha ancora punti",
        "empty_game": "questa partita non ha ancora punti: non c'è niente da chiudere",
        "bad_state": "dati del foglio non validi: {detail}",
        "no_sheet": "nessun foglio {ref!r}: guarda l'elenco con `briscola score list`",
        "duplicate_sheet": "c'è già un foglio di nome {name}",
        "stale_sheet": "il foglio {name} è cambiato nel frattempo: ricaricalo",
        "csv.game": "partita",
        "csv.match": "incontro",
        "csv.outcome": "esito",
        "csv.winner": "vincitore",
        "csv.trophies": "trofei",
        "csv.matches": "incontri vinti",
        # changes (undo / redo)
        "change.add": "{name} {delta:+d}",
        "change.set": "{name} = {value}",
        "change.deal": "nuova mano",
        "change.new_game": "nuova partita",
        "change.rename": "{old} → {new}",
        "change.add_competitor": "aggiunto {name}",
        "change.remove_competitor": "tolto {name}",
        "change.target": "traguardo: {target}",
        "change.format": "formato: {format}",
        "change.declarations": "accusi: {value}",
        "change.rename_sheet": "foglio: {name}",
        # targets and formats
        "target.deal61": "61 punti in una mano",
        "target.two_deals_120": "120 punti in due mani",
        "target.chiamata": "{value} unità (chiamata)",
        "target.custom": "{value} punti",
        "format.single": "partita singola",
        "format.best-of": "al meglio di {n}",
        "format.first-to": "chi vince prima {n}",
        # outcomes
        "win": "{name} VINCE",
        "draw": "PAREGGIO",
        "deal_draw": "mano pari {detail}",
        "outcome.win": "vittoria",
        "outcome.draw": "pareggio",
        "outcome.unfinished": "non finita",
        "outcome.playing": "in corso",
        "yes": "sì",
        "no": "no",
        # the terminal score keeper
        "ui.win_mark": "VINCE",
        "ui.competitor": "Concorrente",
        "ui.points": "Punti",
        "ui.units": "Unità",
        "ui.deal": "Mano {n}",
        "ui.total": "Totale",
        "ui.trophies": "Trofei",
        "ui.match": "Incontro",
        "ui.status": "Stato",
        "ui.title": "{name} · partita {game}",
        "ui.caption": "traguardo: {target} · {format}",
        "ui.with_declarations": "con accusi",
        "ui.win_line": "{name} VINCE la partita {game}!",
        "ui.win_match": "{name} VINCE la partita {game} e l'incontro {match}!",
        "ui.draw_line": "PAREGGIO {detail}: nessun trofeo",
        "ui.standing": "Incontro {match} ({format}): {detail} · servono {need} vittorie",
        "ui.match_won": "Incontro {match} vinto da {name} ({detail})",
        "ui.last_game": "Partita {game}: {result}",
        "ui.created": "Creato il foglio {id}: {name}",
        "ui.undone": "Annullato: {change}",
        "ui.redone": "Ripetuto: {change}",
        "ui.done": "Fatto: {change}",
        "ui.no_sheets": "Nessun foglio: creane uno con `briscola score new`",
        "ui.sheets": "Fogli",
        "ui.name": "Nome",
        "ui.competitors": "Concorrenti",
        "ui.target": "Traguardo",
        "ui.format": "Formato",
        "ui.game": "Partita",
        "ui.updated": "Aggiornato",
        "ui.history": "Storia di {name}",
        "ui.outcome": "Esito",
        "ui.winner": "Vincitore",
        "ui.no_history": "Nessuna partita finita",
        "ui.exported": "Esportato in {path}",
        "ui.deleted": "Cancellato il foglio {name}",
        "ui.confirm_delete": "Cancellare il foglio {name} e la sua storia?",
        "ui.bad_amount": "{text!r} non è un numero intero: scrivi per esempio +10, -5 o 73",
        "ui.bad_lang": "lingua {lang!r}: usa it o en",
        "ui.bad_line": "non capisco {line!r}: scrivi h per l'aiuto",
        "ui.prompt": "punti> ",
        "ui.bye": "Alla prossima! Il foglio è salvato.",
        "ui.needs_competitors": (
            "dai i concorrenti con --player (anche più volte) o --pair Anna+Bruno"
        ),
        "ui.repl_intro": "Foglio {name}: scrivi h per l'aiuto, q per uscire.",
        "ui.repl_help": (
            "  1 +10 · anna +5 · anna -5   aggiunge o toglie punti (pulsanti rapidi)\n"
            "  2 = 73 · anna 73            scrive il totale della mano (tastierino)\n"
            "  u                           annulla l'ultima modifica\n"
            "  r                           ripete la modifica annullata\n"
            "  m                           nuova mano nella stessa partita (120, chiamata)\n"
            "  n                           Nuova partita (chiude questa nella storia)\n"
            "  s · storia                  mostra il foglio · la storia delle partite\n"
            "  q                           esce (il foglio è già salvato)"
        ),
    },
    "en": {
        "empty_name": "a name cannot be empty",
        "control_name": "a name cannot contain control characters",
        "duplicate_name": "there is already a competitor named {name}",
        "bad_pair": "a pair is two names joined by +, like Anna+Bruno (not {text!r})",
        "unknown_competitor": "no competitor matches {ref!r}: choose one of {names}",
        "ambiguous_competitor": "{ref!r} could be {names}: type more of the name",
        "too_few_competitors": "a sheet needs at least two competitors",
        "target_low": "the target must be at least 1, not {value}",
        "bad_target": "unknown target {text!r}: use 61, 120, chiamata or a number",
        "bad_format": (
            "unknown format {text!r}: use single, best-of:N or first-to:N (first to N games won)"
        ),
        "format_number": "the format {text!r} needs a number of at least 1, like {example}",
        "even_best_of": "best of {n}: choose an odd number of games",
        "standing_over": "{name} already has {wins} wins in this match: choose a longer format",
        "negative": "{name}: {value} points in a deal; points cannot be negative",
        "over_120": (
            "a deal is worth at most 120 points (without declarations): this one would have "
            "{total} ({detail})"
        ),
        "over_declarations": (
            "even with declarations a deal is worth at most {limit} points: this one would have "
            "{total} ({detail})"
        ),
        "zero_sum": (
            "in chiamata the units of a deal add up to zero: these add up to {total} ({detail})"
        ),
        "zero_delta": "nothing to add: the amount is 0",
        "nothing_to_undo": "nothing to undo",
        "nothing_to_redo": "nothing to redo",
        "single_deal": (
            "with a target of 61 each game is a single deal: press New game to start again"
        ),
        "empty_deal": "this deal has no points yet",
        "empty_game": "this game has no points yet: there is nothing to close",
        "bad_state": "invalid sheet data: {detail}",
        "no_sheet": "no sheet {ref!r}: see them with `briscola score list`",
        "duplicate_sheet": "there is already a sheet named {name}",
        "stale_sheet": "the sheet {name} changed meanwhile: load it again",
        "csv.game": "game",
        "csv.match": "match",
        "csv.outcome": "outcome",
        "csv.winner": "winner",
        "csv.trophies": "trophies",
        "csv.matches": "matches won",
        "change.add": "{name} {delta:+d}",
        "change.set": "{name} = {value}",
        "change.deal": "next deal",
        "change.new_game": "new game",
        "change.rename": "{old} → {new}",
        "change.add_competitor": "added {name}",
        "change.remove_competitor": "removed {name}",
        "change.target": "target: {target}",
        "change.format": "format: {format}",
        "change.declarations": "declarations: {value}",
        "change.rename_sheet": "sheet: {name}",
        "target.deal61": "61 points in one deal",
        "target.two_deals_120": "120 points over two deals",
        "target.chiamata": "{value} units (chiamata)",
        "target.custom": "{value} points",
        "format.single": "single game",
        "format.best-of": "best of {n}",
        "format.first-to": "first to {n}",
        "win": "{name} WINS",
        "draw": "DRAW",
        "deal_draw": "deal drawn {detail}",
        "outcome.win": "win",
        "outcome.draw": "draw",
        "outcome.unfinished": "unfinished",
        "outcome.playing": "in progress",
        "yes": "yes",
        "no": "no",
        "ui.win_mark": "WINS",
        "ui.competitor": "Competitor",
        "ui.points": "Points",
        "ui.units": "Units",
        "ui.deal": "Deal {n}",
        "ui.total": "Total",
        "ui.trophies": "Trophies",
        "ui.match": "Match",
        "ui.status": "Status",
        "ui.title": "{name} · game {game}",
        "ui.caption": "target: {target} · {format}",
        "ui.with_declarations": "with declarations",
        "ui.win_line": "{name} WINS game {game}!",
        "ui.win_match": "{name} WINS game {game} and match {match}!",
        "ui.draw_line": "DRAW {detail}: no trophy",
        "ui.standing": "Match {match} ({format}): {detail} · {need} wins take it",
        "ui.match_won": "Match {match} won by {name} ({detail})",
        "ui.last_game": "Game {game}: {result}",
        "ui.created": "Created sheet {id}: {name}",
        "ui.undone": "Undone: {change}",
        "ui.redone": "Redone: {change}",
        "ui.done": "Done: {change}",
        "ui.no_sheets": "No sheets: create one with `briscola score new`",
        "ui.sheets": "Sheets",
        "ui.name": "Name",
        "ui.competitors": "Competitors",
        "ui.target": "Target",
        "ui.format": "Format",
        "ui.game": "Game",
        "ui.updated": "Updated",
        "ui.history": "History of {name}",
        "ui.outcome": "Outcome",
        "ui.winner": "Winner",
        "ui.no_history": "No finished games yet",
        "ui.exported": "Exported to {path}",
        "ui.deleted": "Deleted sheet {name}",
        "ui.confirm_delete": "Delete sheet {name} and its history?",
        "ui.bad_amount": "{text!r} is not a whole number: type for example +10, -5 or 73",
        "ui.bad_lang": "language {lang!r}: use it or en",
        "ui.bad_line": "cannot read {line!r}: type h for help",
        "ui.prompt": "points> ",
        "ui.bye": "See you! The sheet is saved.",
        "ui.needs_competitors": (
            "give the competitors with --player (repeated) or --pair Anna+Bruno"
        ),
        "ui.repl_intro": "Sheet {name}: type h for help, q to quit.",
        "ui.repl_help": (
            "  1 +10 · anna +5 · anna -5   add or take off points (quick buttons)\n"
            "  2 = 73 · anna 73            type the deal's total (number pad)\n"
            "  u                           undo the last change\n"
            "  r                           redo the undone change\n"
            "  m                           next deal in the same game (120, chiamata)\n"
            "  n                           New game (closes this one into the history)\n"
            "  s · history                 show the sheet · the history of games\n"
            "  q                           quit (the sheet is already saved)"
        ),
    },
}


def t(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (Italian when unknown), formatted with ``params``.

    A key missing from a language falls back to English, then to the key itself.

    >>> t("format.best-of", "en", n=3)
    'best of 3'
    >>> t("no such key", "en")
    'no such key'
    """
    table = MESSAGES.get(lang, MESSAGES[DEFAULT_LANG])
    text = table.get(key) or MESSAGES["en"].get(key) or key
    return text.format(**params) if params else text


class ScoreError(ValueError):
    """A change the score sheet refuses, with a message a person understands.

    ``code`` is the message key and ``params`` its values: :meth:`message` gives the text in
    any language, ``str()`` in English.
    """

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(t(code, "en", **params))

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The message in ``lang``."""
        return t(self.code, lang, **self.params)
