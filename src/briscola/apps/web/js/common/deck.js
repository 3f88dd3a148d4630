// The deck the cards are drawn from (issue 39): the project's own (the default, its pictures in
// /static/cards/), the Napoletane, the Piacentine or French-suited cards (each in
// /static/cards/<deck>/, drawn by scripts/make_cards.py). The choice is kept per device in
// localStorage "briscola.deck" (and with the player, table/settings-sync.js: a choice made here is
// announced as the window's event "briscola-setting"); a page may use another deck for itself (the
// embed's ?deck=) without changing the device's choice.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The decks, the default first. */
export const DECKS = ["progetto", "napoletane", "piacentine", "francesi"];
export const DEFAULT_DECK = DECKS[0];

const KEY = "briscola.deck";
let pageDeck = null; // a deck for this page only (the embed's ?deck=)

/** Is `name` one of the decks? */
export function isDeck(name) {
  return DECKS.includes(name);
}

/** The deck in use: this page's own, else the device's choice, else the default. */
export function getDeck() {
  if (pageDeck) return pageDeck;
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    return isDeck(saved) ? saved : DEFAULT_DECK;
  } catch {
    return DEFAULT_DECK;
  }
}

/** Keep `name` as this device's deck (an unknown name is ignored) and redraw the page's cards. */
export function setDeck(name) {
  if (!isDeck(name)) return;
  try {
    globalThis.localStorage?.setItem(KEY, name);
  } catch {
    /* storage may be off */
  }
  showDeck();
  globalThis.dispatchEvent?.(new Event("briscola-setting")); // the player's settings follow
}

/** Use `name` on this page only (an unknown or missing name: the device's choice). */
export function usePageDeck(name) {
  pageDeck = isDeck(name) ? name : null;
  showDeck();
}

/** The URL of a card's picture ("Ad") in a deck, or of its back for no card. */
export function deckCardSrc(code, deck = getDeck()) {
  const folder = deck === DEFAULT_DECK ? "" : `${deck}/`;
  return `/static/cards/${folder}${code || "back"}.svg`;
}

/** Show the deck in use on the page: every card picture (img.card-img), the backs drawn by the
 * style sheets (their `--card-back`) and the chooser's choice (a player's deck may come later). */
export function showDeck(root = globalThis.document) {
  const style = root?.documentElement?.style;
  if (!style?.setProperty) return;
  style.setProperty("--card-back", `url("${deckCardSrc(null)}")`);
  for (const img of root.querySelectorAll("img.card-img")) {
    const code = /([^/]+)\.svg$/.exec(img.getAttribute("src") || "")?.[1];
    if (code) img.setAttribute("src", deckCardSrc(code === "back" ? null : code));
  }
  const chooser = root.getElementById?.("deck");
  if (chooser) chooser.value = getDeck();
}

/** The deck chooser of the settings: a labelled list of the decks; a choice is kept and shown. */
export function deckChooser() {
  const current = getDeck();
  const select = h(
    "select",
    { id: "deck", onchange: (e) => setDeck(e.target.value) },
    DECKS.map((d) => h("option", { value: d, selected: d === current }, t(`deck.${d}`))),
  );
  return h("div", { class: "field" }, h("label", { for: "deck" }, t("deck.label")), select);
}

showDeck();
