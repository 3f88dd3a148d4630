// The review of a finished deal: /review/{table_id}/{deal}, a link to share. Step through the
// deal trick by trick with every hand as it was before the trick (the deal is over: nothing is
// hidden), the cards of the trick marked, who took it and the points taken so far. The data is
// GET /api/tables/{id}/deals/{n} (apps/server/tables.py).
import { applyStatic, getLang, hasText, onLangChange, t } from "../common/i18n.js";
import { copyText, h, toast } from "../common/dom.js";
import { api, cardImg, loadSeat } from "../common/util.js";
import { analysisButton } from "./analysis.js";
import { pageHead } from "./pagehead.js";

const parts = location.pathname.split("/").filter(Boolean);
const tableId = decodeURIComponent(parts[1] || "");
const dealNo = Number(parts[2] || "0");
let data = null;
let problem = null;
let step = 0;

// a name the server gives a person who gave none ("Giocatore 1"), in any of its languages
const PLAIN = /^(Giocatore|Player|Jucătorul) \d+$/;

/** True when this browser sat at `seat` of the table under review (its seat saved there). */
function isMine(seat) {
  return loadSeat(tableId)?.seat === seat;
}

/** A seat's name: this browser's own "Tu" (with the name it gave, if any), the others' names, a
 * seat without one "Posto N" in the page's language (not the server's "Giocatore 1"). */
function seatName(seat) {
  const name = data.seats[seat];
  const plain = !name || PLAIN.test(name);
  if (isMine(seat)) return plain ? t("table.you") : `${t("table.you")} (${name})`;
  return plain ? t("table.seat", { n: seat + 1 }) : name;
}

function gameTitle(name) {
  return hasText(`game.${name}`) ? t(`game.${name}`) : name;
}

/** Go to step `n` (kept in range) and draw. */
function go(n) {
  if (!data) return;
  step = Math.max(0, Math.min(data.steps.length - 1, n));
  render();
  document.getElementById(n > step ? "review-prev" : "review-next")?.focus();
}

function nav() {
  const total = data.steps.length;
  const button = (id, label, text, to, off) =>
    h(
      "button",
      {
        class: "btn btn-light btn-small",
        type: "button",
        id,
        "aria-label": label,
        disabled: off ? true : null,
        onclick: () => go(to),
      },
      text,
    );
  return h(
    "div",
    { class: "review-nav", style: { display: "flex", gap: "10px", alignItems: "center" } },
    button("review-prev", t("review.prev"), "◀", step - 1, step === 0),
    h(
      "strong",
      { id: "review-step", role: "status", "aria-live": "polite" },
      t("review.step", { n: step + 1, total }),
    ),
    button("review-next", t("review.next"), "▶", step + 1, step === total - 1),
  );
}

/** How a card of a hand is shown: the card the seat played in the trick raised and ringed (the
 * winner's in green), the others dimmed. */
function handCard(card, played, won) {
  const img = cardImg(card, { cls: won ? "won" : "" });
  const ring = won ? "#2e7d32" : "#c9a227";
  const style = played
    ? { outline: `3px solid ${ring}`, outlineOffset: "1px", transform: "translateY(-6px)" }
    : { opacity: "0.45" };
  Object.entries(style).forEach(([k, v]) => (img.style[k] = v));
  if (played) img.dataset.played = won ? "won" : "played";
  return img;
}

/** Each seat's hand before the trick; the card it played marked (the winner's as taken). */
function hands(s) {
  const played = new Map(s.plays.map(([seat, card]) => [seat, card]));
  const rows = s.hands.map((hand, seat) =>
    h(
      "tr",
      { dataset: { seat: String(seat) }, class: seat === s.winner ? "winner" : "" },
      h("td", {}, seatName(seat)),
      h(
        "td",
        {},
        h(
          "div",
          { class: "mini-row", style: { paddingTop: "8px" } },
          hand.map((c) =>
            handCard(c, c === played.get(seat), c === played.get(seat) && seat === s.winner),
          ),
        ),
      ),
      h("td", { class: "n" }, String(s.taken[seat])),
    ),
  );
  const head = h(
    "thead",
    {},
    h("tr", {}, h("th", {}, ""), h("th", {}, ""), h("th", { class: "n" }, t("review.taken"))),
  );
  return h("table", { class: "result-table review-hands" }, head, h("tbody", {}, rows));
}

function render() {
  const box = document.getElementById("review");
  if (problem || !data) {
    box.replaceChildren(
      pageHead(),
      h("h2", {}, t("review.title", { n: dealNo + 1 })),
      h("p", { id: "review-problem" }, problem || t("home.loading")),
      h("div", { class: "actions" }, h("a", { class: "btn", href: "/" }, t("table.home"))),
    );
    return;
  }
  const s = data.steps[step];
  const rules = data.record.ruleset;
  const taker = seatName(s.winner);
  const url = new URL(data.review_url, location.origin).href;
  const share = async () => {
    await copyText(url);
    toast(t("review.copied"), "info", 2000);
  };
  const actions = [
    h(
      "button",
      { class: "btn btn-light btn-small", type: "button", id: "review-share", onclick: share },
      t("review.share"),
    ),
  ];
  const seat = loadSeat(tableId);
  if (seat) {
    const back = `/table/${encodeURIComponent(tableId)}?seat=${seat.seat}`;
    actions.push(h("a", { class: "btn btn-small", href: back }, t("review.back")));
    // the deal's analysis from this person's seat (issue 15): the same sheet as the summary's
    actions.push(analysisButton({ tableId, seat: seat.seat, table: { deal: dealNo } }));
  }
  box.replaceChildren(
    pageHead(),
    h("h2", { id: "review-title" }, t("review.title", { n: dealNo + 1 })),
    h(
      "p",
      { class: "sub" },
      `${gameTitle(rules.name)} · ${t("review.briscola")} `,
      data.briscola ? briscolaCard(data.briscola) : "",
    ),
    nav(),
    hands(s),
    h(
      "p",
      { class: "trick-caption", id: "review-took" },
      isMine(s.winner)
        ? t("review.took.me", { n: s.points })
        : t("review.took", { name: taker, n: s.points }),
      " · ",
      t("review.stock", { n: s.stock }),
    ),
    h("div", { class: "actions" }, actions),
  );
}

function briscolaCard(card) {
  const img = cardImg(card);
  img.style.width = "30px";
  img.style.verticalAlign = "middle";
  return img;
}

function onKey(e) {
  if (e.key === "ArrowLeft") go(step - 1);
  else if (e.key === "ArrowRight") go(step + 1);
}

async function main() {
  getLang();
  applyStatic();
  onLangChange(() => {
    applyStatic();
    render();
  });
  document.addEventListener("keydown", onKey);
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/deals/${dealNo}`);
    if (!data.steps.length) problem = t("review.none");
  } catch (e) {
    problem = e.message || t("review.none");
  }
  render();
}

main();
