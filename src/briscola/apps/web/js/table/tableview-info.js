// The table's top bar (game, match standing, connection, aid, rules, language) and side column
// (points of the deal, match standing, last trick, tricks taken), drawn for a TableView.
import { deckPoints, trickPoints } from "../common/cards.js";
import { langSwitch, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { aidOn, matchStanding, matchTitle, setAid } from "../common/util.js";
import { iconLabel } from "./icons.js";
import { lastTrick } from "./panels.js";
import { setSound, soundOn, speakerIcon } from "./sound.js";

/** Focus the first element matching a selector once the DOM has been drawn, without scrolling
 * to it (a sheet opens at its title; its buttons stay in view at its foot, see css/panels.css). */
export function focusSoon(selector) {
  requestAnimationFrame(() => document.querySelector(selector)?.focus({ preventScroll: true }));
}

/** Open one of the table's dialogs ("last", "tricks", "rules") and focus its close button. */
export function openDialog(view, name) {
  view.dialog = name;
  view.render();
  focusSoon("#dlg-close");
}

/** The button that shows the tricks this seat's side has taken (`cls`: more classes). */
export function tricksButton(view, cls = "") {
  const label = view.ruleset.partnership === "none" ? t("table.mytricks") : t("table.ourtricks");
  return h(
    "button",
    {
      class: `btn btn-ghost btn-small ${cls}`.trim(),
      type: "button",
      "aria-label": label,
      title: label,
      onclick: () => openDialog(view, "tricks"),
    },
    iconLabel("tricks", label),
  );
}

/** Draw the top bar: the brand (home), the game and match, the chips (standing, connection; the
 * flow adds who watches and the move clock: flow.js) and the controls (aid, sound, rules,
 * language; the flow adds the speed and "Abbandona"). The chips and the controls are two groups
 * whose pieces never shrink: where a row is full the bar wraps (css/table.css). */
export function renderTop(view) {
  const table = view.table;
  const bits = [brand(view)];
  if (table) {
    const deal =
      table.deal !== null && table.deal !== undefined
        ? ` · ${t("match.deal", { n: table.deal + 1 })}`
        : "";
    const name = `${view.presetTitle()} · ${matchTitle(table.match?.format)}${deal}`;
    bits.push(h("span", { class: "game-name", title: name }, name));
  }
  const chips = [];
  const chip = matchChip(view);
  if (chip)
    chips.push(h("span", { class: "score-chip compact", title: t("summary.standing") }, chip));
  if (view.connState === "lost")
    chips.push(h("span", { class: "score-chip", role: "status" }, "⚠ " + t("table.reconnecting")));
  bits.push(
    h("span", { class: "bar-info" }, chips),
    h(
      "span",
      { class: "bar-tools" },
      aidToggle(view),
      soundToggle(view),
      rulesButton(view),
      langSwitch(),
    ),
  );
  view.topbar.replaceChildren(...bits);
}

/** Fit the top bar to its width, one rule at every width and in every language: the controls'
 * full forms where they fit on one row; else their short forms ("tight": icons, the language
 * as a menu: css/table.css); else the chips on a row of their own as well ("stacked"). Past
 * that the rows wrap, and still no piece lies over another. */
export function fitBar(bar) {
  bar.classList.remove("tight", "stacked");
  if (isWrapped(bar)) {
    bar.classList.add("tight");
    if (isWrapped(bar)) bar.classList.add("stacked");
  }
  // the table's dialogs open under the bar (css/panels.css)
  const bottom = Math.max(0, Math.round(bar.getBoundingClientRect().bottom));
  bar.closest(".app")?.style.setProperty("--bar-h", `${bottom}px`);
}

/** True when some piece of the bar lies below its first row. */
function isWrapped(bar) {
  const pieces = [...bar.querySelectorAll(":scope > *, .bar-info > *, .bar-tools > *")]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0);
  if (!pieces.length) return false;
  const firstBottom = Math.min(...pieces.map((r) => r.bottom));
  return pieces.some((r) => r.top >= firstBottom - 1);
}

/** The brand: home, or in the embed a new page. */
function brand(view) {
  return h(
    "a",
    {
      class: "brand",
      href: "/",
      target: view.compact ? "_blank" : null,
      title: view.compact ? t("embed.open") : t("table.home"),
    },
    h("img", { class: "brand-mark", src: "/static/favicon.svg", alt: "" }),
    h("span", { class: "brand-name" }, "Briscola"),
  );
}

/** The beginner aid's switch (the points taken so far). */
function aidToggle(view) {
  const aid = h("input", {
    type: "checkbox",
    checked: aidOn(),
    onchange: (e) => {
      setAid(e.target.checked);
      view.render();
    },
  });
  return h(
    "label",
    { class: "aid-toggle", title: t("table.aid.title") },
    aid,
    h("span", { class: "long" }, t("table.aid")),
    h("span", { class: "short" }, t("table.points")),
  );
}

/** The sounds' switch: a speaker button, off by default (sound.js). */
function soundToggle(view) {
  const on = soundOn();
  return h(
    "button",
    {
      class: "btn btn-ghost btn-small sound-btn",
      type: "button",
      id: "sound",
      "aria-pressed": String(on),
      "aria-label": t("table.sound"),
      title: on ? t("table.sound.on") : t("table.sound.off"),
      onclick: () => {
        setSound(!soundOn());
        view.render();
      },
    },
    speakerIcon(on),
  );
}

function rulesButton(view) {
  return h(
    "button",
    {
      class: "btn btn-ghost btn-small rules-btn",
      type: "button",
      id: "show-rules",
      "aria-label": t("rules.title"),
      title: t("rules.title"),
      onclick: () => openDialog(view, "rules"),
    },
    "?",
  );
}

function matchChip(view) {
  const m = view.table?.match;
  if (!m || !m.format || m.format === "single") return null;
  const { values } = matchStanding(m);
  if (!values) return null;
  const mine = view.competitorOf(view.seat);
  const order = [mine, ...values.map((_, i) => i).filter((i) => i !== mine)];
  return order.map((i) => values[i]).join(" – ");
}

/** Draw the side column: the aid's points, the match standing, the last trick, tricks taken. */
export function renderSide(view) {
  const obs = view.obs;
  const m = view.table.match;
  const boxes = [];
  if (obs && aidOn()) boxes.push(pointsBox(view, obs));
  if (m && m.format && m.format !== "single") boxes.push(standingBox(view, m));
  boxes.push(
    h(
      "div",
      { class: "box", id: "last-trick" },
      h("h3", {}, t("table.lasttrick")),
      lastTrick(view, obs) || h("p", { class: "trick-caption" }, t("table.lasttrick.none")),
    ),
  );
  if (obs?.tricks_visible) boxes.push(h("div", { class: "box" }, tricksButton(view)));
  view.side.replaceChildren(...boxes);
}

/** The beginner aid: each side's points so far, and the card points still in play. */
function pointsBox(view, obs) {
  const sides = new Map();
  for (let s = 0; s < view.players; s++) {
    const side = view.ruleset.partnership === "alternate" ? s % 2 : s;
    sides.set(side, [...(sides.get(side) || []), s]);
  }
  const rows = [...sides.values()].map((seats) =>
    h(
      "tr",
      { class: seats.includes(view.seat) ? "mine-row" : "" },
      h("td", {}, view.sideName(seats)),
      h("td", { class: "n" }, String(seats.reduce((n, s) => n + obs.points[s], 0))),
    ),
  );
  const taken = obs.points.reduce((a, b) => a + b, 0);
  const decl = (obs.declarations || []).reduce((n, d) => n + d.points, 0);
  const deck = deckPoints(obs.ruleset?.removed, view.cardPoints);
  const left = deck - (taken - decl) - trickPoints(obs.trick, view.cardPoints);
  const label = t("table.points.left", { n: "" }).trim();
  rows.push(
    h(
      "tr",
      {},
      h("td", { class: "muted", style: { color: "#cfe" } }, label),
      h("td", { class: "n" }, String(Math.max(0, left))),
    ),
  );
  return h(
    "div",
    { class: "box" },
    h("h3", {}, t("table.points")),
    h("table", { class: "score-table" }, h("tbody", {}, rows)),
  );
}

/** The match standing: each competitor's deals won or points. */
function standingBox(view, m) {
  const rows = matchStanding(m).values.map((v, c) =>
    h(
      "tr",
      { class: c === view.competitorOf(view.seat) ? "mine-row" : "" },
      h("td", {}, view.competitorName(c)),
      h("td", { class: "n" }, String(v)),
    ),
  );
  return h(
    "div",
    { class: "box" },
    h("h3", {}, matchTitle(m.format)),
    h("table", { class: "score-table" }, h("tbody", {}, rows)),
  );
}
