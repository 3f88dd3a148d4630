// The score keeper's memory on this device: the last sheet the server sent, the changes made
// since that it has not confirmed (the offline queue), and the list of this browser's sheets.
//
// While changes wait, the page shows the server's sheet with them applied here (`localApply`
// mirrors the Python model for points, deals and new games; the server stays the judge and
// replays them when the network is back).

const SHEET_KEY = (id) => `briscola.score.sheet.${id}`;
const LIST_KEY = "briscola.score.list";
const DEAL_POINTS = 120;
const DECLARATIONS_MAX = 220;

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or off: the page still works while open */
  }
}

/** The stored record of a sheet: {server, queue, selected} (server: the last SheetResponse). */
export function loadRecord(id) {
  const rec = read(SHEET_KEY(id), null);
  if (!rec || typeof rec !== "object") return { server: null, queue: [], selected: 0 };
  rec.queue = Array.isArray(rec.queue) ? rec.queue : [];
  for (const item of rec.queue) {
    item.sent = false;
    if (typeof item.id !== "string") item.id = changeId();
  }
  rec.selected = Number.isInteger(rec.selected) ? rec.selected : 0;
  return rec;
}

/**
 * A new id for a change waiting to be sent (20 letters and digits): the server counts a change
 * sent again with the same id once, so one whose answer was lost on the way back is not doubled.
 * (crypto.getRandomValues works on plain-http pages too, unlike crypto.randomUUID.)
 */
export function changeId() {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
}

export function saveRecord(id, rec) {
  write(SHEET_KEY(id), {
    server: rec.server,
    queue: rec.queue.map(({ change, at, id }) => ({ change, at, id })),
    selected: rec.selected,
  });
}

/** This browser's sheets, most recent first: [{id, name, competitors, totals, game, at}]. */
export function listSheets() {
  const list = read(LIST_KEY, []);
  return Array.isArray(list) ? list.filter((s) => s && typeof s.id === "string") : [];
}

/** Put (or refresh) a sheet in this browser's list from a SheetResponse. */
export function remember(resp) {
  const sheet = resp.sheet;
  const entry = {
    id: resp.id,
    name: sheet.name,
    competitors: sheet.competitors.map((c) => c.name),
    totals: sheet.totals,
    trophies: sheet.competitors.map((c) => c.trophies),
    game: sheet.game,
    at: Date.now(),
  };
  write(LIST_KEY, [entry, ...listSheets().filter((s) => s.id !== resp.id)].slice(0, 50));
}

export function forget(id) {
  write(
    LIST_KEY,
    listSheets().filter((s) => s.id !== id),
  );
  try {
    localStorage.removeItem(SHEET_KEY(id));
  } catch {
    /* ignore */
  }
}

/** A refusal found on this device, worded like the server's (key err.<code>). */
export class LocalError extends Error {
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

function clone(x) {
  return JSON.parse(JSON.stringify(x));
}

function totalsOf(deals) {
  return deals[0].map((_, i) => deals.reduce((sum, d) => sum + d[i], 0));
}

function detail(names, deal) {
  return names.map((n, i) => `${n} ${deal[i]}`).join(" + ");
}

/** Some points of the deal being written, not all: less than 120 (units: not summing to 0). */
function dealInProgress(resp, deal) {
  if (!deal.some((v) => v !== 0)) return false;
  const sum = deal.reduce((a, b) => a + b, 0);
  return resp.counts_points ? sum < DEAL_POINTS : sum !== 0;
}

/** The game's outcome and winner (the model's game_result). */
export function result(resp, sheet) {
  const totals = totalsOf(sheet.deals);
  const top = Math.max(...totals);
  let reached = top >= resp.target_value;
  if (!reached && resp.single_deal && !sheet.declarations) {
    reached = totals.reduce((a, b) => a + b, 0) === DEAL_POINTS;
  }
  if (!reached || (!resp.single_deal && dealInProgress(resp, sheet.deals.at(-1)))) {
    return ["playing", null];
  }
  const leaders = totals.flatMap((v, i) => (v === top ? [i] : []));
  return leaders.length > 1 ? ["draw", null] : ["win", leaders[0]];
}

function check(resp, sheet) {
  if (!resp.counts_points) return;
  const names = sheet.competitors.map((c) => c.name);
  for (const deal of sheet.deals) {
    deal.forEach((value, i) => {
      if (value < 0) throw new LocalError("negative", { name: names[i], value });
    });
    const total = deal.reduce((a, b) => a + b, 0);
    if (!sheet.declarations && total > DEAL_POINTS) {
      throw new LocalError("over_120", { total, detail: detail(names, deal) });
    }
    if (total > DECLARATIONS_MAX) {
      throw new LocalError("over_declarations", { total, detail: detail(names, deal) });
    }
  }
}

function newGame(resp, sheet) {
  const deal = sheet.deals[sheet.deals.length - 1];
  if (!deal.some((v) => v !== 0)) {
    if (sheet.deals.length === 1) throw new LocalError("empty_game");
    sheet.deals.pop();
  }
  let [outcome, winner] = result(resp, sheet);
  if (outcome === "playing") outcome = "unfinished";
  const names = sheet.competitors.map((c) => c.name);
  const standing = [...sheet.standing];
  let matchWinner = null;
  if (winner !== null) {
    const champion = sheet.competitors[winner];
    standing[winner] += 1;
    champion.trophies += 1;
    if (standing[winner] >= sheet.wins_needed) {
      champion.matches += 1;
      matchWinner = champion.name;
    }
  }
  sheet.history.push({
    number: sheet.history.length + 1,
    match: sheet.match,
    names,
    totals: totalsOf(sheet.deals),
    deals: clone(sheet.deals),
    outcome,
    winner: winner === null ? null : names[winner],
    match_winner: matchWinner,
    standing: [...standing],
  });
  sheet.standing = matchWinner !== null ? standing.map(() => 0) : standing;
  if (matchWinner !== null) sheet.match += 1;
  sheet.game = sheet.history.length + 1;
  sheet.deals = [names.map(() => 0)];
}

/**
 * The SheetResponse `resp` with `change` applied here; throws LocalError for a change the model
 * would refuse. Changes it cannot foresee (undo, redo, settings) leave the sheet as it is, for the
 * server to apply.
 */
export function localApply(resp, change) {
  const next = clone(resp);
  const sheet = next.sheet;
  const deal = sheet.deals[sheet.deals.length - 1];
  switch (change.op) {
    case "add":
      deal[change.competitor] += change.delta;
      break;
    case "set_total":
      deal[change.competitor] = change.value;
      break;
    case "next_deal":
      if (resp.single_deal) throw new LocalError("single_deal");
      if (!deal.some((v) => v !== 0)) throw new LocalError("empty_deal");
      sheet.deals.push(deal.map(() => 0));
      break;
    case "new_game":
      newGame(next, sheet);
      break;
    case "rename":
      sheet.competitors[change.competitor].name = change.name;
      break;
    default:
      next.pending = true;
      return next;
  }
  check(next, sheet);
  sheet.totals = totalsOf(sheet.deals);
  const [outcome, winner] = result(next, sheet);
  sheet.outcome = outcome;
  sheet.winner = winner;
  sheet.decides_match = winner !== null && sheet.standing[winner] + 1 >= sheet.wins_needed;
  const last = sheet.deals[sheet.deals.length - 1];
  const sum = last.reduce((a, b) => a + b, 0);
  const sorted = [...last].sort((a, b) => b - a);
  sheet.deal_is_draw =
    resp.counts_points && !sheet.declarations && sum === DEAL_POINTS && sorted[0] === sorted[1];
  sheet.can_undo = true;
  sheet.can_redo = false;
  next.undo_label = null;
  next.redo_label = null;
  return next;
}

/** What the page shows: the server's sheet with the waiting changes applied. */
export function shown(rec) {
  let view = rec.server;
  for (const item of rec.queue) {
    try {
      view = localApply(view, item.change);
    } catch {
      /* the server will refuse it too, and say why */
    }
  }
  return view;
}
