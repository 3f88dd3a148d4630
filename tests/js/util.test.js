// The game pages' pure helpers (js/common/util.js): match titles, table links, card pictures.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { setLang } from "../../src/briscola/apps/web/js/common/i18n.js";
import {
  api,
  ApiError,
  cardSrc,
  keepChoices,
  keptChoices,
  matchStanding,
  matchTitle,
  restoreOptions,
  tableUrl,
  withLang,
} from "../../src/briscola/apps/web/js/common/util.js";
import { fakePage } from "./source.js";

beforeEach(() => {
  fakePage();
  setLang("it");
});

test("a match format in words, in the language in use", () => {
  assert.equal(matchTitle("single"), "Una smazzata");
  assert.equal(matchTitle(undefined), "Una smazzata");
  assert.equal(matchTitle("best-of:3"), "Al meglio di 3");
  assert.equal(matchTitle("points:61"), "A 61 punti");
  setLang("en");
  assert.equal(matchTitle("first-to:2"), "First to 2 deals");
  assert.equal(matchTitle("deals:4"), "4 deals");
  assert.equal(matchTitle("marathon:9"), "marathon:9", "an unknown format as it is");
});

test("a seat's table link keeps the token in the fragment, escaped", () => {
  assert.equal(tableUrl("Qw8rT2zc", 1, "a+b/c"), "/table/Qw8rT2zc?seat=1#token=a%2Bb%2Fc");
  assert.equal(tableUrl("a b", 0, "t"), "/table/a%20b?seat=0#token=t");
});

test("a card's picture, or the back", () => {
  assert.equal(cardSrc("Ad"), "/static/cards/Ad.svg");
  assert.equal(cardSrc(null), "/static/cards/back.svg");
});

test("a match's standing is by points or by deals won, as its format says", () => {
  const match = { format: "points:61", points: [30, 12], wins: [0, 1] };
  assert.deepEqual(matchStanding(match), { byPoints: true, values: [30, 12] });
  assert.deepEqual(matchStanding({ ...match, format: "deals:3" }).values, [30, 12]);
  assert.deepEqual(matchStanding({ ...match, format: "best-of:3" }), {
    byPoints: false,
    values: [0, 1],
  });
  assert.equal(matchStanding(null).byPoints, false);
});

test("every API call asks for the page's language", async () => {
  assert.equal(withLang("/api/levels"), "/api/levels?lang=it");
  setLang("ro");
  assert.equal(
    withLang("/api/tables/x/deals/0/analysis?seat=1"),
    "/api/tables/x/deals/0/analysis?seat=1&lang=ro",
  );
  const asked = [];
  const saved = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    asked.push([url, init.method]);
    const body = { code: "bad_invite", message: "Codice di invito sbagliato." };
    return { ok: false, status: 403, json: async () => body };
  };
  try {
    setLang("en");
    await assert.rejects(api("/api/tables/x/join", { invite_code: "no" }), (err) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, "bad_invite");
      assert.equal(err.status, 403);
      return true;
    });
    setLang("it");
    await assert.rejects(api("/api/tables/x"), ApiError);
  } finally {
    globalThis.fetch = saved;
  }
  assert.deepEqual(asked, [
    ["/api/tables/x/join?lang=en", "POST"],
    ["/api/tables/x?lang=it", "GET"],
  ]);
});

test("a page's choices are kept and read back; bad or missing ones read as null", () => {
  const stored = new Map();
  globalThis.localStorage = {
    getItem: (k) => (stored.has(k) ? stored.get(k) : null),
    setItem: (k, v) => stored.set(k, String(v)),
  };
  assert.equal(keptChoices("briscola.home"), null, "nothing kept yet");
  keepChoices("briscola.home", { preset: "classic", options: { classic: { winning: 61 } } });
  assert.deepEqual(keptChoices("briscola.home"), {
    preset: "classic",
    options: { classic: { winning: 61 } },
  });
  assert.equal(keptChoices("briscola.lobby"), null, "each page its own key");
  stored.set("briscola.home", "{not json");
  assert.equal(keptChoices("briscola.home"), null);
  stored.set("briscola.home", "7");
  assert.equal(keptChoices("briscola.home"), null, "not an object");
  globalThis.localStorage = {
    getItem: () => {
      throw new Error("storage off");
    },
    setItem: () => {
      throw new Error("storage off");
    },
  };
  keepChoices("briscola.home", { preset: "classic" }); // storage off: nothing thrown
  assert.equal(keptChoices("briscola.home"), null);
  delete globalThis.localStorage;
});

test("kept option values come back only where the game still offers them", () => {
  const presets = [
    { name: "classic", options: [{ name: "winning", values: [61, 91] }, { name: "signals" }] },
    { name: "pairs", options: [{ name: "winning", values: [61] }] },
    { name: "chiamata", options: [] },
  ];
  const values = { classic: { winning: 61 }, pairs: { winning: 61 }, chiamata: {} };
  const kept = {
    classic: { winning: 91, signals: true, gone: 1 },
    pairs: { winning: 121 },
    chiamata: "not an object",
    nobody: { winning: 91 },
  };
  restoreOptions(
    presets,
    kept,
    (p) => p.options,
    (p) => values[p.name],
  );
  assert.deepEqual(values, { classic: { winning: 91 }, pairs: { winning: 61 }, chiamata: {} });
  restoreOptions(
    presets,
    undefined,
    (p) => p.options,
    (p) => values[p.name],
  );
  assert.deepEqual(values.classic, { winning: 91 }, "no kept options: nothing changes");
  const offeredNone = () => [];
  restoreOptions(presets, { classic: { winning: 61 } }, offeredNone, (p) => values[p.name]);
  assert.equal(values.classic.winning, 91, "an option not offered is not put back");
});
