// Helpers of node's unit tests of the web client: the client's files read as text, the keys the
// code and the pages ask of the language module, and a stand-in for the little of a page that
// the language module reads (the URL's ?lang= and <html lang>).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The web client's folder (src/briscola/apps/web). */
export const WEB = join(dirname(fileURLToPath(import.meta.url)), "../../src/briscola/apps/web");

/** Every script of the client, as paths relative to WEB ("js/common/i18n.js"). */
export function scripts() {
  const walk = (dir) =>
    readdirSync(join(WEB, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
    );
  return walk("js").sort();
}

/** The pages of the client ("index.html", …; their layout is in layout/). */
export function pages() {
  return readdirSync(WEB)
    .filter((f) => f.endsWith(".html"))
    .sort();
}

/** A file of the client as text. */
export function read(path) {
  return readFileSync(join(WEB, path), "utf8");
}

const TEMPLATE_USE = /\{%-?\s*(?:extends|include)\s+"([^"]+)"\s*-?%\}/g; // {% extends "layout/base.html" %}
const PAGE_SCRIPT = /\{%-?\s*set\s+script\s*=\s*"([^"]+)"\s*-?%\}/g; // {% set script = "table/home.js" %}

/**
 * A page (a Jinja2 template the server renders) and the templates it extends or includes, as
 * one text: everything the page's HTML is made of.
 */
export function pageText(page) {
  const text = read(page);
  return [text, ...[...text.matchAll(TEMPLATE_USE)].map((m) => pageText(m[1]))].join("\n");
}

/** The module scripts a page sets for its layout to load, as paths inside WEB ("js/table/home.js"). */
export function pageScripts(page) {
  return [...read(page).matchAll(PAGE_SCRIPT)].map((m) => `js/${m[1]}`);
}

/** A script's text without its comments (a key named in a comment is not a key in use). */
export function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const STRINGS = /^js\/common\/(?:strings-[a-z]+|ro\/[a-z]+)\.js$/; // the catalogue itself
const LITERAL_CALL = /\b(?:t|hasText)\(\s*(["'`])([^"'`$]+)\1/g; // t("table.you")
const KEY_LIKE = /(["'`])([a-z][a-z0-9-]*)\.([a-z0-9_.-]+)\1/g; // "target.custom"
const BUILT_CALL = /\b(?:t|hasText)\(\s*`([^`$]*)\$\{/g; // t(`error.${code}`)
const KEY_BUILT = /`(([a-z][a-z0-9-]*)\.[a-z0-9_.-]*)\$\{/g; // `error.${code}`

/**
 * The keys asked of the language module: `literal` ({key: ["js/x.js", …]}) from t("key"),
 * hasText("key"), any other string in the code that is a key of one of the catalogue's
 * `namespaces` ("target.custom" in a ternary) and the pages' data-i18n attributes; `prefixes`
 * from keys built at run time (`error.${code}`), which must each match at least one key.
 */
export function usedKeys(namespaces) {
  const literal = {};
  const prefixes = {};
  const note = (map, key, where) => (map[key] ||= []).push(where);
  for (const file of scripts().filter((f) => !STRINGS.test(f))) {
    const text = withoutComments(read(file));
    for (const m of text.matchAll(LITERAL_CALL)) note(literal, m[2], file);
    for (const m of text.matchAll(KEY_LIKE)) {
      if (namespaces.has(m[2])) note(literal, `${m[2]}.${m[3]}`, file);
    }
    for (const m of text.matchAll(BUILT_CALL)) note(prefixes, m[1], file);
    for (const m of text.matchAll(KEY_BUILT)) {
      if (namespaces.has(m[2])) note(prefixes, m[1], file);
    }
  }
  for (const page of pages()) {
    for (const m of pageText(page).matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) {
      note(literal, m[1], page);
    }
  }
  return { literal, prefixes };
}

/** The modules a script imports statically, as paths relative to WEB. */
export function importsOf(file) {
  const found = [];
  for (const m of read(file).matchAll(/^import\s+(?:\{([^}]*)\}\s+from\s+)?"([^"]+)";/gm)) {
    const names = (m[1] || "")
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    found.push({ path: relative(WEB, join(WEB, dirname(file), m[2])), names });
  }
  return found;
}

/** The names a script exports (`export function f`, `export const X`, `export class C`). */
export function exportsOf(file) {
  return [
    ...read(file).matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class)\s+(\w+)/gm),
  ].map((m) => m[1]);
}

/** Give the language module the little of a page it reads: ?lang= and <html lang>. */
export function fakePage(search = "") {
  globalThis.location = { search };
  globalThis.document = { documentElement: {} };
}
