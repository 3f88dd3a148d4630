"""How far is each round's network from the search that labels its games?
(docs/lab/training-classic.md)

For every round ``N`` of a ``briscola train`` folder whose network before it is kept (a weights
file ``round-(N-1).npz`` in the folder's ``rounds/``, or in ``--weights`` for a run that did not
keep them, copied from its ``weights.npz`` after each round), the share of round ``N``'s
labelled positions where that network's move is one the search dropped as clearly worse:
positions the network played itself and has not trained on.
``--also FILE`` measures other networks on the same positions (the shipped one, say).

    .venv/bin/python scripts/lab/round_dropped.py runs/classic-h \\
        --also src/briscola/bots/weights/classic.npz
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from heldout_fit import measure

from briscola.bots.neural import PolicyValueNet
from briscola.train.loop import _load, labelled_rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="a briscola train folder with data/round-N.npz")
    parser.add_argument("--weights", type=Path, help="a folder of round-N.npz (RUN/rounds)")
    parser.add_argument("--also", type=Path, action="append", default=[], help="a weights file")
    args = parser.parse_args()
    others = {str(p): PolicyValueNet.load(p) for p in args.also}
    for rnd, data in labelled_rounds(args.run):
        before = (args.weights or args.run / "rounds") / f"round-{rnd - 1}.npz"
        if not before.exists():
            continue
        test = _load(data)
        row: dict[str, object] = {"round": rnd, "positions": len(test["value"])}
        for name, net in {"network before": PolicyValueNet.load(before), **others}.items():
            row[name] = round(measure(net, test)["dropped"], 4)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
