// An error page the server words in the page's language (error.html): the link to the other
// language keeps that choice for the client's pages too.
import { setLang } from "../common/i18n.js";

const link = document.querySelector(".lang-link");
link?.addEventListener("click", () => setLang(link.getAttribute("hreflang")));
