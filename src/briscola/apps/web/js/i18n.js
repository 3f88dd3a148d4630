// The web client's strings, Italian (default) and English, and the card and suit names.
// t("key", {n: 3}) fills {n}; a missing English string falls back to Italian.

const CATALOG = {
  it: {
    "app.title": "Briscola",
    "app.tagline": "Il gioco di carte italiano, al tavolo con il computer o con gli amici.",
    "lang.label": "Lingua",
    "home.play": "Gioca ora",
    "home.play.lead": "Una partita subito contro il computer.",
    "home.create": "Crea un tavolo",
    "home.create.lead": "Invita gli amici con un link; i posti liberi li prende il computer.",
    "home.setup": "La tua partita",
    "home.game": "Gioco",
    "home.options": "Opzioni",
    "home.level": "Livello del computer",
    "home.match": "Partita",
    "home.name": "Il tuo nome",
    "home.name.placeholder": "Come ti chiami?",
    "home.seats": "Posti al tavolo",
    "home.start.play": "Gioca",
    "home.start.create": "Crea il tavolo",
    "home.resume": "Riprendi la partita in corso",
    "home.loading": "Caricamento…",
    "home.scorekeeper": "Segnapunti",
    "home.footer": "Carte disegnate dal progetto. Nessuna pubblicità, nessun tracciamento.",
    "seat.you": "Tu (chi crea il tavolo)",
    "seat.human": "Un amico (invito)",
    "seat.bot": "Computer: {level}",
    "game.classic": "2 giocatori",
    "game.three": "3 giocatori",
    "game.pairs": "4 in coppia",
    "game.six": "6 giocatori",
    "game.scoperta": "Scoperta",
    "game.chiamata": "Chiamata (5)",
    "opt.yes": "sì",
    "opt.no": "no",
    "opt.value.counterclockwise": "antiorario",
    "opt.value.clockwise": "orario",
    "opt.value.none": "nessuno",
    "opt.value.two": "con il 2",
    "opt.value.seven": "con il 7",
    "opt.value.draw": "pareggio",
    "opt.value.replay": "si rigioca",
    "opt.value.never": "mai",
    "opt.value.end_phase": "a mazzo finito",
    "opt.value.always": "sempre",
    "join.title": "Sei stato invitato",
    "join.lead": "{host} ti aspetta a un tavolo di {game}.",
    "join.lead.nohost": "Un tavolo di {game} ti aspetta.",
    "join.sit": "Siediti al tavolo",
    "join.gone": "Questo invito non è più valido.",
    "join.started": "La partita è già cominciata.",
    "join.full": "Il tavolo è al completo.",
    "join.already": "Hai già un posto a questo tavolo.",
    "join.back": "Torna al tuo posto",
    "table.label": "Tavolo da gioco",
    "table.connecting": "Connessione al tavolo…",
    "table.reconnecting": "Connessione persa, riprovo…",
    "table.nosuch": "Questo tavolo non esiste o il link non è valido.",
    "table.noseat": "Non hai un posto a questo tavolo. Usa il link d'invito.",
    "table.home": "Torna alla home",
    "table.yourturn": "Tocca a te",
    "table.turnof": "Tocca a {name}",
    "table.you": "Tu",
    "table.dealer": "Mazziere",
    "table.stock": "{n} carte nel mazzo",
    "table.stock.empty": "Mazzo finito",
    "table.briscola": "Briscola",
    "table.briscola.is": "Briscola: {suit}",
    "table.cards": "{n} carte",
    "table.trick": "Carte in tavola",
    "table.lasttrick": "Ultima presa",
    "table.lasttrick.none": "Nessuna presa ancora",
    "table.took": "presa di {name}",
    "table.takes": "Prende {name}",
    "table.takes.me": "Prendi tu",
    "table.took.me": "presa tua",
    "table.points": "Punti",
    "table.points.trick": "in tavola {n}",
    "table.points.left": "ancora in gioco {n}",
    "table.aid": "Aiuto punti",
    "table.aid.title": "Mostra i punti presi finora (aiuto per chi impara)",
    "table.ourtricks": "Le nostre prese",
    "table.mytricks": "Le mie prese",
    "table.tricks.none": "Nessuna presa.",
    "table.partnerhand": "Carte del compagno",
    "table.hand": "La tua mano",
    "table.hand.key": "Tasti 1–{n} per giocare, frecce e Invio per scegliere",
    "table.play": "Gioca {card}",
    "table.declare": "Accusa Re e Cavallo di {suit} (+{n})",
    "table.exchange": "Scambia il {card} con la briscola",
    "table.declared": "{name} accusa Re e Cavallo di {suit}: +{n}",
    "table.exchanged": "{name} scambia il {gave} con la briscola",
    "table.team.us": "Noi",
    "table.team.them": "Loro",
    "table.partner": "compagno",
    "table.caller": "chiama",
    "table.offline": "non connesso",
    "table.autoplay": "gioca il computer",
    "table.bot": "computer",
    "table.seat": "Posto {n}",
    "table.close": "Chiudi",
    "table.newgame": "Nuova partita",
    "wait.title": "In attesa dei giocatori",
    "wait.invite": "Link d'invito",
    "wait.copy": "Copia",
    "wait.copied": "Link copiato",
    "wait.share": "Manda questo link agli amici: ognuno si siede al primo posto libero.",
    "wait.start": "Inizia la partita",
    "wait.start.note": "I posti ancora liberi li prende il computer.",
    "wait.host": "Attendi che chi ha creato il tavolo inizi la partita.",
    "wait.free": "libero",
    "auction.title": "Asta",
    "auction.yourbid": "La tua offerta",
    "auction.pass": "Passo",
    "auction.bid": "Chiamo {what}",
    "auction.points": "2 a {n}",
    "auction.pointsbid": "Punti",
    "auction.passed": "passa",
    "auction.waiting": "Offre {name}…",
    "auction.none": "Nessuna offerta ancora",
    "call.title": "Scegli il seme di briscola",
    "call.card": "Chiami il {card}",
    "call.waiting": "{name} sta scegliendo la briscola…",
    "call.called": "Carta chiamata",
    "summary.win": "Hai vinto!",
    "summary.win.team": "Avete vinto!",
    "summary.lose": "Hai perso",
    "summary.lose.team": "Avete perso",
    "summary.draw": "Pareggio",
    "summary.void": "Mano nulla: tutti passano",
    "summary.replay": "Pareggio: la mano si rigioca.",
    "summary.points": "punti",
    "summary.units": "unità",
    "summary.deal": "Fine della mano",
    "summary.match": "Fine della partita",
    "summary.match.win": "Hai vinto la partita!",
    "summary.match.draw": "La partita finisce pari",
    "summary.match.winner": "La partita va a {name}",
    "summary.standing": "Situazione",
    "summary.wins": "mani vinte",
    "summary.next": "Prossima mano",
    "summary.waiting": "In attesa degli altri giocatori…",
    "match.single": "Una mano",
    "match.best-of": "Al meglio di {n}",
    "match.first-to": "Chi arriva a {n} mani",
    "match.points": "A {n} punti",
    "match.deals": "{n} mani",
    "match.deal": "Mano {n}",
    "rules.title": "Come si gioca",
    "rules.deck":
      "Si gioca con le 40 carte italiane: coppe, denari, spade e bastoni. La carta scoperta sotto il mazzo è la briscola: il suo seme vince sugli altri.",
    "rules.order": "Forza, dalla più alta: Asso, Tre, Re, Cavallo, Fante, 7, 6, 5, 4, 2.",
    "rules.points":
      "Punti: Asso 11, Tre 10, Re 4, Cavallo 3, Fante 2, le altre nulla. In tutto 120.",
    "rules.trick":
      "Non c'è obbligo di rispondere al seme. Prende la briscola più alta; se non ce ne sono, la carta più alta del seme giocato per primo.",
    "rules.draw":
      "Chi prende pesca per primo, poi gli altri, e gioca per primo la mano dopo. Finito il mazzo si giocano le ultime carte.",
    "rules.win": "Vince chi fa almeno 61 punti; 60 a 60 è pareggio.",
    "rules.inversion":
      "In questa partita il Sette prende il posto del Tre: è la seconda carta e vale 10; il Tre vale zero.",
    "rules.teams":
      "Si gioca in coppia con chi siede di fronte: i punti si sommano. Finito il mazzo, i compagni vedono le carte l'uno dell'altro.",
    "rules.chiamata":
      "Briscola chiamata: all'asta si chiama una carta; chi vince l'asta sceglie la briscola, e chi ha la carta chiamata è il suo compagno segreto.",
    "error.network": "Errore di rete: il server non risponde.",
    "error.generic": "Qualcosa è andato storto.",
    "error.not_your_turn": "Non è il tuo turno.",
    "error.illegal_action": "Mossa non consentita",
    "error.not_started": "La partita non è ancora cominciata.",
    "error.between_deals": "La mano è finita: premi «Prossima mano».",
    "error.match_over": "La partita è finita.",
    "error.bad_invite": "Questo invito non è del tavolo: chiedi un nuovo link.",
    "error.already_started": "La partita è già cominciata.",
    "error.table_full": "Tutti i posti del tavolo sono presi.",
    "error.not_found": "Questo tavolo non esiste (più): controlla il link.",
    "error.bad_token": "Questo posto non è tuo: riapri il tuo link.",
    "error.not_host": "Solo chi ha creato il tavolo può cominciare la partita.",
    "error.invalid_request": "Richiesta non valida",
    "embed.again": "Gioca ancora",
    "embed.open": "Apri in una pagina",
  },
  en: {
    "app.title": "Briscola",
    "app.tagline": "The Italian card game, against the computer or with friends.",
    "lang.label": "Language",
    "home.play": "Play now",
    "home.play.lead": "A game right away against the computer.",
    "home.create": "Create a table",
    "home.create.lead": "Invite friends with a link; the computer takes the empty seats.",
    "home.setup": "Your game",
    "home.game": "Game",
    "home.options": "Options",
    "home.level": "Computer level",
    "home.match": "Match",
    "home.name": "Your name",
    "home.name.placeholder": "What's your name?",
    "home.seats": "Seats at the table",
    "home.start.play": "Play",
    "home.start.create": "Create the table",
    "home.resume": "Resume the game in progress",
    "home.loading": "Loading…",
    "home.scorekeeper": "Score keeper",
    "home.footer": "Cards drawn by the project. No ads, no tracking.",
    "seat.you": "You (the host)",
    "seat.human": "A friend (invite)",
    "seat.bot": "Computer: {level}",
    "game.classic": "2 players",
    "game.three": "3 players",
    "game.pairs": "4 in pairs",
    "game.six": "6 players",
    "game.scoperta": "Open hands",
    "game.chiamata": "Chiamata (5)",
    "opt.yes": "yes",
    "opt.no": "no",
    "opt.value.counterclockwise": "counter-clockwise",
    "opt.value.clockwise": "clockwise",
    "opt.value.none": "none",
    "opt.value.two": "with the 2",
    "opt.value.seven": "with the 7",
    "opt.value.draw": "a draw",
    "opt.value.replay": "replayed",
    "opt.value.never": "never",
    "opt.value.end_phase": "once the stock is out",
    "opt.value.always": "always",
    "join.title": "You are invited",
    "join.lead": "{host} is waiting for you at a table of {game}.",
    "join.lead.nohost": "A table of {game} is waiting for you.",
    "join.sit": "Take a seat",
    "join.gone": "This invitation is no longer valid.",
    "join.started": "The game has already started.",
    "join.full": "The table is full.",
    "join.already": "You already have a seat at this table.",
    "join.back": "Back to your seat",
    "table.label": "Card table",
    "table.connecting": "Connecting to the table…",
    "table.reconnecting": "Connection lost, retrying…",
    "table.nosuch": "This table does not exist or the link is not valid.",
    "table.noseat": "You have no seat at this table. Use the invitation link.",
    "table.home": "Back to the home page",
    "table.yourturn": "Your turn",
    "table.turnof": "{name}'s turn",
    "table.you": "You",
    "table.dealer": "Dealer",
    "table.stock": "{n} cards in the stock",
    "table.stock.empty": "Stock used up",
    "table.briscola": "Briscola",
    "table.briscola.is": "Trumps: {suit}",
    "table.cards": "{n} cards",
    "table.trick": "Cards on the table",
    "table.lasttrick": "Last trick",
    "table.lasttrick.none": "No trick yet",
    "table.took": "taken by {name}",
    "table.takes": "{name} takes",
    "table.takes.me": "You take",
    "table.took.me": "taken by you",
    "table.points": "Points",
    "table.points.trick": "on the table {n}",
    "table.points.left": "still in play {n}",
    "table.aid": "Points aid",
    "table.aid.title": "Show the points taken so far (a help for learners)",
    "table.ourtricks": "Our tricks",
    "table.mytricks": "My tricks",
    "table.tricks.none": "No tricks.",
    "table.partnerhand": "Partner's cards",
    "table.hand": "Your hand",
    "table.hand.key": "Keys 1–{n} to play, arrows and Enter to choose",
    "table.play": "Play {card}",
    "table.declare": "Declare King and Knight of {suit} (+{n})",
    "table.exchange": "Exchange the {card} for the briscola",
    "table.declared": "{name} declares King and Knight of {suit}: +{n}",
    "table.exchanged": "{name} exchanges the {gave} for the briscola",
    "table.team.us": "Us",
    "table.team.them": "Them",
    "table.partner": "partner",
    "table.caller": "caller",
    "table.offline": "offline",
    "table.autoplay": "computer plays",
    "table.bot": "computer",
    "table.seat": "Seat {n}",
    "table.close": "Close",
    "table.newgame": "New game",
    "wait.title": "Waiting for players",
    "wait.invite": "Invitation link",
    "wait.copy": "Copy",
    "wait.copied": "Link copied",
    "wait.share": "Send this link to your friends: each takes the first free seat.",
    "wait.start": "Start the game",
    "wait.start.note": "The computer takes the seats still free.",
    "wait.host": "Wait for the host to start the game.",
    "wait.free": "free",
    "auction.title": "Auction",
    "auction.yourbid": "Your bid",
    "auction.pass": "Pass",
    "auction.bid": "Bid {what}",
    "auction.points": "2 at {n}",
    "auction.pointsbid": "Points",
    "auction.passed": "passes",
    "auction.waiting": "{name} is bidding…",
    "auction.none": "No bids yet",
    "call.title": "Choose the trump suit",
    "call.card": "You call the {card}",
    "call.waiting": "{name} is choosing the trump suit…",
    "call.called": "Called card",
    "summary.win": "You win!",
    "summary.win.team": "Your side wins!",
    "summary.lose": "You lose",
    "summary.lose.team": "Your side loses",
    "summary.draw": "A draw",
    "summary.void": "A void deal: everybody passed",
    "summary.replay": "A draw: the deal is replayed.",
    "summary.points": "points",
    "summary.units": "units",
    "summary.deal": "End of the deal",
    "summary.match": "End of the match",
    "summary.match.win": "You win the match!",
    "summary.match.draw": "The match is drawn",
    "summary.match.winner": "{name} wins the match",
    "summary.standing": "Standing",
    "summary.wins": "deals won",
    "summary.next": "Next deal",
    "summary.waiting": "Waiting for the other players…",
    "match.single": "One deal",
    "match.best-of": "Best of {n}",
    "match.first-to": "First to {n} deals",
    "match.points": "To {n} points",
    "match.deals": "{n} deals",
    "match.deal": "Deal {n}",
    "rules.title": "How to play",
    "rules.deck":
      "The game uses the 40 Italian cards: cups, coins, swords and clubs. The card turned up under the stock is the briscola: its suit is trumps.",
    "rules.order": "Strength, highest first: Ace, Three, King, Knight, Jack, 7, 6, 5, 4, 2.",
    "rules.points":
      "Points: Ace 11, Three 10, King 4, Knight 3, Jack 2, the others nothing. 120 in all.",
    "rules.trick":
      "You need not follow suit. The highest trump takes the trick; without trumps, the highest card of the suit led.",
    "rules.draw":
      "Whoever takes the trick draws first, then the others, and leads the next trick. Once the stock is used up the last cards are played out.",
    "rules.win": "61 points or more wins; 60-60 is a draw.",
    "rules.inversion":
      "In this game the Seven takes the Three's place: second strongest and worth 10; the Three is worth nothing.",
    "rules.teams":
      "You play in pairs with the player opposite: your points add up. Once the stock is used up, partners see each other's hands.",
    "rules.chiamata":
      "Briscola chiamata: the auction calls a card; its winner names the trump suit, and whoever holds the called card is their secret partner.",
    "error.network": "Network error: the server does not answer.",
    "error.generic": "Something went wrong.",
    "error.not_your_turn": "It is not your turn.",
    "error.illegal_action": "Not allowed",
    "error.not_started": "The game has not started yet.",
    "error.between_deals": "The deal is over: press “Next deal”.",
    "error.match_over": "The match is over.",
    "error.bad_invite": "This invitation is not the table's: ask for a new link.",
    "error.already_started": "The game has already started.",
    "error.table_full": "Every seat at the table is taken.",
    "error.not_found": "This table does not exist (any more): check the link.",
    "error.bad_token": "This seat is not yours: open your own link again.",
    "error.not_host": "Only the table's host can start the game.",
    "error.invalid_request": "Invalid request",
    "embed.again": "Play again",
    "embed.open": "Open in a page",
  },
};

const RANKS = {
  it: {
    A: "Asso",
    2: "Due",
    3: "Tre",
    4: "Quattro",
    5: "Cinque",
    6: "Sei",
    7: "Sette",
    F: "Fante",
    C: "Cavallo",
    R: "Re",
  },
  en: {
    A: "Ace",
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    F: "Jack",
    C: "Knight",
    R: "King",
  },
};
const SUITS = {
  it: { c: "coppe", d: "denari", s: "spade", b: "bastoni" },
  en: { c: "cups", d: "coins", s: "swords", b: "clubs" },
};

const KEY = "briscola.lang";
const listeners = new Set();
let current = null;

/** The language in use: ?lang= in the URL, then the saved choice, then Italian. */
export function getLang() {
  if (current) return current;
  const fromUrl = new URLSearchParams(location.search).get("lang");
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    /* storage may be off in an iframe */
  }
  current = [fromUrl, saved].find((l) => l === "it" || l === "en") || "it";
  document.documentElement.lang = current;
  return current;
}

export function setLang(lang) {
  if (lang !== "it" && lang !== "en") return;
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* ignore */
  }
  listeners.forEach((fn) => fn(lang));
}

export function onLangChange(fn) {
  listeners.add(fn);
}

/** True when the catalogue has ``key`` (in Italian, the fallback of every language). */
export function hasText(key) {
  return key in CATALOG.it;
}

export function t(key, params = {}) {
  const lang = getLang();
  let s = CATALOG[lang][key] ?? CATALOG.it[key] ?? key;
  for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** A title object from the server ({it: ..., en: ...}) in the language in use. */
export function pick(title, fallback = "") {
  if (!title) return fallback;
  if (typeof title === "string") return title;
  return title[getLang()] ?? title.it ?? title.en ?? fallback;
}

export function rankName(rank) {
  return RANKS[getLang()][rank] ?? rank;
}

export function suitName(letter) {
  return SUITS[getLang()][letter] ?? letter;
}

/** "Asso di denari" / "Ace of coins" from "Ad". */
export function cardName(code) {
  if (!code) return "";
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return getLang() === "it"
    ? `${rankName(rank)} di ${suitName(suit)}`
    : `${rankName(rank)} of ${suitName(suit)}`;
}

/** Fill every [data-i18n] element's text and [data-i18n-*] attributes under root. */
export function applyStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => {
    el.textContent = t(el.dataset.i18n);
  });
  for (const attr of ["placeholder", "title", "aria-label"]) {
    root.querySelectorAll(`[data-i18n-${attr}]`).forEach((el) => {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
    });
  }
  if (root === document) document.title = document.title.split(" · ")[0];
}

/** A small IT | EN switch; returns its element. */
export function langSwitch() {
  const box = document.createElement("div");
  box.className = "lang-switch";
  box.setAttribute("role", "group");
  const paint = () => {
    box.setAttribute("aria-label", t("lang.label"));
    box.querySelectorAll("button").forEach((b) => {
      b.setAttribute("aria-pressed", String(b.dataset.lang === getLang()));
    });
  };
  for (const lang of ["it", "en"]) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.lang = lang;
    b.textContent = lang.toUpperCase();
    b.lang = lang;
    b.setAttribute("aria-label", lang === "it" ? "Italiano" : "English");
    b.addEventListener("click", () => setLang(lang));
    box.append(b);
  }
  onLangChange(paint);
  paint();
  return box;
}
