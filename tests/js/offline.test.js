// The offline game's pure parts (issue 39): the local transport that stands in for the table's
// WebSocket, and the app's service worker's cache, named by the Pyodide pin of package.json.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { read, WEB } from "./source.js";
import { LocalSocket } from "../../src/briscola/apps/web/js/table/offline-socket.js";

const wait = (ms) => new Promise((done) => setTimeout(done, ms));

/** A stand-in for the Python table: it echoes each message, then has `moves` computer moves. */
function fakeGame(moves) {
  const sent = [];
  return {
    sent,
    receive(text) {
      sent.push(JSON.parse(text));
      return [JSON.stringify({ type: "state", answer: sent.length })];
    },
    botStep() {
      return moves.length ? JSON.stringify({ type: "state", bot: moves.shift() }) : null;
    },
  };
}

test("the local socket opens, answers each message, then the computers move one by one", async () => {
  const game = fakeGame(["Ad", "3c"]);
  const socket = new LocalSocket(game, { delayMs: 5 });
  const got = [];
  socket.onmessage = (ev) => got.push(JSON.parse(ev.data));
  assert.equal(socket.readyState, 0);
  await new Promise((done) => (socket.onopen = done));
  assert.equal(socket.readyState, LocalSocket.OPEN);
  socket.send(JSON.stringify({ type: "hello", token: "" }));
  await wait(60);
  assert.deepEqual(game.sent, [{ type: "hello", token: "" }]);
  assert.deepEqual(got, [
    { type: "state", answer: 1 },
    { type: "state", bot: "Ad" },
    { type: "state", bot: "3c" },
  ]);
  socket.close();
  socket.send(JSON.stringify({ type: "ping" }));
  await wait(20);
  assert.equal(game.sent.length, 1, "a closed socket sends nothing");
});

test("the app's worker names its cache by the Pyodide pin of package.json", () => {
  const pkg = JSON.parse(readFileSync(join(WEB, "../../../../package.json"), "utf8"));
  const pin = pkg.dependencies.pyodide;
  assert.match(pin, /^\d+\.\d+\.\d+$/, "an exact pin");
  assert.ok(read("js/offline/sw.js").includes(`const CACHE = "briscola-app-pyodide-${pin}";`));
});
