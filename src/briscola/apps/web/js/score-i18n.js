// The score keeper's words in Italian (the default) and English, and the language switch.
// The language is shared with the rest of the web app (localStorage "briscola.lang").

const CATALOG = {
  it: {
    "app.name": "Segnapunti",
    "app.tagline":
      "Il foglio dei punti per le partite col mazzo vero: tocca, somma, e la vittoria si vede da sola.",
    "nav.home": "Briscola",
    "nav.sheets": "I tuoi fogli",
    "lang.label": "Lingua",
    "list.title": "I tuoi fogli",
    "list.lead":
      "I fogli aperti su questo dispositivo. Il link di un foglio lo apre anche altrove.",
    "list.empty": "Ancora nessun foglio qui: creane uno.",
    "list.game": "partita {n}",
    "list.forget": "Togli dall'elenco",
    "list.forget_confirm":
      "Togliere {name} dall'elenco? Il foglio resta raggiungibile dal suo link.",
    "new.title": "Nuovo foglio",
    "new.lead": "Chi gioca, fino a quanti punti, e in che formato.",
    "new.name": "Nome del foglio",
    "new.name_ph": "facoltativo, per esempio Sabato al bar",
    "new.who": "Concorrenti",
    "new.players": "Giocatori",
    "new.pairs": "Coppie",
    "new.player": "Giocatore {n}",
    "new.partner": "compagno",
    "new.pair_hint": "I punti dei compagni contano insieme: la coppia prende il nome dei due.",
    "new.add": "+ Aggiungi",
    "new.remove": "Togli",
    "new.target": "Traguardo",
    "new.t61": "61",
    "new.t61_sub": "una mano",
    "new.t120": "120",
    "new.t120_sub": "due mani",
    "new.tchiamata": "Chiamata",
    "new.tchiamata_sub": "unità",
    "new.tcustom": "Altro",
    "new.tcustom_sub": "punti",
    "new.units": "Unità per vincere",
    "new.points": "Punti per vincere",
    "new.format": "Formato",
    "new.single": "Una partita",
    "new.single_sub": "ogni partita a sé",
    "new.best_of": "Al meglio di",
    "new.best_of_sub": "3, 5, 7… partite",
    "new.first_to": "Primo a",
    "new.first_to_sub": "N vittorie",
    "new.games": "partite",
    "new.declarations": "Accusi (una mano può superare 120 punti)",
    "new.create": "Crea il foglio",
    "new.need_two": "Scrivi i nomi di almeno due concorrenti.",
    "sheet.game": "Partita {n}",
    "sheet.deal": "Mano {n}",
    "sheet.match": "Incontro {n}",
    "sheet.needs": "servono {n} vittorie",
    "sheet.needs_one": "serve 1 vittoria",
    "sheet.win": "VINCE",
    "sheet.win_match": "VINCE L'INCONTRO",
    "sheet.draw": "PAREGGIO",
    "sheet.win_line": "{name} vince la partita {game}!",
    "sheet.win_match_line": "{name} vince la partita {game} e l'incontro!",
    "sheet.draw_line": "Pareggio {detail}: nessun trofeo.",
    "sheet.deal_draw": "Mano pari {detail}.",
    "sheet.press_new": "Correggi se serve, poi premi Nuova partita.",
    "sheet.to_go": "ne mancano {n}",
    "sheet.units": "unità",
    "sheet.points": "punti",
    "sheet.trophies": "Trofei: {n}",
    "sheet.standing": "Vittorie nell'incontro: {n} su {need}",
    "sheet.points_for": "Punti a",
    "sheet.pick": "Tocca un concorrente per sceglierlo.",
    "sheet.pad": "Tastierino",
    "sheet.pad_sub": "totale o punti esatti",
    "sheet.undo": "Annulla",
    "sheet.redo": "Ripeti",
    "sheet.undo_what": "Annulla: {what}",
    "sheet.redo_what": "Ripeti: {what}",
    "sheet.next_deal": "Nuova mano",
    "sheet.new_game": "Nuova partita",
    "sheet.new_game_confirm":
      "Nessuno ha ancora vinto: chiudere la partita {n} come non finita e ricominciare?",
    "sheet.not_found": "Nessun foglio a questo link.",
    "sheet.offline_first":
      "Senza connessione, e questo foglio non è mai stato aperto qui: riprova quando torna la rete.",
    "sheet.back": "Torna ai fogli",
    "pad.title": "Punti di {name}",
    "pad.in_deal": "ora {n} in questa mano",
    "pad.set": "= Totale",
    "pad.add": "+ Aggiungi",
    "pad.clear": "Cancella",
    "pad.back": "Indietro di una cifra",
    "pad.sign": "Cambia segno",
    "pad.close": "Chiudi",
    "pad.empty": "Scrivi un numero.",
    "net.offline": "Offline",
    "net.pending": "{n} in attesa",
    "net.syncing": "Sincronizzo…",
    "net.offline_toast":
      "Senza connessione: i punti restano su questo telefono e partono appena torna la rete.",
    "net.synced": "Di nuovo in linea: foglio sincronizzato.",
    "net.conflict": "Il foglio è cambiato su un altro dispositivo: ecco la versione aggiornata.",
    "history.title": "Storia delle partite",
    "history.empty": "Ancora nessuna partita finita.",
    "history.game": "Partita {n}",
    "history.match_won": "incontro a {name}",
    "history.unfinished": "non finita",
    "history.draw": "pareggio",
    "share.title": "Condividi ed esporta",
    "share.lead": "Chi ha questo link può vedere e segnare i punti: mandalo solo a chi gioca.",
    "share.copy": "Copia il link",
    "share.copied": "Link copiato.",
    "share.csv": "Esporta CSV",
    "settings.title": "Impostazioni del foglio",
    "settings.sheet_name": "Nome del foglio",
    "settings.rename": "Rinomina",
    "settings.competitors": "Concorrenti",
    "settings.remove": "Togli",
    "settings.remove_confirm": "Togliere {name} e i suoi punti di questa partita?",
    "settings.add_competitor": "Aggiungi un concorrente",
    "settings.add_ph": "Nome, o Anna+Bruno per una coppia",
    "settings.add": "Aggiungi",
    "settings.target": "Traguardo",
    "settings.format": "Formato",
    "settings.apply": "Applica",
    "settings.offline": "Le impostazioni si cambiano con la rete.",
    "target.61": "61 punti in una mano",
    "target.120": "120 punti in due mani",
    "target.chiamata": "{n} unità (chiamata)",
    "target.custom": "{n} punti",
    "format.single": "partita singola",
    "format.best-of": "al meglio di {n}",
    "format.first-to": "chi vince prima {n}",
    "err.negative": "{name}: {value} punti in una mano; i punti non possono essere negativi",
    "err.over_120":
      "una mano vale al massimo 120 punti (senza accusi): qui sarebbero {total} ({detail})",
    "err.over_declarations":
      "anche con gli accusi una mano vale al massimo 220 punti: qui sarebbero {total} ({detail})",
    "err.single_deal":
      "con il traguardo di 61 ogni partita è una sola mano: premi Nuova partita per ricominciare",
    "err.empty_deal": "questa mano non ha ancora punti",
    "err.empty_game": "questa partita non ha ancora punti: non c'è niente da chiudere",
    "err.nothing_to_undo": "niente da annullare",
    "err.nothing_to_redo": "niente da ripetere",
    "err.network": "Il server non risponde.",
    "err.generic": "Qualcosa non ha funzionato",
  },
  en: {
    "app.name": "Score keeper",
    "app.tagline":
      "The score sheet for games with a real deck: tap, add up, and the win shows by itself.",
    "nav.home": "Briscola",
    "nav.sheets": "Your sheets",
    "lang.label": "Language",
    "list.title": "Your sheets",
    "list.lead": "The sheets opened on this device. A sheet's link opens it anywhere.",
    "list.empty": "No sheets here yet: make one.",
    "list.game": "game {n}",
    "list.forget": "Remove from the list",
    "list.forget_confirm": "Remove {name} from the list? The sheet stays reachable by its link.",
    "new.title": "New sheet",
    "new.lead": "Who plays, to how many points, and in which format.",
    "new.name": "Sheet name",
    "new.name_ph": "optional, e.g. Saturday at the bar",
    "new.who": "Competitors",
    "new.players": "Players",
    "new.pairs": "Pairs",
    "new.player": "Player {n}",
    "new.partner": "partner",
    "new.pair_hint": "Partners' points count together: the pair is named after both.",
    "new.add": "+ Add",
    "new.remove": "Remove",
    "new.target": "Target",
    "new.t61": "61",
    "new.t61_sub": "one deal",
    "new.t120": "120",
    "new.t120_sub": "two deals",
    "new.tchiamata": "Chiamata",
    "new.tchiamata_sub": "units",
    "new.tcustom": "Other",
    "new.tcustom_sub": "points",
    "new.units": "Units to win",
    "new.points": "Points to win",
    "new.format": "Format",
    "new.single": "One game",
    "new.single_sub": "each game alone",
    "new.best_of": "Best of",
    "new.best_of_sub": "3, 5, 7… games",
    "new.first_to": "First to",
    "new.first_to_sub": "N wins",
    "new.games": "games",
    "new.declarations": "Declarations (a deal may exceed 120 points)",
    "new.create": "Create the sheet",
    "new.need_two": "Type the names of at least two competitors.",
    "sheet.game": "Game {n}",
    "sheet.deal": "Deal {n}",
    "sheet.match": "Match {n}",
    "sheet.needs": "{n} wins take it",
    "sheet.needs_one": "1 win takes it",
    "sheet.win": "WINS",
    "sheet.win_match": "WINS THE MATCH",
    "sheet.draw": "DRAW",
    "sheet.win_line": "{name} wins game {game}!",
    "sheet.win_match_line": "{name} wins game {game} and the match!",
    "sheet.draw_line": "Draw {detail}: no trophy.",
    "sheet.deal_draw": "Deal drawn {detail}.",
    "sheet.press_new": "Fix the points if needed, then press New game.",
    "sheet.to_go": "{n} to go",
    "sheet.units": "units",
    "sheet.points": "points",
    "sheet.trophies": "Trophies: {n}",
    "sheet.standing": "Wins in this match: {n} of {need}",
    "sheet.points_for": "Points to",
    "sheet.pick": "Tap a competitor to choose them.",
    "sheet.pad": "Number pad",
    "sheet.pad_sub": "a total or exact points",
    "sheet.undo": "Undo",
    "sheet.redo": "Redo",
    "sheet.undo_what": "Undo: {what}",
    "sheet.redo_what": "Redo: {what}",
    "sheet.next_deal": "Next deal",
    "sheet.new_game": "New game",
    "sheet.new_game_confirm": "Nobody has won yet: close game {n} as unfinished and start again?",
    "sheet.not_found": "No score sheet at this link.",
    "sheet.offline_first":
      "No connection, and this sheet was never opened here: try again when the network is back.",
    "sheet.back": "Back to the sheets",
    "pad.title": "Points of {name}",
    "pad.in_deal": "now {n} in this deal",
    "pad.set": "= Total",
    "pad.add": "+ Add",
    "pad.clear": "Clear",
    "pad.back": "Delete a digit",
    "pad.sign": "Change sign",
    "pad.close": "Close",
    "pad.empty": "Type a number.",
    "net.offline": "Offline",
    "net.pending": "{n} waiting",
    "net.syncing": "Syncing…",
    "net.offline_toast":
      "No connection: the points stay on this phone and go out as soon as the network is back.",
    "net.synced": "Back online: sheet synced.",
    "net.conflict": "The sheet changed on another device: here is the latest version.",
    "history.title": "History of games",
    "history.empty": "No finished games yet.",
    "history.game": "Game {n}",
    "history.match_won": "match to {name}",
    "history.unfinished": "unfinished",
    "history.draw": "draw",
    "share.title": "Share and export",
    "share.lead": "Whoever has this link can see and score the sheet: send it only to the players.",
    "share.copy": "Copy the link",
    "share.copied": "Link copied.",
    "share.csv": "Export CSV",
    "settings.title": "Sheet settings",
    "settings.sheet_name": "Sheet name",
    "settings.rename": "Rename",
    "settings.competitors": "Competitors",
    "settings.remove": "Remove",
    "settings.remove_confirm": "Remove {name} and their points in this game?",
    "settings.add_competitor": "Add a competitor",
    "settings.add_ph": "A name, or Anna+Bruno for a pair",
    "settings.add": "Add",
    "settings.target": "Target",
    "settings.format": "Format",
    "settings.apply": "Apply",
    "settings.offline": "Settings change with the network on.",
    "target.61": "61 points in one deal",
    "target.120": "120 points over two deals",
    "target.chiamata": "{n} units (chiamata)",
    "target.custom": "{n} points",
    "format.single": "single game",
    "format.best-of": "best of {n}",
    "format.first-to": "first to {n}",
    "err.negative": "{name}: {value} points in a deal; points cannot be negative",
    "err.over_120":
      "a deal is worth at most 120 points (without declarations): this one would have {total} ({detail})",
    "err.over_declarations":
      "even with declarations a deal is worth at most 220 points: this one would have {total} ({detail})",
    "err.single_deal":
      "with a target of 61 each game is a single deal: press New game to start again",
    "err.empty_deal": "this deal has no points yet",
    "err.empty_game": "this game has no points yet: there is nothing to close",
    "err.nothing_to_undo": "nothing to undo",
    "err.nothing_to_redo": "nothing to redo",
    "err.network": "The server does not answer.",
    "err.generic": "Something went wrong",
  },
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
    /* storage may be off */
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

/** The text of `key` in the language in use, with {name} placeholders filled from params. */
export function t(key, params = {}) {
  const lang = getLang();
  let s = CATALOG[lang][key] ?? CATALOG.it[key] ?? key;
  for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** A sheet's target ("61", "120", "chiamata:10", "200", "custom:61") in words. */
export function targetText(target) {
  if (target === "61" || target === "120") return t(`target.${target}`);
  const [kind, value] = target.includes(":") ? target.split(":") : ["custom", target];
  return t(kind === "chiamata" ? "target.chiamata" : "target.custom", { n: value });
}

/** A match format ("single", "best-of:3", "first-to:2") in words. */
export function formatText(format) {
  const [kind, n] = format.split(":");
  return t(`format.${kind}`, { n: n || 1 });
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
}

/** A small IT | EN switch (the home page's look); returns its element. */
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
