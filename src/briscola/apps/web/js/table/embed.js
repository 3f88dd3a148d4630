// The embed page: /embed?preset=classic&level=simple&lang=it&match=single&deck=napoletane — a
// play-now table made for an <iframe>, its cards from the deck named (deck.js). The game in
// progress is kept in localStorage, so a reload resumes it.
import { getLang, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { api, saveSeat } from "../common/util.js";
import { usePageDeck } from "../common/deck.js";
import { mountTable } from "./tableview.js";

const params = new URLSearchParams(location.search);
const preset = params.get("preset") || "classic";
const level = params.get("level") || undefined;
const match = params.get("match") || undefined;
usePageDeck(params.get("deck")); // the cards of this frame only (deck.js)
const KEY = `briscola.embed.${preset}.${level || ""}.${match || ""}`;

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "null");
  } catch {
    return null;
  }
}

function store(v) {
  try {
    if (v) localStorage.setItem(KEY, JSON.stringify(v));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage may be off in a third-party iframe */
  }
}

async function newGame() {
  const res = await api("/api/play", { preset, level, match, lang: getLang() });
  const v = { tableId: res.table_id, seat: res.seat, token: res.token };
  store(v);
  saveSeat(res.table_id, res.seat, res.token);
  return v;
}

async function main() {
  const app = document.getElementById("app");
  getLang();
  let game = load();
  if (game) {
    try {
      const info = await api(`/api/tables/${encodeURIComponent(game.tableId)}`);
      if (info.status === "over" || info.status === "waiting") game = null;
    } catch {
      game = null;
    }
  }
  try {
    if (!game) game = await newGame();
  } catch (e) {
    app.replaceChildren(
      h(
        "div",
        { class: "center-page felt-bg" },
        h("div", { class: "panel" }, h("p", {}, e.message || t("error.generic"))),
      ),
    );
    return;
  }
  window.briscolaTable = mountTable(app, {
    ...game,
    compact: true,
    onAgain: async () => {
      store(null);
      location.reload();
    },
  });
}

main();
