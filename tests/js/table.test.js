// The table's pure helpers: hand sorting (cards.js), the trick's slots and sizes (trick.js), the
// auction panel's free room (panelfit.js), levels by difficulty and server errors in words
// (util.js), and setStyle (dom.js), which sets custom properties that Object.assign drops.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, test } from "node:test";

import { sortHand } from "../../src/briscola/apps/web/js/common/cards.js";
import { setStyle } from "../../src/briscola/apps/web/js/common/dom.js";
import { setLang } from "../../src/briscola/apps/web/js/common/i18n.js";
import { byDifficulty, errorText } from "../../src/briscola/apps/web/js/common/util.js";
import { freeGaps, placeIn } from "../../src/briscola/apps/web/js/table/panelfit.js";
import { CLOSE_REASONS, closedText } from "../../src/briscola/apps/web/js/table/closing.js";
import {
  TILT,
  cellSize,
  direction,
  overlaps,
  trickBox,
  trickLayouts,
  trickSlots,
} from "../../src/briscola/apps/web/js/table/trick.js";
import { WEB, fakePage } from "./source.js";

beforeEach(() => {
  fakePage();
  setLang("it");
});

test("a hand sorts by suit, the trump suit last, the strongest card of each suit first", () => {
  const hand = ["2d", "Ab", "3c", "Rc", "7d", "Ac", "Fs"];
  assert.deepEqual(sortHand(hand), ["Ac", "3c", "Rc", "7d", "2d", "Fs", "Ab"]);
  assert.deepEqual(sortHand(hand, { trump: "c" }), ["7d", "2d", "Fs", "Ab", "Ac", "3c", "Rc"]);
  assert.deepEqual(hand[0], "2d", "the hand itself is left as it was");
});

test("with the inversion the 7 sorts where the 3 would, and the 3 where the 7 would", () => {
  assert.deepEqual(sortHand(["3d", "7d", "Rd", "Ad"]), ["Ad", "3d", "Rd", "7d"]);
  assert.deepEqual(sortHand(["3d", "7d", "Rd", "Ad"], { inversion: true }), [
    "Ad",
    "7d",
    "Rd",
    "3d",
  ]);
});

test("a hidden or unknown card sorts after the known ones", () => {
  assert.deepEqual(sortHand([null, "2b", "xx", "Ac"]), ["Ac", "2b", null, "xx"]);
});

test("each seat's slot in the trick: the viewer's card below the centre, one slot a seat", () => {
  for (const n of [2, 3, 4, 5, 6]) {
    const slots = trickSlots(n);
    assert.equal(slots.length, n);
    assert.ok(slots[0][1] > 0, `the viewer's card lies below the centre (${n} players)`);
    const distinct = new Set(slots.map(([x, y]) => `${x},${y}`));
    assert.equal(distinct.size, n, `no two seats share a slot (${n} players)`);
  }
  // four players: the partner across the table above, the opponents at the sides
  assert.deepEqual(trickSlots(4), [
    [0, 0.5],
    [1, 0],
    [0, -0.5],
    [-1, 0],
  ]);
});

test("two columns keep each card on its player's side, no two cards in one cell", () => {
  for (const n of [4, 5, 6]) {
    assert.deepEqual(trickLayouts(n), ["grid", "tall", "row"]);
    const slots = trickSlots(n, "tall");
    const xs = new Set(slots.map(([x]) => x));
    assert.ok(xs.size <= 3 && Math.max(...xs) - Math.min(...xs) === 1, `two cards wide (${n})`);
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        const [dx, dy] = [slots[a][0] - slots[b][0], slots[a][1] - slots[b][1]];
        assert.ok(Math.abs(dx) >= 1 || Math.abs(dy) >= 1, `seats ${a} and ${b} apart (${n})`);
      }
    for (let rel = 1; rel < n; rel++) {
      const [c] = direction(rel, n);
      if (Math.abs(c) > 0.3) assert.ok(Math.sign(slots[rel][0]) === Math.sign(c), `side (${n})`);
    }
    assert.ok(slots[0][1] > 0, "the viewer's card at the foot");
  }
  assert.deepEqual(trickLayouts(3), ["grid", "row"]);
});

test("one row lays the cards from the table's left side to its right", () => {
  const row = trickSlots(4, "row");
  assert.ok(row.every(([, y]) => y === 0));
  // the seat at the left (3) first, then the one across (2) before the viewer (0), then the right
  assert.deepEqual(
    row.map(([x]) => x),
    [0.5, 1.5, -0.5, -1.5],
  );
  assert.deepEqual(
    trickSlots(2, "row").map(([x]) => x),
    [0.5, -0.5],
  );
});

test("a seat's direction from the centre: the viewer down, the one across up", () => {
  const [c0, s0] = direction(0, 4);
  assert.ok(Math.abs(c0) < 1e-9 && Math.abs(s0 - 1) < 1e-9);
  const [c2, s2] = direction(2, 4);
  assert.ok(Math.abs(c2) < 1e-9 && Math.abs(s2 + 1) < 1e-9);
  assert.ok(direction(1, 4)[0] > 0.99, "the next seat (play goes counterclockwise) at the right");
});

test("a cell holds the tilted card, its player's name under it and a gap", () => {
  const cell = cellSize(80, 18);
  assert.ok(cell.w > 80 && cell.w < 100, cell.w);
  assert.ok(cell.h > 120 + 18 && cell.h < 160, cell.h);
  const box = trickBox(trickSlots(2), 80, 18);
  assert.ok(Math.abs(box.left + cell.w / 2) < 1e-9 && Math.abs(box.right - cell.w / 2) < 1e-9);
  assert.ok(box.bottom - box.top > 2 * (cell.h - 18), "two rows of cards, one above the other");
  assert.ok(
    TILT.every((d) => d !== 0 && Math.abs(d) <= 8),
    "every seat's card a little askew",
  );
});

test("rectangles overlap only past the slack", () => {
  const a = { left: 0, right: 10, top: 0, bottom: 10 };
  assert.ok(overlaps(a, { left: 5, right: 15, top: 5, bottom: 15 }));
  assert.ok(!overlaps(a, { left: 10, right: 20, top: 0, bottom: 10 }), "touching edges");
  assert.ok(!overlaps(a, { left: 8, right: 20, top: 0, bottom: 10 }, 3), "within the slack");
});

test("the free gaps of a column among the seats", () => {
  const inner = { left: 0, right: 400, top: 0, bottom: 300 };
  const seats = [
    { left: 150, right: 250, top: 10, bottom: 50 }, // across the table
    { left: 0, right: 60, top: 120, bottom: 180 }, // at the left side: outside the column
  ];
  assert.deepEqual(freeGaps(seats, inner, 100, 300, 5), [{ top: 55, bottom: 295 }]);
  assert.deepEqual(freeGaps(seats, inner, 0, 100, 5), [
    { top: 5, bottom: 115 },
    { top: 185, bottom: 295 },
  ]);
});

test("a panel goes whole in the middle where it fits, else where the room is tallest", () => {
  const inner = { left: 0, right: 500, top: 0, bottom: 300 };
  const seats = [
    { left: 200, right: 300, top: 0, bottom: 40 },
    { left: 0, right: 80, top: 130, bottom: 170 },
    { left: 420, right: 500, top: 130, bottom: 170 },
  ];
  const got = placeIn(seats, inner, () => 200);
  assert.equal(got.full, true);
  assert.ok(got.y >= 46 && got.y + got.h <= 294, got);
  assert.ok(got.x >= 86 && got.x + got.w <= 414, "between the side seats");
  const box = { left: got.x, right: got.x + got.w, top: got.y, bottom: got.y + got.h };
  assert.ok(!seats.some((s) => overlaps(s, box)));
  const short = placeIn(seats, inner, () => 1000);
  assert.equal(short.full, false);
  assert.ok(short.h >= 200, "it scrolls in the tallest room");
  assert.equal(
    placeIn(seats, { left: 0, right: 500, top: 0, bottom: 60 }, () => 200),
    null,
  );
});

test("levels in order of difficulty, one the list does not know last", () => {
  const levels = ["champion", "custom", "random", "medium", "easy"].map((name) => ({ name }));
  assert.deepEqual(
    byDifficulty(levels).map((l) => l.name),
    ["random", "easy", "medium", "champion", "custom"],
  );
  assert.equal(levels[0].name, "champion", "a new array");
});

test("a server error in the page's words; the server's English only on an English page", () => {
  assert.notEqual(errorText("not_your_turn", "Not your turn"), "Not your turn");
  assert.match(errorText("no_such_code", "Boom"), /\(no_such_code\)$/);
  setLang("en");
  assert.equal(errorText("no_such_code", "Boom"), "Boom");
});

test("a socket closed for a damaged table says so, not that there is no seat", () => {
  const noSeat = closedText("bad token");
  assert.match(noSeat, /Non hai un posto/);
  assert.match(closedText("damaged table"), /danneggiato/);
  assert.match(closedText("unknown table"), /non esiste/);
  assert.match(closedText("rate limited"), /Troppe richieste/);
  assert.equal(closedText("token in URL"), noSeat);
  setLang("en");
  assert.match(closedText("damaged table"), /damaged/);
  assert.notEqual(closedText("damaged table"), closedText("bad token"));
});

test("the close reasons the client words are those the server closes with", () => {
  const server = join(WEB, "../server");
  const said = new Set();
  for (const f of readdirSync(server).filter((f) => f.endsWith(".py")))
    for (const m of readFileSync(join(server, f), "utf8").matchAll(/POLICY_VIOLATION, "([^"]+)"/g))
      said.add(m[1]);
  assert.ok(said.has("bad token"), [...said]);
  for (const reason of CLOSE_REASONS) assert.ok(said.has(reason), reason);
});

test("setStyle sets custom properties with setProperty and the rest as properties", () => {
  const set = {};
  const el = { style: { setProperty: (k, v) => (set[k] = v) } };
  setStyle(el, { "--rot": "4deg", left: "3px", "grid-area": "a", top: null, width: false });
  assert.deepEqual(set, { "--rot": "4deg", "grid-area": "a" });
  assert.equal(el.style.left, "3px");
  assert.ok(!("top" in el.style) && !("width" in el.style));
});
