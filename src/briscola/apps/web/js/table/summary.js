// The end-of-deal summary: who won the deal (and, at the end of a match of several deals, the
// match), the points of each side, the units of chiamata, the match standing, and what to do next.
// Each takes the TableView it draws for.
import { t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { matchStanding, matchTitle } from "../common/util.js";
import { analysisButton } from "./analysis.js";
import { isWatching } from "./flow.js";
import { contractOf, contractSentence } from "./contract.js";

/** The summary sheet over the felt, once a deal (or the match) is over. */
export function dealSummary(view) {
  const table = view.table;
  const result = table.result;
  const match = table.match || {};
  const multi = Boolean(match.format && match.format !== "single");
  const { title, sub, mood } = verdict(view, result, match, multi);
  const body = [
    h("h2", { id: "summary-title" }, title),
    h("p", { class: "sub" }, sub),
    h(
      "table",
      { class: "result-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { class: "n" }, t("summary.points")))),
      h("tbody", {}, sideRows(view, result)),
    ),
  ];
  if (result.replay && result.winners.length) body.push(h("p", {}, t("summary.replay")));
  const contract = result.winners.length ? contractOf(view.obs) : null;
  if (contract)
    body.push(h("p", { class: "contract", id: "contract" }, contractSentence(result, contract)));
  if (result.units && result.units.length) body.push(unitsTable(view, result));
  if (multi) body.push(standingBox(view, match));
  const resigned = table.resigned || [];
  if (resigned.length) {
    const names = resigned.map((s) => table.seats[s]?.name || view.nameOf(s)).join(", ");
    body.push(h("p", { class: "muted", id: "resigned" }, t("flow.resigned.list", { names })));
  }
  body.push(h("div", { class: "actions" }, actions(view), analysisButton(view)));
  return h(
    "div",
    { class: "overlay", id: "summary" },
    h(
      "div",
      {
        class: `sheet ${mood}`,
        role: "dialog",
        "aria-modal": "false",
        "aria-labelledby": "summary-title",
      },
      body,
    ),
  );
}

/** The sheet's title, the line under it and its mood ("win", "lose" or ""). */
function verdict(view, result, match, multi) {
  if (isWatching(view)) return watcherVerdict(view, result, match, multi);
  const mySide = result.teams[view.seat];
  const teamGame = new Set(result.teams).size < result.teams.length;
  let title;
  let mood = "";
  if (!result.winners.length) {
    title = t("summary.void");
  } else if (result.draw && result.winners.includes(mySide)) {
    title = t("summary.draw");
  } else if (result.winners.includes(mySide)) {
    title = teamGame ? t("summary.win.team") : t("summary.win");
    mood = "win";
  } else {
    title = teamGame ? t("summary.lose.team") : t("summary.lose");
    mood = "lose";
  }
  const matchOver = match.over || view.table.status === "over";
  const sub = matchOver ? t("summary.match") : t("summary.deal");
  if (!(multi && matchOver)) return { title, sub, mood };
  // at the end of a match of several deals, the match's verdict heads the sheet
  const dealLine = `${t("summary.deal")}: ${title}`;
  if (match.winner === null || match.winner === undefined) {
    return { title: t("summary.match.draw"), sub: dealLine, mood: "" };
  }
  if (match.winner === view.competitorOf(view.seat)) {
    return { title: t("summary.match.win"), sub: dealLine, mood: "win" };
  }
  const name = view.competitorName(match.winner);
  return { title: t("summary.match.winner", { name }), sub: dealLine, mood: "lose" };
}

/** A spectator's verdict: who won the deal (or, at the end of a match, the match), no mood. */
function watcherVerdict(view, result, match, multi) {
  const matchOver = match.over || view.table.status === "over";
  const sub = matchOver ? t("summary.match") : t("summary.deal");
  if (multi && matchOver && match.winner !== null && match.winner !== undefined) {
    return { title: t("watch.winner", { name: view.competitorName(match.winner) }), sub, mood: "" };
  }
  if (!result.winners.length) return { title: t("summary.void"), sub, mood: "" };
  if (result.draw) return { title: t("summary.draw"), sub, mood: "" };
  const seats = view.sides(result).get(result.winners[0]) || [];
  return { title: t("watch.winner", { name: view.sideName(seats) }), sub, mood: "" };
}

/** A row per side, the most points first. */
function sideRows(view, result) {
  const mySide = result.teams[view.seat];
  return [...view.sides(result).entries()]
    .sort((a, b) => result.team_points[b[0]] - result.team_points[a[0]])
    .map(([side, seats]) =>
      h(
        "tr",
        {
          class: `${result.winners.includes(side) && !result.draw ? "winner" : ""}${side === mySide ? " mine" : ""}`,
        },
        h("td", {}, view.sideName(seats)),
        h("td", { class: "n big" }, String(result.team_points[side])),
      ),
    );
}

/** Chiamata: each seat's card points and units, the caller and the partner named. */
function unitsTable(view, result) {
  const caller = view.obs?.auction?.winner;
  const role = (s) =>
    result.teams[s] === result.teams[caller ?? -1]
      ? ` · ${s === caller ? t("table.caller") : t("table.partner")}`
      : "";
  return h(
    "table",
    { class: "result-table units" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, ""),
        h("th", { class: "n" }, t("summary.points")),
        h("th", { class: "n" }, t("summary.units")),
      ),
    ),
    h(
      "tbody",
      {},
      result.units.map((u, s) =>
        h(
          "tr",
          { class: s === view.seat ? "mine" : "" },
          h("td", {}, view.nameOf(s), role(s)),
          h("td", { class: "n" }, String(result.seat_points[s])),
          h("td", { class: "n big" }, u > 0 ? `+${u}` : String(u)),
        ),
      ),
    ),
  );
}

/** Close, then the next deal (or waiting for the others), play again, or a new game. */
function actions(view) {
  const table = view.table;
  const close = h(
    "button",
    {
      class: "btn btn-light btn-small",
      type: "button",
      onclick: () => {
        view.summaryHidden = true;
        view.render();
      },
    },
    t("table.close"),
  );
  const review = reviewLink(view);
  if (isWatching(view)) return [close, review];
  if (table.status === "deal_over") {
    const ready = table.seats[view.seat]?.ready || view.readySent === table.deal;
    if (ready) {
      return [close, review, h("span", { class: "muted", role: "status" }, t("summary.waiting"))];
    }
    const next = () => {
      if (view.send({ type: "next_deal" })) {
        view.readySent = table.deal;
        view.render();
      }
    };
    const button = { class: "btn", type: "button", id: "next-deal", onclick: next };
    return [close, review, h("button", button, `${t("summary.next")} ▶`)];
  }
  if (view.onAgain) {
    const again = { class: "btn", type: "button", id: "play-again", onclick: () => view.onAgain() };
    return [close, review, h("button", again, t("embed.again"))];
  }
  const home = h("a", { class: "btn btn-light", href: "/", id: "new-game" }, t("table.newgame"));
  return [close, review, home, rematch(view)];
}

/** The link to this deal's review (a page of its own, to share). */
function reviewLink(view) {
  const table = view.table;
  const href = `/review/${encodeURIComponent(view.tableId)}/${table.deal}`;
  const attrs = { class: "btn btn-light btn-small", href, target: "_blank", id: "review-deal" };
  return h("a", attrs, t("flow.review"));
}

/** "Rivincita": asked once; then how many of the people here asked. */
function rematch(view) {
  const asked = view.msg.rematch?.votes || [];
  if (asked.includes(view.seat)) {
    const people = view.table.seats.filter((s) => s.kind === "human" && s.connected).length;
    const text = t("flow.rematch.asked", {
      n: asked.length,
      total: Math.max(people, asked.length),
    });
    return h("span", { class: "muted", role: "status", id: "rematch-asked" }, text);
  }
  const ask = () => {
    if (view.send({ type: "rematch" })) view.render();
  };
  return h(
    "button",
    { class: "btn", type: "button", id: "rematch", onclick: ask },
    `${t("flow.rematch")} ↻`,
  );
}

/** The match standing: each competitor's deals won (or points), this seat's side marked. */
export function standingBox(view, match) {
  const { byPoints, values } = matchStanding(match);
  const n = values.length;
  const mine = view.competitorOf(view.seat);
  return h(
    "div",
    { class: "standing" },
    h("h3", {}, `${t("summary.standing")} · ${matchTitle(match.format)}`),
    h(
      "table",
      { class: "score-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, ""),
          h("th", { class: "n" }, byPoints ? t("summary.points") : t("summary.wins")),
        ),
      ),
      h(
        "tbody",
        {},
        Array.from({ length: n }, (_, c) =>
          h(
            "tr",
            { class: c === mine ? "mine-row" : "" },
            h("td", {}, view.competitorName(c)),
            h("td", { class: "n" }, String(values[c])),
          ),
        ),
      ),
    ),
  );
}
