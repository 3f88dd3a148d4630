// Cards in the project's notation: rank letter + suit letter ("Ad", "7c", "Rs"; ranks
// A 2 3 4 5 6 7 F C R, suits c d s b). Parsing, the order of strength, and a card's points from
// the table of points by rank that the server sends with each state (`card_points`, under the
// table's ruleset: the client keeps no table of its own). Pure functions, no page needed.

/** The suits in the order the pages list them. */
export const SUITS = ["c", "d", "s", "b"];

/** The ranks from the strongest to the weakest (the classic order, used to list bids). */
export const RANK_ORDER = ["A", "3", "R", "C", "F", "7", "6", "5", "4", "2"];

const CARD_RE = /^([A2-7FCR])([cdsb])$/;

/** True when `text` is a card's text ("Ad"), false for anything else. */
export function isCard(text) {
  return typeof text === "string" && CARD_RE.test(text);
}

/** {rank, suit} of a card's text ("7c" gives {rank: "7", suit: "c"}), or null if not a card. */
export function parseCard(code) {
  const m = typeof code === "string" ? CARD_RE.exec(code) : null;
  return m ? { rank: m[1], suit: m[2] } : null;
}

/** Rank letters sorted strongest first (a new array; unknown letters go last). */
export function sortRanks(ranks) {
  const place = (r) => (RANK_ORDER.includes(r) ? RANK_ORDER.indexOf(r) : RANK_ORDER.length);
  return [...ranks].sort((a, b) => place(a) - place(b));
}

/** A card's points from the server's points by rank ({A: 11, 3: 10, …}); 0 when unknown. */
export function cardPoints(code, points) {
  const card = parseCard(code);
  return (card && points?.[card.rank]) || 0;
}

/** The points of a trick's cards ([[seat, card], …]) from the server's points by rank. */
export function trickPoints(plays, points) {
  return plays.reduce((n, [, card]) => n + cardPoints(card, points), 0);
}

/** The card points of the deck in play: every card's points less those of the removed cards
 * (`removed`: the ruleset's cards left out, e.g. ["2c"] with three players). */
export function deckPoints(removed, points) {
  const suit = Object.values(points || {}).reduce((n, p) => n + p, 0);
  return suit * SUITS.length - (removed || []).reduce((n, card) => n + cardPoints(card, points), 0);
}

/**
 * A hand sorted for the eye (a new array): by suit in SUITS' order with the trump suit last, and
 * in each suit from the strongest card down (`inversion`: the 7 takes the 3's place).
 */
export function sortHand(cards, { trump = null, inversion = false } = {}) {
  const ranks = inversion
    ? RANK_ORDER.map((r) => (r === "3" ? "7" : r === "7" ? "3" : r))
    : RANK_ORDER;
  const key = (code) => {
    const card = parseCard(code);
    if (!card) return [SUITS.length + 1, 0];
    const suit = card.suit === trump ? SUITS.length : SUITS.indexOf(card.suit);
    return [suit, ranks.indexOf(card.rank)];
  };
  return [...cards].sort((a, b) => {
    const [sa, ra] = key(a);
    const [sb, rb] = key(b);
    return sa - sb || ra - rb;
  });
}
