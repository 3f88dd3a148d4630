"""The belief network's run (issue 41, point 1): data from games, the fit, the measures.

    # positions from games (appended to a .npz per source; --rules adds today's likelihood)
    .venv/bin/python scripts/lab/belief_run.py data --pair medium~:medium~ --games 400 \
        --seed 1 --out /tmp/belief/medium.npz
    .venv/bin/python scripts/lab/belief_run.py data --pair champion:champion-v1 --games 100 \
        --seed 6100 --rules --out /tmp/belief/heldout.npz
    # the fit (one CPU thread) and its NumPy weights
    .venv/bin/python scripts/lab/belief_run.py fit --data /tmp/belief/medium.npz ... \
        --out src/briscola/bots/weights/belief/classic.npz
    # the measures on held-out positions, by the stock: uniform, today's likelihood, the network
    .venv/bin/python scripts/lab/belief_run.py measure --data /tmp/belief/heldout.npz \
        --net src/briscola/bots/weights/belief/classic.npz

Deal ``g`` of a run of seed ``S`` is ``new_game(classic, seed=S * 1_000_003 + g)``, its players
seeded ``S * 7919 + 2 g`` and ``+ 1``; the pair's seats are swapped every other deal.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from briscola.bots.belief import BeliefNet, esp_suffix, hand_marginals
from briscola.train.belief import KINDS, Data, fit, inputs, play_positions

BUCKETS = {"all": (1, 40), "middle 8-32": (8, 32), "short 2-6": (2, 6), "first 34": (33, 34)}


def data(args: argparse.Namespace) -> None:
    a, b = args.pair.split(":")
    out = Data()
    start = time.process_time()
    for g in range(args.first, args.first + args.games):
        names = (a, b) if g % 2 == 0 else (b, a)
        play_positions(out, names, args.seed * 1_000_003 + g, args.seed * 7919 + 2 * g, args.rules)
    arrays = out.arrays()
    if args.out.exists():
        with np.load(args.out) as old:
            arrays = {k: np.concatenate([old[k], v]) for k, v in arrays.items()}
    np.savez_compressed(args.out, **arrays)
    spent = time.process_time() - start
    print(
        f"{args.pair}: {args.games} deals, {len(out.rows['k'])} positions, {spent:.1f} s CPU; "
        f"{args.out} holds {len(arrays['k'])}"
    )


def load(paths: list[Path]) -> dict[str, Any]:
    parts = []
    for p in paths:
        with np.load(p) as d:
            parts.append({k: d[k] for k in ("base", "hist", "pool", "target", "k", "stock")})
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def fit_cmd(args: argparse.Namespace) -> None:
    arrays = load(args.data)
    start = time.process_time()
    net = fit(arrays, hidden=args.hidden, epochs=args.epochs, batch=args.batch, seed=args.seed)
    net.meta["data"] = [p.name for p in args.data]
    net.save(args.out)
    print(f"fit: {time.process_time() - start:.0f} s CPU, {args.out.stat().st_size} bytes")


def net_marginals(net: BeliefNet, d: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """The network's marginals (N, 40) and the true hand's log-probability (N,)."""
    z = np.concatenate(
        [net.logits(inputs(d, slice(i, i + 2000))) for i in range(0, len(d["k"]), 2000)]
    ).astype(np.float64)
    marg = np.zeros_like(z)
    logp = np.zeros(len(z))
    for i in range(len(z)):
        pool = np.flatnonzero(d["pool"][i])
        zi = z[i, pool] - z[i, pool].max()
        w = np.exp(zi)
        k = int(d["k"][i])
        marg[i, pool] = hand_marginals(w, k)
        e_k = esp_suffix(w, k)[0, k]
        logp[i] = float(zi[d["target"][i, pool]].sum() - math.log(e_k))
    return marg, logp


def scores(marg: np.ndarray, logp: np.ndarray, d: dict[str, Any], rows: np.ndarray) -> dict:
    pool, target, k = d["pool"][rows], d["target"][rows], d["k"][rows].astype(np.float64)
    m = marg[rows]
    share = (m * target).sum(1) / k
    jitter = np.random.default_rng(0).random(m.shape) * 1e-9  # ties broken at random
    order = np.argsort(-np.where(pool, m + jitter, -1.0), axis=1)
    hits = np.array([target[i, order[i, : int(k[i])]].sum() for i in range(len(rows))]) / k
    p, y = m[pool], target[pool].astype(np.float64)
    bins = np.minimum((p * 10).astype(int), 9)
    ece = sum(
        abs(p[bins == b].mean() - y[bins == b].mean()) * (bins == b).sum()
        for b in range(10)
        if (bins == b).any()
    ) / len(p)
    reliability = [
        (b / 10, int((bins == b).sum()), float(p[bins == b].mean()), float(y[bins == b].mean()))
        for b in range(10)
        if (bins == b).any()
    ]
    return {
        "positions": len(rows),
        "share": float(share.mean()),
        "topk": float(hits.mean()),
        "loglik": float(logp[rows].mean()),
        "ece": float(ece),
        "brier": float(((p - y) ** 2).mean()),
        "reliability": reliability,
    }


def measure(args: argparse.Namespace) -> None:
    with np.load(args.data) as f:
        d = {k: f[k] for k in f.files}
    u = d["pool"].sum(1).astype(np.float64)
    k = d["k"].astype(np.float64)
    uniform = np.where(d["pool"], (k / u)[:, None], 0.0)
    uni_logp = -np.array([math.log(math.comb(int(a), int(b))) for a, b in zip(u, k, strict=True)])
    beliefs = {"uniform": (uniform, uni_logp), "rules": (d["rules_marg"], d["rules_logp"])}
    for path in args.net:
        beliefs[Path(path).stem] = net_marginals(BeliefNet.load(path), d)
    report: dict[str, Any] = {}
    for bucket, (lo, hi) in BUCKETS.items():
        for kind in (None, *sorted(set(d["kind"].tolist()))):
            sel = (d["stock"] >= lo) & (d["stock"] <= hi) & (d["k"] > 0)
            if kind is not None:
                sel &= d["kind"] == kind
            rows = np.flatnonzero(sel)
            if not len(rows):
                continue
            name = bucket + ("" if kind is None else f" vs {KINDS[kind]}")
            report[name] = {b: scores(m, lp, d, rows) for b, (m, lp) in beliefs.items()}
    for name, row in report.items():
        print(f"\n{name} ({next(iter(row.values()))['positions']} positions)")
        print(f"{'belief':<24}{'share':>8}{'top-k':>8}{'loglik':>9}{'ECE':>8}{'Brier':>8}")
        for b, s in row.items():
            print(
                f"{b:<24}{s['share']:8.3f}{s['topk']:8.3f}{s['loglik']:9.3f}{s['ece']:8.4f}"
                f"{s['brier']:8.4f}"
            )
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("data")
    p.add_argument("--pair", required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", action="store_true")
    p.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("fit")
    p.add_argument("--data", type=Path, nargs="+", required=True)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("measure")
    p.add_argument("--data", type=Path, required=True)
    p.add_argument("--net", nargs="*", default=[])
    p.add_argument("--json", type=Path)
    args = parser.parse_args()
    {"data": data, "fit": fit_cmd, "measure": measure}[args.cmd](args)


if __name__ == "__main__":
    main()
