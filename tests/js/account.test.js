// The home page's account panel (js/table/account.js) has its own words: the same keys and
// placeholders in Italian, English and Romanian, each language its own, and `say` fills them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { setLang } from "../../src/briscola/apps/web/js/common/i18n.js";
import { AVATARS, WORDS, say } from "../../src/briscola/apps/web/js/table/account.js";
import { fakePage } from "./source.js";

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every word is in every language, with the same placeholders", () => {
  const keys = Object.keys(WORDS.it).sort();
  for (const lang of ["en", "ro"]) {
    assert.deepEqual(Object.keys(WORDS[lang]).sort(), keys, lang);
    for (const key of keys) {
      assert.ok(WORDS[lang][key].trim(), `${lang} ${key} is empty`);
      assert.deepEqual(placeholders(WORDS[lang][key]), placeholders(WORDS.it[key]), key);
    }
  }
});

test("Romanian and English are translated, not copied", () => {
  const same = (lang) =>
    Object.keys(WORDS.it).filter(
      (k) => WORDS[lang][k] === WORDS.it[k] && /[a-z]{4}/i.test(WORDS.it[k]),
    );
  assert.deepEqual(same("en"), ["avatar", "password"]); // the same word in English and Italian
  assert.deepEqual(same("ro"), ["avatar"]); // the same word in Romanian too
});

test("say fills the placeholders in the language in use", () => {
  fakePage();
  setLang("it");
  assert.equal(say("signed", { user: "@anna" }), "Sei entrato come @anna.");
  assert.equal(say("welcome"), "Ciao, {name}!"); // a missing value stays visible
  setLang("ro");
  assert.equal(say("welcome", { name: "Ana" }), "Salut, Ana!");
  setLang("it");
});

test("the first avatar is the name's initial, the others one emoji each", () => {
  assert.equal(AVATARS[0], "");
  for (const a of AVATARS.slice(1)) assert.equal(Array.from(a).length, 1, a);
  assert.equal(new Set(AVATARS).size, AVATARS.length);
});
