// The player's own bar (name plate, accusi and the exchange, tricks, summary) and hand, and the
// table's keyboard (1-9 play a card, arrows move between cards, Escape closes a dialog).
import { sortHand } from "../common/cards.js";
import { cardName, suitName, t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { cardImg, getFlag, setFlag } from "../common/util.js";
import { namePlate } from "./felt.js";
import { openDialog, tricksButton } from "./tableview-info.js";
import { hintButton } from "./analysis.js";
import { iconLabel } from "./icons.js";
import { signalRow } from "./signals.js";
import { nextTrickHidden } from "./trick.js";

/** Draw the player's bar and hand, keeping the focus on the card that had it. */
export function renderMe(view) {
  const obs = view.obs;
  const table = view.table;
  const hadFocus = view.me.contains(document.activeElement)
    ? document.activeElement.dataset?.card
    : null;
  if (!obs) {
    view.me.replaceChildren();
    return;
  }
  const myTurn =
    obs.turn === view.seat &&
    obs.phase === "play" &&
    table.status === "playing" &&
    !nextTrickHidden(view, obs); // the lead it answers is not drawn yet
  markDrawn(view, obs.hand);
  const hand = handOf(view, obs, myTurn && !view.pending);
  view.me.replaceChildren(h("div", { class: "me-bar" }, meBar(view, obs, myTurn)), hand);
  fitHand(view, hand, obs.hand.length);
  const again = hadFocus && hand.querySelector(`[data-card="${hadFocus}"]`);
  if (again) again.focus();
  else if (hadFocus && hand.firstChild) hand.firstChild.focus();
}

/** The bar over the hand: name plate, accusi and the exchange, last trick, tricks, summary. */
function meBar(view, obs, myTurn) {
  const table = view.table;
  const info = table.seats[view.seat] || {};
  const bar = [namePlate(view, view.seat, info, myTurn)];
  // accusi and the exchange, when legal
  for (const a of obs.legal) {
    if (a.startsWith("declare ")) {
      const suit = a.slice(-1);
      const pts = suit === obs.trump ? 40 : 20;
      bar.push(actionButton(view, a, t("table.declare", { suit: suitName(suit), n: pts })));
    } else if (a === "exchange") {
      const rank = view.ruleset.exchange === "seven" ? "7" : "2";
      bar.push(actionButton(view, a, t("table.exchange", { card: cardName(rank + obs.trump) })));
    }
  }
  bar.push(
    h(
      "button",
      {
        class: "btn btn-ghost btn-small side-btn",
        type: "button",
        id: "show-last",
        "aria-label": t("table.lasttrick"),
        title: t("table.lasttrick"),
        disabled: !obs.tricks.length,
        onclick: () => openDialog(view, "last"),
      },
      iconLabel("last", t("table.lasttrick")),
    ),
  );
  if (obs.tricks_visible) bar.push(tricksButton(view, "side-btn"));
  bar.push(sortToggle(view));
  bar.push(hintButton(view, myTurn)); // the champion's hint (issue 15)
  const signs = signalRow(obs, myTurn, (a, label) => actionButton(view, a, label)); // issue 14
  if (signs) bar.push(signs);
  if (table.result && view.summaryHidden && table.status !== "playing") {
    const show = () => {
      view.summaryHidden = false;
      view.render();
    };
    const button = { class: "btn btn-small", type: "button", onclick: show };
    bar.push(h("button", button, t("summary.deal")));
  }
  return bar;
}

/** The hand: a button a card, playable when `live` and legal (keys 1-9 name them). */
function handOf(view, obs, live) {
  const legal = new Set(obs.legal);
  const known = new Set(Object.values(obs.known_cards || {}).flat());
  const n = obs.hand.length;
  const cards = sorted(view)
    ? sortHand(obs.hand, { trump: obs.trump, inversion: obs.ruleset.inversion })
    : obs.hand;
  const hand = h("div", {
    class: `hand${live ? " live" : ""}`,
    role: "group",
    id: "hand",
    "aria-label": `${t("table.hand")}${live ? ` — ${t("table.hand.key", { n })}` : ""}`,
  });
  cards.forEach((card, i) => {
    const can = live && legal.has(card);
    const drawn = view.drawn?.cards.has(card) && Date.now() < view.drawn.until;
    const btn = h(
      "button",
      {
        class: `card${view.pending === card ? " pending" : ""}${known.has(card) ? " known" : ""}${drawn ? " drawn" : ""}`,
        type: "button",
        dataset: { card, index: String(i + 1) },
        "aria-label": live ? t("table.play", { card: cardName(card) }) : cardName(card),
        "aria-disabled": can ? "false" : "true",
        onclick: (e) => {
          if (can) view.act(card);
          else refuse(view, e.currentTarget, card);
        },
      },
      h("span", { class: "key", "aria-hidden": "true" }, String(i + 1)),
      cardImg(card, { decorative: true }),
    );
    hand.append(btn);
  });
  return hand;
}

/** Is the hand shown sorted? The player's choice, else sorted for hands of six cards or more
 * (chiamata's eight), as dealt for three. */
function sorted(view) {
  const choice = getFlag("briscola.sort");
  return choice === null ? (view.ruleset.hand_size || 3) >= 6 : choice;
}

/** The switch between the hand as dealt and sorted by suit and strength. */
function sortToggle(view) {
  const on = sorted(view);
  return h(
    "button",
    {
      class: "btn btn-ghost btn-small side-btn",
      type: "button",
      id: "sort-hand",
      "aria-pressed": String(on),
      "aria-label": t("table.sort"),
      title: t("table.sort.title"),
      onclick: () => {
        setFlag("briscola.sort", !on);
        view.render();
      },
    },
    iconLabel("sort", t("table.sort")),
  );
}

/** Note the cards just drawn (new in the hand since the last drawing) to mark them briefly. */
function markDrawn(view, hand) {
  const before = view.prevHand;
  view.prevHand = [...hand];
  if (!before || !before.length) return;
  const fresh = hand.filter((c) => !before.includes(c));
  if (!fresh.length || fresh.length > 2) return;
  view.drawn = { cards: new Set(fresh), until: Date.now() + DRAWN_MS };
  clearTimeout(view.drawnTimer);
  view.drawnTimer = setTimeout(() => view.render(), DRAWN_MS + 20);
}

const DRAWN_MS = 1800;

/** A card clicked that cannot be played now: it shakes, and a short line says why. */
function refuse(view, btn, card) {
  if (view.pending || !view.obs || view.table.status !== "playing") return;
  const obs = view.obs;
  let why;
  if (obs.turn !== view.seat) why = t("error.not_your_turn");
  else if (obs.phase !== "play") why = t("table.notnow");
  else why = t("table.cannot", { card: cardName(card) });
  btn.classList.remove("nope");
  void btn.offsetWidth; // restart the shake
  btn.classList.add("nope");
  view.refusal?.remove();
  view.refusal = toast(why, "info", 1800);
}

/** A button in the player's bar that takes `action` (an accuso, the exchange). */
function actionButton(view, action, label) {
  return h(
    "button",
    {
      class: "btn btn-small",
      type: "button",
      disabled: !!view.pending,
      onclick: () => view.act(action),
      dataset: { action },
    },
    label,
  );
}

function fitHand(view, hand, n) {
  requestAnimationFrame(() => {
    const first = hand.firstChild;
    if (!first || n < 2) return;
    const w = first.getBoundingClientRect().width;
    const avail = view.me.getBoundingClientRect().width - 24;
    const gap = 10;
    let overlap = gap;
    if (n * w + (n - 1) * gap > avail) overlap = (avail - n * w) / (n - 1);
    hand.style.setProperty("--overlap", `${Math.max(-w * 0.72, overlap)}px`);
  });
}

export function onTableKey(view, e) {
  const tag = (e.target.tagName || "").toLowerCase();
  if (
    tag === "input" ||
    tag === "select" ||
    tag === "textarea" ||
    e.ctrlKey ||
    e.metaKey ||
    e.altKey
  )
    return;
  if (e.key === "Escape" && view.dialog) {
    view.dialog = null;
    view.render();
    return;
  }
  const hand = view.me.querySelector("#hand");
  if (!hand) return;
  const cards = [...hand.querySelectorAll("button.card")];
  if (/^[1-9]$/.test(e.key)) {
    const btn = cards[Number(e.key) - 1];
    if (btn && hand.classList.contains("live")) {
      e.preventDefault();
      btn.focus();
      btn.click();
    }
    return;
  }
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    if (!cards.length) return;
    const i = cards.indexOf(document.activeElement);
    let j;
    if (i < 0) j = e.key === "ArrowLeft" ? cards.length - 1 : 0;
    else j = (i + (e.key === "ArrowLeft" ? -1 : 1) + cards.length) % cards.length;
    e.preventDefault();
    cards[j].focus();
  }
}
