// An error page the server words in the page's language (error.html): a link to another
// language keeps that choice for the client's pages too.
import { setLang } from "../common/i18n.js";

for (const link of document.querySelectorAll(".lang-link")) {
  link.addEventListener("click", () => setLang(link.getAttribute("hreflang")));
}
