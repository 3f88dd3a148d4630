// The score keeper's pure parts: settings in words (js/score/text.js), signed numbers
// (js/score/icons.js) and the sheet's model in the browser (js/score/local.js), which mirrors
// the Python model while changes wait for the network.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { setLang } from "../../src/briscola/apps/web/js/common/i18n.js";
import { signed } from "../../src/briscola/apps/web/js/score/icons.js";
import { LocalError, localApply, result } from "../../src/briscola/apps/web/js/score/local.js";
import { formatText, targetText } from "../../src/briscola/apps/web/js/score/text.js";
import { fakePage } from "./source.js";

/** A SheetResponse as the server sends it: two players, first to 61 in one deal. */
function sheet(deals = [[0, 0]], extra = {}) {
  return {
    id: "k",
    target_value: 61,
    single_deal: true,
    counts_points: true,
    sheet: {
      name: "Bar",
      competitors: [
        { name: "Anna", members: ["Anna"], trophies: 0, matches: 0 },
        { name: "Bruno", members: ["Bruno"], trophies: 0, matches: 0 },
      ],
      deals,
      totals: deals[0].map((_, i) => deals.reduce((n, d) => n + d[i], 0)),
      declarations: false,
      history: [],
      standing: [0, 0],
      wins_needed: 1,
      match: 1,
      game: 1,
      ...extra,
    },
  };
}

beforeEach(() => {
  fakePage();
  setLang("it");
});

test("targets and formats in words", () => {
  assert.equal(targetText("61"), "61 punti in una smazzata");
  assert.equal(targetText("chiamata:10"), "10 unità (chiamata)");
  assert.equal(targetText("200"), "200 punti");
  assert.equal(formatText("best-of:3"), "al meglio di 3");
  setLang("en");
  assert.equal(targetText("custom:75"), "75 points");
  assert.equal(formatText("single"), "single game");
  assert.equal(formatText("first-to:2"), "first to 2");
});

test("signed numbers use a real minus sign", () => {
  assert.deepEqual([5, -5, 0].map(signed), ["+5", "−5", "0"]);
});

describe("the sheet's model in the browser", () => {
  test("adds and sets points, and finds the winner", () => {
    let v = localApply(sheet(), { op: "add", competitor: 0, delta: 40 });
    assert.deepEqual(v.sheet.totals, [40, 0]);
    assert.equal(v.sheet.outcome, "playing");
    v = localApply(v, { op: "set_total", competitor: 0, value: 70 });
    assert.deepEqual(v.sheet.totals, [70, 0]);
    assert.equal(v.sheet.outcome, "win");
    assert.equal(v.sheet.winner, 0);
    assert.deepEqual(result(v, v.sheet), ["win", 0]);
  });

  test("over two deals, no win shows before the other side's points are in", () => {
    const two = (deals) => ({ ...sheet(deals), target_value: 120, single_deal: false });
    let v = localApply(
      two([
        [70, 50],
        [0, 0],
      ]),
      { op: "set_total", competitor: 0, value: 60 },
    );
    assert.deepEqual([v.sheet.totals, v.sheet.outcome], [[130, 50], "playing"]);
    v = localApply(v, { op: "set_total", competitor: 1, value: 60 });
    assert.deepEqual([v.sheet.totals, v.sheet.outcome, v.sheet.winner], [[130, 110], "win", 0]);
  });

  test("60 to 60 is a draw", () => {
    const v = localApply(sheet([[60, 0]]), { op: "set_total", competitor: 1, value: 60 });
    assert.equal(v.sheet.outcome, "draw");
    assert.equal(v.sheet.deal_is_draw, true);
  });

  test("refuses what the server would refuse, with the key of its words", () => {
    const over = () => localApply(sheet([[100, 20]]), { op: "add", competitor: 1, delta: 1 });
    assert.throws(over, (e) => e instanceof LocalError && e.code === "over_120");
    const negative = () => localApply(sheet(), { op: "add", competitor: 0, delta: -1 });
    assert.throws(negative, (e) => e.code === "negative" && e.params.name === "Anna");
    const next = () => localApply(sheet(), { op: "next_deal" });
    assert.throws(next, (e) => e.code === "single_deal");
  });

  test("a new game keeps the winner's trophy in the history", () => {
    const v = localApply(sheet([[70, 50]]), { op: "new_game" });
    assert.equal(v.sheet.history.length, 1);
    assert.equal(v.sheet.history[0].winner, "Anna");
    assert.equal(v.sheet.competitors[0].trophies, 1);
    assert.deepEqual(v.sheet.deals, [[0, 0]]);
    assert.equal(v.sheet.game, 2);
  });

  test("leaves changes it cannot foresee to the server", () => {
    const before = sheet([[10, 0]]);
    const v = localApply(before, { op: "undo" });
    assert.equal(v.pending, true);
    assert.deepEqual(v.sheet.totals, [10, 0]);
    assert.equal(before.pending, undefined, "the sheet shown is not changed in place");
  });
});
