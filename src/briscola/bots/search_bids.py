"""What the auction of Briscola chiamata says about the caller's hand: worlds drawn accordingly.

The seat that wins the auction holds a strong hand in the suit it makes trump. Dealt at random,
the 32 cards a seat cannot see put the Asso of trumps in the caller's hand about a quarter of the
time; the callers of the search and medium levels hold it 70–97% of the time, and a trump more
than a random hand (docs/lab/chiamata.md, "Reading the auction"). :func:`caller_worlds` draws
the search's worlds from that: random deals of the unknown cards, each kept with a probability
proportional to how much likelier the caller's hand (the cards it holds in the world and those it
has played) is for a caller than for any hand, judged by a few of its features (:func:`feature`),
and weighed where that ratio is high (:data:`CAP`).

The ratio comes from a table of callers' hands counted in auctions played by the search and
medium levels (``weights/chiamata-caller.json``, made by :func:`count_callers`, the command in
docs/lab/chiamata.md) against the exact odds of a random hand (:func:`random_odds`), the counts
smoothed towards the random odds (:data:`PRIOR`).

>>> low = caller_ratio()[CALLED_LOW]
>>> bool(low[feature(False, True, False, 3)] > 1 > low[feature(False, False, False, 1)])
True
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from briscola.bots.base import weights_file
from briscola.core.cards import Card, Rank, Suit
from briscola.core.observation import Observation
from briscola.core.rules import Partnership

__all__ = [
    "CALLED_ASSO",
    "CALLED_LOW",
    "CALLED_TRE",
    "N_FEATURES",
    "PRIOR",
    "caller_ratio",
    "caller_worlds",
    "category",
    "feature",
    "hand_features",
    "random_odds",
    "table_path",
]

MAX_TRUMPS = 6
"""Trump counts from this on share one feature."""
N_FEATURES = 2 * 2 * 2 * (MAX_TRUMPS + 1)
CALLED_ASSO, CALLED_TRE, CALLED_LOW = 0, 1, 2
"""The called card's kind: the table is kept apart for each (the Asso and Tre features of a
hand depend on which card was called)."""
PRIOR = 20.0
"""Pseudo-deals of the random odds added to each kind's counts."""
CAP = 4.0
"""A world is kept with the probability of its ratio over this (at most 1), and weighed by what
the ratio has above it: the worlds come from the caller's odds as a rejection alone would draw
them, at a quarter of the cost where the ratio is high."""
TRIES = 20
"""Batches of ``2 n`` random deals tried at most for ``n`` worlds."""
HAND = 8
TRUMPS = 10
DECK = 40


def feature(alone: bool, asso: bool, tre: bool, trumps: int) -> int:
    """The feature index of a caller's hand (its eight cards as dealt): does it hold the called
    card (``alone``), the Asso and the Tre of trumps (other than the called card), and how many
    trumps other than the called card (at most :data:`MAX_TRUMPS` counted)."""
    kind = (int(alone) * 2 + int(asso)) * 2 + int(tre)
    return kind * (MAX_TRUMPS + 1) + min(trumps, MAX_TRUMPS)


def category(called: Card) -> int:
    """The called card's kind: :data:`CALLED_ASSO`, :data:`CALLED_TRE` or :data:`CALLED_LOW`."""
    if called.rank is Rank.ASSO:
        return CALLED_ASSO
    return CALLED_TRE if called.rank is Rank.TRE else CALLED_LOW


def random_odds(kind: int) -> np.ndarray:
    """The exact probability of each feature for eight cards dealt at random from the 40, when
    the called card is of ``kind`` (hypergeometric counts)."""
    special = 2 if kind == CALLED_LOW else 1  # the Asso and Tre of trumps that are not called
    low = TRUMPS - 1 - special
    odds = np.zeros(N_FEATURES)
    total = math.comb(DECK, HAND)
    for alone in (0, 1):
        for asso in (0, 1) if kind != CALLED_ASSO else (0,):
            for tre in (0, 1) if kind != CALLED_TRE else (0,):
                for m in range(low + 1):
                    rest = HAND - alone - asso - tre - m
                    if rest < 0:
                        continue
                    ways = math.comb(low, m) * math.comb(DECK - TRUMPS, rest)
                    f = feature(bool(alone), bool(asso), bool(tre), asso + tre + m)
                    odds[f] += ways / total
    return odds


def table_path() -> Path:
    """Where the table of callers' hands ships: ``briscola/bots/weights/chiamata-caller.json``."""
    return weights_file("chiamata-caller.json")


@cache
def caller_ratio() -> np.ndarray:
    """For each kind of called card (rows) and feature (columns): the caller's odds of the
    feature (the table's counts smoothed towards the random odds) over the random odds."""
    data = json.loads(table_path().read_text())
    counts = np.zeros((3, N_FEATURES))
    for level_counts in data["counts"].values():
        counts += np.array(level_counts, np.float64)
    ratio = np.ones((3, N_FEATURES))
    for kind in range(3):
        odds = random_odds(kind)
        caller = (counts[kind] + PRIOR * odds) / (counts[kind].sum() + PRIOR)
        ratio[kind] = np.divide(caller, odds, out=np.zeros(N_FEATURES), where=odds > 0)
    return ratio


def hand_features(cards: np.ndarray, trump: Suit, called: Card) -> np.ndarray:
    """The feature of each row of ``cards`` (card indices, a hand a row: the caller's cards as
    dealt)."""
    asso_card, tre_card = Card(trump, Rank.ASSO).index, Card(trump, Rank.TRE).index
    suit = cards // 10 == asso_card // 10  # a suit's ten cards are consecutive indices
    alone = (cards == called.index).any(axis=1)
    asso = (cards == asso_card).any(axis=1) & (called.index != asso_card)
    tre = (cards == tre_card).any(axis=1) & (called.index != tre_card)
    trumps = suit.sum(axis=1) - alone
    kind = (alone * 2 + asso) * 2 + tre
    return np.asarray(kind * (MAX_TRUMPS + 1) + np.minimum(trumps, MAX_TRUMPS), np.int64)


def caller_worlds(
    enc: Any, obs: Observation, seed: int, n: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """Up to ``n`` worlds (rows filling ``enc.slots``) drawn from the caller's hand as the
    auction tells it (see the module's documentation), with their weights; None where there is
    nothing to infer (no caller yet, the seat is the caller, or the caller's hand is known)."""
    from briscola.bots.search_worlds import _opponent_slots

    rules = obs.ruleset
    caller = obs.auction.winner if obs.auction is not None else None
    if (
        rules.partnership is not Partnership.CALLED
        or caller is None
        or caller == obs.seat
        or obs.called is None
        or obs.trump is None
        or rules.hand_size != HAND
        or len(rules.deck()) != DECK
    ):
        return None
    hand_pos, _, fixed = _opponent_slots(enc, caller)
    if len(hand_pos) == 0:
        return None
    played = [c.index for t in obs.tricks for s, c in t.plays if s == caller]
    played += [c.index for s, c in obs.trick if s == caller]
    played += [c for c in range(DECK) if (fixed >> c) & 1]
    ratio = caller_ratio()[category(obs.called)]
    cap = min(float(ratio.max()), CAP)
    rng = np.random.default_rng(seed)
    kept: list[np.ndarray] = []
    weights: list[np.ndarray] = []
    have = 0
    for _ in range(TRIES):
        batch = rng.permuted(np.tile(enc.pool, (2 * n, 1)), axis=1)
        hands = np.concatenate(
            [batch[:, hand_pos], np.tile(np.array(played, np.int64), (len(batch), 1))], axis=1
        )
        r = ratio[hand_features(hands, obs.trump, obs.called)]
        accept = rng.random(len(batch)) * cap < r
        kept.append(batch[accept])
        weights.append(np.maximum(r[accept] / cap, 1.0))
        have += int(accept.sum())
        if have >= n:
            break
    if not have:
        return None
    return np.concatenate(kept)[:n], np.concatenate(weights)[:n]
