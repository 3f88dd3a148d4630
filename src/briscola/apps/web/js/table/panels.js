// The table's panels and sheets: the chiamata auction and call, the waiting room, the end-of-deal
// summary with the match standing, the tricks dialog. Each takes the TableView it draws for.
import { SUITS, sortRanks } from "../common/cards.js";
import { cardName, rankName, suitName, t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { botIcon, cardImg, matchTitle } from "../common/util.js";

export function auctionPanel(view, obs) {
  const calls = obs.auction?.calls || [];
  const mine = obs.turn === view.seat && obs.legal.length > 0;
  const bidText = (b) => {
    const v = String(b).replace(/^bid\s+/, "");
    if (v === "pass") return t("auction.passed");
    if (/^\d{2,3}$/.test(v)) return t("auction.points", { n: v });
    return rankName(v);
  };
  const list = calls.length
    ? h(
        "div",
        { class: "calls" },
        calls.map(([s, b]) =>
          h(
            "span",
            { class: `call${String(b) === "pass" ? " pass" : ""}` },
            `${view.nameOf(s)}: ${bidText(b)}`,
          ),
        ),
      )
    : h("p", { class: "muted" }, t("auction.none"));
  const body = [h("h3", {}, t("auction.title")), list];
  if (mine) {
    const rankBids = obs.legal.filter((a) => /^bid [A2-7FCR]$/.test(a));
    const pointBids = obs.legal
      .filter((a) => /^bid \d{2,3}$/.test(a))
      .map((a) => Number(a.slice(4)));
    body.push(h("p", { class: "field-label" }, t("auction.yourbid")));
    body.push(
      h(
        "div",
        { class: "bids" },
        sortRanks(rankBids.map((a) => a.slice(4)))
          .map((rank) => `bid ${rank}`)
          .map((a) =>
            h(
              "button",
              {
                class: "btn btn-light btn-small",
                type: "button",
                onclick: () => view.act(a),
                "aria-label": t("auction.bid", { what: rankName(a.slice(4)) }),
              },
              rankName(a.slice(4)),
            ),
          ),
      ),
    );
    if (pointBids.length) {
      const min = Math.min(...pointBids);
      const max = Math.max(...pointBids);
      const input = h("input", {
        type: "number",
        min: String(min),
        max: String(max),
        value: String(min),
        id: "points-bid",
        "aria-label": t("auction.pointsbid"),
      });
      body.push(
        h(
          "div",
          { class: "points-bid" },
          h("label", { for: "points-bid" }, t("auction.pointsbid")),
          input,
          h(
            "button",
            {
              class: "btn btn-small",
              type: "button",
              onclick: () =>
                view.act(`bid ${Math.max(min, Math.min(max, Number(input.value) || min))}`),
            },
            t("auction.bid", { what: "" }).trim(),
          ),
        ),
      );
    }
    if (obs.legal.includes("pass")) {
      body.push(
        h(
          "div",
          { class: "actions" },
          h(
            "button",
            { class: "btn btn-red btn-small", type: "button", onclick: () => view.act("pass") },
            t("auction.pass"),
          ),
        ),
      );
    }
  } else if (obs.turn !== null && obs.turn !== undefined) {
    body.push(h("p", { class: "muted" }, t("auction.waiting", { name: view.nameOf(obs.turn) })));
  }
  return h("div", { class: "auction", role: "region", "aria-label": t("auction.title") }, body);
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
        h(
          "button",
          {
            type: "button",
            onclick: () => view.act(`call ${s}`),
            "aria-label": t("call.card", { card: cardName(rank + s) }),
          },
          cardImg(rank + s, { decorative: true }),
          suitName(s),
        ),
      ),
    ),
  );
}

export function waitingRoom(view) {
  const table = view.table;
  const host = view.msg.host;
  const inviteUrl = view.msg.invite_url ? new URL(view.msg.invite_url, location.origin).href : null;
  const body = [
    h("h2", { id: "wait-title" }, t("wait.title")),
    h("p", { class: "sub" }, `${view.presetTitle()} · ${matchTitle(table.match?.format)}`),
    h(
      "ul",
      { class: "seats-list" },
      table.seats.map((s, i) =>
        h(
          "li",
          { dataset: { seat: String(i) } },
          h("span", { class: "num" }, String(i + 1)),
          h(
            "span",
            { style: { flex: "1" } },
            s.kind === "bot"
              ? [botIcon(), " ", s.name]
              : s.joined
                ? s.name
                : h("em", { class: "muted" }, t("wait.free")),
          ),
          i === view.seat
            ? h("strong", {}, t("table.you"))
            : s.kind === "human" && s.joined
              ? h("span", { class: "muted" }, s.connected ? "●" : "○")
              : null,
        ),
      ),
    ),
  ];
  if (inviteUrl) {
    const input = h("input", {
      type: "text",
      readonly: true,
      value: inviteUrl,
      id: "invite-link",
      "aria-label": t("wait.invite"),
      onfocus: (e) => e.target.select(),
    });
    body.push(
      h("p", { class: "field-label", style: { marginTop: "14px" } }, t("wait.invite")),
      h(
        "div",
        { class: "invite" },
        input,
        h(
          "button",
          {
            class: "btn btn-light btn-small",
            type: "button",
            id: "copy-invite",
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(inviteUrl);
              } catch {
                input.select();
                document.execCommand?.("copy");
              }
              toast(t("wait.copied"), "info", 2000);
            },
          },
          t("wait.copy"),
        ),
      ),
      h("p", { class: "muted" }, t("wait.share")),
    );
  }
  if (host) {
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

export function dealSummary(view) {
  const table = view.table;
  const result = table.result;
  const match = table.match || {};
  const mySide = result.teams[view.seat];
  const teamGame = new Set(result.teams).size < result.teams.length;
  const sides = view.sides(result);
  let title;
  let mood = "";
  if (!result.winners.length) {
    title = t("summary.void");
  } else if (result.draw && result.winners.includes(mySide)) {
    title = t("summary.draw");
  } else if (result.winners.includes(mySide)) {
    title = teamGame ? t("summary.win.team") : t("summary.win");
    mood = "win";
  } else {
    title = teamGame ? t("summary.lose.team") : t("summary.lose");
    mood = "lose";
  }
  const rows = [...sides.entries()]
    .sort((a, b) => result.team_points[b[0]] - result.team_points[a[0]])
    .map(([side, seats]) =>
      h(
        "tr",
        {
          class: `${result.winners.includes(side) && !result.draw ? "winner" : ""}${side === mySide ? " mine" : ""}`,
        },
        h("td", {}, view.sideName(seats)),
        h("td", { class: "n big" }, String(result.team_points[side])),
      ),
    );
  // at the end of a match of several deals, the match's verdict heads the sheet
  const multi = match.format && match.format !== "single";
  const matchOver = match.over || table.status === "over";
  let sub = matchOver ? t("summary.match") : t("summary.deal");
  if (multi && matchOver) {
    const mine = view.competitorOf(view.seat);
    sub = `${t("summary.deal")}: ${title}`;
    if (match.winner === null || match.winner === undefined) {
      title = t("summary.match.draw");
      mood = "";
    } else if (match.winner === mine) {
      title = t("summary.match.win");
      mood = "win";
    } else {
      title = t("summary.match.winner", { name: view.competitorName(match.winner) });
      mood = "lose";
    }
  }
  const body = [
    h("h2", { id: "summary-title" }, title),
    h("p", { class: "sub" }, sub),
    h(
      "table",
      { class: "result-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { class: "n" }, t("summary.points")))),
      h("tbody", {}, rows),
    ),
  ];
  if (result.replay && result.winners.length) body.push(h("p", {}, t("summary.replay")));
  if (result.units && result.units.length) {
    body.push(
      h(
        "table",
        { class: "result-table units" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, ""),
            h("th", { class: "n" }, t("summary.points")),
            h("th", { class: "n" }, t("summary.units")),
          ),
        ),
        h(
          "tbody",
          {},
          result.units.map((u, s) =>
            h(
              "tr",
              { class: s === view.seat ? "mine" : "" },
              h(
                "td",
                {},
                view.nameOf(s),
                result.teams[s] === result.teams[view.obs?.auction?.winner ?? -1]
                  ? ` · ${s === view.obs?.auction?.winner ? t("table.caller") : t("table.partner")}`
                  : "",
              ),
              h("td", { class: "n" }, String(result.seat_points[s])),
              h("td", { class: "n big" }, u > 0 ? `+${u}` : String(u)),
            ),
          ),
        ),
      ),
    );
  }
  if (multi) body.push(standingBox(view, match));
  const actions = [
    h(
      "button",
      {
        class: "btn btn-light btn-small",
        type: "button",
        onclick: () => {
          view.summaryHidden = true;
          view.render();
        },
      },
      t("table.close"),
    ),
  ];
  if (table.status === "deal_over") {
    const ready = table.seats[view.seat]?.ready || view.readySent === table.deal;
    if (ready) actions.push(h("span", { class: "muted", role: "status" }, t("summary.waiting")));
    else
      actions.push(
        h(
          "button",
          {
            class: "btn",
            type: "button",
            id: "next-deal",
            onclick: () => {
              if (view.send({ type: "next_deal" })) {
                view.readySent = table.deal;
                view.render();
              }
            },
          },
          `${t("summary.next")} ▶`,
        ),
      );
  } else if (view.onAgain) {
    actions.push(
      h(
        "button",
        { class: "btn", type: "button", id: "play-again", onclick: () => view.onAgain() },
        t("embed.again"),
      ),
    );
  } else {
    actions.push(h("a", { class: "btn", href: "/", id: "new-game" }, t("table.newgame")));
  }
  body.push(h("div", { class: "actions" }, actions));
  return h(
    "div",
    { class: "overlay", id: "summary" },
    h(
      "div",
      {
        class: `sheet ${mood}`,
        role: "dialog",
        "aria-modal": "false",
        "aria-labelledby": "summary-title",
      },
      body,
    ),
  );
}

export function standingBox(view, match) {
  const byPoints = match.format.startsWith("points") || match.format.startsWith("deals");
  const values = byPoints ? match.points : match.wins;
  const n = values.length;
  const mine = view.competitorOf(view.seat);
  return h(
    "div",
    { class: "standing" },
    h("h3", {}, `${t("summary.standing")} · ${matchTitle(match.format)}`),
    h(
      "table",
      { class: "score-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, ""),
          h("th", { class: "n" }, byPoints ? t("summary.points") : t("summary.wins")),
        ),
      ),
      h(
        "tbody",
        {},
        Array.from({ length: n }, (_, c) =>
          h(
            "tr",
            { class: c === mine ? "mine-row" : "" },
            h("td", {}, view.competitorName(c)),
            h("td", { class: "n" }, String(values[c])),
          ),
        ),
      ),
    ),
  );
}

export function dialogSheet(view) {
  const obs = view.obs;
  let title;
  let content;
  if (view.dialog === "last") {
    title = t("table.lasttrick");
    content = lastTrick(view, obs) || h("p", {}, t("table.lasttrick.none"));
  } else if (view.dialog === "rules") {
    title = t("rules.title");
    const items = ["deck", "order", "points", "trick", "draw", "win"];
    if (view.ruleset.inversion) items.push("inversion");
    if (view.ruleset.partnership === "alternate") items.push("teams");
    if (view.ruleset.partnership === "called") items.push("chiamata");
    content = h(
      "ul",
      { class: "rules" },
      items.map((k) => h("li", {}, t(`rules.${k}`))),
    );
  } else {
    title = view.ruleset.partnership === "none" ? t("table.mytricks") : t("table.ourtricks");
    const mine = view.teamOf(view.seat);
    const tricks = (obs?.tricks || []).filter((tr) => view.teamOf(tr.winner) === mine);
    content = tricks.length
      ? h(
          "div",
          { class: "trick-list" },
          tricks.map((tr) =>
            h(
              "div",
              { class: "mini-row" },
              tr.plays.map(([s, c]) => cardImg(c, { cls: s === tr.winner ? "won" : "" })),
            ),
          ),
        )
      : h("p", {}, t("table.tricks.none"));
  }
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
