// The score keeper's panels under a sheet's board: the games played, the share link and CSV
// export, and the settings (names, competitors, target, format, declarations).
import { getLang, t } from "../common/i18n.js";
import { copyText, h, toast } from "../common/dom.js";
import { checkLabel } from "../common/form.js";
import { icon, TROPHY } from "./icons.js";
import { formatText } from "./text.js";

/** The panels of sheet `id`; `sync` makes the changes (settings wait while offline). */
export function sheetPanels(id, sync) {
  const { submit } = sync;
  let settingsOpen = false;
  let historyOpen = true;

  function history(v) {
    const games = [...v.sheet.history].reverse();
    const details = h(
      "details",
      { class: "panel sk-history", id: "history", open: historyOpen },
      h(
        "summary",
        {},
        h("h2", {}, t("history.title")),
        h("span", { class: "num-badge sk-count" }, String(games.length)),
      ),
      games.length
        ? h(
            "ol",
            { class: "sk-games", reversed: true },
            games.map((g) => {
              const score = g.names.map((n, i) => `${n} ${g.totals[i]}`).join(" – ");
              const result =
                g.outcome === "win"
                  ? [icon(TROPHY, "sk-gold"), " ", g.winner]
                  : g.outcome === "draw"
                    ? t("history.draw")
                    : t("history.unfinished");
              return h(
                "li",
                { class: `sk-game is-${g.outcome}` },
                h("span", { class: "sk-game-n" }, t("history.game", { n: g.number })),
                h("span", { class: "sk-game-score" }, score),
                h(
                  "span",
                  { class: "sk-game-result" },
                  result,
                  g.match_winner
                    ? h("small", {}, t("history.match_won", { name: g.match_winner }))
                    : null,
                ),
              );
            }),
          )
        : h("p", { class: "muted" }, t("history.empty")),
    );
    details.addEventListener("toggle", () => (historyOpen = details.open));
    return details;
  }

  function share() {
    const link = `${location.origin}/score/${id}`;
    return h(
      "section",
      { class: "panel sk-share" },
      h("h2", {}, t("share.title")),
      h("p", { class: "lead" }, t("share.lead")),
      h(
        "div",
        { class: "sk-share-row" },
        h("input", {
          type: "text",
          id: "share-link",
          readonly: true,
          value: link,
          "aria-label": t("share.title"),
        }),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-light btn-small",
            onclick: async () => {
              await copyText(link, document.getElementById("share-link"));
              toast(t("share.copied"), "info", 2000);
            },
          },
          t("share.copy"),
        ),
      ),
      h(
        "a",
        {
          id: "export-csv",
          class: "btn btn-small sk-csv",
          href: `/api/scores/${encodeURIComponent(id)}/export.csv?lang=${getLang()}`,
          download: "",
        },
        "⬇ ",
        t("share.csv"),
      ),
    );
  }

  /** The sheet's settings: its name, the competitors, target, format and declarations. */
  function settings(v) {
    const sheet = v.sheet;
    const off = sync.offline;
    const row = (fid, label, input, action) => settingRow(fid, label, input, action, off);
    const nameInput = h("input", {
      type: "text",
      id: "set-sheet-name",
      value: sheet.name,
      maxlength: 80,
    });
    const targetInput = h("input", {
      type: "text",
      id: "set-target",
      value: sheet.target,
      maxlength: 20,
    });
    const formatInput = formatSelect(sheet.format);
    const addInput = h("input", {
      type: "text",
      id: "set-add",
      maxlength: 80,
      placeholder: t("settings.add_ph"),
    });
    const details = h(
      "details",
      { class: "panel sk-settings", open: settingsOpen },
      h("summary", {}, h("h2", {}, t("settings.title"))),
      off ? h("p", { class: "sk-hint" }, t("settings.offline")) : null,
      row("set-name-form", t("settings.sheet_name"), nameInput, () =>
        submit({ op: "rename_sheet", name: nameInput.value }),
      ),
      h("h3", {}, t("settings.competitors")),
      h(
        "ul",
        { class: "sk-set-list" },
        sheet.competitors.map((c, i) => competitorRow(sheet, c, i, off)),
      ),
      row("set-add-form", t("settings.add_competitor"), addInput, () =>
        submit({ op: "add_competitor", name: addInput.value }),
      ),
      row(
        "set-target-form",
        `${t("settings.target")} (61, 120, chiamata:10, 200…)`,
        targetInput,
        () => submit({ op: "target", target: targetInput.value }),
      ),
      row("set-format-form", t("settings.format"), formatInput, () =>
        submit({ op: "format", format: formatInput.value }),
      ),
      checkLabel("opt sk-opt", t("new.declarations"), {
        id: "set-declarations",
        checked: sheet.declarations,
        disabled: off,
        onchange: (e) => submit({ op: "declarations", allowed: e.target.checked }),
      }),
    );
    details.addEventListener("toggle", () => (settingsOpen = details.open));
    return details;
  }

  /** A competitor's name to change, and the button that removes them (two at least stay). */
  function competitorRow(sheet, c, i, off) {
    const input = h("input", { type: "text", value: c.name, maxlength: 80, "aria-label": c.name });
    const rename = (e) => {
      e.preventDefault();
      submit({ op: "rename", competitor: i, name: input.value });
    };
    const remove = () => {
      if (confirm(t("settings.remove_confirm", { name: c.name }))) {
        submit({ op: "remove_competitor", competitor: i });
      }
    };
    return h(
      "li",
      {},
      h(
        "form",
        { class: "sk-set-line", onsubmit: rename },
        input,
        h(
          "button",
          { type: "submit", class: "btn btn-light btn-small", disabled: off },
          t("settings.rename"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-red btn-small",
            disabled: off || sheet.competitors.length <= 2,
            onclick: remove,
          },
          t("settings.remove"),
        ),
      ),
    );
  }

  return { history, share, settings };
}

/** A setting's form: its label, the input, and Apply (off without a network). */
function settingRow(fid, label, input, action, off) {
  const apply = (e) => {
    e.preventDefault();
    action();
  };
  return h(
    "form",
    { class: "sk-set-row", id: fid, onsubmit: apply },
    h("label", { for: input.id }, label),
    h(
      "div",
      { class: "sk-set-line" },
      input,
      h(
        "button",
        { type: "submit", class: "btn btn-light btn-small", disabled: off },
        t("settings.apply"),
      ),
    ),
  );
}

/** The formats a sheet can switch to (its own too, if it is not among them), `current` chosen. */
function formatSelect(current) {
  const formats = [
    "single",
    "best-of:3",
    "best-of:5",
    "best-of:7",
    "first-to:2",
    "first-to:3",
    "first-to:5",
  ];
  if (!formats.includes(current)) formats.push(current);
  const select = h("select", { id: "set-format" });
  for (const f of formats) select.append(h("option", { value: f }, formatText(f)));
  select.value = current;
  return select;
}
