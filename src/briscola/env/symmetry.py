"""The suits' symmetry of the observation vector and the action space.

Briscola treats the four suits alike but for the trump: renaming the suits (the same renaming
in every card-indexed and suit-indexed block of the vector, and in the actions that name a card
or a suit) gives a position that plays exactly as the first. A network can use it twice:

* **canonical form**: the trump suit renamed to the first suit (``c``) and the other three kept
  in their order (:func:`canonical`), so that a network learns one game, not four, one for each
  trump suit;
* **augmentation**: the three suits other than the trump renamed among themselves
  (:data:`OTHER_PERMUTATIONS`, six renamings of a canonical vector), in training (more positions
  for free) and at play (the scores averaged over the six, so that the network's choice does
  not depend on which of the three plain suits is which).

A renaming ``perm`` sends suit ``s`` to suit ``perm[s]`` (suits in the order of the card
indices, ``c d s b``). :func:`obs_gather` and :func:`action_gather` give index arrays for NumPy's
fancy indexing: ``obs[..., obs_gather(perm)]`` is the renamed vector and
``scores[..., action_gather(perm)]`` brings the scores of the renamed actions back to the
original ones.

>>> import numpy as np
>>> from briscola.env.layout import field
>>> x = np.zeros(OBS_SIZE, np.float32)
>>> x[field("trump").offset + 2] = 1.0      # spade (s) are trump
>>> x[field("hand").offset + 20] = 1.0      # the Asso di spade in hand
>>> y, perm = canonical(x)
>>> perm, int(np.flatnonzero(y[field("hand").slice])[0]), y[field("trump").slice].tolist()
((1, 2, 0, 3), 0, [1.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from briscola.env.action_space import CALL_BASE, DECLARE_BASE, N_ACTIONS, PLAY_BASE
from briscola.env.layout import MAX_SEATS, OBS_SIZE, field

__all__ = [
    "IDENTITY",
    "OTHER_PERMUTATIONS",
    "action_gather",
    "action_scatter",
    "canonical",
    "canonical_batch",
    "obs_gather",
    "symmetric_forward",
    "trump_first",
    "trump_groups",
]

Perm = tuple[int, int, int, int]
I64 = npt.NDArray[np.int64]

IDENTITY: Final[Perm] = (0, 1, 2, 3)

OTHER_PERMUTATIONS: Final[tuple[Perm, ...]] = tuple(
    (0, *p)  # type: ignore[misc]
    for p in itertools.permutations((1, 2, 3))
)
"""The six renamings that keep the first suit (the canonical trump) and rename the other three."""

_CARD_BLOCKS: Final = (
    ("hand", 1),
    ("known_hands", MAX_SEATS - 1),
    ("trick", MAX_SEATS),
    ("played", 1),
    ("won_by_side", 1),
    ("briscola", 1),
    ("removed", 1),
    ("called", 1),
)
_SUIT_BLOCKS: Final = ("trump", "declared")


@cache
def obs_gather(perm: Perm) -> I64:
    """Indices ``g`` with ``obs[g]`` the vector with suit ``s`` renamed ``perm[s]``."""
    g = np.arange(OBS_SIZE, dtype=np.int64)
    for name, blocks in _CARD_BLOCKS:
        start = field(name).offset
        for b in range(blocks):
            base = start + 40 * b
            for s in range(4):
                for r in range(10):
                    g[base + 10 * perm[s] + r] = base + 10 * s + r
    for name in _SUIT_BLOCKS:
        start = field(name).offset
        for s in range(4):
            g[start + perm[s]] = start + s
    g.flags.writeable = False
    return g


@cache
def action_gather(perm: Perm) -> I64:
    """Indices ``g`` with ``scores[g]`` the scores of the original actions, given ``scores`` of
    the actions renamed by ``perm`` (a card or a suit renamed ``perm[s]``)."""
    g = np.arange(N_ACTIONS, dtype=np.int64)
    for s in range(4):
        for r in range(10):
            g[PLAY_BASE + 10 * s + r] = PLAY_BASE + 10 * perm[s] + r
        g[DECLARE_BASE + s] = DECLARE_BASE + perm[s]
        g[CALL_BASE + s] = CALL_BASE + perm[s]
    g.flags.writeable = False
    return g


def trump_first(trump_suit: int) -> Perm:
    """The renaming that makes ``trump_suit`` the first suit and keeps the others' order."""
    others = [s for s in range(4) if s != trump_suit]
    perm = [0, 0, 0, 0]
    perm[trump_suit] = 0
    for k, s in enumerate(others, start=1):
        perm[s] = k
    return (perm[0], perm[1], perm[2], perm[3])


_TRUMP: Final = field("trump").slice


def _perm_of(x: npt.NDArray[np.float32]) -> Perm:
    """The canonical renaming of one vector (none while no trump is known)."""
    trump = x[_TRUMP]
    return trump_first(int(np.argmax(trump))) if trump.max() > 0 else IDENTITY


def canonical(x: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], Perm]:
    """One vector in canonical form (the trump renamed ``c``), and the renaming used."""
    perm = _perm_of(x)
    return x[obs_gather(perm)], perm


def trump_groups(obs: npt.NDArray[np.float32]) -> list[tuple[Perm, I64]]:
    """The rows of ``obs`` ``(B, 798)`` by their canonical renaming: ``(perm, rows)`` pairs."""
    trump = obs[:, _TRUMP]
    suit = np.where(trump.max(axis=1) > 0, np.argmax(trump, axis=1), -1)
    groups = []
    for s in range(-1, 4):
        rows = np.flatnonzero(suit == s)
        if len(rows):
            groups.append((IDENTITY if s < 0 else trump_first(s), rows))
    return groups


def canonical_batch(batch: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """Positions in canonical form: ``obs`` ``(B, 798)`` renamed, and every array over the
    actions (``masks``, ``target``) renamed with it; other arrays (``value``) as they are."""
    out = dict(batch)
    obs = batch["obs"]
    out["obs"] = np.empty_like(obs)
    actions = [k for k, v in batch.items() if v.ndim == 2 and v.shape[1] == N_ACTIONS]
    for k in actions:
        out[k] = np.empty_like(batch[k])
    for perm, rows in trump_groups(obs):
        out["obs"][rows] = obs[rows][:, obs_gather(perm)]
        for k in actions:
            out[k][rows] = batch[k][rows][:, action_scatter(perm)]
    return out


@cache
def action_scatter(perm: Perm) -> I64:
    """Indices ``h`` with ``a[h]`` the array over the renamed actions, given ``a`` over the
    original ones (the inverse of :func:`action_gather`)."""
    h = np.argsort(action_gather(perm))
    h.flags.writeable = False
    return h


Forward = Callable[
    [npt.NDArray[np.float32]], tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
]


def symmetric_forward(
    mlp: Forward, x: npt.NDArray[np.float32]
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """A network's scores and values of vectors ``x`` ``(B, 798)``, the network ``mlp``
    (scores ``(N, 120)``, values ``(N,)``) reading each one in canonical form under the six
    renamings of the plain suits, its scores and values averaged over the six and brought back
    to the original actions: the same answer whatever the suits are called."""
    n = len(x)
    scores = np.zeros((n, N_ACTIONS), np.float32)
    values = np.zeros(n, np.float32)
    for perm, rows in trump_groups(x):
        canon = x[rows][:, obs_gather(perm)]
        # one view at a time: a single position then goes through as vectors, which NumPy
        # multiplies on one thread (a stacked 6 x 798 matrix goes to the threaded BLAS, which
        # costs a hundred times more on a busy machine)
        for view, back in zip(OTHER_PERMUTATIONS, _OTHER_ACTIONS, strict=True):
            inputs = canon[:, obs_gather(view)]
            s, v = mlp(inputs[0]) if len(rows) == 1 else mlp(inputs)
            scores[rows] += s.reshape(len(rows), N_ACTIONS)[:, back][:, action_gather(perm)]
            values[rows] += np.reshape(v, len(rows))
    scale = np.float32(1.0 / len(OTHER_PERMUTATIONS))
    return scores * scale, values * scale


_OTHER_ACTIONS: Final = np.stack([action_gather(p) for p in OTHER_PERMUTATIONS])
