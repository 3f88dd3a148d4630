// The language module (js/common/i18n.js): every language (it, en, ro) has every key, the code
// and the pages ask only for keys that exist, a lookup never shows a raw key, placeholders are
// filled.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import {
  CATALOG,
  LANGS,
  LANG_NAMES,
  cardName,
  fill,
  hasText,
  listNames,
  onLangChange,
  pick,
  rankName,
  readableKey,
  setLang,
  suitName,
  t,
  translate,
} from "../../src/briscola/apps/web/js/common/i18n.js";
import { SCORE_STRINGS } from "../../src/briscola/apps/web/js/common/strings-score.js";
import { TABLE_STRINGS } from "../../src/briscola/apps/web/js/common/strings-table.js";
import { SCORE_RO } from "../../src/briscola/apps/web/js/common/ro/score.js";
import { TABLE_RO } from "../../src/briscola/apps/web/js/common/ro/table.js";
import { fakePage, usedKeys } from "./source.js";

const KEYS = Object.keys(CATALOG.it);
const NAMESPACES = new Set(KEYS.map((k) => k.split(".")[0]));
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the catalogue", () => {
  test("every key is in every language, with a text", () => {
    assert.deepEqual(LANGS, ["it", "en", "ro"]);
    for (const lang of LANGS) {
      for (const other of LANGS) {
        const missing = Object.keys(CATALOG[other]).filter((k) => !(k in CATALOG[lang]));
        assert.deepEqual(missing, [], `keys in ${other} but not in ${lang}`);
      }
      for (const [key, text] of Object.entries(CATALOG[lang])) {
        assert.ok(typeof text === "string" && text.trim(), `${lang} ${key} is empty`);
      }
    }
  });

  test("the game's strings and the score keeper's share no key", () => {
    for (const lang of ["it", "en"]) {
      const both = Object.keys(TABLE_STRINGS[lang]).filter((k) => k in SCORE_STRINGS[lang]);
      assert.deepEqual(both, []);
    }
    assert.deepEqual(
      Object.keys(TABLE_RO).filter((k) => k in SCORE_RO),
      [],
    );
  });

  test("a key has the same placeholders in every language", () => {
    for (const key of KEYS) {
      for (const lang of LANGS) {
        assert.deepEqual(placeholders(CATALOG[lang][key]), placeholders(CATALOG.it[key]), key);
      }
    }
  });

  test("Romanian is translated: a text the same as the Italian and the English is a name", () => {
    const NAMES = new Set(["app.title", "game.chiamata", "new.tchiamata"]);
    const same = KEYS.filter(
      (k) => CATALOG.ro[k] === CATALOG.it[k] && CATALOG.ro[k] === CATALOG.en[k],
    ).filter((k) => !NAMES.has(k) && /[a-z]{3}/i.test(CATALOG.ro[k].replace(/\{\w+\}/g, "")));
    assert.deepEqual(same, []);
  });

  test("every key the code or a page asks for exists", () => {
    const { literal, prefixes } = usedKeys(NAMESPACES);
    assert.ok(Object.keys(literal).length > 200, "the scan found the keys in use");
    const missing = Object.entries(literal).filter(([key]) => !hasText(key));
    assert.deepEqual(missing, [], "keys used but not in the catalogue (key, files)");
    for (const [prefix, files] of Object.entries(prefixes)) {
      assert.ok(
        KEYS.some((k) => k.startsWith(prefix)),
        `no key starts with ${prefix} (${files})`,
      );
    }
  });

  test("every key is used (literally, or by a key built at run time)", () => {
    const { literal, prefixes } = usedKeys(NAMESPACES);
    const built = Object.keys(prefixes);
    const unused = KEYS.filter((k) => !(k in literal) && !built.some((p) => k.startsWith(p)));
    assert.deepEqual(unused, []);
  });
});

describe("the lookup", () => {
  beforeEach(() => {
    fakePage();
    setLang("it");
  });

  test("never returns a raw key, in any language", () => {
    for (const lang of LANGS) {
      for (const key of KEYS) assert.notEqual(translate(lang, key), key, `${lang} ${key}`);
    }
  });

  test("a missing key shows words a person can read, and the console names it", (ctx) => {
    const warn = ctx.mock.method(console, "warn", () => {});
    const text = translate("en", "error.table_gone_away");
    assert.equal(text, "Table gone away");
    assert.equal(t("table.no-such-thing"), "No such thing");
    assert.equal(translate("it", "lonely"), "Lonely");
    assert.equal(readableKey("x."), "…");
    assert.match(warn.mock.calls[0].arguments[0], /error\.table_gone_away/);
  });

  test("fills placeholders, every time they appear", () => {
    assert.equal(t("table.stock", { n: 7 }), "7 carte nel mazzo");
    assert.equal(
      translate("en", "table.declared", { name: "Anna", suit: "cups", n: 20 }),
      "Anna declares King and Knight of cups: +20",
    );
    assert.equal(fill("{a} and {a}, not {b}", { a: 1 }), "1 and 1, not {b}");
  });

  test("follows the language in use and tells who listens", () => {
    const heard = [];
    onLangChange((lang) => heard.push(lang));
    assert.equal(t("home.play"), "Gioca ora");
    setLang("en");
    assert.equal(t("home.play"), "Play now");
    assert.equal(globalThis.document.documentElement.lang, "en");
    setLang("fr");
    assert.equal(t("home.play"), "Play now");
    assert.deepEqual(heard, ["en"]);
  });

  test("holds the score keeper's strings too", () => {
    assert.equal(t("score.name"), "Segnapunti");
    setLang("en");
    assert.equal(t("score.name"), "Score keeper");
    assert.equal(t("net.pending", { n: 2 }), "2 waiting");
  });

  test("names cards in Romanian with the Italian suits, and joins names with și", () => {
    setLang("ro");
    assert.equal(cardName("Ad"), "As de denari");
    assert.equal(cardName("Cb"), "Cal de bastoni");
    assert.equal(rankName("F"), "Valet");
    assert.equal(suitName("c"), "coppe");
    assert.equal(listNames(["Ana", "Bogdan", "Carla"]), "Ana, Bogdan și Carla");
    assert.equal(t("table.briscola.is", { suit: suitName("s") }), "Atu: spade");
    setLang("it");
    assert.equal(listNames(["Anna", "Bruno"]), "Anna e Bruno");
    assert.equal(listNames(["Anna"]), "Anna");
    assert.deepEqual(Object.keys(LANG_NAMES), LANGS);
  });

  test("names cards, ranks and suits", () => {
    assert.equal(cardName("Ad"), "Asso di denari");
    assert.equal(cardName("7c"), "Sette di coppe");
    assert.equal(cardName(""), "");
    setLang("en");
    assert.equal(cardName("Rs"), "King of swords");
    assert.equal(rankName("F"), "Jack");
    assert.equal(suitName("b"), "clubs");
  });

  test("picks a server title in the language in use", () => {
    const title = { it: "Briscola classica", en: "Classic Briscola" };
    assert.equal(pick(title), "Briscola classica");
    setLang("en");
    assert.equal(pick(title), "Classic Briscola");
    assert.equal(pick({ it: "solo" }), "solo");
    setLang("ro");
    assert.equal(pick({ ...title, ro: "Briscola clasică" }), "Briscola clasică");
    assert.equal(pick(title), "Briscola classica");
    assert.equal(pick(null, "none"), "none");
    assert.equal(pick("plain"), "plain");
  });
});
