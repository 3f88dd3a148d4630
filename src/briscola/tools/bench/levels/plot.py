"""The ladder as a picture: each pair's score with its 95% interval against its bar (PNG).

It reads the JSON that ``briscola bench --strength --json`` writes (:func:`strength_json`), so a
long run can be drawn again later without playing it twice::

    python -m briscola.tools.bench.levels.plot strength.json docs/img/ladder.png
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from briscola.tools.arena.plots import _pyplot

__all__ = ["plot_strength"]


def plot_strength(data: Mapping[str, Any], path: str | Path) -> Path:
    """Draw the pairs of a strength report (``strength_json``'s dict) into ``path``."""
    pairs = list(data["pairs"])
    if not pairs:
        raise ValueError("the report has no pairs to draw")
    plt = _pyplot()
    height = 0.9 + 0.55 * len(pairs)
    fig, ax = plt.subplots(figsize=(7.5, height), dpi=120)
    labels = []
    for y, pair in enumerate(reversed(pairs)):
        score = pair["score"]
        mean = 100 * score["mean"]
        low = 100 * (score["low"] if score["low"] is not None else score["mean"])
        high = 100 * (score["high"] if score["high"] is not None else score["mean"])
        bar = 100 * pair["bar"]
        colour = "#2e7d32" if pair["met"] else "#c62828"
        ax.barh(y, mean - 50, left=50, height=0.5, color=colour, alpha=0.35)
        ax.errorbar(mean, y, xerr=[[mean - low], [high - mean]], fmt="o", color=colour, capsize=4)
        ax.plot([bar, bar], [y - 0.35, y + 0.35], color="#222222", linewidth=2)
        ax.annotate(
            f"{mean:.1f}%", (high, y), xytext=(6, -4), textcoords="offset points", fontsize=9
        )
        labels.append(f"{pair['upper']} vs {pair['lower']}")
    ax.set_yticks(range(len(pairs)), labels)
    ax.axvline(50, color="#888888", linewidth=0.8)
    right = max(100 * (p["score"]["high"] or p["score"]["mean"]) for p in pairs)
    ax.set_xlim(45, max(80.0, right + 6))
    ax.set_xlabel("score of the first level (win 1, draw ½), with its 95% interval; | the bar")
    ax.set_title(
        f"{data.get('preset', '')}: {data.get('deals', '?')} duplicate deals a pair, "
        f"seed {data.get('seed', '?')}",
        fontsize=10,
    )
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


def main(argv: list[str] | None = None) -> None:
    """``python -m briscola.tools.bench.levels.plot REPORT.json OUT.png``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        raise SystemExit("usage: python -m briscola.tools.bench.levels.plot REPORT.json OUT.png")
    data = json.loads(Path(args[0]).read_text(encoding="utf-8"))
    print(f"wrote {plot_strength(data, args[1])}")


if __name__ == "__main__":
    main()
