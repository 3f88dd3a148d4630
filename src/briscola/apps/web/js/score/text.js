// The score keeper's settings in words: a sheet's target and its match format.
import { t } from "../common/i18n.js";

/** A sheet's target ("61", "120", "chiamata:10", "200", "custom:61") in words. */
export function targetText(target) {
  if (target === "61" || target === "120") return t(`target.${target}`);
  const [kind, value] = target.includes(":") ? target.split(":") : ["custom", target];
  return t(kind === "chiamata" ? "target.chiamata" : "target.custom", { n: value });
}

/** A match format ("single", "best-of:3", "first-to:2") in words. */
export function formatText(format) {
  const [kind, n] = format.split(":");
  return t(`format.${kind}`, { n: n || 1 });
}
