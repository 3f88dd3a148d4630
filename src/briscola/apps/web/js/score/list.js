// The score keeper's home (/score): this browser's sheets and the form for a new one.
import { onLangChange, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { forget, listSheets } from "./local.js";
import { icon, TROPHY } from "./icons.js";
import { newSheetForm } from "./new.js";

/** Draw the score keeper's home into `app`, again after each change of language. */
export function listPage(app) {
  const newPanel = newSheetForm(paint);

  function listPanel() {
    const sheets = listSheets();
    return h(
      "section",
      { class: "panel sk-list", "aria-labelledby": "list-title" },
      h("h2", { id: "list-title" }, t("list.title")),
      h("p", { class: "lead" }, sheets.length ? t("list.lead") : t("list.empty")),
      sheets.length
        ? h(
            "ul",
            { class: "sk-sheets" },
            sheets.map((s) =>
              h(
                "li",
                {},
                h(
                  "a",
                  { class: "sk-sheet-link", href: `/score/${encodeURIComponent(s.id)}` },
                  h("strong", {}, s.name),
                  h(
                    "span",
                    { class: "sk-sheet-score" },
                    s.competitors.map((n, i) => [
                      i ? " · " : "",
                      `${n} ${s.totals?.[i] ?? 0}`,
                      s.trophies?.[i] ? [" ", icon(TROPHY, "sk-gold"), s.trophies[i]] : null,
                    ]),
                  ),
                  h("small", {}, t("list.game", { n: s.game || 1 })),
                ),
                h(
                  "button",
                  {
                    type: "button",
                    class: "sk-icon-btn",
                    title: t("list.forget"),
                    "aria-label": `${t("list.forget")}: ${s.name}`,
                    onclick: () => {
                      if (confirm(t("list.forget_confirm", { name: s.name }))) {
                        forget(s.id);
                        paint();
                      }
                    },
                  },
                  "×",
                ),
              ),
            ),
          )
        : null,
    );
  }

  function paint() {
    const focused = document.activeElement?.id;
    document.title = `${t("score.name")} · Briscola`;
    const sheets = listSheets();
    app.replaceChildren(
      h(
        "section",
        { class: "sk-hero" },
        h("h1", {}, t("score.name")),
        h("p", {}, t("score.tagline")),
      ),
      h(
        "div",
        { class: "sk-panels" },
        // a phone shows this browser's sheets first, when there are some
        sheets.length ? [listPanel(), newPanel()] : [newPanel(), listPanel()],
      ),
    );
    if (focused) document.getElementById(focused)?.focus();
  }

  onLangChange(paint);
  paint();
}
