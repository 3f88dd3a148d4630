// «Impara a giocare» (issue 39, part 2; docs/web.md): a lesson over the real table page, shown
// when the table's URL says ?lesson=<name>; the table is a lesson's (POST /api/lessons/{name},
// apps/server/analysis/lessons.py), dealt from a fixed seed, so every beginner gets the same
// cards.
//
// A panel beside the felt first walks through the rules in steps (strings-lesson.js, filled with
// this deal's briscola and the table's points), then, while the deal is played, shows the
// Champion's hint at each of the player's turns (GET /api/tables/{id}/hint, the token in a
// header) and, after each move of a computer, why it made it (GET /api/tables/{id}/why?move=N):
// the explanations are the engine's, worded by the server in each language; the words around a
// finished trick (who takes it and why) follow RULES.md's rule. The lesson ends at the end of the
// deal (first), after two tricks (pairs) or once the trump suit is called (chiamata), and offers
// the next one.
import { cardName, getLang, onLangChange, suitName, t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { api, errorText, getName, withLang } from "../common/util.js";
import { trickPoints } from "../common/cards.js";

/** The lessons in their order, and how many steps of rules each shows before the play. */
export const LESSONS = ["first", "pairs", "chiamata"];
const STEPS = { first: 5, pairs: 4, chiamata: 4 };

/** The lesson's table, then its page: POST /api/lessons/{name}. */
export async function openLesson(name) {
  const made = await api(`/api/lessons/${name}`, { lang: getLang(), name: getName() });
  location.assign(made.url);
}

const KEPT = "briscola.lesson.";

/** The lesson of table `tableId`: its URL's `lesson=`, else the one this device kept for it (the
 * home page's "resume" link opens the table without it). */
export function lessonFor(tableId, query) {
  if (query.has("lesson")) return query.get("lesson");
  try {
    return localStorage.getItem(KEPT + tableId);
  } catch {
    return null;
  }
}

/** Show lesson `name` over the table `view` (tableview.js's TableView). */
export function startLesson(view, name) {
  if (!LESSONS.includes(name)) return null;
  const lesson = new Lesson(view, name);
  lesson.start();
  return lesson;
}

/** Is the lesson over (what it shows has been played)? */
function finished(name, view) {
  const status = view.table?.status;
  if (status === "deal_over" || status === "over") return true;
  const obs = view.obs;
  if (!obs) return false;
  if (name === "pairs") return obs.tricks.length >= 2;
  if (name === "chiamata") return obs.phase === "play";
  return false;
}

class Lesson {
  constructor(view, name) {
    this.view = view;
    this.name = name;
    this.step = 0; // the rule on show; STEPS[name]: the play
    this.deal = null;
    this.asked = 0; // the moves of this deal whose "why" was asked
    this.whys = new Map(); // move -> {seat, reason}
    this.mine = -1; // the player's latest move
    this.hint = null; // {at, reason}
    this.hidden = false;
    this.ended = false;
  }

  start() {
    try {
      localStorage.setItem(KEPT + this.view.tableId, this.name);
    } catch {
      /* storage may be off: a reload without lesson= shows the table alone */
    }
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/lesson.css" }));
    this.box = h("aside", { class: "lesson", id: "lesson", "aria-labelledby": "lesson-title" });
    // what a screen reader says as the lesson goes: each new rule, explanation and hint
    this.live = h("p", { class: "sr-only", "aria-live": "polite" });
    document.body.append(this.box, this.live);
    document.body.classList.add("with-lesson");
    // the table fits itself on the window's resize: tell it when the panel takes or gives room
    new ResizeObserver(() => window.dispatchEvent(new Event("resize"))).observe(this.box);
    const onState = this.view.onState.bind(this.view);
    this.view.onState = (m) => {
      onState(m);
      this.update();
    };
    onLangChange(() => this.draw());
    this.update();
  }

  /** A new state: ask why for each new move, the hint at the player's turn, then draw. */
  update() {
    const view = this.view;
    const obs = view.obs;
    if (obs) {
      if (view.table.deal !== this.deal) {
        this.deal = view.table.deal;
        this.asked = 0;
        this.whys.clear();
        this.mine = -1;
      }
      while (this.asked < obs.actions.length) this.askWhy(this.asked++);
      const at = obs.actions.length;
      const myTurn = obs.turn === view.seat && obs.phase === "play" && obs.legal.length > 0;
      if (myTurn && this.hint?.at !== at && !this.ended) this.askHint(at);
      if (!this.ended && finished(this.name, view)) {
        this.ended = true;
        this.say(this.endText());
      }
    }
    this.draw();
  }

  say(text) {
    this.live.textContent = text;
  }

  /** GET `path` of this table with the person's token in a header (never in the URL). */
  async ask(path) {
    const r = await fetch(
      withLang(`/api/tables/${encodeURIComponent(this.view.tableId)}/${path}`),
      {
        headers: { "X-Seat-Token": this.view.token },
      },
    );
    const data = await r.json();
    if (!r.ok) throw new Error(errorText(data?.code, data?.message));
    return data;
  }

  async askWhy(move) {
    const deal = this.deal;
    try {
      const r = await this.ask(`why?move=${move}`);
      if (deal !== this.deal) return;
      if (r.seat === this.view.seat) this.mine = Math.max(this.mine, move);
      else {
        this.whys.set(move, { seat: r.seat, reason: r.reason });
        this.say(r.reason[getLang()] || r.reason.it);
      }
    } catch (e) {
      if (deal === this.deal) this.whys.set(move, { failed: e.message });
    }
    this.draw();
  }

  async askHint(at) {
    this.hint = { at, reason: null };
    try {
      const data = await this.ask("hint");
      if (this.hint?.at === at) {
        this.hint = { at, reason: data.reason };
        this.say(`${t("lesson.turn")} ${data.reason[getLang()] || data.reason.it}`);
      }
    } catch (e) {
      if (this.hint?.at === at) this.hint = { at, failed: e.message };
    }
    this.draw();
  }

  /** The words of rule step `n` (from 1), filled from this deal. */
  ruleText(n) {
    const view = this.view;
    const obs = view.obs;
    const key = `lesson.${this.name}.${n}`;
    if (this.name === "first" && n === 2 && obs?.briscola)
      return t(key, { card: cardName(obs.briscola), suit: suitName(obs.trump) });
    if (this.name === "first" && n === 4) return t(key, view.cardPoints);
    if (this.name === "pairs" && n === 1) {
      const partner = (view.seat + 2) % view.players;
      return t(key, { partner: view.nameOf(partner) });
    }
    return t(key);
  }

  /** Who took the latest trick, and why, by the rule: the highest trump, else the suit led's. */
  trickText() {
    const view = this.view;
    const obs = view.obs;
    const last = obs?.tricks?.[obs.tricks.length - 1];
    if (!last) return null;
    const card = last.plays.find(([seat]) => seat === last.winner)[1];
    const trump = obs.trump && card.endsWith(obs.trump);
    const me = last.winner === view.seat ? ".me" : "";
    return t(`lesson.trick.${trump ? "trump" : "suit"}${me}`, {
      who: view.nameOf(last.winner),
      card: cardName(card),
      n: trickPoints(last.plays, view.cardPoints),
    });
  }

  endText() {
    const view = this.view;
    if (this.name !== "first") return t(`lesson.${this.name}.end`);
    const points = view.table?.result?.seat_points || view.obs?.points || [0, 0];
    const other = (view.seat + 1) % 2;
    return t("lesson.first.end", {
      me: points[view.seat],
      other: view.nameOf(other),
      them: points[other],
    });
  }

  /** The computers' moves since the player's latest, each with the engine's reason. */
  whyList() {
    const lang = getLang();
    const items = [...this.whys.entries()]
      .filter(([move]) => move > this.mine)
      .sort((a, b) => a[0] - b[0])
      .map(([move, w]) =>
        h(
          "li",
          { dataset: { move: String(move), seat: String(w.seat ?? "") }, class: "why" },
          w.failed ? t("lesson.failed", { error: w.failed }) : w.reason[lang] || w.reason.it,
        ),
      );
    if (!items.length) return null;
    return h(
      "section",
      { class: "lesson-whys" },
      h("h3", {}, t("lesson.why")),
      h("ol", { id: "lesson-why" }, items),
    );
  }

  hintPart() {
    const view = this.view;
    const obs = view.obs;
    if (!obs || obs.turn !== view.seat || view.table.status !== "playing") return null;
    if (obs.phase === "auction" || obs.phase === "call")
      return h("p", { class: "lesson-turn" }, t("lesson.turn.auction"));
    if (obs.phase !== "play" || !this.hint || this.hint.at !== obs.actions.length) return null;
    let text = t("lesson.wait");
    if (this.hint.failed) text = t("lesson.failed", { error: this.hint.failed });
    else if (this.hint.reason) text = this.hint.reason[getLang()] || this.hint.reason.it;
    return h(
      "div",
      { class: "lesson-turn" },
      h("p", {}, t("lesson.turn")),
      h("p", { id: "lesson-hint", class: "lesson-hint" }, text),
    );
  }

  buttons() {
    const steps = STEPS[this.name];
    const go = (n) => () => {
      this.step = n;
      if (n < steps) this.say(this.ruleText(n + 1));
      this.draw();
      document.getElementById(n < steps ? "lesson-next" : "lesson-hide")?.focus();
    };
    const row = [];
    if (this.ended) {
      const next = LESSONS[LESSONS.indexOf(this.name) + 1];
      if (next) {
        const more = () => openLesson(next).catch((e) => toast(e.message));
        row.push(
          h(
            "button",
            { class: "btn", type: "button", id: "lesson-more", onclick: more },
            t("lesson.more", { name: t(`lesson.${next}.name`) }),
          ),
        );
      }
      row.push(h("a", { class: "btn btn-ghost", href: "/", id: "lesson-home" }, t("lesson.home")));
    } else if (this.step < steps) {
      if (this.step > 0)
        row.push(
          h(
            "button",
            {
              class: "btn btn-ghost",
              type: "button",
              id: "lesson-back",
              onclick: go(this.step - 1),
            },
            t("lesson.back"),
          ),
        );
      row.push(
        h(
          "button",
          { class: "btn", type: "button", id: "lesson-next", onclick: go(this.step + 1) },
          t("lesson.next"),
        ),
      );
    }
    return h("div", { class: "lesson-actions" }, row);
  }

  draw() {
    const box = this.box;
    if (!box) return;
    const focused = box.contains(document.activeElement) ? document.activeElement.id : null;
    if (this.hidden) {
      box.className = "lesson hidden";
      box.replaceChildren(
        h(
          "button",
          {
            class: "btn btn-small",
            type: "button",
            id: "lesson-show",
            onclick: () => this.toggle(false),
          },
          t("lesson.show"),
        ),
      );
    } else {
      box.className = "lesson";
      const steps = STEPS[this.name];
      const n = LESSONS.indexOf(this.name) + 1;
      const body = [];
      if (this.ended) body.push(h("p", { class: "lesson-end", id: "lesson-end" }, this.endText()));
      else if (this.step < steps)
        body.push(
          h("p", { class: "lesson-step-n" }, t("lesson.step", { n: this.step + 1, of: steps })),
          h("p", { class: "lesson-rule", id: "lesson-rule" }, this.ruleText(this.step + 1)),
        );
      else {
        const trick = this.trickText();
        if (trick) body.push(h("p", { class: "lesson-trick", id: "lesson-trick" }, trick));
        body.push(this.whyList(), this.hintPart());
      }
      box.replaceChildren(
        h(
          "header",
          {},
          h(
            "h2",
            { id: "lesson-title" },
            `${t("lesson.of", { n })} · ${t(`lesson.${this.name}.name`)}`,
          ),
          h(
            "button",
            {
              class: "btn btn-ghost btn-small",
              type: "button",
              id: "lesson-hide",
              "aria-expanded": "true",
              onclick: () => this.toggle(true),
            },
            t("lesson.hide"),
          ),
        ),
        h("div", { class: "lesson-body" }, body.filter(Boolean)),
        this.buttons(),
      );
    }
    if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  }

  toggle(hide) {
    this.hidden = hide;
    this.draw();
    document.getElementById(hide ? "lesson-show" : "lesson-hide")?.focus();
  }
}
