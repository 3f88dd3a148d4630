// The felt's pieces: the seats around the table with their name plates and cards, the stock with
// the briscola, the cards of the trick, and the status line. Each takes the TableView it draws for.
import { trickPoints } from "../common/cards.js";
import { cardName, suitName, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { aidOn, botIcon, cardImg } from "../common/util.js";
import { nextTrickHidden, shownTrick } from "./trick.js";
import { openDialog } from "./tableview-info.js";
import { isWatching } from "./flow.js";
import { contractLine, contractOf } from "./contract.js";
import { emoteBubble } from "./emotes.js";

export function seatBox(view, s) {
  const obs = view.obs;
  const table = view.table;
  const info = table.seats[s] || {};
  const a = view.angle(s);
  const c = Math.cos(a);
  const sn = Math.sin(a);
  // anchor each seat to its edge: the top seat hangs from the top, side seats lean on the sides
  const x = 50 + 48 * c;
  const y = 50 + 47 * sn;
  const tx = -50 - 50 * c;
  const ty = -50 - 50 * sn;
  const turn = obs && obs.turn === s && obs.phase !== "over";
  const count = obs ? obs.hand_counts[s] : 0;
  const open = obs?.other_hands?.[String(s)];
  const known = obs?.known_cards?.[String(s)] || [];
  let cards;
  if (open) {
    const partnerHand = view.ruleset.partnership !== "none" && !view.ruleset.open_hands;
    cards = h(
      "div",
      { class: "open-hand-box" },
      h(
        "div",
        {
          class: "open-hand",
          role: "group",
          "aria-label": `${view.nameOf(s)}: ${open.map(cardName).join(", ")}`,
        },
        open.map((c) => cardImg(c)),
      ),
      partnerHand ? h("span", { class: "hand-caption" }, t("table.partnerhand")) : null,
    );
  } else {
    const backs = [];
    for (const c of known) backs.push(cardImg(c, { cls: "known" }));
    for (let i = known.length; i < count; i++) backs.push(cardImg(null, { decorative: true }));
    const cls = count > 4 ? "backs many" : "backs";
    const attrs = {
      class: cls,
      "aria-hidden": known.length ? null : "true",
      dataset: { n: String(count) },
    };
    // partners_show_first: the partner's shown cards still held, side by side like an open hand
    const shown = obs?.shown?.[String(s)] || [];
    cards = shown.length ? shownHand(view, s, backs, known) : h("div", attrs, backs);
  }
  const plate = namePlate(view, s, info, turn);
  const top = sn < -0.3;
  return h(
    "div",
    {
      class: `seat${sn < -0.8 ? " top" : ""}${Math.abs(c) > 0.45 ? " flank" : ""}`,
      style: { left: `${x}%`, top: `${y}%`, transform: `translate(${tx}%, ${ty}%)` },
      dataset: { seat: String(s) },
      role: "group",
      "aria-label": `${view.nameOf(s)}: ${t("table.cards", { n: count })}`,
    },
    top ? [cards, plate] : [plate, cards],
  );
}

/** A partner's cards after it showed its hand: the known ones face up, the rest face down. */
function shownHand(view, s, cards, known) {
  const label = `${view.nameOf(s)}: ${known.map(cardName).join(", ")}`;
  return h(
    "div",
    { class: "open-hand-box shown-hand" },
    h("div", { class: "open-hand", role: "group", "aria-label": label }, cards),
    h("span", { class: "hand-caption" }, t("table.shown")),
  );
}

/** The chips on a seat's plate: dealer, team, caller and partner, accusi. */
function plateChips(view, s) {
  const obs = view.obs;
  const chips = [];
  if (obs && obs.dealer === s)
    chips.push(h("span", { class: "chip", title: t("table.dealer") }, "D"));
  const rs = view.ruleset;
  if (rs.partnership === "alternate") {
    const us = s % 2 === view.seat % 2;
    chips.push(
      h(
        "span",
        { class: `chip ${us ? "team-us" : "team-them"}` },
        us ? t("table.team.us") : t("table.team.them"),
      ),
    );
  }
  if (rs.partnership === "called" && obs) {
    const contract = contractOf(obs);
    if (contract?.caller === s && obs.phase !== "auction") {
      // the caller's plate says the contract: "chiama 120" (in full in its title)
      const full = contractLine(view, contract);
      const text = t("table.caller.points", { n: contract.points });
      chips.push(h("span", { class: "chip caller", title: full, "aria-label": full }, text));
    }
    if (obs.partner === s && s !== view.seat)
      chips.push(h("span", { class: "chip team-us" }, t("table.partner")));
  }
  for (const d of obs?.declarations || []) {
    if (d.seat === s) {
      chips.push(
        h(
          "span",
          {
            class: "chip decl",
            title: t("table.declared", {
              name: view.nameOf(s),
              suit: suitName(d.suit),
              n: d.points,
            }),
          },
          `R+C ${suitName(d.suit)} +${d.points}`,
        ),
      );
    }
  }
  return chips;
}

/** A seat's name plate: avatar, name, what is going on (computer, offline), chips, points. */
export function namePlate(view, s, info, turn) {
  const obs = view.obs;
  const chips = plateChips(view, s);
  const you = s === view.seat && !isWatching(view); // a spectator is nobody
  let sub = null;
  if (info.kind === "bot") sub = view.levelTitle(info.bot);
  if (info.autoplay) sub = t("table.autoplay");
  else if (info.kind === "human" && !info.connected && !you && view.table.status !== "waiting")
    sub = t("table.offline");
  const pts =
    aidOn() && obs
      ? h("span", { class: "pts", title: t("table.points") }, String(obs.points[s]))
      : null;
  const plain = !info.name || /^(Giocatore|Player|Jucătorul) \d+$/.test(info.name);
  const name = you ? `${t("table.you")}${plain ? "" : ` (${info.name})`}` : view.nameOf(s);
  const player = info.player || null; // who took the seat: avatar, bot account, profile
  const face = info.kind === "bot" ? botIcon() : player?.avatar || initial(name);
  return h(
    "div",
    { class: `plate${turn ? " turn" : ""}${sub === t("table.offline") ? " offline" : ""}` },
    h("span", { class: `avatar${info.kind === "bot" ? " bot" : ""}`, "aria-hidden": "true" }, face),
    h(
      "span",
      { class: "who" },
      player?.profile
        ? profileLink(player.profile, name, info.name)
        : h("span", { class: "name" }, name),
      sub ? h("span", { class: "sub" }, sub) : null,
    ),
    player?.bot
      ? h("span", { class: "chip botmark", title: t("plate.bot.title") }, "BOT") // a mark, not a word
      : null,
    chips,
    pts,
    pileChip(view, s),
    emoteBubble(view, s),
  );
}

/** A claimed account's name on its plate: a link to its profile, opened beside the table. */
function profileLink(username, shown, name) {
  return h(
    "a",
    {
      class: "name",
      href: `/players/${encodeURIComponent(username)}`,
      target: "_blank",
      rel: "noopener",
      title: t("plate.profile", { name: name || username }),
    },
    shown,
  );
}

/** The cards seat `s` has taken so far (a trick still shown on the felt not yet among them). */
export function takenCards(view, s) {
  const obs = view.obs;
  if (!obs) return 0;
  let n = 0;
  for (const tr of obs.tricks || []) if (tr.winner === s) n += tr.plays.length;
  const shown = shownTrick(view, obs);
  if (shown.done && view.held.winner === s) n -= view.held.cards.length;
  return Math.max(0, n);
}

/** A seat's pile of taken cards on its plate: a card's back and the count; a tap shows the
 * last trick. None before the seat takes a trick. */
function pileChip(view, s) {
  const n = takenCards(view, s);
  if (!n) return null;
  const label = t("table.pile", { name: view.nameOf(s), n });
  return h(
    "button",
    {
      class: "pile",
      type: "button",
      title: label,
      "aria-label": `${label}. ${t("table.lasttrick")}`,
      dataset: { seat: String(s), count: String(n) },
      onclick: () => openDialog(view, "last"),
    },
    h("span", { class: "pile-back", "aria-hidden": "true" }),
    h("span", { class: "pile-n" }, String(n)),
  );
}

/** A name's first letter for its avatar, whole: an emoji (two UTF-16 halves, or several joined
 * into one picture) is one letter, not the half that showed as "�". */
export function initial(name) {
  if (!name) return "?";
  const first =
    typeof Intl !== "undefined" && Intl.Segmenter
      ? new Intl.Segmenter().segment(name)[Symbol.iterator]().next().value.segment
      : Array.from(name)[0];
  return first.toUpperCase();
}

export function stockAndBriscola(view, obs) {
  const rs = obs.ruleset;
  if (!obs.briscola) return h("div", { class: "deck", hidden: true });
  const onTable = rs.briscola_face_up && obs.stock > 0;
  const contract = contractOf(obs); // chiamata: the caller and the points the side needs
  const label = onTable
    ? `${t("table.briscola")}: ${cardName(obs.briscola)}. ${t("table.stock", { n: obs.stock })}`
    : rs.briscola_face_up
      ? `${t("table.briscola.is", { suit: suitName(obs.trump) })} (${cardName(obs.briscola)}). ${t("table.stock.empty")}`
      : `${t("table.briscola.is", { suit: suitName(obs.trump) })}. ${t("call.called")}: ${cardName(obs.briscola)}${contract ? `. ${contractLine(view, contract)}` : ""}`;
  if (onTable && view.players === 2) {
    // the stock, with the briscola face up half under it
    const backs = [];
    const layers = Math.min(4, Math.ceil((obs.stock - 1) / 6));
    for (let i = 0; i < layers; i++) {
      const img = cardImg(null, { decorative: true });
      img.style.transform = `translate(${-i * 1.5}px, ${-i * 1.5}px)`;
      backs.push(img);
    }
    return h(
      "div",
      { class: "deck", role: "img", "aria-label": label },
      cardImg(obs.briscola, { cls: "briscola-card", decorative: true }),
      obs.stock > 1 ? h("div", { class: "stock" }, backs) : null,
      h("div", { class: "count", "aria-hidden": "true" }, `${obs.stock}`),
      h("div", { class: "trump-label", "aria-hidden": "true" }, suitLabel(obs)),
    );
  }
  // a compact chip: the briscola card, the trump suit, the cards left in the stock
  const text = rs.briscola_face_up
    ? t("table.briscola.is", { suit: suitName(obs.trump) })
    : `${t("call.called")}`;
  return h(
    "div",
    {
      class: `trump-chip${onTable ? "" : " drawn"}`,
      role: "img",
      "aria-label": label,
    },
    cardImg(obs.briscola, { decorative: true }),
    h(
      "span",
      { class: "trump-text", "aria-hidden": "true" },
      h("span", {}, text),
      !rs.briscola_face_up
        ? h("small", {}, t("table.briscola.is", { suit: suitName(obs.trump) }))
        : null,
      contract ? h("small", { class: "contract" }, contractLine(view, contract)) : null,
      onTable
        ? h("small", {}, t("table.stock", { n: obs.stock }))
        : rs.briscola_face_up
          ? h("small", {}, t("table.stock.empty"))
          : null,
    ),
    onTable ? h("span", { class: "count", "aria-hidden": "true" }, String(obs.stock)) : null,
    h("span", { class: "trump-label", "aria-hidden": "true" }, suitLabel(obs)),
  );
}

/** "Briscola: denari", the trump suit written under the stock in every layout. */
function suitLabel(obs) {
  return t("table.briscola.is", { suit: suitName(obs.trump) });
}

/** The status line under the trick: who took the trick just shown (and its points), or the
 * points on the table (the beginner aid); then whose turn it is, unless the same name took. */
export function statusLine(view, obs) {
  const bits = [];
  const shown = shownTrick(view, obs);
  let took = null;
  if (shown.done) {
    took = view.held.winner;
    const n = view.held.points;
    const me = took === view.seat && !isWatching(view);
    const key = n
      ? me
        ? "table.takes.me.points"
        : "table.takes.points"
      : me
        ? "table.takes.me"
        : "table.takes";
    bits.push(t(key, { name: view.nameOf(took), n }));
  } else if (aidOn() && obs.trick.length) {
    const pts = trickPoints(obs.trick, view.cardPoints);
    bits.push(t("table.points.trick", { n: pts }));
  }
  let mine = false;
  if (
    obs.phase !== "over" &&
    view.table.status === "playing" &&
    obs.turn !== null &&
    obs.turn !== undefined &&
    !nextTrickHidden(view, obs)
  ) {
    mine = obs.turn === view.seat && !isWatching(view); // a spectator is nobody
    // who takes leads next: "Bruno prende la mano · Tocca a Bruno" would say the name twice
    if (took !== obs.turn || mine) {
      bits.push(mine ? t("table.yourturn") : t("table.turnof", { name: view.nameOf(obs.turn) }));
    }
  }
  if (!bits.length) return null;
  return h(
    "div",
    { class: `status${mine ? " mine" : ""}`, role: "status", id: "turn-status" },
    bits.join(" · "),
  );
}

/** A spectator's bar under the felt: seat 0's name plate (as every other seat's: its name, its
 * connection, its turn) and its cards face down, no hand. */
export function watcherBar(view) {
  const obs = view.obs;
  const seat0 = view.table?.seats?.[0] || { kind: "human", connected: true };
  const n = obs?.hand_counts?.[0] ?? 0;
  const backs = Array.from({ length: n }, () => cardImg(null, { decorative: true }));
  view.me.replaceChildren(
    h(
      "div",
      { class: "me-bar", id: "watch-bar" },
      namePlate(view, 0, seat0, obs?.turn === 0 && obs?.phase !== "over"),
      h("span", { class: "muted" }, t("watch.lead")),
      h("a", { class: "btn btn-light btn-small", href: "/" }, t("table.home")),
    ),
    h("div", { class: "backs watch-hand", "aria-hidden": "true" }, backs),
  );
}
