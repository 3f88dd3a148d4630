// The table page: /table/{id}?seat=N#token=T. The token comes from the URL fragment or, after a
// reload without it, from localStorage; it is saved again so a reload puts you back in your seat.
import { getLang, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { loadSeat, saveSeat } from "../common/util.js";
import { mountTable } from "./tableview.js";
import "./install.js"; // the installable app's service worker, registered at a table's first game
import { lessonFor, startLesson } from "./lesson.js";

function main() {
  getLang();
  const app = document.getElementById("app");
  const parts = location.pathname.split("/").filter(Boolean);
  const tableId = decodeURIComponent(parts[1] || "");
  const frag = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  let token = frag.get("token");
  let seat = query.has("seat") ? Number(query.get("seat")) : null;
  if (!token) {
    const saved = loadSeat(tableId);
    if (saved && (seat === null || saved.seat === seat)) {
      token = saved.token;
      seat = saved.seat;
      history.replaceState(
        null,
        "",
        `${location.pathname}?seat=${seat}#token=${encodeURIComponent(token)}`,
      );
    }
  }
  if (!tableId || !token) {
    app.replaceChildren(
      h(
        "div",
        { class: "center-page felt-bg" },
        h(
          "div",
          { class: "panel" },
          h("h2", {}, "Briscola"),
          h("p", {}, t("table.noseat")),
          h("a", { class: "btn", href: "/" }, t("table.home")),
        ),
      ),
    );
    return;
  }
  saveSeat(tableId, seat ?? 0, token);
  window.briscolaTable = mountTable(app, { tableId, seat: seat ?? 0, token });
  // a lesson's table (?lesson=first|pairs|chiamata): the lesson's panel over it (lesson.js)
  const lesson = lessonFor(tableId, query);
  if (lesson) window.briscolaLesson = startLesson(window.briscolaTable, lesson);
}

main();
