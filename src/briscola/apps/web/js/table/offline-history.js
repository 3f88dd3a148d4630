// Finished offline games on their way to the player's history (issue 39): each is kept in
// localStorage ("briscola.offline.games") when it ends, and sent to the server
// (POST /api/offline-games, which replays it and stores it as a finished table) when the device
// is online: at once, on the `online` event, and when a page of the app loads. A game the server
// took moves to "briscola.offline.sent" with its table's id; each is sent until taken, once.
import { api } from "../common/util.js";

const KEPT = "briscola.offline.games";
const SENT = "briscola.offline.sent";
let sending = null;

function load(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function store(key, list) {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    /* private mode, or full: the game stays only in this page */
  }
}

/** Keep a finished game (its record: briscola.session.local's) until it reaches the server. */
export function keepGame(id, record) {
  const kept = load(KEPT);
  if (kept.some((g) => g.id === id) || load(SENT).some((g) => g.id === id)) return;
  kept.push({ id, at: Date.now(), record });
  store(KEPT, kept);
  sendKept();
}

/** The games still waiting for the server, and those it took ({id, at, table_id}). */
export function keptGames() {
  return { waiting: load(KEPT), sent: load(SENT) };
}

/** Send every kept game (one sending at a time); a game the server refuses as unreadable is
 * dropped, one that fails for the network waits for the next chance. */
export function sendKept() {
  if (sending || !navigator.onLine) return sending;
  sending = (async () => {
    for (const game of load(KEPT)) {
      try {
        const name = game.record.seats?.[0]?.name || "";
        const body = { id: game.id, record: game.record, name };
        const done = await api("/api/offline-games", body);
        settle(game, done.table_id);
      } catch (e) {
        if (e.status === 0 || e.status >= 500 || e.status === 429) break;
        settle(game, null); // refused for good (a record this server cannot replay)
      }
    }
  })().finally(() => {
    sending = null;
    window.dispatchEvent(new Event("briscola:offline-sent")); // the page may show them
  });
  return sending;
}

function settle(game, tableId) {
  store(
    KEPT,
    load(KEPT).filter((g) => g.id !== game.id),
  );
  if (tableId) store(SENT, [...load(SENT), { id: game.id, at: game.at, table_id: tableId }]);
}

/** Send kept games whenever the device comes back online. */
export function sendWhenOnline() {
  window.addEventListener("online", () => sendKept());
  sendKept();
}
