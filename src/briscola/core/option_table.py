"""The options registry's table: :data:`OPTIONS`, every option of a ruleset declared once.

What derives from it, and how to look an option up, is :mod:`briscola.core.options` (which
re-exports :data:`OPTIONS`); the types of a declaration are in :mod:`briscola.core.option_types`.

>>> OPTIONS[0].name, len({o.name for o in OPTIONS}) == len(OPTIONS)
('name', True)
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from briscola.core.option_types import (
    Applies,
    Direction,
    Exchange,
    Option,
    Partnership,
    PointsTie,
    Text,
    TieRule,
    TricksVisible,
)

__all__ = ["OPTIONS"]


def _values(kind: type[Enum]) -> tuple[str, ...]:
    return tuple(str(m.value) for m in kind)


_YES_NO: Final = (False, True)
_CHIAMATA: Final = Applies(
    Text("Briscola chiamata (5 giocatori)", "Briscola chiamata (5 players)"),
    partnership=(Partnership.CALLED,),
    refused=True,
)
_TEAMS: Final = Applies(
    Text("partite a squadre fisse (4 o 6 giocatori)", "games with fixed teams (4 or 6 players)"),
    partnership=(Partnership.ALTERNATE,),
    refused=True,
)


OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "name",
        "str",
        "classic",
        Text("Nome delle regole", "Ruleset name"),
        Text(
            "Il nome delle regole, di solito quello della variante da cui vengono; "
            "non cambia il gioco.",
            "The ruleset's name, usually its preset's; it changes nothing in play.",
        ),
        "no_effect",
    ),
    Option(
        "players",
        "int",
        2,
        Text("Giocatori", "Players"),
        Text(
            "Quanti giocano: 2, 3, 4 o 6 (a 4 e a 6 anche a squadre), 5 nella Briscola chiamata.",
            "How many play: 2, 3, 4 or 6 (4 and 6 also in teams), 5 in Briscola chiamata.",
        ),
        "runs",
        allowed=(2, 3, 4, 5, 6),
    ),
    Option(
        "partnership",
        "enum",
        Partnership.NONE,
        Text("Squadre", "Sides"),
        Text(
            "Come si formano le squadre: none, ognuno per sé; alternate, due squadre a posti "
            "alterni (il compagno siede di fronte); called, il socio segreto della Briscola "
            "chiamata.",
            "How seats form sides: none, every seat for itself; alternate, two teams on "
            "alternate seats (partners opposite); called, the secret partner of Briscola "
            "chiamata.",
        ),
        "runs",
        enum=Partnership,
    ),
    Option(
        "hand_size",
        "int",
        3,
        Text("Carte in mano", "Cards in hand"),
        Text(
            "Le carte date a ciascuno: 3, oppure 8 nella Briscola chiamata, che distribuisce "
            "tutto il mazzo.",
            "The cards dealt to each player: 3, or 8 in Briscola chiamata, which deals the "
            "whole deck.",
        ),
        "runs",
        minimum=1,
    ),
    Option(
        "briscola_face_up",
        "bool",
        True,
        Text("Briscola girata", "Briscola turned up"),
        Text(
            "Dopo la distribuzione si gira la briscola: il suo seme è il seme di briscola e si "
            "pesca per ultima. Nella Briscola chiamata non si gira: il seme lo chiama il "
            "chiamante.",
            "After the deal a card is turned up, the briscola: its suit is trumps and it is "
            "drawn last. Briscola chiamata turns none: the caller names the trump suit.",
        ),
        "runs",
    ),
    Option(
        "inversion",
        "bool",
        False,
        Text("Tre e sette invertiti", "Tre/Sette inversion"),
        Text(
            "Il 7 prende il posto del 3: seconda carta per forza e 10 punti; il 3 diventa una "
            "scartina (0 punti). Il totale resta 120.",
            "The 7 takes the 3's place: second strongest and worth 10; the 3 becomes a plain "
            "card worth 0. The total stays 120.",
        ),
        "runs",
        offered=_YES_NO,
    ),
    Option(
        "accusi",
        "bool",
        False,
        Text("Accusi (Re e Cavallo)", "Declarations (King and Knight)"),
        Text(
            "Chi ha Re e Cavallo dello stesso seme può accusarli al suo turno: +20 punti, +40 "
            "nel seme di briscola, una volta per seme.",
            "Holding the King and Knight (Re and Cavallo) of a suit, a player may declare them "
            "at their turn: +20 points, +40 in trumps, once a suit.",
        ),
        "runs",
        offered=_YES_NO,
    ),
    Option(
        "exchange",
        "enum",
        Exchange.NONE,
        Text("Scambio della briscola", "Exchanging the briscola"),
        Text(
            "none: nessuno scambio; two: chi ha il 2 di briscola può scambiarlo con la briscola "
            "girata, prima o durante la prima mano; seven: chi ha il 7 di briscola può "
            "scambiarlo dopo aver vinto una mano, finché la briscola è sul tavolo.",
            "none: no exchange; two: the holder of the 2 of trumps may swap it for the face-up "
            "briscola, before or during the first trick; seven: the holder of the 7 of trumps "
            "may swap it after winning a trick, while the briscola is on the table.",
        ),
        "runs",
        Applies(
            Text("partite con la briscola girata", "games with a face-up briscola"),
            face_up=True,
        ),
        offered=_values(Exchange),
        enum=Exchange,
    ),
    Option(
        "direction",
        "enum",
        Direction.COUNTERCLOCKWISE,
        Text("Senso di gioco", "Direction of play"),
        Text(
            "counterclockwise: antiorario, il solito; clockwise: orario. Vale per il gioco e "
            "per la distribuzione.",
            "counterclockwise, the usual way, or clockwise: for play and for the deal.",
        ),
        "runs",
        offered=_values(Direction),
        enum=Direction,
    ),
    Option(
        "tie",
        "enum",
        TieRule.DRAW,
        Text("60 a 60", "60-60"),
        Text(
            "Che cosa vale un 60 a 60 (un primo posto a pari punti): draw, patta; replay, la "
            "smazzata si rigioca.",
            "What a 60-60 (an equal top score) means: draw, a draw; replay, the deal is "
            "played again.",
        ),
        "runs",
        offered=_values(TieRule),
        enum=TieRule,
    ),
    Option(
        "points_tie",
        "enum",
        PointsTie.DRAW,
        Text("Pari al traguardo", "Level at the target"),
        Text(
            "In una partita a punti (per esempio due smazzate a 120), se chi arriva al traguardo "
            "è pari con un altro (120 a 120), e alla fine di N smazzate con i totali pari: draw, "
            "è pareggio; one_more, si gioca un'altra smazzata. Vale per il gioco e per il "
            "segnapunti.",
            "In a match on points (e.g. two deals to 120), when the top totals are level at the "
            "target (120-120), and after a session of N deals with level totals: draw, it is a "
            "draw; one_more, one more deal is played. The game and the score keeper alike.",
        ),
        "no_effect",
        offered=_values(PointsTie),
        enum=PointsTie,
    ),
    Option(
        "open_hands",
        "bool",
        False,
        Text("Carte scoperte", "Open hands"),
        Text(
            "Briscola scoperta: le carte in mano si giocano scoperte, ognuno vede quelle "
            "dell'altro.",
            "Briscola scoperta: hands are played face up, each player sees the other's.",
        ),
        "no_effect",
        Applies(
            Text("partite a 2 giocatori (briscola scoperta)", "2-player games (briscola scoperta)"),
            players=(2,),
            refused=True,
        ),
        offered=_YES_NO,
    ),
    Option(
        "removed",
        "cards",
        (),
        Text("Carte tolte", "Cards removed"),
        Text(
            "Le carte lasciate fuori dal mazzo: a tre giocatori un 2 (il 2 di coppe, se non "
            "se ne sceglie un altro), a sei i quattro 2.",
            "The cards left out of the deck: one 2 with three players (the 2 of coppe unless "
            "another is chosen), the four 2s with six.",
        ),
        "runs",
        Applies(
            Text(
                "partite a 3 giocatori (a sei si tolgono i quattro 2)",
                "3-player games (six players remove the four 2s)",
            ),
            players=(3,),
        ),
        offered=("2c", "2d", "2s", "2b"),
    ),
    Option(
        "partners_see_hands",
        "bool",
        False,
        Text(
            "I compagni vedono le carte a fine mazzo", "Partners see each other's hands at the end"
        ),
        Text(
            "Finito il mazzo, i compagni si mostrano le carte che hanno in mano.",
            "Once the stock is empty, partners see each other's hands.",
        ),
        "no_effect",
        _TEAMS,
        offered=_YES_NO,
    ),
    Option(
        "partners_show_first",
        "bool",
        False,
        Text("I compagni si mostrano le carte all'inizio", "Partners show their hands first"),
        Text(
            "Dopo la distribuzione, prima di giocare la prima mano, i compagni si mostrano le "
            "carte: ognuno sa quali il compagno ha ancora in mano (non quelle pescate dopo).",
            "After the deal, before the first trick, partners show each other their hands: each "
            "knows which of those cards the partner still holds (not the cards drawn later).",
        ),
        "no_effect",
        _TEAMS,
        offered=_YES_NO,
    ),
    Option(
        "tricks_visible",
        "enum",
        TricksVisible.END_PHASE,
        Text("Guardare le proprie prese", "Looking through one's tricks"),
        Text(
            "Quando si possono guardare le prese fatte (a squadre, quelle della squadra): "
            "end_phase, pescata l'ultima carta, anche in due; never, mai; always, sempre. "
            "Prima le prese stanno coperte e i punti si contano a memoria.",
            "When a player may look through the tricks they have taken (in teams, their "
            "side's): end_phase, once the last card is drawn, in two players too; never; "
            "always. Before that, tricks lie face down and points are counted from memory.",
        ),
        "no_effect",
        offered=_values(TricksVisible),
        enum=TricksVisible,
    ),
    Option(
        "points_only_auction",
        "bool",
        False,
        Text("Asta solo a punti", "Auction on points only"),
        Text(
            'Le offerte sono solo a punti, da 61 a 120, fin dalla prima ("subito al due").',
            'Bids are on points only, 61 to 120, from the first bid ("subito al due").',
        ),
        "runs",
        _CHIAMATA,
        offered=_YES_NO,
    ),
    Option(
        "call_card",
        "bool",
        False,
        Text("Asta a punti con carta chiamata", "Points auction with a called card"),
        Text(
            "Si dichiara a quanti punti ci si impegna ad arrivare (da 61 a 120, ogni offerta più "
            "alta) e chi vince l'asta chiama una carta qualsiasi, valore e seme (chiamo Ad): il "
            "suo seme è la briscola, chi la tiene è il socio.",
            "Each bid says how many points the bidder undertakes to reach (61 to 120, each "
            "higher), and the auction's winner calls any one card by rank and suit (call Ad): "
            "its suit is trumps and its holder the partner.",
        ),
        "unsupported",
        _CHIAMATA,
        offered=_YES_NO,
    ),
    Option(
        "caller_leads",
        "bool",
        False,
        Text("Il chiamante apre", "The caller leads"),
        Text(
            "Il chiamante gioca la prima carta, invece del giocatore alla destra del mazziere.",
            "The caller leads the first trick, instead of the player at the dealer's right.",
        ),
        "runs",
        _CHIAMATA,
        offered=_YES_NO,
    ),
    Option(
        "bid_multipliers",
        "bool",
        False,
        Text("Moltiplicatori dell'asta", "Bid multipliers"),
        Text(
            "Le offerte alte moltiplicano la posta: 71+ ×2, 81+ ×3, 91+ ×4, 101+ ×5.",
            "High bids multiply the stakes: 71+ ×2, 81+ ×3, 91+ ×4, 101+ ×5.",
        ),
        "runs",
        _CHIAMATA,
        offered=_YES_NO,
    ),
    Option(
        "cappotto_doubles",
        "bool",
        False,
        Text("Il cappotto raddoppia", "Cappotto doubles"),
        Text(
            "La posta raddoppia quando una squadra prende tutti i punti delle carte (cappotto).",
            "The stakes double when one side takes every card point (cappotto).",
        ),
        "runs",
        _CHIAMATA,
        offered=_YES_NO,
    ),
    Option(
        "signals",
        "bool",
        False,
        Text("Segnali al compagno", "Partner signals"),
        Text(
            "Al suo turno, prima di giocare, ognuno può fare al compagno un segno a presa: ho "
            "l'asso, ho il tre (di briscola), briscole alte, nessuna briscola (solo se è vero), "
            "carica, liscio. Gli avversari vedono che c'è stato un segno, non quale.",
            "At their turn, before playing, a player may make one sign a trick to the partner: "
            "the Asso, the Tre (of trumps), high trumps, no trumps (only when true), load, play "
            "low. The opponents see that a sign was made, not which.",
        ),
        "unsupported",
        _TEAMS,
        offered=_YES_NO,
    ),
)
"""Every option of a ruleset, each once: the structural ones, then the ones a player may pick."""
