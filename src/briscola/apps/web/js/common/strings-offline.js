// The strings of the offline game (issue 39) in every language of the client: its page
// (/offline) and the home page's link to it. i18n.js merges them with the other strings
// (Romanian through ro/index.js).

export const OFFLINE_STRINGS = {
  it: {
    "offline.link": "Senza rete: gioca contro il computer su questo dispositivo",
    "offline.title": "Gioca senza rete",
    "offline.lead":
      "Una smazzata contro il computer, tutta su questo dispositivo: funziona anche senza connessione. Le partite finite vanno nella tua cronologia quando torni in rete.",
    "offline.loading": "Preparo il gioco sul dispositivo…",
    "offline.failed": "Il gioco senza rete non si è caricato su questo dispositivo.",
    "offline.start": "Gioca",
    "offline.history": "Le partite giocate qui",
    "offline.waiting": "{n} in attesa della rete: vanno nella cronologia appena torni in rete.",
  },
  en: {
    "offline.link": "Offline: play the computer on this device",
    "offline.title": "Play offline",
    "offline.lead":
      "One deal against the computer, all on this device: it works without a connection too. Finished games go to your history when you are back online.",
    "offline.loading": "Getting the game ready on this device…",
    "offline.failed": "The offline game did not load on this device.",
    "offline.start": "Play",
    "offline.history": "Games played here",
    "offline.waiting":
      "{n} waiting for the network: they go to your history once you are back online.",
  },
  ro: {
    "offline.link": "Fără rețea: joacă împotriva calculatorului pe acest dispozitiv",
    "offline.title": "Joacă fără rețea",
    "offline.lead":
      "O mână împotriva calculatorului, totul pe acest dispozitiv: merge și fără conexiune. Jocurile terminate ajung în istoricul tău când revii online.",
    "offline.loading": "Pregătesc jocul pe acest dispozitiv…",
    "offline.failed": "Jocul fără rețea nu s-a încărcat pe acest dispozitiv.",
    "offline.start": "Joacă",
    "offline.history": "Jocurile jucate aici",
    "offline.waiting": "{n} așteaptă rețeaua: ajung în istoric când revii online.",
  },
};
