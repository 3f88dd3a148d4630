// A player's page, /players/{username} (issue 37, part 4; GET /api/profiles/{username} in
// docs/online.md): the avatar, name and username (a bot marked), the ratings per game kind with
// their provisional mark and their chart over time (rating-chart.js), the statistics (games,
// wins, draws, losses, average points, cappotti; in chiamata as the caller and as the partner)
// and the recent finished games, each with its deals' review pages. Nothing but finished games.
import { applyStatic, getLang, langSwitch, onLangChange, pick, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { api } from "../common/util.js";
import { ratingChart, ratingText, shortDate } from "./rating-chart.js";

const username = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const state = { page: null, titles: {}, error: "" };

function gameTitle(game) {
  return pick(state.titles[game], game);
}

function header(p) {
  const since = new Date(p.since).toLocaleDateString(getLang(), {
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  return h(
    "section",
    { class: "profile-head" },
    h("span", { class: "profile-avatar", "aria-hidden": "true" }, p.avatar || "🙂"),
    h(
      "div",
      { class: "profile-names" },
      h(
        "h1",
        { id: "profile-name" },
        p.name || p.username,
        p.bot ? h("span", { class: "bot-mark" }, t("rating.bot")) : null,
      ),
      h("p", { class: "profile-username" }, `@${p.username}`),
      h("p", { class: "profile-since" }, t("profile.since", { date: since })),
    ),
  );
}

function ratings(p) {
  const lang = getLang();
  const cards = p.ratings.map((r) =>
    h(
      "article",
      { class: "rating-card", dataset: { game: r.game } },
      h(
        "header",
        {},
        h("h3", {}, gameTitle(r.game)),
        h("strong", { class: "rating-big" }, ratingText(r.rating, r.provisional)),
      ),
      h(
        "p",
        { class: "muted" },
        t(r.games === 1 ? "profile.games.one" : "profile.games", { n: r.games }),
        r.provisional ? ` · ${t("rating.provisional")}` : "",
      ),
      r.history.length
        ? ratingChart(r.history, t("profile.chart", { game: gameTitle(r.game) }), lang)
        : null,
    ),
  );
  return h(
    "section",
    { class: "panel profile-ratings", "aria-labelledby": "profile-ratings" },
    h("h2", { id: "profile-ratings" }, t("profile.ratings")),
    cards.length
      ? h("div", { class: "rating-cards" }, cards)
      : h("p", { class: "muted" }, t("profile.ratings.none")),
  );
}

const COLUMNS = ["games", "wins", "draws", "losses", "points", "cappotti"];

function statsRow(label, s, key) {
  const value = (c) => (c === "points" ? (s.average_points ?? "–") : s[c]);
  return h(
    "tr",
    { dataset: { game: key } },
    h("th", { scope: "row" }, label),
    COLUMNS.map((c) => h("td", { class: "n", dataset: { stat: c } }, String(value(c)))),
  );
}

/** The statistics as cards, one a game kind (a phone's; css/profile.css shows one or other). */
function statsCards(p, games) {
  const value = (s, c) => (c === "points" ? (s.average_points ?? "–") : s[c]);
  const card = (label, s, key) =>
    h(
      "article",
      { class: "stats-card", dataset: { game: key } },
      h("h3", {}, label),
      h(
        "ul",
        {},
        COLUMNS.map((c) =>
          h("li", {}, h("strong", {}, String(value(s, c))), " ", t(`profile.stat.${c}`)),
        ),
      ),
    );
  return h(
    "div",
    { class: "stats-cards" },
    games.map((g) => card(gameTitle(g), p.stats[g], g)),
    games.length > 1 ? card(t("profile.all"), p.stats.all, "all") : null,
  );
}

function stats(p) {
  const games = Object.keys(p.stats).filter((g) => g !== "all");
  const chiamata = p.stats.chiamata;
  const head = COLUMNS.map((c) =>
    h(
      "th",
      { class: "n", scope: "col", title: c === "points" ? t("profile.stat.points.help") : null },
      t(`profile.stat.${c}`),
    ),
  );
  return h(
    "section",
    { class: "panel profile-stats", "aria-labelledby": "profile-stats" },
    h("h2", { id: "profile-stats" }, t("profile.stats")),
    p.stats.all.games ? statsCards(p, games) : null,
    p.stats.all.games
      ? h(
          "div",
          { class: "table-scroll" },
          h(
            "table",
            { class: "stats-table" },
            h("thead", {}, h("tr", {}, h("th", {}, ""), head)),
            h(
              "tbody",
              {},
              games.map((g) => statsRow(gameTitle(g), p.stats[g], g)),
              games.length > 1 ? statsRow(t("profile.all"), p.stats.all, "all") : null,
            ),
          ),
        )
      : h("p", { class: "muted" }, t("profile.stats.none")),
    chiamata
      ? h(
          "p",
          { class: "chiamata-roles", id: "chiamata-roles" },
          h("strong", {}, `${gameTitle("chiamata")}: `),
          t("profile.caller", chiamata.caller),
          " · ",
          t("profile.partner", chiamata.partner),
        )
      : null,
  );
}

function reviews(g) {
  if (g.reviews.length === 1) {
    return h("a", { class: "btn btn-small", href: g.reviews[0] }, t("profile.review"));
  }
  return g.reviews.map((url, i) =>
    h(
      "a",
      { class: "btn btn-small", href: url, title: t("profile.review.deal", { n: i + 1 }) },
      `${t("profile.review")} ${i + 1}`,
    ),
  );
}

function recentGame(g) {
  const change = g.change === null ? null : `${g.change > 0 ? "+" : ""}${g.change}`;
  const facts = [
    gameTitle(g.game),
    t(g.rated ? "profile.rated" : "profile.casual"),
    t("profile.points", { n: g.points }),
    g.role ? t(`profile.role.${g.role}`) : null,
    g.left ? t("profile.left") : null,
  ].filter(Boolean);
  return h(
    "li",
    { class: `recent-game ${g.outcome}`, dataset: { table: g.table_id } },
    h("span", { class: "outcome" }, t(`profile.${g.outcome}`)),
    h(
      "span",
      { class: "recent-facts" },
      h("span", {}, facts.join(" · ")),
      h("small", { class: "muted" }, shortDate(g.finished_at, getLang())),
    ),
    h(
      "span",
      { class: change === null ? "change" : `change ${g.change >= 0 ? "up" : "down"}` },
      change,
    ),
    h("span", { class: "recent-links" }, reviews(g)),
  );
}

function recent(p) {
  return h(
    "section",
    { class: "panel profile-recent", "aria-labelledby": "profile-recent" },
    h("h2", { id: "profile-recent" }, t("profile.recent")),
    p.recent.length
      ? h("ul", { class: "recent-list" }, p.recent.map(recentGame))
      : h("p", { class: "muted" }, t("profile.stats.none")),
  );
}

function draw() {
  applyStatic();
  const box = document.getElementById("profile");
  const p = state.page;
  if (state.error) {
    box.replaceChildren(h("p", { class: "panel error", role: "alert" }, state.error));
    return;
  }
  if (!p) return;
  document.title = `${p.name || p.username} · Briscola`;
  box.replaceChildren(
    header(p),
    h("div", { class: "panels profile-panels" }, ratings(p), stats(p)),
    recent(p),
  );
}

async function main() {
  getLang();
  document.getElementById("lang").replaceChildren(langSwitch());
  onLangChange(() => load());
  await load();
}

async function load() {
  try {
    const [{ presets }, page] = await Promise.all([
      api("/api/presets"),
      api(`/api/profiles/${encodeURIComponent(username)}`),
    ]);
    state.titles = Object.fromEntries(presets.map((x) => [x.name, x.title]));
    state.page = page;
    state.error = "";
  } catch (err) {
    state.error = err.message;
  }
  draw();
}

main();
