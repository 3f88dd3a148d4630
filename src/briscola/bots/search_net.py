"""The network inside the champion's search: the first plies of its middle-game rollouts.

In two players the champion's rollouts play the medium level's rules for both seats until the
stock is empty, then the exact solver. Against a strong opponent those rules are a poor model of
its reply: they play the card a search plays about half of the time, the network (trained on the
champion's own choices, docs/training.md) four times in five. With ``net_plies``
(:class:`~briscola.bots.search_config.SearchConfig`) the network plays the first actions after
each candidate, for whichever seat is to act, from that seat's own view of the world (what it may
see: its hand in that world, the public cards), then the medium rules as before. The worlds are
searched in batches (:func:`briscola.bots.search._sample`); :class:`NetRollouts` values one batch:
the kernels of :mod:`briscola.fast.search.netplies` around one forward pass a ply over every
world and candidate of the batch (:meth:`~briscola.bots.neural.PolicyValueNet.scores_one_view`).

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> obs = observe(new_game(preset("classic"), seed=5), 0)
>>> from briscola.fast.search import pimc as FS
>>> enc = FS.encode_observation(obs)
>>> roll = NetRollouts.for_position(obs, enc, plies=1, lam=0.25, policy=2, solve_stock=0)
>>> worlds = uniform_worlds(enc, seed=1, n=8)
>>> vals = np.zeros((8, len(enc.actions)))
>>> roll(worlds, 0, np.ones(len(enc.actions), np.int64), vals)
>>> bool(((vals >= -0.25) & (vals <= 1.25)).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.bots.neural import KernelTables, PolicyValueNet, kernel_tables, shipped_net_for
from briscola.core.observation import Observation

__all__ = ["NetRollouts", "Rows", "root_extras", "uniform_worlds"]

I64 = npt.NDArray[np.int64]


def root_extras(obs: Observation) -> I64:
    """What the compiled encoder needs that the state does not keep
    (:mod:`briscola.fast.env_kernels`' ``EX``): the cards of the completed tricks and those each
    seat took (two players: nothing is taken in an exchange in the presets with a network)."""
    from briscola.fast import env_kernels as vk

    ex = np.zeros(vk.X_LEN, np.int64)
    for trick in obs.tricks:
        for _, card in trick.plays:
            bit = 1 << card.index
            ex[vk.X_PLAYED] |= bit
            ex[vk.X_WONBY + trick.winner] |= bit
    return ex


def uniform_worlds(enc: Any, seed: int, n: int) -> I64:
    """``n`` worlds with the unknown cards dealt at random (rows over ``enc.slots``)."""
    rng = np.random.default_rng(seed)
    return rng.permuted(np.tile(enc.pool, (n, 1)), axis=1)


@dataclass
class Rows:
    """A batch of worlds and candidates as the kernels' arrays
    (:mod:`briscola.fast.search.netplies`): states, tracked extras, observation vectors, legal
    masks, the rows encoded, and work space."""

    SS: I64
    EX: I64
    X: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    todo: I64
    buf: I64
    log: I64


@dataclass
class NetRollouts:
    """Values a batch of worlds for the search: each candidate played, the network's
    ``plies`` actions, then the rollout (``policy``, the solver at ``solve_stock``, the margin's
    weight ``lam``), from the position of ``obs`` encoded as ``enc``."""

    net: PolicyValueNet
    tables: KernelTables
    enc: Any
    me: int
    ex0: I64
    plies: int
    lam: float
    policy: int
    solve_stock: int
    cache: dict[bytes, int] = field(default_factory=dict)
    """The network's action for an observation vector already read on this move (as bytes):
    the worlds of a move share most hands, and the reply to a lead depends on the hand alone."""

    @classmethod
    def for_position(
        cls, obs: Observation, enc: Any, plies: int, lam: float, policy: int, solve_stock: int
    ) -> NetRollouts | None:
        """The rollouts of a position, or None when no network is trained for its ruleset or it
        has more than two players."""
        net = shipped_net_for(obs.ruleset)
        if net is None or obs.ruleset.players != 2:
            return None
        tables = kernel_tables(obs.ruleset)
        return cls(net, tables, enc, obs.seat, root_extras(obs), plies, lam, policy, solve_stock)

    def __call__(self, worlds: I64, first: int, active: I64, vals: npt.NDArray[Any]) -> None:
        """``vals[w, j]``: the value of candidate ``j`` (where ``active``) in the world
        ``worlds[first + w]``."""
        rows = self.start(worlds, first, active, len(vals))
        for _ in range(self.plies):
            if not self.play(rows):
                break
        self.finish(rows, active, vals)

    def start(self, worlds: I64, first: int, active: I64, nw: int) -> Rows:
        """The rows of ``nw`` worlds from ``worlds[first]`` on, each candidate played."""
        from briscola.fast import env_kernels as vk
        from briscola.fast.core.layout import MAX_ACTIONS, S_LEN
        from briscola.fast.search import netplies as NP

        enc, tab = self.enc, self.tables
        n = nw * len(enc.cands)
        rows = Rows(
            np.zeros((n, S_LEN), np.int64),
            np.zeros((n, vk.X_LEN), np.int64),
            np.zeros((n, vk.OBS_SIZE), np.float32),
            np.zeros((n, len(tab.i2c)), np.bool_),
            np.zeros(n, np.int64),
            np.zeros(MAX_ACTIONS, np.int64),
            np.zeros(vk.LOG_LEN, np.int64),
        )
        NP.start_rows(
            enc.P, enc.S, enc.slots, worlds, first, len(enc.pool), enc.cands, active, self.ex0,
            tab.V, rows.SS, rows.EX, rows.buf, rows.log,
        )  # fmt: skip
        return rows

    def encode(self, rows: Rows) -> None:
        """The seat to act's observation and legal mask in every row still in the middle game
        (``rows.todo``)."""
        from briscola.fast.search import netplies as NP

        enc, tab = self.enc, self.tables
        NP.encode_rows(
            enc.P, rows.SS, rows.EX, tab.V, tab.static, self.solve_stock, rows.X, rows.masks,
            rows.buf, tab.c2i, rows.todo,
        )  # fmt: skip

    def play(self, rows: Rows, others_only: bool = False) -> bool:
        """One action by the network in every row still in the middle game (``others_only``:
        in those where the searching seat is not to act); False when there was none."""
        from briscola.fast.core.layout import S_TURN
        from briscola.fast.search import netplies as NP

        self.encode(rows)
        acting = rows.todo.astype(bool)
        if others_only:
            acting &= rows.SS[:, S_TURN] != self.me
        which = np.flatnonzero(acting)
        if not len(which):
            return False
        codes = np.full(len(rows.SS), -1, np.int64)
        codes[which] = self._choices(rows.X[which], rows.masks[which])
        NP.apply_rows(self.enc.P, rows.SS, rows.EX, codes, self.tables.V, rows.buf, rows.log)
        return True

    def finish(self, rows: Rows, active: I64, vals: npt.NDArray[Any]) -> None:
        """Every row finished by the rollout: its value into ``vals``."""
        from briscola.fast.search import netplies as NP
        from briscola.fast.search.pimc import work_arrays

        enc = self.enc
        NP.finish_rows(
            enc.P, enc.T, rows.SS, work_arrays(), active, self.policy, self.solve_stock, self.lam,
            self.me, vals,
        )  # fmt: skip

    def _choices(self, X: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> I64:
        """The network's legal action (as a core code) for each observation of ``X``, each
        distinct vector read once a move (:attr:`cache`)."""
        keys = [row.tobytes() for row in X]
        new = {}
        for i, key in enumerate(keys):
            if key not in self.cache and key not in new:
                new[key] = i
        if new:
            rows = np.fromiter(new.values(), np.int64, len(new))
            scores = np.where(masks[rows], self.net.scores_one_view(X[rows]), -np.inf)
            for key, code in zip(new, self.tables.i2c[np.argmax(scores, axis=1)], strict=True):
                self.cache[key] = int(code)
        return np.array([self.cache[key] for key in keys], np.int64)
