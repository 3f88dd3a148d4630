// The score keeper's page: /score (this browser's sheets and a new one) and /score/{id} (a sheet).
//
// Every change goes through a queue kept in localStorage: it shows at once (applied here), then
// goes to the server with the revision the page shows. Without a network the queue waits, the
// page says "Offline", and it replays when the network is back (a 409 means another device
// changed the sheet: the page takes the server's sheet, then sends again the points still
// waiting). The HTTP API is described in docs/web-protocol.md ("The score keeper").
import {
  applyStatic,
  formatText,
  getLang,
  langSwitch,
  onLangChange,
  t,
  targetText,
} from "./score-i18n.js";
import {
  forget,
  listSheets,
  loadRecord,
  LocalError,
  localApply,
  remember,
  saveRecord,
  shown,
} from "./score-local.js";

const app = document.getElementById("app");
const netEl = document.getElementById("net");
const RETRY_MS = 3000;

// -- small helpers -------------------------------------------------------------------------------
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "value" || k === "checked") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  const add = (c) => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  };
  children.forEach(add);
  return el;
}

let toastBox = null;
function toast(message, kind = "error", ms = 4500) {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const el = h("div", { class: `toast toast-${kind}` }, message);
  toastBox.append(el);
  setTimeout(() => el.classList.add("out"), ms - 400);
  setTimeout(() => el.remove(), ms);
}

class NetworkError extends Error {}

/** A JSON request to the API: {status, data}; NetworkError when the server cannot be reached. */
async function call(path, body) {
  const sep = path.includes("?") ? "&" : "?";
  let res;
  try {
    res = await fetch(`${path}${sep}lang=${getLang()}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new NetworkError("network");
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    if (res.status >= 500 || res.status === 0) throw new NetworkError("server");
  }
  return { status: res.status, data };
}

function errorText(data, status) {
  return (data && data.message) || `${t("err.generic")} (HTTP ${status})`;
}

function localMessage(err) {
  return t(`err.${err.code}`, err.params);
}

function header() {
  const top = document.getElementById("lang");
  if (top && !top.childElementCount) top.append(langSwitch());
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

const TROPHY =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">' +
  '<path fill="currentColor" d="M7 2h10v2h3.5v3.2A4.3 4.3 0 0 1 16.4 11.5 5.2 5.2 0 0 1 13 14.3V17h2.5' +
  "a1.5 1.5 0 0 1 1.5 1.5V20H7v-1.5A1.5 1.5 0 0 1 8.5 17H11v-2.7a5.2 5.2 0 0 1-3.4-2.8A4.3 4.3 0 0 1" +
  " 3.5 7.2V4H7V2zm0 4H5.5v1.2c0 1.1.7 2.1 1.7 2.4A5 5 0 0 1 7 8.6V6zm10 0v2.6c0 .3 0 .7-.1 1" +
  ' 1-.3 1.6-1.3 1.6-2.4V6H17z"/><rect x="6" y="20.5" width="12" height="1.8" rx=".9"' +
  ' fill="currentColor"/></svg>';
const LEVEL =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">' +
  '<rect x="4" y="7" width="16" height="3.2" rx="1.6" fill="currentColor"/>' +
  '<rect x="4" y="13.8" width="16" height="3.2" rx="1.6" fill="currentColor"/></svg>';

/** An inline icon (a trophy, or the level sign of a draw). */
function icon(svg, cls = "") {
  const span = h("span", { class: `sk-icon ${cls}`, "aria-hidden": "true" });
  span.innerHTML = svg;
  return span;
}

// -- the list of sheets and the new-sheet form ----------------------------------------------------
function listPage() {
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
        h("span", { class: "sk-num" }, i + 1),
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
    const id = `${group}-${value}`;
    return h(
      "div",
      { class: "sk-chip" },
      h("input", {
        type: "radio",
        name: group,
        id,
        value,
        checked,
        onchange: () => {
          onpick(value);
          paint();
        },
      }),
      h("label", { for: id }, h("strong", {}, label), sub ? h("small", {}, sub) : null),
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

  function newPanel() {
    const targetExtra =
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
    const formatExtra =
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
        h(
          "fieldset",
          { class: "field" },
          h("legend", {}, t("new.who")),
          h(
            "div",
            { class: "sk-seg", role: "group" },
            chip(
              "mode",
              "players",
              t("new.players"),
              null,
              form.mode === "players",
              (v) => (form.mode = v),
            ),
            chip(
              "mode",
              "pairs",
              t("new.pairs"),
              null,
              form.mode === "pairs",
              (v) => (form.mode = v),
            ),
          ),
          h("ol", { class: "sk-rows" }, competitorRows()),
          form.mode === "pairs" ? h("p", { class: "sk-hint" }, t("new.pair_hint")) : null,
          form.names.length < 8
            ? h(
                "button",
                {
                  type: "button",
                  id: "add-competitor",
                  class: "btn btn-light btn-small sk-add",
                  onclick: () => {
                    form.names.push(["", ""]);
                    paint();
                    document.getElementById(`competitor-${form.names.length - 1}`)?.focus();
                  },
                },
                t("new.add"),
              )
            : null,
        ),
        h(
          "fieldset",
          { class: "field" },
          h("legend", {}, t("new.target")),
          h(
            "div",
            { class: "sk-chips sk-chips-4" },
            chip(
              "target",
              "61",
              t("new.t61"),
              t("new.t61_sub"),
              form.target === "61",
              (v) => (form.target = v),
            ),
            chip(
              "target",
              "120",
              t("new.t120"),
              t("new.t120_sub"),
              form.target === "120",
              (v) => (form.target = v),
            ),
            chip(
              "target",
              "chiamata",
              t("new.tchiamata"),
              t("new.tchiamata_sub"),
              form.target === "chiamata",
              (v) => (form.target = v),
            ),
            chip(
              "target",
              "custom",
              t("new.tcustom"),
              t("new.tcustom_sub"),
              form.target === "custom",
              (v) => (form.target = v),
            ),
          ),
          targetExtra,
        ),
        h(
          "fieldset",
          { class: "field" },
          h("legend", {}, t("new.format")),
          h(
            "div",
            { class: "sk-chips sk-chips-3" },
            chip(
              "format",
              "single",
              t("new.single"),
              t("new.single_sub"),
              form.format === "single",
              (v) => (form.format = v),
            ),
            chip(
              "format",
              "best-of",
              t("new.best_of"),
              t("new.best_of_sub"),
              form.format === "best-of",
              (v) => {
                form.format = v;
                if (form.n % 2 === 0) form.n += 1;
              },
            ),
            chip(
              "format",
              "first-to",
              t("new.first_to"),
              t("new.first_to_sub"),
              form.format === "first-to",
              (v) => (form.format = v),
            ),
          ),
          formatExtra,
        ),
        h(
          "label",
          { class: "opt sk-opt", for: "declarations" },
          h("span", {}, t("new.declarations")),
          h("input", {
            type: "checkbox",
            id: "declarations",
            checked: form.declarations,
            onchange: (e) => (form.declarations = e.target.checked),
          }),
        ),
        h(
          "div",
          { class: "actions" },
          h("button", { type: "submit", id: "create-sheet", class: "btn sk-big" }, t("new.create")),
        ),
      ),
    );
  }

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

  function paint() {
    const focused = document.activeElement?.id;
    document.title = `${t("app.name")} · Briscola`;
    const sheets = listSheets();
    app.replaceChildren(
      h("section", { class: "sk-hero" }, h("h1", {}, t("app.name")), h("p", {}, t("app.tagline"))),
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

// -- one sheet -------------------------------------------------------------------------------------
function sheetPage(id) {
  const rec = loadRecord(id);
  let offline = false;
  let flushing = false;
  let replaying = false;
  let missing = false;
  let retryTimer = null;
  let localRedo = [];
  let settingsOpen = false;
  let historyOpen = true;

  const pad = buildPad();

  function persist() {
    saveRecord(id, rec);
  }

  function view() {
    return rec.server ? shown(rec) : null;
  }

  // -- network ---------------------------------------------------------------------------------
  function setOffline(value) {
    if (value && !offline) toast(t("net.offline_toast"), "info", 5000);
    offline = value;
    paintNet();
    if (offline) scheduleRetry();
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (rec.queue.length) flush();
      else refresh();
    }, RETRY_MS);
  }

  function paintNet() {
    const waiting = rec.queue.length;
    let state = "online";
    let text = "";
    if (offline) {
      state = "offline";
      text = waiting
        ? `${t("net.offline")} · ${t("net.pending", { n: waiting })}`
        : t("net.offline");
    } else if (replaying && waiting) {
      state = "syncing";
      text = t("net.syncing");
    }
    netEl.dataset.state = state;
    netEl.textContent = text;
    netEl.hidden = state === "online";
  }

  function adopt(data) {
    rec.server = data;
    remember(data);
  }

  async function refresh() {
    if (flushing) return;
    try {
      const { status, data } = await call(`/api/scores/${encodeURIComponent(id)}`);
      if (status === 404) {
        missing = true;
        forget(id);
        paint();
        return;
      }
      if (status !== 200) {
        toast(errorText(data, status));
        return;
      }
      const wasOffline = offline;
      adopt(data);
      persist();
      setOffline(false);
      paint();
      if (rec.queue.length) flush();
      else if (wasOffline) toast(t("net.synced"), "info", 2500);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      setOffline(true);
      paint();
    }
  }

  async function flush() {
    if (flushing || !rec.server) return;
    flushing = true;
    replaying = offline;
    let conflicts = 0;
    let synced = false;
    try {
      while (rec.queue.length) {
        const item = rec.queue[0];
        item.sent = true;
        let reply;
        try {
          reply = await call(`/api/scores/${encodeURIComponent(id)}/changes`, {
            revision: rec.server.revision,
            change: item.change,
          });
        } catch (err) {
          item.sent = false;
          if (!(err instanceof NetworkError)) throw err;
          setOffline(true);
          break;
        }
        const { status, data } = reply;
        if (offline) synced = true;
        offline = false;
        if (status === 200) {
          rec.queue.shift();
          adopt(data);
          if (data.change && (item.change.op === "undo" || item.change.op === "redo")) {
            toast(`${item.change.op === "undo" ? "↶" : "↷"} ${data.change}`, "info", 2200);
          }
        } else if (status === 409 && data && data.current) {
          adopt(data.current);
          conflicts += 1;
          item.sent = false;
          // points still mean what they meant; other changes were made on a sheet that is gone
          if (!["add", "set_total"].includes(item.change.op) || conflicts > 3) rec.queue.shift();
          if (conflicts === 1) toast(t("net.conflict"), "info");
        } else if (status === 404) {
          rec.queue.length = 0;
          missing = true;
          forget(id);
        } else {
          rec.queue.shift();
          toast(errorText(data, status));
        }
        persist();
        paint();
      }
    } finally {
      flushing = false;
      replaying = false;
      persist();
      paint();
      if (synced && !offline && !rec.queue.length) toast(t("net.synced"), "info", 2500);
    }
  }

  /** Make a change: checked and shown here at once, then sent (or kept until the network is back). */
  function submit(change) {
    const now = view();
    if (!now) return false;
    try {
      localApply(now, change);
    } catch (err) {
      if (!(err instanceof LocalError)) throw err;
      toast(localMessage(err));
      return false;
    }
    rec.queue.push({ change, at: Date.now(), sent: false });
    localRedo = [];
    persist();
    paint();
    if (offline) scheduleRetry();
    else flush();
    return true;
  }

  function undo() {
    const last = rec.queue[rec.queue.length - 1];
    if (last && !last.sent && !["undo", "redo"].includes(last.change.op)) {
      localRedo.push(rec.queue.pop());
      persist();
      paint();
      return;
    }
    submit({ op: "undo" });
  }

  function redo() {
    if (localRedo.length) {
      rec.queue.push(localRedo.pop());
      persist();
      paint();
      if (!offline) flush();
      return;
    }
    submit({ op: "redo" });
  }

  function selected(v) {
    const n = v.sheet.competitors.length;
    if (rec.selected >= n) rec.selected = 0;
    return rec.selected;
  }

  // -- the number pad ----------------------------------------------------------------------------
  function buildPad() {
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

  // -- painting -----------------------------------------------------------------------------------
  function cards(v) {
    const sheet = v.sheet;
    const sel = selected(v);
    const deal = sheet.deals[sheet.deals.length - 1];
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
          h(
            "span",
            { class: "sk-foot" },
            h(
              "span",
              {
                class: `sk-trophies${c.trophies ? "" : " is-zero"}`,
                title: t("sheet.trophies", { n: c.trophies }),
                "aria-label": t("sheet.trophies", { n: c.trophies }),
              },
              icon(TROPHY),
              h("span", { class: "sk-trophy-count" }, String(c.trophies)),
            ),
            match
              ? h(
                  "span",
                  {
                    class: "sk-dots",
                    title: t("sheet.standing", { n: sheet.standing[i], need: sheet.wins_needed }),
                    "aria-label": t("sheet.standing", {
                      n: sheet.standing[i],
                      need: sheet.wins_needed,
                    }),
                  },
                  Array.from({ length: sheet.wins_needed }, (_, k) =>
                    h("i", { class: k < sheet.standing[i] ? "on" : "" }),
                  ),
                )
              : null,
          ),
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
    const last = rec.queue[rec.queue.length - 1];
    const canUndo = sheet.can_undo || Boolean(last && !last.sent);
    const canRedo = (sheet.can_redo && !rec.queue.length) || localRedo.length > 0;
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
    const ready = sheet.outcome !== "playing";
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
      h(
        "div",
        { class: "sk-actions" },
        h(
          "button",
          {
            type: "button",
            id: "undo",
            class: "btn btn-light sk-act",
            disabled: !canUndo,
            title: v.undo_label ? t("sheet.undo_what", { what: v.undo_label }) : t("sheet.undo"),
            onclick: undo,
          },
          h("span", { "aria-hidden": "true" }, "↶"),
          t("sheet.undo"),
        ),
        h(
          "button",
          {
            type: "button",
            id: "redo",
            class: "btn btn-light sk-act",
            disabled: !canRedo,
            title: v.redo_label ? t("sheet.redo_what", { what: v.redo_label }) : t("sheet.redo"),
            onclick: redo,
          },
          h("span", { "aria-hidden": "true" }, "↷"),
          t("sheet.redo"),
        ),
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
            onclick: () => {
              const open = sheet.outcome === "playing" && sheet.totals.some((x) => x !== 0);
              if (open && !confirm(t("sheet.new_game_confirm", { n: sheet.game }))) return;
              submit({ op: "new_game" });
            },
          },
          t("sheet.new_game"),
        ),
      ),
    );
  }

  function history(v) {
    const games = [...v.sheet.history].reverse();
    const details = h(
      "details",
      { class: "panel sk-history", id: "history", open: historyOpen },
      h(
        "summary",
        {},
        h("h2", {}, t("history.title")),
        h("span", { class: "sk-count" }, String(games.length)),
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
              try {
                await navigator.clipboard.writeText(link);
              } catch {
                document.getElementById("share-link")?.select();
                document.execCommand?.("copy");
              }
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

  function settings(v) {
    const sheet = v.sheet;
    const off = offline;
    const form = (fid, label, input, action) =>
      h(
        "form",
        {
          class: "sk-set-row",
          id: fid,
          onsubmit: (e) => {
            e.preventDefault();
            action();
          },
        },
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
    const formatInput = h("select", { id: "set-format" });
    const formats = [
      "single",
      "best-of:3",
      "best-of:5",
      "best-of:7",
      "first-to:2",
      "first-to:3",
      "first-to:5",
    ];
    if (!formats.includes(sheet.format)) formats.push(sheet.format);
    for (const f of formats) formatInput.append(h("option", { value: f }, formatText(f)));
    formatInput.value = sheet.format;
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
      form("set-name-form", t("settings.sheet_name"), nameInput, () =>
        submit({ op: "rename_sheet", name: nameInput.value }),
      ),
      h("h3", {}, t("settings.competitors")),
      h(
        "ul",
        { class: "sk-set-list" },
        sheet.competitors.map((c, i) => {
          const input = h("input", {
            type: "text",
            value: c.name,
            maxlength: 80,
            "aria-label": c.name,
          });
          return h(
            "li",
            {},
            h(
              "form",
              {
                class: "sk-set-line",
                onsubmit: (e) => {
                  e.preventDefault();
                  submit({ op: "rename", competitor: i, name: input.value });
                },
              },
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
                  onclick: () => {
                    if (confirm(t("settings.remove_confirm", { name: c.name }))) {
                      submit({ op: "remove_competitor", competitor: i });
                    }
                  },
                },
                t("settings.remove"),
              ),
            ),
          );
        }),
      ),
      form("set-add-form", t("settings.add_competitor"), addInput, () =>
        submit({ op: "add_competitor", name: addInput.value }),
      ),
      form(
        "set-target-form",
        `${t("settings.target")} (61, 120, chiamata:10, 200…)`,
        targetInput,
        () => submit({ op: "target", target: targetInput.value }),
      ),
      form("set-format-form", t("settings.format"), formatInput, () =>
        submit({ op: "format", format: formatInput.value }),
      ),
      h(
        "label",
        { class: "opt sk-opt", for: "set-declarations" },
        h("span", {}, t("new.declarations")),
        h("input", {
          type: "checkbox",
          id: "set-declarations",
          checked: sheet.declarations,
          disabled: off,
          onchange: (e) => submit({ op: "declarations", allowed: e.target.checked }),
        }),
      ),
    );
    details.addEventListener("toggle", () => (settingsOpen = details.open));
    return details;
  }

  function paint() {
    paintNet();
    if (missing) {
      document.title = `${t("app.name")} · Briscola`;
      app.replaceChildren(
        h(
          "section",
          { class: "panel sk-missing" },
          h("h2", {}, t("sheet.not_found")),
          h("a", { class: "btn", href: "/score" }, t("sheet.back")),
        ),
      );
      return;
    }
    const v = view();
    if (!v) {
      app.replaceChildren(
        h(
          "section",
          { class: "panel sk-missing" },
          h("p", {}, offline ? t("sheet.offline_first") : "…"),
        ),
      );
      return;
    }
    const sheet = v.sheet;
    document.title = `${sheet.name} · ${t("app.name")}`;
    const sub = [
      t("sheet.game", { n: sheet.game }),
      targetText(sheet.target),
      formatText(sheet.format),
    ];
    if (sheet.declarations) sub.push(t("new.declarations").split(" (")[0]);
    const scrollY = window.scrollY;
    app.replaceChildren(
      h(
        "div",
        { class: "sk-board" },
        h(
          "div",
          { class: "sk-main" },
          h(
            "section",
            { class: "sk-head" },
            h("h1", { id: "sheet-title" }, sheet.name),
            h("p", { id: "sheet-sub" }, sub.join(" · ")),
          ),
          standingStrip(v),
          banner(v),
          cards(v),
        ),
        controls(v),
      ),
      h(
        "div",
        { class: "sk-more" },
        history(v),
        h("div", { class: "sk-side" }, share(), settings(v)),
      ),
    );
    window.scrollTo(0, scrollY);
  }

  window.addEventListener("online", () => {
    if (rec.queue.length) flush();
    else refresh();
  });
  window.addEventListener("offline", () => setOffline(true));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !flushing) refresh();
  });
  onLangChange(() => {
    paint();
    if (!offline) refresh();
  });

  paint();
  if (rec.queue.length && rec.server) flush().then(() => refresh());
  else refresh();
}

// -- start ----------------------------------------------------------------------------------------
function registerWorker() {
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/score-sw.js", { scope: "/score" }).catch(() => {
      /* the page works without it, only not after a reload while offline */
    });
  }
}

getLang();
applyStatic();
header();
const match = location.pathname.match(/^\/score\/([A-Za-z0-9_-]+)\/?$/);
if (match) sheetPage(match[1]);
else listPage();
registerWorker();
