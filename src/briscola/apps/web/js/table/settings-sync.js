// A player's table settings follow them to another device (issue 39, part 1, with issue 37's
// players; the rule in docs/online.md, "A player's settings"). The device keeps each setting in
// localStorage as before (deck.js, prefs.js, sound.js, the hand's order); the server keeps the
// player's copy (GET /api/players/me, POST /api/players/me/update {"settings": ...}).
//
// This device remembers what it last agreed with which player ("briscola.settings.agreed"). When
// a player is known (a page's load, a log-in): each setting the player has stored wins over the
// device's, unless this device changed it since it last agreed with that same player (a change
// not sent yet: the page closed first, or no connection); those, and the settings the player has
// not stored, are the device's and are sent. A change made here stays here and is sent after a
// pause (SEND_DELAY), or as the page goes away.
import { DECKS, showDeck } from "../common/deck.js";
import { withLang } from "../common/util.js";

/** How long after the last change the settings are sent (ms). */
export const SEND_DELAY = 800;

const flag = {
  parse: (v) => (v === "1" ? true : v === "0" ? false : undefined),
  text: (on) => (on ? "1" : "0"),
};
const oneOf = (values) => ({ parse: (v) => (values.includes(v) ? v : undefined), text: String });

/** Each setting the server keeps: its localStorage key on this device and its values (the same
 * names and choices as the server's Settings, players/routes.py). */
export const SETTINGS = {
  deck: ["briscola.deck", oneOf(DECKS)],
  cards: ["briscola.pref.cards", oneOf(["small", "normal", "large"])],
  hold: ["briscola.pref.hold", oneOf(["short", "normal", "long"])],
  hand: ["briscola.pref.hand", oneOf(["right", "left"])],
  sound: ["briscola.sound", flag],
  volume: ["briscola.sound.volume", oneOf(["quiet", "normal", "loud"])],
  sort: ["briscola.sort", flag],
};
const AGREED = "briscola.settings.agreed";

let player = null; // the id of the player known on this page
let timer = null;

function get(key) {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage may be off
  }
}

function put(key, value) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage may be off */
  }
}

/** The settings this device has saved (only those chosen, each a valid value). */
export function deviceSettings() {
  const out = {};
  for (const [name, [key, kind]] of Object.entries(SETTINGS)) {
    const value = kind.parse(get(key));
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function agreed() {
  try {
    const kept = JSON.parse(get(AGREED) || "null");
    return kept && typeof kept.values === "object" ? kept : { player: null, values: {} };
  } catch {
    return { player: null, values: {} };
  }
}

/** The settings changed on this device since it agreed with `playerId` (`kept`: what it last
 * agreed, with whom). */
export function changedHere(device, kept, playerId) {
  const before = kept.player === playerId ? kept.values : null;
  return Object.fromEntries(
    Object.entries(device).filter(([name, value]) => before === null || before[name] !== value),
  );
}

/** The rule: which of the player's `stored` settings this device takes, and which of its own it
 * sends, given what it has (`device`) and what it last agreed, with whom (`kept`). */
export function reconcile(device, stored, kept, playerId) {
  const changed = kept.player === playerId ? changedHere(device, kept, playerId) : {};
  const take = {};
  for (const [name, value] of Object.entries(stored || {})) {
    if (name in SETTINGS && !(name in changed) && device[name] !== value) take[name] = value;
  }
  const send = { ...changed };
  for (const [name, value] of Object.entries(device)) {
    if (!(name in (stored || {}))) send[name] = value; // the player has none: the device's
  }
  return { take, send };
}

function write(settings) {
  for (const [name, value] of Object.entries(settings)) {
    const [key, kind] = SETTINGS[name];
    if (kind.parse(kind.text(value)) !== undefined) put(key, kind.text(value));
  }
}

async function send(settings, keepalive = false) {
  const res = await fetch(withLang("/api/players/me/update"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ settings }),
    credentials: "same-origin",
    keepalive,
  });
  if (res.ok) agree((await res.json()).settings);
}

function agree(values) {
  put(AGREED, JSON.stringify({ player, values }));
}

/** The player `me` (the API's player, with their settings) is this device's: take their stored
 * settings, show the deck, send the device's own; true when a setting was taken. */
export async function takeSettings(me) {
  if (!me?.id) return false;
  player = me.id;
  const { take, send: mine } = reconcile(deviceSettings(), me.settings, agreed(), player);
  write(take);
  showDeck();
  if (Object.keys(mine).length) {
    await send(mine).catch(() => {}); // not sent: sent at the next change or load
  } else {
    agree({ ...(me.settings || {}) });
  }
  return Object.keys(take).length > 0;
}

/** Ask the server for this device's player (none: nothing to do) and take their settings. */
export async function syncSettings() {
  try {
    const res = await fetch(withLang("/api/players/me"), { credentials: "same-origin" });
    return res.ok ? await takeSettings(await res.json()) : false;
  } catch {
    return false; // no connection: the device's settings stand
  }
}

function flush(keepalive = false) {
  clearTimeout(timer);
  timer = null;
  if (player === null) return; // no player: the device keeps its settings
  const changed = changedHere(deviceSettings(), agreed(), player);
  if (Object.keys(changed).length) send(changed, keepalive).catch(() => {});
}

/** A setting changed on this device: send it to the player after a pause. */
export function settingChanged() {
  clearTimeout(timer);
  timer = setTimeout(flush, SEND_DELAY);
}

globalThis.addEventListener?.("briscola-setting", settingChanged);
globalThis.addEventListener?.("pagehide", () => flush(true)); // the hand's order too
