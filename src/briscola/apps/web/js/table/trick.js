// The cards of the trick in the middle of the felt: where each seat's card lies (a slot in a
// grid, or a row on a wide low felt), the size that fits between the seats, the stock and the
// status line without touching any of them, the flight in from the player's side with its tilt,
// and the sweep of a completed trick to its winner's pile.
//
// The slots are pure data (trickSlots, tested by node); fitTrick measures the felt once it is
// drawn and chooses the layout and card width that fit, largest first.
import { cardImg } from "../common/util.js";
import { h } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { fitPanel } from "./panelfit.js";

/** Each seat's tilt in degrees, by seat number: a card lies a little askew, never flat. */
export const TILT = [-5, 4, -3, 5, -4, 3];

/** The largest tilt (degrees): the room a card's turned corners take beside it. */
const MAX_TILT = Math.max(...TILT.map(Math.abs));

/** Slots by number of players, by seat relative to the viewer (0 = the viewer, at the bottom):
 * [x, y] in cells (a cell is a card and the gap beside it), the trick's centre at [0, 0]. */
const GRID = {
  2: [
    [0, 0.5],
    [0, -0.5],
  ],
  3: [
    [0, 0.5],
    [0.5, -0.5],
    [-0.5, -0.5],
  ],
  4: [
    [0, 0.5],
    [1, 0],
    [0, -0.5],
    [-1, 0],
  ],
  5: [
    [0, 0.5],
    [1, 0.5],
    [0.5, -0.5],
    [-0.5, -0.5],
    [-1, 0.5],
  ],
  6: [
    [0, 0.5],
    [1, 0.5],
    [1, -0.5],
    [0, -0.5],
    [-1, -0.5],
    [-1, 0.5],
  ],
};

/** The same slots two cards wide, for a felt narrower than it is high (a phone upright, its side
 * seats close to the middle): each card still on its player's side, the seats across the table
 * above and below, the others in two columns. */
const TALL = {
  4: [
    [0, 1],
    [0.5, 0],
    [0, -1],
    [-0.5, 0],
  ],
  5: [
    [0, 1],
    [0.5, 0],
    [0.5, -1],
    [-0.5, -1],
    [-0.5, 0],
  ],
  6: [
    [0, 1.5],
    [0.5, 0.5],
    [0.5, -0.5],
    [0, -1.5],
    [-0.5, -0.5],
    [-0.5, 0.5],
  ],
};

/** The trick's layouts for `players`, tried in this order at each card width (see fitTrick). */
export function trickLayouts(players) {
  return TALL[players] ? ["grid", "tall", "row"] : ["grid", "row"];
}

/** A seat's direction from the centre of the felt: [cos, sin] of its angle (y grows down). */
export function direction(rel, players) {
  const a = ((90 - (rel * 360) / players) * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

/**
 * The slot of the seat `rel` places after the viewer, with `players` at the table: [x, y] in
 * cells. `layout` "grid" keeps each card on its player's side (two or three rows), "tall" too in
 * two columns (four to six players); "row" lays every card in one row, from the left side of the
 * table to the right (a wide, low felt).
 */
export function trickSlots(players, layout = "grid") {
  const n = Math.max(2, Math.min(6, players));
  if (layout === "grid" && GRID[n] && n === players) return GRID[n].map(([x, y]) => [x, y]);
  if (layout === "tall" && TALL[n] && n === players) return TALL[n].map(([x, y]) => [x, y]);
  // one row: by the side of the table, the farther seat first where two share a side
  const order = Array.from({ length: players }, (_, rel) => rel).sort((a, b) => {
    const [ca, sa] = direction(a, players);
    const [cb, sb] = direction(b, players);
    return Math.abs(ca - cb) > 1e-6 ? ca - cb : sa - sb;
  });
  const slots = new Array(players);
  order.forEach((rel, k) => {
    slots[rel] = [k - (players - 1) / 2, 0];
  });
  return slots;
}

/** The size of a cell for a card `w` px wide: the tilted card, its player's name under it
 * (`label` px) and a gap. */
export function cellSize(w, label) {
  const r = (MAX_TILT * Math.PI) / 180;
  const h = w * 1.5;
  return {
    w: w * Math.cos(r) + h * Math.sin(r) + 6,
    h: h * Math.cos(r) + w * Math.sin(r) + label + 4,
  };
}

/** The trick's extent around its centre for slots, card width `w`: {left, right, top, bottom}. */
export function trickBox(slots, w, label) {
  const cell = cellSize(w, label);
  const xs = slots.map(([x]) => x * cell.w);
  const ys = slots.map(([, y]) => y * cell.h);
  const halfW = cell.w / 2;
  return {
    left: Math.min(...xs) - halfW,
    right: Math.max(...xs) + halfW,
    top: Math.min(...ys) - (cell.h - label) / 2,
    bottom: Math.max(...ys) + (cell.h - label) / 2 + label,
  };
}

/** The trick as the view shows it now: the held trick while it is shown, else the one in play. */
export function shownTrick(view, obs) {
  const held = view.held;
  if (held && Date.now() < held.sweepUntil) {
    const sweeping = Date.now() >= held.until;
    return { plays: held.cards, done: true, sweeping, winner: held.winner };
  }
  return { plays: obs.trick, done: false, sweeping: false, winner: null };
}

/** True while the finished trick is still on show but the next one has begun (the computer that
 * took it has led already): until its lead is drawn, nobody's turn is announced and the hand
 * waits, so "Tocca a te" never comes before the card it answers. */
export function nextTrickHidden(view, obs) {
  return Boolean(obs?.trick?.length) && shownTrick(view, obs).done;
}

/** The trick's element: each card at its seat's slot, flying in, or sweeping to the winner. */
export function trickCards(view, obs) {
  const { plays, done, sweeping, winner } = shownTrick(view, obs);
  const fit = view.trickFit || { w: null, layout: "grid", x: 0, y: 0 };
  const [wx, wy] = winner === null ? [0, 0] : direction(view.rel(winner), view.players);
  const els = plays.map(([seat, card]) => {
    const rel = view.rel(seat);
    const [c, s] = direction(rel, view.players);
    const fresh = !sweeping && !view.prevTrick.includes(card);
    const cls = `played${fresh ? " enter" : ""}${done && seat === winner ? " winner" : ""}`;
    return h(
      "div",
      {
        class: `${cls}${sweeping ? " sweep" : ""}`,
        style: {
          "--rot": `${TILT[seat % TILT.length]}deg`,
          "--fx": `${Math.round(c * 42)}vmin`,
          "--fy": `${Math.round(s * 38)}vmin`,
          "--sx": `${Math.round(wx * 42)}vmin`,
          "--sy": `${Math.round(wy * 40)}vmin`,
        },
        dataset: { card, seat: String(seat), rel: String(rel) },
      },
      cardImg(card),
      h(
        "span",
        { class: "by", title: view.nameOf(seat), dataset: { short: shortName(view, seat) } },
        view.nameOf(seat),
      ),
    );
  });
  const el = h(
    "div",
    {
      class: `trick${done ? " done" : ""}`,
      role: "group",
      "aria-label": t("table.trick"),
      dataset: { players: String(view.players) },
    },
    els,
  );
  placeTrick(el, fit);
  return el;
}

/** Put the trick's centre and its cards where `fit` says ({w, layout, x, y}; w null: CSS's). */
function placeTrick(el, fit) {
  if (fit.w) {
    el.style.setProperty("--play-w", `${fit.w.toFixed(1)}px`);
    el.style.setProperty("--play-h", `${(fit.w * 1.5).toFixed(1)}px`);
    el.style.left = `${fit.x.toFixed(1)}px`;
    el.style.top = `${fit.y.toFixed(1)}px`;
  }
  el.dataset.layout = fit.layout;
  const cell = cellSize(fit.w || 80, fit.label || 18);
  const slots = trickSlots(Number(el.dataset.players), fit.layout);
  for (const card of el.querySelectorAll(".played")) {
    const [x, y] = slots[Number(card.dataset.rel)] || [0, 0];
    card.style.left = `${(x * cell.w).toFixed(1)}px`;
    card.style.top = `${(y * cell.h).toFixed(1)}px`;
  }
}

/** The felts fitTrick watches for a change of size. */
const fitted = new WeakSet();

/** Below this felt area (px²) four or more seats sit compact: a 320×480 embed's felt is ~60 000. */
const TIGHT_AREA = 100_000;

const OBSTACLES =
  ".seat .plate, .seat .backs, .seat .open-hand-box, .deck, .trump-chip, .trump-label, .status";

/** True when rectangles a and b ({left, right, top, bottom}) overlap by more than `slack` px. */
export function overlaps(a, b, slack = 0) {
  return (
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack
  );
}

/**
 * Choose the trick's layout, card width and centre so that it touches nothing on the felt:
 * the largest width (from CSS's --play-w down) at which the grid, else two columns, else one row,
 * fits at the centre of the free band between the top seat and the status line. Sets
 * view.trickFit and moves the drawn trick there; returns the fit.
 */
export function fitTrick(view) {
  const felt = view.felt;
  if (!fitted.has(felt) && typeof ResizeObserver !== "undefined") {
    // fit again whenever the felt changes size (the page's styles and fonts come in, a resize)
    fitted.add(felt);
    new ResizeObserver(() => view.msg && fitTrick(view)).observe(felt);
  }
  const frame = felt.getBoundingClientRect();
  if (!frame.width || !frame.height) return view.trickFit;
  const inner = {
    left: felt.clientLeft,
    top: felt.clientTop,
    right: felt.clientLeft + felt.clientWidth,
    bottom: felt.clientTop + felt.clientHeight,
  };
  const rel = (r) => ({
    left: r.left - frame.left,
    right: r.right - frame.left,
    top: r.top - frame.top,
    bottom: r.bottom - frame.top,
  });
  // a small felt with four or more seats: compact seats (see css/seats.css, .felt.tight)
  felt.classList.toggle("tight", view.players >= 4 && frame.width * frame.height < TIGHT_AREA);
  placeChip(felt);
  fitPanel(felt); // before the seats are measured: it may put their backs away
  const obstacles = [...felt.querySelectorAll(OBSTACLES)]
    .map((e) => rel(e.getBoundingClientRect()))
    .filter((r) => r.right > r.left && r.bottom > r.top);
  const wMax = cssWidth(felt);
  const label = felt.classList.contains("tight") ? 14 : 18; // the names under the cards
  const cx = (inner.left + inner.right) / 2;
  const bands = freeBand(obstacles, inner, cx);
  const fits = (layout, w, y) => {
    const box = trickBox(trickSlots(view.players, layout), w, label);
    const r = {
      left: cx + box.left,
      right: cx + box.right,
      top: y + box.top,
      bottom: y + box.bottom,
    };
    if (r.left < inner.left + 2 || r.right > inner.right - 2) return false;
    if (r.top < inner.top + 2 || r.bottom > inner.bottom - 2) return false;
    return !obstacles.some((o) => overlaps(r, o, 0));
  };
  let best = null;
  const layouts = trickLayouts(view.players);
  // centres to try: the free band's middle first, then outwards from it
  const mid = (bands.top + bands.bottom) / 2;
  const ys = [];
  for (let d = 0; d < inner.bottom - inner.top; d += 6) ys.push(mid - d, mid + d);
  for (let w = wMax; w >= 26 && !best; w *= 0.94) {
    for (const layout of layouts) {
      const box = trickBox(trickSlots(view.players, layout), w, label);
      const off = (box.top + box.bottom) / 2;
      const y = ys.map((yy) => yy - off).find((yy) => fits(layout, w, yy));
      if (y !== undefined) {
        best = { w, layout, x: cx, y, label };
        break;
      }
    }
  }
  if (!best) best = leastOverlap(view, obstacles, inner, cx, ys, label);
  // the trick's left and top are inside the felt's border
  best = { ...best, x: best.x - inner.left, y: best.y - inner.top };
  view.trickFit = best;
  const el = felt.querySelector(".trick");
  if (el) {
    placeTrick(el, best);
    shortenNames(el);
  }
  return best;
}

/** A seat's name cut to the fewest letters (two at least) that tell it from every other seat's
 * ("Marc", "Mart", "Mat" for Marco, Marta and Matteo), the whole name where it is no longer. */
export function shortName(view, seat) {
  const letters = (name) => Array.from(name); // an emoji is one letter, not two halves
  const mine = letters(view.nameOf(seat));
  const others = [];
  for (let s = 0; s < view.players; s++) {
    if (s !== seat) others.push(letters(view.nameOf(s).toLowerCase()));
  }
  const lower = mine.map((c) => c.toLowerCase());
  for (let k = 1; k < mine.length; k++) {
    const prefix = lower.slice(0, k).join("");
    if (!others.some((o) => o.slice(0, k).join("") === prefix)) {
      return mine.slice(0, Math.max(k, 2)).join("");
    }
  }
  return mine.join("");
}

/** Under each card of the trick, the player's short name where the whole one does not fit (a
 * cut "Ma…" was Marco, Matteo or Marta alike); the whole name stays its title. */
function shortenNames(trick) {
  for (const by of trick.querySelectorAll(".played .by")) {
    if (by.scrollWidth > by.clientWidth + 0.5 && by.dataset.short)
      by.textContent = by.dataset.short;
  }
}

/** Where nothing fits: a readable trick (34 px down to 26), inside the felt, where it overlaps
 * the least (the larger cards when two overlap as little). */
function leastOverlap(view, obstacles, inner, cx, ys, label) {
  let best = null;
  for (const w of [34, 30, 26]) {
    for (const layout of trickLayouts(view.players)) {
      const box = trickBox(trickSlots(view.players, layout), w, label);
      for (const y of ys) {
        const r = {
          left: cx + box.left,
          right: cx + box.right,
          top: y + box.top,
          bottom: y + box.bottom,
        };
        if (r.top < inner.top || r.bottom > inner.bottom) continue;
        const area = obstacles.reduce((n, o) => n + overlapArea(r, o), 0);
        if (!best || area < best.area) best = { w, layout, x: cx, y, label, area };
      }
    }
  }
  return best || { w: 26, layout: "row", x: cx, y: ys[0], label, area: null };
}

function overlapArea(a, b) {
  const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return x > 0 && y > 0 ? x * y : 0;
}

/** Put the trump chip in the first corner of the felt where it touches no seat. */
export function placeChip(felt) {
  const chip = felt.querySelector(".trump-chip");
  if (!chip) return;
  const seats = [...felt.querySelectorAll(CHIP_OBSTACLES)].map((e) => e.getBoundingClientRect());
  const box = (e) => {
    const r = e.getBoundingClientRect();
    const label = e.querySelector(".trump-label");
    const l = label && label.offsetParent ? label.getBoundingClientRect() : r;
    return {
      left: Math.min(r.left, l.left),
      right: Math.max(r.right, l.right),
      top: Math.min(r.top, l.top),
      bottom: Math.max(r.bottom, l.bottom),
    };
  };
  // the chip and its label keep inside the felt's cloth, on every felt (a label past its right
  // edge was cut to "Brisc… copp…" on a phone once the stock was empty)
  const edge = felt.getBoundingClientRect();
  const cloth = {
    left: edge.left + felt.clientLeft,
    top: edge.top + felt.clientTop,
    right: edge.left + felt.clientLeft + felt.clientWidth,
    bottom: edge.top + felt.clientTop + felt.clientHeight,
  };
  const inside = (r) =>
    r.left >= cloth.left &&
    r.right <= cloth.right &&
    r.top >= cloth.top &&
    r.bottom <= cloth.bottom;
  const free = () => {
    const r = box(chip);
    const ok = inside(r) && !seats.some((o) => overlaps(r, o, 0));
    chip.dataset.free = String(ok); // false only where the last resort below is taken
    return ok;
  };
  chip.style.left = "";
  // in full where there is room, else only the card with its suit beside it, else under it,
  // else a smaller card with its suit in two short lines beside it
  for (const form of CHIP_FORMS) {
    chip.classList.toggle("compact", form !== "full");
    chip.classList.toggle("stacked", form === "stacked");
    chip.classList.toggle("tiny", form === "tiny");
    for (const corner of CORNERS) {
      chip.dataset.corner = corner;
      if (free()) return;
    }
  }
  // every corner touches a seat: the card and its suit along the bottom edge, then the top one
  const room = felt.clientWidth - chip.offsetWidth - 12;
  for (const corner of ["bl", "tl"]) {
    chip.dataset.corner = corner;
    for (let x = 12; x <= room; x += 6) {
      chip.style.left = `${x}px`;
      if (free()) return;
    }
  }
  chip.style.left = "";
  chip.dataset.corner = CORNERS[0];
}

/** The trump chip's forms, largest first (see css/felt.css, .trump-chip). */
const CHIP_FORMS = ["full", "compact", "stacked", "tiny"];

const CORNERS = ["tl", "bl", "tr", "br"];
const CHIP_OBSTACLES = ".seat .plate, .seat .backs, .seat .open-hand-box, .status";

/** The free band down the middle of the felt: below what hangs from the top, above the rest. */
function freeBand(obstacles, inner, cx) {
  const mid = (inner.top + inner.bottom) / 2;
  let top = inner.top;
  let bottom = inner.bottom;
  for (const o of obstacles) {
    if (o.left > cx + 40 || o.right < cx - 40) continue;
    if (o.bottom <= mid) top = Math.max(top, o.bottom);
    else if (o.top >= mid) bottom = Math.min(bottom, o.top);
  }
  return { top, bottom };
}

/** The width CSS gives a card of the trick on this felt (its --play-w), in px. */
function cssWidth(felt) {
  const probe = h("div", {
    style: { position: "absolute", width: "var(--play-w)", height: "0", visibility: "hidden" },
  });
  felt.append(probe);
  const w = probe.getBoundingClientRect().width || 80;
  probe.remove();
  return w;
}
