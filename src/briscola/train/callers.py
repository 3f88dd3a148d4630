"""The table of callers' hands that the search levels read the chiamata auction with.

Auctions of Briscola chiamata are played by five seats of one level (the deals of a seed, the
card play not played); for each auction won, the caller's eight cards are counted by the called
card's kind and their feature (:func:`briscola.bots.search_bids.feature`). The counts ship in
``briscola/bots/weights/chiamata-caller.json``; :func:`briscola.bots.search_bids.caller_ratio`
reads them. Made with::

    python -m briscola.train.callers --deals 1000 --seed 7

(docs/lab/chiamata.md, "Reading the auction", says how long it takes.)

>>> counts = count_callers("medium", deals=3, seed=1)
>>> int(counts.sum()) <= 3
True
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.console import Console

from briscola.bots.search_bids import N_FEATURES, category, hand_features, table_path
from briscola.core.game import Phase, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.tools.progress import progress_bar

__all__ = ["LEVELS", "count_callers", "main"]

LEVELS = ("hard", "medium")
"""The levels whose callers are counted: the search levels' auction and the medium level's."""

TABLE = table_path()


def count_callers(
    level: str, deals: int, seed: int, tick: Callable[[], None] | None = None
) -> np.ndarray:
    """The callers' hands of ``deals`` auctions (deals ``seed * 100_000 + i``) played by five
    seats of ``level``: counts by the called card's kind (rows) and feature (columns)."""
    from briscola.bots.base import make_bot

    rules = preset("chiamata")
    counts = np.zeros((3, N_FEATURES), np.int64)
    for i in range(deals):
        state = new_game(rules, seed=seed * 100_000 + i)
        bots = [make_bot(level, seed=seed * 100_000 + 10 * i + s) for s in range(rules.players)]
        while state.phase in (Phase.AUCTION, Phase.CALL):
            assert state.turn is not None
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
        if tick is not None:
            tick()
        if state.phase is not Phase.PLAY or state.called is None or state.auction is None:
            continue  # all passed: no caller
        caller = state.auction.winner
        assert caller is not None and state.trump is not None
        hand = np.array([[c.index for c in state.hands[caller]]], np.int64)
        counts[category(state.called), int(hand_features(hand, state.trump, state.called)[0])] += 1
    return counts


def main(argv: list[str] | None = None) -> None:
    """Count the callers of every level of :data:`LEVELS` and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=TABLE)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals: play at least one deal")
    data: dict[str, object] = {"format": "briscola-callers", "version": 1, "deals": args.deals,
                               "seed": args.seed, "counts": {}}  # fmt: skip
    counts: dict[str, list[list[int]]] = {}
    with progress_bar(Console(stderr=True)) as bar:
        task = bar.add_task("auctions", total=args.deals * len(LEVELS))
        for level in LEVELS:
            counts[level] = count_callers(
                level, args.deals, args.seed, lambda: bar.advance(task)
            ).tolist()
    data["counts"] = counts
    args.out.write_text(json.dumps(data) + "\n")


if __name__ == "__main__":
    main()
