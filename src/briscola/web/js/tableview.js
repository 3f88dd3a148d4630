// The table: a seat's live view of a game, drawn from the server's `state` messages.
// mountTable(root, {tableId, seat, token, compact, onAgain}) connects the seat's WebSocket and
// redraws from each state (the server always sends the whole view). See docs/web-protocol.md.
import { cardName, langSwitch, onLangChange, suitName, t } from "./i18n.js";
import { api, botIcon, cardImg, h, matchTitle, toast } from "./util.js";
import {
  auctionPanel,
  callPanel,
  dealSummary,
  dialogSheet,
  lastTrick,
  waitingRoom,
} from "./panels.js";

const TRICK_HOLD_MS = 1500;

function aidOn() {
  try {
    return localStorage.getItem("briscola.aid") === "1";
  } catch {
    return false;
  }
}

function setAid(on) {
  try {
    localStorage.setItem("briscola.aid", on ? "1" : "0");
  } catch {
    /* ignore */
  }
}

const CARD_POINTS = { A: 11, 3: 10, R: 4, C: 3, F: 2 };

function cardPoints(code, ruleset) {
  const rank = code.slice(0, -1);
  if (ruleset && ruleset.inversion) {
    if (rank === "7") return 10;
    if (rank === "3") return 0;
  }
  return CARD_POINTS[rank] || 0;
}

export function mountTable(root, opts) {
  const view = new TableView(root, opts);
  view.start();
  return view;
}

class TableView {
  constructor(root, { tableId, seat, token, compact = false, onAgain = null }) {
    this.root = root;
    this.tableId = tableId;
    this.seat = seat;
    this.token = token;
    this.compact = compact;
    this.onAgain = onAgain;
    this.msg = null; // the latest state message
    this.ws = null;
    this.retry = 0;
    this.closed = false;
    this.fatal = null;
    this.held = null; // {cards, winner, points, until}
    this.prevTrick = [];
    this.pending = null;
    this.summaryHidden = false;
    this.summaryKey = null;
    this.readySent = null;
    this.dialog = null; // "last" | "tricks" | null
    this.banner = null;
    this.focusCard = null;
    this.holdTimer = null;
    this.bannerTimer = null;
    this.onKey = this.onKey.bind(this);
  }

  start() {
    this.root.classList.add("app");
    if (this.compact) this.root.classList.add("embed");
    this.topbar = h("header", { class: "topbar" });
    this.felt = h("section", { class: "felt felt-bg", "aria-label": t("table.label") });
    this.side = h("aside", { class: "side" });
    this.me = h("section", { class: "me" });
    this.root.replaceChildren(
      this.topbar,
      h("div", { class: "stage" }, this.felt, this.side),
      this.me,
    );
    this.live = h("div", { class: "sr-only", "aria-live": "polite" });
    this.root.append(this.live);
    document.addEventListener("keydown", this.onKey);
    onLangChange(() => this.render());
    this.render();
    this.connect();
  }

  // -- connection --------------------------------------------------------------------------
  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const url = `${proto}://${location.host}/ws/${encodeURIComponent(this.tableId)}?token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.connState = "open";
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (ev) => {
      let m;
      try {
        m = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (m.type === "state") this.onState(m);
      else if (m.type === "error") {
        this.pending = null;
        toast(m.message || m.code);
        this.render();
      }
    };
    ws.onclose = (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      if (ev.code === 1008) {
        this.fatal = ev.reason === "unknown table" ? t("table.nosuch") : t("table.noseat");
        this.render();
        return;
      }
      this.connState = "lost";
      this.render();
      const wait = Math.min(5000, 400 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  act(action) {
    if (this.pending) return;
    if (this.send({ type: "action", action })) {
      this.pending = action;
      this.render();
    } else toast(t("table.reconnecting"));
  }

  // -- state -------------------------------------------------------------------------------
  onState(m) {
    const prev = this.msg;
    this.msg = m;
    this.seat = m.seat;
    this.pending = null;
    const obs = m.observation;
    for (const ev of m.events || []) {
      if (ev.type === "trick" && (!obs || obs.trick.length === 0)) {
        this.held = {
          cards: ev.cards,
          winner: ev.winner,
          points: ev.points,
          until: Date.now() + TRICK_HOLD_MS,
        };
        clearTimeout(this.holdTimer);
        this.holdTimer = setTimeout(() => this.render(), TRICK_HOLD_MS + 20);
      } else if (ev.type === "declared") {
        this.showBanner(
          t("table.declared", {
            name: this.nameOf(ev.seat),
            suit: suitName(ev.suit),
            n: ev.points,
          }),
        );
      } else if (ev.type === "exchanged") {
        this.showBanner(
          t("table.exchanged", { name: this.nameOf(ev.seat), gave: cardName(ev.gave) }),
        );
      } else if (ev.type === "revealed") {
        this.showBanner(`${this.nameOf(ev.seat)}: ${t("table.partner")}`);
      } else if (ev.type === "deal_started") {
        this.held = null;
        this.summaryHidden = false;
        this.readySent = null;
      }
      if (ev.type === "played" && ev.seat !== this.seat) {
        this.say(`${this.nameOf(ev.seat)}: ${cardName(ev.card)}`);
      }
    }
    if (obs && obs.trick.length > 0) this.held = null;
    if (!prev || prev.table.status !== m.table.status) this.summaryHidden = false;
    this.render();
  }

  showBanner(text) {
    this.banner = text;
    this.say(text);
    clearTimeout(this.bannerTimer);
    this.bannerTimer = setTimeout(() => {
      this.banner = null;
      this.render();
    }, 3500);
  }

  say(text) {
    this.live.textContent = text;
  }

  // -- helpers -----------------------------------------------------------------------------
  get obs() {
    return this.msg?.observation || null;
  }

  get table() {
    return this.msg?.table || null;
  }

  get players() {
    return this.obs?.ruleset.players || this.table?.ruleset.players || 2;
  }

  get ruleset() {
    return this.obs?.ruleset || this.table?.ruleset || {};
  }

  nameOf(seat) {
    if (seat === this.seat) return t("table.you");
    const s = this.table?.seats?.[seat];
    return (s && s.name) || t("table.seat", { n: seat + 1 });
  }

  teamOf(seat) {
    const rs = this.ruleset;
    if (rs.partnership === "alternate") return seat % 2;
    if (rs.partnership === "called") {
      const obs = this.obs;
      const caller = obs?.auction?.winner;
      if (
        caller === null ||
        caller === undefined ||
        obs.partner === null ||
        obs.partner === undefined
      )
        return null;
      return seat === caller || seat === obs.partner ? 0 : 1;
    }
    return seat;
  }

  rel(seat) {
    return (seat - this.seat + this.players) % this.players;
  }

  angle(seat) {
    return ((90 - (this.rel(seat) * 360) / this.players) * Math.PI) / 180;
  }

  presetTitle() {
    const key = `game.${this.ruleset.name}`;
    const s = t(key);
    return s === key ? this.ruleset.name : s;
  }

  // -- drawing -----------------------------------------------------------------------------
  render() {
    this.renderTop();
    if (this.fatal) {
      this.felt.replaceChildren(
        h(
          "div",
          { class: "overlay" },
          h(
            "div",
            { class: "sheet", role: "alertdialog", "aria-labelledby": "fatal-title" },
            h("h2", { id: "fatal-title" }, "Briscola"),
            h("p", {}, this.fatal),
            h("div", { class: "actions" }, h("a", { class: "btn", href: "/" }, t("table.home"))),
          ),
        ),
      );
      this.side.replaceChildren();
      this.me.replaceChildren();
      return;
    }
    if (!this.msg) {
      this.felt.replaceChildren(h("div", { class: "status" }, t("table.connecting")));
      this.me.replaceChildren();
      return;
    }
    this.renderFelt();
    this.renderSide();
    this.renderMe();
  }

  renderTop() {
    const table = this.table;
    const bits = [];
    bits.push(
      h(
        "a",
        {
          class: "brand",
          href: "/",
          target: this.compact ? "_blank" : null,
          title: this.compact ? t("embed.open") : t("table.home"),
        },
        h("img", { class: "brand-mark", src: "/static/favicon.svg", alt: "" }),
        h("span", { class: "brand-name" }, "Briscola"),
      ),
    );
    if (table) {
      const deal =
        table.deal !== null && table.deal !== undefined
          ? ` · ${t("match.deal", { n: table.deal + 1 })}`
          : "";
      bits.push(
        h(
          "span",
          { class: "game-name" },
          `${this.presetTitle()} · ${matchTitle(table.match?.format)}${deal}`,
        ),
      );
    }
    bits.push(h("span", { class: "spacer" }));
    const chip = this.matchChip();
    if (chip)
      bits.push(h("span", { class: "score-chip compact", title: t("summary.standing") }, chip));
    if (this.connState === "lost")
      bits.push(h("span", { class: "score-chip", role: "status" }, "⚠ " + t("table.reconnecting")));
    const aid = h("input", {
      type: "checkbox",
      checked: aidOn(),
      onchange: (e) => {
        setAid(e.target.checked);
        this.render();
      },
    });
    bits.push(
      h(
        "label",
        { class: "aid-toggle", title: t("table.aid.title") },
        aid,
        h("span", { class: "long" }, t("table.aid")),
        h("span", { class: "short" }, t("table.points")),
      ),
    );
    bits.push(langSwitch());
    this.topbar.replaceChildren(...bits);
  }

  matchChip() {
    const m = this.table?.match;
    if (!m || !m.format || m.format === "single") return null;
    const values =
      m.format.startsWith("points") || m.format.startsWith("deals") ? m.points : m.wins;
    if (!values) return null;
    const mine = this.competitorOf(this.seat);
    const order = [mine, ...values.map((_, i) => i).filter((i) => i !== mine)];
    return order.map((i) => values[i]).join(" – ");
  }

  competitorOf(seat) {
    const m = this.table?.match;
    if (m?.competitors === "teams") return seat % 2;
    return seat;
  }

  renderFelt() {
    const obs = this.obs;
    const table = this.table;
    const parts = [];
    for (let s = 0; s < this.players; s++) if (s !== this.seat) parts.push(this.seatEl(s));
    if (obs) {
      parts.push(this.deckEl(obs));
      if (obs.phase === "auction") parts.push(auctionPanel(this, obs));
      else if (obs.phase === "call") parts.push(callPanel(this, obs));
      else parts.push(...this.trickEls(obs));
      const st = this.statusEl(obs);
      if (st) parts.push(st);
    }
    if (this.banner) parts.push(h("div", { class: "banner", role: "status" }, this.banner));
    if (table.status === "waiting") parts.push(waitingRoom(this));
    else if (
      (table.status === "deal_over" || table.status === "over") &&
      table.result &&
      !this.summaryHidden &&
      !(this.held && Date.now() < this.held.until)
    ) {
      parts.push(dealSummary(this));
    }
    if (this.dialog) parts.push(dialogSheet(this));
    this.felt.replaceChildren(...parts);
    this.prevTrick = obs ? obs.trick.map((p) => p[1]) : [];
  }

  seatEl(s) {
    const obs = this.obs;
    const table = this.table;
    const info = table.seats[s] || {};
    const a = this.angle(s);
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
      const partnerHand = this.ruleset.partnership !== "none" && !this.ruleset.open_hands;
      cards = h(
        "div",
        { class: "open-hand-box" },
        h(
          "div",
          {
            class: "open-hand",
            role: "group",
            "aria-label": `${this.nameOf(s)}: ${open.map(cardName).join(", ")}`,
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
    const plate = this.plateEl(s, info, turn);
    const top = sn < -0.3;
    return h(
      "div",
      {
        class: `seat${sn < -0.8 ? " top" : ""}${Math.abs(c) > 0.45 ? " flank" : ""}`,
        style: { left: `${x}%`, top: `${y}%`, transform: `translate(${tx}%, ${ty}%)` },
        dataset: { seat: String(s) },
        "aria-label": `${this.nameOf(s)}: ${t("table.cards", { n: count })}`,
      },
      top ? [cards, plate] : [plate, cards],
    );
  }

  plateEl(s, info, turn) {
    const obs = this.obs;
    const chips = [];
    if (obs && obs.dealer === s)
      chips.push(h("span", { class: "chip", title: t("table.dealer") }, "D"));
    const rs = this.ruleset;
    if (rs.partnership === "alternate") {
      const us = s % 2 === this.seat % 2;
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
      if (obs.partner === s && s !== this.seat)
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
                name: this.nameOf(s),
                suit: suitName(d.suit),
                n: d.points,
              }),
            },
            `R+C ${suitName(d.suit)} +${d.points}`,
          ),
        );
      }
    }
    let sub = null;
    if (info.kind === "bot") sub = t("table.bot");
    if (info.autoplay) sub = t("table.autoplay");
    else if (
      info.kind === "human" &&
      !info.connected &&
      s !== this.seat &&
      this.table.status !== "waiting"
    )
      sub = t("table.offline");
    const pts =
      aidOn() && obs
        ? h("span", { class: "pts", title: t("table.points") }, String(obs.points[s]))
        : null;
    const plain = !info.name || /^(Giocatore|Player) \d+$/.test(info.name);
    const name =
      s === this.seat ? `${t("table.you")}${plain ? "" : ` (${info.name})`}` : this.nameOf(s);
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

  deckEl(obs) {
    const rs = obs.ruleset;
    if (!obs.briscola) return h("div", { class: "deck", hidden: true });
    const onTable = rs.briscola_face_up && obs.stock > 0;
    const label = onTable
      ? `${t("table.briscola")}: ${cardName(obs.briscola)}. ${t("table.stock", { n: obs.stock })}`
      : rs.briscola_face_up
        ? `${t("table.briscola.is", { suit: suitName(obs.trump) })} (${cardName(obs.briscola)}). ${t("table.stock.empty")}`
        : `${t("table.briscola.is", { suit: suitName(obs.trump) })}. ${t("call.called")}: ${cardName(obs.briscola)}`;
    if (onTable && this.players === 2) {
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
        class: `trump-chip${onTable ? "" : " drawn"}${this.players === 5 ? " low" : ""}`,
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

  trickPos(seat) {
    const a = this.angle(seat);
    const c = Math.cos(a);
    const s = Math.sin(a);
    const narrow = this.felt.clientWidth < 560;
    const fx = this.players === 2 ? 0 : c * (narrow ? 0.92 : 0.72);
    return {
      left: `calc(var(--play-w) * ${fx.toFixed(3)})`,
      top: `calc(var(--play-h) * ${(s * 0.6).toFixed(3)})`,
      rot: ((seat * 37) % 13) - 6,
      fx: `${(c * 120).toFixed(0)}px`,
      fy: `${(s * 120).toFixed(0)}px`,
    };
  }

  trickEls(obs) {
    let plays = obs.trick;
    let done = false;
    let winner = null;
    if (plays.length === 0 && this.held && Date.now() < this.held.until) {
      plays = this.held.cards;
      done = true;
      winner = this.held.winner;
    }
    const els = plays.map(([seat, card]) => {
      const p = this.trickPos(seat);
      const fresh = !done && !this.prevTrick.includes(card);
      return h(
        "div",
        {
          class: `played${fresh ? " enter" : ""}${done && seat === winner ? " winner" : ""}`,
          style: { left: p.left, top: p.top, "--rot": `${p.rot}deg`, "--fx": p.fx, "--fy": p.fy },
          dataset: { card, seat: String(seat) },
        },
        cardImg(card),
        h("span", { class: "by" }, this.nameOf(seat)),
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

  statusEl(obs) {
    const bits = [];
    if (obs.trick.length === 0 && this.held && Date.now() < this.held.until) {
      const w = this.held.winner;
      const pts = this.held.points ? ` +${this.held.points}` : "";
      bits.push(
        `${w === this.seat ? t("table.takes.me") : t("table.takes", { name: this.nameOf(w) })}${pts}`,
      );
    } else if (aidOn() && obs.trick.length) {
      const pts = obs.trick.reduce((n, [, c]) => n + cardPoints(c, obs.ruleset), 0);
      bits.push(t("table.points.trick", { n: pts }));
    }
    let mine = false;
    if (
      obs.phase !== "over" &&
      this.table.status === "playing" &&
      obs.turn !== null &&
      obs.turn !== undefined
    ) {
      mine = obs.turn === this.seat;
      bits.push(mine ? t("table.yourturn") : t("table.turnof", { name: this.nameOf(obs.turn) }));
    }
    if (!bits.length) return null;
    return h(
      "div",
      { class: `status${mine ? " mine" : ""}`, role: "status", id: "turn-status" },
      bits.join(" · "),
    );
  }

  async startGame() {
    try {
      await api(`/api/tables/${encodeURIComponent(this.tableId)}/start`, { token: this.token });
    } catch (e) {
      toast(e.message);
    }
  }

  sides(result) {
    const sides = new Map();
    result.teams.forEach((side, seat) => {
      if (!sides.has(side)) sides.set(side, []);
      sides.get(side).push(seat);
    });
    return sides;
  }

  sideName(seats) {
    const names = seats.map((s) => this.nameOf(s));
    if (names.length === 1) return names[0];
    const and = document.documentElement.lang === "en" ? " and " : " e ";
    return names.slice(0, -1).join(", ") + and + names[names.length - 1];
  }

  competitorName(c) {
    const m = this.table.match;
    if (m.competitors === "teams") {
      const seats = [];
      for (let s = c; s < this.players; s += 2) seats.push(s);
      return this.sideName(seats);
    }
    return this.nameOf(c);
  }

  renderSide() {
    const obs = this.obs;
    const table = this.table;
    const boxes = [];
    // points of the deal (beginner aid) and the match standing
    const rows = [];
    if (obs && aidOn()) {
      const sides = new Map();
      for (let s = 0; s < this.players; s++) {
        const side = this.ruleset.partnership === "alternate" ? s % 2 : s;
        sides.set(side, [...(sides.get(side) || []), s]);
      }
      for (const [, seats] of sides) {
        const pts = seats.reduce((n, s) => n + obs.points[s], 0);
        rows.push(
          h(
            "tr",
            { class: seats.includes(this.seat) ? "mine-row" : "" },
            h("td", {}, this.sideName(seats)),
            h("td", { class: "n" }, String(pts)),
          ),
        );
      }
      const taken = obs.points.reduce((a, b) => a + b, 0);
      const decl = (obs.declarations || []).reduce((n, d) => n + d.points, 0);
      const total =
        120 - (taken - decl) - obs.trick.reduce((n, [, c]) => n + cardPoints(c, obs.ruleset), 0);
      rows.push(
        h(
          "tr",
          {},
          h(
            "td",
            { class: "muted", style: { color: "#cfe" } },
            t("table.points.left", { n: "" }).trim(),
          ),
          h("td", { class: "n" }, String(Math.max(0, total))),
        ),
      );
      boxes.push(
        h(
          "div",
          { class: "box" },
          h("h3", {}, t("table.points")),
          h("table", { class: "score-table" }, h("tbody", {}, rows)),
        ),
      );
    }
    const m = table.match;
    if (m && m.format && m.format !== "single") {
      const byPoints = m.format.startsWith("points") || m.format.startsWith("deals");
      const values = byPoints ? m.points : m.wins;
      boxes.push(
        h(
          "div",
          { class: "box" },
          h("h3", {}, matchTitle(m.format)),
          h(
            "table",
            { class: "score-table" },
            h(
              "tbody",
              {},
              values.map((v, c) =>
                h(
                  "tr",
                  { class: c === this.competitorOf(this.seat) ? "mine-row" : "" },
                  h("td", {}, this.competitorName(c)),
                  h("td", { class: "n" }, String(v)),
                ),
              ),
            ),
          ),
        ),
      );
    }
    boxes.push(
      h(
        "div",
        { class: "box", id: "last-trick" },
        h("h3", {}, t("table.lasttrick")),
        lastTrick(this, obs) || h("p", { class: "trick-caption" }, t("table.lasttrick.none")),
      ),
    );
    if (obs?.tricks_visible) {
      boxes.push(
        h(
          "div",
          { class: "box" },
          h(
            "button",
            {
              class: "btn btn-ghost btn-small",
              type: "button",
              onclick: () => {
                this.dialog = "tricks";
                this.render();
              },
            },
            this.ruleset.partnership === "none" ? t("table.mytricks") : t("table.ourtricks"),
          ),
        ),
      );
    }
    this.side.replaceChildren(...boxes);
  }

  renderMe() {
    const obs = this.obs;
    const table = this.table;
    const hadFocus = this.me.contains(document.activeElement)
      ? document.activeElement.dataset?.card
      : null;
    if (!obs) {
      this.me.replaceChildren();
      return;
    }
    const myTurn = obs.turn === this.seat && obs.phase === "play" && table.status === "playing";
    const legal = new Set(obs.legal);
    const live = myTurn && !this.pending;
    const info = table.seats[this.seat] || {};
    const bar = [this.plateEl(this.seat, info, myTurn)];
    // accusi and the exchange, when legal
    for (const a of obs.legal) {
      if (a.startsWith("declare ")) {
        const suit = a.slice(-1);
        const pts = suit === obs.trump ? 40 : 20;
        bar.push(
          h(
            "button",
            {
              class: "btn btn-small",
              type: "button",
              disabled: !!this.pending,
              onclick: () => this.act(a),
              dataset: { action: a },
            },
            t("table.declare", { suit: suitName(suit), n: pts }),
          ),
        );
      } else if (a === "exchange") {
        const rank = this.ruleset.exchange === "seven" ? "7" : "2";
        bar.push(
          h(
            "button",
            {
              class: "btn btn-small",
              type: "button",
              disabled: !!this.pending,
              onclick: () => this.act(a),
              dataset: { action: a },
            },
            t("table.exchange", { card: cardName(rank + obs.trump) }),
          ),
        );
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
          onclick: () => {
            this.dialog = "last";
            this.render();
          },
        },
        t("table.lasttrick"),
      ),
    );
    if (obs.tricks_visible) {
      bar.push(
        h(
          "button",
          {
            class: "btn btn-ghost btn-small side-btn",
            type: "button",
            onclick: () => {
              this.dialog = "tricks";
              this.render();
            },
          },
          this.ruleset.partnership === "none" ? t("table.mytricks") : t("table.ourtricks"),
        ),
      );
    }
    if (table.result && this.summaryHidden && table.status !== "playing") {
      bar.push(
        h(
          "button",
          {
            class: "btn btn-small",
            type: "button",
            onclick: () => {
              this.summaryHidden = false;
              this.render();
            },
          },
          t("summary.deal"),
        ),
      );
    }
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
          class: `card${this.pending === card ? " pending" : ""}${known.has(card) ? " known" : ""}`,
          type: "button",
          dataset: { card, index: String(i + 1) },
          "aria-label": live ? t("table.play", { card: cardName(card) }) : cardName(card),
          "aria-disabled": can ? "false" : "true",
          onclick: () => {
            if (can) this.act(card);
          },
        },
        h("span", { class: "key", "aria-hidden": "true" }, String(i + 1)),
        cardImg(card, { decorative: true }),
      );
      hand.append(btn);
    });
    this.me.replaceChildren(h("div", { class: "me-bar" }, bar), hand);
    this.fitHand(hand, n);
    const again = hadFocus && hand.querySelector(`[data-card="${hadFocus}"]`);
    if (again) again.focus();
    else if (hadFocus && hand.firstChild) hand.firstChild.focus();
  }

  fitHand(hand, n) {
    requestAnimationFrame(() => {
      const first = hand.firstChild;
      if (!first || n < 2) return;
      const w = first.getBoundingClientRect().width;
      const avail = this.me.getBoundingClientRect().width - 24;
      const gap = 10;
      let overlap = gap;
      if (n * w + (n - 1) * gap > avail) overlap = (avail - n * w) / (n - 1);
      hand.style.setProperty("--overlap", `${Math.max(-w * 0.72, overlap)}px`);
    });
  }

  onKey(e) {
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
    if (e.key === "Escape" && this.dialog) {
      this.dialog = null;
      this.render();
      return;
    }
    const hand = this.me.querySelector("#hand");
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
}
