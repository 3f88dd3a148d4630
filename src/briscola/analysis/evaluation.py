"""The value of every legal action of one decision: from the seat's observation, or in hindsight.

:func:`evaluate` reads **only an observation**: it searches the worlds the seat could believe in
exactly as the champion does (:mod:`briscola.bots.search`: the opponent's hand weighed by its past
plays in two players, the partner's hand when the rules show it, the auction's information in
Briscola chiamata, every world enumerated and solved exactly once few cards are unknown), but
every action is played on every world (the champion drops clearly worse ones; an analysis needs
the value of the action played too). :func:`hindsight` plays the same actions on the one true
world: exact with the two-player solver once the stock is short, else the champion's rollout
policy until the solver can take over.

Each world gives a result per action: a win (1, a draw 0.5, a loss 0) and the point margin over
the best other side (settlement units in Briscola chiamata, where a win is a positive
settlement). An action's value is the average over the worlds.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=5)
>>> values = evaluate(observe(state, state.turn), budget=16, seed=1)
>>> len(values) == len(state.legal_actions()), all(0 <= v.win <= 1 for v in values)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from briscola.bots.search import CHAMPION
from briscola.bots.search import _enumerate_worlds as enumerate_worlds
from briscola.bots.search import _events as inference_events
from briscola.bots.search import _posterior_worlds as posterior_worlds
from briscola.bots.search import _world_weights as world_weights
from briscola.core.actions import Action
from briscola.core.game import State
from briscola.core.observation import Observation, observe
from briscola.core.rules import Partnership
from briscola.core.state import Phase

__all__ = [
    "DEFAULT_BUDGET",
    "HINDSIGHT_EXACT_STOCK",
    "LAM",
    "ActionValue",
    "evaluate",
    "hindsight",
    "values_of",
]

DEFAULT_BUDGET = 2000
"""Sampled worlds per decision (every action is played on each): see docs/analysis.md, Speed."""
HINDSIGHT_EXACT_STOCK = 8
"""Two players: hindsight is exact (the solver from the position) with this many stock cards or
fewer; before that the champion's rollout policy plays until the solver can take over."""
LAM = 0.25
"""The kernels' weight of the margin: a world's value is win + LAM * margin / total."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One action's value: ``win`` the probability of winning the deal (a draw counts half),
    ``margin`` the expected point margin over the best other side (settlement units in Briscola
    chiamata), ``worlds`` how many worlds were searched, ``exact`` when it is a perfect
    solution."""

    action: Action
    win: float
    margin: float
    worlds: int
    exact: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (see docs/analysis.schema.json)."""
        return {
            "action": str(self.action),
            "win": round(self.win, 4),
            "margin": round(self.margin, 3),
            "worlds": self.worlds,
            "exact": self.exact,
        }


def _split(obs: Observation, P: np.ndarray, vals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' world values split into wins and margins (both worlds × actions)."""
    from briscola.fast.core.layout import P_TOTAL

    total = float(P[P_TOTAL])
    if obs.ruleset.partnership is Partnership.CALLED:
        units = np.rint(vals)
        win = np.where(units > 0, 1.0, np.where(units < 0, 0.0, 0.5))
        return win, units
    win = np.where(vals > 0.75, 1.0, np.where(vals > 0.25, 0.5, 0.0))
    return win, (vals - win) / LAM * total


def values_of(
    obs: Observation,
    P: np.ndarray,
    actions: Sequence[Action],
    vals: np.ndarray,
    weights: np.ndarray,
    exact: bool = False,
) -> tuple[ActionValue, ...]:
    win, margin = _split(obs, P, vals)
    w = weights / weights.sum()
    return tuple(
        ActionValue(a, float(w @ win[:, j]), float(w @ margin[:, j]), len(vals), exact)
        for j, a in enumerate(actions)
    )


def _check(obs: Observation) -> None:
    if obs.phase is not Phase.PLAY or not obs.legal:
        raise ValueError(f"seat {obs.seat} has no card to play, bid or call to make now")


def evaluate(
    obs: Observation, budget: int = DEFAULT_BUDGET, seed: int = 0
) -> tuple[ActionValue, ...]:
    """The value of each of ``obs.legal`` from what ``obs`` shows (see the module's
    documentation); ``budget`` sampled worlds (fewer when every world is enumerated), the same
    result for the same ``seed``. A bid, a pass or a call of Briscola chiamata is valued by
    :func:`briscola.analysis.auction.evaluate_auction`. ValueError outside the seat's turn."""
    from briscola.analysis import auction
    from briscola.fast.search import pimc as FS

    if auction.is_auction(obs):
        return auction.evaluate_auction(obs, budget, seed)
    _check(obs)
    cfg = CHAMPION
    enc = FS.encode_observation(obs)
    work = FS.work_arrays()
    n_cand = len(enc.actions)
    n_unk = len(enc.pool)
    two = obs.ruleset.players == 2
    events = inference_events(FS, enc, obs) if two else None
    if two and obs.stock_count <= cfg.exact_stock:
        worlds = enumerate_worlds(enc, cfg.max_worlds)
        if worlds is not None:
            out = np.zeros((len(worlds), n_cand), np.float64)
            FS.exact_worlds(
                enc.P, enc.S, work, enc.slots, worlds, n_unk, obs.seat, enc.cands, n_cand, LAM, out
            )  # fmt: skip
            weights = np.ones(len(worlds))
            if events is not None:
                weights = world_weights(FS, enc, obs, cfg, events, seed, worlds)
            return values_of(obs, enc.P, enc.actions, out, weights, exact=len(worlds) == 1)
    solve = cfg.solve_stock if two else -1
    if two and obs.stock_count <= cfg.solved_stock:
        # a short stock: each world solved exactly from the root (as many as the champion does)
        solve, budget = obs.stock_count, min(budget, cfg.solved_worlds)
    active = np.ones(n_cand, np.int64)
    vals = np.zeros((budget, n_cand), np.float64)
    if events is not None:
        worlds = posterior_worlds(FS, enc, obs, cfg, events, seed, budget)
        FS.pimc_worlds(
            enc.P, enc.T, enc.S, work, enc.slots, worlds, 0, n_unk, enc.hidden_called, obs.seat,
            enc.cands, active, cfg.policy, solve, LAM, vals,
        )  # fmt: skip
    else:
        FS.pimc(
            enc.P, enc.T, enc.S, work, enc.slots, enc.pool.copy(), n_unk, enc.hidden_called,
            obs.seat, enc.cands, active, np.uint64(seed % 2**64), cfg.policy, solve, LAM, vals,
        )  # fmt: skip
    return values_of(obs, enc.P, enc.actions, vals, np.ones(budget))


def _true_world(state: State, enc: Any) -> np.ndarray:
    """The unknown slots of an encoding of ``state`` filled with the cards really there."""
    from briscola.fast.core.layout import MAX_HAND, O_DECK, O_HANDS

    sp = len(state.ruleset.deck()) + 1 - len(state.stock)
    slots = [int(s) for s in enc.slots]
    rest: dict[int, list[int]] = {}
    for seat, hand in enumerate(state.hands):
        base = O_HANDS + seat * MAX_HAND
        known = {int(enc.S[base + i]) for i in range(len(hand)) if base + i not in slots}
        rest[seat] = [c.index for c in hand if c.index not in known]
    row = [
        state.stock[slot - O_DECK - sp].index
        if O_DECK <= slot < O_HANDS
        else rest[(slot - O_HANDS) // MAX_HAND].pop(0)
        for slot in slots
    ]
    return np.array(row, np.int64).reshape(1, len(row))


def hindsight(state: State, seat: int | None = None) -> tuple[ActionValue, ...]:
    """The value of each legal action of the seat to act in ``state`` with every card known
    (the stock's order too): exact in two players with :data:`HINDSIGHT_EXACT_STOCK` stock cards
    or fewer, else the champion's rollout policy for every seat until the solver (two players)
    can take over; a single deterministic line of play, so its ``win`` is 0, 0.5 or 1. The
    auction and the call: :func:`briscola.analysis.auction.hindsight_auction`."""
    from briscola.analysis import auction
    from briscola.fast.search import pimc as FS

    seat = state.turn if seat is None else seat
    if seat is None:
        raise ValueError("nobody is to act: the deal is over")
    obs = observe(state, seat)
    if auction.is_auction(obs):
        return auction.hindsight_auction(state, seat)
    _check(obs)
    enc = FS.encode_observation(obs)
    work = FS.work_arrays()
    world = _true_world(state, enc)
    n_cand = len(enc.actions)
    two = state.ruleset.players == 2
    S = enc.S.copy()
    FS.load_world(enc.P, enc.S, S, enc.slots, world[0], len(enc.pool), enc.hidden_called)
    vals = np.zeros((1, n_cand), np.float64)
    if two and FS.can_solve(enc.P, S, HINDSIGHT_EXACT_STOCK):
        FS.exact_worlds(
            enc.P, enc.S, work, enc.slots, world, len(enc.pool), seat, enc.cands, n_cand, LAM,
            vals,
        )  # fmt: skip
        return values_of(obs, enc.P, enc.actions, vals, np.ones(1), exact=True)
    FS.pimc_worlds(
        enc.P, enc.T, enc.S, work, enc.slots, world, 0, len(enc.pool), enc.hidden_called, seat,
        enc.cands, np.ones(n_cand, np.int64), CHAMPION.policy,
        HINDSIGHT_EXACT_STOCK if two else -1, LAM, vals,
    )  # fmt: skip
    return values_of(obs, enc.P, enc.actions, vals, np.ones(1))
