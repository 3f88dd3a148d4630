// The invitation page: /join/{table_id}/{invite_code}. Shows the table, asks for a name, takes
// the first free seat and goes to the table.
import { applyStatic, getLang, hasText, onLangChange, t } from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { nameField } from "../common/form.js";
import { api, getName, loadSeat, matchTitle, saveSeat, setName, tableUrl } from "../common/util.js";
import { pageHead } from "./pagehead.js";

const parts = location.pathname.split("/").filter(Boolean);
const tableId = decodeURIComponent(parts[1] || "");
const code = decodeURIComponent(parts[2] || "");
let info = null;
let problem = null;

function gameTitle(preset) {
  return hasText(`game.${preset}`) ? t(`game.${preset}`) : preset;
}

/** Draw the page: back to this browser's seat, the problem, or the invitation and its form. */
function render() {
  const box = document.getElementById("join");
  const mine = loadSeat(tableId);
  if (mine && info) {
    // this browser already sits at the table: go back to that seat
    box.replaceChildren(
      pageHead(),
      h("h2", { style: { marginTop: "10px" } }, t("join.title")),
      h("p", { class: "lead" }, t("join.already")),
      h(
        "div",
        { class: "actions" },
        h(
          "a",
          { class: "btn", id: "back-to-seat", href: tableUrl(tableId, mine.seat, mine.token) },
          `${t("join.back")} ▶`,
        ),
      ),
    );
    return;
  }
  if (problem) {
    // a table that is full or has started can still be watched
    const watch = info
      ? [
          h("p", { class: "muted" }, t("join.watch.lead")),
          h(
            "a",
            { class: "btn", id: "watch", href: `/watch/${encodeURIComponent(tableId)}` },
            `${t("join.watch")} ▶`,
          ),
        ]
      : [];
    box.replaceChildren(
      pageHead(),
      h("h2", { style: { marginTop: "10px" } }, t("join.title")),
      h("p", { id: "join-problem" }, problem),
      ...watch.slice(0, 1), // replaceChildren takes nodes, not arrays
      h(
        "div",
        { class: "actions" },
        watch.slice(1),
        h("a", { class: info ? "btn btn-light" : "btn", href: "/" }, t("table.home")),
      ),
    );
    return;
  }
  if (!info) return;
  const host = info.seats[0]?.name;
  const game = `${gameTitle(info.preset)} (${matchTitle(info.match?.format)})`;
  box.replaceChildren(
    pageHead(),
    h("h2", { style: { marginTop: "10px" } }, t("join.title")),
    h(
      "p",
      { class: "lead" },
      host ? t("join.lead", { host, game }) : t("join.lead.nohost", { game }),
    ),
    seatList(),
    joinForm(),
  );
}

/** The table's seats: who sits where, the free ones marked. */
function seatList() {
  const who = (s) =>
    s.kind === "bot"
      ? `${s.name}`
      : s.joined
        ? s.name
        : h("em", { class: "muted" }, t("wait.free"));
  return h(
    "ul",
    { class: "seats-list", style: { marginTop: "12px" } },
    info.seats.map((s, i) =>
      h("li", {}, h("span", { class: "num-badge" }, String(i + 1)), h("span", {}, who(s))),
    ),
  );
}

/** A name, then a seat: the server gives the first free one, and the page goes to the table. */
function joinForm() {
  const { field, input } = nameField({
    id: "join-name",
    label: t("home.name"),
    placeholder: t("home.name.placeholder"),
    value: getName(),
  });
  const join = async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    setName(name);
    try {
      const res = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {
        invite_code: code,
        name,
      });
      saveSeat(res.table_id, res.seat, res.token);
      location.assign(res.url);
    } catch (err) {
      toast(err.message);
    }
  };
  return h(
    "form",
    { onsubmit: join },
    field,
    h(
      "div",
      { class: "actions" },
      h("button", { class: "btn", type: "submit", id: "join-btn" }, `${t("join.sit")} ▶`),
    ),
  );
}

async function main() {
  getLang();
  applyStatic();
  onLangChange(render);
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    if (info.status !== "waiting") problem = t("join.started");
    else if (!info.seats.some((s) => s.kind === "human" && !s.joined)) problem = t("join.full");
  } catch (e) {
    info = null;
    problem = e.status === 404 ? t("join.gone") : e.message;
  }
  render();
}

main();
