// The deck in use (js/common/deck.js): the device's choice kept in localStorage, a page's own deck
// (the embed's ?deck=), the pictures' URLs, and the pictures of a page redrawn on a change.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, test } from "node:test";

import {
  DECKS,
  DEFAULT_DECK,
  deckCardSrc,
  getDeck,
  setDeck,
  showDeck,
  usePageDeck,
} from "../../src/briscola/apps/web/js/common/deck.js";
import { cardSrc } from "../../src/briscola/apps/web/js/common/util.js";
import { fakePage, WEB } from "./source.js";

function fakeStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
  };
  return items;
}

/** A page with card pictures (img.card-img) and a root style that keeps custom properties. */
function pageWith(srcs) {
  const props = {};
  const imgs = srcs.map((src) => {
    const attrs = { src };
    return {
      getAttribute: (k) => attrs[k] ?? null,
      setAttribute: (k, v) => (attrs[k] = v),
    };
  });
  return {
    props,
    imgs,
    page: {
      documentElement: { style: { setProperty: (k, v) => (props[k] = v) } },
      querySelectorAll: (sel) => (sel === "img.card-img" ? imgs : []),
    },
  };
}

beforeEach(() => {
  fakePage();
  fakeStorage();
  usePageDeck(null);
});

test("the project's own deck is the default, where its pictures always were", () => {
  assert.equal(DEFAULT_DECK, "progetto");
  assert.equal(getDeck(), "progetto");
  assert.equal(cardSrc("Ad"), "/static/cards/Ad.svg");
  assert.equal(cardSrc(null), "/static/cards/back.svg");
});

test("a chosen deck is kept on the device and gives its pictures", () => {
  const items = fakeStorage();
  setDeck("napoletane");
  assert.equal(items.get("briscola.deck"), "napoletane");
  assert.equal(getDeck(), "napoletane");
  assert.equal(cardSrc("Rs"), "/static/cards/napoletane/Rs.svg");
  assert.equal(cardSrc(""), "/static/cards/napoletane/back.svg");
  setDeck("francesi");
  assert.equal(cardSrc("7c"), "/static/cards/francesi/7c.svg");
});

test("an unknown deck is neither kept nor used", () => {
  const items = fakeStorage();
  setDeck("piacentine");
  setDeck("tarocchi");
  assert.equal(getDeck(), "piacentine");
  items.set("briscola.deck", "../../etc");
  assert.equal(getDeck(), "progetto", "a stored name that is no deck gives the default");
  assert.equal(cardSrc("Ad"), "/static/cards/Ad.svg");
});

test("a page's own deck (the embed's ?deck=) wins on that page and leaves the device's choice", () => {
  const items = fakeStorage();
  setDeck("piacentine");
  usePageDeck("francesi");
  assert.equal(cardSrc("Cd"), "/static/cards/francesi/Cd.svg");
  assert.equal(items.get("briscola.deck"), "piacentine");
  usePageDeck("nonsense");
  assert.equal(cardSrc("Cd"), "/static/cards/piacentine/Cd.svg");
});

test("without storage (a third-party frame) the default deck is used", () => {
  globalThis.localStorage = {
    getItem: () => {
      throw new Error("denied");
    },
    setItem: () => {
      throw new Error("denied");
    },
  };
  setDeck("napoletane");
  assert.equal(getDeck(), "progetto");
});

test("a change redraws the page's cards and the backs of the style sheets", () => {
  const { page, imgs, props } = pageWith([
    "/static/cards/Ad.svg",
    "/static/cards/piacentine/back.svg",
  ]);
  setDeck("napoletane");
  showDeck(page);
  assert.deepEqual(
    imgs.map((i) => i.getAttribute("src")),
    ["/static/cards/napoletane/Ad.svg", "/static/cards/napoletane/back.svg"],
  );
  assert.equal(props["--card-back"], 'url("/static/cards/napoletane/back.svg")');
  setDeck("progetto");
  showDeck(page);
  assert.equal(imgs[0].getAttribute("src"), "/static/cards/Ad.svg");
});

test("every deck has its 40 pictures and a back", () => {
  for (const deck of DECKS) {
    for (const suit of "cdsb") {
      for (const rank of "A234567FCR") {
        const file = deckCardSrc(`${rank}${suit}`, deck).replace("/static/", "");
        assert.ok(existsSync(join(WEB, file)), file);
      }
    }
    assert.ok(existsSync(join(WEB, deckCardSrc(null, deck).replace("/static/", ""))), deck);
  }
});
