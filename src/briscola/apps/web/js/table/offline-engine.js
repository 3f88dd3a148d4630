// The rules on this device (issue 39): Pyodide (the npm package `pyodide`, served from
// /static/offline/pyodide/) running the package's own Python, the sources zipped from it by
// scripts/offline_bundle.py (/static/offline/briscola.zip: the rules core, the session and the
// levels that need no Numba). loadEngine() loads both once; its game(…) is a table of
// briscola.session.local, which answers the web protocol's messages as a server would.
const BASE = "/static/offline/";
const SITE = "/offline-site"; // where the sources are unpacked in Pyodide's file system

let loading = null;

/** Pyodide and the package's sources, loaded once per page. */
export function loadEngine() {
  loading ??= load();
  return loading;
}

async function load() {
  const { loadPyodide } = await import(`${BASE}pyodide/pyodide.mjs`);
  const [py, zip] = await Promise.all([
    loadPyodide({ indexURL: `${BASE}pyodide/` }),
    fetch(`${BASE}briscola.zip`).then((r) => {
      if (!r.ok) throw new Error(`briscola.zip: ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  py.unpackArchive(zip, "zip", { extractDir: SITE });
  py.runPython(`import sys; sys.path.insert(0, "${SITE}")`);
  const local = py.pyimport("briscola.session.local");
  return new Engine(py, local);
}

class Engine {
  constructor(py, local) {
    this.py = py;
    this.local = local;
  }

  /** The levels played offline: [{name, title: {it, en, ro}, description}], as /api/levels. */
  levels() {
    return JSON.parse(this.local.levels());
  }

  /** A new started table: the person at seat 0 against `level`; `names` of the seats. */
  game({ preset = "classic", level, seed, names }) {
    const table = this.local.LocalTable(preset, level, seed, this.py.toPy(names));
    return new Game(table);
  }
}

/** One table in Python: what a server would answer, and its computer players' moves. */
class Game {
  constructor(table) {
    this.table = table;
  }

  /** The JSON texts answering the client's message `text`. */
  receive(text) {
    const replies = this.table.receive(text);
    try {
      return replies.toJs();
    } finally {
      replies.destroy();
    }
  }

  /** One computer player's move as a state message's text, or null when none is to move. */
  botStep() {
    return this.table.bot_step() ?? null;
  }

  /** True once the match is over. */
  get over() {
    return this.table.over;
  }

  /** The match as data (briscola.session.local's record): what the server replays. */
  record() {
    const rec = this.table.record();
    try {
      return rec.toJs({ dict_converter: Object.fromEntries });
    } finally {
      rec.destroy();
    }
  }
}
