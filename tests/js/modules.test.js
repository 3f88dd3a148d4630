// The client's modules hold together without a build step: every page's script and stylesheet
// exists, every import names a file that exists and names that it exports, and the score
// keeper's service worker keeps exactly the files its page needs offline.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  WEB,
  exportsOf,
  importsOf,
  pageScripts,
  pageText,
  pages,
  read,
  scripts,
} from "./source.js";

/** The files a module needs, itself included (static imports, followed to the end). */
function closure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { path } of importsOf(file)) visit(path);
  };
  visit(entry);
  return seen;
}

/**
 * What a page links under /static/ (scripts, stylesheets, icons), its layout's links included,
 * as paths inside WEB: its module script is the one it sets for the layout.
 */
function linked(page) {
  const written = [...pageText(page).matchAll(/(?:src|href)="\/static\/([^"{]+)"/g)];
  return [...written.map((m) => m[1]), ...pageScripts(page)];
}

test("each page's scripts and styles exist; each page has one module script", () => {
  for (const page of pages()) {
    for (const path of linked(page)) assert.ok(existsSync(join(WEB, path)), `${page}: ${path}`);
    assert.equal(pageScripts(page).length, 1, page);
    const tags = [
      ...pageText(page).matchAll(/<script type="module" src="\/static\/js\/\{\{ script \}\}"/g),
    ];
    assert.equal(tags.length, 1, `${page}: the layout's module script`);
  }
});

test("every import names a module that exists and exports the names imported", () => {
  for (const file of scripts()) {
    for (const { path, names } of importsOf(file)) {
      assert.ok(existsSync(join(WEB, path)), `${file} imports ${path}, which is missing`);
      const exported = exportsOf(path);
      for (const name of names) assert.ok(exported.includes(name), `${file}: ${name} in ${path}`);
    }
  }
});

test("the folders: common is shared, table and score do not import each other", () => {
  for (const file of scripts()) {
    const area = file.split("/")[1];
    for (const { path } of importsOf(file)) {
      const to = path.split("/")[1];
      assert.ok(to === area || to === "common", `${file} imports ${path}`);
    }
  }
});

test("the service worker keeps every file the score keeper's page needs, and no other", () => {
  const sw = read("js/score/sw.js");
  const list = sw.slice(sw.indexOf("const FILES = ["), sw.indexOf("];"));
  const kept = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const page = "score.html";
  const entry = linked(page).find((p) => p.endsWith(".js"));
  const needed = [
    ...[...closure(entry)].map((p) => `/static/${p}`),
    ...linked(page)
      .filter((p) => !p.endsWith(".js"))
      .map((p) => `/static/${p}`),
  ];
  assert.ok(/const PAGE = "\/score";/.test(sw) && list.includes("PAGE,"), "the page itself");
  assert.deepEqual([...kept].sort(), [...new Set(needed)].sort());
});
