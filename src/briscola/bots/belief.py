"""A learned belief over the hidden cards (two players), run in NumPy, and worlds drawn from it.

From one seat's observation (what :func:`briscola.env.encoding.encode` writes, plus the history of
the tricks: who led each and which card each seat played) a small perceptron (:class:`BeliefNet`)
gives each of the 40 cards a logit of "in the opponent's hand". The opponent holds exactly ``k``
of the ``u`` cards the seat cannot place; the belief over its hand is the conditional Bernoulli
distribution P(S) ∝ ∏_{c ∈ S} w_c over the sets of exactly ``k`` of those cards, ``w_c =
exp(logit_c)``: the distribution the network was fitted to (``briscola.train.belief``), the count
constraint included. :func:`draw_hands` draws hands from it exactly (the cards the seat sees never
enter a draw, the cards known to be in the opponent's hand are placed before it), and
:func:`net_worlds` deals the search's worlds around those hands. No level uses it yet: on held-out
champion games it put 0.158 of the opponent's hidden cards right in the middle game, against
0.169 for the search's likelihood and 0.134 for a uniform guess (docs/lab/belief-network.md).

The network reads positions in the suits' canonical form (the trump renamed to the first suit,
:mod:`briscola.env.symmetry`) and its answer is brought back to the real cards. Its weights ship
in the package (``weights/belief/classic.npz``, float16) and run here without the training
library; a test checks them against PyTorch's module.

>>> import numpy as np
>>> w = np.array([1.0, 2.0, 3.0])
>>> [round(float(p), 4) for p in hand_marginals(w, 2)]   # P(c in S), |S| = 2: sums to 2
[0.4545, 0.7273, 0.8182]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from briscola.core.observation import Observation
from briscola.core.rules import Ruleset, preset

__all__ = [
    "HISTORY_SIZE",
    "INPUT_SIZE",
    "LAYERS",
    "BeliefNet",
    "assemble",
    "card_logits",
    "default_belief",
    "draw_hands",
    "esp_suffix",
    "features",
    "hand_marginals",
    "hidden_hand",
    "net_world_weights",
    "net_worlds",
    "to_canonical",
    "unseen_cards",
]

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

TRICKS = 20
"""The tricks of a classic deal: the history's rows."""
TRICK_WIDTH = 2 + 2 * 40 + 1
"""A history row: who led (the seat itself, the opponent), the card each played, the stock then."""
HISTORY_SIZE = TRICKS * TRICK_WIDTH
INPUT_SIZE = 798 + HISTORY_SIZE
"""The encoder's full vector: the observation's 798 floats, then the history (2,458)."""
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")
"""The arrays of a weights file: two hidden layers (``w`` is ``in x out``), then 40 logits."""


def to_canonical(perm: tuple[int, ...]) -> I64:
    """Card indices in canonical form: ``to_canonical(perm)[c]`` is card ``c`` with its suit
    renamed ``perm[suit]`` (the renaming of :func:`briscola.env.symmetry.canonical`)."""
    cards = np.arange(40)
    return np.array([10 * perm[c // 10] + c % 10 for c in cards], np.int64)


def features(obs: Observation) -> tuple[F32, I64, tuple[int, ...]]:
    """A two-player observation as the network's compact input, in canonical form: the 798-float
    vector, the history ``(20, 4)`` (per completed trick: 0 if the seat led it, 1 if the
    opponent did, the card the seat played and the opponent's, the stock's size then; -1 where
    no trick yet), and the suits' renaming used."""
    from briscola.env.encoding import encode
    from briscola.env.symmetry import canonical

    rules = obs.ruleset
    if rules.players != 2:
        raise ValueError("the belief network reads two-player observations only")
    base, perm = canonical(encode(obs))
    canon = to_canonical(perm)
    hist = np.full((TRICKS, 4), -1, np.int64)
    stock = len(rules.deck()) - 2 * rules.hand_size
    for t, trick in enumerate(obs.tricks[:TRICKS]):
        hist[t, 0] = 0 if trick.leader == obs.seat else 1
        for seat, card in trick.plays:
            hist[t, 1 if seat == obs.seat else 2] = canon[card.index]
        hist[t, 3] = stock
        stock = max(stock - 2, 0)
    return base, hist, perm


def assemble(base: F32, hist: npt.NDArray[Any]) -> F32:
    """The full input vectors ``(B, INPUT_SIZE)`` from compact ones: ``base`` ``(B, 798)``
    and the histories ``(B, 20, 4)`` of :func:`features`."""
    n = len(base)
    h = np.zeros((n, TRICKS, TRICK_WIDTH), np.float32)
    hist = np.asarray(hist, np.int64)
    b, t = np.nonzero(hist[:, :, 0] >= 0)
    h[b, t, hist[b, t, 0]] = 1.0
    for col, offset in ((1, 2), (2, 42)):
        c = hist[b, t, col]
        ok = c >= 0
        h[b[ok], t[ok], offset + c[ok]] = 1.0
    h[b, t, TRICK_WIDTH - 1] = hist[b, t, 3] / 40.0
    return np.concatenate([np.asarray(base, np.float32), h.reshape(n, HISTORY_SIZE)], axis=1)


def unseen_cards(obs: Observation) -> I64:
    """The card indices a two-player seat cannot place (as
    :func:`briscola.fast.search.encode.encode_observation`'s pool): not in its hand, not played,
    not the face-up briscola under the stock, not known to be in the opponent's hand."""
    seen = {c.index for c in obs.hand} | {c.index for c in obs.played_cards()}
    for _, cards in (*obs.other_hands, *obs.known_cards):
        seen |= {c.index for c in cards}
    if obs.briscola is not None and obs.ruleset.briscola_face_up and obs.stock_count > 0:
        seen.add(obs.briscola.index)
    return np.array([c.index for c in obs.ruleset.deck() if c.index not in seen], np.int64)


def hidden_hand(obs: Observation) -> int:
    """How many of the opponent's cards the seat cannot place (its hand less the known ones)."""
    opp = 1 - obs.seat
    if any(seat == opp for seat, _ in obs.other_hands):
        return 0
    known = sum(len(cards) for seat, cards in obs.known_cards if seat == opp)
    return obs.hand_counts[opp] - known


@dataclass(frozen=True)
class BeliefNet:
    """The belief's perceptron in NumPy (float32): ``arrays`` holds :data:`LAYERS`, ``cols`` the
    columns of the input vector it reads (the others never vary in its game), ``meta`` what the
    training wrote about it."""

    arrays: dict[str, F32]
    cols: I64
    meta: dict[str, Any]

    @classmethod
    def load(cls, path: str | Path) -> BeliefNet:
        """Read a weights file written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as data:
            missing = [k for k in (*LAYERS, "cols") if k not in data]
            if missing:
                raise ValueError(f"{path} is not a belief network's file: no {', '.join(missing)}")
            arrays = {k: np.ascontiguousarray(data[k], dtype=np.float32) for k in LAYERS}
            cols = np.asarray(data["cols"], np.int64)
            meta = json.loads(str(data["meta"])) if "meta" in data else {}
        return cls(arrays, cols, meta)

    def save(self, path: str | Path, half: bool = True) -> None:
        """Write the weights (float16 with ``half``), the columns and ``meta`` to an ``.npz``."""
        kind = np.float16 if half else np.float32
        arrays = {k: v.astype(kind) for k, v in self.arrays.items()}
        save: Any = np.savez_compressed  # NumPy's stubs do not take arrays by keyword
        save(path, meta=np.array(json.dumps(self.meta, sort_keys=True)), cols=self.cols, **arrays)

    def logits(self, x: npt.ArrayLike) -> F32:
        """The 40 logits ``(B, 40)`` of full input vectors ``(B, INPUT_SIZE)`` (canonical cards;
        what PyTorch's module computes from ``x[:, cols]``)."""
        a = self.arrays
        h = np.asarray(x, dtype=np.float32)[..., self.cols]
        h = np.maximum(h @ a["w1"] + a["b1"], np.float32(0))
        h = np.maximum(h @ a["w2"] + a["b2"], np.float32(0))
        out: F32 = h @ a["w3"] + a["b3"]
        return out


def belief_path(preset_name: str = "classic") -> Path:
    """The shipped weights file of a preset's belief network."""
    from briscola.bots.base import weights_file

    return weights_file("belief") / f"{preset_name}.npz"  # a folder of its own: weights/*.npz
    # are the neural level's networks, one a preset it is offered in


@cache
def default_belief(preset_name: str = "classic") -> BeliefNet | None:
    """The shipped belief network of a preset (read once), or None when none ships."""
    path = belief_path(preset_name)
    return BeliefNet.load(path) if path.exists() else None


@cache
def _classic() -> Ruleset:
    return preset("classic")


def belief_for(rules: Ruleset) -> BeliefNet | None:
    """The shipped belief network for ``rules`` (classic with its own options), or None."""
    return default_belief("classic") if rules == _classic() else None


def card_logits(net: BeliefNet, obs: Observation) -> F32:
    """The network's logit of each card (by its real index, 40) being in the opponent's hand."""
    base, hist, perm = features(obs)
    z = net.logits(assemble(base[None], hist[None]))[0]
    out: F32 = z[to_canonical(perm)]
    return out


# -- the conditional Bernoulli distribution ---------------------------------------------------


def esp_suffix(w: F64, k: int) -> F64:
    """``E[i, j]``: the elementary symmetric polynomial of degree ``j`` of ``w[i:]``
    (``(u + 1, k + 1)``, ``j`` up to ``k``)."""
    u = len(w)
    E = np.zeros((u + 1, k + 1))
    E[:, 0] = 1.0
    for i in range(u - 1, -1, -1):
        E[i, 1:] = E[i + 1, 1:] + w[i] * E[i + 1, :-1]
    return E


def hand_marginals(w: F64, k: int) -> F64:
    """P(card ``i`` in the hand) under P(S) ∝ ∏ w over the sets of exactly ``k`` (sums to ``k``)."""
    w = np.asarray(w, np.float64)
    u = len(w)
    if k <= 0:
        return np.zeros(u)
    suffix = esp_suffix(w, k)
    prefix = np.zeros((u + 1, k + 1))  # prefix[i, j]: degree j of w[:i]
    prefix[:, 0] = 1.0
    for i in range(u):
        prefix[i + 1, 1:] = prefix[i, 1:] + w[i] * prefix[i, :-1]
    # e_{k-1} of every weight but w[i]: the part before i times the part after it
    rest = sum(prefix[:-1, a] * suffix[1:, k - 1 - a] for a in range(k))
    out: F64 = w * rest / suffix[0, k]
    return out


def draw_hands(w: F64, k: int, n: int, rng: np.random.Generator) -> I64:
    """``n`` hands of exactly ``k`` of the cards (rows of indices into ``w``) drawn from P(S) ∝
    ∏_{c ∈ S} w_c exactly: the cards in order, each joining with probability
    ``w_i e_{r-1}(w[i+1:]) / e_r(w[i:])``, ``r`` the places still to fill."""
    w = np.asarray(w, np.float64)
    u = len(w)
    picks = np.zeros((n, max(k, 0)), np.int64)
    if k <= 0:
        return picks
    if k > u:
        raise ValueError(f"a hand of {k} from {u} cards")
    E = esp_suffix(w, k)
    left = np.full(n, k, np.int64)
    filled = np.zeros(n, np.int64)
    draws = rng.random((n, u))
    rows = np.arange(n)
    for i in range(u):
        r = np.maximum(left, 1)
        p = np.where(left > 0, w[i] * E[i + 1, r - 1] / E[i, r], 0.0)
        take = draws[:, i] < p
        picks[rows[take], filled[take]] = i
        filled += take
        left -= take
    return picks


def _weights(net: BeliefNet, obs: Observation, pool: I64) -> F64:
    z = card_logits(net, obs)[pool].astype(np.float64)
    w: F64 = np.exp(z - z.max())
    return w


def net_worlds(FS: Any, enc: Any, obs: Observation, net: BeliefNet, seed: int, n: int) -> I64:
    """``n`` worlds (rows filling ``enc.slots``) whose opponent hands are drawn from the
    network's belief, the other unknown cards shuffled into the stock."""
    from briscola.bots.search_worlds import _opponent_slots

    hand_pos, rest_pos, _ = _opponent_slots(enc, 1 - obs.seat)
    pool = np.asarray(enc.pool, np.int64)
    rng = np.random.default_rng(seed)
    picks = draw_hands(_weights(net, obs, pool), len(hand_pos), n, rng)
    worlds = np.zeros((n, len(pool)), np.int64)
    FS.fill_worlds(
        pool, picks, hand_pos, rest_pos, np.zeros(len(pool), np.int64), np.uint64(seed), worlds
    )
    return worlds


def net_world_weights(enc: Any, obs: Observation, net: BeliefNet, worlds: I64) -> F64:
    """The network's weight of each given world: ∏ w_c over its opponent hand's hidden cards."""
    from briscola.bots.search_worlds import _opponent_slots

    hand_pos, _, _ = _opponent_slots(enc, 1 - obs.seat)
    z = card_logits(net, obs).astype(np.float64)
    total = z[worlds[:, hand_pos]].sum(axis=1) if len(hand_pos) else np.zeros(len(worlds))
    w: F64 = np.exp(total - total.max())
    return w
