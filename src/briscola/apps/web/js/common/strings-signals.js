// The strings of partner signals (issue 14, item 2) in every language of the client: the row of
// buttons at the player's turn ("Segnali"), each sign's words, and what the table says of a sign
// (its meaning to the signaller's partners, "… ha fatto un segno" to everybody else). i18n.js
// merges them with the other strings (Romanian through ro/index.js).

export const SIGNAL_STRINGS = {
  it: {
    "signals.row": "Segnali",
    "signals.row.help": "Un segno al compagno, uno a presa, prima della carta",
    "signals.asso": "ho l'asso",
    "signals.tre": "ho il tre",
    "signals.alte": "ho briscole alte",
    "signals.nessuna": "non ho briscole",
    "signals.carica": "carica",
    "signals.liscio": "liscio",
    "signals.told": "{name}: {sign}",
    "signals.made": "{name} ha fatto un segno",
  },
  en: {
    "signals.row": "Signals",
    "signals.row.help": "A sign to your partner, one a trick, before your card",
    "signals.asso": "I have the Ace of trumps",
    "signals.tre": "I have the Three of trumps",
    "signals.alte": "I have high trumps",
    "signals.nessuna": "I have no trumps",
    "signals.carica": "load it",
    "signals.liscio": "play low",
    "signals.told": "{name}: {sign}",
    "signals.made": "{name} made a sign",
  },
  ro: {
    "signals.row": "Semne",
    "signals.row.help": "Un semn către partener, unul pe levată, înainte de carte",
    "signals.asso": "am asul",
    "signals.tre": "am treiul",
    "signals.alte": "am atuuri mari",
    "signals.nessuna": "n-am atu",
    "signals.carica": "încarcă",
    "signals.liscio": "joacă mic",
    "signals.told": "{name}: {sign}",
    "signals.made": "{name} a făcut un semn",
  },
};
