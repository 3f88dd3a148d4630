// Partner signals at the table (issue 14, item 2): a small "Segnali" row of buttons at the
// player's turn, one a sign the rules offer now (the legal "signal KEY" moves), and the banner a
// sign makes: its meaning to the signaller's partners ("Bruno: ho l'asso"), read from the seat's
// own observation, and only "Bruno ha fatto un segno" to the others (the server never sends them
// the meaning).
import { t } from "../common/i18n.js";
import { h } from "../common/dom.js";

/** The row of sign buttons, or null when no sign may be made now; `button(action, label)`
 * makes one move's button (the bar's own). */
export function signalRow(obs, myTurn, button) {
  const signs = myTurn ? obs.legal.filter((a) => a.startsWith("signal ")) : [];
  if (!signs.length) return null;
  const buttons = signs.map((action) => button(action, t(`signals.${action.slice(7)}`)));
  const label = h("span", { class: "signals-label" }, t("signals.row"));
  return h(
    "div",
    { class: "signals-row", role: "group", title: t("signals.row.help"), id: "signals" },
    label,
    ...buttons,
  );
}

/** What the table says of a "signalled" event, seen from `obs` (the seat's observation). */
export function signalText(name, ev, obs) {
  const signs = (obs?.signals || []).filter((s) => s.seat === ev.seat && s.trick === ev.trick);
  const kind = signs.length ? signs[signs.length - 1].signal : null;
  if (!kind) return t("signals.made", { name });
  return t("signals.told", { name, sign: t(`signals.${kind}`) });
}
