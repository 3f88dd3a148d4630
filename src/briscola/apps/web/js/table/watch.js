// The spectator's page: /watch/{id}. The table live with public information only (the server
// sends a spectator no hand, no stock order, no hidden partner); no token, no seat.
import { getLang } from "../common/i18n.js";
import { mountTable } from "./tableview.js";

function main() {
  getLang();
  const parts = location.pathname.split("/").filter(Boolean);
  const tableId = decodeURIComponent(parts[1] || "");
  const app = document.getElementById("app");
  window.briscolaTable = mountTable(app, { tableId, seat: 0, token: null, watch: true });
}

main();
