// The table's top bar (game, match standing, connection, aid, rules, language) and side column
// (points of the deal, match standing, last trick, tricks taken), drawn for a TableView.
import { trickPoints } from "../common/cards.js";
import { langSwitch, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { aidOn, matchTitle, setAid } from "../common/util.js";
import { lastTrick } from "./panels.js";

/** Focus the first element matching a selector once the DOM has been drawn. */
export function focusSoon(selector) {
  requestAnimationFrame(() => document.querySelector(selector)?.focus());
}

/** Open one of the table's dialogs ("last", "tricks", "rules") and focus its close button. */
export function openDialog(view, name) {
  view.dialog = name;
  view.render();
  focusSoon("#dlg-close");
}

/** The button that shows the tricks this seat's side has taken (`cls`: more classes). */
export function tricksButton(view, cls = "") {
  return h(
    "button",
    {
      class: `btn btn-ghost btn-small ${cls}`.trim(),
      type: "button",
      onclick: () => openDialog(view, "tricks"),
    },
    view.ruleset.partnership === "none" ? t("table.mytricks") : t("table.ourtricks"),
  );
}

export function renderTop(view) {
  const table = view.table;
  const bits = [];
  bits.push(
    h(
      "a",
      {
        class: "brand",
        href: "/",
        target: view.compact ? "_blank" : null,
        title: view.compact ? t("embed.open") : t("table.home"),
      },
      h("img", { class: "brand-mark", src: "/static/favicon.svg", alt: "" }),
      h("span", { class: "brand-name" }, "Briscola"),
    ),
  );
  if (table) {
    const deal =
      table.deal !== null && table.deal !== undefined
        ? ` · ${t("match.deal", { n: table.deal + 1 })}`
        : "";
    bits.push(
      h(
        "span",
        { class: "game-name" },
        `${view.presetTitle()} · ${matchTitle(table.match?.format)}${deal}`,
      ),
    );
  }
  bits.push(h("span", { class: "spacer" }));
  const chip = matchChip(view);
  if (chip)
    bits.push(h("span", { class: "score-chip compact", title: t("summary.standing") }, chip));
  if (view.connState === "lost")
    bits.push(h("span", { class: "score-chip", role: "status" }, "⚠ " + t("table.reconnecting")));
  const aid = h("input", {
    type: "checkbox",
    checked: aidOn(),
    onchange: (e) => {
      setAid(e.target.checked);
      view.render();
    },
  });
  bits.push(
    h(
      "label",
      { class: "aid-toggle", title: t("table.aid.title") },
      aid,
      h("span", { class: "long" }, t("table.aid")),
      h("span", { class: "short" }, t("table.points")),
    ),
  );
  bits.push(
    h(
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
    ),
  );
  bits.push(langSwitch());
  view.topbar.replaceChildren(...bits);
}

function matchChip(view) {
  const m = view.table?.match;
  if (!m || !m.format || m.format === "single") return null;
  const values = m.format.startsWith("points") || m.format.startsWith("deals") ? m.points : m.wins;
  if (!values) return null;
  const mine = view.competitorOf(view.seat);
  const order = [mine, ...values.map((_, i) => i).filter((i) => i !== mine)];
  return order.map((i) => values[i]).join(" – ");
}

export function renderSide(view) {
  const obs = view.obs;
  const table = view.table;
  const boxes = [];
  // points of the deal (beginner aid) and the match standing
  const rows = [];
  if (obs && aidOn()) {
    const sides = new Map();
    for (let s = 0; s < view.players; s++) {
      const side = view.ruleset.partnership === "alternate" ? s % 2 : s;
      sides.set(side, [...(sides.get(side) || []), s]);
    }
    for (const [, seats] of sides) {
      const pts = seats.reduce((n, s) => n + obs.points[s], 0);
      rows.push(
        h(
          "tr",
          { class: seats.includes(view.seat) ? "mine-row" : "" },
          h("td", {}, view.sideName(seats)),
          h("td", { class: "n" }, String(pts)),
        ),
      );
    }
    const taken = obs.points.reduce((a, b) => a + b, 0);
    const decl = (obs.declarations || []).reduce((n, d) => n + d.points, 0);
    const total = 120 - (taken - decl) - trickPoints(obs.trick, view.cardPoints);
    rows.push(
      h(
        "tr",
        {},
        h(
          "td",
          { class: "muted", style: { color: "#cfe" } },
          t("table.points.left", { n: "" }).trim(),
        ),
        h("td", { class: "n" }, String(Math.max(0, total))),
      ),
    );
    boxes.push(
      h(
        "div",
        { class: "box" },
        h("h3", {}, t("table.points")),
        h("table", { class: "score-table" }, h("tbody", {}, rows)),
      ),
    );
  }
  const m = table.match;
  if (m && m.format && m.format !== "single") {
    const byPoints = m.format.startsWith("points") || m.format.startsWith("deals");
    const values = byPoints ? m.points : m.wins;
    boxes.push(
      h(
        "div",
        { class: "box" },
        h("h3", {}, matchTitle(m.format)),
        h(
          "table",
          { class: "score-table" },
          h(
            "tbody",
            {},
            values.map((v, c) =>
              h(
                "tr",
                { class: c === view.competitorOf(view.seat) ? "mine-row" : "" },
                h("td", {}, view.competitorName(c)),
                h("td", { class: "n" }, String(v)),
              ),
            ),
          ),
        ),
      ),
    );
  }
  boxes.push(
    h(
      "div",
      { class: "box", id: "last-trick" },
      h("h3", {}, t("table.lasttrick")),
      lastTrick(view, obs) || h("p", { class: "trick-caption" }, t("table.lasttrick.none")),
    ),
  );
  if (obs?.tricks_visible) {
    boxes.push(h("div", { class: "box" }, tricksButton(view)));
  }
  view.side.replaceChildren(...boxes);
}
