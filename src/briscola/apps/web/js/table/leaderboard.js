// The leaderboards, /leaderboard (issue 37, part 4; the API in docs/online.md): a tab per game
// kind and People | Online bots; the top hundred (rank, avatar and name linking to the player's
// page, rating with its provisional mark, rated games) and the visitor's own place when they
// have a rating there. ?game= and ?bots=true choose the board (kept in the URL as they change).
import { applyStatic, getLang, langSwitch, onLangChange, pick, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { api } from "../common/util.js";
import { profileUrl, ratingText } from "./rating-chart.js";

const GAMES = ["classic", "three", "quattro", "pairs", "six", "chiamata"];

const query = new URLSearchParams(location.search);
const state = {
  game: GAMES.includes(query.get("game")) ? query.get("game") : "classic",
  bots: query.get("bots") === "true",
  titles: {}, // game -> its title in every language (GET /api/presets)
  board: null,
  error: "",
};

function gameTitle(game) {
  return pick(state.titles[game], game);
}

function tabs() {
  return h(
    "div",
    { class: "board-tabs", role: "tablist", "aria-label": t("board.games") },
    GAMES.map((game) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          class: game === state.game ? "board-tab on" : "board-tab",
          "aria-selected": game === state.game ? "true" : "false",
          dataset: { game },
          onclick: () => choose({ game }),
        },
        gameTitle(game),
      ),
    ),
  );
}

function whoSwitch() {
  const option = (bots, key) =>
    h(
      "button",
      {
        type: "button",
        class: bots === state.bots ? "board-who on" : "board-who",
        "aria-pressed": bots === state.bots ? "true" : "false",
        dataset: { bots: String(bots) },
        onclick: () => choose({ bots }),
      },
      t(key),
    );
  return h(
    "div",
    { class: "board-whos", role: "group", "aria-label": t("board.who") },
    option(false, "board.people"),
    option(true, "board.bots"),
  );
}

function row(entry, mine = false) {
  return h(
    "tr",
    { class: mine ? "mine" : "", dataset: { username: entry.username } },
    h("td", { class: "n" }, String(entry.rank)),
    h(
      "td",
      { class: "who" },
      h(
        "a",
        { href: profileUrl(entry.username) },
        h("span", { class: "avatar", "aria-hidden": "true" }, entry.avatar || "🙂"),
        h("span", { class: "name" }, entry.name || entry.username),
        h("small", { class: "username" }, `@${entry.username}`),
      ),
    ),
    h("td", { class: "n" }, ratingText(entry.rating, entry.provisional)),
    h("td", { class: "n played" }, String(entry.games)),
  );
}

function table(entries, mine) {
  return h(
    "table",
    { class: "board-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { class: "n", scope: "col" }, t("board.rank")),
        h("th", { scope: "col" }, t("board.player")),
        h("th", { class: "n", scope: "col" }, t("board.rating")),
        h("th", { class: "n played", scope: "col" }, t("board.played")),
      ),
    ),
    h(
      "tbody",
      {},
      entries.map((e) => row(e, e.username === mine)),
    ),
  );
}

function draw() {
  applyStatic();
  document.title = `${t("board.title")} · Briscola`;
  const board = state.board;
  const you = board?.you;
  const body = [];
  if (state.error) body.push(h("p", { class: "error", role: "alert" }, state.error));
  else if (!board) body.push(h("p", { class: "muted" }, t("home.loading")));
  else {
    if (you) {
      body.push(
        h(
          "div",
          { class: "board-you", id: "board-you" },
          h("strong", {}, t("board.you")),
          table([you], you.username),
        ),
      );
    }
    body.push(
      board.players.length
        ? table(board.players, you?.username)
        : h("p", { class: "muted", id: "board-empty" }, t("board.empty")),
    );
  }
  document
    .getElementById("board")
    .replaceChildren(
      h(
        "section",
        { class: "panel board-panel", "aria-labelledby": "board-game" },
        h("div", { class: "board-controls" }, tabs(), whoSwitch()),
        h("h2", { id: "board-game" }, gameTitle(state.game)),
        ...body,
      ),
    );
}

async function load() {
  const { game, bots } = state;
  state.board = null;
  state.error = "";
  draw();
  try {
    const board = await api(`/api/leaderboard/${game}${bots ? "?bots=true" : ""}`);
    if (game === state.game && bots === state.bots) state.board = board;
  } catch (err) {
    state.error = err.message;
  }
  draw();
}

function choose(change) {
  Object.assign(state, change);
  const url = new URL(location.href);
  url.searchParams.set("game", state.game);
  if (state.bots) url.searchParams.set("bots", "true");
  else url.searchParams.delete("bots");
  history.replaceState(null, "", url);
  load();
}

async function main() {
  getLang();
  document.getElementById("lang").replaceChildren(langSwitch());
  onLangChange(() => draw());
  draw();
  try {
    const { presets } = await api("/api/presets");
    state.titles = Object.fromEntries(presets.map((p) => [p.name, p.title]));
  } catch {
    /* the games' own names then */
  }
  await load();
}

main();
