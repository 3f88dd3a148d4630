// Where the auction's (and the call's) panel lies on the felt: in the largest free space between
// the seats, the stock and the status line, so that no name plate is hidden under it. Where the
// panel does not fit whole, the other hands' backs and the status line (the panel says whose
// bid it is) are put away (the felt's "bare" class) and, if still short, the panel keeps the
// room there is and scrolls.
//
// The geometry is pure (freeGaps, placeIn: tested by node); fitPanel measures the felt.

/** Room kept between the panel and anything around it (px). */
const MARGIN = 6;

/** The widest a panel grows (px) and the narrowest it is worth showing. */
const WIDE = 440;
const NARROW = 130;

/** The least height (px) a panel that scrolls may take. */
const LOW = 110;

const OBSTACLES =
  ".seat .plate, .seat .backs, .seat .open-hand-box, .deck, .trump-chip, .trump-label, .status";

/**
 * The free vertical gaps of the column [left, right] of the box `inner` ({left, right, top,
 * bottom}) among the rectangles `obstacles`: [{top, bottom}], top to bottom, each at least
 * `margin` away from what is above and below it.
 */
export function freeGaps(obstacles, inner, left, right, margin = MARGIN) {
  const hits = obstacles
    .filter((o) => o.right > left - margin && o.left < right + margin)
    .sort((a, b) => a.top - b.top);
  const gaps = [];
  let top = inner.top + margin;
  const end = inner.bottom - margin;
  for (const o of hits) {
    const stop = Math.min(o.top - margin, end);
    if (stop > top) gaps.push({ top, bottom: stop });
    top = Math.max(top, o.bottom + margin);
  }
  if (end > top) gaps.push({ top, bottom: end });
  return gaps;
}

/**
 * The place for a panel of natural height `height(w)` at width `w` (from the widest down): the
 * first width and column, nearest the middle, where the whole panel fits; else the tallest room
 * found. Returns {x, y, w, h, full} (h: the height it gets) or null where no room is `LOW` high.
 */
export function placeIn(obstacles, inner, height) {
  const room = inner.right - inner.left - 2 * MARGIN;
  const cx = (inner.left + inner.right) / 2;
  const cy = (inner.top + inner.bottom) / 2;
  let best = null;
  for (let w = Math.min(WIDE, room); w >= Math.min(NARROW, room); w -= 10) {
    const need = height(w);
    const xs = [cx - w / 2];
    for (let d = 5; d <= room / 2; d += 5) xs.push(cx - w / 2 - d, cx - w / 2 + d);
    for (const x of xs) {
      if (x < inner.left + MARGIN || x + w > inner.right - MARGIN) continue;
      for (const gap of freeGaps(obstacles, inner, x, x + w)) {
        const free = gap.bottom - gap.top;
        if (free >= need) {
          const y = Math.min(Math.max(cy - need / 2, gap.top), gap.bottom - need);
          return { x, y, w, h: need, full: true };
        }
        if (free >= LOW && (!best || free > best.h))
          best = { x, y: gap.top, w, h: free, full: false };
      }
    }
  }
  return best;
}

/** Lay out the felt's auction or call panel (if any) where it hides no seat; returns its place. */
export function fitPanel(felt) {
  const panel = felt.querySelector(".auction");
  felt.classList.remove("bare");
  if (!panel) return null;
  let got = measureAndPlace(felt, panel);
  if (!got || !got.full) {
    felt.classList.add("bare");
    const bare = measureAndPlace(felt, panel);
    if (bare && (!got || bare.full || bare.h > got.h)) got = bare;
    else felt.classList.remove("bare");
  }
  if (!got) {
    panel.classList.remove("placed");
    Object.assign(panel.style, { left: "", top: "", width: "", maxHeight: "" });
    return null;
  }
  panel.classList.add("placed");
  panel.style.left = `${(got.x - felt.clientLeft).toFixed(1)}px`;
  panel.style.top = `${(got.y - felt.clientTop).toFixed(1)}px`;
  panel.style.width = `${got.w.toFixed(1)}px`;
  panel.style.maxHeight = `${got.h.toFixed(1)}px`;
  // short of room: the player's own choices first, the calls so far above them
  const mine = panel.querySelector(".field-label");
  if (!got.full && mine) panel.scrollTop = mine.offsetTop - MARGIN;
  return got;
}

/** The panel's place on the felt as it is drawn now (coordinates from the felt's outer box). */
function measureAndPlace(felt, panel) {
  const frame = felt.getBoundingClientRect();
  const rel = (r) => ({
    left: r.left - frame.left,
    right: r.right - frame.left,
    top: r.top - frame.top,
    bottom: r.bottom - frame.top,
  });
  const obstacles = [...felt.querySelectorAll(OBSTACLES)]
    .filter((e) => !panel.contains(e))
    .map((e) => rel(e.getBoundingClientRect()))
    .filter((r) => r.right > r.left && r.bottom > r.top);
  const inner = {
    left: felt.clientLeft,
    top: felt.clientTop,
    right: felt.clientLeft + felt.clientWidth,
    bottom: felt.clientTop + felt.clientHeight,
  };
  panel.classList.add("placed", "measuring");
  panel.style.maxHeight = "none";
  const height = (w) => {
    panel.style.width = `${w}px`;
    return panel.getBoundingClientRect().height;
  };
  const got = placeIn(obstacles, inner, height);
  panel.classList.remove("measuring");
  return got;
}
