// The strings of «Impara a giocare», the lessons over the table page (issue 39, part 2;
// js/table/lesson.js), in every language of the client. The rules they state are RULES.md's, in
// its words (presa or mano, smazzata, la briscola, seme di briscola, carichi, lisci, mazzo); the
// explanations of the moves are not here: they are the engine's (the hint and the lesson's "why",
// worded by the server). i18n.js merges them with the other strings (Romanian through ro/index.js).

export const LESSON_STRINGS = {
  it: {
    "lesson.title": "Impara a giocare",
    "lesson.of": "Lezione {n} di 3",
    "lesson.first.name": "La prima smazzata",
    "lesson.pairs.name": "In coppia",
    "lesson.chiamata.name": "La chiamata",
    "lesson.step": "Passo {n} di {of}",
    "lesson.next": "Avanti",
    "lesson.back": "Indietro",
    "lesson.hide": "Nascondi",
    "lesson.show": "Mostra la lezione",
    "lesson.home": "Torna alla home",
    "lesson.alone": "Continua da solo",
    "lesson.more": "Lezione successiva: {name}",
    "lesson.start": "Impara a giocare",
    "lesson.start.lead":
      "Una smazzata guidata contro il computer: la briscola, le prese, i punti, e perché il computer gioca così. Poi il gioco in coppia e la chiamata.",
    "lesson.first.1":
      "Si gioca con 40 carte in quattro semi: coppe, denari, spade e bastoni. Hai 3 carte in mano; a ogni presa ciascuno gioca una carta, e chi prende pesca per primo dal mazzo.",
    "lesson.first.2":
      "La briscola è la carta scoperta sotto il mazzo: {card}. Il suo seme, {suit}, è il seme di briscola per tutta la smazzata: una carta di briscola batte ogni carta degli altri semi.",
    "lesson.first.3":
      "Chi prende: chi ha giocato la briscola più alta; se nessuno l'ha giocata, la carta più alta del seme di uscita (un altro seme non prende mai). Non c'è obbligo di rispondere al seme. Dalla più forte: Asso, Tre, Re, Cavallo, Fante, 7, 6, 5, 4, 2.",
    "lesson.first.4":
      "I punti: Asso {A}, Tre {3} (sono i carichi), Re {R}, Cavallo {C}, Fante {F}; le altre carte, i lisci, zero. Nel mazzo ci sono 120 punti: con 61 vinci, 60 a 60 è pari.",
    "lesson.first.5":
      "Ora gioca la carta che vuoi (un clic, un tocco o i tasti 1, 2, 3). A ogni tuo turno il Campione ti dà il suo consiglio; dopo ogni mossa del computer il motore dice perché l'ha fatta.",
    "lesson.first.end":
      "Fine della smazzata: tu {me} punti, {other} {them}. Hai visto la briscola, le prese e i punti: nella prossima lezione si gioca in coppia.",
    "lesson.pairs.1":
      "In quattro si gioca in due coppie: il tuo compagno, {partner}, siede di fronte a te. I punti delle prese dei due compagni si sommano: vince la coppia che arriva a 61.",
    "lesson.pairs.2":
      "Si gioca per la coppia: se la presa è già del compagno puoi dargli punti (un carico); se la stanno prendendo gli avversari, prendila tu o dai loro un liscio.",
    "lesson.pairs.3":
      "Al tavolo non si parla. I segni convenzionali sono un'usanza: qui li accende l'opzione «Segnali al compagno», un insieme fisso di segni che vede solo il compagno (gli avversari vedono che c'è stato un segno, non quale). In questa lezione sono spenti.",
    "lesson.pairs.4":
      "Gioca le prime due prese: il Campione ti consiglia, e il motore spiega le mosse del compagno e degli avversari.",
    "lesson.pairs.end":
      "Hai giocato due prese in coppia. Continua la smazzata da solo, o passa all'ultima lezione: la chiamata.",
    "lesson.chiamata.1":
      "La Briscola chiamata si gioca in cinque: le 40 carte sono tutte distribuite, 8 a testa, e nessuna briscola è scoperta: la decide l'asta.",
    "lesson.chiamata.2":
      "L'asta: a turno si offre un valore più basso dell'ultimo offerto, nell'ordine Asso, Tre, Re, Cavallo, Fante, 7, 6, 5, 4, 2 (più basso è, più ci si impegna); dopo il 2 si offrono punti, da 61 a 120. Chi passa resta fuori.",
    "lesson.chiamata.3":
      "Chi vince l'asta chiama un seme: diventa la briscola, e chi ha la carta del valore offerto in quel seme è il compagno segreto, scoperto solo quando la gioca. Il chiamante e il compagno devono fare 61 punti (o quelli offerti); gli altri tre giocano insieme.",
    "lesson.chiamata.4":
      "Ora l'asta: offri o passa. Il motore spiega ogni offerta e ogni passo dei computer.",
    "lesson.chiamata.end":
      "L'asta è chiusa e la briscola è chiamata: ora si gioca. Hai finito le lezioni: continua la smazzata da solo.",
    "lesson.turn": "Tocca a te. Il consiglio del Campione:",
    "lesson.turn.auction": "Tocca a te: offri un valore o passa.",
    "lesson.wait": "Il motore ci pensa…",
    "lesson.why": "Perché hanno giocato così",
    "lesson.trick.trump": "{who} prende la mano con la briscola più alta, {card}: {n} punti.",
    "lesson.trick.trump.me": "Prendi tu la mano con la briscola più alta, {card}: {n} punti.",
    "lesson.trick.suit.me":
      "Prendi tu la mano: {card} è la carta più alta del seme di uscita. {n} punti.",
    "lesson.trick.suit":
      "{who} prende la mano: {card} è la carta più alta del seme di uscita. {n} punti.",
    "lesson.failed": "Il motore non ha risposto: {error}",
  },
  en: {
    "lesson.title": "Learn to play",
    "lesson.of": "Lesson {n} of 3",
    "lesson.first.name": "Your first deal",
    "lesson.pairs.name": "Playing in pairs",
    "lesson.chiamata.name": "Briscola chiamata",
    "lesson.step": "Step {n} of {of}",
    "lesson.next": "Next",
    "lesson.back": "Back",
    "lesson.hide": "Hide",
    "lesson.show": "Show the lesson",
    "lesson.home": "Back to the home page",
    "lesson.alone": "Go on alone",
    "lesson.more": "Next lesson: {name}",
    "lesson.start": "Learn to play",
    "lesson.start.lead":
      "A guided deal against the computer: the briscola, the tricks, the points, and why the computer plays as it does. Then playing in pairs and Briscola chiamata.",
    "lesson.first.1":
      "The game uses 40 cards in four suits: cups, coins, swords and clubs. You hold 3 cards; in each trick everybody plays one card, and whoever takes it draws first from the stock.",
    "lesson.first.2":
      "The briscola is the face-up card under the stock: {card}. Its suit, {suit}, is trumps for the whole deal: a trump beats every card of the other suits.",
    "lesson.first.3":
      "Who takes the trick: whoever played the highest trump; if nobody did, the highest card of the suit led (another suit never takes). You need not follow suit. From the strongest: Ace, Three, King, Knight, Jack, 7, 6, 5, 4, 2.",
    "lesson.first.4":
      "The points: Ace {A}, Three {3} (the carichi, the big ones), King {R}, Knight {C}, Jack {F}; the other cards, the lisci, none. The deck holds 120 points: 61 wins, 60 all is a draw.",
    "lesson.first.5":
      "Now play any card you like (click, tap, or the keys 1, 2, 3). At each of your turns the Champion gives its advice; after each computer move the engine says why it was made.",
    "lesson.first.end":
      "The deal is over: you {me} points, {other} {them}. You have seen the briscola, the tricks and the points: the next lesson is played in pairs.",
    "lesson.pairs.1":
      "Four players play in two pairs: your partner, {partner}, sits opposite you. The points of both partners' tricks add up: the pair that reaches 61 wins.",
    "lesson.pairs.2":
      "You play for the pair: when your partner already holds the trick you may give them points (a carico); when the opponents are taking it, take it yourself or give them a low card.",
    "lesson.pairs.3":
      "Nobody talks at the table. Conventional signs are a custom: here the option «Partner signals» turns them on, a fixed set of signs that only the partner sees (the opponents see that a sign was made, not which). They are off in this lesson.",
    "lesson.pairs.4":
      "Play the first two tricks: the Champion advises you, and the engine explains the moves of your partner and of the opponents.",
    "lesson.pairs.end":
      "You have played two tricks in pairs. Go on with the deal alone, or on to the last lesson: Briscola chiamata.",
    "lesson.chiamata.1":
      "Briscola chiamata is played by five: all 40 cards are dealt, 8 each, and no briscola is turned up: the auction decides it.",
    "lesson.chiamata.2":
      "The auction: in turn each player bids a rank lower than the last bid, in the order Ace, Three, King, Knight, Jack, 7, 6, 5, 4, 2 (the lower, the bigger the promise); after the 2 the bids are points, from 61 to 120. A player who passes is out.",
    "lesson.chiamata.3":
      "The winner of the auction calls a suit: it becomes trumps, and whoever holds the card of the bid rank in that suit is the secret partner, known only when it is played. The caller and the partner need 61 points (or the points bid); the other three play together.",
    "lesson.chiamata.4":
      "Now the auction: bid or pass. The engine explains each bid and each pass of the computers.",
    "lesson.chiamata.end":
      "The auction is over and the trump suit called: now the play. That was the last lesson: go on with the deal alone.",
    "lesson.turn": "Your turn. The Champion's advice:",
    "lesson.turn.auction": "Your turn: bid a rank or pass.",
    "lesson.wait": "The engine is thinking…",
    "lesson.why": "Why they played so",
    "lesson.trick.trump": "{who} takes the trick with the highest trump, {card}: {n} points.",
    "lesson.trick.trump.me": "You take the trick with the highest trump, {card}: {n} points.",
    "lesson.trick.suit.me":
      "You take the trick: {card} is the highest card of the suit led. {n} points.",
    "lesson.trick.suit":
      "{who} takes the trick: {card} is the highest card of the suit led. {n} points.",
    "lesson.failed": "The engine did not answer: {error}",
  },
  ro: {
    "lesson.title": "Învață să joci",
    "lesson.of": "Lecția {n} din 3",
    "lesson.first.name": "Prima mână",
    "lesson.pairs.name": "În echipă",
    "lesson.chiamata.name": "Briscola chiamata",
    "lesson.step": "Pasul {n} din {of}",
    "lesson.next": "Înainte",
    "lesson.back": "Înapoi",
    "lesson.hide": "Ascunde",
    "lesson.show": "Arată lecția",
    "lesson.home": "Înapoi la pagina principală",
    "lesson.alone": "Continuă singur",
    "lesson.more": "Lecția următoare: {name}",
    "lesson.start": "Învață să joci",
    "lesson.start.lead":
      "O mână ghidată contra calculatorului: atuul, levatele, punctele și de ce joacă calculatorul așa. Apoi jocul în echipă și chiamata.",
    "lesson.first.1":
      "Se joacă cu 40 de cărți în patru culori: coppe, denari, spade și bastoni. Ai 3 cărți în mână; la fiecare levată fiecare joacă o carte, iar cine o ia trage primul din pachet.",
    "lesson.first.2":
      "Briscola (atuul) este cartea întoarsă sub pachet: {card}. Culoarea ei, {suit}, este atu toată mâna: o carte de atu bate orice carte din celelalte culori.",
    "lesson.first.3":
      "Cine ia levata: cel care a jucat cel mai mare atu; dacă nu a jucat nimeni atu, cea mai mare carte din culoarea jucată prima (altă culoare nu ia niciodată). Nu ești obligat să răspunzi la culoare. De la cea mai tare: As, Trei, Rege, Cal, Valet, 7, 6, 5, 4, 2.",
    "lesson.first.4":
      "Punctele: As {A}, Trei {3} (cărțile grele, carichi), Rege {R}, Cal {C}, Valet {F}; celelalte cărți, zero. În pachet sunt 120 de puncte: cu 61 câștigi, 60 la 60 e egal.",
    "lesson.first.5":
      "Acum joacă ce carte vrei (clic, atingere sau tastele 1, 2, 3). La fiecare rând al tău Campionul îți dă sfatul lui; după fiecare mutare a calculatorului motorul spune de ce a făcut-o.",
    "lesson.first.end":
      "Mâna s-a terminat: tu {me} puncte, {other} {them}. Ai văzut atuul, levatele și punctele: lecția următoare se joacă în echipă.",
    "lesson.pairs.1":
      "În patru se joacă în două echipe: partenerul tău, {partner}, stă în fața ta. Punctele levatelor celor doi parteneri se adună: câștigă echipa care ajunge la 61.",
    "lesson.pairs.2":
      "Joci pentru echipă: dacă levata e deja a partenerului îi poți da puncte (o carte grea); dacă o iau adversarii, ia-o tu sau dă-le o carte mică.",
    "lesson.pairs.3":
      "La masă nu se vorbește. Semnele convenționale sunt un obicei: aici le pornește opțiunea «Semne către partener», un set fix de semne pe care doar partenerul le vede (adversarii văd că s-a făcut un semn, nu care). În această lecție sunt oprite.",
    "lesson.pairs.4":
      "Joacă primele două levate: Campionul te sfătuiește, iar motorul explică mutările partenerului și ale adversarilor.",
    "lesson.pairs.end":
      "Ai jucat două levate în echipă. Continuă mâna singur sau treci la ultima lecție: chiamata.",
    "lesson.chiamata.1":
      "Briscola chiamata se joacă în cinci: toate cele 40 de cărți se împart, câte 8, și nu se întoarce niciun atu: îl hotărăște licitația.",
    "lesson.chiamata.2":
      "Licitația: pe rând, fiecare licitează o valoare mai mică decât ultima, în ordinea As, Trei, Rege, Cal, Valet, 7, 6, 5, 4, 2 (cu cât mai mică, cu atât promite mai mult); după 2 se licitează puncte, de la 61 la 120. Cine pasează iese.",
    "lesson.chiamata.3":
      "Câștigătorul licitației cheamă o culoare: devine atu, iar cine are cartea valorii licitate în acea culoare este partenerul secret, aflat doar când o joacă. Cel care cheamă și partenerul au nevoie de 61 de puncte (sau de cele licitate); ceilalți trei joacă împreună.",
    "lesson.chiamata.4":
      "Acum licitația: licitează sau pasează. Motorul explică fiecare licitare și fiecare pas al calculatoarelor.",
    "lesson.chiamata.end":
      "Licitația s-a încheiat și atuul a fost chemat: acum se joacă. Ai terminat lecțiile: continuă mâna singur.",
    "lesson.turn": "E rândul tău. Sfatul Campionului:",
    "lesson.turn.auction": "E rândul tău: licitează o valoare sau pasează.",
    "lesson.wait": "Motorul se gândește…",
    "lesson.why": "De ce au jucat așa",
    "lesson.trick.trump": "{who} ia levata cu cel mai mare atu, {card}: {n} puncte.",
    "lesson.trick.trump.me": "Iei tu levata cu cel mai mare atu, {card}: {n} puncte.",
    "lesson.trick.suit.me":
      "Iei tu levata: {card} este cea mai mare carte din culoarea jucată prima. {n} puncte.",
    "lesson.trick.suit":
      "{who} ia levata: {card} este cea mai mare carte din culoarea jucată prima. {n} puncte.",
    "lesson.failed": "Motorul nu a răspuns: {error}",
  },
};
