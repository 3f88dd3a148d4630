"""The arena's reports: Markdown, Rich tables for the terminal, and the files of ``--out``."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from briscola.core.rules import PRESETS
from briscola.tools.arena.play import side_count

if TYPE_CHECKING:
    from rich.console import RenderableType

    from briscola.tools.arena.core import ArenaResult
    from briscola.tools.arena.stats import Estimate

__all__ = ["markdown", "option_text", "rich_tables", "write_outputs"]


def option_text(result: ArenaResult) -> str:
    """The ruleset's options that differ from its preset, as ``key=value`` (or ``defaults``)."""
    rules = result.ruleset.to_dict()
    base = PRESETS[result.ruleset.name].to_dict() if result.ruleset.name in PRESETS else {}
    changed = [f"{k}={_value(v)}" for k, v in rules.items() if k != "name" and base.get(k) != v]
    return ", ".join(changed) or "defaults"


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, list):
        return " ".join(str(x) for x in v) or "none"
    return str(v)


def _elo(x: float) -> str:
    """An Elo figure with its sign, never ``-0``."""
    return "n/a" if math.isnan(x) else f"{round(x) + 0:+d}"


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def _pm(est: Estimate, *, percent: bool = False, digits: int = 1) -> str:
    """``mean ± half`` (or the mean alone when the interval is unknown); a percentage, or a
    signed number."""
    scale = 100 if percent else 1
    if math.isnan(est.mean):
        return "n/a"
    mean = f"{est.mean * scale:.{digits}f}%" if percent else f"{est.mean + 0.0:+.{digits}f}"
    if math.isnan(est.low):
        return mean
    return f"{mean} ± {est.half_width * scale:.{digits}f}"


def _summary_lines(result: ArenaResult) -> list[str]:
    sides = side_count(result.ruleset)
    rotation = "seats swapped" if sides == 2 else f"{sides} seat rotations"
    lines = [
        f"- ruleset: **{result.ruleset.name}** ({result.ruleset.players} players; "
        f"options: {option_text(result)})",
        f"- deals: {result.deals_played} of {result.deals_requested}, each played "
        f"{sides} times ({rotation}); games: {result.games_played}",
        f"- seed: {result.seed}; workers: {result.workers} ({result.backend}); "
        f"time: {result.seconds:.1f} s",
        f"- score: win 1, draw ½, over {result.score_unit}; intervals are 95% over deals "
        "(duplicate games of one deal averaged first); ratings: Bradley–Terry, Elo scale, "
        "mean 0, 95% bootstrap over deals",
    ]
    if sides > 2:
        lines.append(
            "- a game of three or more sides counts as one encounter between every two of them"
        )
    return lines


def markdown(result: ArenaResult) -> str:
    """The report as Markdown."""
    labels = result.labels
    out = [f"# Arena: {' vs '.join(labels)}", "", *_summary_lines(result), ""]
    out += [
        "## Standings",
        "",
        "| # | player | rating (Elo) | 95% interval | score | point diff | W-D-L | encounters |",
        "|---:|---|---:|---|---:|---:|---|---:|",
    ]
    for rank, s in enumerate(result.standings, 1):
        r = s.rating
        elo = "n/a" if r is None else _elo(r.elo)
        ci = "n/a" if r is None or math.isnan(r.low) else f"{_elo(r.low)} … {_elo(r.high)}"
        out.append(
            f"| {rank} | {labels[s.player]} | {elo} | {ci} | {_pm(s.score, percent=True)} | "
            f"{_pm(s.diff)} | {s.wins}-{s.draws}-{s.losses} | {s.games} |"
        )
    out += [
        "",
        "## Head to head",
        "",
        "| player | opponent | deals | W-D-L | score | point diff | Elo diff |",
        "|---|---|---:|---|---:|---:|---:|",
    ]
    for p in result.pairs:
        out.append(
            f"| {labels[p.a]} | {labels[p.b]} | {p.deals} | {p.wins}-{p.draws}-{p.losses} | "
            f"{_pm(p.score, percent=True)} | {_pm(p.diff)} | {_elo(p.elo)} |"
        )
    out += ["", "## Score matrix (row against column)", ""]
    out.append("| | " + " | ".join(labels) + " |")
    out.append("|---|" + "---:|" * len(labels))
    for i, row in enumerate(result.matrix()):
        cells = ["–" if v is None else _pct(v) for v in row]
        out.append(f"| **{labels[i]}** | " + " | ".join(cells) + " |")
    if result.sprt is not None:
        out += ["", "## SPRT", "", *sprt_lines(result)]
    out.append("")
    return "\n".join(out)


def sprt_lines(result: ArenaResult) -> list[str]:
    """The SPRT's settings and verdict, as Markdown bullets."""
    s = result.sprt
    assert s is not None
    a, b = result.labels
    c = s.config
    verdict = {
        "H1": f"**H1 accepted**: {a} is stronger than {b} (by about {c.elo1:g} Elo or more)",
        "H0": f"**H0 accepted**: {a} is not stronger than {b} by more than {c.elo0:g} Elo",
        None: "**no decision** within the deals allowed (raise --deals)",
    }[s.decision]
    elo = s.elo
    return [
        f"- H0: elo ≤ {c.elo0:g}, H1: elo ≥ {c.elo1:g}, alpha {c.alpha:g}, beta {c.beta:g}",
        f"- LLR {s.llr:.3f} after {s.deals} deals (bounds {c.lower:.3f}, {c.upper:.3f})",
        f"- {verdict}",
        f"- {a}'s score {_pm(s.score, percent=True)}; Elo {_elo(elo.mean)} "
        f"({_elo(elo.low)} … {_elo(elo.high)})",
    ]


def rich_tables(result: ArenaResult) -> list[RenderableType]:
    """The standings, head-to-head results and SPRT for the terminal."""
    from rich.table import Table
    from rich.text import Text

    labels = result.labels
    table = Table(
        title=f"{result.ruleset.name}: {result.games_played} games, "
        f"{result.deals_played} deals ({option_text(result)})"
    )
    for name, justify in (
        ("#", "right"), ("player", "left"), ("Elo", "right"), ("95% interval", "left"),
        ("score", "right"), ("point diff", "right"), ("W-D-L", "left"),
    ):  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for rank, s in enumerate(result.standings, 1):
        r = s.rating
        table.add_row(
            str(rank),
            labels[s.player],
            "n/a" if r is None else _elo(r.elo),
            "n/a" if r is None or math.isnan(r.low) else f"{_elo(r.low)} … {_elo(r.high)}",
            _pm(s.score, percent=True),
            _pm(s.diff),
            f"{s.wins}-{s.draws}-{s.losses}",
        )
    out: list[RenderableType] = [table]
    if len(result.pairs) > 1:
        pairs = Table(title="head to head (score of the first)")
        for name in ("player", "opponent", "deals", "score", "point diff", "W-D-L"):
            pairs.add_column(name)
        for p in result.pairs:
            pairs.add_row(
                labels[p.a], labels[p.b], str(p.deals), _pm(p.score, percent=True),
                _pm(p.diff), f"{p.wins}-{p.draws}-{p.losses}",
            )  # fmt: skip
        out.append(pairs)
    if result.sprt is not None:
        out.append(Text("SPRT\n" + "\n".join(sprt_lines(result)).replace("**", "")))
    return out


def write_outputs(result: ArenaResult, out: Path, *, plots: bool = True) -> list[Path]:
    """Write ``results.json``, ``results.md`` and the plots (``scores.png``, ``ratings.png``,
    ``sprt.png``) into ``out``; the paths written. Plots need matplotlib (the ``plots`` extra)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    path = out / "results.json"
    path.write_text(json.dumps(result.to_dict(), indent=2) + "\n", encoding="utf-8")
    written.append(path)
    text = markdown(result)
    if plots:
        from briscola.tools.arena.plots import plot_all

        images = plot_all(result, out)
        written.extend(images)
        if images:
            text += "\n## Plots\n\n" + "\n".join(f"![{p.stem}]({p.name})" for p in images) + "\n"
    path = out / "results.md"
    path.write_text(text, encoding="utf-8")
    written.append(path)
    return written
