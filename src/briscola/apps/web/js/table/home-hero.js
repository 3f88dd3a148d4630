// The home page's hero: the fan of cards beside the title, and the link back to the table the
// player last sat at while it is still being played (js/table/home.js draws the rest).
import { h } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { api, cardImg, forgetLast, lastTable } from "../common/util.js";

/** Five cards fanned out beside the title. */
export function fan() {
  const box = document.querySelector(".hero-fan");
  const cards = ["3c", "Rs", "Ad", "Cb", "7d"];
  box.replaceChildren(
    ...cards.map((c, i) => {
      const img = cardImg(c, { decorative: true });
      img.style.transform = `translateX(-50%) rotate(${(i - 2) * 11}deg)`;
      return img;
    }),
  );
}

/** «Riprendi la partita in corso»: the last table the player sat at, while it is not over. */
export async function resume() {
  const last = lastTable();
  const box = document.getElementById("resume");
  box.replaceChildren();
  if (!last) return;
  try {
    const info = await api(`/api/tables/${encodeURIComponent(last.tableId)}`);
    if (info.status === "over") {
      forgetLast();
      return;
    }
    box.replaceChildren(
      h(
        "p",
        { class: "resume" },
        h(
          "a",
          { class: "btn btn-ghost", href: `/table/${last.tableId}?seat=${last.seat}` },
          `↻ ${t("home.resume")}`,
        ),
      ),
    );
  } catch {
    forgetLast();
  }
}
