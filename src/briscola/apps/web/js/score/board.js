// The score keeper's board for one sheet: the competitors' cards, the win or draw banner, the
// match standing, and the controls (quick buttons, the pad, undo and redo, next deal, new game).
import { t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { icon, LEVEL, signed, TROPHY } from "./icons.js";
import { formatText } from "./text.js";

/** The board's parts, drawn from the sheet as shown (`v`); `sync` makes the changes. */
export function sheetBoard(rec, sync, pad, paint) {
  const { persist, submit, undo, redo } = sync;

  function selected(v) {
    const n = v.sheet.competitors.length;
    if (rec.selected >= n) rec.selected = 0;
    return rec.selected;
  }

  function cards(v) {
    const sheet = v.sheet;
    const sel = selected(v);
    const multi = !v.single_deal;
    const match = sheet.format !== "single";
    return h(
      "section",
      {
        class: "sk-cards",
        dataset: { n: String(Math.min(sheet.competitors.length, 6)) },
        "aria-label": t("sheet.points_for"),
      },
      sheet.competitors.map((c, i) => {
        const total = sheet.totals[i];
        const won = sheet.outcome === "win" && sheet.winner === i;
        const pct = Math.max(0, Math.min(100, (100 * total) / v.target_value));
        const members =
          c.members.length > 1 && c.name !== c.members.join(" & ") ? c.members.join(" + ") : "";
        const left = v.target_value - total;
        return h(
          "button",
          {
            type: "button",
            class: `sk-card${i === sel ? " is-selected" : ""}${won ? " is-winner" : ""}${
              sheet.outcome === "draw" && total === Math.max(...sheet.totals) ? " is-draw" : ""
            }`,
            dataset: { index: String(i) },
            "aria-pressed": String(i === sel),
            onclick: () => {
              rec.selected = i;
              persist();
              paint();
            },
            ondblclick: () => pad.open(i),
          },
          won
            ? h(
                "span",
                { class: "sk-badge" },
                `★ ${sheet.decides_match && match ? t("sheet.win_match") : t("sheet.win")}`,
              )
            : null,
          h("span", { class: "sk-name" }, c.name),
          members ? h("span", { class: "sk-members" }, members) : null,
          h("span", { class: "sk-total" }, String(total)),
          h(
            "span",
            { class: "sk-unit" },
            sheet.outcome === "playing" && left > 0
              ? t("sheet.to_go", { n: left })
              : v.counts_points
                ? t("sheet.points")
                : t("sheet.units"),
          ),
          h(
            "span",
            { class: "sk-bar", "aria-hidden": "true" },
            h("i", { style: { width: `${pct}%` } }),
          ),
          multi && sheet.deals.length > 1
            ? h("span", { class: "sk-deals" }, sheet.deals.map((d) => d[i]).join(" + "))
            : null,
          cardFoot(sheet, c, i, match),
        );
      }),
    );
  }

  function banner(v) {
    const sheet = v.sheet;
    const detail = sheet.totals.join("-");
    if (sheet.outcome === "win") {
      const name = sheet.competitors[sheet.winner].name;
      const line =
        sheet.decides_match && sheet.format !== "single"
          ? t("sheet.win_match_line", { name, game: sheet.game })
          : t("sheet.win_line", { name, game: sheet.game });
      return h(
        "div",
        { class: "sk-banner is-win", id: "banner", role: "status" },
        icon(TROPHY, "sk-banner-icon"),
        h("div", {}, h("strong", {}, line), h("small", {}, t("sheet.press_new"))),
      );
    }
    if (sheet.outcome === "draw") {
      return h(
        "div",
        { class: "sk-banner is-draw", id: "banner", role: "status" },
        icon(LEVEL, "sk-banner-icon"),
        h(
          "div",
          {},
          h("strong", {}, `${t("sheet.draw")} ${detail}`),
          h("small", {}, t("sheet.draw_line", { detail })),
        ),
      );
    }
    if (sheet.deal_is_draw) {
      const deal = sheet.deals[sheet.deals.length - 1];
      return h(
        "div",
        { class: "sk-banner is-draw", id: "banner", role: "status" },
        icon(LEVEL, "sk-banner-icon"),
        h("div", {}, h("strong", {}, t("sheet.deal_draw", { detail: deal.join("-") }))),
      );
    }
    return null;
  }

  function standingStrip(v) {
    const sheet = v.sheet;
    if (sheet.format === "single") return null;
    const need =
      sheet.wins_needed === 1 ? t("sheet.needs_one") : t("sheet.needs", { n: sheet.wins_needed });
    return h(
      "div",
      { class: "sk-standing", id: "standing" },
      h("strong", {}, `${t("sheet.match", { n: sheet.match })} · ${formatText(sheet.format)}`),
      h(
        "span",
        { class: "sk-standing-score" },
        sheet.competitors.map((c, i) => `${c.name} ${sheet.standing[i]}`).join(" – "),
      ),
      h("small", {}, need),
    );
  }

  function controls(v) {
    const sheet = v.sheet;
    const sel = selected(v);
    const deal = sheet.deals[sheet.deals.length - 1];
    const quick = (delta) =>
      h(
        "button",
        {
          type: "button",
          class: `sk-quick-btn ${delta > 0 ? "is-plus" : "is-minus"}`,
          dataset: { delta: String(delta) },
          "aria-label": `${signed(delta)} ${sheet.competitors[sel].name}`,
          onclick: () => submit({ op: "add", competitor: sel, delta }),
        },
        signed(delta),
      );
    return h(
      "section",
      { class: "sk-controls panel", "aria-label": t("sheet.points_for") },
      h(
        "div",
        { class: "sk-for" },
        h(
          "span",
          {},
          t("sheet.points_for"),
          " ",
          h("strong", { id: "selected-name" }, sheet.competitors[sel].name),
        ),
        h(
          "span",
          { class: "sk-for-deal" },
          v.single_deal ? "" : `${t("sheet.deal", { n: sheet.deals.length })}: ${deal[sel]}`,
        ),
      ),
      h("div", { class: "sk-quick" }, [1, 5, 10].map(quick), [-1, -5, -10].map(quick)),
      h(
        "button",
        { type: "button", id: "pad-open", class: "sk-padbtn", onclick: () => pad.open(sel) },
        h("span", { class: "sk-padbtn-icon", "aria-hidden": "true" }, "123"),
        h("span", {}, h("strong", {}, t("sheet.pad")), h("small", {}, t("sheet.pad_sub"))),
      ),
      actions(v),
    );
  }

  /** Undo, redo, the next deal (when a game has several), a new game. */
  function actions(v) {
    const sheet = v.sheet;
    const last = rec.queue[rec.queue.length - 1];
    const canUndo = sheet.can_undo || Boolean(last && !last.sent);
    const canRedo = (sheet.can_redo && !rec.queue.length) || sync.localRedo.length > 0;
    const ready = sheet.outcome !== "playing";
    const undoTitle = v.undo_label ? t("sheet.undo_what", { what: v.undo_label }) : t("sheet.undo");
    const redoTitle = v.redo_label ? t("sheet.redo_what", { what: v.redo_label }) : t("sheet.redo");
    const newGame = () => {
      const open = sheet.outcome === "playing" && sheet.totals.some((x) => x !== 0);
      if (open && !confirm(t("sheet.new_game_confirm", { n: sheet.game }))) return;
      submit({ op: "new_game" });
    };
    return h(
      "div",
      { class: "sk-actions" },
      stepButton("undo", "↶", canUndo, t("sheet.undo"), undo, undoTitle),
      stepButton("redo", "↷", canRedo, t("sheet.redo"), redo, redoTitle),
      v.single_deal
        ? null
        : h(
            "button",
            {
              type: "button",
              id: "next-deal",
              class: "btn btn-light sk-act",
              onclick: () => submit({ op: "next_deal" }),
            },
            t("sheet.next_deal"),
          ),
      h(
        "button",
        {
          type: "button",
          id: "new-game",
          class: `btn sk-act sk-new-game${ready ? " is-ready" : " is-quiet"}`,
          onclick: newGame,
        },
        t("sheet.new_game"),
      ),
    );
  }

  return { cards, banner, standingStrip, controls };
}

/** The undo or redo button: `glyph` and `text` on it, `title` says what it would undo or redo. */
function stepButton(id, glyph, enabled, text, onclick, title) {
  return h(
    "button",
    { type: "button", id, class: "btn btn-light sk-act", disabled: !enabled, title, onclick },
    h("span", { "aria-hidden": "true" }, glyph),
    text,
  );
}

/** The foot of a competitor's card: trophies, and in a match the wins so far as dots. */
function cardFoot(sheet, c, i, match) {
  const standing = t("sheet.standing", { n: sheet.standing[i], need: sheet.wins_needed });
  const trophies = t("sheet.trophies", { n: c.trophies });
  return h(
    "span",
    { class: "sk-foot" },
    h(
      "span",
      {
        class: `sk-trophies${c.trophies ? "" : " is-zero"}`,
        title: trophies,
        "aria-label": trophies,
      },
      icon(TROPHY),
      h("span", { class: "sk-trophy-count" }, String(c.trophies)),
    ),
    match
      ? h(
          "span",
          { class: "sk-dots", title: standing, "aria-label": standing },
          Array.from({ length: sheet.wins_needed }, (_, k) =>
            h("i", { class: k < sheet.standing[i] ? "on" : "" }),
          ),
        )
      : null,
  );
}
