// The table: a seat's live view of a game, drawn from the server's `state` messages.
// mountTable(root, {tableId, seat, token, compact, onAgain}) connects the seat's WebSocket and
// redraws from each state (the server always sends the whole view). See docs/web-protocol.md.
import { cardName, langSwitch, onLangChange, suitName, t } from "./i18n.js";
import { aidOn, api, cardImg, cardPoints, h, matchTitle, setAid, toast } from "./util.js";
import { namePlate, seatBox, statusLine, stockAndBriscola, trickCards } from "./felt.js";
import {
  auctionPanel,
  callPanel,
  dealSummary,
  dialogSheet,
  lastTrick,
  waitingRoom,
} from "./panels.js";

const TRICK_HOLD_MS = 1500;

/** A server error in the language in use: known codes are worded here, others as sent. */
function errorText(m) {
  const key = `error.${m.code}`;
  const own = t(key);
  if (own === key) return m.message || m.code;
  return m.code === "illegal_action" && m.message ? `${own} (${m.message})` : own;
}

/** Focus the first element matching a selector once the DOM has been drawn. */
function focusSoon(selector) {
  requestAnimationFrame(() => document.querySelector(selector)?.focus());
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
        toast(errorText(m));
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
    const obs = this.obs;
    const myTurn = obs && obs.turn === this.seat && this.table.status === "playing";
    document.title = myTurn ? `▶ ${t("table.yourturn")} · Briscola` : "Briscola";
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
    bits.push(
      h(
        "button",
        {
          class: "btn btn-ghost btn-small rules-btn",
          type: "button",
          id: "show-rules",
          "aria-label": t("rules.title"),
          title: t("rules.title"),
          onclick: () => {
            this.dialog = "rules";
            this.render();
            focusSoon("#dlg-close");
          },
        },
        "?",
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
    for (let s = 0; s < this.players; s++) if (s !== this.seat) parts.push(seatBox(this, s));
    if (obs) {
      parts.push(stockAndBriscola(this, obs));
      if (obs.phase === "auction") parts.push(auctionPanel(this, obs));
      else if (obs.phase === "call") parts.push(callPanel(this, obs));
      else parts.push(...trickCards(this, obs));
      const st = statusLine(this, obs);
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
      const key = `${table.deal}:${table.status}`;
      if (this.summaryKey !== key) {
        this.summaryKey = key;
        focusSoon("#next-deal, #new-game, #play-again");
      }
    }
    if (this.dialog) parts.push(dialogSheet(this));
    this.felt.replaceChildren(...parts);
    this.prevTrick = obs ? obs.trick.map((p) => p[1]) : [];
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
                focusSoon("#dlg-close");
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
    const bar = [namePlate(this, this.seat, info, myTurn)];
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
            focusSoon("#dlg-close");
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
              focusSoon("#dlg-close");
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
