// This device's settings of the table (issue 36, item 17), kept in localStorage: how long a
// finished trick stays on the felt (the table's own time, or shorter, or longer) and the size of
// the cards in the player's hand. Set in the "?" dialog (panels.js); read by tableview.js (the
// trick's hold) and applied to the page as --hand-scale (css/hand.css).
import { h } from "../common/dom.js";
import { t } from "../common/i18n.js";

/** The choices: the milliseconds a trick is held (null: the table's own), a hand card's scale. */
export const HOLDS = { short: 800, normal: null, long: 3000 };
export const CARDS = { small: 0.85, normal: 1, large: 1.2 };
const KEYS = { hold: "briscola.pref.hold", cards: "briscola.pref.cards" };

/** The chosen value of a setting (`name`: hold or cards), "normal" where none is saved. */
export function pref(name) {
  const choices = name === "hold" ? HOLDS : CARDS;
  try {
    const v = localStorage.getItem(KEYS[name]);
    return v in choices ? v : "normal";
  } catch {
    return "normal"; // storage may be off
  }
}

function setPref(name, value) {
  try {
    localStorage.setItem(KEYS[name], value);
  } catch {
    /* storage may be off: the choice lasts this page */
  }
}

/** How long this device holds a finished trick (ms), or null for the table's own time. */
export function holdPref() {
  return HOLDS[pref("hold")];
}

/** Size the hand's cards as chosen (the page's --hand-scale). */
export function applyCardSize() {
  document.documentElement.style.setProperty("--hand-scale", String(CARDS[pref("cards")]));
}

/** The settings' section of the "?" dialog: two menus; `changed` draws the table again. */
export function prefsSection(changed) {
  const menu = (name, choices) =>
    h(
      "select",
      {
        id: `pref-${name}`,
        onchange: (e) => {
          setPref(name, e.target.value);
          applyCardSize();
          changed();
        },
      },
      Object.keys(choices).map((k) =>
        h("option", { value: k, selected: pref(name) === k }, t(`prefs.${name}.${k}`)),
      ),
    );
  const row = (name, choices) =>
    h(
      "div",
      { class: "pref-row" },
      h("label", { for: `pref-${name}` }, t(`prefs.${name}`)),
      menu(name, choices),
    );
  return h(
    "section",
    { class: "prefs", "aria-labelledby": "prefs-title" },
    h("h3", { id: "prefs-title" }, t("prefs.title")),
    row("hold", HOLDS),
    row("cards", CARDS),
  );
}
