// The icons of the buttons under the felt (the last trick, the tricks taken, sorting the hand, the
// champion's hint): inline SVG drawn in the button's text colour, so that they show on every
// system, whatever its fonts (an emoji such as the light bulb is an empty box where no font has
// it, as in a plain Linux box's Chromium). Each button keeps its words beside the icon; in a
// narrow embed only the icon shows (embed.css) and the button's aria-label and title name it.
import { h } from "../common/dom.js";

const NS = "http://www.w3.org/2000/svg";

/** Each icon's strokes on a 24×24 grid (lines 2 wide, round ends, no fill). */
const ICONS = {
  // a light bulb: the champion's hint
  hint: [
    "M9 18h6",
    "M10 21h4",
    "M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z",
  ],
  // a clock turning back: the last trick
  last: ["M3.5 12a8.5 8.5 0 1 0 2.5-6", "M3 4v4.5h4.5", "M12 7.5V12l3 2"],
  // a card over another: the tricks taken
  tricks: [
    "M9 3h9a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z",
    "M4 7v12a2 2 0 0 0 2 2h9",
  ],
  // lines shorter and shorter beside an arrow down: sorting the hand
  sort: ["M4 6h9", "M4 12h6", "M4 18h3", "M18 5v14", "M15 16l3 3 3-3"],
};

/** The icon `name` as an <svg> (hidden from screen readers: the button names itself). */
export function icon(name) {
  const svg = document.createElementNS(NS, "svg");
  const attrs = {
    class: `btn-icon icon-${name}`,
    viewBox: "0 0 24 24",
    width: "1.15em",
    height: "1.15em",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    "aria-hidden": "true",
    focusable: "false",
  };
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  for (const d of ICONS[name]) {
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

/** A button's face: its icon, then its words (a span the narrow embed hides). */
export function iconLabel(name, label) {
  return [icon(name), h("span", { class: "btn-label" }, label)];
}
