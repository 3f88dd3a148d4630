// The words of the settings added for issue 39, part 4 (js/table/prefs.js: the sounds and their
// volume, the layout for a left hand) in every language of the client; the older settings' words
// (the trick's hold, the cards' size) are in strings-table.js and ro/table.js. i18n.js merges
// them with the other strings (Romanian through ro/index.js).

export const SETTINGS_STRINGS = {
  it: {
    "prefs.sound": "Suoni",
    "prefs.sound.off": "spenti",
    "prefs.sound.quiet": "bassi",
    "prefs.sound.normal": "normali",
    "prefs.sound.loud": "alti",
    "prefs.hand": "Disposizione",
    "prefs.hand.right": "per destrorsi",
    "prefs.hand.left": "per mancini (colonna e carte a sinistra)",
  },
  en: {
    "prefs.sound": "Sounds",
    "prefs.sound.off": "off",
    "prefs.sound.quiet": "quiet",
    "prefs.sound.normal": "normal",
    "prefs.sound.loud": "loud",
    "prefs.hand": "Layout",
    "prefs.hand.right": "right-handed",
    "prefs.hand.left": "left-handed (column and cards on the left)",
  },
  ro: {
    "prefs.sound": "Sunete",
    "prefs.sound.off": "oprite",
    "prefs.sound.quiet": "încet",
    "prefs.sound.normal": "normal",
    "prefs.sound.loud": "tare",
    "prefs.hand": "Așezare",
    "prefs.hand.right": "pentru dreptaci",
    "prefs.hand.left": "pentru stângaci (coloana și cărțile în stânga)",
  },
};
