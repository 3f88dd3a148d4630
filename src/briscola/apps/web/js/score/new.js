// The score keeper's new-sheet form: competitors (players or pairs), target, format and
// declarations; it creates the sheet on the server and opens it.
import { t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { checkLabel, fieldGroup, radioTile } from "../common/form.js";
import { remember, saveRecord } from "./local.js";
import { call, errorText } from "./sync.js";

/** The form's state and its panel: returns a function that draws the panel; `paint` redraws. */
export function newSheetForm(paint) {
  const form = {
    mode: "players",
    names: [
      ["", ""],
      ["", ""],
    ],
    target: "61",
    units: 10,
    points: 200,
    format: "single",
    n: 3,
    declarations: false,
    name: "",
  };

  function competitorRows() {
    return form.names.map((pair, i) => {
      const first = h("input", {
        type: "text",
        id: `competitor-${i}`,
        class: "sk-name-input",
        value: pair[0],
        maxlength: 40,
        autocomplete: "off",
        placeholder: t("new.player", { n: form.mode === "pairs" ? 2 * i + 1 : i + 1 }),
        "aria-label": t("new.player", { n: i + 1 }),
        oninput: (e) => (pair[0] = e.target.value),
      });
      const partner =
        form.mode === "pairs"
          ? h("input", {
              type: "text",
              id: `partner-${i}`,
              class: "sk-name-input",
              value: pair[1],
              maxlength: 40,
              autocomplete: "off",
              placeholder: t("new.player", { n: 2 * i + 2 }),
              "aria-label": `${t("new.partner")} ${i + 1}`,
              oninput: (e) => (pair[1] = e.target.value),
            })
          : null;
      const remove =
        form.names.length > 2
          ? h(
              "button",
              {
                type: "button",
                class: "sk-icon-btn",
                "aria-label": t("new.remove"),
                title: t("new.remove"),
                onclick: () => {
                  form.names.splice(i, 1);
                  paint();
                },
              },
              "×",
            )
          : null;
      return h(
        "li",
        { class: "sk-row" },
        h("span", { class: "num-badge" }, i + 1),
        h(
          "div",
          { class: "sk-row-inputs" },
          first,
          partner && h("span", { class: "sk-amp" }, "&"),
          partner,
        ),
        remove,
      );
    });
  }

  function chip(group, value, label, sub, checked, onpick) {
    const onchange = () => {
      onpick(value);
      paint();
    };
    return radioTile(
      "sk-chip",
      { name: group, id: `${group}-${value}`, value, checked, onchange },
      {},
      h("strong", {}, label),
      sub ? h("small", {}, sub) : null,
    );
  }

  function number(id, value, min, max, step, onset, label) {
    return h(
      "label",
      { class: "sk-inline-number", for: id },
      h("span", {}, label),
      h("input", {
        type: "number",
        id,
        inputmode: "numeric",
        value: String(value),
        min,
        max,
        step,
        oninput: (e) => onset(Number(e.target.value)),
      }),
    );
  }

  /** The form's panel: name, competitors, target, format, declarations, the create button. */
  function newPanel() {
    return h(
      "section",
      { class: "panel sk-new", "aria-labelledby": "new-title" },
      h("h2", { id: "new-title" }, t("new.title")),
      h("p", { class: "lead" }, t("new.lead")),
      h(
        "form",
        { id: "new-sheet", onsubmit: create, novalidate: true },
        h(
          "div",
          { class: "field" },
          h("label", { for: "sheet-name" }, t("new.name")),
          h("input", {
            type: "text",
            id: "sheet-name",
            maxlength: 80,
            value: form.name,
            placeholder: t("new.name_ph"),
            oninput: (e) => (form.name = e.target.value),
          }),
        ),
        whoField(),
        targetField(),
        formatField(),
        checkLabel("opt sk-opt", t("new.declarations"), {
          id: "declarations",
          checked: form.declarations,
          onchange: (e) => (form.declarations = e.target.checked),
        }),
        h(
          "div",
          { class: "actions" },
          h("button", { type: "submit", id: "create-sheet", class: "btn sk-big" }, t("new.create")),
        ),
      ),
    );
  }

  /** Players or pairs, their names, and the button that adds one more. */
  function whoField() {
    const mode = (value, label) =>
      chip("mode", value, label, null, form.mode === value, (v) => (form.mode = v));
    const add = () => {
      form.names.push(["", ""]);
      paint();
      document.getElementById(`competitor-${form.names.length - 1}`)?.focus();
    };
    return fieldGroup(
      t("new.who"),
      { class: "sk-seg", role: "group" },
      [mode("players", t("new.players")), mode("pairs", t("new.pairs"))],
      h("ol", { class: "sk-rows" }, competitorRows()),
      form.mode === "pairs" ? h("p", { class: "sk-hint" }, t("new.pair_hint")) : null,
      form.names.length < 8
        ? h(
            "button",
            {
              type: "button",
              id: "add-competitor",
              class: "btn btn-light btn-small sk-add",
              onclick: add,
            },
            t("new.add"),
          )
        : null,
    );
  }

  /** The target: 61, 120, chiamata units or other points (with the number for the last two). */
  function targetField() {
    const target = (value, label, sub) =>
      chip("target", value, label, sub, form.target === value, (v) => (form.target = v));
    const extra =
      form.target === "chiamata"
        ? number("target-units", form.units, 1, 999, 1, (v) => (form.units = v), t("new.units"))
        : form.target === "custom"
          ? number(
              "target-points",
              form.points,
              1,
              9999,
              1,
              (v) => (form.points = v),
              t("new.points"),
            )
          : null;
    return fieldGroup(
      t("new.target"),
      { class: "sk-chips sk-chips-4" },
      [
        target("61", t("new.t61"), t("new.t61_sub")),
        target("120", t("new.t120"), t("new.t120_sub")),
        target("chiamata", t("new.tchiamata"), t("new.tchiamata_sub")),
        target("custom", t("new.tcustom"), t("new.tcustom_sub")),
      ],
      extra,
    );
  }

  /** The format: single games, best of N (odd), first to N wins. */
  function formatField() {
    const format = (value, label, sub, onpick = (v) => (form.format = v)) =>
      chip("format", value, label, sub, form.format === value, onpick);
    const bestOf = (v) => {
      form.format = v;
      if (form.n % 2 === 0) form.n += 1;
    };
    const extra =
      form.format === "single"
        ? null
        : number(
            "format-n",
            form.n,
            1,
            99,
            form.format === "best-of" ? 2 : 1,
            (v) => (form.n = v),
            t("new.games"),
          );
    return fieldGroup(
      t("new.format"),
      { class: "sk-chips sk-chips-3" },
      [
        format("single", t("new.single"), t("new.single_sub")),
        format("best-of", t("new.best_of"), t("new.best_of_sub"), bestOf),
        format("first-to", t("new.first_to"), t("new.first_to_sub")),
      ],
      extra,
    );
  }

  async function create(event) {
    event.preventDefault();
    const competitors = form.names
      .map(([a, b]) => {
        a = a.trim();
        b = b.trim();
        if (form.mode !== "pairs") return a;
        return a && b ? `${a}+${b}` : a || b;
      })
      .filter(Boolean);
    if (competitors.length < 2) {
      toast(t("new.need_two"));
      return;
    }
    const target =
      form.target === "chiamata"
        ? `chiamata:${form.units}`
        : form.target === "custom"
          ? `custom:${form.points}`
          : form.target;
    const format = form.format === "single" ? "single" : `${form.format}:${form.n}`;
    const button = document.getElementById("create-sheet");
    button.disabled = true;
    try {
      const { status, data } = await call("/api/scores", {
        name: form.name.trim(),
        competitors,
        target,
        format,
        declarations: form.declarations,
      });
      if (status !== 201) {
        toast(errorText(data, status));
        return;
      }
      remember(data);
      saveRecord(data.id, { server: data, queue: [], selected: 0 });
      location.href = data.url;
    } catch {
      toast(t("err.network"));
    } finally {
      button.disabled = false;
    }
  }

  return newPanel;
}
