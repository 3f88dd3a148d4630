// The score keeper's page: /score (this browser's sheets and a new one) and /score/{id} (a sheet).
//
// Every change goes through a queue kept in localStorage: it shows at once (applied here), then
// goes to the server with the revision the page shows. Without a network the queue waits, the
// page says "Offline", and it replays when the network is back (a 409 means another device
// changed the sheet: the page takes the server's sheet, then sends again the points still
// waiting). The HTTP API is described in docs/web-protocol.md ("The score keeper").
//
// The page's modules (js/score/): list.js and new.js (the home), board.js, pad.js and panels.js
// (a sheet), sync.js (the API and the queue), local.js (the sheet's model in the browser), icons.js
// and text.js (icons, settings in words), sw.js (the service worker); from js/common/: i18n.js
// (the strings of every page) and dom.js (DOM helpers).
import { applyStatic, getLang, langSwitch, onLangChange, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { loadRecord } from "./local.js";
import { listPage } from "./list.js";
import { buildPad } from "./pad.js";
import { sheetBoard } from "./board.js";
import { sheetPanels } from "./panels.js";
import { createSync } from "./sync.js";
import { formatText, targetText } from "./text.js";

const app = document.getElementById("app");

function header() {
  const top = document.getElementById("lang");
  if (top && !top.childElementCount) top.append(langSwitch());
}

// -- one sheet -------------------------------------------------------------------------------------
function sheetPage(id) {
  const rec = loadRecord(id);
  const sync = createSync(id, rec, paint);
  const pad = buildPad(sync.view, sync.submit);
  const { cards, banner, standingStrip, controls } = sheetBoard(rec, sync, pad, paint);
  const { history, share, settings } = sheetPanels(id, sync);
  const { flush, refresh, setOffline, paintNet, view } = sync;

  function paint() {
    paintNet();
    if (sync.missing) {
      document.title = `${t("score.name")} · Briscola`;
      app.replaceChildren(
        h(
          "section",
          { class: "panel sk-missing" },
          h("h2", {}, t("sheet.not_found")),
          h("a", { class: "btn", href: "/score" }, t("sheet.back")),
        ),
      );
      return;
    }
    const v = view();
    if (!v) {
      app.replaceChildren(
        h(
          "section",
          { class: "panel sk-missing" },
          h("p", {}, sync.offline ? t("sheet.offline_first") : "…"),
        ),
      );
      return;
    }
    const sheet = v.sheet;
    document.title = `${sheet.name} · ${t("score.name")}`;
    const sub = [
      t("sheet.game", { n: sheet.game }),
      targetText(sheet.target),
      formatText(sheet.format),
    ];
    if (sheet.declarations) sub.push(t("new.declarations").split(" (")[0]);
    const scrollY = window.scrollY;
    app.replaceChildren(
      h(
        "div",
        { class: "sk-board" },
        h(
          "div",
          { class: "sk-main" },
          h(
            "section",
            { class: "sk-head" },
            h("h1", { id: "sheet-title" }, sheet.name),
            h("p", { id: "sheet-sub" }, sub.join(" · ")),
          ),
          standingStrip(v),
          banner(v),
          cards(v),
        ),
        controls(v),
      ),
      h(
        "div",
        { class: "sk-more" },
        history(v),
        h("div", { class: "sk-side" }, share(), settings(v)),
      ),
    );
    window.scrollTo(0, scrollY);
  }

  window.addEventListener("online", () => {
    if (rec.queue.length) flush();
    else refresh();
  });
  window.addEventListener("offline", () => setOffline(true));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !sync.flushing) refresh();
  });
  onLangChange(() => {
    paint();
    if (!sync.offline) refresh();
  });

  paint();
  if (rec.queue.length && rec.server) flush().then(() => refresh());
  else refresh();
}

// -- start ----------------------------------------------------------------------------------------
function registerWorker() {
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/score-sw.js", { scope: "/score" }).catch(() => {
      /* the page works without it, only not after a reload while offline */
    });
  }
}

getLang();
applyStatic();
header();
const match = location.pathname.match(/^\/score\/([A-Za-z0-9_-]+)\/?$/);
if (match) sheetPage(match[1]);
else listPage(app);
registerWorker();
