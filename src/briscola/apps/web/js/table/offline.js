// The offline game's page, /offline (issue 39): one deal against the computer with no network.
// The rules are the package's own Python in Pyodide (offline-engine.js); the table is the online
// table's view (tableview.js) on a local transport (offline-socket.js) that speaks the same
// messages; a finished game is kept and sent to the server when online (offline-history.js).
// ?delay=ms sets the pause before each computer move (default 700; the browser test's 0).
import { getLang, langSwitch, onLangChange, pick, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { fieldGroup, radioTile } from "../common/form.js";
import { getName } from "../common/util.js";
import { mountTable } from "./tableview.js";
import { loadEngine } from "./offline-engine.js";
import { LocalSocket } from "./offline-socket.js";
import { keepGame, keptGames, sendWhenOnline } from "./offline-history.js";
import "./install.js"; // the installable app's service worker

const LEVEL_KEY = "briscola.offline.level";
const app = document.getElementById("app");
const query = new URLSearchParams(location.search);
const delay = Number(query.get("delay"));
const DELAY_MS = Number.isFinite(delay) && delay >= 0 && query.has("delay") ? delay : 700;

let redraw = null; // draws the page's panel again (a change of language); null at the table

/** The page around its panel, on the felt like the home page: brand, languages, the panel. */
function panel(...children) {
  document.body.classList.add("felt-bg", "home");
  const brand = h(
    "a",
    { class: "brand", href: "/" },
    h("img", { class: "brand-mark", src: "/static/favicon.svg", alt: "" }),
    h("span", { class: "brand-name" }, "Briscola"),
  );
  const box = h(
    "div",
    { class: "panel", id: "offline-panel" },
    h("h2", {}, t("offline.title")),
    h("p", { class: "lead" }, t("offline.lead")),
    ...children,
  );
  app.replaceChildren(
    h(
      "div",
      { class: "home-inner" },
      h("header", { class: "topline" }, brand, h("div", { id: "lang" }, langSwitch())),
      h("div", { class: "center-page" }, box),
    ),
  );
}

function loading() {
  panel(h("p", { role: "status", id: "offline-status" }, t("offline.loading")));
}

function failed(e) {
  panel(
    h("p", { role: "alert", id: "offline-status" }, t("offline.failed")),
    h("small", { class: "muted" }, String(e?.message || e)),
    h("a", { class: "btn", href: "/" }, t("table.home")),
  );
}

async function main() {
  getLang();
  sendWhenOnline();
  onLangChange(() => redraw?.());
  window.addEventListener("briscola:offline-sent", () => redraw?.());
  redraw = loading;
  loading();
  let engine;
  try {
    engine = await loadEngine();
  } catch (e) {
    redraw = () => failed(e);
    redraw();
    return;
  }
  redraw = () => choose(engine);
  redraw();
}

/** The level to play, then Gioca. */
function choose(engine) {
  const levels = engine.levels();
  let level = localStorage.getItem(LEVEL_KEY);
  if (!levels.some((l) => l.name === level)) level = levels[1]?.name || levels[0].name;
  const tiles = levels.map((l) =>
    radioTile(
      "game-tile",
      {
        name: "level",
        id: `level-${l.name}`,
        value: l.name,
        checked: l.name === level,
        onchange: () => (level = l.name),
      },
      {},
      h("strong", {}, pick(l.title, l.name)),
      h("small", {}, pick(l.description, "")),
    ),
  );
  const start = () => {
    localStorage.setItem(LEVEL_KEY, level);
    play(
      engine,
      levels.find((l) => l.name === level),
    );
  };
  panel(
    fieldGroup(t("home.level"), { class: "games" }, tiles),
    h(
      "button",
      { class: "btn", type: "button", id: "offline-start", onclick: start },
      t("offline.start"),
    ),
    history(),
  );
}

/** The games played here: how many wait for the network, and links to the last ones sent. */
function history() {
  const { waiting, sent } = keptGames();
  if (!waiting.length && !sent.length) return null;
  const when = (at) => new Date(at).toLocaleString(getLang());
  const links = sent
    .slice(-5)
    .reverse()
    .map((g) => h("li", {}, h("a", { href: `/review/${g.table_id}/0` }, when(g.at))));
  return h(
    "div",
    { id: "offline-history" },
    h("h3", {}, t("offline.history")),
    waiting.length ? h("p", { class: "muted" }, t("offline.waiting", { n: waiting.length })) : null,
    links.length ? h("ul", {}, links) : null,
  );
}

/** A new game against `level`, drawn by the online table's view. */
function play(engine, level) {
  redraw = null;
  document.body.classList.remove("felt-bg", "home");
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const id = `${Date.now().toString(36)}-${seed.toString(36)}`;
  // no name: the plate says «Tu» (a name of "Tu" showed «Tu (Tu)»), as at a server's table
  const names = [getName(), pick(level.title, level.name)];
  const game = engine.game({ level: level.name, seed, names });
  let kept = false;
  const onMessage = () => {
    if (!kept && game.over) {
      kept = true;
      keepGame(id, game.record());
    }
  };
  const view = mountTable(app, {
    tableId: "offline",
    seat: 0,
    token: "",
    socket: () => new LocalSocket(game, { delayMs: DELAY_MS, onMessage }),
    onAgain: () => {
      view.closed = true;
      view.ws?.close();
      document.removeEventListener("keydown", view.onKey);
      redraw = () => choose(engine);
      redraw();
    },
  });
  view.levels = Object.fromEntries(engine.levels().map((l) => [l.name, l.title]));
  window.briscolaTable = view;
}

main();
