// The table: a seat's live view of a game, drawn from the server's `state` messages.
// mountTable(root, {tableId, seat, token, compact, onAgain, socket}) connects the seat's WebSocket
// (or `socket()`'s stand-in: the offline game's, offline-socket.js) and redraws from each state
// (the server always sends the whole view). See docs/web-protocol.md.
// The drawing around the felt is in tableview-info.js (top bar, side column) and tableview-hand.js
// (the player's bar and hand, the keyboard); the felt itself in felt.js, panels.js and summary.js.
import { cardName, hasText, listNames, onLangChange, pick, suitName, t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { api, errorText } from "../common/util.js";
import { seatBox, statusLine, stockAndBriscola, watcherBar } from "./felt.js";
import { fitTrick, shownTrick, trickCards } from "./trick.js";
import { playSound } from "./sound.js";
import { closedText } from "./closing.js";
import { auctionPanel, callPanel, dialogSheet, waitingRoom } from "./panels.js";
import { dealSummary } from "./summary.js";
import { fitBar, focusSoon, renderSide, renderTop } from "./tableview-info.js";
import { applyPrefs, holdPref } from "./prefs.js";
import { onTableKey, renderMe } from "./tableview-hand.js";
import { flowEvent, isWatching, onRematch, renderFlowTop } from "./flow.js";
import { signalText } from "./signals.js";
import { onTalk, renderTalk } from "./emotes.js";

/** How long a completed trick stays on the felt at least (the server may send its own
 * `trick_hold_ms`), then how long it takes to sweep to its winner's pile. */
const TRICK_HOLD_MS = 1500;
const SWEEP_MS = 450;
/** How long the table waits for the level titles before it connects (see start). */
const LEVELS_WAIT_MS = 2000;

export function mountTable(root, opts) {
  const view = new TableView(root, opts);
  view.start();
  return view;
}

class TableView {
  constructor(root, opts) {
    const { tableId, seat, token, compact = false, onAgain = null, watch = false } = opts;
    this.socket = opts.socket || null; // makes the connection's stand-in (the offline game)
    this.root = root;
    this.watch = watch; // a spectator's view (flow.js)
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
    this.held = null; // the completed trick on show: {cards, winner, points, until, sweepUntil}
    this.trickFit = null; // where the trick lies and how large (trick.js fitTrick)
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
    applyPrefs(); // this device's size of the hand's cards, its side for a left hand (prefs.js)
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
    window.addEventListener("resize", () => {
      fitBar(this.topbar);
      if (this.msg) fitTrick(this);
    });
    onLangChange(() => this.render());
    this.render();
    const levels = api("/api/levels")
      .then((r) => {
        this.levels = Object.fromEntries((r.levels || []).map((l) => [l.name, l.title]));
        if (this.msg) this.render();
      })
      .catch(() => {});
    // the first state is drawn with the computers' level titles on their plates, so a plate does
    // not grow under the felt's fit (the trump chip moved to another corner when it did); a slow
    // or failing levels call holds the table back LEVELS_WAIT_MS at most
    const wait = new Promise((done) => setTimeout(done, LEVELS_WAIT_MS));
    Promise.race([levels, wait]).then(() => this.connect());
  }

  /** What a computer player's plate says under its name: "computer, Sensato". */
  levelTitle(level) {
    const title = this.levels?.[level];
    return title ? t("table.level", { level: pick(title, level) }) : t("table.bot");
  }

  // -- connection --------------------------------------------------------------------------
  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the token goes in the first message, never in the URL (a URL is written in access logs)
    const path = `/ws/${encodeURIComponent(this.tableId)}${this.watch ? "/watch" : ""}`;
    const url = `${proto}://${location.host}${path}`;
    const ws = this.socket ? this.socket() : new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      if (!this.watch) ws.send(JSON.stringify({ type: "hello", token: this.token }));
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
      else if (m.type === "rematch") onRematch(this, m);
      else if (onTalk(this, m))
        return; // an emote, a line of chat (emotes.js)
      else if (m.type === "error") {
        this.pending = null;
        toast(errorText(m.code, m.message));
        this.render();
      }
    };
    ws.onclose = (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      if (ev.code === 1008) {
        this.fatal = closedText(ev.reason);
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
    // a player who moves on has seen the trick on show: it goes to its pile now
    if (this.held && Date.now() < this.held.until) this.holdUntil(Date.now());
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
    for (const ev of m.events || []) {
      flowEvent(this, ev);
      if (ev.type === "trick") {
        this.held = { cards: ev.cards, winner: ev.winner, points: ev.points };
        // a little over the hold: timers and drawing may fire a few milliseconds early
        this.holdUntil(Date.now() + this.holdMs + 80);
        playSound("trick");
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
      } else if (ev.type === "signalled") {
        this.showBanner(signalText(this.nameOf(ev.seat), ev, m.observation));
      } else if (ev.type === "revealed") {
        this.showBanner(`${this.nameOf(ev.seat)}: ${t("table.partner")}`);
      } else if (ev.type === "deal_started") {
        this.held = null;
        this.prevHand = null;
        this.summaryHidden = false;
        this.readySent = null;
      }
      if (ev.type === "played") playSound("play");
      if (ev.type === "played" && ev.seat !== this.seat) {
        this.say(`${this.nameOf(ev.seat)}: ${cardName(ev.card)}`);
      }
    }
    if (!prev || prev.table.status !== m.table.status) this.summaryHidden = false;
    this.render();
  }

  /** How long a completed trick stays on show: this device's choice (prefs.js), else the
   * server's setting, else the client's. */
  get holdMs() {
    const mine = holdPref();
    if (mine !== null) return mine;
    const ms = this.msg?.trick_hold_ms;
    return Number.isFinite(ms) && ms >= 0 ? ms : TRICK_HOLD_MS;
  }

  /** Show the held trick until `until`, then sweep it to its winner's pile and draw again. */
  holdUntil(until) {
    if (!this.held) return;
    this.held.until = until;
    this.held.sweepUntil = until + SWEEP_MS;
    clearTimeout(this.holdTimer);
    const now = Date.now();
    this.holdTimer = setTimeout(
      () => {
        this.render();
        this.holdTimer = setTimeout(() => {
          this.held = null;
          this.render();
        }, SWEEP_MS + 10);
      },
      Math.max(0, until - now) + 10,
    );
  }

  /** True while a completed trick is still on the felt (on show or sweeping). */
  get holding() {
    return Boolean(this.held && Date.now() < this.held.sweepUntil);
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
    if (seat === this.seat && !isWatching(this)) return t("table.you");
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

  /** The points of each rank under this table's rules, as the server sends them. */
  get cardPoints() {
    return this.msg?.card_points || {};
  }

  presetTitle() {
    const key = `game.${this.ruleset.name}`;
    return hasText(key) ? t(key) : this.ruleset.name;
  }

  // -- drawing -----------------------------------------------------------------------------
  render() {
    renderTop(this);
    renderFlowTop(this);
    fitBar(this.topbar); // before the felt is measured: the bar's height is the felt's
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
    renderSide(this);
    renderMe(this);
    if (isWatching(this)) watcherBar(this);
    renderTalk(this);
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
      else parts.push(trickCards(this, obs));
      const st = statusLine(this, obs);
      if (st) parts.push(st);
    }
    if (this.banner) parts.push(h("div", { class: "banner", role: "status" }, this.banner));
    if (table.status === "waiting") parts.push(waitingRoom(this));
    else if (
      (table.status === "deal_over" || table.status === "over") &&
      table.result &&
      !this.summaryHidden &&
      !this.holding
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
    fitTrick(this);
    // the cards drawn on the felt: the next drawing flies in only the others
    this.prevTrick = obs ? shownTrick(this, obs).plays.map((p) => p[1]) : [];
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
    return listNames(seats.map((s) => this.nameOf(s)));
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

  onKey(e) {
    onTableKey(this, e);
  }
}
