// This device's settings of the table (issue 36, item 17; issue 39, part 4), kept in
// localStorage: how long a finished trick stays on the felt (the table's own time, or shorter, or
// longer), the size of the cards in the player's hand, the sounds (off, or on at a volume:
// sound.js keeps both) and the side for a left hand (the side column and, on a phone held
// sideways, the hand on the left). Set in the "?" dialog (panels.js); read by tableview.js (the
// trick's hold) and applied to the page: --hand-scale (css/hand.css) and the class left-handed
// on <html> (css/table.css, css/hand.css); whether the others' quick messages and emotes show
// (emotes.js: muted, no bubble; this device's only). The hand's order (as dealt or sorted) is the bar's
// own switch (tableview-hand.js), kept per device too. A player's settings follow them to another
// device (settings-sync.js): a page that shows the table takes them as it loads.
import { h } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { settingChanged, syncSettings } from "./settings-sync.js";
import { VOLUMES, setSound, setVolume, soundOn, volume } from "./sound.js";

/** The choices: the milliseconds a trick is held (null: the table's own), a hand card's scale,
 * the side the hand is held with. */
export const HOLDS = { short: 800, normal: null, long: 3000 };
export const CARDS = { small: 0.85, normal: 1, large: 1.2 };
export const HANDS = { right: false, left: true };
const CHOICES = { hold: HOLDS, cards: CARDS, hand: HANDS };
const DEFAULTS = { hold: "normal", cards: "normal", hand: "right" };
const KEYS = {
  emotes: "briscola.pref.emotes",
  hold: "briscola.pref.hold",
  cards: "briscola.pref.cards",
  hand: "briscola.pref.hand",
};

/** The chosen value of a setting (`name`: hold, cards or hand), its default where none is saved. */
export function pref(name) {
  try {
    const v = localStorage.getItem(KEYS[name]);
    return v in CHOICES[name] ? v : DEFAULTS[name];
  } catch {
    return DEFAULTS[name]; // storage may be off
  }
}

function setPref(name, value) {
  try {
    localStorage.setItem(KEYS[name], value);
  } catch {
    /* storage may be off: the choice lasts this page */
  }
}

const EMOTES_KEY = KEYS.emotes;

/** Are the others' quick messages and emotes shown at the table (emotes.js)? Off: muted, no
 * bubble. Kept on this device only. */
export function emotesShown() {
  try {
    return localStorage.getItem(EMOTES_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setEmotesShown(on) {
  setPref("emotes", on ? "on" : "off");
}

/** How long this device holds a finished trick (ms), or null for the table's own time. */
export function holdPref() {
  return HOLDS[pref("hold")];
}

/** The page as chosen: the hand's cards' size (--hand-scale) and the side for a left hand. */
export function applyPrefs() {
  const root = document.documentElement;
  root.style.setProperty("--hand-scale", String(CARDS[pref("cards")]));
  root.classList.toggle("left-handed", HANDS[pref("hand")]);
}

/** The sounds as one menu: off, or on at one of the volumes. */
function soundChoice() {
  return soundOn() ? volume() : "off";
}

function chooseSound(value) {
  if (value === "off") return setSound(false);
  setVolume(value);
  setSound(true);
}

/** The settings' section of the "?" dialog: a menu each; `changed` draws the table again. */
export function prefsSection(changed) {
  const menu = (name, keys, current, choose) =>
    h(
      "select",
      {
        id: `pref-${name}`,
        onchange: (e) => {
          choose(e.target.value);
          applyPrefs();
          changed();
          settingChanged(); // sent to the player's settings after a pause
        },
      },
      keys.map((k) => h("option", { value: k, selected: current === k }, t(`prefs.${name}.${k}`))),
    );
  const row = (name, keys, current, choose = (v) => setPref(name, v)) =>
    h(
      "div",
      { class: "pref-row" },
      h("label", { for: `pref-${name}` }, t(`prefs.${name}`)),
      menu(name, keys, current, choose),
    );
  return h(
    "section",
    { class: "prefs", "aria-labelledby": "prefs-title" },
    h("h3", { id: "prefs-title" }, t("prefs.title")),
    row("hold", Object.keys(HOLDS), pref("hold")),
    row("cards", Object.keys(CARDS), pref("cards")),
    row("sound", ["off", ...Object.keys(VOLUMES)], soundChoice(), chooseSound),
    row("hand", Object.keys(HANDS), pref("hand")),
    row("emotes", ["on", "off"], emotesShown() ? "on" : "off", (v) => setEmotesShown(v === "on")),
  );
}

if (globalThis.document?.getElementById) {
  syncSettings().then((taken) => taken && applyPrefs()); // the player's settings, if any
}
