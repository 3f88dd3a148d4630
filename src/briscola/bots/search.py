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
  In team games the partner's visible hand is part of every world.

The auction and the call of Briscola chiamata use the medium level's judgement of the hand. Both
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

import itertools
import math
import random
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from briscola.bots import auction
from briscola.bots.base import turn_actions
from briscola.bots.medium import MediumBot, medium_card, special_action
from briscola.bots.signs import HandLimit, hand_limits, high_trumps, sign_to_make, without_signals
from briscola.core.actions import Action, Declare
from briscola.core.observation import Observation

__all__ = ["CHAMPION", "CHAMPION_V1", "HARD", "SearchBot", "SearchConfig"]


@dataclass(frozen=True)
class SearchConfig:
    """How a search level plays.

    ``rollouts``: worlds times candidates per move in two players (the budget),
    ``rollouts_multi`` with more players. ``policy``: the rollout policy (0 random, 1 the core's
    heuristic, 2 the medium level's rules). ``solve_stock``: in two players, rollouts hand over to
    the exact solver once the stock holds this many cards or fewer (-1: never). ``exact_stock``:
    in two players, with this many stock cards or fewer every world is enumerated and solved
    exactly (-1: never). ``max_worlds``: the most worlds enumerated. ``lam``: the weight of the
    point margin next to the win. Worlds are sampled ``batch`` at a time; from ``min_worlds`` on,
    a candidate ``z`` standard errors worse than the best is dropped. With ``infer`` (two
    players), the opponent's possible hands are weighed by its past plays
    (:func:`briscola.fast.search.pimc.hand_weights`, noise ``eps``; ``reps`` draws of its history
    for enumerated worlds, ``reps_sampled`` for sampled ones) and worlds drawn accordingly. With
    ``anchor`` the bot plays the medium level's move unless the search drops it. With
    ``solved_stock`` cards or fewer in the stock (two players, above ``exact_stock``),
    ``solved_worlds`` sampled worlds per candidate are each solved exactly from the root.
    """

    rollouts: int = 8000
    rollouts_multi: int = 16000
    policy: int = 2
    solve_stock: int = 0
    exact_stock: int = 4
    max_worlds: int = 200
    lam: float = 0.25
    min_worlds: int = 64
    batch: int = 64
    z: float = 3.0
    infer: bool = True
    eps: float = 0.05
    reps: int = 16
    reps_sampled: int = 16
    anchor: bool = False
    solved_stock: int = 6
    solved_worlds: int = 200


HARD = SearchConfig(
    rollouts=200,
    rollouts_multi=1400,
    policy=2,
    solve_stock=0,
    exact_stock=0,
    infer=False,
    anchor=True,
    solved_stock=-1,
)
CHAMPION = SearchConfig()
CHAMPION_V1 = SearchConfig(
    rollouts=8000,
    rollouts_multi=16000,
    policy=2,
    solve_stock=0,
    exact_stock=4,
    max_worlds=200,
    lam=0.25,
    min_worlds=64,
    batch=64,
    z=3.0,
    infer=True,
    eps=0.05,
    reps=16,
    reps_sampled=16,
    anchor=False,
    solved_stock=6,
    solved_worlds=200,
)
"""The champion of 2026-12-01, every setting pinned: the frozen baseline ``champion-v1`` that
later changes to :data:`CHAMPION` are measured against."""


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

    def act(self, obs: Observation) -> Action:
        """The action this bot takes; always one of ``obs.legal``."""
        legal = turn_actions(obs)
        seed = self._rng.getrandbits(63)  # one draw a decision, whatever the decision
        chosen = auction.routine(obs)
        if chosen is not None:
            return chosen
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:  # an accuso only gains: declare it at once
            return special_action(obs) or declares[0]
        sign = sign_to_make(obs, medium_card)  # signs as the medium level makes them
        if sign is not None:
            return sign
        limits = hand_limits(obs)  # what the partners said of their hands bounds the worlds
        plain = without_signals(obs)  # the fast core searches the cards, not the signs
        legal = turn_actions(plain)
        try:
            values = self.evaluate(plain, seed, limits)
        except ImportError:  # no Numba: play as the medium level
            return self._medium.act(obs)
        if self.config.anchor:
            # play the medium level's move unless the search has dropped it as clearly worse
            move = self._medium.act(obs)
            if values[legal.index(move)] > -math.inf:
                return move
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return legal[best]

    # -- the search -------------------------------------------------------------------------
    def evaluate(
        self, obs: Observation, seed: int, limits: tuple[HandLimit, ...] = ()
    ) -> list[float]:
        """The average value of each of ``obs.legal`` over the searched worlds (minus infinity
        for an action the search dropped as clearly worse); with more than two players the
        worlds keep within the partners' ``limits`` (:func:`~briscola.bots.signs.hand_limits`)."""
        from briscola.fast.search import pimc as FS

        cfg = self.config
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
        budget = cfg.rollouts if two else cfg.rollouts_multi
        solve = cfg.solve_stock if two else -1
        if two and 0 <= obs.stock_count <= cfg.solved_stock:
            # a short stock: every sampled world is solved exactly from the root
            budget, solve = cfg.solved_worlds * n_cand, obs.stock_count
        given = None
        if events is not None:
            worlds = _posterior_worlds(FS, enc, obs, cfg, events, seed, max(budget // 2, 64))
            given = (worlds, np.ones(len(worlds)))
        elif limits and not two:
            given = limited_worlds(enc, obs, limits, seed, max(budget // 2, 64))
        return _sample(FS, enc, obs, cfg, budget, seed, work, given, solve)


def limited_worlds(
    enc: Any, obs: Observation, limits: tuple[HandLimit, ...], seed: int, n: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """Up to ``n`` random worlds (rows filling ``enc.slots``) within the partners' ``limits``,
    with their weights; None when no deal within them is found."""
    from briscola.fast.search import limits as FL

    assert obs.trump is not None
    rules = obs.ruleset
    trumps = [c.index for c in rules.deck() if c.suit is obs.trump]
    high = [c.index for c in high_trumps(obs.trump, rules)]
    caps = {h.seat: h.max_trumps for h in limits if h.max_trumps is not None}
    lim = FL.limit_array(rules.players, trumps, high, caps, [h.seat for h in limits if h.high])
    worlds = np.zeros((n, len(enc.pool)), np.int64)
    filled = FL.limited_worlds(
        enc.P, enc.S, enc.S.copy(), enc.slots, enc.pool.copy(), lim, np.uint64(seed), worlds
    )
    return (worlds[:filled], np.ones(filled)) if filled else None


def _events(FS: Any, enc: Any, obs: Observation) -> Any:
    """The opponent's history for inference, or None when there is nothing to infer (its hand
    is open, or it has not played while cards were hidden)."""
    from briscola.fast.core.layout import MAX_HAND, O_HANDS

    opp = 1 - obs.seat
    lo = O_HANDS + opp * MAX_HAND
    if not any(lo <= int(s) < lo + MAX_HAND for s in enc.slots):
        return None
    events = FS.history_events(obs)
    rows = events[1]
    size = len(obs.ruleset.deck())
    if not any(r[FS.E_KIND] == FS.EV_PLAY and r[FS.E_SP] <= size for r in rows):
        return None
    return events


def _opponent_slots(enc: Any, opp: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Positions (in the unknown slots) of the opponent's hand and of the rest, and the mask of
    the cards known to be in the opponent's hand."""
    from briscola.fast.core.layout import MAX_HAND, O_HANDS, O_HCOUNT

    lo = O_HANDS + opp * MAX_HAND
    slots = [int(s) for s in enc.slots]
    hand_pos = [i for i, s in enumerate(slots) if lo <= s < lo + MAX_HAND]
    rest_pos = [i for i, s in enumerate(slots) if not lo <= s < lo + MAX_HAND]
    unknown = set(slots)
    fixed = 0
    for i in range(int(enc.S[O_HCOUNT + opp])):
        if lo + i not in unknown:
            fixed |= 1 << int(enc.S[lo + i])
    return np.array(hand_pos, np.int64), np.array(rest_pos, np.int64), fixed


def _hand_likelihoods(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, events: Any, seed: int,
    masks: np.ndarray, reps: int,
) -> np.ndarray:  # fmt: skip
    opp, rows = events
    out = np.zeros(len(masks))
    FS.hand_weights(
        enc.P, enc.T, enc.S, np.zeros_like(enc.S), obs.seat, opp, masks, rows, cfg.eps, reps,
        np.uint64(seed), out,
    )  # fmt: skip
    if out.sum() <= 0:
        out[:] = 1.0
    return out


def _posterior_worlds(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, events: Any, seed: int, n: int
) -> np.ndarray:
    """``n`` worlds drawn from the posterior: every possible opponent hand is weighed by its
    past plays (:func:`briscola.fast.search.pimc.hand_weights`), hands are drawn by weight and the
    other unknown cards shuffled into the stock."""
    opp = events[0]
    hand_pos, rest_pos, fixed = _opponent_slots(enc, opp)
    pool = enc.pool
    combos = np.array(list(itertools.combinations(range(len(pool)), len(hand_pos))), np.int64)
    masks = np.full(len(combos), fixed, np.int64)
    for i in range(len(hand_pos)):
        masks |= np.left_shift(1, pool[combos[:, i]])
    weights = _hand_likelihoods(FS, enc, obs, cfg, events, seed, masks, cfg.reps_sampled)
    rng = np.random.default_rng(seed)
    # systematic resampling, then a random order (batches must not follow the hands' order)
    cdf = np.cumsum(weights / weights.sum())
    picks = np.searchsorted(cdf, (rng.random() + np.arange(n)) / n)
    picks = np.minimum(picks, len(combos) - 1)
    rng.shuffle(picks)
    worlds = np.zeros((n, len(pool)), np.int64)
    FS.fill_worlds(
        pool, combos[picks], hand_pos, rest_pos, np.zeros(len(pool), np.int64),
        np.uint64(seed), worlds,
    )  # fmt: skip
    return worlds


def _world_weights(
    FS: Any, enc: Any, obs: Observation, cfg: SearchConfig, events: Any, seed: int,
    worlds: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """The posterior weight of each given world: the likelihood of its opponent hand."""
    hand_pos, _, fixed = _opponent_slots(enc, events[0])
    masks = np.full(len(worlds), fixed, np.int64)
    for i in hand_pos:
        masks |= np.left_shift(1, worlds[:, i])
    return _hand_likelihoods(FS, enc, obs, cfg, events, seed, masks, cfg.reps)


def _sample(
    FS: Any,
    enc: Any,
    obs: Observation,
    cfg: SearchConfig,
    budget: int,
    seed: int,
    work: Any,
    given: tuple[np.ndarray, np.ndarray] | None = None,
    solve: int = -1,
) -> list[float]:
    """PIMC in batches of worlds (fresh random ones, or the ``given`` worlds and their weights):
    after each batch a candidate clearly worse than the best (by ``cfg.z`` standard errors of
    the weighted paired difference) is dropped, and the rest of the budget goes to the
    candidates still in contention; with one left the search stops. Rollouts hand over to the
    exact solver once the stock holds ``solve`` cards or fewer (-1: never)."""
    n_cand = len(enc.actions)
    n_unk = len(enc.pool)
    active = np.ones(n_cand, np.int64)
    chunks: list[np.ndarray] = []
    wchunks: list[np.ndarray] = []
    spent = 0
    batch = 0
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
            FS.pimc(
                enc.P, enc.T, enc.S, work, enc.slots, enc.pool.copy(), n_unk, enc.hidden_called,
                obs.seat, enc.cands, active, np.uint64((seed + 7919 * batch) % 2**64),
                cfg.policy, solve, cfg.lam, vals,
            )  # fmt: skip
            wchunks.append(np.ones(nw))
        else:
            FS.pimc_worlds(
                enc.P, enc.T, enc.S, work, enc.slots, given[0], used, n_unk, enc.hidden_called,
                obs.seat, enc.cands, active, cfg.policy, solve, cfg.lam, vals,
            )  # fmt: skip
            wchunks.append(given[1][used : used + nw])
            used += nw
        chunks.append(vals)
        spent += nw * k
        batch += 1
        data = np.concatenate(chunks)
        if len(data) < cfg.min_worlds:
            continue
        w = np.concatenate(wchunks)
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
            if mean > cfg.z * se + 1e-9:
                active[j] = 0
    if not chunks:
        return [0.0] * n_cand
    data = np.concatenate(chunks)
    w = np.concatenate(wchunks)
    means = w @ data / w.sum()
    # a dropped candidate's mean counts only the worlds it was played on: it is out
    return [float(means[j]) if active[j] else -math.inf for j in range(n_cand)]


def _enumerate_worlds(enc: object, limit: int) -> np.ndarray | None:
    """Every way to fill the unknown slots (the opponent's hand as a set, the stock in order),
    as rows of cards; None when there are more than ``limit``."""
    from briscola.fast.core.layout import O_DECK

    slots = [int(s) for s in enc.slots]  # type: ignore[attr-defined]
    pool = [int(c) for c in enc.pool]  # type: ignore[attr-defined]
    hand_slots = [i for i, s in enumerate(slots) if s < O_DECK or s >= O_DECK + 41]
    stock_slots = [i for i, s in enumerate(slots) if O_DECK <= s < O_DECK + 41]
    h, m = len(hand_slots), len(pool)
    count = math.comb(m, h) * math.factorial(m - h)
    if count > limit:
        return None
    rows = []
    for hand in itertools.combinations(range(m), h):
        rest = [i for i in range(m) if i not in hand]
        for order in itertools.permutations(rest):
            row = [0] * m
            for slot, i in zip(hand_slots, hand, strict=True):
                row[slot] = pool[i]
            for slot, i in zip(stock_slots, order, strict=True):
                row[slot] = pool[i]
            rows.append(row)
    return np.array(rows, np.int64).reshape(len(rows), m)
