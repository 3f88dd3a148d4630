// The score keeper's number pad: a dialog to type a competitor's points, then set the deal's
// total or add them. `view()` is the sheet as shown, `submit(change)` makes a change.
import { t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";

export function buildPad(view, submit) {
  const dialog = h("dialog", { id: "pad", class: "sk-pad", "aria-labelledby": "pad-title" });
  let typed = "";
  let negative = false;
  const title = h("h2", { id: "pad-title" });
  const now = h("p", { class: "sk-pad-now" });
  const display = h("output", {
    id: "pad-display",
    class: "sk-pad-display",
    "aria-live": "polite",
  });
  const keys = h("div", { class: "sk-pad-keys" });
  const setBtn = h("button", { type: "button", id: "pad-set", class: "btn sk-pad-go" });
  const addBtn = h("button", { type: "button", id: "pad-add", class: "btn btn-light sk-pad-go" });
  const closeBtn = h("button", { type: "button", class: "sk-pad-close", id: "pad-close" }, "×");
  const show = () => {
    display.textContent = typed ? `${negative ? "−" : ""}${typed}` : "0";
    display.classList.toggle("is-empty", !typed);
  };
  const press = (key) => {
    if (/^[0-9]$/.test(key)) {
      if (typed.length < 4) typed = typed === "0" ? key : typed + key;
    } else if (key === "back") typed = typed.slice(0, -1);
    else if (key === "clear") {
      typed = "";
      negative = false;
    } else if (key === "sign") negative = !negative;
    show();
  };
  const value = () => (negative ? -1 : 1) * Number(typed || "0");
  const go = (mode) => {
    if (!typed) {
      toast(t("pad.empty"));
      return;
    }
    const i = Number(dialog.dataset.competitor);
    const change =
      mode === "set"
        ? { op: "set_total", competitor: i, value: value() }
        : { op: "add", competitor: i, delta: value() };
    if (mode === "add" && value() === 0) {
      toast(t("pad.empty"));
      return;
    }
    if (submit(change)) dialog.close();
  };
  setBtn.addEventListener("click", () => go("set"));
  addBtn.addEventListener("click", () => go("add"));
  closeBtn.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (e) => {
    if (/^[0-9]$/.test(e.key)) press(e.key);
    else if (e.key === "Backspace") press("back");
    else if (e.key === "Enter") {
      e.preventDefault();
      go("set");
    } else if (e.key === "+") go("add");
    else return;
    e.preventDefault();
  });
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close(); // a tap on the backdrop
  });
  dialog.append(
    h("div", { class: "sk-pad-head" }, h("div", {}, title, now), closeBtn),
    display,
    keys,
    h("div", { class: "sk-pad-actions" }, addBtn, setBtn),
  );
  document.body.append(dialog);
  return {
    open(index) {
      const v = view();
      if (!v) return;
      const c = v.sheet.competitors[index];
      const deal = v.sheet.deals[v.sheet.deals.length - 1];
      dialog.dataset.competitor = String(index);
      typed = "";
      negative = false;
      title.textContent = t("pad.title", { name: c.name });
      now.textContent = t("pad.in_deal", { n: deal[index] });
      setBtn.textContent = t("pad.set");
      addBtn.textContent = t("pad.add");
      closeBtn.setAttribute("aria-label", t("pad.close"));
      const layout = [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        v.counts_points ? "clear" : "sign",
        "0",
        "back",
      ];
      keys.replaceChildren(
        ...layout.map((k) =>
          h(
            "button",
            {
              type: "button",
              class: `sk-key${/^[0-9]$/.test(k) ? "" : " sk-key-fn"}`,
              dataset: { key: k },
              "aria-label":
                k === "back"
                  ? t("pad.back")
                  : k === "clear"
                    ? t("pad.clear")
                    : k === "sign"
                      ? t("pad.sign")
                      : k,
              onclick: () => press(k),
            },
            k === "back" ? "⌫" : k === "clear" ? "C" : k === "sign" ? "±" : k,
          ),
        ),
      );
      show();
      dialog.showModal();
    },
  };
}
