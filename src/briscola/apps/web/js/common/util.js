// Helpers shared by the game's pages (home, invitation, table, embed): the JSON API, seat tokens and
// the player's choices in localStorage, table links, match titles, card images, the robot icon.
import { cardName, getLang, hasText, t } from "./i18n.js";
import { h } from "./dom.js";
import { deckCardSrc } from "./deck.js";

export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/**
 * `path` asking for the page's language (`?lang=`): the server words the errors of the table API
 * in the language a request names (docs/web-protocol.md), so a message it sends is the page's.
 */
export function withLang(path) {
  const sep = String(path).includes("?") ? "&" : "?";
  return `${path}${sep}lang=${encodeURIComponent(getLang())}`;
}

/** Call the server's JSON API (in the page's language: withLang); throws ApiError with the
 * server's code and message. */
export async function api(path, body = undefined, method = undefined) {
  let res;
  try {
    res = await fetch(withLang(path), {
      method: method || (body === undefined ? "GET" : "POST"),
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(t("error.network"), "network", 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const code = data?.code;
    throw new ApiError(errorText(code, data?.message), code, res.status);
  }
  return data;
}

/**
 * A server error as a person reads it, in the page's language: the catalogue's words for its
 * code; a code the catalogue lacks gives "Something went wrong (code)" rather than the server's
 * English, except on an English page, which shows the server's message.
 */
export function errorText(code, message) {
  if (code && hasText(`error.${code}`)) return t(`error.${code}`);
  if (getLang() === "en" && message) return String(message);
  return code ? `${t("error.generic")} (${code})` : t("error.generic");
}

const SEAT_KEY = (id) => `briscola.seat.${id}`;

/** Keep a seat's token for a table (and remember it as the last table) in localStorage. */
export function saveSeat(tableId, seat, token) {
  try {
    localStorage.setItem(SEAT_KEY(tableId), JSON.stringify({ seat, token, at: Date.now() }));
    localStorage.setItem("briscola.last", JSON.stringify({ tableId, seat, at: Date.now() }));
  } catch {
    /* storage may be off */
  }
}

/** The seat and token kept for a table ({seat, token, at}), or null. */
export function loadSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY(tableId)) || "null");
  } catch {
    return null;
  }
}

/** Keep a page's last choices (an object: the game, its options...) under `key` in localStorage. */
export function keepChoices(key, choices) {
  try {
    localStorage.setItem(key, JSON.stringify(choices));
  } catch {
    /* storage may be off */
  }
}

/** The choices kept under `key` by {@link keepChoices} (an object), or null. */
export function keptChoices(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    return saved && typeof saved === "object" ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Put back the option values kept per game (`kept`: `{game: {option: value}}`) into each preset's
 * `valuesOf(preset)`: only an option `offered(preset)` still lists, with a value it still offers.
 */
export function restoreOptions(presets, kept, offered, valuesOf) {
  for (const p of presets) {
    const mine = kept?.[p.name];
    if (!mine || typeof mine !== "object") continue;
    const values = valuesOf(p);
    for (const o of offered(p)) {
      const v = mine[o.name];
      if ((o.values || []).some((x) => JSON.stringify(x) === JSON.stringify(v))) values[o.name] = v;
    }
  }
}

/** The last table this browser sat at ({tableId, seat, at}), or null. */
export function lastTable() {
  try {
    return JSON.parse(localStorage.getItem("briscola.last") || "null");
  } catch {
    return null;
  }
}

/** Forget the last table (it is over or gone). */
export function forgetLast() {
  try {
    localStorage.removeItem("briscola.last");
  } catch {
    /* ignore */
  }
}

/** The URL of the table page for a seat, with the token in the fragment. */
export function tableUrl(tableId, seat, token) {
  return `/table/${encodeURIComponent(tableId)}?seat=${seat}#token=${encodeURIComponent(token)}`;
}

/** The URL of a card's picture ("Ad") in the deck in use (deck.js), or of the back for no card. */
export function cardSrc(code) {
  return deckCardSrc(code);
}

/** An <img> of a card (face or back); alt is the full name unless decorative. */
export function cardImg(code, { decorative = false, cls = "" } = {}) {
  return h("img", {
    class: `card-img ${cls}`.trim(),
    src: cardSrc(code),
    alt: decorative ? "" : code ? cardName(code) : "",
    draggable: "false",
  });
}

/** The player's name as last typed on this browser ("" when none). */
export function getName() {
  try {
    return localStorage.getItem("briscola.name") || "";
  } catch {
    return "";
  }
}

/** Keep the player's name for the next visit. */
export function setName(name) {
  try {
    localStorage.setItem("briscola.name", name);
  } catch {
    /* ignore */
  }
}

/** Human text for a match format like "best-of:3" (an unknown format as it is). */
export function matchTitle(fmt) {
  if (!fmt || fmt === "single") return t("match.single");
  const [kind, n] = String(fmt).split(":");
  return hasText(`match.${kind}`) ? t(`match.${kind}`, { n }) : String(fmt);
}

/** A match's standing: by points ("points:…", "deals:…") or by deals won, and its values. */
export function matchStanding(match) {
  const format = match?.format || "single";
  const byPoints = format.startsWith("points") || format.startsWith("deals");
  return { byPoints, values: byPoints ? match?.points : match?.wins };
}

const SVGNS = "http://www.w3.org/2000/svg";

/** A small robot head: the avatar of a computer player. */
export function botIcon() {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML =
    '<rect x="4" y="7" width="16" height="12" rx="3" fill="#2c4a5e"/>' +
    '<circle cx="9" cy="13" r="2" fill="#ffd54a"/><circle cx="15" cy="13" r="2" fill="#ffd54a"/>' +
    '<path d="M12 3v4" stroke="#2c4a5e" stroke-width="2"/><circle cx="12" cy="3" r="1.6" fill="#c62828"/>';
  return svg;
}

/** Is the beginner aid (running points) on? */
export function aidOn() {
  try {
    return localStorage.getItem("briscola.aid") === "1";
  } catch {
    return false;
  }
}

/** Turn the beginner aid on or off (kept in localStorage). */
export function setAid(on) {
  try {
    localStorage.setItem("briscola.aid", on ? "1" : "0");
  } catch {
    /* ignore */
  }
}

/** A yes/no choice kept in localStorage under `key`: true, false, or null when never made. */
export function getFlag(key) {
  try {
    const v = localStorage.getItem(key);
    return v === "1" ? true : v === "0" ? false : null;
  } catch {
    return null;
  }
}

/** Keep a yes/no choice in localStorage under `key`. */
export function setFlag(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    /* storage may be off */
  }
}

/** The computer's levels from the easiest to the hardest (the server lists them as registered). */
export const DIFFICULTY = [
  "random",
  "beginner",
  "easy",
  "simple",
  "medium",
  "neural",
  "hard",
  "champion",
  "champion-v1",
];

/** `levels` ([{name, …}]) in order of difficulty, a new array; a level not in DIFFICULTY last. */
export function byDifficulty(levels) {
  const place = (l) =>
    DIFFICULTY.includes(l.name) ? DIFFICULTY.indexOf(l.name) : DIFFICULTY.length;
  return [...levels].sort((a, b) => place(a) - place(b));
}
