// The score keeper's icons (the trophy, the level sign of a draw) and signed numbers.
import { h } from "../common/dom.js";

/** A number with its sign: "+5", "−5" (a minus sign), "0". */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export const TROPHY =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">' +
  '<path fill="currentColor" d="M7 2h10v2h3.5v3.2A4.3 4.3 0 0 1 16.4 11.5 5.2 5.2 0 0 1 13 14.3V17h2.5' +
  "a1.5 1.5 0 0 1 1.5 1.5V20H7v-1.5A1.5 1.5 0 0 1 8.5 17H11v-2.7a5.2 5.2 0 0 1-3.4-2.8A4.3 4.3 0 0 1" +
  " 3.5 7.2V4H7V2zm0 4H5.5v1.2c0 1.1.7 2.1 1.7 2.4A5 5 0 0 1 7 8.6V6zm10 0v2.6c0 .3 0 .7-.1 1" +
  ' 1-.3 1.6-1.3 1.6-2.4V6H17z"/><rect x="6" y="20.5" width="12" height="1.8" rx=".9"' +
  ' fill="currentColor"/></svg>';
export const LEVEL =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">' +
  '<rect x="4" y="7" width="16" height="3.2" rx="1.6" fill="currentColor"/>' +
  '<rect x="4" y="13.8" width="16" height="3.2" rx="1.6" fill="currentColor"/></svg>';

/** An inline icon (a trophy, or the level sign of a draw). */
export function icon(svg, cls = "") {
  const span = h("span", { class: `sk-icon ${cls}`, "aria-hidden": "true" });
  span.innerHTML = svg;
  return span;
}
