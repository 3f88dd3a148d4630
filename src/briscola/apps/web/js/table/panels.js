// The table's panels and sheets: the chiamata auction and call, the waiting room, the dialogs
// (last trick, rules, tricks taken). The end-of-deal summary is in summary.js. Each takes the
// TableView it draws for.
import { SUITS, sortRanks } from "../common/cards.js";
import { cardName, rankName, suitName, t } from "../common/i18n.js";
import { copyText, h, shareLink, toast } from "../common/dom.js";
import { botIcon, cardImg, matchTitle } from "../common/util.js";
import { prefsSection } from "./prefs.js";

/** A bid as the auction shows it: "passa", "2 a 75", or the rank's name. */
function bidText(bid) {
  const v = String(bid).replace(/^bid\s+/, "");
  if (v === "pass") return t("auction.passed");
  if (/^\d{2,3}$/.test(v)) return t("auction.points", { n: v });
  return rankName(v);
}

/** Chiamata's auction: the bids so far, then this seat's choices or who is bidding. */
export function auctionPanel(view, obs) {
  const calls = obs.auction?.calls || [];
  const mine = obs.turn === view.seat && obs.legal.length > 0;
  const list = calls.length
    ? h(
        "div",
        { class: "calls" },
        calls.map(([s, b]) =>
          h(
            "span",
            { class: `call${String(b) === "pass" ? " pass" : ""}` },
            h("span", { class: "who" }, view.nameOf(s)),
            `: ${bidText(b)}`,
          ),
        ),
      )
    : h("p", { class: "muted" }, t("auction.none"));
  const body = [h("h3", {}, t("auction.title")), list];
  if (mine) body.push(...myBids(view, obs));
  else if (obs.turn !== null && obs.turn !== undefined) {
    body.push(h("p", { class: "muted" }, t("auction.waiting", { name: view.nameOf(obs.turn) })));
  }
  return h("div", { class: "auction", role: "region", "aria-label": t("auction.title") }, body);
}

/** This seat's bids: a rank (strongest first), points (a number in the legal range), or pass. */
function myBids(view, obs) {
  const ranks = sortRanks(
    obs.legal.filter((a) => /^bid [A2-7FCR]$/.test(a)).map((a) => a.slice(4)),
  );
  const points = obs.legal.filter((a) => /^bid \d{2,3}$/.test(a)).map((a) => Number(a.slice(4)));
  const rankButton = (rank) =>
    h(
      "button",
      {
        class: "btn btn-light btn-small",
        type: "button",
        onclick: () => view.act(`bid ${rank}`),
        "aria-label": t("auction.bid", { what: rankName(rank) }),
      },
      rankName(rank),
    );
  const pass = obs.legal.includes("pass")
    ? h(
        "span",
        { class: "actions" },
        h(
          "button",
          { class: "btn btn-red btn-small", type: "button", onclick: () => view.act("pass") },
          t("auction.pass"),
        ),
      )
    : null;
  // the pass ends the row of ranks (it saves the panel a row); after a bid of points, its own
  const bids = h("div", { class: "bids" }, ranks.map(rankButton), points.length ? null : pass);
  const parts = [h("p", { class: "field-label" }, t("auction.yourbid")), bids];
  if (points.length) {
    parts.push(pointsBid(view, Math.min(...points), Math.max(...points)));
    if (pass) parts.push(h("div", { class: "actions" }, pass));
  }
  return parts;
}

/** A bid of points between `min` and `max` (a typed number is kept in that range). */
function pointsBid(view, min, max) {
  const input = h("input", {
    type: "number",
    min: String(min),
    max: String(max),
    value: String(min),
    id: "points-bid",
    "aria-label": t("auction.pointsbid"),
  });
  const bid = () => view.act(`bid ${Math.max(min, Math.min(max, Number(input.value) || min))}`);
  return h(
    "div",
    { class: "points-bid" },
    h("label", { for: "points-bid" }, t("auction.pointsbid")),
    input,
    h(
      "button",
      { class: "btn btn-small", type: "button", onclick: bid },
      t("auction.bid", { what: "" }).trim(),
    ),
  );
}

export function callPanel(view, obs) {
  const mine = obs.turn === view.seat && obs.legal.length > 0;
  if (!mine) {
    return h(
      "div",
      { class: "auction", role: "status" },
      h("h3", {}, t("auction.title")),
      h("p", {}, t("call.waiting", { name: view.nameOf(obs.turn) })),
    );
  }
  if (obs.legal.some((a) => CARD_CALL.test(a))) return cardCallPanel(view, obs);
  const calls = obs.auction?.calls || [];
  let rank = "2";
  for (const [, b] of calls) {
    const v = String(b).replace(/^bid\s+/, "");
    if (/^[A2-7FCR]$/.test(v)) rank = v;
  }
  return h(
    "div",
    { class: "auction", role: "region", "aria-label": t("call.title") },
    h("h3", {}, t("call.title")),
    h(
      "div",
      { class: "suits" },
      SUITS.filter((s) => obs.legal.includes(`call ${s}`)).map((s) =>
        callButton(view, `call ${s}`, rank + s),
      ),
    ),
  );
}

/** A call of a card ("call Ad", under the auction with a called card). */
const CARD_CALL = /^call [A2-7FCR][cdsb]$/;

/** One button of the call: the card it calls, drawn, and its suit's name. */
function callButton(view, action, card) {
  return h(
    "button",
    {
      type: "button",
      onclick: () => view.act(action),
      "aria-label": t("call.card", { card: cardName(card) }),
    },
    cardImg(card, { decorative: true }),
    suitName(card.slice(1)),
  );
}

/** The call of any card (the option call_card): the ranks to choose from, then the suits, drawn
 * as that rank's cards; a click on a suit calls the card. */
function cardCallPanel(view, obs) {
  const ranks = sortRanks([
    ...new Set(obs.legal.filter((a) => CARD_CALL.test(a)).map((a) => a.slice(5, 6))),
  ]);
  let rank = ranks[0];
  const suits = h("div", { class: "suits" });
  const fill = () =>
    suits.replaceChildren(
      ...SUITS.filter((s) => obs.legal.includes(`call ${rank}${s}`)).map((s) =>
        callButton(view, `call ${rank}${s}`, rank + s),
      ),
    );
  const buttons = ranks.map((r) =>
    h(
      "button",
      { type: "button", "aria-pressed": String(r === rank), onclick: () => pick(r) },
      rankName(r),
    ),
  );
  function pick(r) {
    rank = r;
    buttons.forEach((b, i) => b.setAttribute("aria-pressed", String(ranks[i] === r)));
    fill();
  }
  fill();
  return h(
    "div",
    { class: "auction", role: "region", "aria-label": t("call.title.card") },
    h("h3", {}, t("call.title.card")),
    h("div", { class: "ranks", role: "group", "aria-label": t("call.rank") }, buttons),
    suits,
  );
}

/** The waiting room: the seats, the invitation link (host), and the start button (host). */
export function waitingRoom(view) {
  const table = view.table;
  const inviteUrl = view.msg.invite_url ? new URL(view.msg.invite_url, location.origin).href : null;
  const body = [
    h("h2", { id: "wait-title" }, t("wait.title")),
    h("p", { class: "sub" }, `${view.presetTitle()} · ${matchTitle(table.match?.format)}`),
    h(
      "ul",
      { class: "seats-list" },
      table.seats.map((s, i) => waitingSeat(view, s, i)),
    ),
  ];
  if (inviteUrl) body.push(...invite(inviteUrl));
  if (view.msg.host) {
    body.push(
      h(
        "div",
        { class: "actions" },
        h("span", { class: "muted", style: { flex: "1" } }, t("wait.start.note")),
        h(
          "button",
          { class: "btn", type: "button", id: "start-game", onclick: () => view.startGame() },
          `▶ ${t("wait.start")}`,
        ),
      ),
    );
  } else body.push(h("p", { class: "muted" }, t("wait.host")));
  return h(
    "div",
    { class: "overlay" },
    h("div", { class: "sheet", role: "dialog", "aria-labelledby": "wait-title" }, body),
  );
}

/** A seat in the waiting room: its number, who sits there (or free), and whether they are here. */
function waitingSeat(view, s, i) {
  return h(
    "li",
    { dataset: { seat: String(i) } },
    h("span", { class: "num-badge" }, String(i + 1)),
    h(
      "span",
      { style: { flex: "1" } },
      s.kind === "bot"
        ? [botIcon(), " ", s.name, " ", h("span", { class: "muted level" }, view.levelTitle(s.bot))]
        : s.joined
          ? s.name
          : h("em", { class: "muted" }, t("wait.free")),
    ),
    i === view.seat
      ? h("strong", {}, t("table.you"))
      : s.kind === "human" && s.joined
        ? h("span", { class: "muted" }, s.connected ? "●" : "○")
        : null,
  );
}

/** The invitation link, with a button that copies it. */
function invite(url) {
  const input = h("input", {
    type: "text",
    readonly: true,
    value: url,
    id: "invite-link",
    "aria-label": t("wait.invite"),
    onfocus: (e) => e.target.select(),
  });
  const copy = async () => {
    await copyText(url, input);
    toast(t("wait.copied"), "info", 2000);
  };
  const share = async () => {
    if ((await shareLink(url, t("join.title"), input)) === "copied") copied();
  };
  const copied = () => toast(t("wait.copied"), "info", 2000);
  return [
    h("p", { class: "field-label", style: { marginTop: "14px" } }, t("wait.invite")),
    h(
      "div",
      { class: "invite" },
      input,
      h(
        "button",
        { class: "btn btn-light btn-small", type: "button", id: "copy-invite", onclick: copy },
        t("wait.copy"),
      ),
      typeof navigator.share === "function"
        ? h(
            "button",
            { class: "btn btn-small", type: "button", id: "share-invite", onclick: share },
            t("wait.share.button"),
          )
        : null,
    ),
    h("p", { class: "muted" }, t("wait.share")),
  ];
}

/** The dialog open over the felt: the last trick, the rules, or the tricks this side took. */
export function dialogSheet(view) {
  const [title, content] = dialogContent(view);
  return h(
    "div",
    {
      class: "overlay",
      onclick: (e) => {
        if (e.target === e.currentTarget) {
          view.dialog = null;
          view.render();
        }
      },
    },
    h(
      "div",
      { class: "sheet", role: "dialog", "aria-labelledby": "dlg-title" },
      h("h2", { id: "dlg-title" }, title),
      content,
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          {
            class: "btn btn-light btn-small",
            type: "button",
            id: "dlg-close",
            onclick: () => {
              view.dialog = null;
              view.render();
            },
          },
          t("table.close"),
        ),
      ),
    ),
  );
}

/** The open dialog's title and content. */
function dialogContent(view) {
  const obs = view.obs;
  if (view.dialog === "last") {
    return [t("table.lasttrick"), lastTrick(view, obs) || h("p", {}, t("table.lasttrick.none"))];
  }
  if (view.dialog === "rules") {
    const items = ["deck", "order", "points", "trick", "draw", "win"];
    if (view.ruleset.inversion) items.push("inversion");
    if (view.ruleset.partnership === "alternate") items.push("teams");
    if (view.ruleset.partners_show_first) items.push("showfirst");
    if (view.ruleset.partnership === "called") items.push("chiamata");
    const list = items.map((k) => h("li", {}, t(`rules.${k}`)));
    const prefs = prefsSection(() => view.render());
    return [t("rules.title"), [h("ul", { class: "rules" }, list), prefs]];
  }
  const title = view.ruleset.partnership === "none" ? t("table.mytricks") : t("table.ourtricks");
  const mine = view.teamOf(view.seat);
  const tricks = (obs?.tricks || []).filter((tr) => view.teamOf(tr.winner) === mine);
  if (!tricks.length) return [title, h("p", {}, t("table.tricks.none"))];
  const row = (tr) =>
    h(
      "div",
      { class: "mini-row" },
      tr.plays.map(([s, c]) => cardImg(c, { cls: s === tr.winner ? "won" : "" })),
    );
  return [title, h("div", { class: "trick-list" }, tricks.map(row))];
}

/** The last trick taken, its winner's card marked, and who took it; null before the first. */
export function lastTrick(view, obs) {
  const last = obs?.tricks?.[obs.tricks.length - 1];
  if (!last) return null;
  return h(
    "div",
    {},
    h(
      "div",
      { class: "mini-row" },
      last.plays.map(([s, c]) => cardImg(c, { cls: s === last.winner ? "won" : "" })),
    ),
    h(
      "div",
      { class: "trick-caption" },
      last.winner === view.seat
        ? t("table.took.me")
        : t("table.took", { name: view.nameOf(last.winner) }),
    ),
  );
}
