"""The ladder as a picture: each pair's score with its 95% interval against its bar (PNG).

It reads the JSON that ``briscola bench --strength --json`` writes (:func:`strength_json`), so a
long run can be drawn again later without playing it twice; several reports of one preset (the
cheap steps over many deals, the search steps over fewer, or chunks of one run made with
``--first-deal``) are drawn as one ladder, and with ``--json`` written as one report (what
``briscola bench --strength --merge`` does too)::

    python -m briscola.tools.bench.levels.plot strength.json docs/img/ladder.png
    python -m briscola.tools.bench.levels.plot cheap.json search.json ladder.png --json ladder.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from briscola.tools.arena.plots import _pyplot
from briscola.tools.bench.levels.strength import pool_rows

__all__ = ["merge_reports", "plot_strength"]


def _deals(data: Mapping[str, Any]) -> str:
    """The deals of a report's pairs, e.g. ``1,000/300`` (the report's own count if none)."""
    counts = sorted({int(p["deals"]) for p in data["pairs"] if "deals" in p}, reverse=True)
    return "/".join(f"{n:,}" for n in counts) if counts else str(data.get("deals", "?"))


def _chunks(reports: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The reports in deal order, checked to follow one another without gaps or overlaps when
    they play the same pair (chunks of one run)."""
    ordered = sorted(reports, key=lambda r: int(r.get("first_deal", 0)))
    end: dict[tuple[str, str], int] = {}
    for report in ordered:
        start = int(report.get("first_deal", 0))
        for pair in report["pairs"]:
            key = (pair["upper"], pair["lower"])
            if key in end and end[key] != start:
                raise ValueError(
                    f"{key[0]} vs {key[1]}: a chunk starts at deal {start}, not at {end[key]}"
                )
            end[key] = start + int(pair.get("deals", report.get("deals", 0)))
    return ordered


def merge_reports(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Several strength reports of one preset and seed as one: their pairs in order, each with
    its own deal count; the rows of one pair from chunks of one run (``first_deal``, deals after
    deals) are pooled (:func:`pool_rows`). ``deals`` is the largest, ``first_deal`` the first
    chunk's, ``met`` whether every pair meets its bar.

    >>> row = {"upper": "easy", "lower": "beginner", "met": True, "deals": 9}
    >>> a = {"preset": "six", "deals": 9, "seed": 1, "pairs": [row]}
    >>> b = {**a, "deals": 2, "pairs": [{**row, "upper": "medium", "met": False, "deals": 2}]}
    >>> m = merge_reports([a, b])
    >>> m["deals"], m["met"], len(m["pairs"]), _deals(m)
    (9, False, 2, '9/2')
    """
    if not reports:
        raise ValueError("give at least one report")
    for setting in ("preset", "seed"):
        values = {str(r.get(setting)) for r in reports}
        if len(values) != 1:
            raise ValueError(f"the reports are of different {setting}s: {sorted(values)}")
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for report in _chunks(reports):
        for pair in report["pairs"]:
            groups.setdefault((pair["upper"], pair["lower"]), []).append(dict(pair))
    order = [(p["upper"], p["lower"]) for r in reports for p in r["pairs"]]
    pairs = []
    for key in dict.fromkeys(order):
        rows = groups[key]
        pairs.append(rows[0] if len(rows) == 1 else pool_rows(rows).to_dict())
    first = min(int(r.get("first_deal", 0)) for r in reports)
    merged = {**reports[0], "pairs": pairs, "first_deal": first}
    merged["deals"] = max(int(p.get("deals", 0)) for p in pairs)
    merged["met"] = all(p["met"] for p in pairs)
    return merged


def plot_strength(data: Mapping[str, Any], path: str | Path) -> Path:
    """Draw the pairs of a strength report (``strength_json``'s dict) into ``path``."""
    pairs = list(data["pairs"])
    if not pairs:
        raise ValueError("the report has no pairs to draw")
    plt = _pyplot()
    height = 0.9 + 0.65 * len(pairs)
    fig, ax = plt.subplots(figsize=(7.5, height), dpi=120)
    labels = []
    mixed = len({p.get("deals") for p in pairs}) > 1  # name each pair's deals where they differ
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
        label = f"{pair['upper']} vs {pair['lower']}"
        labels.append(f"{label}\n{pair['deals']:,} deals" if mixed else label)
    ax.set_yticks(range(len(pairs)), labels)
    ax.axvline(50, color="#888888", linewidth=0.8)
    right = max(100 * (p["score"]["high"] or p["score"]["mean"]) for p in pairs)
    left = min(100 * (p["score"]["low"] or p["score"]["mean"]) for p in pairs)
    ax.set_xlim(max(0.0, min(45.0, left - 3)), min(110.0, max(80.0, right + 6)))
    ax.set_xlabel("score of the first level (win 1, draw ½), with its 95% interval; | the bar")
    ax.set_title(
        f"{data.get('preset', '')}: {_deals(data)} duplicate deals a pair, "
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
    """``python -m briscola.tools.bench.levels.plot REPORT.json... OUT.png [--json OUT.json]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    merged_path = None
    if "--json" in args:
        at = args.index("--json")
        if at + 1 >= len(args):
            raise SystemExit("--json needs a path")
        merged_path = args.pop(at + 1)
        args.pop(at)
    if len(args) < 2:
        raise SystemExit(
            "usage: python -m briscola.tools.bench.levels.plot REPORT.json... OUT.png "
            "[--json OUT.json]"
        )
    reports = [json.loads(Path(a).read_text(encoding="utf-8")) for a in args[:-1]]
    try:
        data = merge_reports(reports)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    if merged_path is not None:
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        Path(merged_path).write_text(text, encoding="utf-8")
        print(f"wrote {merged_path}")
    print(f"wrote {plot_strength(data, args[-1])}")


if __name__ == "__main__":
    main()
