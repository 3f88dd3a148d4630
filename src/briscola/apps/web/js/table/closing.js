// Why the server closed a table's socket for good (the policy-violation close, 1008, which the
// client does not retry), in the words of the page's language: an unknown table, a damaged one,
// too many tries, or no seat (a token that is nobody's).
import { t } from "../common/i18n.js";
import { errorText } from "../common/util.js";

/** The reasons the server gives with a 1008 close, and what a person reads for each. */
const REASONS = {
  "unknown table": () => t("table.nosuch"),
  "damaged table": () => errorText("damaged_table"),
  "rate limited": () => errorText("rate_limited"),
};

/** What a person reads when the table's socket was closed with 1008 and `reason`. */
export function closedText(reason) {
  const text = Object.hasOwn(REASONS, reason) ? REASONS[reason] : null;
  return text ? text() : t("table.noseat");
}

/** The close reasons closedText words on their own (the others are about the seat's token). */
export const CLOSE_REASONS = Object.keys(REASONS);
