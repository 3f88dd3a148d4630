"""The value of every bid, pass and call of Briscola chiamata: from the seat's view, in hindsight.

In the auction and the call a seat has seen nothing but its own eight cards and the bids so far.
:func:`evaluate_auction` deals the other 32 cards at random over the other hands (``budget``
worlds, each as likely: the bids heard are not read as clues), plays each legal action on every
world, goes on with the auction and the call as the medium level does for every seat (the
others' model, as in the champion's rollouts; the seat's own later bids too), and finishes the
deal with the medium level's rollout policy in the compiled core
(:mod:`briscola.fast.search.auction`). An action's value is its average settlement over the
worlds: the win probability (a positive settlement; a void deal, everybody passing, counts as a
draw) and the expected units. :func:`hindsight_auction` plays the same on the one true deal.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("chiamata"), seed=3)
>>> values = evaluate_auction(observe(state, state.turn), budget=32, seed=1)
>>> [str(v.action) for v in values][:3], all(0 <= v.win <= 1 for v in values)
(['pass', 'bid A', 'bid 3'], True)
"""

from __future__ import annotations

import numpy as np

from briscola.analysis.evaluation import LAM, ActionValue, values_of
from briscola.core.game import State
from briscola.core.observation import Observation, observe
from briscola.core.rules import Ruleset
from briscola.core.state import Phase
from briscola.i18n import t

__all__ = ["auction_rated", "evaluate_auction", "hindsight_auction", "is_auction", "phase_name"]


def phase_name(phase: Phase, lang: str) -> str:
    """What a decision of ``phase`` is called in ``lang``: "asta" (the auction), "chiamata" (the
    call); the play has no name of its own (its moves are named by their trick)."""
    if phase not in (Phase.AUCTION, Phase.CALL):
        raise ValueError(f"only the auction and the call have a name, not {phase.value}")
    return t(f"analysis.phase.{phase.value}", lang)


def auction_rated(rules: Ruleset) -> bool:
    """True when the auction and the call of ``rules`` are rated: the compiled core plays them
    (not the auction with a called card, ``call_card``, whose bids and calls it lacks)."""
    from briscola.fast.core.params import FastUnsupportedError, ruleset_params

    try:
        ruleset_params(rules)
    except FastUnsupportedError:
        return False
    return True


def is_auction(obs: Observation) -> bool:
    """True for a decision of the auction or the call (Briscola chiamata)."""
    return obs.phase in (Phase.AUCTION, Phase.CALL)


def _run(obs: Observation, worlds: np.ndarray, exact: bool = False) -> tuple[ActionValue, ...]:
    from briscola.fast.search import auction as FA
    from briscola.fast.search.encode import work_arrays

    if not is_auction(obs) or not obs.legal:
        raise ValueError(f"seat {obs.seat} has no bid or call to make now")
    enc = FA.encode_auction(obs)
    vals = np.zeros((len(worlds), len(enc.actions)), np.float64)
    FA.auction_worlds(
        enc.P, enc.T, enc.S, work_arrays(), enc.slots, worlds, obs.seat, enc.cands, LAM, vals
    )
    return values_of(obs, enc.P, enc.actions, vals, np.ones(len(worlds)), exact)


def evaluate_auction(obs: Observation, budget: int, seed: int = 0) -> tuple[ActionValue, ...]:
    """The value of each of ``obs.legal`` (a bid, a pass or a call) over ``budget`` worlds
    drawn from what ``obs`` shows (see the module's documentation)."""
    from briscola.fast.search import auction as FA

    pool = FA.encode_auction(obs).pool
    rng = np.random.default_rng(seed)
    worlds = rng.permuted(np.tile(pool, (budget, 1)), axis=1)
    return _run(obs, worlds)


def hindsight_auction(state: State, seat: int) -> tuple[ActionValue, ...]:
    """The value of each of the seat's legal bids (or calls) in ``state`` on the true deal: one
    line of play by the medium level's rules, so its ``win`` is 0, 0.5 or 1."""
    from briscola.fast.search import auction as FA

    obs = observe(state, seat)
    enc = FA.encode_auction(obs)
    held = {c.index: s for s in range(state.players) for c in state.hands[s]}
    # the slots are the other seats' hands in seat order: each seat's true cards, in order
    order = sorted(enc.pool, key=lambda c: (held[int(c)], int(c)))
    return _run(obs, np.array([order], np.int64))
