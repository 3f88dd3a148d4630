// The lobby page, /online (issue 37, part 2: quick match; the socket's messages in docs/online.md):
// choose the game, its common options, rated or casual and people or bots online, then seek;
// the lobby's numbers (online, searching, playing) and its open public tables; while seeking the
// time waited and the rating window, a cancel button; after the server's offer, the computer to
// fill the empty seats; on `matched`, the seat's URL.
//
// Who plays is the account panel's player (account.js, which makes a guest at once): the socket
// `/ws/lobby` opens once it is known (the session cookie names the player) and again when another
// player logs in; a guest may not choose rated. The socket's errors are worded by the server in
// the page's language (?lang=), those of this page's own in js/common/strings-lobby.js.
import { applyStatic, getLang, hasText, langSwitch, onLangChange, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { nameField } from "../common/form.js";
import { api, keepChoices, keptChoices, restoreOptions } from "../common/util.js";
import { namePlayer, playerName } from "./account.js";
import {
  GAMES,
  counts,
  gameTiles,
  kindControl,
  offeredOptions,
  opponentsControl,
  optionControls,
  tableItem,
} from "./lobby-parts.js";

const CHOICES = "briscola.lobby";
/** The errors after which a seek goes on (a message too soon, a `fill` before the offer). */
const KEEPS_SEEKING = ["rate_limited", "no_offer"];

const state = {
  presets: [],
  game: "classic",
  options: {}, // game -> {option: value}
  rated: false,
  opponents: "people",
  player: undefined, // the account panel's player (null: none yet)
  lobby: null, // the server's last `lobby` message
  seeking: null, // the last `seeking` message, with `at` (when it came, ms)
  offer: false,
  matched: null,
  error: "",
  link: "connecting", // connecting | open | lost
  pending: false, // a seek asked for, sent once the socket knows the name just typed
};

let socket = null;
let retry = 0; // reconnections tried since the last open
let ticker = null; // the second hand of the time waited

// ---------- the socket ----------

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/lobby?lang=${encodeURIComponent(getLang())}`;
}

/** Open the lobby's socket (closing one open before: a new player, a new language). */
function connect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  state.link = "connecting";
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    state.link = "open";
    drawSeek();
    if (state.pending) seek(); // asked for while the player's new name was on its way
  };
  ws.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(msg);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    state.link = "lost";
    state.seeking = null; // the server forgets a seek with its socket
    state.offer = false;
    drawSeek();
    if (state.matched) return;
    retry += 1;
    setTimeout(connect, Math.min(1000 * 2 ** (retry - 1), 10000));
  };
}

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

/** A message of the server's. */
function receive(msg) {
  switch (msg.type) {
    case "lobby":
      state.lobby = msg;
      drawCounts();
      drawTables();
      return;
    case "seeking":
      state.seeking = { ...msg, at: Date.now() };
      state.error = "";
      drawSeek();
      return;
    case "offer":
      state.offer = true;
      drawSeek();
      return;
    case "matched":
      state.matched = msg;
      state.seeking = null;
      drawSeek();
      location.assign(msg.url);
      return;
    case "error":
      state.error = errorWords(msg);
      if (!KEEPS_SEEKING.includes(msg.code)) state.seeking = null;
      drawSeek();
      return;
    default:
  }
}

/** An error of the lobby's socket as the player reads it: this page's words for the codes it
 * knows (`until` as a local time), else the server's (worded in the page's language). */
function errorWords(msg) {
  const key = `lobby.error.${msg.code}`;
  if (hasText(key)) return t(key, { until: msg.until ? localTime(msg.until) : "" });
  return msg.message || t("error.generic");
}

function localTime(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return String(iso);
  const soon = when.getTime() - Date.now() < 20 * 3600 * 1000;
  const style = soon ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
  return when.toLocaleString(getLang(), style);
}

// ---------- what the player chooses ----------

function preset() {
  return state.presets.find((p) => p.name === state.game) || state.presets[0];
}

function optionValues(p) {
  if (!state.options[p.name]) state.options[p.name] = {};
  const values = state.options[p.name];
  for (const o of offeredOptions(p)) if (!(o.name in values)) values[o.name] = o.default;
  return values;
}

/** The options sent: those offered that differ from the game's defaults. */
function changedOptions(p) {
  const values = optionValues(p);
  const out = {};
  for (const o of offeredOptions(p)) {
    if (JSON.stringify(values[o.name]) !== JSON.stringify(o.default)) out[o.name] = values[o.name];
  }
  return out;
}

function isGuest() {
  return !state.player || state.player.guest;
}

function remember() {
  const { game, options, rated, opponents } = state;
  keepChoices(CHOICES, { game, options, rated, opponents });
}

function recall() {
  const saved = keptChoices(CHOICES);
  if (!saved) return;
  if (state.presets.some((p) => p.name === saved.game)) state.game = saved.game;
  if (saved.opponents === "bots" || saved.opponents === "people") state.opponents = saved.opponents;
  state.rated = saved.rated === true;
  restoreOptions(state.presets, saved.options, offeredOptions, optionValues);
}

/** The name typed here, not yet the one the server's player has (account.js sends it after a
 * pause in the typing; the lobby's socket reads the player's name when it opens). */
function nameOnItsWay() {
  const typed = playerName().trim();
  return Boolean(typed && state.player && typed !== state.player.name);
}

function seek() {
  const p = preset();
  if (!p || state.seeking) return;
  remember();
  state.error = "";
  state.offer = false;
  state.pending = nameOnItsWay() || state.link !== "open";
  if (state.pending) {
    drawSeek();
    return;
  }
  send({
    type: "seek",
    game: p.name,
    options: changedOptions(p),
    rated: state.rated && !isGuest(),
    opponents: state.opponents,
  });
}

function cancel() {
  send({ type: "cancel" });
  state.pending = false;
  state.seeking = null;
  state.offer = false;
  drawSeek();
}

function fill() {
  send({ type: "fill" });
  state.offer = false;
  drawSeek();
}

// ---------- drawing ----------

function minutes(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** What the search is doing: the time waited and the rating window, the offer, an error. */
function statusBox() {
  const lines = [];
  if (state.error) lines.push(h("p", { class: "lobby-error", role: "alert" }, state.error));
  if (state.matched) lines.push(h("p", { class: "lobby-found" }, t("lobby.matched")));
  else if (state.link !== "open") {
    lines.push(
      h("p", { class: "muted" }, t(`lobby.${state.link === "lost" ? "offline" : "connecting"}`)),
    );
  }
  const s = state.seeking || (state.pending ? { waited: 0, at: Date.now() } : null);
  if (s && !state.matched) {
    const waited = (s.waited || 0) + (Date.now() - s.at) / 1000;
    const [low, high] = Array.isArray(s.window) ? s.window.map(Math.round) : [];
    lines.push(
      h(
        "div",
        { class: "lobby-seeking" },
        h("span", { class: "lobby-spinner", "aria-hidden": "true" }),
        h(
          "div",
          {},
          h("strong", {}, t("lobby.seeking")),
          h("small", { id: "lobby-waited" }, t("lobby.waited", { time: minutes(waited) })),
          low !== undefined
            ? h("small", { id: "lobby-window" }, t("lobby.window", { low, high }))
            : null,
        ),
        h(
          "button",
          { class: "btn btn-light btn-small", type: "button", id: "lobby-cancel", onclick: cancel },
          t("lobby.cancel"),
        ),
      ),
    );
  }
  if (s && state.offer && !state.matched) {
    lines.push(
      h(
        "div",
        { class: "lobby-offer", id: "lobby-offer" },
        h("p", {}, t("lobby.offer")),
        h("small", { class: "muted" }, t("lobby.offer.note")),
        h(
          "button",
          { class: "btn", type: "button", id: "lobby-fill", onclick: fill },
          t("lobby.fill"),
        ),
      ),
    );
  }
  return h("div", { class: "lobby-status", id: "lobby-status", "aria-live": "polite" }, lines);
}

/** The seek button; while seeking its place is the status's cancel button. */
function actions() {
  if (state.seeking || state.matched || state.pending) return null;
  return h(
    "div",
    { class: "actions" },
    h(
      "button",
      {
        class: "btn",
        type: "button",
        id: "lobby-seek",
        onclick: seek,
        disabled: !state.presets.length, // a seek asked for while connecting waits for the socket
      },
      `▶ ${t("lobby.seek")}`,
    ),
  );
}

function seekPanel() {
  const p = preset();
  const name = nameField({
    id: "lobby-name",
    label: t("home.name"),
    placeholder: t("home.name.placeholder"),
    value: playerName(),
    onName: (v) => namePlayer(v.trim()),
  }).field;
  return h(
    "section",
    { class: "panel lobby-seek-panel", "aria-labelledby": "lobby-seek-title" },
    h("h2", { id: "lobby-seek-title" }, t("lobby.seek.title")),
    h("p", { class: "lead" }, t("lobby.seek.lead")),
    h(
      "fieldset",
      { class: "lobby-form", disabled: Boolean(state.seeking || state.matched || state.pending) },
      name,
      gameTiles(state.presets, state.game, (game) => {
        state.game = game;
        drawSeek();
      }),
      p ? optionControls(p, optionValues(p)) : null,
      kindControl(state.rated, isGuest(), (rated) => (state.rated = rated)),
      opponentsControl(state.opponents, (v) => (state.opponents = v)),
    ),
    actions(),
    statusBox(),
  );
}

function drawSeek() {
  const old = document.getElementById("lobby-seek-panel");
  if (!old) return;
  const focused = document.activeElement?.id;
  old.replaceChildren(seekPanel());
  if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  clearInterval(ticker);
  ticker = state.seeking ? setInterval(tick, 1000) : null;
}

/** The time waited, each second, without drawing the panel again. */
function tick() {
  const s = state.seeking;
  const line = document.getElementById("lobby-waited");
  if (!s || !line) return;
  line.textContent = t("lobby.waited", {
    time: minutes((s.waited || 0) + (Date.now() - s.at) / 1000),
  });
}

function drawCounts() {
  document.getElementById("lobby-counts")?.replaceChildren(...counts(state.lobby));
}

function drawTables() {
  const box = document.getElementById("lobby-tables");
  if (!box) return;
  const tables = state.lobby?.tables || [];
  box.replaceChildren(
    tables.length
      ? h(
          "ul",
          { class: "lobby-table-list" },
          tables.map((x) => tableItem(x, state.presets)),
        )
      : h("p", { class: "muted", id: "lobby-no-tables" }, t("lobby.tables.none")),
  );
}

function drawAll() {
  applyStatic();
  document
    .getElementById("lobby")
    .replaceChildren(
      h("div", { id: "lobby-seek-panel" }),
      h(
        "section",
        { class: "panel lobby-tables-panel", "aria-labelledby": "lobby-tables-title" },
        h("h2", { id: "lobby-tables-title" }, t("lobby.tables.title")),
        h("p", { class: "lead" }, t("lobby.tables.lead")),
        h("div", { id: "lobby-tables" }),
      ),
    );
  drawSeek();
  drawCounts();
  drawTables();
}

// ---------- the page ----------

/** The account panel drew its player: the socket follows a new one (a log-in, a sign-up). */
function onPlayer(event) {
  const player = event.detail || null;
  const before = state.player;
  state.player = player;
  if (!player) return;
  // the socket's player is read when it opens: a new player, an account or a name opens another
  const changed =
    !before ||
    before.id !== player.id ||
    before.guest !== player.guest ||
    before.name !== player.name;
  if (changed && !state.seeking) {
    connect();
    drawSeek();
  }
}

async function main() {
  document.getElementById("lang").append(langSwitch());
  document.addEventListener("briscola:player", onPlayer);
  onLangChange(() => {
    drawAll();
    if (!state.seeking && state.player) connect(); // the server's words in the new language
  });
  window.briscolaLobby = state; // the browser tests read it
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || !state.matched) return;
    state.matched = null; // back from the table (the page kept in memory): seek again
    connect();
    drawSeek();
  });
  try {
    const presets = await api("/api/presets");
    state.presets = (presets.presets || []).filter((p) => GAMES.includes(p.name));
    recall();
  } catch (e) {
    state.error = e.message;
  }
  drawAll();
}

main();
