// The player's own bar (name plate, accusi and the exchange, tricks, summary) and hand, and the
// table's keyboard (1-9 play a card, arrows move between cards, Escape closes a dialog).
import { cardName, suitName, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { cardImg } from "../common/util.js";
import { namePlate } from "./felt.js";
import { openDialog, tricksButton } from "./tableview-info.js";

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
  const myTurn = obs.turn === view.seat && obs.phase === "play" && table.status === "playing";
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
        disabled: !obs.tricks.length,
        onclick: () => openDialog(view, "last"),
      },
      t("table.lasttrick"),
    ),
  );
  if (obs.tricks_visible) bar.push(tricksButton(view, "side-btn"));
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
  const hand = h("div", {
    class: `hand${live ? " live" : ""}`,
    role: "group",
    id: "hand",
    "aria-label": `${t("table.hand")}${live ? ` — ${t("table.hand.key", { n })}` : ""}`,
  });
  obs.hand.forEach((card, i) => {
    const can = live && legal.has(card);
    const btn = h(
      "button",
      {
        class: `card${view.pending === card ? " pending" : ""}${known.has(card) ? " known" : ""}`,
        type: "button",
        dataset: { card, index: String(i + 1) },
        "aria-label": live ? t("table.play", { card: cardName(card) }) : cardName(card),
        "aria-disabled": can ? "false" : "true",
        onclick: () => {
          if (can) view.act(card);
        },
      },
      h("span", { class: "key", "aria-hidden": "true" }, String(i + 1)),
      cardImg(card, { decorative: true }),
    );
    hand.append(btn);
  });
  return hand;
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
