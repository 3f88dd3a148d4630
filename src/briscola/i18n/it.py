"""Every message of the Python side in Italian (the default language).

A flat catalog: each key is namespaced by its area (``terminal.``, ``score.``, ``bots.``,
``presets.``, ``matches.``) and each message is a :meth:`str.format` template. ``en.py`` has the
same keys with the same ``{placeholders}`` (``tests/i18n`` checks it); look messages up with
:func:`briscola.i18n.t`.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MESSAGES"]

MESSAGES: Final[dict[str, str]] = {
    # == terminal: the terminal game (briscola.apps.terminal)
    # seats, sides and roles
    "terminal.you": "Tu",
    "terminal.you.obj": "te",
    "terminal.seat.east": "Est",
    "terminal.seat.north": "Nord",
    "terminal.seat.west": "Ovest",
    "terminal.seat.northeast": "Nord-Est",
    "terminal.seat.northwest": "Nord-Ovest",
    "terminal.seat.southeast": "Sud-Est",
    "terminal.seat.southwest": "Sud-Ovest",
    "terminal.team.us": "noi",
    "terminal.team.them": "loro",
    "terminal.role.caller": "chiamante",
    "terminal.role.partner": "socio",
    # the game and its options
    "terminal.preset.classic": "Briscola classica (2 giocatori)",
    "terminal.preset.three": "Briscola a tre",
    "terminal.preset.quattro": "Briscola a quattro, ognuno per sé (4 giocatori)",
    "terminal.preset.pairs": "Briscola a coppie (4 giocatori)",
    "terminal.preset.six": "Briscola a sei (due squadre da tre)",
    "terminal.preset.scoperta": "Briscola scoperta (2 giocatori, carte in vista)",
    "terminal.preset.chiamata": "Briscola chiamata (5 giocatori)",
    "terminal.preset.other": "Briscola ({name}, {players} giocatori)",
    "terminal.options": "Opzioni: {options}",
    "terminal.welcome": "Benvenuto! Scrivi «aiuto» per le mosse possibili, «esci» per uscire.",
    "terminal.opponents": "Computer: {bot} ({description}).",
    "terminal.you.are": "Al tavolo, in ordine di gioco: {seats} (senso {direction}).",
    "terminal.direction.counterclockwise": "antiorario",
    "terminal.direction.clockwise": "orario",
    "terminal.deal.header": "Smazzata {n} · mazziere: {dealer}",
    "terminal.deal.teams": "Squadre: noi ({us}) contro loro ({them})",
    # the view at the player's turn
    "terminal.turn.you": "Tocca a te",
    "terminal.briscola.face_up": (
        "Briscola: {card} · nel mazzo: {stock} carte (la briscola è l'ultima)"
    ),
    "terminal.briscola.drawn": "Briscola: {card} · il mazzo è finito",
    "terminal.briscola.called": (
        "Briscola: {suit} · carta chiamata: {card} · chiamante: {caller} · {partner}"
    ),
    "terminal.briscola.auction": "Asta in corso: la briscola la sceglierà chi vince l'asta",
    "terminal.partner.unknown": "socio: ancora segreto",
    "terminal.partner.known": "socio: {who}",
    "terminal.partner.alone": "il chiamante gioca da solo",
    "terminal.table.title": "In tavola",
    "terminal.table.empty": "In tavola: niente, apri tu",
    "terminal.table.winning": "prende",
    "terminal.hand.title": "Le tue carte",
    "terminal.hand.trump": "briscola",
    "terminal.hand.other": "Le carte di {who}",
    "terminal.known": "{who} ha in mano: {cards}",
    "terminal.shown": "Carte di {who} (mostrate all'inizio): {cards}",  # partners_show_first
    "terminal.points": "Punti finora: {scores}",
    "terminal.prompt.play": (
        "Scrivi una carta (es. {example}) o il suo numero; «aiuto» elenca le mosse."
    ),
    "terminal.prompt.auction": "Scrivi il numero di una mossa, {moves}.",
    "terminal.prompt.call": "Hai vinto l'asta: scegli la briscola («chiamo d») o scrivi il numero.",
    # the auction with a called card (call_card)
    "terminal.prompt.call_card": (
        "Hai vinto l'asta: chiama una carta, valore e seme («chiamo Ad» o «chiamo asso di "
        "denari»), o scrivi il numero."
    ),
    "terminal.err.in_call_card": (
        "Hai vinto l'asta: chiama una carta, valore e seme («chiamo Ad» o «chiamo asso di denari»)."
    ),
    "terminal.auction.title": "Asta",
    "terminal.auction.none": "nessuna offerta",
    "terminal.auction.standing": "offerta più alta: {bid} ({who})",
    "terminal.moves.title": "Le tue mosse",
    "terminal.moves.more_bids": "… oppure «offro N» da {low} a 120 punti",
    "terminal.cmd.declare": "accuso {suit}",
    "terminal.cmd.exchange": "scambio",
    "terminal.cmd.pass": "passo",
    "terminal.cmd.call": "chiamo {suit}",
    "terminal.cmd.bid": "offro {bid}",
    "terminal.desc.declare": "Re e Cavallo di {suit}: +{points}",
    "terminal.desc.exchange": "dai {gave}, prendi la briscola {took}",
    "terminal.desc.call": "carta chiamata: {card}",
    "terminal.desc.pass": "esci dall'asta (definitivo)",
    "terminal.bid.rank": "{rank}",
    "terminal.bid.points": "{points} punti",
    # narration
    "terminal.say.play.you": "Giochi {card}.",
    "terminal.say.play": "{who} gioca {card}.",
    "terminal.say.declare.you": "Dichiari Re e Cavallo di {suit}: +{points}.",
    "terminal.say.declare": "{who} dichiara Re e Cavallo di {suit}: +{points}.",
    "terminal.say.exchange.you": "Scambi {gave} con la briscola {took}.",
    "terminal.say.exchange": "{who} scambia {gave} con la briscola {took}.",
    "terminal.say.bid.you": "Offri {bid}.",
    "terminal.say.bid": "{who} offre {bid}.",
    "terminal.say.pass.you": "Passi.",
    "terminal.say.pass": "{who} passa.",
    "terminal.say.won_auction.you": "Vinci l'asta con {bid}.",
    "terminal.say.won_auction": "{who} vince l'asta con {bid}.",
    "terminal.say.call.you": "Chiami {card}: briscola {suit}.",
    "terminal.say.call": "{who} chiama {card}: briscola {suit}.",
    "terminal.say.you_partner": (
        "Hai tu la carta chiamata {card}: sei il socio segreto di {caller}."
    ),
    "terminal.say.you_alone": "Hai tu la carta chiamata: giochi da solo contro tutti.",
    "terminal.say.reveal": "{card} è la carta chiamata: {who} è il socio di {caller}!",
    "terminal.say.reveal.yours": "{card} è la carta chiamata: {who} è il tuo socio!",
    "terminal.say.reveal.you": (
        "Hai giocato la carta chiamata: ora tutti sanno che sei il socio di {caller}."
    ),
    "terminal.say.reveal.alone": (
        "{card} è la carta chiamata, giocata dal chiamante: {caller} gioca da solo!"
    ),
    "terminal.say.void": "Tutti hanno passato: la smazzata è nulla e si ridistribuisce.",
    "terminal.say.trick.you": "Prendi tu ({cards}): {points} punti.",
    "terminal.say.trick": "Prende {who} ({cards}): {points} punti.",
    "terminal.say.draw": "Peschi {card}.",
    "terminal.say.stock_empty": (
        "Il mazzo è finito: la briscola {card} va a {who}. Ora si gioca senza pescare."
    ),
    # the result and the match
    "terminal.result.title": "Fine della smazzata",
    "terminal.result.points": "Punti: {scores}",
    "terminal.result.declarations": "(accusi compresi)",
    "terminal.result.you_win": "Hai vinto!",
    "terminal.result.win": "Vince {who}.",
    "terminal.result.us_win": "Vince la tua squadra!",
    "terminal.result.them_win": "Vince la squadra avversaria.",
    "terminal.result.draw": "Pareggio.",
    "terminal.result.replay": "Pareggio: la smazzata si rigioca.",
    "terminal.result.chiamata": (
        "Squadra del chiamante ({side}): {points} punti; ne servivano {need}."
    ),
    "terminal.result.with": "{caller} e {partner}",
    "terminal.result.alone": "{caller}, da solo",
    "terminal.result.caller_won": "Il chiamante vince.",
    "terminal.result.caller_lost": "Il chiamante perde.",
    "terminal.result.units": "Unità: {units}",
    "terminal.match.format.best-of": "al meglio di {n} smazzate",
    "terminal.match.format.first-to": "chi vince per primo {n} smazzate",
    "terminal.match.format.points": "ai {n} punti",
    "terminal.match.format.deals": "{n} smazzate",
    "terminal.match.title": "Partita: {format}",
    "terminal.match.wins": "Smazzate vinte: {scores}",
    "terminal.match.points": "Punti totali: {scores}",
    "terminal.match.units": "Unità totali: {scores}",
    "terminal.match.winner.you": "Hai vinto la partita!",
    "terminal.match.winner.us": "La tua squadra vince la partita!",
    "terminal.match.winner.them": "La squadra avversaria vince la partita.",
    "terminal.match.winner": "{who} vince la partita.",
    "terminal.match.draw": "La partita finisce in parità.",
    "terminal.match.next": "Si passa alla smazzata successiva.",
    # input and errors
    "terminal.help.moves": "Mosse possibili: {moves}",
    "terminal.help.commands": "Comandi: {commands}",
    # == terminal (issue 14): the commands of the game being played, own tricks, the points aid
    "terminal.help.cmd.play": "una carta (es. Ad = Asso di denari) o il suo numero",
    "terminal.help.cmd.declare": "accuso d (Re e Cavallo di denari)",
    "terminal.help.cmd.exchange": "scambio (la briscola)",
    "terminal.help.cmd.auction": "offro R · offro 75 · passo · chiamo d",
    "terminal.help.cmd.auction_card": "offro 75 · passo · chiamo Ad (una carta, valore e seme)",
    "terminal.help.cmd.tricks": "prese (le tue prese, pescata l'ultima carta)",
    "terminal.help.cmd.tricks_always": "prese (le tue prese)",
    "terminal.help.cmd.points": "punti (conteggio dei punti: acceso o spento)",
    "terminal.help.cmd.end": "aiuto · esci",
    "terminal.tricks.title": "Le tue prese",
    "terminal.tricks.title.side": "Le prese della tua squadra",
    "terminal.tricks.none": "Nessuna presa finora.",
    "terminal.tricks.line": "{cards}: {points} punti",
    "terminal.tricks.total": "Totale: {points} punti",
    "terminal.tricks.hidden": (
        "Le prese stanno coperte: si guardano quando è stata pescata l'ultima carta. "
        "I punti si contano a memoria (o accendi il conteggio con «punti»)."
    ),
    "terminal.tricks.never": "Con queste regole le prese non si guardano mai.",
    "terminal.points.on": "Conteggio dei punti acceso: lo vedi a ogni turno («punti» lo spegne).",
    "terminal.points.off": "Conteggio dei punti spento: i punti si contano a memoria.",
    "terminal.option.line": "{title}: {value}. {help}",
    "terminal.option.yes": "sì",
    "terminal.option.value": "{title}: {value}.",
    "terminal.option.no": "no",
    "terminal.option.value.none": "nessuno",
    "terminal.option.value.two": "con il 2 di briscola",
    "terminal.option.value.seven": "con il 7 di briscola",
    "terminal.option.value.counterclockwise": "antiorario",
    "terminal.option.value.clockwise": "orario",
    "terminal.option.value.draw": "pareggio",
    "terminal.option.value.replay": "si rigioca",
    "terminal.option.value.never": "mai",
    "terminal.option.value.end_phase": "pescata l'ultima carta",
    "terminal.option.value.always": "sempre",
    "terminal.option.value.one_more": "un'altra smazzata",
    "terminal.removed": "Carte tolte dal mazzo: {cards}.",
    "terminal.bot.simple.solo": "prende i punti a buon mercato e non spreca le briscole",
    "terminal.bot.medium.solo": "conta le carte, risparmia le briscole, carica quando conviene",
    "terminal.help.cards": (
        "Carte: rango A 2 3 4 5 6 7 F C R + seme c (coppe), d (denari), s (spade), b (bastoni)"
    ),
    "terminal.err.empty": "Scrivi una mossa, oppure «aiuto».",
    "terminal.err.unknown": (
        "Non capisco «{text}»: scrivi una carta (es. {example}), un numero o «aiuto»."
    ),
    "terminal.err.parse": "Non capisco «{text}». Scrivi «aiuto» per le mosse possibili.",
    "terminal.err.position": "Non c'è la mossa numero {n}: scegli da 1 a {max}.",
    "terminal.err.not_in_hand": "Non hai {card} in mano.",
    "terminal.err.declare_off": (
        "Gli accusi non sono in gioco (si attivano con --option accusi=true)."
    ),
    "terminal.err.declare_done": "Re e Cavallo di {suit} sono già stati dichiarati.",
    "terminal.err.declare": "Non puoi dichiarare {suit}: servono Re e Cavallo di {suit} in mano.",
    "terminal.err.exchange_off": (
        "Lo scambio della briscola non è in gioco (--option exchange=two|seven)."
    ),
    "terminal.err.exchange": "Non puoi scambiare la briscola adesso.",
    "terminal.err.auction_only": "Offerte e passo valgono solo nell'asta della briscola chiamata.",
    "terminal.err.bid": "{bid} non supera l'offerta più alta.",
    "terminal.err.bid_points": (
        "Si offrono punti (da 61 a 120) solo dopo che qualcuno ha offerto il 2."
    ),
    "terminal.err.call_only": "Si chiama la briscola solo dopo aver vinto l'asta.",
    "terminal.err.in_auction": "Ora c'è l'asta: {moves}.",
    "terminal.err.in_call": "Hai vinto l'asta: chiama la briscola («chiamo c», «d», «s» o «b»).",
    "terminal.err.illegal": "Mossa non permessa: {reason}",
    "terminal.bye": "Arrivederci!",
    # the command line's own words: usage, help, errors (briscola/i18n/cli.py)
    "terminal.cli.usage": "Uso:",
    "terminal.cli.options_metavar": "[OPZIONI]",
    "terminal.cli.subcommand_metavar": "COMANDO [ARGOMENTI]...",
    "terminal.cli.arguments": "Argomenti",
    "terminal.cli.options": "Opzioni",
    "terminal.cli.commands": "Comandi",
    "terminal.cli.error": "Errore",
    "terminal.cli.aborted": "Interrotto.",
    "terminal.cli.try_help": "Scrivi {command} per l'aiuto.",
    "terminal.cli.help_option": "Mostra questo aiuto ed esce.",
    "terminal.cli.default": "[predefinito: {value}]",
    "terminal.cli.envvar": "[variabile d'ambiente: {name}]",
    "terminal.cli.required": "[obbligatorio]",
    "terminal.cli.deprecated": "(superato)",
    "terminal.cli.no_such_option": "Opzione sconosciuta: {name}",
    "terminal.cli.possible": "(opzioni possibili: {options})",
    "terminal.cli.missing_argument": "Manca l'argomento {name}.",
    "terminal.cli.missing_option": "Manca l'opzione {name}.",
    "terminal.cli.missing": "Manca il parametro {name}.",
    "terminal.cli.bad_value": "Valore non valido per {name}: {message}",
    "terminal.cli.no_such_command": "Comando sconosciuto: '{name}'.",
    "terminal.cli.missing_command": "Manca il comando.",
    "terminal.cli.extra_args": "Argomenti di troppo: {args}.",
    "terminal.cli.needs_value": "L'opzione '{name}' vuole un valore.",
    "terminal.cli.needs_values": "L'opzione '{name}' vuole {n} valori.",
    "terminal.cli.takes_no_value": "L'opzione '{name}' non prende valori.",
    "terminal.cli.not_integer": "serve un numero intero",
    "terminal.cli.not_number": "serve un numero",
    "terminal.cli.not_boolean": "serve true o false",
    "terminal.eof": "Fine dell'input: partita interrotta.",
    # -- terminal.tui.: the full-screen table (apps/terminal/tui, briscola play --tui)
    "terminal.tui.deal": "Smazzata {n}",
    "terminal.tui.french.hearts": "cuori",
    "terminal.tui.french.diamonds": "quadri",
    "terminal.tui.french.spades": "picche",
    "terminal.tui.french.clubs": "fiori",
    "terminal.tui.french.jack": "Fante",
    "terminal.tui.french.queen": "Donna",
    "terminal.tui.french.king": "Re",
    "terminal.tui.dealer": "mazziere: {who}",
    "terminal.tui.dealer.mark": "mazziere",
    "terminal.tui.match": "incontro {format}: {scores}",
    "terminal.tui.cards": "{n} carte",
    "terminal.tui.cards.one": "1 carta",
    "terminal.tui.seat.bid": "offre {bid}",
    "terminal.tui.seat.pass": "ha passato",
    "terminal.tui.briscola": "Briscola",
    "terminal.tui.stock": "Nel mazzo: {n}",
    "terminal.tui.stock.empty": "Il mazzo è finito",
    "terminal.tui.called": "Chiamata",
    "terminal.tui.called_by": "l'ha chiamata {who}",
    "terminal.tui.winning": "per ora prende {who}",
    "terminal.tui.taken": "Prende {who}: {points} punti",
    "terminal.tui.taken.you": "Prendi tu: {points} punti",
    "terminal.tui.lead": "Apre {who}",
    "terminal.tui.lead.you": "Apri tu: gioca una carta",
    "terminal.tui.turn.other": "Tocca a {who}…",
    "terminal.tui.choose.bid": "La tua offerta",
    "terminal.tui.choose.call": "Hai vinto l'asta: chiama una carta (il suo seme è la briscola)",
    "terminal.tui.move.pass": "Passo (per tutta l'asta)",
    "terminal.tui.move.bid": "Offro {bid}",
    "terminal.tui.move.call": "Chiamo il {card}",
    "terminal.tui.move.declare": "Accuso Re e Cavallo di {suit} (+{points})",
    "terminal.tui.move.exchange": "Scambio: do il {gave}, prendo il {took}",
    "terminal.tui.prompt.play": "scegli la carta con ← → e giocala con Invio (o premi il numero)",
    "terminal.tui.prompt.list": "scegli con ↑ ↓ e conferma con Invio (o premi il numero)",
    "terminal.tui.prompt.next": (
        "Smazzata finita: Invio per la prossima, R per rivedere il risultato"
    ),
    "terminal.tui.prompt.over": "È finita: Q per uscire, R per rivedere il risultato",
    "terminal.tui.log": "Cronaca",
    "terminal.tui.keys": (
        "←→ scegli · Invio gioca · 1-9 numero · U ultima presa · P prese · T conta punti · "
        "? aiuto · Q esci"
    ),
    "terminal.tui.aid.points": "Punti presi: {scores}",
    "terminal.tui.aid.on": "Conta punti acceso: i punti presi si vedono in alto (T per spegnerlo).",
    "terminal.tui.aid.off": "Conta punti spento: i punti si contano a memoria.",
    "terminal.tui.last.title": "Ultima presa",
    "terminal.tui.last.none": "In questa smazzata nessuno ha ancora fatto una presa.",
    "terminal.tui.tricks.title": "Le tue prese",
    "terminal.tui.tricks.title.team": "Le prese della tua squadra",
    "terminal.tui.tricks.closed": (
        "Le prese si guardano solo quando il mazzo è finito: fino ad allora si contano a memoria."
    ),
    "terminal.tui.tricks.none": "Nessuna presa.",
    "terminal.tui.tricks.total": "Totale: {points} punti in {n} prese",
    "terminal.tui.close": "Invio o Esc per chiudere",
    "terminal.tui.result.next": "Invio: prossima smazzata · Esc: guarda il tavolo",
    "terminal.tui.result.end": "Q: esci · Esc: guarda il tavolo",
    "terminal.tui.quit.title": "Lasciare il tavolo?",
    "terminal.tui.quit.body": "La partita in corso andrà persa. S: sì, esci · N: no, resta",
    "terminal.tui.help.title": "Aiuto",
    "terminal.tui.help.body": (
        "← → (o ↑ ↓) scelgono una carta o una mossa, Invio la gioca; un numero da 1 a 9 la gioca "
        "subito.\n"
        "U: l'ultima presa (chi l'ha fatta, le carte, i punti).\n"
        "P: le prese tue (o della tua squadra), solo a mazzo finito.\n"
        "T: accende o spegne il conta punti (spento, i punti si contano a memoria).\n"
        "R: rivede il risultato della smazzata finita.\n"
        "Q: esci."
    ),
    "terminal.tui.help.auction": (
        "Nell'asta si offre un valore più basso di quello in piedi (A, 3, R, C, F, 7, 6, 5, 4, "
        "2) o si passa, per tutta l'asta; dopo il 2 si offrono punti. Chi vince chiama una "
        "carta: il suo seme è la briscola, chi la tiene è il socio segreto."
    ),
    "terminal.tui.known": "si sa che ha",
    "terminal.tui.no_terminal": (
        "il tavolo a schermo intero vuole un terminale: senza --tui il gioco legge righe"
    ),
    "terminal.tui.called_by.you": "l'hai chiamata tu",
    # == score: the score keeper (briscola.scorekeeper; score.web.: its web API)
    # errors
    "score.empty_name": "il nome non può essere vuoto",
    "score.control_name": "il nome non può contenere caratteri di controllo",
    "score.duplicate_name": "c'è già un concorrente di nome {name}",
    "score.bad_pair": "una coppia ha due nomi uniti da +, come Anna+Bruno (non {text!r})",
    "score.unknown_competitor": "nessun concorrente corrisponde a {ref!r}: scegli tra {names}",
    "score.ambiguous_competitor": "{ref!r} può essere {names}: scrivi di più",
    "score.too_few_competitors": "un foglio ha bisogno di almeno due concorrenti",
    "score.target_low": "il traguardo deve essere almeno 1, non {value}",
    "score.bad_target": "traguardo sconosciuto {text!r}: usa 61, 120, chiamata o un numero",
    "score.bad_format": (
        "formato sconosciuto {text!r}: usa single, best-of:N (al meglio di N) o first-to:N (chi "
        "vince prima N partite)"
    ),
    "score.format_number": "il formato {text!r} vuole un numero almeno 1, come {example}",
    "score.even_best_of": "al meglio di {n}: scegli un numero dispari di partite",
    "score.standing_over": (
        "{name} ha già {wins} vittorie in questo incontro: scegli un formato più lungo"
    ),
    "score.negative": "{name}: {value} punti in una smazzata; i punti non possono essere negativi",
    "score.over_120": (
        "una smazzata vale al massimo 120 punti (senza accusi): qui sarebbero {total} ({detail})"
    ),
    "score.over_declarations": (
        "anche con gli accusi una smazzata vale al massimo {limit} punti: qui sarebbero {total} "
        "({detail})"
    ),
    "score.zero_sum": (
        "nella chiamata le unità di una smazzata sommano a zero: "
        "queste sommano a {total} ({detail})"
    ),
    "score.zero_delta": "niente da aggiungere: la quantità è 0",
    "score.nothing_to_undo": "niente da annullare",
    "score.nothing_to_redo": "niente da ripetere",
    "score.single_deal": (
        "con il traguardo di 61 ogni partita è una smazzata sola: "
        "premi Nuova partita per ricominciare"
    ),
    "score.empty_deal": "questa smazzata non ha ancora punti",
    "score.game_over.win": (
        "la partita è già vinta ({detail}): premi Nuova partita per la prossima"
    ),
    "score.game_over.draw": (
        "la partita è finita pari ({detail}): premi Nuova partita per la prossima"
    ),
    "score.empty_game": "questa partita non ha ancora punti: non c'è niente da chiudere",
    "score.bad_state": "dati del foglio non validi: {detail}",
    "score.no_sheet": "nessun foglio {ref!r}: guarda l'elenco con `briscola score list`",
    "score.duplicate_sheet": "c'è già un foglio di nome {name}",
    "score.stale_sheet": "il foglio {name} è cambiato nel frattempo: ricaricalo",
    "score.csv.game": "partita",
    "score.csv.match": "incontro",
    "score.csv.outcome": "esito",
    "score.csv.winner": "vincitore",
    "score.csv.trophies": "trofei",
    "score.csv.matches": "incontri vinti",
    # changes (undo / redo)
    "score.change.add": "{name} {delta:+d}",
    "score.change.set": "{name} = {value}",
    "score.change.deal": "nuova smazzata",
    "score.change.new_game": "nuova partita",
    "score.change.rename": "{old} → {new}",
    "score.change.add_competitor": "aggiunto {name}",
    "score.change.remove_competitor": "tolto {name}",
    "score.change.target": "traguardo: {target}",
    "score.change.format": "formato: {format}",
    "score.change.declarations": "accusi: {value}",
    "score.change.rename_sheet": "foglio: {name}",
    # targets and formats
    "score.target.deal61": "61 punti in una smazzata",
    "score.target.two_deals_120": "120 punti in due smazzate",
    "score.target.chiamata": "{value} unità (chiamata)",
    "score.target.custom": "{value} punti",
    "score.format.single": "partita singola",
    "score.format.best-of": "al meglio di {n}",
    "score.format.first-to": "chi vince prima {n}",
    # outcomes
    "score.win": "{name} VINCE",
    "score.draw": "PAREGGIO",
    "score.deal_draw": "smazzata pari {detail}",
    "score.outcome.win": "vittoria",
    "score.outcome.draw": "pareggio",
    "score.outcome.unfinished": "non finita",
    "score.outcome.playing": "in corso",
    "score.yes": "sì",
    "score.no": "no",
    # the terminal score keeper
    "score.ui.win_mark": "VINCE",
    # a pair or a plural name agrees with its verb; a pair's members joined in words
    "score.win.plural": "{name} VINCONO",
    "score.ui.win_mark.plural": "VINCONO",
    "score.ui.win_line.plural": "{name} VINCONO la partita {game}!",
    "score.ui.win_match.plural": "{name} VINCONO la partita {game} e l'incontro {match}!",
    "score.ui.pair_join": " e ",
    "score.ui.replaced": (
        "{name}: {old} → {new} in questa smazzata (un numero da solo sostituisce il totale; "
        "per aggiungere scrivi {who} +{new})"
    ),
    "score.ui.confirm_unfinished": (
        "La partita {game} non è finita ({detail}): chiuderla lo stesso? (s/n) "
    ),
    "score.ui.kept": "La partita continua.",
    "score.ui.unfinished_refused": (
        "La partita {game} non è finita ({detail}): per chiuderla lo stesso aggiungi --yes."
    ),
    "score.ui.pairs_hint": (
        "Quattro giocatori: se giocate due contro due, registrate le coppie "
        "(--pair {a}+{b} --pair {c}+{d}): i punti dei compagni contano insieme."
    ),
    "score.ui.competitor": "Concorrente",
    "score.ui.points": "Punti",
    "score.ui.units": "Unità",
    "score.ui.deal": "Smazzata {n}",
    "score.ui.total": "Totale",
    "score.ui.trophies": "Trofei",
    "score.ui.match": "Incontro",
    "score.ui.status": "Stato",
    "score.ui.title": "{name} · partita {game}",
    "score.ui.caption": "traguardo: {target} · {format}",
    "score.ui.with_declarations": "con accusi",
    "score.ui.win_line": "{name} VINCE la partita {game}!",
    "score.ui.win_match": "{name} VINCE la partita {game} e l'incontro {match}!",
    "score.ui.draw_line": "PAREGGIO {detail}: nessun trofeo",
    "score.ui.standing": "Incontro {match} ({format}): {detail} · servono {need} vittorie",
    "score.ui.match_won": "Incontro {match} vinto da {name} ({detail})",
    "score.ui.last_game": "Partita {game}: {result}",
    "score.ui.created": "Creato il foglio {id}: {name}",
    "score.ui.undone": "Annullato: {change}",
    "score.ui.redone": "Ripetuto: {change}",
    "score.ui.done": "Fatto: {change}",
    "score.ui.no_sheets": "Nessun foglio: creane uno con `briscola score new`",
    "score.ui.sheets": "Fogli",
    "score.ui.name": "Nome",
    "score.ui.competitors": "Concorrenti",
    "score.ui.target": "Traguardo",
    "score.ui.format": "Formato",
    "score.ui.game": "Partita",
    "score.ui.updated": "Aggiornato",
    "score.ui.history": "Storia di {name}",
    "score.ui.outcome": "Esito",
    "score.ui.winner": "Vincitore",
    "score.ui.no_history": "Nessuna partita finita",
    "score.ui.exported": "Esportato in {path}",
    "score.ui.deleted": "Cancellato il foglio {name}",
    "score.ui.confirm_delete": "Cancellare il foglio {name} e la sua storia?",
    "score.ui.bad_amount": "{text!r} non è un numero intero: scrivi per esempio +10, -5 o 73",
    "score.ui.bad_lang": "lingua {lang!r}: usa it o en",
    "score.ui.bad_line": "non capisco {line!r}: scrivi h per l'aiuto",
    "score.ui.prompt": "punti> ",
    "score.ui.bye": "Alla prossima! Il foglio è salvato.",
    "score.ui.needs_competitors": (
        "dai i concorrenti con --player (anche più volte) o --pair Anna+Bruno"
    ),
    "score.ui.repl_intro": "Foglio {name}: scrivi h per l'aiuto, q per uscire.",
    "score.ui.repl_help": (
        "  1 +10 · anna +5 · anna -5   aggiunge o toglie punti (pulsanti rapidi)\n"
        "  2 = 73 · anna 73            scrive il totale della smazzata\n"
        "  u                           annulla l'ultima modifica\n"
        "  r                           ripete la modifica annullata\n"
        "  m                           nuova smazzata nella partita (120, chiamata)\n"
        "  n                           Nuova partita (chiude questa nella storia)\n"
        "  s · storia                  mostra il foglio · la storia delle partite\n"
        "  q                           esce (il foglio è già salvato)"
    ),
    # the web score keeper (briscola.apps.server.scores)
    "score.web.not_found": "nessun foglio a questo link: controlla l'indirizzo",
    "score.web.too_many_competitors": "al massimo {n} concorrenti in un foglio",
    "score.web.sheet_title": "Segnapunti",
    # == analysis: post-game analysis and hints (briscola.analysis; terminal.analysis./hint.:
    # its terminal words, briscola analyze and the hint command)
    "analysis.rating.forced": "obbligata",
    "analysis.rating.best": "ottima",
    "analysis.rating.good": "buona",
    "analysis.rating.inaccuracy": "imprecisione",
    "analysis.rating.mistake": "errore",
    "analysis.rating.blunder": "errore grave",
    # a lesson's computer thinking aloud (apps/server/analysis/lessons.py)
    "analysis.why.card": "{who} ha giocato {action}.",
    "analysis.why.bid": "{who} ha offerto {bid}.",
    "analysis.why.pass": "{who} ha passato.",
    "analysis.why.call": "{who} ha chiamato {action}.",
    "analysis.why.points": "{points} punti",
    "analysis.why.suit": "il seme di {suit}",
    "analysis.why.move.pass": "passare",
    "analysis.why.chance": (
        "Da quello che poteva sapere, con questa mossa vince il {win} delle volte."
    ),
    "analysis.why.best": "Secondo il motore era la mossa migliore.",
    "analysis.why.better": "Il motore avrebbe scelto {best} ({win}).",
    "analysis.why.only": "Era l'unica mossa possibile.",
    "web.api_error.not_lesson": "Il motore spiega le mosse solo a un tavolo di «Impara a giocare».",
    "web.api_error.no_move": "La smazzata non ha ancora la mossa {n}.",
    "analysis.hint.play": "Gioca {action}: vinci il {win} delle volte.",
    "analysis.hint.do": "Scegli «{action}»: vinci il {win} delle volte.",
    # an accuso and the exchange of the briscola: the hint's first sentence, then as one of the
    # other moves ({gave} and {took} with their articles in the sentence, bare in the list)
    "analysis.hint.declare": (
        "Dichiara l'accuso di Re e Cavallo di {suit}: vinci il {win} delle volte."
    ),
    "analysis.hint.exchange": "Scambia {gave} con la briscola, {took}: vinci il {win} delle volte.",
    "analysis.hint.exchange.plain": "Fai lo scambio della briscola: vinci il {win} delle volte.",
    "analysis.hint.move.declare": "accuso di Re e Cavallo di {suit}",
    "analysis.hint.move.exchange": "scambio della briscola ({gave} per {took})",
    "analysis.hint.move.exchange.plain": "scambio della briscola",
    "analysis.hint.others": "Le altre mosse: {others}.",
    "analysis.hint.only": "È l'unica mossa possibile.",
    # the card a hint plays, with its article: "il Fante di coppe", "l'Asso di denari"
    "analysis.hint.card": "il {card}",
    "analysis.hint.card.vowel": "l'{card}",
    "terminal.analysis.offer": (
        "Analisi della partita: scrivi «s» per vederla, altro per continuare."
    ),
    "terminal.analysis.working": "Analisi in corso",
    "terminal.analysis.title": "Analisi della partita: posto {who}, {preset}",
    "terminal.analysis.col.move": "N.",
    "terminal.analysis.col.trick": "Presa",
    "terminal.analysis.col.played": "Giocata",
    "terminal.analysis.col.win": "Vittoria",
    "terminal.analysis.col.best": "Migliore",
    "terminal.analysis.col.rating": "Giudizio",
    "terminal.analysis.col.hindsight": "Col senno di poi",
    "terminal.analysis.view": (
        "Quel che si poteva sapere: ogni mossa valutata solo con le carte viste allora."
    ),
    "terminal.analysis.hindsight": "Col senno di poi: le stesse mosse con tutte le carte note.",
    "terminal.analysis.summary": "Precisione {accuracy}% · {counts}",
    "terminal.analysis.summary.hindsight": "Col senno di poi: precisione {accuracy}% · {counts}",
    "terminal.analysis.turning": (
        "Momento decisivo: presa {trick}, {played} invece di {best} "
        "(-{loss} di probabilità di vittoria)."
    ),
    "terminal.analysis.no_turning": "Nessuna mossa ha perso probabilità di vittoria.",
    "terminal.analysis.unfinished": "La smazzata non è finita: niente senno di poi.",
    "terminal.analysis.none": "Nessuna mossa da analizzare per questo posto.",
    "terminal.analysis.unavailable": "L'analisi richiede Numba (pip install numba).",
    "terminal.analysis.saved": "Analisi scritta in {path}.",
    "terminal.analysis.plot_saved": "Curva scritta in {path}.",
    "terminal.analysis.no_matplotlib": (
        "Per la curva serve matplotlib: pip install 'briscola[plots]'."
    ),
    "terminal.analysis.bad_record": "{path}: non è un record di partita leggibile: {error}",
    "terminal.analysis.plot.title": "Probabilità di vittoria, mossa per mossa",
    "terminal.analysis.plot.x": "Mossa",
    "terminal.analysis.plot.view": "Quel che si poteva sapere",
    "terminal.analysis.plot.hindsight": "Col senno di poi",
    "terminal.analysis.plot.best": "Mossa migliore",
    "terminal.hint.say": "Suggerimento: {reason}",
    "terminal.hint.not_now": "Un suggerimento c'è solo quando giochi una carta.",
    "terminal.help.hint": (
        "Scrivi «suggerimento» per il consiglio del Campione, «analisi» per l'analisi "
        "dell'ultima smazzata finita."
    ),
    "terminal.analysis.later": (
        "Per l'analisi di questa smazzata scrivi «analisi» quando tocca a te."
    ),
    "terminal.analysis.nothing_yet": "Nessuna smazzata finita da analizzare, per ora.",
    # analysis of the auction and the call (briscola chiamata)
    "analysis.phase.auction": "asta",
    "analysis.phase.call": "chiamata",
    "terminal.analysis.turning.bid": (
        "Momento decisivo: {where}, «{played}» invece di «{best}» "
        "(-{loss} di probabilità di vittoria)."
    ),
    "terminal.analysis.plot.auction": "Asta e chiamata",
    # == bots: the computer players' titles and descriptions (briscola.bots)
    "bots.random.title": "Casuale",
    "bots.random.description": "gioca una mossa lecita a caso",
    "bots.simple.title": "Sensato",
    "bots.simple.description": (
        "prende i punti a buon mercato, non spreca le briscole, aiuta il compagno"
    ),
    "bots.beginner.title": "Principiante",
    "bots.beginner.description": "gioca quasi a caso, con un pizzico di buon senso",
    "bots.easy.title": "Facile",
    "bots.easy.description": "arraffa tutti i punti che può, subito e senza contare le carte",
    "bots.medium.title": "Medio",
    "bots.medium.description": "conta le carte, risparmia le briscole, carica il compagno",
    "bots.hard.title": "Difficile",
    "bots.hard.description": (
        "gioca come il Medio, ma verifica ogni carta simulando centinaia di smazzate"
        " (nella chiamata, ogni mossa dell'asta)"
    ),
    "bots.champion.title": "Campione",
    "bots.champion.description": (
        "esplora migliaia di smazzate possibili e risolve il finale alla perfezione"
    ),
    # -- the neural level and the frozen champion, and briscola train (docs/training.md)
    "bots.neural.title": "Neurale",
    "bots.neural.description": (
        "una rete neurale allenata contro sé stessa sulle valutazioni del Campione: gioca d'istinto"
    ),
    "bots.champion-v1.title": "Campione v1",
    "bots.champion-v1.description": (
        "il Campione di dicembre 2026, congelato: il metro con cui si misura ogni nuovo Campione"
    ),
    # a tool whose library is an extra that is not installed (briscola.extras)
    "terminal.extras.train": "Per allenare la rete serve PyTorch, che non è installato: {command}",
    "terminal.extras.ray": (
        "Il backend ray richiede Ray, che non è installato: {command} (o il backend process, il "
        "predefinito, con --workers N)"
    ),
    "terminal.extras.plots": "Per i grafici serve matplotlib, che non è installato: {command}",
    "terminal.extras.rl": (
        "Gli ambienti RL richiedono PettingZoo e Gymnasium, che non sono installati: {command}"
    ),
    "terminal.extras.postgres": "Per PostgreSQL serve psycopg, che non è installato: {command}",
    "terminal.train.error": "Allenamento impossibile: {error}",
    "terminal.train.why.players": (
        "{preset}: si allenano solo giochi a due parti (due giocatori, o due squadre)"
    ),
    "terminal.train.why.endgame": (
        "--endgame-deals: le etichette esatte del finale vogliono due giocatori (a squadre le "
        "carte del compagno restano coperte)"
    ),
    "terminal.train.why.settings": (
        "{out} contiene un allenamento con altre impostazioni: riprendilo con le stesse"
    ),
    "terminal.train.why.level": "{level}: livello inesistente",
    "terminal.train.why.init": "{out} non contiene una rete (weights.npz)",
    "terminal.train.why.init_hidden": (
        "{out} contiene una rete di {width} unità per strato, non {hidden}"
    ),
    "terminal.train.why.replay": (
        "{out} non contiene giri etichettati (log.json, data/round-N.npz)"
    ),
    "terminal.train.why.exists": (
        "{out} contiene già un allenamento: usa --resume, o un'altra cartella"
    ),
    "terminal.train.round": "giro {round}: {positions} posizioni; punteggio {scores}",
    "terminal.train.done": "Pesi, registro e curva di apprendimento in {out}",
    # == presets: the presets' titles and descriptions in the server's catalog
    "presets.classic.title": "Briscola classica",
    "presets.classic.description": (
        "Due giocatori, tre carte a testa, la briscola scoperta sotto il mazzo."
    ),
    "presets.three.title": "Briscola a tre",
    "presets.three.description": "Tre giocatori, ognuno per sé; si toglie un due.",
    "presets.quattro.title": "Briscola a quattro",
    "presets.quattro.description": "Quattro giocatori, ognuno per sé: nessuna coppia.",
    "presets.pairs.title": "Briscola a coppie",
    "presets.pairs.description": "Quattro giocatori, due coppie: il compagno siede di fronte.",
    "presets.six.title": "Briscola a sei",
    "presets.six.description": "Sei giocatori in due squadre da tre; si tolgono i due.",
    "presets.scoperta.title": "Briscola scoperta",
    "presets.scoperta.description": "Due giocatori, carte in vista.",
    "presets.chiamata.title": "Briscola chiamata",
    "presets.chiamata.description": (
        "Cinque giocatori: un'asta, la carta chiamata, un socio segreto."
    ),
    # == signals: partner signals in the terminal (issue 14, item 2)
    "terminal.sign.asso": "ho l'asso",
    "terminal.sign.tre": "ho il tre",
    "terminal.sign.alte": "ho briscole alte",
    "terminal.sign.nessuna": "non ho briscole",
    "terminal.sign.carica": "carica",
    "terminal.sign.liscio": "liscio",
    "terminal.sign.word.asso": "asso",
    "terminal.sign.word.tre": "tre",
    "terminal.sign.word.alte": "alte",
    "terminal.sign.word.nessuna": "nessuna",
    "terminal.sign.word.carica": "carica",
    "terminal.sign.word.liscio": "liscio",
    "terminal.cmd.signal": "segnale {sign}",
    "terminal.signs.line": "Segnali al compagno: {signs}",
    "terminal.say.signal.you": "Fai il segno al compagno: {sign}.",
    "terminal.say.signal.partner": "{who} ti fa un segno: {sign}.",
    "terminal.say.signal": "{who} ha fatto un segno.",
    "terminal.help.cmd.signal": (
        "segnale asso · tre · alte · nessuna · carica · liscio (un segno al compagno, "
        "uno a presa, prima della carta)"
    ),
    "terminal.err.signal_off": (
        "I segnali al compagno non sono in gioco (a coppie o a sei: --option signals=true)."
    ),
    "terminal.err.signal_once": "Hai già fatto un segno in questa presa: uno a presa.",
    "terminal.err.signal_untrue": "Non puoi fare il segno «{sign}»: non è vero delle tue carte.",
    # == prompts and the command line's own help and errors (issue 14, items 2 and 3)
    "terminal.words.quote": "«{text}»",
    "terminal.words.or": "{first} o {last}",
    "terminal.err.bid_rank_off": (
        "In quest'asta si offrono punti, da 61 a 120 (es. «offro 75»), non valori di carte."
    ),
    "terminal.tui.keys.sign": " · S segno",
    "terminal.tui.prompt.sign": "S: un segno al compagno",
    "terminal.tui.sign.title": "Un segno al compagno",
    "terminal.tui.sign.keys": "↑ ↓ e Invio, o il numero · Esc: nessun segno",
    "terminal.tui.sign.wait": "I segni si fanno al proprio turno di gioco, prima della carta.",
    "terminal.tui.seat.sign": "segno: {sign}",
    "terminal.tui.seat.signed": "ha fatto un segno",
    "terminal.tui.help.signs": (
        "S: un segno al compagno (uno a presa, al tuo turno, prima della carta): ho l'asso, ho "
        "il tre, ho briscole alte e non ho briscole solo se è vero; carica e liscio sempre. "
        "Il compagno ne vede il significato, gli avversari solo che hai fatto un segno."
    ),
    "terminal.tui.help.auction.points": (
        "Nell'asta si offrono punti, da 61 a 120, più dell'offerta più alta, o si passa, per "
        "tutta l'asta."
    ),
    "terminal.tui.help.call.card": (
        "Chi vince chiama una carta, valore e seme: il suo seme è la briscola, chi la tiene è il "
        "socio segreto."
    ),
    "terminal.tui.help.call.two": (
        "Chi vince chiama un seme: il suo Due è la carta chiamata, il seme è la briscola, chi "
        "tiene il Due è il socio segreto."
    ),
    "terminal.err.unknown.auction": (
        "Non capisco «{text}»: scrivi il numero di una mossa, {moves}, o «aiuto»."
    ),
    "terminal.err.unknown.call": (
        "Non capisco «{text}»: chiama la briscola («chiamo d») o scrivi il numero, o «aiuto»."
    ),
    "terminal.err.unknown.call_card": (
        "Non capisco «{text}»: chiama una carta («chiamo Ad») o scrivi il numero, o «aiuto»."
    ),
    # the command line's help texts (i18n/cli.py: HELP + <root>.<command>[.<param>])
    "terminal.cli.help.briscola": (
        "Briscola, il gioco di carte italiano: gioca nel terminale contro il computer."
    ),
    "terminal.cli.help.briscola.version": "Mostra la versione.",
    "terminal.cli.help.briscola.common.lang": "Lingua: it o en.",
    "terminal.cli.help.briscola.play": "Gioca a Briscola nel terminale contro il computer.",
    "terminal.cli.help.briscola.play.preset_name": "Il gioco: {presets} (o un altro suo nome).",
    "terminal.cli.help.briscola.play.opponent": "Il livello del computer agli altri posti: {bots}.",
    "terminal.cli.help.briscola.play.seat": "Il tuo posto, da 0.",
    "terminal.cli.help.briscola.play.seed": (
        "Il numero che fissa il caso (seed): la stessa partita ogni volta."
    ),
    "terminal.cli.help.briscola.play.match": (
        "single (una smazzata), best-of:N (al meglio di N), first-to:N (chi vince N smazzate), "
        "points:N (a N punti, es. points:120), deals:N (N smazzate, vince la somma)."
    ),
    "terminal.cli.help.briscola.play.option": (
        "Un'opzione delle regole KEY=VALUE (chiave=valore), ripetibile. Chiavi (true/false "
        "dove non sono indicati i valori): {option_keys}."
    ),
    "terminal.cli.help.briscola.play.dealer": "Il posto del primo mazziere (se manca: a sorte).",
    "terminal.cli.help.briscola.play.auto": (
        "Il computer gioca anche al tuo posto (guardi una partita)."
    ),
    "terminal.cli.help.briscola.play.human_bot": (
        "Il livello che gioca al tuo posto (vale come --auto)."
    ),
    "terminal.cli.help.briscola.play.tui": (
        "Il tavolo a schermo intero (si gioca con la tastiera) invece delle righe."
    ),
    "terminal.cli.help.briscola.play.deck": (
        "Le carte del tavolo a schermo intero (segni e colori dei semi): progetto (le "
        "predefinite), napoletane, piacentine o francesi."
    ),
    "terminal.cli.help.briscola.bench": (
        "Misura la velocità dei motori (partite e decisioni al secondo per ogni gioco), o il "
        "tempo di riflessione (--think) e la forza (--strength) dei livelli del computer."
    ),
    "terminal.cli.help.briscola.bench.games": (
        "Partite per gioco (se manca: 500 con il motore di riferimento, 1.000.000 con --fast)."
    ),
    "terminal.cli.help.briscola.bench.preset_names_": (
        "Un gioco da misurare (ripetibile; se manca: tutti; con --think o --strength un gioco "
        "solo, se manca classic)."
    ),
    "terminal.cli.help.briscola.bench.fast": (
        "Misura anche il motore compilato veloce (su un core e su tutti) contro quello di "
        "riferimento; vuole l'extra 'fast'."
    ),
    "terminal.cli.help.briscola.bench.think": (
        "Cronometra i livelli del computer: ms per mossa (mediana, p95, massimo) su un core, "
        "ogni livello contro medium, con l'obiettivo del campione."
    ),
    "terminal.cli.help.briscola.bench.strength": (
        "Fa giocare ogni livello contro quello sotto (e champion contro medium) su smazzate "
        "duplicate nell'arena; punteggi con intervalli al 95% contro le soglie."
    ),
    "terminal.cli.help.briscola.bench.analysis": (
        "Cronometra l'analisi di una smazzata finita (posto 0, col senno di poi) e un "
        "suggerimento a ogni mossa, col budget predefinito, con le soglie (docs/analysis.md)."
    ),
    "terminal.cli.help.briscola.bench.deals": (
        "Con --think: smazzate per livello (se manca: 10); con --strength: smazzate duplicate "
        "per coppia (se manca: 100; la soglia si giudica su 2.000)."
    ),
    "terminal.cli.help.briscola.bench.levels": (
        "Con --think: un livello da cronometrare (ripetibile; se manca: tutti)."
    ),
    "terminal.cli.help.briscola.bench.opponent": (
        "Con --think: il livello contro cui giocano i livelli cronometrati (se manca: medium)."
    ),
    "terminal.cli.help.briscola.bench.pairs": (
        "Con --strength: una coppia da far giocare, es. champion:medium (ripetibile; se manca: "
        "la scala dei livelli)."
    ),
    "terminal.cli.help.briscola.bench.seed": (
        "Con --think o --strength: il numero che fissa il caso."
    ),
    "terminal.cli.help.briscola.bench.workers": (
        "Con --fast o --strength: i processi (0: uno per CPU; se manca: uno per CPU con --fast, "
        "1 con --strength)."
    ),
    "terminal.cli.help.briscola.bench.strict": (
        "Con --think o --strength: esce con codice 1 se un obiettivo non è raggiunto."
    ),
    "terminal.cli.help.briscola.bench.json_path": "Scrive anche i risultati in JSON qui.",
    "terminal.cli.help.briscola.bench.plot_path": (
        "Con --strength: disegna anche i punteggi contro le soglie, in un PNG qui."
    ),
    "terminal.cli.help.briscola.bench.first_deal": (
        "Con --strength: comincia da questa smazzata del seme (se manca: 0), per giocare una "
        "lunga serie a pezzi che --merge riunisce."
    ),
    "terminal.cli.help.briscola.bench.merge": (
        "Con --strength: riunisce in uno dei risultati salvati (ripetibile; un modello glob fra "
        "virgolette ne prende molti), i pezzi di una serie come quella serie; non gioca nulla."
    ),
    "terminal.cli.help.briscola.analyze": (
        "Valuta ogni mossa di un posto nella registrazione di una smazzata, con la ricerca del "
        "campione (docs/analysis.md)."
    ),
    "terminal.cli.help.briscola.analyze.record": (
        "La registrazione di una smazzata (JSON briscola-record)."
    ),
    "terminal.cli.help.briscola.analyze.seat": "Il posto da analizzare.",
    "terminal.cli.help.briscola.analyze.json_out": "Scrive anche l'analisi in JSON qui.",
    "terminal.cli.help.briscola.analyze.plot_out": (
        "Disegna qui la curva della probabilità di vincere."
    ),
    "terminal.cli.help.briscola.analyze.budget": "Mondi esplorati per mossa.",
    "terminal.cli.help.briscola.analyze.seed": "Il numero che fissa il caso nella ricerca.",
    "terminal.cli.help.briscola.serve": (
        "Avvia l'app web: si gioca nel browser, da soli o con gli amici "
        "(http://HOST:PORT/).\n\nOgni impostazione è un'opzione o una variabile BRISCOLA_* "
        "(docs/operations.md, Settings). Limiti per client: $BRISCOLA_CREATE_RATE, "
        "_JOIN_RATE, _GUESS_RATE, _MESSAGE_RATE (RAFFICA/AL_SECONDO o off); senza "
        "--trusted-proxies gli indirizzi di questa macchina non hanno limiti "
        "($BRISCOLA_RATE_EXEMPT)."
    ),
    "terminal.cli.help.briscola.serve.host": (
        "L'indirizzo su cui ascoltare (se manca: $BRISCOLA_HOST, altrimenti 127.0.0.1)."
    ),
    "terminal.cli.help.briscola.serve.port": (
        "La porta su cui ascoltare (se manca: $BRISCOLA_PORT, altrimenti 8000)."
    ),
    "terminal.cli.help.briscola.serve.db": (
        "L'URL SQLAlchemy del database (se manca: $BRISCOLA_DB, altrimenti sqlite:///briscola.db)."
    ),
    "terminal.cli.help.briscola.serve.log_level": (
        "Quanto scrive il server nel registro: critical, error, warning, info, debug o trace "
        "(se manca: $BRISCOLA_LOG_LEVEL, altrimenti info; token e chiavi sono mascherati a ogni "
        "livello)."
    ),
    "terminal.cli.help.briscola.serve.bot_workers": (
        "Processi per le ricerche dei giocatori del computer (se manca: $BRISCOLA_BOT_WORKERS, "
        "altrimenti uno per core; 0: pensano nel processo del server)."
    ),
    "terminal.cli.help.briscola.serve.max_tables": (
        "Il massimo di tavoli in memoria (se manca: $BRISCOLA_MAX_TABLES, altrimenti 5000); "
        "oltre, escono dalla memoria quelli fermi, se no i nuovi sono rifiutati (503 "
        "server_full)."
    ),
    "terminal.cli.help.briscola.serve.idle_seconds": (
        "Un tavolo a cui non è collegato nessuno esce dalla memoria dopo S secondi (se manca: "
        "$BRISCOLA_IDLE_SECONDS, altrimenti 300); resta salvato e si ricarica alla prossima "
        "visita."
    ),
    "terminal.cli.help.briscola.serve.workers": (
        "Processi del server dietro nginx sulla porta, ogni tavolo servito da uno di loro, con il "
        "database e Redis in comune (senza --redis si avvia un redis-server locale)."
    ),
    "terminal.cli.help.briscola.serve.redis": (
        "Il Redis in comune con gli altri processi, qui o su altre macchine con lo stesso "
        "database (se manca: $BRISCOLA_REDIS; se non c'è: questo processo serve da solo)."
    ),
    "terminal.cli.help.briscola.serve.print_nginx_config": (
        "Stampa la parte della configurazione di nginx che manda ogni tavolo a uno dei processi "
        "di --workers sulle porte da PORT+1 a PORT+N, con nginx su HOST:PORT, ed esce "
        "(docs/operations.md)."
    ),
    "terminal.cli.help.briscola.serve.trick_hold": (
        "Quanto resta in tavola una presa completa prima che un giocatore del computer apra di "
        "nuovo, da 0 a {max_hold} secondi (se manca: $BRISCOLA_TRICK_HOLD, altrimenti 1,5)."
    ),
    "terminal.cli.help.briscola.serve.trusted_proxies": (
        "I proxy inversi (indirizzi o reti, separati da virgole) la cui intestazione "
        "'X-Forwarded-For' indica il client (se manca: $BRISCOLA_TRUSTED_PROXIES, altrimenti "
        "nessuno: l'intestazione è ignorata). Con un proxy i limiti contano il client che "
        "indica e gli indirizzi di questa macchina hanno i limiti di tutti; senza, non ne hanno."
    ),
    "terminal.cli.help.briscola.score": (
        "Tiene i punti delle partite giocate con le carte vere (briscola score --help)."
    ),
    "terminal.cli.help.briscola.engine": (
        "Gioca come motore: richieste JSON dallo standard input, risposte JSON sullo standard "
        "output (docs/protocol.md)."
    ),
    "terminal.cli.help.briscola.engine.level": "Il livello che gioca: {bots}.",
    "terminal.cli.help.briscola.engine.preset_name": (
        "Le regole per le osservazioni che non le portano: {presets}."
    ),
    "terminal.cli.help.briscola.engine.option": (
        "Un'opzione delle regole di --preset KEY=VALUE (chiave=valore), ripetibile. Chiavi "
        "(true/false dove non sono indicati i valori): {option_keys}."
    ),
    "terminal.cli.help.briscola.engine.seed": (
        "Il numero che fissa il caso, per un livello che tira a sorte."
    ),
    "terminal.cli.help.briscola.arena": (
        "Gioca un torneo a smazzate duplicate fra livelli e motori: percentuali di vittoria, "
        "classifiche, grafici."
    ),
    "terminal.cli.help.briscola.arena.players": (
        "I giocatori: livelli del computer ({bots}), 'engine:COMANDO' per un motore esterno (tra "
        "virgolette), o NOME=SPEC per dargli un nome. Due o più."
    ),
    "terminal.cli.help.briscola.arena.deals": "Smazzate per sfida (al massimo, con --sprt).",
    "terminal.cli.help.briscola.arena.preset_name": "Il gioco: {presets}.",
    "terminal.cli.help.briscola.arena.option": (
        "Un'opzione delle regole KEY=VALUE (chiave=valore), ripetibile. Chiavi (true/false "
        "dove non sono indicati i valori): {option_keys}."
    ),
    "terminal.cli.help.briscola.arena.seed": (
        "Il numero che fissa il caso: stesso numero, stesso torneo."
    ),
    "terminal.cli.help.briscola.arena.workers": "Processi in parallelo.",
    "terminal.cli.help.briscola.arena.sprt": (
        "Test sequenziale del primo giocatore contro il secondo, che si ferma appena può: "
        "elo0=0,elo1=20,alpha=0.05,beta=0.05."
    ),
    "terminal.cli.help.briscola.arena.out": "Scrive qui results.json, results.md e i grafici PNG.",
    "terminal.cli.help.briscola.arena.backend": (
        "process (predefinito) o ray (pip install 'briscola[ray]')."
    ),
    "terminal.cli.help.briscola.arena.address": (
        "Con --backend ray: un cluster Ray avviato (auto, HOST:6379 o ray://HOST:10001)."
    ),
    "terminal.cli.help.briscola.arena.timeout": "Il tempo per mossa di un motore esterno.",
    "terminal.cli.help.briscola.arena.records": (
        "Conserva le mosse di ogni partita in results.json."
    ),
    "terminal.cli.help.briscola.arena.plots": "Disegna i grafici PNG.",
    "terminal.cli.help.briscola.arena.progress": "Mostra una barra di avanzamento.",
    "terminal.cli.help.briscola.arena.as_json": "Stampa i risultati in JSON invece che in tabelle.",
    "terminal.cli.help.briscola.train": (
        "Allena la rete del livello neurale: prima imita medium, poi migliora per iterazione "
        "esperta (docs/training.md)."
    ),
    "terminal.cli.help.briscola.train.out": "La cartella dell'allenamento.",
    "terminal.cli.help.briscola.train.preset_name": "Il gioco (due giocatori, o due squadre).",
    "terminal.cli.help.briscola.train.seed": (
        "Il numero che fissa il caso: stesso numero, stessi pesi."
    ),
    "terminal.cli.help.briscola.train.rounds": "Giri di iterazione esperta.",
    "terminal.cli.help.briscola.train.games": "Partite della rete contro se stessa a ogni giro.",
    "terminal.cli.help.briscola.train.budget": "Simulazioni della ricerca per ogni etichetta.",
    "terminal.cli.help.briscola.train.hidden": "Unità di ogni strato nascosto.",
    "terminal.cli.help.briscola.train.bc_deals": "Smazzate della partenza (l'imitazione).",
    "terminal.cli.help.briscola.train.endgame_deals": (
        "Smazzate le cui posizioni a mazzo finito si risolvono in modo esatto."
    ),
    "terminal.cli.help.briscola.train.replay_from": (
        "Un allenamento precedente i cui giri etichettati si aggiungono agli esempi da ripassare"
        " (si può ripetere)."
    ),
    "terminal.cli.help.briscola.train.init_from": (
        "Un allenamento precedente dalla cui rete si parte (senza imitare medium)."
    ),
    "terminal.cli.help.briscola.train.mix": (
        "Posizioni della partenza mescolate a ogni giro per ogni posizione ripassata."
    ),
    "terminal.cli.help.briscola.train.infer": (
        "La ricerca che etichetta deduce le carte dell'avversario dalle sue giocate."
    ),
    "terminal.cli.help.briscola.train.symmetry": (
        "Un solo gioco per ogni seme di briscola (semi in forma canonica)."
    ),
    "terminal.cli.help.briscola.train.eval_deals": "Smazzate per livello nella curva.",
    "terminal.cli.help.briscola.train.eval_level": "Un livello della curva (si può ripetere).",
    "terminal.cli.help.briscola.train.workers": "Processi che etichettano.",
    "terminal.cli.help.briscola.train.resume": "Riprende dall'ultimo salvataggio nella cartella.",
    "terminal.cli.help.briscola.train.no_progress": "Senza barra di avanzamento.",
    "terminal.cli.help.score": "Segnapunti per le partite giocate con un mazzo vero.",
    "terminal.cli.help.score.common.db": (
        "Database: un file o un URL SQLAlchemy (se manca: la cartella dei dati dell'utente)."
    ),
    "terminal.cli.help.score.common.lang": "Lingua: it o en.",
    "terminal.cli.help.score.common.sheet": "Il numero o il nome del foglio.",
    "terminal.cli.help.score.common.competitor": "Il numero nella tabella (da 1) o il nome.",
    "terminal.cli.help.score.common.yes": "Senza chiedere conferma.",
    "terminal.cli.help.score.new": "Crea un foglio dei punti.",
    "terminal.cli.help.score.new.name": "Il nome del foglio.",
    "terminal.cli.help.score.new.player": (
        "Un giocatore (ripetuto per ognuno; Anna+Bruno è una coppia)."
    ),
    "terminal.cli.help.score.new.pair": (
        "Una coppia come un solo concorrente: Anna+Bruno o Noi=Anna+Bruno."
    ),
    "terminal.cli.help.score.new.target": (
        "61 (una smazzata), 120 (due smazzate), chiamata (unità; chiamata:N), o un numero "
        "qualsiasi."
    ),
    "terminal.cli.help.score.new.format": (
        "single (una partita), best-of:N (al meglio di N) o first-to:N (chi ne vince N)."
    ),
    "terminal.cli.help.score.new.declarations": "Ammette gli accusi (smazzate oltre 120).",
    "terminal.cli.help.score.new.points_tie": (
        "Pari al traguardo su più smazzate (120-120): draw (pareggio) o one_more (un'altra "
        "smazzata)."
    ),
    "terminal.cli.help.score.list": "Elenca i fogli dei punti.",
    "terminal.cli.help.score.show": (
        "Mostra un foglio: i punti, i trofei, la vittoria, la situazione dell'incontro."
    ),
    "terminal.cli.help.score.show.history": "Mostra anche le partite finite.",
    "terminal.cli.help.score.history": "Mostra le partite finite di un foglio.",
    "terminal.cli.help.score.add": (
        "Aggiunge punti a un concorrente in questa smazzata (i tasti rapidi; negativi per "
        "correggere)."
    ),
    "terminal.cli.help.score.add.points": "Punti da aggiungere: +10, +5, +1, -5, 14…",
    "terminal.cli.help.score.set": (
        "Scrive i punti di un concorrente in questa smazzata (il tastierino)."
    ),
    "terminal.cli.help.score.set.points": "I punti del concorrente in questa smazzata.",
    "terminal.cli.help.score.deal": (
        "Chiude questa smazzata e comincia la prossima nella stessa partita (120, chiamata, su "
        "misura)."
    ),
    "terminal.cli.help.score.undo": "Annulla l'ultima modifica.",
    "terminal.cli.help.score.redo": "Rifà l'ultima modifica annullata.",
    "terminal.cli.help.score.new-game": (
        "Nuova partita: chiude questa partita nello storico e ricomincia.\n\nUna partita con dei "
        "punti che nessuno ha ancora vinto si chiude solo se lo dici tu: al terminale te lo "
        "chiede, altrimenti serve --yes (senza, un messaggio dice come)."
    ),
    "terminal.cli.help.score.rename": "Cambia il nome di un concorrente.",
    "terminal.cli.help.score.rename.new_name": "Il nuovo nome.",
    "terminal.cli.help.score.rename-sheet": "Cambia il nome di un foglio.",
    "terminal.cli.help.score.rename-sheet.text": "Il nuovo nome del foglio.",
    "terminal.cli.help.score.add-competitor": (
        "Aggiunge un concorrente (un giocatore o una coppia)."
    ),
    "terminal.cli.help.score.add-competitor.text": "Un nome, o Anna+Bruno.",
    "terminal.cli.help.score.remove-competitor": (
        "Toglie un concorrente (le sue partite passate restano nello storico)."
    ),
    "terminal.cli.help.score.target": "Cambia il traguardo di un foglio.",
    "terminal.cli.help.score.target.text": "61, 120, chiamata[:N] o un numero.",
    "terminal.cli.help.score.format": "Cambia la formula dell'incontro di un foglio.",
    "terminal.cli.help.score.format.text": (
        "single (una partita), best-of:N (al meglio di N) o first-to:N (chi ne vince N)."
    ),
    "terminal.cli.help.score.declarations": "Ammette o vieta gli accusi.",
    "terminal.cli.help.score.declarations.allowed": (
        "true per ammettere smazzate oltre 120, false per vietarle."
    ),
    "terminal.cli.help.score.export": "Esporta in CSV le partite e i totali di un foglio.",
    "terminal.cli.help.score.export.csv_path": (
        "Il file CSV da scrivere (- per lo standard output)."
    ),
    "terminal.cli.help.score.delete": "Cancella un foglio e il suo storico.",
    "terminal.cli.help.score.play": (
        "Segna i punti dal vivo: 1 +10, anna +5, 2 = 73, u, r, m, n, q (h per l'aiuto)."
    ),
    # the command line's own refusals (apps/cli/errors.py: bad) and words
    "terminal.cli.bad.lang": "{lang}: usa it o en",
    "terminal.cli.bad.deck": "{deck}: le carte sono {decks}",
    "terminal.cli.bad.seat": "{value} non è un posto: {name} ha i posti da 0 a {last}",
    "terminal.cli.bad.bench_one": "scegli uno solo fra --fast, --think e --strength",
    "terminal.cli.bad.analysis_alone": (
        "--analysis va da solo: non con --fast, --think o --strength"
    ),
    "terminal.cli.bad.goes_with": "va con {flags}",
    "terminal.cli.bad.fast_missing": (
        "il motore veloce vuole numba e numpy (pip install numba numpy): {detail}"
    ),
    "terminal.cli.bad.counts_deals": "{flag} conta smazzate: usa --deals",
    "terminal.cli.bad.one_preset": "{flag} misura un gioco solo",
    "terminal.cli.bad.deals": "gioca almeno una smazzata",
    "terminal.cli.bad.strength_pairs": "--strength fa giocare coppie: usa --pair",
    "terminal.cli.bad.think_levels": "--think cronometra livelli: usa --level",
    "terminal.cli.bad.think_one_core": "--think cronometra ogni mossa su un core solo",
    "terminal.cli.bad.merge_plays_nothing": "--merge riunisce risultati salvati: non gioca nulla",
    "terminal.cli.or": "o",
    "terminal.cli.serving": "Briscola: {url}  (Ctrl+C per fermare)",
    "terminal.cli.help.briscola.connect": (
        "Gioca online con un account automatico: uno dei livelli o "
        "il programma di un motore (docs/online.md)."
    ),
    "terminal.cli.help.briscola.connect.server": (
        "L'indirizzo del server: https://host o host:porta."
    ),
    "terminal.cli.help.briscola.connect.token": (
        "La chiave dell'account automatico, mostrata una volta alla "
        "sua creazione (anche da $BRISCOLA_BOT_TOKEN)."
    ),
    "terminal.cli.help.briscola.connect.level": (
        "Il livello che gioca (predefinito simple): {bots}."
    ),
    "terminal.cli.help.briscola.connect.engine": (
        "Un programma che parla il protocollo dei motori "
        "(docs/protocol.md), al posto di un livello."
    ),
    "terminal.cli.help.briscola.connect.game": (
        "Il gioco da cercare: classic, three, quattro, pairs, six o chiamata."
    ),
    "terminal.cli.help.briscola.connect.games": (
        "Quante partite giocare; senza, finché non lo fermi (Ctrl+C)."
    ),
    "terminal.cli.help.briscola.connect.seed": (
        "Il numero che fissa il caso: nelle scelte del livello, nei semi dati al motore."
    ),
    "terminal.cli.help.briscola.connect.retry_for": (
        "Per quanti secondi riprovare, con attese crescenti, un server che non risponde."
    ),
    "terminal.cli.bad.connect_one": "scegli uno solo fra --level e --engine",
    "terminal.cli.connect.bad_level": "{level}: livello sconosciuto; i livelli: {levels}",
    "terminal.cli.connect.bad_game": "{game}: online si gioca a {games}",
    "terminal.cli.connect.bad_url": (
        "{url} non è l'indirizzo di un server: usa https://host o host:porta"
    ),
    "terminal.cli.connect.bad_seat_url": (
        "Il server ha mandato l'indirizzo di un posto illeggibile."
    ),
    "terminal.cli.connect.refused": (
        "Il server ha rifiutato la chiave: controlla --token (o "
        "$BRISCOLA_BOT_TOKEN); una chiave revocata non vale più."
    ),
    "terminal.cli.connect.no_lobby": (
        "A {url} non c'è una sala per giocare online: è un server di Briscola?"
    ),
    "terminal.cli.connect.gone": "Il server {url} non risponde da troppo tempo ({reason}): smetto.",
    "terminal.cli.connect.lobby": "La sala ha rifiutato la ricerca: {message}",
    "terminal.cli.connect.engine": "Il motore si è fermato: {reason}",
    "terminal.cli.connect.table_refused": "Il tavolo ha rifiutato il posto ({reason}).",
    "terminal.cli.connect.engine_ready": "Motore pronto: {name}.",
    "terminal.cli.connect.connecting": "Mi collego a {url}…",
    "terminal.cli.connect.seeking": "Cerco una partita ({game})…",
    "terminal.cli.connect.matched": "Partita trovata: tavolo {table}, posto {seat}.",
    "terminal.cli.connect.won": "Partita {n} vinta ({points} punti).",
    "terminal.cli.connect.lost": "Partita {n} persa ({points} punti).",
    "terminal.cli.connect.draw": "Partita {n} pari ({points} punti).",
    "terminal.cli.connect.dropped": "Connessione persa: mi ricollego.",
    "terminal.cli.connect.retry": "Il server non risponde ({reason}): riprovo fra {seconds} s.",
    "terminal.cli.connect.refused_move": "Il server ha rifiutato una mossa: {message}",
    "terminal.cli.connect.resigned": "Ho abbandonato la partita in corso.",
    "terminal.cli.connect.interrupted": "Interrotto.",
    "terminal.cli.connect.done": "Partite giocate: {n}.",
    # other layers' English errors said in Italian (apps/cli/errors.py: reword)
    "terminal.cli.reword.preset": "gioco sconosciuto: {name}; i giochi: {names}",
    "terminal.cli.reword.option": "opzione delle regole sconosciuta: {name}; le opzioni: {names}",
    "terminal.cli.reword.boolean": "{name} vuole true o false, non {value}",
    "terminal.cli.reword.choice": "{name} vuole uno fra {names}, non {value}",
    "terminal.cli.reword.whole": "{name} vuole un numero intero, non {value}",
    "terminal.cli.reword.small": "{name} {value} è troppo poco: serve almeno {low}",
    "terminal.cli.reword.allowed": "{name} vuole {names}, non {value}",
    "terminal.cli.reword.out_of_place": "{name} vale solo per {where}, non per {n} giocatori",
    "terminal.cli.reword.deck": (
        "un mazzo di {size} carte non si divide fra {n} giocatori: togli carte perché si divida"
    ),
    "terminal.cli.reword.hand_size": "hand_size {size} non va bene per {n} giocatori",
    "terminal.cli.reword.bot": "livello sconosciuto: {name}; i livelli: {names}",
    "terminal.cli.reword.level": (
        "livello sconosciuto: {name}; i livelli: {names} (e anche: {more})"
    ),
    "terminal.cli.reword.match": (
        "formula d'incontro sconosciuta: {text}; usa single, best-of:N, first-to:N, points:N o "
        "deals:N"
    ),
    "terminal.cli.reword.match_single": "una smazzata sola non vuole un numero",
    "terminal.cli.reword.match_number": "{text} vuole un numero, come {example}",
    "terminal.cli.reword.match_target": "il traguardo di un incontro è almeno 1, non {n}",
    "terminal.cli.reword.match_odd": "al meglio di {n}: scegli un numero dispari di smazzate",
    "terminal.cli.reword.pair": "una coppia è SOPRA:SOTTO, es. champion:medium (non {text})",
    "terminal.cli.reword.pair_same": "una coppia vuole due livelli diversi (non {text})",
    "terminal.cli.reword.deals": "gioca almeno una smazzata",
    "terminal.cli.reword.env_number": "{name} vuole un numero, non {value}",
    "terminal.cli.reword.range": "{name} vuole un valore da {low} a {high}, non {value}",
    "terminal.cli.reword.at_least": "{name} vuole almeno {low}, non {value}",
    "terminal.cli.reword.rate": (
        "{name} vuole RAFFICA/AL_SECONDO (RAFFICA almeno 1, AL_SECONDO più di 0, es. 30/0.5) "
        "o off, non {value}"
    ),
    "terminal.cli.reword.networks": (
        "{name} vuole indirizzi IP o reti separati da virgole, o none, non {value}"
    ),
    "terminal.cli.reword.addresses": (
        "{name} vuole indirizzi IP separati da virgole, o none, non {value}"
    ),
    "terminal.cli.reword.redis": "{name} vuole un URL redis://, rediss:// o unix://, non {value}",
    "terminal.cli.reword.key_value": "{item} non è KEY=VALUE (chiave=valore, es. inversion=true)",
    "terminal.cli.reword.backend": "usa {names}",
    "terminal.cli.reword.address": "l'indirizzo di un cluster Ray vuole --backend ray",
    "terminal.cli.reword.two_players": "un torneo vuole almeno due giocatori",
    "terminal.cli.reword.engine_command": "{text}: scrivi il comando del motore dopo {prefix}",
    "terminal.cli.reword.sides": (
        "{name} mette al tavolo {n} parti: servono almeno {n} giocatori (un nome si può "
        "ripetere, es. simple simple random)"
    ),
    "terminal.cli.reword.sprt_two": (
        "un SPRT confronta due giocatori in un gioco a due parti (classic, pairs, …)"
    ),
    "terminal.cli.reword.sprt_alpha": "alpha e beta stanno fra 0 e 1, estremi esclusi",
    "terminal.cli.reword.sprt_elo": "elo1 ({high}) deve superare elo0 ({low})",
    "terminal.cli.reword.redis_missing": (
        "redis-server non è installato: esegui scripts/install-system-deps.sh (il pacchetto "
        "redis-server di Debian), o indica un Redis già avviato con --redis URL"
    ),
    "terminal.cli.reword.redis_failed": "redis-server non è partito sulla porta {port}: {detail}",
    "terminal.cli.reword.ruleset": "regole che non si possono giocare: {detail}",
    # -- end of the command line's block
    # == matches: the match formats in the server's catalog
    "matches.single": "Una smazzata",
    "matches.best-of:3": "Al meglio di 3",
    "matches.best-of:5": "Al meglio di 5",
    "matches.first-to:2": "Chi vince 2 smazzate",
    "matches.first-to:3": "Chi vince 3 smazzate",
    "matches.points:120": "Due smazzate a 120",
    "matches.points:240": "A 240 punti",
    "matches.deals:5": "Cinque smazzate (somma)",
    # == web: the pages the server words itself (apps/server/pages.py error_page)
    "web.error.unknown_table.title": "Questo tavolo non c'è",
    "web.error.unknown_table.text": (
        "Il tavolo di questo link non esiste, o la sua partita è finita da tempo. "
        "Controlla il link, o comincia una nuova partita."
    ),
    "web.error.not_found.title": "Pagina non trovata",
    "web.error.not_found.text": "A questo indirizzo non c'è niente: forse il link è incompleto.",
    "web.error.home": "Alla pagina iniziale",
    "web.error.language": "Italiano",
    # errori del tavolo (WebSocket) nella lingua del tavolo (apps/server/errors.py)
    "web.ws_error.bad_json": "Il messaggio non si legge: non è JSON.",
    "web.ws_error.too_large": "Il messaggio è troppo lungo.",
    "web.ws_error.unknown_type": "Il tavolo non conosce questo tipo di messaggio.",
    "web.ws_error.bad_message": "Il messaggio non ha la forma giusta.",
    "web.ws_error.bad_action": "Questa mossa non si legge.",
    "web.ws_error.illegal_action": "Questa mossa non è consentita ora.",
    "web.ws_error.not_your_turn": "Non tocca a te: aspetta il tuo turno.",
    "web.ws_error.not_started": "La partita non è ancora cominciata.",
    "web.ws_error.between_deals": "La smazzata è finita: chiedi prima la prossima.",
    "web.ws_error.deal_not_over": "La smazzata non è ancora finita.",
    "web.ws_error.match_over": "La partita è finita.",
    "web.ws_error.match_not_over": "La partita non è ancora finita.",
    "web.ws_error.rematch_started": "La rivincita è già cominciata.",
    "web.ws_error.emote_in_deal": (
        "Tra compagni i messaggi rapidi aspettano la fine della smazzata."
    ),
    "web.ws_error.chat_in_deal": "Tra compagni la chat aspetta la fine della smazzata.",
    "web.ws_error.chat_off": "A questo tavolo non c'è la chat: chi l'ha aperto non l'ha permessa.",
    "web.ws_error.bad_speed": "Le velocità sono lenta, normale e veloce.",
    "web.ws_error.not_host": "Solo chi ha aperto il tavolo può farlo.",
    "web.ws_error.not_a_person": "Questo posto lo gioca il computer.",
    "web.ws_error.rate_limited": "Troppi messaggi: aspetta {seconds} s.",
    "web.ws_error.damaged_table": "Questo tavolo è danneggiato e non si può giocare.",
    "web.ws_error.spectator": "Chi guarda non può giocare.",
    "web.ws_error.internal": "Il server non è riuscito a farlo (un suo errore).",
    # the table API's HTTP errors and a socket's refusals before its table is loaded, in the
    # request's language (apps/server/errors.py)
    "web.ws_error.server_full": "Il server è al completo: riprova tra qualche minuto.",
    "web.ws_error.table_moved": "Il tavolo sta passando a un altro processo del server: riprova.",
    "web.ws_error.no_player": "Nessun giocatore qui: entra come ospite o accedi.",
    "web.ws_error.rated_needs_account": (
        "Le partite valutate sono per chi ha un account: registrati o accedi."
    ),
    "web.ws_error.cooldown": (
        "Hai lasciato troppe partite: aspetta un po' prima di una partita valutata."
    ),
    "web.ws_error.unknown_game": "Questo gioco non si gioca online.",
    "web.ws_error.bad_options": "Queste opzioni non vanno bene per questo gioco.",
    "web.ws_error.no_offer": (
        "Puoi riempire i posti con il computer solo dopo la proposta, mentre cerchi."
    ),
    "web.ws_error.cross_site": "Rifiutato: la richiesta viene da un altro sito.",
    "web.api_error.unknown_preset": "Questo gioco non esiste.",
    "web.api_error.no_such_player": (
        "Non c'è nessun giocatore con questo nome (un ospite non ha una pagina pubblica)."
    ),
    "web.api_error.bad_options": "Un'opzione del gioco non è tra quelle offerte.",
    "web.api_error.bad_match": "Il formato dell'incontro non si legge.",
    "web.api_error.unknown_level": "Questo livello del computer non esiste.",
    "web.api_error.bad_seats": "I posti del tavolo non vanno bene per questo gioco.",
    "web.api_error.seats_empty": "Ci sono ancora posti vuoti.",
    "web.api_error.bad_seat": "Al tavolo non c'è questo posto.",
    "web.api_error.not_found": "Questo tavolo (o questo indirizzo) non esiste.",
    "web.api_error.no_such_deal": "Il tavolo non ha questa smazzata.",
    "web.api_error.deal_not_over": "La smazzata non è ancora finita.",
    "web.api_error.bad_record": "La partita inviata non si rigioca mossa per mossa: non è salvata.",
    "web.api_error.bad_invite": "Questo codice d'invito non è del tavolo.",
    "web.api_error.already_started": "La partita è già cominciata.",
    "web.api_error.table_full": "Tutti i posti del tavolo sono presi.",
    "web.api_error.bad_token": "Questa chiave non è di nessun posto del tavolo.",
    "web.api_error.not_host": "Solo chi ha aperto il tavolo può farlo.",
    "web.api_error.hints_off": "Chi ha aperto il tavolo non ha consentito i suggerimenti.",
    "web.api_error.not_your_turn": "Non tocca a te: aspetta il tuo turno.",
    "web.api_error.invalid_request": "La richiesta non ha la forma giusta.",
    "web.api_error.method_not_allowed": "Questo indirizzo non accetta questo metodo.",
    "web.api_error.rate_limited": "Troppe richieste: aspetta {seconds} s.",
    "web.api_error.server_full": (
        "Il server è al completo ({n} tavoli in gioco): riprova tra qualche minuto."
    ),
    "web.api_error.table_moved": "Il tavolo sta passando a un altro processo del server: riprova.",
    "web.api_error.damaged_table": "Questo tavolo è danneggiato e non si può giocare.",
    "web.api_error.internal": "Il server non è riuscito a farlo (un suo errore).",
    # players (apps/server/players)
    "web.api_error.not_signed_in": "Non sei ancora un giocatore qui: gioca come ospite o accedi.",
    "web.api_error.bad_login": "Nome utente o password sbagliati.",
    "web.api_error.wrong_password": "La password è sbagliata.",
    "web.api_error.username_taken": "Questo nome utente è già di un altro giocatore.",
    "web.api_error.already_claimed": "Questo giocatore ha già un nome utente.",
    "web.api_error.bad_username": (
        "Il nome utente va da 3 a 24 caratteri: lettere, cifre, «.», «-» o «_»."
    ),
    "web.api_error.bad_password": "La password va da 8 a 128 caratteri.",
    "web.api_error.cross_site": "Richiesta rifiutata: viene da un altro sito.",
    "web.api_error.bot_needs_account": (
        "Solo un account con nome utente crea account bot: registrati prima."
    ),
    "web.api_error.too_many_bots": "Un account crea al massimo 10 account bot.",
    "web.api_error.no_such_bot": "Nessun bot o token così fra i tuoi.",
    "web.players.deleted": "giocatore cancellato",
    "web.player": "Giocatore {n}",
}
