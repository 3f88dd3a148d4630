// Briscola chiamata's contract, from the auction in the observation: the caller (the auction's
// winner) and the points the caller's side needs (61, or the points bid if higher), shown on the
// felt during play and explained in the end-of-deal summary.
import { t } from "../common/i18n.js";

const LEAST = 61; // a rank's bid: the caller's side needs more than half the 120 card points

/** The contract once the auction is won: `{ caller, points }`, else null. The standing bid is
 * the last that is not a pass ("bid 75" on points, "bid A" on a rank). */
export function contractOf(obs) {
  const auction = obs?.auction;
  if (!auction || auction.winner === null || auction.winner === undefined) return null;
  const bids = (auction.calls || []).map(([, bid]) => String(bid)).filter((b) => b !== "pass");
  const last = bids.length ? bids[bids.length - 1].replace(/^bid\s+/, "") : "";
  const points = /^\d{2,3}$/.test(last) ? Math.max(LEAST, Number(last)) : LEAST;
  return { caller: auction.winner, points };
}

/** "Contratto: 120 punti (Marco)", the line of the felt's chip during play. */
export function contractLine(view, contract) {
  return t("call.contract", { n: contract.points, name: view.nameOf(contract.caller) });
}

/** The summary's sentence: the points the caller's side needed, took, and so won or lost. */
export function contractSentence(result, contract) {
  const side = result.teams[contract.caller];
  const got = result.team_points[side];
  const made = result.winners.includes(side);
  return t(made ? "summary.contract.made" : "summary.contract.lost", {
    n: contract.points,
    got,
  });
}
