"""Messages of the terminal game in Italian (the default) and English.

A message is found by key and filled with ``str.format`` arguments:

>>> t("say.play", "it", who="Est", card="Ad (Asso di denari)")
'Est gioca Ad (Asso di denari).'
>>> t("say.play", "en", who="East", card="Ad (Ace of coins)")
'East plays Ad (Ace of coins).'
>>> sorted(MESSAGES["it"]) == sorted(MESSAGES["en"])
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_LANG", "LANGS", "MESSAGES", "t"]

DEFAULT_LANG: Final = "it"
LANGS: Final = ("it", "en")

_IT: Final[dict[str, str]] = {
    # seats, sides and roles
    "you": "Tu",
    "you.obj": "te",
    "seat.east": "Est",
    "seat.north": "Nord",
    "seat.west": "Ovest",
    "seat.northeast": "Nord-Est",
    "seat.northwest": "Nord-Ovest",
    "seat.southeast": "Sud-Est",
    "seat.southwest": "Sud-Ovest",
    "team.us": "noi",
    "team.them": "loro",
    "role.caller": "chiamante",
    "role.partner": "socio",
    # the game and its options
    "preset.classic": "Briscola classica (2 giocatori)",
    "preset.three": "Briscola a tre",
    "preset.pairs": "Briscola a coppie (4 giocatori)",
    "preset.six": "Briscola a sei (due squadre da tre)",
    "preset.scoperta": "Briscola scoperta (2 giocatori, carte in vista)",
    "preset.chiamata": "Briscola chiamata (5 giocatori)",
    "preset.other": "Briscola ({name}, {players} giocatori)",
    "options": "Opzioni: {options}",
    "welcome": "Benvenuto! Scrivi «aiuto» per le mosse possibili, «esci» per uscire.",
    "opponents": "Computer: {bot} ({description}).",
    "you.are": "Al tavolo, in ordine di gioco: {seats} (senso {direction}).",
    "direction.counterclockwise": "antiorario",
    "direction.clockwise": "orario",
    "deal.header": "Mano {n} · mazziere: {dealer}",
    "deal.teams": "Squadre: noi ({us}) contro loro ({them})",
    # the view at the player's turn
    "turn.you": "Tocca a te",
    "briscola.face_up": "Briscola: {card} · nel mazzo: {stock} carte (la briscola è l'ultima)",
    "briscola.drawn": "Briscola: {card} · il mazzo è finito",
    "briscola.called": (
        "Briscola: {suit} · carta chiamata: {card} · chiamante: {caller} · {partner}"
    ),
    "briscola.auction": "Asta in corso: la briscola la sceglierà chi vince l'asta",
    "partner.unknown": "socio: ancora segreto",
    "partner.known": "socio: {who}",
    "partner.alone": "il chiamante gioca da solo",
    "table.title": "In tavola",
    "table.empty": "In tavola: niente, apri tu",
    "table.winning": "prende",
    "hand.title": "La tua mano",
    "hand.trump": "briscola",
    "hand.other": "Mano di {who}",
    "known": "{who} ha in mano: {cards}",
    "points": "Punti finora: {scores}",
    "prompt.play": "Scrivi una carta (es. {example}) o il suo numero; «aiuto» elenca le mosse.",
    "prompt.auction": "Scrivi il numero di una mossa, «bid R», «bid 75» o «passo».",
    "prompt.call": "Hai vinto l'asta: scegli la briscola («chiamo d») o scrivi il numero.",
    "auction.title": "Asta",
    "auction.none": "nessuna offerta",
    "auction.standing": "offerta più alta: {bid} ({who})",
    "moves.title": "Le tue mosse",
    "moves.more_bids": "… oppure «bid N» da {low} a 120 punti",
    "cmd.declare": "accuso {suit}",
    "cmd.exchange": "scambio",
    "cmd.pass": "passo",
    "cmd.call": "chiamo {suit}",
    "cmd.bid": "bid {bid}",
    "desc.declare": "Re e Cavallo di {suit}: +{points}",
    "desc.exchange": "dai {gave}, prendi la briscola {took}",
    "desc.call": "carta chiamata: {card}",
    "desc.pass": "esci dall'asta (definitivo)",
    "bid.rank": "{rank}",
    "bid.points": "{points} punti",
    # narration
    "say.play.you": "Giochi {card}.",
    "say.play": "{who} gioca {card}.",
    "say.declare.you": "Dichiari Re e Cavallo di {suit}: +{points}.",
    "say.declare": "{who} dichiara Re e Cavallo di {suit}: +{points}.",
    "say.exchange.you": "Scambi {gave} con la briscola {took}.",
    "say.exchange": "{who} scambia {gave} con la briscola {took}.",
    "say.bid.you": "Offri {bid}.",
    "say.bid": "{who} offre {bid}.",
    "say.pass.you": "Passi.",
    "say.pass": "{who} passa.",
    "say.won_auction.you": "Vinci l'asta con {bid}.",
    "say.won_auction": "{who} vince l'asta con {bid}.",
    "say.call.you": "Chiami {card}: briscola {suit}.",
    "say.call": "{who} chiama {card}: briscola {suit}.",
    "say.you_partner": "Hai tu la carta chiamata {card}: sei il socio segreto di {caller}.",
    "say.you_alone": "Hai tu la carta chiamata: giochi da solo contro tutti.",
    "say.reveal": "{card} è la carta chiamata: {who} è il socio di {caller}!",
    "say.reveal.yours": "{card} è la carta chiamata: {who} è il tuo socio!",
    "say.reveal.you": (
        "Hai giocato la carta chiamata: ora tutti sanno che sei il socio di {caller}."
    ),
    "say.reveal.alone": (
        "{card} è la carta chiamata, giocata dal chiamante: {caller} gioca da solo!"
    ),
    "say.void": "Tutti hanno passato: la mano è nulla e si ridistribuisce.",
    "say.trick.you": "Prendi tu ({cards}): {points} punti.",
    "say.trick": "Prende {who} ({cards}): {points} punti.",
    "say.draw": "Peschi {card}.",
    "say.stock_empty": (
        "Il mazzo è finito: la briscola {card} va a {who}. Ora si gioca senza pescare."
    ),
    # the result and the match
    "result.title": "Fine della mano",
    "result.points": "Punti: {scores}",
    "result.declarations": "(accusi compresi)",
    "result.you_win": "Hai vinto!",
    "result.win": "Vince {who}.",
    "result.us_win": "Vince la tua squadra!",
    "result.them_win": "Vince la squadra avversaria.",
    "result.draw": "Pareggio.",
    "result.replay": "Pareggio: la mano si rigioca.",
    "result.chiamata": "Squadra del chiamante ({side}): {points} punti; ne servivano {need}.",
    "result.with": "{caller} e {partner}",
    "result.alone": "{caller}, da solo",
    "result.caller_won": "Il chiamante vince.",
    "result.caller_lost": "Il chiamante perde.",
    "result.units": "Unità: {units}",
    "match.format.best-of": "al meglio di {n} mani",
    "match.format.first-to": "chi vince per primo {n} mani",
    "match.format.points": "ai {n} punti",
    "match.format.deals": "{n} mani",
    "match.title": "Partita: {format}",
    "match.wins": "Mani vinte: {scores}",
    "match.points": "Punti totali: {scores}",
    "match.units": "Unità totali: {scores}",
    "match.winner.you": "Hai vinto la partita!",
    "match.winner.us": "La tua squadra vince la partita!",
    "match.winner.them": "La squadra avversaria vince la partita.",
    "match.winner": "{who} vince la partita.",
    "match.draw": "La partita finisce in parità.",
    "match.next": "Si passa alla mano successiva.",
    # input and errors
    "help.moves": "Mosse possibili: {moves}",
    "help.commands": (
        "Comandi: una carta (es. Ad = Asso di denari) o il suo numero · accuso d · scambio · "
        "bid R / bid 75 · passo · chiamo d · aiuto · esci"
    ),
    "help.cards": (
        "Carte: rango A 2 3 4 5 6 7 F C R + seme c (coppe), d (denari), s (spade), b (bastoni)"
    ),
    "err.empty": "Scrivi una mossa, oppure «aiuto».",
    "err.unknown": "Non capisco «{text}»: scrivi una carta (es. {example}), un numero o «aiuto».",
    "err.parse": "Non capisco «{text}». Scrivi «aiuto» per le mosse possibili.",
    "err.position": "Non c'è la mossa numero {n}: scegli da 1 a {max}.",
    "err.not_in_hand": "Non hai {card} in mano.",
    "err.declare_off": "Gli accusi non sono in gioco (si attivano con --option accusi=true).",
    "err.declare_done": "Re e Cavallo di {suit} sono già stati dichiarati.",
    "err.declare": "Non puoi dichiarare {suit}: servono Re e Cavallo di {suit} in mano.",
    "err.exchange_off": "Lo scambio della briscola non è in gioco (--option exchange=two|seven).",
    "err.exchange": "Non puoi scambiare la briscola adesso.",
    "err.auction_only": "Offerte e passo valgono solo nell'asta della briscola chiamata.",
    "err.bid": "{bid} non supera l'offerta più alta.",
    "err.bid_points": "Si offrono punti (da 61 a 120) solo dopo che qualcuno ha offerto il 2.",
    "err.call_only": "Si chiama la briscola solo dopo aver vinto l'asta.",
    "err.in_auction": "Ora c'è l'asta: offri (es. «bid R», «bid 75») o «passo».",
    "err.in_call": "Hai vinto l'asta: chiama la briscola («chiamo c», «d», «s» o «b»).",
    "err.illegal": "Mossa non permessa: {reason}",
    "bye": "Arrivederci!",
    "eof": "Fine dell'input: partita interrotta.",
}

_EN: Final[dict[str, str]] = {
    "you": "You",
    "you.obj": "you",
    "seat.east": "East",
    "seat.north": "North",
    "seat.west": "West",
    "seat.northeast": "North-East",
    "seat.northwest": "North-West",
    "seat.southeast": "South-East",
    "seat.southwest": "South-West",
    "team.us": "us",
    "team.them": "them",
    "role.caller": "caller",
    "role.partner": "partner",
    "preset.classic": "Classic Briscola (2 players)",
    "preset.three": "Three-player Briscola",
    "preset.pairs": "Briscola in pairs (4 players)",
    "preset.six": "Six-player Briscola (two teams of three)",
    "preset.scoperta": "Briscola scoperta (2 players, hands face up)",
    "preset.chiamata": "Briscola chiamata (5 players)",
    "preset.other": "Briscola ({name}, {players} players)",
    "options": "Options: {options}",
    "welcome": 'Welcome! Type "help" for your legal moves, "quit" to leave.',
    "opponents": "Computer: {bot} ({description}).",
    "you.are": "At the table, in playing order: {seats} ({direction}).",
    "direction.counterclockwise": "counter-clockwise",
    "direction.clockwise": "clockwise",
    "deal.header": "Deal {n} · dealer: {dealer}",
    "deal.teams": "Teams: us ({us}) against them ({them})",
    "turn.you": "Your turn",
    "briscola.face_up": "Briscola: {card} · stock: {stock} cards (the briscola is drawn last)",
    "briscola.drawn": "Briscola: {card} · the stock is empty",
    "briscola.called": "Trumps: {suit} · called card: {card} · caller: {caller} · {partner}",
    "briscola.auction": "Auction: the winner of the auction will name the trump suit",
    "partner.unknown": "partner: still secret",
    "partner.known": "partner: {who}",
    "partner.alone": "the caller plays alone",
    "table.title": "On the table",
    "table.empty": "On the table: nothing, you lead",
    "table.winning": "winning",
    "hand.title": "Your hand",
    "hand.trump": "trump",
    "hand.other": "Hand of {who}",
    "known": "{who} holds: {cards}",
    "points": "Points so far: {scores}",
    "prompt.play": 'Type a card (e.g. {example}) or its number; "help" lists your moves.',
    "prompt.auction": 'Type the number of a move, "bid R", "bid 75" or "pass".',
    "prompt.call": 'You won the auction: name the trump suit ("call d") or type its number.',
    "auction.title": "Auction",
    "auction.none": "no bids yet",
    "auction.standing": "highest bid: {bid} ({who})",
    "moves.title": "Your moves",
    "moves.more_bids": '… or "bid N" from {low} to 120 points',
    "cmd.declare": "declare {suit}",
    "cmd.exchange": "exchange",
    "cmd.pass": "pass",
    "cmd.call": "call {suit}",
    "cmd.bid": "bid {bid}",
    "desc.declare": "King and Knight of {suit}: +{points}",
    "desc.exchange": "give {gave}, take the briscola {took}",
    "desc.call": "called card: {card}",
    "desc.pass": "leave the auction (final)",
    "bid.rank": "{rank}",
    "bid.points": "{points} points",
    "say.play.you": "You play {card}.",
    "say.play": "{who} plays {card}.",
    "say.declare.you": "You declare King and Knight of {suit}: +{points}.",
    "say.declare": "{who} declares King and Knight of {suit}: +{points}.",
    "say.exchange.you": "You exchange {gave} for the briscola {took}.",
    "say.exchange": "{who} exchanges {gave} for the briscola {took}.",
    "say.bid.you": "You bid {bid}.",
    "say.bid": "{who} bids {bid}.",
    "say.pass.you": "You pass.",
    "say.pass": "{who} passes.",
    "say.won_auction.you": "You win the auction with {bid}.",
    "say.won_auction": "{who} wins the auction with {bid}.",
    "say.call.you": "You call {card}: trumps are {suit}.",
    "say.call": "{who} calls {card}: trumps are {suit}.",
    "say.you_partner": "You hold the called card {card}: you are {caller}'s secret partner.",
    "say.you_alone": "You hold the called card yourself: you play alone against everybody.",
    "say.reveal": "{card} is the called card: {who} is {caller}'s partner!",
    "say.reveal.yours": "{card} is the called card: {who} is your partner!",
    "say.reveal.you": "You played the called card: everybody now knows you are {caller}'s partner.",
    "say.reveal.alone": "{card} is the called card, played by the caller: {caller} plays alone!",
    "say.void": "Everybody passed: the deal is void and dealt again.",
    "say.trick.you": "You take the trick ({cards}): {points} points.",
    "say.trick": "{who} takes the trick ({cards}): {points} points.",
    "say.draw": "You draw {card}.",
    "say.stock_empty": "The stock is empty: the briscola {card} goes to {who}. No more drawing.",
    "result.title": "End of the deal",
    "result.points": "Points: {scores}",
    "result.declarations": "(declarations included)",
    "result.you_win": "You win!",
    "result.win": "{who} wins.",
    "result.us_win": "Your team wins!",
    "result.them_win": "The other team wins.",
    "result.draw": "A draw.",
    "result.replay": "A draw: the deal is played again.",
    "result.chiamata": "The caller's side ({side}): {points} points; {need} were needed.",
    "result.with": "{caller} and {partner}",
    "result.alone": "{caller}, alone",
    "result.caller_won": "The caller wins.",
    "result.caller_lost": "The caller loses.",
    "result.units": "Units: {units}",
    "match.format.best-of": "best of {n} deals",
    "match.format.first-to": "first to {n} deals",
    "match.format.points": "first to {n} points",
    "match.format.deals": "{n} deals",
    "match.title": "Match: {format}",
    "match.wins": "Deals won: {scores}",
    "match.points": "Total points: {scores}",
    "match.units": "Total units: {scores}",
    "match.winner.you": "You win the match!",
    "match.winner.us": "Your team wins the match!",
    "match.winner.them": "The other team wins the match.",
    "match.winner": "{who} wins the match.",
    "match.draw": "The match ends in a draw.",
    "match.next": "On to the next deal.",
    "help.moves": "Legal moves: {moves}",
    "help.commands": (
        "Commands: a card (e.g. Ad = Ace of coins) or its number · declare d · exchange · "
        "bid R / bid 75 · pass · call d · help · quit"
    ),
    "help.cards": (
        "Cards: rank A 2 3 4 5 6 7 F C R + suit c (cups), d (coins), s (swords), b (clubs)"
    ),
    "err.empty": 'Type a move, or "help".',
    "err.unknown": (
        'I don\'t understand "{text}": type a card (e.g. {example}), a number or "help".'
    ),
    "err.parse": 'I don\'t understand "{text}". Type "help" for your legal moves.',
    "err.position": "There is no move number {n}: choose 1 to {max}.",
    "err.not_in_hand": "You don't hold {card}.",
    "err.declare_off": (
        "Declarations (accusi) are not played (turn them on with --option accusi=true)."
    ),
    "err.declare_done": "The King and Knight of {suit} have already been declared.",
    "err.declare": "You cannot declare {suit}: you need the King and Knight of {suit} in hand.",
    "err.exchange_off": "Exchanging the briscola is not played (--option exchange=two|seven).",
    "err.exchange": "You cannot exchange the briscola now.",
    "err.auction_only": "Bids and passes are only for the Briscola chiamata auction.",
    "err.bid": "{bid} does not beat the highest bid.",
    "err.bid_points": "Points (61 to 120) are bid only after somebody has bid the 2.",
    "err.call_only": "The trump suit is called only by the winner of the auction.",
    "err.in_auction": 'The auction is on: bid (e.g. "bid R", "bid 75") or "pass".',
    "err.in_call": 'You won the auction: name the trump suit ("call c", "d", "s" or "b").',
    "err.illegal": "Not allowed: {reason}",
    "bye": "Goodbye!",
    "eof": "End of input: game abandoned.",
}

MESSAGES: Final[dict[str, dict[str, str]]] = {"it": _IT, "en": _EN}


def t(key: str, lang: str = DEFAULT_LANG, **kwargs: object) -> str:
    """The message ``key`` in ``lang`` (``it`` or ``en``), filled with ``kwargs``.

    >>> t("nothing.here", "it")
    Traceback (most recent call last):
    ...
    KeyError: "no message 'nothing.here'"
    """
    catalogue = MESSAGES.get(lang)
    if catalogue is None:
        raise ValueError(f"unknown language {lang!r}: use {' or '.join(LANGS)}")
    try:
        text = catalogue[key]
    except KeyError:
        raise KeyError(f"no message {key!r}") from None
    return text.format(**kwargs) if kwargs else text
