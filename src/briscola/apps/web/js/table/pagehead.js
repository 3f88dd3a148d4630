// The top line of a page in a panel (the invitation, a deal's review): the brand and the
// language switch.
import { langSwitch } from "../common/i18n.js";
import { h } from "../common/dom.js";

/** The page's top line: the brand (home) and the language switch. */
export function pageHead() {
  return h(
    "div",
    { class: "row", style: { justifyContent: "space-between", alignItems: "center" } },
    h(
      "a",
      { class: "brand", href: "/", style: { color: "var(--ink)", flex: "0 0 auto" } },
      h("img", { class: "brand-mark", src: "/static/favicon.svg", alt: "" }),
      h("span", { class: "brand-name" }, "Briscola"),
    ),
    h(
      "div",
      { style: { flex: "0 0 auto", background: "var(--felt)", borderRadius: "999px" } },
      langSwitch(),
    ),
  );
}
