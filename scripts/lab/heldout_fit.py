"""How well does a network generalise? Fit it on some labelled rounds of a training run and
measure it on a round it has not seen (docs/lab/training-classic.md, "The suits' symmetry").

The rounds are a ``briscola train`` folder's ``data/round-N.npz`` (positions labelled by the
champion's search). The network is fitted with the training's own loop (``_fit``: Adam, batches
of 256, the suits' canonical form and renamings with ``--symmetry``), from new weights or from a
weights file (``--init``), and after every epoch measured on the held-out round with the level's
NumPy forward pass: the share of positions where its move (the highest legal score) is one the
search dropped as clearly worse (policy target 0), the share where it is the search's best, and
the cross-entropy against the search's targets.

    .venv/bin/python scripts/lab/heldout_fit.py runs/classic-f --train 1-6 --test 7 --epochs 12
    .venv/bin/python scripts/lab/heldout_fit.py runs/classic-f --train 1-6 --test 7 --epochs 12 \\
        --symmetry
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from briscola.bots.neural import PolicyValueNet
from briscola.train.loop import TrainConfig, _fit, _load
from briscola.train.net import build, from_numpy, require_torch, to_numpy


def measure(net: PolicyValueNet, test: dict[str, Any]) -> dict[str, float]:
    """The network's dropped share, best-move share and cross-entropy on labelled positions."""
    scores, _ = net.forward(test["obs"])
    scores = np.where(test["masks"], scores.astype(np.float64), -np.inf)
    move = scores.argmax(axis=1)
    target = test["target"]
    rows = np.arange(len(move))
    logp = scores - scores.max(axis=1, keepdims=True)
    logp -= np.log(np.exp(logp).sum(axis=1, keepdims=True))
    logp = np.where(test["masks"], logp, 0.0)  # the targets are 0 off the legal actions
    ce = -(target * logp).sum(axis=1).mean()
    return {
        "dropped": float((target[rows, move] <= 1e-6).mean()),
        "best": float((move == target.argmax(axis=1)).mean()),
        "cross_entropy": float(ce),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="a briscola train folder with data/round-N.npz")
    parser.add_argument("--train", default="1-6", metavar="LO-HI", help="rounds to fit on")
    parser.add_argument("--test", type=int, default=7, metavar="N", help="the held-out round")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--hidden", type=int, default=512)
    parser.add_argument("--init", type=Path, help="a weights.npz to start from")
    parser.add_argument("--symmetry", action="store_true", help="the suits' canonical form")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch = require_torch()
    torch.set_num_threads(1)
    lo, hi = (int(x) for x in args.train.split("-"))
    parts = [_load(args.run / "data" / f"round-{r}.npz") for r in range(lo, hi + 1)]
    data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    test = _load(args.run / "data" / f"round-{args.test}.npz")
    cfg = replace(TrainConfig(), hidden=args.hidden, symmetry=args.symmetry)
    net = build(args.hidden, args.seed)
    if args.init:
        net.load_state_dict(from_numpy(PolicyValueNet.load(args.init)).state_dict())
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr_selfplay if args.init else cfg.lr)
    meta = {"symmetry": "suits"} if args.symmetry else {}
    print(f"{len(data['value'])} positions to fit, {len(test['value'])} held out")
    for epoch in range(args.epochs + 1):
        if epoch:
            _fit(torch, net, opt, data, cfg, 1, args.seed * 1000 + epoch, None)
        row = {"epoch": epoch, **measure(to_numpy(net, meta), test)}
        print(json.dumps({k: round(v, 4) for k, v in row.items()}), flush=True)


if __name__ == "__main__":
    main()
