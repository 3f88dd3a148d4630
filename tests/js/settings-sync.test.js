// A player's settings follow them (js/table/settings-sync.js): the settings it sends are those the
// device keeps (prefs.js, sound.js, deck.js: the same keys and choices), and the rule on load.
import assert from "node:assert/strict";
import { test } from "node:test";

import { DECKS } from "../../src/briscola/apps/web/js/common/deck.js";
import { CARDS, HANDS, HOLDS } from "../../src/briscola/apps/web/js/table/prefs.js";
import {
  SETTINGS,
  changedHere,
  reconcile,
} from "../../src/briscola/apps/web/js/table/settings-sync.js";
import { VOLUMES } from "../../src/briscola/apps/web/js/table/sound.js";

const choices = (name) =>
  ["a", ...Object.values({ ...CARDS, ...HOLDS, ...HANDS, ...VOLUMES }).map(String)]
    .concat(DECKS, Object.keys(CARDS), Object.keys(HOLDS), Object.keys(HANDS), Object.keys(VOLUMES))
    .filter((v) => SETTINGS[name][1].parse(v) !== undefined)
    .filter((v, i, all) => all.indexOf(v) === i)
    .sort();
const sorted = (values) => [...values].sort();

test("each setting takes exactly the device's own choices", () => {
  assert.deepEqual(choices("deck"), sorted(DECKS));
  assert.deepEqual(choices("cards"), sorted(Object.keys(CARDS)));
  assert.deepEqual(choices("hold"), sorted(Object.keys(HOLDS)));
  assert.deepEqual(choices("hand"), sorted(Object.keys(HANDS)));
  assert.deepEqual(choices("volume"), sorted(Object.keys(VOLUMES)));
  assert.equal(SETTINGS.sound[1].parse("1"), true);
  assert.equal(SETTINGS.sort[1].parse("0"), false);
  assert.equal(SETTINGS.sort[1].parse("yes"), undefined);
});

test("a new device takes the player's settings, and sends the ones the player has not", () => {
  const none = { player: null, values: {} };
  const stored = { deck: "napoletane", cards: "large" };
  assert.deepEqual(reconcile({}, stored, none, "p1"), { take: stored, send: {} });
  const device = { deck: "piacentine", hand: "left" }; // chosen before this player logged in here
  assert.deepEqual(reconcile(device, stored, none, "p1"), {
    take: stored,
    send: { hand: "left" },
  });
});

test("a change made here since the last agreement with the same player is kept and sent", () => {
  const kept = { player: "p1", values: { deck: "napoletane", cards: "large" } };
  const device = { deck: "francesi", cards: "large" }; // the deck changed here, not sent yet
  const stored = { deck: "napoletane", cards: "small" }; // the cards changed on another device
  assert.deepEqual(changedHere(device, kept, "p1"), { deck: "francesi" });
  assert.deepEqual(reconcile(device, stored, kept, "p1"), {
    take: { cards: "small" },
    send: { deck: "francesi" },
  });
  // another player logs in on this device: their stored settings win
  assert.deepEqual(reconcile(device, stored, kept, "p2"), {
    take: { cards: "small", deck: "napoletane" },
    send: {},
  });
});
