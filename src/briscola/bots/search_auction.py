"""The search levels' bids and call in Briscola chiamata: every candidate tried on sampled deals.

In the auction and the call a seat knows its own eight cards and the bids heard. The search
deals the other 32 cards at random over the other hands (the bids heard are not read as clues),
plays each legal bid, pass or call on every deal, goes on with the auction and the call as the
medium level does for every seat (its own later bids too), and finishes the deal with the medium
level's rollout (:func:`briscola.fast.search.auction.auction_worlds`, the kernel the post-game
analysis rates bids with). The candidate with the best average value (the seat's settlement
units plus a share of the margin, as in the card search) is chosen. Deals come in batches of 64;
after each batch a candidate worse than the best by ``z`` standard errors of the paired
difference is dropped (:func:`drop_worse`), so a clear choice costs a few milliseconds.

Where the compiled core lacks the auction (the auction with a called card, ``call_card``) or
Numba is missing, the medium level's bid and call are played.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("chiamata"), seed=3)
>>> obs = observe(state, state.turn)
>>> searched_auction(obs, worlds=128, seed=1) in obs.legal
True
"""

from __future__ import annotations

import numpy as np

from briscola.bots import auction
from briscola.core.actions import Action
from briscola.core.observation import Observation
from briscola.core.state import Phase

__all__ = ["drop_worse", "searched_auction"]

BATCH = 64
"""Deals a batch: the candidates still in contention are compared after each."""


def searched_auction(
    obs: Observation, worlds: int, seed: int, lam: float = 0.25, z: float = 3.0
) -> Action:
    """The bid, pass or call of ``obs.legal`` with the best average value over at most
    ``worlds`` sampled deals a candidate (see the module's documentation)."""
    from briscola.fast.core.params import FastUnsupportedError

    try:
        from briscola.fast.search import auction as FA
        from briscola.fast.search.encode import work_arrays

        enc = FA.encode_auction(obs)
    except (ImportError, FastUnsupportedError):  # no compiled auction: the medium level's
        return _medium(obs)
    n = len(enc.actions)
    rng = np.random.default_rng(seed)
    work = work_arrays()
    active = np.ones(n, np.int64)
    chunks: list[np.ndarray] = []
    done = 0
    while done < worlds and int(active.sum()) > 1:
        nw = min(BATCH, worlds - done)
        deals = rng.permuted(np.tile(enc.pool, (nw, 1)), axis=1)
        live = np.flatnonzero(active)
        part = np.zeros((nw, len(live)), np.float64)
        FA.auction_worlds(
            enc.P, enc.T, enc.S, work, enc.slots, deals, obs.seat, enc.cands[live], lam, part
        )
        vals = np.zeros((nw, n), np.float64)
        vals[:, live] = part
        chunks.append(vals)
        done += nw
        data = np.concatenate(chunks)
        drop_worse(data, np.ones(len(data)), active, z)
    live = np.flatnonzero(active)
    if not chunks:  # no deal to try them on: the medium level's
        return _medium(obs)
    means = np.concatenate(chunks).mean(axis=0)
    return enc.actions[int(live[np.argmax(means[live])])]


def _medium(obs: Observation) -> Action:
    """The medium level's bid or call."""
    return auction.bid(obs) if obs.phase is Phase.AUCTION else auction.call(obs)


def drop_worse(data: np.ndarray, w: np.ndarray, active: np.ndarray, z: float) -> None:
    """Clear ``active`` for each candidate worse than the best by more than ``z`` standard errors
    of the paired difference of their values (``data``: a row a world, weights ``w``)."""
    total = w.sum()
    ess = total**2 / float((w * w).sum())
    means = w @ data / total
    live = np.flatnonzero(active)
    best = live[np.argmax(means[live])]
    for j in live:
        if j == best:
            continue
        diff = data[:, best] - data[:, j]
        mean = float(w @ diff) / total
        se = np.sqrt(float(w @ (diff - mean) ** 2) / total / ess)
        if mean > z * se + 1e-9:
            active[j] = 0
