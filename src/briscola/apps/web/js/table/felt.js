// The felt's pieces: the seats around the table with their name plates and cards, the stock with
// the briscola, the cards of the trick, and the status line. Each takes the TableView it draws for.
import { trickPoints } from "../common/cards.js";
import { cardName, suitName, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { aidOn, botIcon, cardImg } from "../common/util.js";

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
    cards = h("div", { class: "backs", "aria-hidden": known.length ? null : "true" }, backs);
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
    if (obs.auction?.winner === s && obs.phase !== "auction")
      chips.push(h("span", { class: "chip" }, t("table.caller")));
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
  let sub = null;
  if (info.kind === "bot") sub = t("table.bot");
  if (info.autoplay) sub = t("table.autoplay");
  else if (
    info.kind === "human" &&
    !info.connected &&
    s !== view.seat &&
    view.table.status !== "waiting"
  )
    sub = t("table.offline");
  const pts =
    aidOn() && obs
      ? h("span", { class: "pts", title: t("table.points") }, String(obs.points[s]))
      : null;
  const plain = !info.name || /^(Giocatore|Player) \d+$/.test(info.name);
  const name =
    s === view.seat ? `${t("table.you")}${plain ? "" : ` (${info.name})`}` : view.nameOf(s);
  return h(
    "div",
    { class: `plate${turn ? " turn" : ""}${sub === t("table.offline") ? " offline" : ""}` },
    h(
      "span",
      { class: `avatar${info.kind === "bot" ? " bot" : ""}`, "aria-hidden": "true" },
      info.kind === "bot" ? botIcon() : (name[0] || "?").toUpperCase(),
    ),
    h(
      "span",
      { class: "who" },
      h("span", { class: "name" }, name),
      sub ? h("span", { class: "sub" }, sub) : null,
    ),
    chips,
    pts,
  );
}

export function stockAndBriscola(view, obs) {
  const rs = obs.ruleset;
  if (!obs.briscola) return h("div", { class: "deck", hidden: true });
  const onTable = rs.briscola_face_up && obs.stock > 0;
  const label = onTable
    ? `${t("table.briscola")}: ${cardName(obs.briscola)}. ${t("table.stock", { n: obs.stock })}`
    : rs.briscola_face_up
      ? `${t("table.briscola.is", { suit: suitName(obs.trump) })} (${cardName(obs.briscola)}). ${t("table.stock.empty")}`
      : `${t("table.briscola.is", { suit: suitName(obs.trump) })}. ${t("call.called")}: ${cardName(obs.briscola)}`;
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
    );
  }
  // a compact chip: the briscola card, the trump suit, the cards left in the stock
  const text = rs.briscola_face_up
    ? t("table.briscola.is", { suit: suitName(obs.trump) })
    : `${t("call.called")}`;
  return h(
    "div",
    {
      class: `trump-chip${onTable ? "" : " drawn"}${view.players === 5 ? " low" : ""}`,
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
      onTable
        ? h("small", {}, t("table.stock", { n: obs.stock }))
        : rs.briscola_face_up
          ? h("small", {}, t("table.stock.empty"))
          : null,
    ),
    onTable ? h("span", { class: "count", "aria-hidden": "true" }, String(obs.stock)) : null,
  );
}

export function trickPosition(view, seat) {
  const a = view.angle(seat);
  const c = Math.cos(a);
  const s = Math.sin(a);
  const w = view.felt.clientWidth;
  const narrow = w < 560;
  // a wide, low felt (a phone held sideways) lays the trick out across, not up and down
  const wide = w > 2.3 * view.felt.clientHeight;
  let fx = view.players === 2 ? 0 : c * (narrow ? 0.92 : 0.72);
  let fy = s * 0.6;
  if (wide && view.players === 2) {
    fx = seat === view.seat ? 0.58 : -0.58;
    fy = 0;
  } else if (wide) {
    fx = c * 1.1;
    fy = s * 0.3;
  }
  return {
    left: `calc(var(--play-w) * ${fx.toFixed(3)})`,
    top: `calc(var(--play-h) * ${fy.toFixed(3)})`,
    rot: ((seat * 37) % 13) - 6,
    fx: `${(c * 120).toFixed(0)}px`,
    fy: `${(s * 120).toFixed(0)}px`,
  };
}

export function trickCards(view, obs) {
  let plays = obs.trick;
  let done = false;
  let winner = null;
  if (plays.length === 0 && view.held && Date.now() < view.held.until) {
    plays = view.held.cards;
    done = true;
    winner = view.held.winner;
  }
  const els = plays.map(([seat, card]) => {
    const p = trickPosition(view, seat);
    const fresh = !done && !view.prevTrick.includes(card);
    return h(
      "div",
      {
        class: `played${fresh ? " enter" : ""}${done && seat === winner ? " winner" : ""}`,
        style: { left: p.left, top: p.top, "--rot": `${p.rot}deg`, "--fx": p.fx, "--fy": p.fy },
        dataset: { card, seat: String(seat) },
      },
      cardImg(card),
      h("span", { class: "by" }, view.nameOf(seat)),
    );
  });
  return [
    h(
      "div",
      { class: `trick${done ? " done" : ""}`, role: "group", "aria-label": t("table.trick") },
      els,
    ),
  ];
}

export function statusLine(view, obs) {
  const bits = [];
  if (obs.trick.length === 0 && view.held && Date.now() < view.held.until) {
    const w = view.held.winner;
    const pts = view.held.points ? ` +${view.held.points}` : "";
    bits.push(
      `${w === view.seat ? t("table.takes.me") : t("table.takes", { name: view.nameOf(w) })}${pts}`,
    );
  } else if (aidOn() && obs.trick.length) {
    const pts = trickPoints(obs.trick, view.cardPoints);
    bits.push(t("table.points.trick", { n: pts }));
  }
  let mine = false;
  if (
    obs.phase !== "over" &&
    view.table.status === "playing" &&
    obs.turn !== null &&
    obs.turn !== undefined
  ) {
    mine = obs.turn === view.seat;
    bits.push(mine ? t("table.yourturn") : t("table.turnof", { name: view.nameOf(obs.turn) }));
  }
  if (!bits.length) return null;
  return h(
    "div",
    { class: `status${mine ? " mine" : ""}`, role: "status", id: "turn-status" },
    bits.join(" · "),
  );
}
