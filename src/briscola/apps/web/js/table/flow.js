// The flow around a game, drawn for a TableView: the top bar's chips (the move clock, how many
// watch, "stai guardando"), the computer players' speed, "Abbandona" with its confirmation, the
// banners of resignations, timeouts and rematch requests, and going to the rematch. The server's
// side is apps/server/flow.py; the messages are in docs/web-protocol.md.
import { t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";

const SPEEDS = ["lenta", "normale", "veloce"];

/** True when the view is a spectator's (a watch link, or a person who resigned). */
export function isWatching(view) {
  return Boolean(view.watch || view.msg?.spectator);
}

/** A banner for the events of the flow (a resignation, a move out of time, a rematch asked). */
export function flowEvent(view, ev) {
  if (ev.type === "resigned") {
    view.showBanner(
      view.resignSent ? t("flow.resigned.me") : t("flow.resigned", { name: ev.name || "" }),
    );
  } else if (ev.type === "timed_out") {
    view.showBanner(t("flow.timedout", { name: view.nameOf(ev.seat) }));
  } else if (ev.type === "rematch_asked" && (isWatching(view) || ev.seat !== view.seat)) {
    view.showBanner(t("flow.rematch.other", { name: view.table?.seats?.[ev.seat]?.name || "" }));
  } else if (ev.type === "rematch") {
    view.showBanner(t("flow.rematch.started"));
  }
}

/** The server's `rematch` message: go to the new table (a seat's link, or a watch link). */
export function onRematch(view, m) {
  if (typeof m.url !== "string" || !m.url.startsWith("/")) return;
  view.closed = true;
  location.assign(m.url);
}

/** Add the flow's chips (who watches, the move clock) and controls (the speed, "Abbandona") to
 * the top bar's two groups (drawn by tableview-info.js). */
export function renderFlowTop(view) {
  const msg = view.msg;
  if (!msg || view.fatal) return;
  const chips = [];
  if (isWatching(view)) chips.push(chip("watching", t("watch.title")));
  else if (msg.spectators > 0) {
    const text =
      msg.spectators === 1 ? t("flow.watchers.one") : t("flow.watchers", { n: msg.spectators });
    chips.push(chip("spectators", text));
  }
  const clock = clockChip(view);
  if (clock) chips.push(clock);
  const controls = [];
  const live = ["playing", "deal_over"].includes(view.table.status);
  if (!isWatching(view) && live) {
    if (mayChooseSpeed(view)) controls.push(speedSelect(view));
    controls.push(
      h(
        "button",
        {
          class: "btn btn-ghost btn-small",
          type: "button",
          id: "resign",
          "aria-label": t("flow.resign"),
          title: t("flow.resign"),
          onclick: () => confirmResign(view),
        },
        t("flow.resign"),
      ),
    );
  }
  view.topbar.querySelector(".bar-info")?.prepend(...chips);
  view.topbar.querySelector(".bar-tools")?.prepend(...controls);
}

function chip(id, text) {
  return h("span", { class: "score-chip flow-chip", id: `flow-${id}`, role: "status" }, text);
}

/** The host (or the one person at the table) chooses the computer players' speed. */
function mayChooseSpeed(view) {
  const seats = view.table.seats || [];
  const people = seats.filter((s) => s.kind === "human").length;
  return seats.some((s) => s.kind === "bot") && (view.msg.host || people <= 1);
}

function speedSelect(view) {
  const select = h(
    "select",
    {
      id: "speed",
      class: "btn-small",
      "aria-label": t("flow.speed"),
      title: t("flow.speed"),
      onchange: (e) => view.send({ type: "speed", speed: e.target.value }),
    },
    SPEEDS.map((s) =>
      h("option", { value: s }, t("flow.speed.option", { speed: t(`flow.speed.${s}`) })),
    ),
  );
  select.value = view.msg.speed || "normale";
  return select;
}

/** The move clock: whose move it is and the seconds left, counting down every half second. */
function clockChip(view) {
  const clock = view.msg.clock;
  if (!clock || view.table.status !== "playing") return null;
  if (view.clockOf !== view.msg) {
    view.clockOf = view.msg;
    view.clockEnd = Date.now() + clock.left * 1000;
  }
  const el = h("span", {
    class: "score-chip flow-chip",
    id: "flow-clock",
    role: "timer",
    title: t("flow.clock.label"),
    "aria-label": t("flow.clock.label"),
  });
  const mine = clock.seat === view.seat && !isWatching(view);
  const tick = () => {
    const n = Math.max(0, Math.ceil((view.clockEnd - Date.now()) / 1000));
    el.textContent = `${mine ? t("flow.clock.me", { n }) : t("flow.clock", { name: view.nameOf(clock.seat), n })}`;
    el.classList.toggle("urgent", n <= 10);
  };
  tick();
  clearInterval(view.clockTimer);
  view.clockTimer = setInterval(
    () => (el.isConnected ? tick() : clearInterval(view.clockTimer)),
    500,
  );
  return el;
}

/** "Abbandona": a confirmation first, then the seat goes to the computer and this page watches. */
export function confirmResign(view) {
  const dialog = h("dialog", {
    class: "sheet",
    id: "resign-dialog",
    "aria-labelledby": "resign-title",
  });
  const close = () => {
    dialog.close();
    dialog.remove();
  };
  const yes = () => {
    close();
    view.resignSent = true;
    if (!view.send({ type: "resign" })) toast(t("table.reconnecting"));
  };
  dialog.append(
    h("h2", { id: "resign-title" }, t("flow.resign.title")),
    h("p", {}, t("flow.resign.lead")),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { class: "btn btn-light", type: "button", id: "resign-cancel", onclick: close },
        t("flow.resign.cancel"),
      ),
      h(
        "button",
        { class: "btn btn-red", type: "button", id: "resign-confirm", onclick: yes },
        t("flow.resign.confirm"),
      ),
    ),
  );
  dialog.addEventListener("cancel", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector("#resign-cancel").focus();
}
