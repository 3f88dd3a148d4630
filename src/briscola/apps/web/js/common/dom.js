// DOM helpers shared by every page: building elements and the toasts at the bottom of the screen.

/**
 * h("div", {class: "x", onclick: fn}, child, "text", [more]) builds an element. Attributes: `on*`
 * functions are listeners, `class`, `style` (an object: CSS properties in camelCase or kebab-case,
 * and custom properties like `--rot`, each set with setProperty or as a property), `dataset`; `value`, `checked` and other
 * non-string values of the element's own properties are set as properties (`disabled: true`,
 * `selected: false`); the rest as attributes (`true` as an empty one). null, undefined and false
 * leave an attribute or a child out; arrays of children are flattened.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "style" && typeof v === "object") setStyle(el, v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "value" || k === "checked") el[k] = v;
    else if (k in el && typeof v !== "string" && k !== "list") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

/** Set each of `styles` on `el`: a name with a dash ("--rot", "grid-area") through setProperty,
 * which is the only way to set a custom property; a camelCase name as a property. */
export function setStyle(el, styles) {
  for (const [name, value] of Object.entries(styles)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.includes("-")) el.style.setProperty(name, String(value));
    else el.style[name] = value;
  }
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Copy `text` to the clipboard; without clipboard access, select `input` (which shows it) and copy. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input?.select();
    document.execCommand?.("copy");
  }
}

/**
 * Share a link: the system's share sheet where the browser has the Web Share API (a phone), else
 * copy it (`input` shows it, for browsers without clipboard access). Returns "shared", "copied"
 * or "cancelled" (the person closed the share sheet).
 */
export async function shareLink(url, title, input) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return "shared";
    } catch (e) {
      if (e?.name === "AbortError") return "cancelled";
    }
  }
  await copyText(url, input);
  return "copied";
}

let toastBox = null;

/** Show a short message at the bottom of the screen (kind: error, info); returns its element. */
export function toast(message, kind = "error", ms = 4500) {
  if (!toastBox) {
    const attrs = { class: "toasts", role: "status", "aria-live": "polite", popover: "manual" };
    toastBox = h("div", attrs);
    document.body.append(toastBox);
  }
  const el = h("div", { class: `toast toast-${kind}` }, message);
  toastBox.append(el);
  // the toasts go to the top of the page's top layer, over a modal dialog and its dimmed
  // backdrop (the score keeper's keypad) opened before them
  if (typeof toastBox.showPopover === "function") {
    if (toastBox.matches(":popover-open")) toastBox.hidePopover();
    toastBox.showPopover();
  }
  setTimeout(() => el.classList.add("out"), ms - 400);
  setTimeout(() => el.remove(), ms);
  return el;
}
