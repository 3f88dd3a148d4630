// The web client's one language module, for every page (the game's and the score keeper's): the
// language in use, shared by the pages (?lang= in the URL, then the choice saved in localStorage
// "briscola.lang", then Italian), the lookup t("key", {n: 3}) over every set of strings
// (strings-table.js, strings-score.js, …; Romanian's in ro/), the names of cards and suits, the
// [data-i18n] filler and the IT | EN | RO switch.
//
// A key missing in the language in use falls back to Italian, then English; a key missing in all
// shows words made from it ("error.table_gone" shows "Table gone"), never the key itself, and the
// console names it. node's unit tests (tests/js) fail on any key the code or the pages use that
// the catalogue lacks, and on any key that is not in every language.
import { parseCard } from "./cards.js";
import { ANALYSIS_STRINGS } from "./strings-analysis.js";
import { EMOTE_STRINGS } from "./strings-emotes.js";
import { ERROR_STRINGS } from "./strings-errors.js";
import { FLOW_STRINGS } from "./strings-flow.js";
import { OFFLINE_STRINGS } from "./strings-offline.js";
import { LOBBY_STRINGS } from "./strings-lobby.js";
import { LESSON_STRINGS } from "./strings-lesson.js";
import { PROFILE_STRINGS } from "./strings-profile.js";
import { SETTINGS_STRINGS } from "./strings-settings.js";
import { SCORE_STRINGS } from "./strings-score.js";
import { SIGNAL_STRINGS } from "./strings-signals.js";
import { RANK_NAMES, SUIT_NAMES, TABLE_STRINGS } from "./strings-table.js";
import { RO_STRINGS } from "./ro/index.js";
import { RANK_NAMES_RO, SUIT_NAMES_RO } from "./ro/table.js";

/** The languages of the client, the default first. */
export const LANGS = ["it", "en", "ro"];

/** Each language's name in itself, for the switch's buttons. */
export const LANG_NAMES = { it: "Italiano", en: "English", ro: "Română" };

/** The word that joins the last two names of a list ("Anna e Bruno"). */
const AND = { it: "e", en: "and", ro: "și" };

/** "of" in a card's name ("Asso di denari"). */
const OF = { it: "di", en: "of", ro: "de" };

const RANKS = { ...RANK_NAMES, ro: RANK_NAMES_RO };
const SUITS = { ...SUIT_NAMES, ro: SUIT_NAMES_RO };

/** Every string by language: the game's pages', the server's errors, the score keeper's and the
 * flow around a game's (strings-flow.js; no key is in two of them); Romanian's from ro/. */
export const CATALOG = {
  ...Object.fromEntries(
    ["it", "en"].map((lang) => [
      lang,
      {
        ...TABLE_STRINGS[lang],
        ...ERROR_STRINGS[lang],
        ...SCORE_STRINGS[lang],
        ...ANALYSIS_STRINGS[lang],
        ...FLOW_STRINGS[lang],
        ...SIGNAL_STRINGS[lang],
        ...LESSON_STRINGS[lang],
        ...SETTINGS_STRINGS[lang],
        ...OFFLINE_STRINGS[lang],
        ...LOBBY_STRINGS[lang],
        ...PROFILE_STRINGS[lang],
        ...EMOTE_STRINGS[lang],
      },
    ]),
  ),
  ro: RO_STRINGS,
};

const KEY = "briscola.lang";
const listeners = new Set();
const warned = new Set();
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
  current = [fromUrl, saved].find((l) => LANGS.includes(l)) || LANGS[0];
  document.documentElement.lang = current;
  keepForServer(current);
  return current;
}

/** Tell the server the language too (a cookie): the pages it words itself, an error page, speak
 * it (apps/server/pages.py page_lang). */
function keepForServer(lang) {
  try {
    document.cookie = `briscola_lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    /* no cookies here */
  }
}

/** Switch every page to `lang` (one of LANGS; anything else is ignored) and tell the listeners. */
export function setLang(lang) {
  if (!LANGS.includes(lang)) return;
  current = lang;
  document.documentElement.lang = lang;
  keepForServer(lang);
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* ignore */
  }
  listeners.forEach((fn) => fn(lang));
}

/** Call `fn(lang)` after every change of language. */
export function onLangChange(fn) {
  listeners.add(fn);
}

/** True when the catalogue has `key`. */
export function hasText(key) {
  return LANGS.some((lang) => key in CATALOG[lang]);
}

/** `text` with each {name} replaced by params.name. */
export function fill(text, params = {}) {
  let s = text;
  for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** Words for a key the catalogue lacks: "error.not_your_turn" gives "Not your turn". */
export function readableKey(key) {
  const parts = String(key).split(".");
  const words = (parts.length > 1 ? parts.slice(1) : parts).join(" ").replace(/[_\s-]+/g, " ");
  const text = words.trim();
  return text ? text[0].toUpperCase() + text.slice(1) : "…";
}

/** The text of `key` in `lang` with its {placeholders} filled (see the fallbacks above). */
export function translate(lang, key, params = {}) {
  let s = CATALOG[lang]?.[key] ?? CATALOG.it[key] ?? CATALOG.en[key];
  if (s === undefined) {
    if (!warned.has(key)) console.warn(`briscola: no text for "${key}"`);
    warned.add(key);
    s = readableKey(key);
  }
  return fill(s, params);
}

/** The text of `key` in the language in use, with {name} placeholders filled from params. */
export function t(key, params = {}) {
  return translate(getLang(), key, params);
}

/** A title object from the server ({it: ..., en: ..., ro: ...}) in the language in use. */
export function pick(title, fallback = "") {
  if (!title) return fallback;
  if (typeof title === "string") return title;
  return title[getLang()] ?? title.it ?? title.en ?? fallback;
}

/** A rank's name ("Asso", "Ace") from its letter. */
export function rankName(rank) {
  return RANKS[getLang()][rank] ?? rank;
}

/** A suit's name ("denari", "coins") from its letter. */
export function suitName(letter) {
  return SUITS[getLang()][letter] ?? letter;
}

/** "Asso di denari" / "Ace of coins" / "As de denari" from "Ad". */
export function cardName(code) {
  if (!code) return "";
  const card = parseCard(code);
  if (!card) return String(code);
  return `${rankName(card.rank)} ${OF[getLang()]} ${suitName(card.suit)}`;
}

/** Names as a list in the language in use: "Anna, Bruno e Carla" / "… and …" / "… și …". */
export function listNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${AND[getLang()]} ${names[names.length - 1]}`;
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

/** A small IT | EN | RO switch (a group of toggle buttons, each named in its language, and the
 * same choice as a menu, which a narrow phone's top bar shows instead: css/base.css); returns
 * its element. */
export function langSwitch() {
  const box = document.createElement("div");
  box.className = "lang-switch";
  box.setAttribute("role", "group");
  const menu = document.createElement("select");
  menu.className = "lang-menu";
  const paint = () => {
    box.setAttribute("aria-label", t("lang.label"));
    menu.setAttribute("aria-label", t("lang.label"));
    menu.value = getLang();
    box.querySelectorAll("button").forEach((b) => {
      b.setAttribute("aria-pressed", String(b.dataset.lang === getLang()));
    });
  };
  for (const lang of LANGS) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.lang = lang;
    b.textContent = lang.toUpperCase();
    b.lang = lang;
    b.setAttribute("aria-label", LANG_NAMES[lang]);
    b.addEventListener("click", () => setLang(lang));
    box.append(b);
    const option = new Option(lang.toUpperCase(), lang);
    option.lang = lang;
    option.title = LANG_NAMES[lang];
    menu.append(option);
  }
  menu.addEventListener("change", () => setLang(menu.value));
  box.append(menu);
  onLangChange(paint);
  paint();
  return box;
}
