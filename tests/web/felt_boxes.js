// Run in a table page by tests/web/test_table_look.py: draw a full trick (one card a seat) into
// the table's latest state, then return the fit of the trick and every pair of the felt's
// pieces that overlap (cards, their names, plates, the other hands, the stock, the trump's
// label, the status line), as "kind:seat x kind:seat (w x h)", and on a tight felt the stock's
// pieces that are not inside it. It measures the next frame, as a player sees it: the felt fits its trick
// again when drawing the bar under it changes its size.
/* global window, document, getComputedStyle, structuredClone, requestAnimationFrame */
async () => {
  const v = window.briscolaTable;
  const m = structuredClone(v.msg);
  const o = m.observation;
  const n = o.ruleset.players;
  const cards = ["Ac", "3d", "Rs", "Cb", "7c", "5d"];
  o.trick = Array.from({ length: n }, (_, i) => [i, cards[i]]);
  o.phase = "play";
  m.events = [];
  v.onState(m);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const groups = {
    card: ".trick .played img",
    by: ".trick .played .by",
    plate: ".seat .plate",
    backs: ".seat .backs, .seat .open-hand-box",
    deck: ".deck .stock, .deck .briscola-card, .trump-chip",
    label: ".trump-label",
    status: ".status",
  };
  const boxes = [];
  for (const [g, sel] of Object.entries(groups))
    for (const e of document.querySelectorAll(sel)) {
      const r = e.getBoundingClientRect();
      if (r.width && r.height && getComputedStyle(e).display !== "none")
        boxes.push({ g, r, name: e.closest("[data-seat]")?.dataset.seat ?? e.className });
    }
  const bad = [];
  // on a small felt crowded with seats, the stock, the trump chip and its suit's label lie
  // inside the felt, not off its edge
  const feltEl = document.querySelector(".felt");
  const felt = feltEl.getBoundingClientRect();
  for (const { g, r, name } of boxes)
    if (
      feltEl.classList.contains("tight") &&
      (g === "deck" || g === "label") &&
      (r.left < felt.left - 1 ||
        r.right > felt.right + 1 ||
        r.top < felt.top - 1 ||
        r.bottom > felt.bottom + 1)
    )
      bad.push(`${g}:${name} outside the felt`);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i],
        b = boxes[j];
      if (a.g === b.g && a.g !== "card") continue;
      if (
        (a.g === "deck" && b.g === "deck") ||
        (a.g === "deck" && b.g === "label") ||
        (a.g === "label" && b.g === "deck")
      )
        continue;
      if (
        ((a.g === "card" && b.g === "by") || (a.g === "by" && b.g === "card")) &&
        a.name === b.name
      )
        continue;
      if (
        ((a.g === "plate" && b.g === "backs") || (a.g === "backs" && b.g === "plate")) &&
        a.name === b.name
      )
        continue;
      const ox = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const oy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (ox > 1 && oy > 1)
        bad.push(`${a.g}:${a.name} x ${b.g}:${b.name} (${ox.toFixed(0)}x${oy.toFixed(0)})`);
    }
  return { fit: v.trickFit, bad };
};
