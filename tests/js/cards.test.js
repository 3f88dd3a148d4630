// Cards in the notation (js/common/cards.js): parsing, the order of strength, and points counted
// from the table of points by rank that the server sends (classic and Tre/Sette inversion).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  RANK_ORDER,
  SUITS,
  cardPoints,
  deckPoints,
  isCard,
  parseCard,
  sortRanks,
  trickPoints,
} from "../../src/briscola/apps/web/js/common/cards.js";

// what the server sends as `card_points` (tests/server/test_card_points.py checks the server)
const CLASSIC = { A: 11, 2: 0, 3: 10, 4: 0, 5: 0, 6: 0, 7: 0, F: 2, C: 3, R: 4 };
const INVERTED = { ...CLASSIC, 3: 0, 7: 10 };

test("parses a card's text into rank and suit", () => {
  assert.deepEqual(parseCard("Ad"), { rank: "A", suit: "d" });
  assert.deepEqual(parseCard("7c"), { rank: "7", suit: "c" });
  for (const bad of ["", "1d", "8c", "Ax", "Add", "ad", null, undefined, 7]) {
    assert.equal(parseCard(bad), null, String(bad));
    assert.equal(isCard(bad), false, String(bad));
  }
  assert.equal(isCard("Rs"), true);
});

test("every one of the 40 cards parses back to itself", () => {
  const all = RANK_ORDER.flatMap((r) => SUITS.map((s) => r + s));
  assert.equal(new Set(all).size, 40);
  for (const code of all) {
    const card = parseCard(code);
    assert.equal(card.rank + card.suit, code);
  }
});

test("sorts ranks strongest first, unknown letters last", () => {
  assert.deepEqual(sortRanks(["2", "R", "A", "7", "3"]), ["A", "3", "R", "7", "2"]);
  assert.deepEqual(sortRanks(["x", "F", "C"]), ["C", "F", "x"]);
  const ranks = ["5", "A"];
  sortRanks(ranks);
  assert.deepEqual(ranks, ["5", "A"], "the input is left as it was");
});

test("counts a card's points from the server's table", () => {
  assert.equal(cardPoints("Ad", CLASSIC), 11);
  assert.equal(cardPoints("3c", CLASSIC), 10);
  assert.equal(cardPoints("7c", CLASSIC), 0);
  assert.equal(cardPoints("3c", INVERTED), 0);
  assert.equal(cardPoints("7c", INVERTED), 10);
  assert.equal(cardPoints("Rb", undefined), 0, "no table yet: nothing counted");
  assert.equal(cardPoints("bad", CLASSIC), 0);
});

test("a whole deck is worth 120 under both tables, and a trick adds its cards", () => {
  const deck = RANK_ORDER.flatMap((r) => SUITS.map((s) => [0, r + s]));
  assert.equal(trickPoints(deck, CLASSIC), 120);
  assert.equal(trickPoints(deck, INVERTED), 120);
  const trick = [
    [0, "3d"],
    [1, "7d"],
    [2, "Cb"],
  ];
  assert.equal(trickPoints(trick, CLASSIC), 13);
  assert.equal(trickPoints(trick, INVERTED), 13);
  assert.equal(trickPoints([[0, "3d"]], INVERTED), 0);
  assert.equal(trickPoints([], CLASSIC), 0);
});

test("the deck's points leave out the removed cards", () => {
  assert.equal(deckPoints([], CLASSIC), 120);
  assert.equal(deckPoints(["2c"], CLASSIC), 120, "three players: the 2 of coppe is worth nothing");
  assert.equal(deckPoints(["Ab", "Fd"], CLASSIC), 107);
  assert.equal(deckPoints(["3c"], INVERTED), 120);
  assert.equal(deckPoints(undefined, undefined), 0, "no table yet");
});
