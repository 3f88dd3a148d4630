"""The search levels, hard and champion: Monte Carlo over the information set, exact endgames.

Both read only their seat's observation. For a card to play they search over *worlds*: full deals
consistent with what the seat has seen (the unknown cards dealt at random over the other hands and
the stock, :func:`briscola.fast.search.pimc.resample`). On each world every candidate action is
played and the deal finished in the compiled core; the action with the best average value (wins,
with a share of the point margin; settlement units in Briscola chiamata) is chosen.

* **hard** samples a modest number of worlds and finishes them with the core's quick heuristic.
* **champion** samples many more, and in two players finishes each world with the exact solver as
  soon as the stock is short; at the root it enumerates every world once few cards are unknown and
  solves each exactly (with the stock empty the game is open: the exact solution is perfect play).
  With teams each world's last tricks (the stock empty, two or three cards a hand) are solved
  exactly between the two sides (:mod:`briscola.fast.search.endgame`), and the partner's
  visible hand is part of every world. In three players, each for itself, it values a deal by
  the share of the other two beaten and keeps the medium level's move unless the search drops
  it, as hard does everywhere.

The settings are in :mod:`briscola.bots.search_config`, the ways worlds are drawn in
:mod:`briscola.bots.search_worlds`.

In the auction and the call of Briscola chiamata both levels try every bid, pass and call on
sampled deals (:mod:`briscola.bots.search_auction`); ``champion-v1`` bids as the medium level. Both
levels are deterministic given their seed: every move's search draws its seed from the bot's own
generator, and the work is counted in worlds, not seconds.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=5)
>>> bot = SearchBot.champion(seed=1)
>>> bot.act(observe(state, state.turn)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import numpy as np

from briscola.bots import auction
from briscola.bots.base import turn_actions
from briscola.bots.medium import MediumBot, medium_card, special_action
from briscola.bots.search_auction import drop_worse, searched_auction
from briscola.bots.search_bids import caller_worlds
from briscola.bots.search_config import CHAMPION, CHAMPION_V1, HARD, SearchConfig
from briscola.bots.search_fusion import fusion_search, uses_fusion
from briscola.bots.search_net import NetRollouts, uniform_worlds
from briscola.bots.search_worlds import _enumerate_worlds as _enumerate_worlds
from briscola.bots.search_worlds import _events as _events
from briscola.bots.search_worlds import _opponent_slots as _opponent_slots
from briscola.bots.search_worlds import _posterior_worlds as _posterior_worlds
from briscola.bots.search_worlds import _world_weights as _world_weights
from briscola.bots.search_worlds import joint_posterior_worlds, limited_worlds
from briscola.bots.signs import HandLimit, hand_limits, sign_to_make, without_signals
from briscola.core.actions import Action, Declare
from briscola.core.observation import Observation

__all__ = ["CHAMPION", "CHAMPION_V1", "HARD", "SearchBot", "SearchConfig", "limited_worlds"]


class SearchBot:
    """A search level (see the module's documentation)."""

    def __init__(
        self, seed: int | None = None, config: SearchConfig = CHAMPION, name: str = ""
    ) -> None:
        self._rng = random.Random(seed)
        self.config = config
        self.name = name or ("champion" if config == CHAMPION else "search")
        self._medium = MediumBot(seed)
        self._work: tuple[object, ...] | None = None

    @classmethod
    def hard(cls, seed: int | None = None) -> SearchBot:
        """The hard level."""
        return cls(seed, HARD, "hard")

    @classmethod
    def champion(cls, seed: int | None = None) -> SearchBot:
        """The champion level."""
        return cls(seed, CHAMPION, "champion")

    @classmethod
    def champion_v1(cls, seed: int | None = None) -> SearchBot:
        """The frozen baseline: the champion as it was on 2026-12-01 (:data:`CHAMPION_V1`)."""
        return cls(seed, CHAMPION_V1, "champion-v1")

    @staticmethod
    def warm_up() -> None:
        """Load (or compile, the first time after an install) the search kernels now, so that
        the first moves of a game are not slowed by it."""
        from briscola.core.game import new_game
        from briscola.core.observation import observe
        from briscola.core.rules import preset
        from briscola.fast.search.encode import encode_observation

        rng = random.Random(0)
        state = new_game(preset("classic"), seed=0)
        bot = SearchBot(0, CHAMPION)
        while not state.is_over:
            assert state.turn is not None
            if len(state.stock) <= CHAMPION.exact_stock + 2:
                bot.act(observe(state, state.turn))
            state = state.apply(rng.choice(state.legal_actions()))
        state = new_game(preset("classic"), seed=1)
        assert state.turn is not None
        bot.evaluate(observe(state, state.turn), 0)
        obs = observe(new_game(preset("pairs"), seed=0), 0)  # the worlds within partners' signs
        limited_worlds(encode_observation(obs), obs, (HandLimit(2, 0, False),), 0, 1)

    def with_config(self, **changes: object) -> SearchBot:
        """A bot like this one with some settings changed (for experiments)."""
        return SearchBot(None, replace(self.config, **changes), self.name)  # type: ignore[arg-type]

    def with_budget(self, share: float) -> SearchBot:
        """This bot searching ``share`` (0 to 1) of its worlds and rollouts, each kept above a
        floor (a crowded server's computer players: :class:`~briscola.bots.pool.BotPool`);
        the same seed. ``share >= 1``: this bot itself.

        >>> SearchBot.champion(1).with_budget(0.25).config.rollouts
        4000
        """
        if share >= 1:
            return self
        config = self.config

        def part(n: int, least: int) -> int:
            return max(least, round(n * share)) if n > 0 else n

        smaller = replace(
            config,
            rollouts=part(config.rollouts, 32),
            rollouts_multi=part(config.rollouts_multi, 64),
            solved_worlds=part(config.solved_worlds, 8),
            max_worlds=part(config.max_worlds, 16),
            min_worlds=part(config.min_worlds, 8),
            reps=part(config.reps, 2),
            reps_sampled=part(config.reps_sampled, 2),
        )
        bot = SearchBot(None, smaller, self.name)
        bot._rng.setstate(self._rng.getstate())  # the same seed's draws
        bot._medium = self._medium
        return bot

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        legal = turn_actions(obs)
        seed = self._rng.getrandbits(63)  # one draw a decision, whatever the decision
        chosen = auction.routine(obs, *self._auction(seed))
        if chosen is not None:
            return chosen
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:  # an accuso only gains: declare it at once
            return special_action(obs) or declares[0]
        sign = sign_to_make(obs, medium_card)  # signs as the medium level makes them
        if sign is not None:
            return sign
        cfg = self.config.for_table(obs.ruleset)
        if _anchored(cfg, obs.ruleset.players) and _budget(cfg, obs.ruleset.players) <= 0:
            return self._medium.act(obs)  # no card search at this table: the medium move
        limits = hand_limits(obs)  # what the partners said of their hands bounds the worlds
        plain = without_signals(obs)  # the fast core searches the cards, not the signs
        legal = turn_actions(plain)
        try:
            values = self.evaluate(plain, seed, limits)
        except ImportError:  # no Numba: play as the medium level
            return self._medium.act(obs)
        if _anchored(cfg, obs.ruleset.players):
            # play the medium level's move unless the search has dropped it as clearly worse
            move = self._medium.act(obs)
            if values[legal.index(move)] > -math.inf:
                return move
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return legal[best]

    def _auction(self, seed: int) -> tuple[auction.Choice, auction.Choice]:
        """How this bot bids and calls in Briscola chiamata: searched over sampled deals
        (:mod:`briscola.bots.search_auction`) with ``auction_worlds``, else by the medium
        level's rules."""
        cfg = self.config
        if cfg.auction_worlds <= 0:
            return auction.bid, auction.call

        def search(obs: Observation) -> Action:
            return searched_auction(obs, cfg.auction_worlds, seed, cfg.lam, cfg.z)

        return search, search

    # -- the search -------------------------------------------------------------------------
    def evaluate(
        self, obs: Observation, seed: int, limits: tuple[HandLimit, ...] = ()
    ) -> list[float]:
        """The average value of each of ``obs.legal`` over the searched worlds (minus infinity
        for an action the search dropped as clearly worse); with more than two players the
        worlds keep within the partners' ``limits`` (:func:`~briscola.bots.signs.hand_limits`)."""
        from briscola.fast.search import pimc as FS

        cfg = self.config.for_table(obs.ruleset)
        enc = FS.encode_observation(obs)
        work = FS.work_arrays()
        n_cand = len(enc.actions)
        n_unk = len(enc.pool)
        two = obs.ruleset.players == 2
        events = _events(FS, enc, obs) if cfg.infer and two else None
        if two and 0 <= obs.stock_count <= cfg.exact_stock:
            worlds = _enumerate_worlds(enc, cfg.max_worlds)
            if worlds is not None:
                out = np.zeros((len(worlds), n_cand), np.float64)
                FS.exact_worlds(
                    enc.P, enc.S, work, enc.slots, worlds, n_unk, obs.seat, enc.cands, n_cand,
                    cfg.lam, out,
                )  # fmt: skip
                weights = np.ones(len(worlds))
                if events is not None:
                    weights = _world_weights(FS, enc, obs, cfg, events, seed, worlds)
                return [float(v) for v in weights @ out / weights.sum()]
        budget = _budget(cfg, obs.ruleset.players)
        solve = cfg.solve_stock if two else -1
        hand = -1 if two else cfg.solve_hand
        if two and 0 <= obs.stock_count <= cfg.solved_stock:
            # a short stock: every sampled world is solved exactly from the root
            budget, solve = cfg.solved_worlds * n_cand, obs.stock_count
        elif not two and _root_solved(obs, cfg):
            # more players, the last tricks: every sampled world is solved exactly from the root
            budget = cfg.solved_worlds_multi * n_cand or budget
            hand = max(hand, cfg.root_hand)
        given = None
        net = None
        if two and obs.stock_count > cfg.solved_stock and _net_move(cfg, obs):
            net = NetRollouts.for_position(
                obs, enc, cfg.net_plies, cfg.lam, cfg.policy, cfg.solve_stock
            )
        if events is not None:
            worlds = _posterior_worlds(FS, enc, obs, cfg, events, seed, max(budget // 2, 64))
            given = (worlds, np.ones(len(worlds)))
        elif limits and not two:
            given = limited_worlds(enc, obs, limits, seed, max(budget // 2, 64))
        elif cfg.infer_multi and not two:
            given = joint_posterior_worlds(FS, enc, obs, cfg, seed, max(budget // 2, 64))
        elif cfg.infer_bids and not two:
            given = caller_worlds(enc, obs, seed, max(budget // 2, 64))
        if uses_fusion(cfg, obs):  # extended PIMC: the next ply over its information set
            return fusion_search(FS, enc, obs, cfg, budget, seed, work, given)
        if net is not None and given is None:
            n = max(budget // 2, 64)
            given = (uniform_worlds(enc, seed, n), np.ones(n))
        return _sample(FS, enc, obs, cfg, budget, seed, work, given, (solve, hand), net)


def _net_move(cfg: SearchConfig, obs: Observation) -> bool:
    """Does a bot of these settings let the network play the first plies of its rollouts on
    this move (``net_plies``, ``net_lead_only``: :class:`SearchConfig`)?"""
    return cfg.net_plies > 0 and not (cfg.net_lead_only and obs.trick)


def _anchored(cfg: SearchConfig, players: int) -> bool:
    """Does a bot of these settings keep the medium level's move unless the search drops it
    (``anchor``, ``anchor_multi``: :class:`SearchConfig`)?"""
    return cfg.anchor if players == 2 else cfg.anchor_multi


def _budget(cfg: SearchConfig, players: int) -> int:
    """The rollouts a move of a bot of these settings may spend (``rollouts``,
    ``rollouts_multi``: :class:`SearchConfig`)."""
    return cfg.rollouts if players == 2 else cfg.rollouts_multi


def _root_solved(obs: Observation, cfg: SearchConfig) -> bool:
    """With more than two players: is the rest of the deal solved exactly from the root in every
    sampled world (the stock empty, the hands short enough: :class:`SearchConfig`)?"""
    cfg = cfg.for_table(obs.ruleset)
    if obs.stock_count != 0 or cfg.solve_hand < 0:
        return False
    most = max(obs.hand_counts)
    if most <= cfg.solve_hand:
        return True
    return most <= cfg.root_hand and sum(obs.hand_counts) <= cfg.root_cards


def _sample(
    FS: Any,
    enc: Any,
    obs: Observation,
    cfg: SearchConfig,
    budget: int,
    seed: int,
    work: Any,
    given: tuple[np.ndarray, np.ndarray] | None = None,
    solve: tuple[int, int] = (-1, -1),
    net: NetRollouts | None = None,
) -> list[float]:
    """PIMC in batches of worlds (fresh random ones, or the ``given`` worlds and their weights):
    after each batch a candidate clearly worse than the best (by ``cfg.z`` standard errors of
    the weighted paired difference) is dropped, and the rest of the budget goes to the
    candidates still in contention; with one left the search stops. ``solve``: rollouts hand over
    to the two-player solver once the stock holds this many cards or fewer, and with more players
    play the exact endgame once no hand holds more than this many (-1: never). ``net``: the
    given worlds are valued by the network's first plies and the rollout
    (:class:`~briscola.bots.search_net.NetRollouts`)."""
    n_cand = len(enc.actions)
    n_unk = len(enc.pool)
    wm = FS.endgame_stack()
    active = np.ones(n_cand, np.int64)
    chunks: list[np.ndarray] = []
    wchunks: list[np.ndarray] = []
    spent = 0
    used = 0
    while spent < budget and int(active.sum()) > 1:
        k = int(active.sum())
        nw = max(1, min(cfg.batch, (budget - spent) // k))
        if given is not None:
            nw = min(nw, len(given[0]) - used)
            if nw <= 0:
                break
        vals = np.zeros((nw, n_cand), np.float64)
        if given is None:
            FS.pimc_n(
                enc.P, enc.T, enc.S, work, wm, enc.slots, enc.pool.copy(), n_unk,
                enc.hidden_called, obs.seat, enc.cands, active,
                np.uint64((seed + 7919 * len(chunks)) % 2**64), cfg.policy, *solve, cfg.lam,
                cfg.pairwise, vals,
            )  # fmt: skip
            wchunks.append(np.ones(nw))
        else:
            if net is not None:
                net(given[0], used, active, vals)
            else:
                FS.pimc_worlds_n(
                    enc.P, enc.T, enc.S, work, wm, enc.slots, given[0], used, n_unk,
                    enc.hidden_called, obs.seat, enc.cands, active, cfg.policy, *solve, cfg.lam,
                    cfg.pairwise, vals,
                )  # fmt: skip
            wchunks.append(given[1][used : used + nw])
            used += nw
        chunks.append(vals)
        spent += nw * k
        if sum(len(c) for c in chunks) >= cfg.min_worlds:
            drop_worse(np.concatenate(chunks), np.concatenate(wchunks), active, cfg.z)
    if not chunks:
        return [0.0] * n_cand
    data = np.concatenate(chunks)
    w = np.concatenate(wchunks)
    means = w @ data / w.sum()
    # a dropped candidate's mean counts only the worlds it was played on: it is out
    return [float(means[j]) if active[j] else -math.inf for j in range(n_cand)]
