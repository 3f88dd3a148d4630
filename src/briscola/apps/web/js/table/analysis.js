// The post-game analysis and the hints in the browser (issue 15; docs/analysis.md).
//
// "Analisi della partita" in the end-of-deal summary opens a sheet that asks the server for the
// deal's analysis from this seat's view (GET /api/tables/{id}/deals/{n}/analysis?seat=N, worked
// out off the server's event loop and cached), shows a progress bar while it comes (the server
// answers 202 {status: "running", progress} until it is ready: the client asks again), then
// draws the win-probability curve as an SVG chart (each move a dot in its rating's colour, the
// hindsight line dashed; a bid or the call of Briscola chiamata a square) and a table of the
// moves with the best move shown on its card.
// "Suggerimento" (at tables against the computer, and at tables with friends whose host allowed
// hints) asks GET /api/tables/{id}/hint with the seat's token in a header, never in the URL.
import { h } from "../common/dom.js";
import { cardName, getLang, t } from "../common/i18n.js";
import { cardImg, errorText, withLang } from "../common/util.js";
import { iconLabel } from "./icons.js";

const SVG = "http://www.w3.org/2000/svg";
/** Each rating's colour on the chart and in the table. */
export const RATING_COLOURS = {
  forced: "#9e9e9e",
  best: "#2e7d32",
  good: "#0288d1",
  inaccuracy: "#f9a825",
  mistake: "#e65100",
  blunder: "#b71c1c",
};
const W = 640;
const H = 240;
const PAD = { left: 44, right: 16, top: 16, bottom: 30 };

/** An SVG element with attributes and children. */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const pct = (p) => `${Math.round(100 * p)}%`;
let ratingNames = {}; // each rating's name by language, as the server words it (its catalogs)
let phaseNames = {}; // "asta", "chiamata": the auction's and the call's names, the same way

/** A rating's name in the page's language ("ottima", "errore grave"). */
function ratingName(rating) {
  return ratingNames[rating]?.[getLang()] || rating;
}
const isCardCode = (a) => /^[A2-7FCR][cdsb]$/.test(a);
/** True for a bid, a pass or the call (Briscola chiamata), not a card. */
const isBid = (m) => m.phase === "auction" || m.phase === "call";

/** Where a move was: "asta" or "chiamata" for a bid or the call, else the trick's number. */
function whereName(m) {
  return isBid(m) ? phaseNames[m.phase]?.[getLang()] || m.phase : String(m.trick);
}

/** A move's action as words: a card's full name, or the action's text. */
function actionName(action) {
  return isCardCode(action) ? cardName(action) : action;
}

/** The chart's x and y of move `i` (of `n`) with win probability `p`. */
export function chartPoint(i, n, p) {
  const width = W - PAD.left - PAD.right;
  const x = PAD.left + (n > 1 ? (i * width) / (n - 1) : width / 2);
  const y = PAD.top + (1 - p) * (H - PAD.top - PAD.bottom);
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/** The win-probability curve of an analysis (to_dict's data) as an <svg>. */
export function analysisChart(analysis) {
  const moves = analysis.moves;
  const n = moves.length;
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    id: "analysis-chart",
    "aria-label": t("analysis.chart"),
    style: "width: 100%; max-width: 640px; height: auto",
  });
  for (const p of [0, 0.5, 1]) {
    const [, y] = chartPoint(0, n, p);
    svg.append(
      s("line", { x1: PAD.left, x2: W - PAD.right, y1: y, y2: y, stroke: "#ccc" }),
      s("text", { x: PAD.left - 6, y: y + 4, "text-anchor": "end", "font-size": 11 }, pct(p)),
    );
  }
  const line = (pick) => moves.map((m, i) => chartPoint(i, n, pick(m)).join(",")).join(" ");
  if (analysis.hindsight_summary) {
    const attrs = {
      fill: "none",
      stroke: "#8d6e63",
      "stroke-dasharray": "5 4",
      class: "hindsight",
    };
    svg.append(s("polyline", { ...attrs, points: line((m) => m.hindsight.win) }));
  }
  svg.append(
    s("polyline", {
      fill: "none",
      stroke: "#37474f",
      "stroke-width": 2,
      points: line((m) => m.view.win),
    }),
  );
  moves.forEach((m, i) => {
    const [x, y] = chartPoint(i, n, m.view.win);
    const rating = m.view.rating;
    const where = isBid(m) ? `${whereName(m)} · ` : "";
    const tip = `${i + 1}. ${where}${actionName(m.played)}: ${ratingName(rating)} (${pct(m.view.win)})`;
    const fill = RATING_COLOURS[rating];
    const dot = isBid(m)
      ? s("rect", { x: x - 5, y: y - 5, width: 10, height: 10, fill, class: "move bid" })
      : s("circle", { cx: x, cy: y, r: 5, fill, class: "move" });
    dot.dataset.rating = rating;
    dot.dataset.phase = m.phase || "play";
    dot.append(s("title", {}, tip));
    svg.append(dot);
    if (i % 5 === 4 || i === 0) {
      svg.append(s("text", { x, y: H - 10, "text-anchor": "middle", "font-size": 11 }, i + 1));
    }
  });
  return svg;
}

/** What the chart's lines are: the solid one what could be known, the dashed one hindsight. */
function chartLegend(analysis) {
  const item = (cls, label) =>
    h("span", { class: "legend-item" }, h("span", { class: `swatch ${cls}` }), label);
  return h(
    "p",
    { class: "chart-legend", id: "analysis-legend" },
    item("solid", t("analysis.view")),
    analysis.hindsight_summary ? item("dashed", t("analysis.hindsight")) : null,
  );
}

/** One side's summary line: accuracy and the count of each rating. */
function summaryLine(label, summary) {
  const counts = Object.entries(summary.counts)
    .filter(([r, c]) => c && r !== "forced")
    .map(([r, c]) => `${ratingName(r)} ${c}`)
    .join(", ");
  return h(
    "p",
    {},
    h("strong", {}, `${label}: `),
    t("analysis.accuracy", { n: Math.round(summary.accuracy) }),
    counts ? ` · ${counts}` : "",
  );
}

/** A move in a cell of the table: a card on its picture with its full name ("Fante di spade"),
 * a bid or the call in words; `extra` (the best move's win probability) after it. */
function moveCell(cls, action, extra = "") {
  const card = isCardCode(action)
    ? cardImg(action, { cls: "analysis-card", decorative: true })
    : null;
  const words = h("span", { class: "move-name" }, actionName(action), extra ? ` ${extra}` : "");
  return h("td", { class: `move-cell ${cls}` }, h("span", { class: "move" }, card, words));
}

/** The best move, on its card when it is one, with its win probability. */
function bestCell(judgement) {
  return moveCell("best", judgement.best, pct(judgement.best_win));
}

function ratingCell(judgement, cls) {
  const r = judgement.rating;
  const style = { color: RATING_COLOURS[r], fontWeight: "bold" };
  return h("td", { class: `rating ${cls}`, dataset: { rating: r }, style }, ratingName(r));
}

/** The table of the moves: played, its win probability, the best move, the ratings. */
function movesTable(analysis) {
  const head = ["move", "where", "played", "win", "best", "rating"].map((k) =>
    h("th", { class: `col-${k}` }, t(`analysis.col.${k}`)),
  );
  if (analysis.hindsight_summary)
    head.push(h("th", { class: "col-hindsight" }, t("analysis.hindsight")));
  const rows = analysis.moves.map((m, i) =>
    h(
      "tr",
      { class: "analysis-move" },
      h("td", { class: "n idx" }, String(i + 1)),
      h("td", { class: "where" }, whereName(m)),
      moveCell("played", m.played),
      h("td", { class: "n win" }, pct(m.view.win)),
      bestCell(m.view),
      ratingCell(m.view, "view"),
      m.hindsight ? ratingCell(m.hindsight, "hindsight") : null,
    ),
  );
  return h(
    "table",
    { class: "score-table", id: "analysis-moves" },
    h("thead", {}, h("tr", {}, head)),
    h("tbody", {}, rows),
  );
}

/** The sheet's contents once the analysis came. */
export function analysisBody(analysis) {
  const body = [
    analysisChart(analysis),
    chartLegend(analysis),
    summaryLine(t("analysis.view"), analysis.summary),
  ];
  body.push(h("p", { class: "muted" }, t("analysis.view.help")));
  const turning = analysis.summary.turning_point;
  if (turning === null) {
    body.push(h("p", { id: "analysis-turning" }, t("analysis.no_turning")));
  } else {
    const m = analysis.moves[turning];
    const words = {
      trick: m.trick,
      where: whereName(m),
      played: actionName(m.played),
      best: actionName(m.view.best),
    };
    const key = isBid(m) ? "analysis.turning.bid" : "analysis.turning";
    body.push(h("p", { id: "analysis-turning" }, t(key, words)));
  }
  if (analysis.hindsight_summary) {
    body.push(summaryLine(t("analysis.hindsight"), analysis.hindsight_summary));
    body.push(h("p", { class: "muted" }, t("analysis.hindsight.help")));
  }
  body.push(movesTable(analysis));
  return body;
}

/** Open the analysis of deal `deal` (default: the one just over) from this seat's view. */
export async function openAnalysis(view, deal = view.table.deal) {
  document.getElementById("analysis")?.remove();
  const status = h("p", { role: "status", id: "analysis-status" }, t("analysis.working"));
  const close = h(
    "button",
    {
      class: "btn btn-light",
      type: "button",
      id: "analysis-close",
      onclick: () => overlay.remove(),
    },
    t("analysis.close"),
  );
  const content = h("div", { id: "analysis-content" }, status);
  const sheet = h(
    "div",
    {
      class: "sheet",
      role: "dialog",
      "aria-modal": "false",
      "aria-labelledby": "analysis-title",
      style: { maxHeight: "90vh", overflow: "auto" },
    },
    h("h2", { id: "analysis-title" }, t("analysis.title")),
    content,
    h("div", { class: "actions" }, close),
  );
  const overlay = h("div", { class: "overlay", id: "analysis", style: { zIndex: 60 } }, sheet);
  document.body.append(overlay);
  const url = `/api/tables/${encodeURIComponent(view.tableId)}/deals/${deal}/analysis?seat=${view.seat}`;
  try {
    const data = await fetchAnalysis(url, (p) => showProgress(status, p), overlay);
    if (!data) return; // the sheet was closed while it was worked out
    useNames(data);
    content.replaceChildren(...analysisBody(data.analysis));
  } catch (err) {
    status.textContent = t("analysis.failed", { error: err.message });
  }
}

/** The ratings' and the phases' names of the server's reply (its catalogs' words). */
export function useNames(reply) {
  ratingNames = reply.ratings || {};
  phaseNames = reply.phases || {};
}

/** The progress line: a bar and "Analisi in corso… 42%". */
export function showProgress(status, progress) {
  const n = Math.round(100 * progress);
  const bar = h("progress", { id: "analysis-progress", max: 100, value: n });
  status.replaceChildren(bar, " ", t("analysis.progress", { n }));
}

/** GET the analysis until it is ready: each 202 reply gives the progress to `onProgress` and the
 * request is made again (the server holds each one a second or so). Null if `sheet` is closed. */
export async function fetchAnalysis(url, onProgress, sheet) {
  for (;;) {
    const r = await fetch(withLang(url));
    const data = await r.json();
    if (!r.ok) throw new Error(errorText(data?.code, data?.message || r.statusText));
    if (r.status !== 202) return data;
    onProgress(data.progress);
    if (!sheet.isConnected) return null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The summary's "Analisi della partita" button. */
export function analysisButton(view) {
  if (view.watch || view.seat === null || view.seat === undefined) return null; // a spectator
  const attrs = { class: "btn btn-light btn-small", type: "button", id: "open-analysis" };
  return h("button", { ...attrs, onclick: () => openAnalysis(view) }, t("analysis.open"));
}

/** True where hints are given: at a table where every other seat is a computer player, or
 * where the host allowed them ("Suggerimenti consentiti": the table's `hints`). */
export function hintsAllowed(view) {
  if (view.table?.hints) return true;
  const seats = view.table?.seats || [];
  return seats.length > 0 && seats.every((seat, i) => i === view.seat || seat.kind === "bot");
}

/** The "Suggerimento" button, at this seat's turn to play a card where hints are given, and the
 * champion's answer under it. The answer is kept on the view for the position it was asked at
 * (`view.hint`), so that the bar, drawn again when a finished trick leaves the felt, keeps it
 * until a move is made. */
export function hintButton(view, myTurn) {
  if (!myTurn || !hintsAllowed(view) || !view.token) return null;
  const at = view.obs?.actions?.length ?? -1; // the position: how many moves so far
  const kept = view.hint?.at === at ? view.hint : null;
  const ask = async () => {
    view.hint = { at, text: t("analysis.hint.working"), best: "", busy: true };
    view.render();
    let answer;
    try {
      const r = await fetch(withLang(`/api/tables/${encodeURIComponent(view.tableId)}/hint`), {
        headers: { "X-Seat-Token": view.token },
      });
      const data = await r.json();
      answer = r.ok
        ? { text: data.reason[getLang()], best: data.best }
        : { text: errorText(data?.code, data?.message), best: "" };
    } catch (err) {
      answer = { text: err.message, best: "" };
    }
    if (view.hint?.at !== at) return; // a move was made meanwhile: the answer is stale
    view.hint = { at, ...answer, busy: false };
    view.render();
    document.getElementById("hint")?.focus({ preventScroll: true });
  };
  const attrs = {
    class: "btn btn-ghost btn-small side-btn",
    type: "button",
    id: "hint",
    "aria-label": t("analysis.hint"),
    title: t("analysis.hint.title"),
    disabled: Boolean(kept?.busy),
  };
  const button = h("button", { ...attrs, onclick: ask }, iconLabel("hint", t("analysis.hint")));
  if (!kept) return button;
  const out = h("p", { id: "hint-text", role: "status", dataset: { best: kept.best } }, kept.text);
  return [button, out];
}

/** The create form's "Suggerimenti consentiti" checkbox (off by default), kept in
 * `choice.hints`: the host allows hints at the table with friends. */
export function hintsSetting(choice) {
  const box = h("input", { type: "checkbox", id: "allow-hints", checked: !!choice.hints });
  box.addEventListener("change", () => {
    choice.hints = box.checked;
  });
  const help = t("analysis.hints.allow.help");
  const label = h("label", { for: "allow-hints", title: help }, t("analysis.hints.allow"));
  return h("div", { class: "field opt" }, label, box);
}
