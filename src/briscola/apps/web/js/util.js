// Small helpers shared by the pages: DOM building, the HTTP API, toasts, seat tokens, card images.
import { cardName, hasText, t } from "./i18n.js";

/** h("div", {class: "x", onclick: fn}, child, "text", [more]) builds an element. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k in el && typeof v !== "string" && k !== "list") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Call the server's JSON API; throws ApiError with the server's code and message. */
export async function api(path, body = undefined, method = undefined) {
  let res;
  try {
    res = await fetch(path, {
      method: method || (body === undefined ? "GET" : "POST"),
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(t("error.network"), "network", 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    let msg = data && (data.message || data.detail);
    if (Array.isArray(msg)) msg = msg.map((d) => d.msg || d).join("; ");
    const code = data?.code;
    // the server words its errors in English: the common ones are said in the page's language
    if (code === "invalid_request") msg = `${t("error.invalid_request")}${msg ? ` (${msg})` : ""}`;
    else if (code && hasText(`error.${code}`)) msg = t(`error.${code}`);
    throw new ApiError(msg || `${t("error.generic")} (HTTP ${res.status})`, code, res.status);
  }
  return data;
}

let toastBox = null;

/** Show a short message at the bottom of the screen (kind: error, info). */
export function toast(message, kind = "error", ms = 4500) {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const el = h("div", { class: `toast toast-${kind}` }, message);
  toastBox.append(el);
  setTimeout(() => el.classList.add("out"), ms - 400);
  setTimeout(() => el.remove(), ms);
  return el;
}

const SEAT_KEY = (id) => `briscola.seat.${id}`;

export function saveSeat(tableId, seat, token) {
  try {
    localStorage.setItem(SEAT_KEY(tableId), JSON.stringify({ seat, token, at: Date.now() }));
    localStorage.setItem("briscola.last", JSON.stringify({ tableId, seat, at: Date.now() }));
  } catch {
    /* storage may be off */
  }
}

export function loadSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY(tableId)) || "null");
  } catch {
    return null;
  }
}

export function lastTable() {
  try {
    return JSON.parse(localStorage.getItem("briscola.last") || "null");
  } catch {
    return null;
  }
}

export function forgetLast() {
  try {
    localStorage.removeItem("briscola.last");
  } catch {
    /* ignore */
  }
}

/** The URL of the table page for a seat, with the token in the fragment. */
export function tableUrl(tableId, seat, token) {
  return `/table/${encodeURIComponent(tableId)}?seat=${seat}#token=${encodeURIComponent(token)}`;
}

export function cardSrc(code) {
  return `/static/cards/${code || "back"}.svg`;
}

/** An <img> of a card (face or back); alt is the full name unless decorative. */
export function cardImg(code, { decorative = false, cls = "" } = {}) {
  return h("img", {
    class: `card-img ${cls}`.trim(),
    src: cardSrc(code),
    alt: decorative ? "" : code ? cardName(code) : "",
    draggable: "false",
  });
}

export function getName() {
  try {
    return localStorage.getItem("briscola.name") || "";
  } catch {
    return "";
  }
}

export function setName(name) {
  try {
    localStorage.setItem("briscola.name", name);
  } catch {
    /* ignore */
  }
}

/** Human text for a match format like "best-of:3". */
export function matchTitle(fmt) {
  if (!fmt || fmt === "single") return t("match.single");
  const [kind, n] = String(fmt).split(":");
  return t(`match.${kind}`, { n });
}

const SVGNS = "http://www.w3.org/2000/svg";

/** A small robot head: the avatar of a computer player. */
export function botIcon() {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML =
    '<rect x="4" y="7" width="16" height="12" rx="3" fill="#2c4a5e"/>' +
    '<circle cx="9" cy="13" r="2" fill="#ffd54a"/><circle cx="15" cy="13" r="2" fill="#ffd54a"/>' +
    '<path d="M12 3v4" stroke="#2c4a5e" stroke-width="2"/><circle cx="12" cy="3" r="1.6" fill="#c62828"/>';
  return svg;
}

/** Is the beginner aid (running points) on? */
export function aidOn() {
  try {
    return localStorage.getItem("briscola.aid") === "1";
  } catch {
    return false;
  }
}

export function setAid(on) {
  try {
    localStorage.setItem("briscola.aid", on ? "1" : "0");
  } catch {
    /* ignore */
  }
}

const CARD_POINTS = { A: 11, 3: 10, R: 4, C: 3, F: 2 };

/** A card's points under a ruleset (the Tre/Sette inversion swaps 3 and 7). */
export function cardPoints(code, ruleset) {
  const rank = code.slice(0, -1);
  if (ruleset && ruleset.inversion) {
    if (rank === "7") return 10;
    if (rank === "3") return 0;
  }
  return CARD_POINTS[rank] || 0;
}
