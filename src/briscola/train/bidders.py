"""The model of a searching bidder that the search levels read the chiamata auction with.

Auctions of Briscola chiamata are played by five seats of the hard level (the card play not
played); at each of their bids and passes with a bid left to make, what
:func:`briscola.fast.search.auction.bid_features` reads from the seat's hand and the auction is
kept with whether it bid. A logistic regression of the bid on those features and their products
with "has bid before" (Newton's method, :func:`fit`) gives the weights
:data:`briscola.fast.search.auction.BIDDER`. Made with::

    python -m briscola.train.bidders --auctions 400 --seed 5000

which prints the weights, the fit's log-likelihood and the share of calls it gets right
(docs/levels.md, "Briscola chiamata", has the figures and how long it takes).

>>> X, y = bidder_rows(auctions=2, seed=1)
>>> X.shape[1] == len(BIDDER) and len(X) == len(y) > 0
True
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import numpy as np
from rich.console import Console

from briscola.core.actions import Bid
from briscola.core.game import Phase, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.fast.search.auction import BIDDER
from briscola.tools.progress import progress_bar

__all__ = ["bidder_rows", "fit", "log_likelihood", "main"]


def bidder_rows(
    auctions: int, seed: int, level: str = "hard", tick: Callable[[], None] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The features (rows in the order of :data:`BIDDER`) and the bids (1) or passes (0) of
    ``auctions`` auctions of five seats of ``level``: the deals ``seed``, ``seed + 1``, ...,
    the same five bots (seeded 0 to 4) playing every auction in turn."""
    from briscola.bots.base import make_bot
    from briscola.fast.search.auction import bid_features, encode_auction

    rules = preset("chiamata")
    bots = [make_bot(level, seed=s) for s in range(rules.players)]
    rows: list[list[float]] = []
    bids: list[float] = []
    for i in range(auctions):
        state = new_game(rules, seed=seed + i)
        while state.phase is Phase.AUCTION:
            seat = state.turn
            assert seat is not None and state.auction is not None
            obs = observe(state, seat)
            action = bots[seat].act(obs)
            enc = encode_auction(obs)
            ok, s1, d, c = bid_features(enc.P, enc.S, seat)
            if ok:
                again = float(any(s == seat for s, _ in state.auction.calls))
                rows.append([1.0, s1, d, c, again, again * c, again * s1])
                bids.append(float(isinstance(action, Bid)))
            state = state.apply(action)
        if tick is not None:
            tick()
    return np.array(rows).reshape(len(rows), len(BIDDER)), np.array(bids)


def log_likelihood(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The mean log-likelihood of the bids ``y`` under the logistic model of weights ``w``."""
    p = np.clip(1.0 / (1.0 + np.exp(-X @ w)), 1e-12, 1 - 1e-12)
    return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(X: np.ndarray, y: np.ndarray, steps: int = 50) -> np.ndarray:
    """The weights of the logistic regression of ``y`` on ``X`` (Newton's method, a little
    ridge so that a feature constant in the data does not break it)."""
    w = np.zeros(X.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-X @ w))
        grad = X.T @ (y - p)
        hess = (X * (p * (1 - p))[:, None]).T @ X + 1e-6 * np.eye(len(w))
        w += np.linalg.solve(hess, grad)
    return w


def main(argv: list[str] | None = None) -> None:
    """Play the auctions, fit the model and print its weights."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--auctions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    if args.auctions < 1:
        parser.error("--auctions: play at least one auction")
    console = Console()
    with progress_bar(Console(stderr=True)) as bar:
        task = bar.add_task("auctions", total=args.auctions)
        X, y = bidder_rows(args.auctions, args.seed, tick=lambda: bar.advance(task))
    w = fit(X, y)
    right = float(np.mean(((X @ w) > 0) == (y > 0.5)))
    base = float(y.mean())
    console.print(f"calls {len(y)}, bids {base:.3f}")
    console.print(f"weights ({', '.join(f'{v:.3f}' for v in w)})")
    console.print(
        f"log-likelihood {log_likelihood(X, y, w):.4f} a call (a constant chance: "
        f"{base * np.log(base) + (1 - base) * np.log(1 - base):.4f}), right {right:.3f}"
    )


if __name__ == "__main__":
    main()
