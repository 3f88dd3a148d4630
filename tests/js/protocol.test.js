// The WebSocket protocol on the client's side: docs/web-protocol.schema.json (generated from the
// server's declarations, apps/server/protocol.py) accepts every message the client sends and real
// messages of the server (tests/js/protocol-messages.json, recorded by
// tests/server/test_protocol.py), refuses a message with a field it does not declare, and the
// client's JSDoc types (js/common/protocol.js) have the schema's fields.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { CLIENT_TYPES } from "../../src/briscola/apps/web/js/common/protocol.js";
import { read, scripts } from "./source.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SCHEMA = JSON.parse(readFileSync(join(HERE, "../../docs/web-protocol.schema.json"), "utf8"));
const RECORDED = JSON.parse(readFileSync(join(HERE, "protocol-messages.json"), "utf8"));

const TYPES = {
  string: (v) => typeof v === "string",
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === "number",
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
};

/**
 * What is wrong with `value` under `schema` (the part of JSON Schema the server's schema uses:
 * $ref, oneOf, anyOf, const, enum, type, properties, required, additionalProperties, items,
 * prefixItems, minItems, maxItems, minLength, maxLength, pattern), as a list of "path: problem"; empty when
 * it is valid.
 */
function problems(schema, value, path = "$") {
  if (schema.$ref) return problems(SCHEMA.$defs[schema.$ref.split("/").pop()], value, path);
  if (schema.oneOf || schema.anyOf) {
    const options = schema.oneOf || schema.anyOf;
    const passing = options.filter((s) => problems(s, value, path).length === 0).length;
    const wanted = schema.oneOf ? passing === 1 : passing >= 1;
    return wanted ? [] : [`${path}: matches ${passing} of its ${options.length} shapes`];
  }
  if ("const" in schema && value !== schema.const) return [`${path}: not ${schema.const}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${path}: not one of ${schema.enum}`];
  if (schema.type && !TYPES[schema.type](value)) return [`${path}: not ${schema.type}`];
  const found = [];
  if (typeof value === "string") {
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength)
      found.push(`${path}: longer than ${schema.maxLength}`);
    if (schema.minLength !== undefined && [...value].length < schema.minLength)
      found.push(`${path}: shorter than ${schema.minLength}`);
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value))
      found.push(`${path}: not ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      found.push(`${path}: fewer than ${schema.minItems}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      found.push(`${path}: more than ${schema.maxItems}`);
    value.forEach((item, i) => {
      const at = schema.prefixItems ? schema.prefixItems[i] : schema.items;
      if (at) found.push(...problems(at, item, `${path}[${i}]`));
    });
  }
  if (TYPES.object(value)) {
    for (const key of schema.required || []) if (!(key in value)) found.push(`${path}: no ${key}`);
    for (const [key, item] of Object.entries(value)) {
      const declared = schema.properties && schema.properties[key];
      const extra = schema.additionalProperties;
      if (declared) found.push(...problems(declared, item, `${path}.${key}`));
      else if (extra === false) found.push(`${path}: unknown field ${key}`);
      else if (extra && typeof extra === "object")
        found.push(...problems(extra, item, `${path}.${key}`));
    }
  }
  return found;
}

const ref = (name) => ({ $ref: `#/$defs/${name}` });
const typesOf = (union) =>
  SCHEMA.$defs[union].oneOf.map((s) => SCHEMA.$defs[s.$ref.split("/").pop()]);

test("every real message of the server is one of the schema's server messages", () => {
  assert.ok(RECORDED.length >= 20, "tests/server/test_protocol.py records them");
  const seen = new Set();
  for (const message of RECORDED) {
    assert.deepEqual(problems(ref("ServerMessage"), message), [], JSON.stringify(message));
    seen.add(message.type);
    for (const event of message.events || []) seen.add(`event:${event.type}`);
  }
  for (const kind of ["state", "error", "pong", "rematch", "emote", "chat", "event:played"])
    assert.ok(seen.has(kind), kind);
  assert.ok(seen.has("event:trick"));
  // a seat a known player took: its avatar, bot mark and profile (tests/server/test_seat_players.py)
  const players = RECORDED.filter((m) => m.type === "state")
    .flatMap((m) => m.table.seats)
    .filter((s) => s.player);
  assert.ok(
    players.some((s) => s.player.avatar && s.player.profile),
    "a seat's player",
  );
});

test("the schema refuses what the server never sends", () => {
  const state = RECORDED.find((m) => m.type === "state" && m.observation);
  const wrong = [
    { ...state, secret: "x" },
    { ...state, seat: "0" },
    { ...state, observation: { ...state.observation, hand: ["Zz"] } },
    { ...state, events: [{ type: "played", seat: 0 }] },
    { type: "error", code: "bad_json" },
    { type: "nope" },
    { type: "chat", seat: 0, text: "x".repeat(201) },
    { type: "emote", seat: 0, emote: "tengo l'asso" },
  ];
  // a seat's player carries no id, token or session: a field more is not the protocol's
  const seated = RECORDED.find((m) => m.type === "state" && m.table.seats.some((s) => s.player));
  const seats = seated.table.seats.map((s) =>
    s.player ? { ...s, player: { ...s.player, id: "p1" } } : s,
  );
  wrong.push({ ...seated, table: { ...seated.table, seats } });
  for (const message of wrong)
    assert.notDeepEqual(problems(ref("ServerMessage"), message), [], JSON.stringify(message));
});

/** A message of each type the client sends, as the table page sends it. */
const SENT = {
  hello: { type: "hello", token: "tZ1-abc_DEF" },
  action: { type: "action", action: "declare d" },
  next_deal: { type: "next_deal" },
  sync: { type: "sync" },
  ping: { type: "ping" },
  resign: { type: "resign" },
  rematch: { type: "rematch" },
  speed: { type: "speed", speed: "veloce" },
  emote: { type: "emote", emote: "bella_giocata" },
  chat: { type: "chat", text: "Ciao a tutti! 🦊" },
};

test("every message the client sends is one of the schema's client messages", () => {
  const sent = new Set();
  // the lobby page's socket (/ws/lobby, js/table/lobby.js) speaks the lobby's messages, not these
  const table = scripts().filter((file) => !/^js\/table\/lobby/.test(file));
  for (const file of table)
    for (const m of read(file).matchAll(/(?:send|stringify)\(\{ type: "(\w+)"/g)) sent.add(m[1]);
  for (const type of [
    "hello",
    "action",
    "ping",
    "next_deal",
    "rematch",
    "resign",
    "speed",
    "emote",
    "chat",
  ])
    assert.ok(sent.has(type), `the client sends ${type}`);
  for (const type of sent) {
    assert.ok(type in SENT, `a sample of ${type}`);
    assert.ok(CLIENT_TYPES.includes(type), type);
  }
  for (const message of Object.values(SENT))
    assert.deepEqual(problems(ref("ClientMessage"), message), [], JSON.stringify(message));
  assert.notDeepEqual(problems(ref("ClientMessage"), { type: "ping", x: 1 }), []);
  assert.notDeepEqual(
    problems(ref("ClientMessage"), { type: "action", action: "A".repeat(101) }),
    [],
  );
  assert.notDeepEqual(problems(ref("ClientMessage"), { type: "chat", text: "a".repeat(201) }), []);
  assert.notDeepEqual(problems(ref("ClientMessage"), { type: "chat", text: "" }), []);
  assert.notDeepEqual(problems(ref("ClientMessage"), { type: "emote", emote: "Ad" }), []);
});

test("the client's list of its message types is the schema's", () => {
  assert.deepEqual(
    [...CLIENT_TYPES].sort(),
    typesOf("ClientMessage")
      .map((s) => s.properties.type.const)
      .sort(),
  );
});

test("each JSDoc type of js/common/protocol.js has the schema's fields", () => {
  const text = read("js/common/protocol.js");
  const typedefs = {};
  for (const block of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const name = block[1].match(/@typedef \{.*\} (\w+)/);
    if (name)
      typedefs[name[1]] = [...block[1].matchAll(/@property \{.*\} \[?(\w+)\]?/g)].map((m) => m[1]);
  }
  for (const [name, schema] of Object.entries(SCHEMA.$defs)) {
    assert.ok(name in typedefs, `js/common/protocol.js lacks ${name}`);
    if (schema.oneOf) {
      const members = schema.oneOf.map((s) => s.$ref.split("/").pop());
      const line = text.match(new RegExp(`@typedef \\{([^}]*)\\} ${name} `))[1];
      assert.deepEqual(line.split("|"), members, name);
    } else if (name !== "Ruleset") {
      assert.deepEqual(typedefs[name], Object.keys(schema.properties), name);
    }
  }
});
