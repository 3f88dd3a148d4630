"""The network in PyTorch, its losses, and its export to the NumPy weights the level runs.

PyTorch is the ``train`` extra (``pip install 'briscola[train]'``); :func:`require_torch` says so
when it is missing (:mod:`briscola.extras`; the command line says it in its language). The module
is the same two-layer perceptron as :class:`briscola.bots.neural.PolicyValueNet` (798 → hidden →
hidden, a policy head of 120 scores and a value head), so :func:`to_numpy` gives the level
exactly this network.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from briscola.bots.neural import PolicyValueNet
from briscola.env.encoding import N_ACTIONS, OBS_SIZE
from briscola.extras import MissingExtra

if TYPE_CHECKING:
    import torch

__all__ = ["TorchMissingError", "build", "from_numpy", "losses", "require_torch", "to_numpy"]


class TorchMissingError(MissingExtra):
    """The training library is not installed (the ``train`` extra)."""


def require_torch() -> Any:
    """The ``torch`` module, or :class:`TorchMissingError` with the command that installs it."""
    try:
        import torch
    except ImportError as exc:
        raise TorchMissingError("torch", "train") from exc
    return torch


def build(hidden: int, seed: int) -> torch.nn.Module:
    """A new network with weights drawn from ``seed``."""
    torch = require_torch()
    nn = torch.nn
    torch.manual_seed(seed)

    class Net(nn.Module):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.l1 = nn.Linear(OBS_SIZE, hidden)
            self.l2 = nn.Linear(hidden, hidden)
            self.policy = nn.Linear(hidden, N_ACTIONS)
            self.value = nn.Linear(hidden, 1)

        def forward(self, x: Any) -> tuple[Any, Any]:
            h = torch.relu(self.l2(torch.relu(self.l1(x))))
            return self.policy(h), self.value(h).squeeze(-1)

    return Net()


def losses(
    net: torch.nn.Module,
    obs: torch.Tensor,
    masks: torch.Tensor,
    target: torch.Tensor,
    value: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    """The policy loss (cross-entropy of the masked softmax against the soft ``target``, a
    distribution over the legal actions) and the value loss (mean squared error)."""
    torch = require_torch()
    scores, v = net(obs)
    scores = scores.masked_fill(~masks, -1e9)
    logp = torch.log_softmax(scores, dim=-1)
    policy = -(target * logp).sum(dim=-1).mean()
    return policy, torch.mean((v - value) ** 2)


def to_numpy(net: Any, meta: dict[str, Any]) -> PolicyValueNet:
    """The network's weights as the NumPy network of the level (float32, ``in x out``)."""

    def arr(p: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
        return np.ascontiguousarray(p.detach().cpu().numpy().astype(np.float32))

    arrays = {
        "w1": arr(net.l1.weight.T),
        "b1": arr(net.l1.bias),
        "w2": arr(net.l2.weight.T),
        "b2": arr(net.l2.bias),
        "wp": arr(net.policy.weight.T),
        "bp": arr(net.policy.bias),
        "wv": arr(net.value.weight.T),
        "bv": arr(net.value.bias),
    }
    return PolicyValueNet(arrays, dict(meta))


def from_numpy(npnet: PolicyValueNet) -> Any:
    """A PyTorch network holding the NumPy network's weights (the inverse of :func:`to_numpy`)."""
    torch = require_torch()
    a = npnet.arrays
    net: Any = build(a["w1"].shape[1], 0)
    with torch.no_grad():
        for layer, w, b in (
            ("l1", "w1", "b1"),
            ("l2", "w2", "b2"),
            ("policy", "wp", "bp"),
            ("value", "wv", "bv"),
        ):
            getattr(net, layer).weight.copy_(torch.from_numpy(a[w].T.copy()))
            getattr(net, layer).bias.copy_(torch.from_numpy(a[b].copy()))
    return net
