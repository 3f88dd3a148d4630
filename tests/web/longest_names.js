// Run in a table page by the browser tests (tests/web/test_table_look.py) with a name: every
// seat takes that name (a long one: the plates clip it) and each computer the level whose title
// is longest, and the table is drawn again, so that its layout is checked for the widest plates a
// seat can have, whatever names the computers were given at random.
/* global window, structuredClone */
(name) => {
  const v = window.briscolaTable;
  const m = structuredClone(v.msg);
  const levels = Object.keys(v.levels || {});
  const wordy = (level) => v.levelTitle(level).length;
  const longest = levels.reduce((a, b) => (wordy(b) > wordy(a) ? b : a), levels[0]);
  for (const seat of m.table.seats) {
    seat.name = name;
    if (seat.kind === "bot" && longest) seat.bot = longest;
  }
  m.events = [];
  v.onState(m);
  return { names: m.table.seats.map((s) => s.name), level: longest };
};
