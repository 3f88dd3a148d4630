// A rating as the leaderboards and the players' pages show it: its number with the provisional
// mark, and its history as a small SVG line chart (js/table/profile.js): the
// rating after each rated game, oldest on the left; the lowest and highest ratings on the left
// edge, the first and last dates under the line, a dot on each game (its date and rating as a
// tooltip), the last one larger. Drawn to scale inside its box (viewBox), so it fits any width.
import { t } from "../common/i18n.js";
import { h } from "../common/dom.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 140;
const PAD = { left: 44, right: 10, top: 12, bottom: 26 };

/** An SVG element (h() makes HTML ones). */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** A player's page. */
export function profileUrl(username) {
  return `/players/${encodeURIComponent(username)}`;
}

/** A rating with its provisional mark ("1523?", the mark explained in its title). */
export function ratingText(rating, provisional) {
  return h(
    "span",
    { class: provisional ? "rating provisional" : "rating" },
    String(rating),
    provisional ? h("abbr", { title: t("rating.provisional.help"), class: "mark" }, "?") : null,
  );
}

/** A date as the page's language writes it short ("6 dic"). */
export function shortDate(iso, lang) {
  return new Date(iso).toLocaleDateString(lang, { day: "numeric", month: "short" });
}

/** The chart of `points` ([{at, rating}], oldest first) titled `title`, in `lang`. */
export function ratingChart(points, title, lang) {
  const ratings = points.map((p) => p.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 40) {
    const mid = (high + low) / 2;
    low = Math.floor(mid - 20);
    high = Math.ceil(mid + 20);
  }
  const width = W - PAD.left - PAD.right;
  const height = H - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length < 2 ? width / 2 : (i * width) / (points.length - 1));
  const y = (r) => PAD.top + ((high - r) * height) / (high - low);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const svg = s(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, class: "rating-chart" },
    s("title", {}, title),
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(high), y2: y(high), class: "grid" }),
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(low), y2: y(low), class: "grid" }),
    s("text", { x: PAD.left - 6, y: y(high) + 4, class: "axis", "text-anchor": "end" }, high),
    s("text", { x: PAD.left - 6, y: y(low) + 4, class: "axis", "text-anchor": "end" }, low),
    s("text", { x: PAD.left, y: H - 6, class: "axis" }, shortDate(points[0].at, lang)),
    points.length > 1
      ? s(
          "text",
          { x: W - PAD.right, y: H - 6, class: "axis", "text-anchor": "end" },
          shortDate(points[points.length - 1].at, lang),
        )
      : "",
    s("polyline", { points: line, class: "line" }),
  );
  points.forEach((p, i) => {
    const last = i === points.length - 1;
    svg.append(
      s(
        "circle",
        { cx: x(i), cy: y(p.rating), r: last ? 4.5 : 2.5, class: last ? "dot last" : "dot" },
        s("title", {}, `${shortDate(p.at, lang)}: ${p.rating}`),
      ),
    );
  });
  return h("figure", { class: "rating-figure" }, svg);
}
