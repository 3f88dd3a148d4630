"""The arena's plots, drawn with matplotlib (Agg backend, no display needed): the score matrix
as a heat map, the ratings with their intervals, and the SPRT's log-likelihood ratio."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from briscola.extras import require

if TYPE_CHECKING:
    from briscola.tools.arena.core import ArenaResult

__all__ = ["plot_all", "plot_ratings", "plot_scores", "plot_sprt"]


def _pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend; :class:`~briscola.extras.MissingExtra` (the
    ``plots`` extra) when matplotlib is not installed."""
    matplotlib = require("matplotlib", "plots")
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _save(plt: Any, fig: Any, path: Path) -> Path:
    """Write a finished figure to ``path`` (PNG) and free it; the path."""
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def plot_all(result: ArenaResult, out: Path) -> list[Path]:
    """Every plot that fits the result, written into ``out``; the paths written."""
    paths = [plot_scores(result, out / "scores.png"), plot_ratings(result, out / "ratings.png")]
    if result.sprt is not None and result.sprt.path:
        paths.append(plot_sprt(result, out / "sprt.png"))
    return paths


def _title(result: ArenaResult) -> str:
    return (
        f"{result.ruleset.name}, {result.deals_played} duplicate deals, "
        f"{result.games_played} games, seed {result.seed}"
    )


def plot_scores(result: ArenaResult, path: Path) -> Path:
    """A heat map of each row player's mean score against each column player (50% is even),
    with the 95% interval's half width in every cell."""
    plt = _pyplot()
    labels = result.labels
    n = len(labels)
    size = max(4.5, 1.1 * n + 2.5)
    fig, ax = plt.subplots(figsize=(size + 1.2, size))
    values = [[math.nan] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            pair = result.pair(i, j) if i != j else None
            if pair is not None:
                values[i][j] = 100 * pair.score.mean
    cmap = plt.get_cmap("RdBu").with_extremes(bad="#dddddd")
    image = ax.imshow(values, cmap=cmap, vmin=0, vmax=100)
    for i in range(n):
        for j in range(n):
            if i == j:
                ax.text(j, i, "–", ha="center", va="center", color="#666666", fontsize=14)
                continue
            pair = result.pair(i, j)
            if pair is None:
                continue
            v = values[i][j]
            ci = pair.score.half_width
            note = f"{v:.1f}%" + ("" if math.isnan(ci) else f"\n± {100 * ci:.1f}")
            colour = "white" if abs(v - 50) > 30 else "black"
            ax.text(j, i, note, ha="center", va="center", color=colour, fontsize=11)
    ax.set_xticks(range(n), labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels)
    ax.set_xlabel("opponent")
    ax.set_ylabel("player")
    ax.set_title(f"Score of row against column (win 1, draw ½)\n{_title(result)}", fontsize=10)
    bar = fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("score %  (50 = even)")
    return _save(plt, fig, path)


def plot_ratings(result: ArenaResult, path: Path) -> Path:
    """Each player's Bradley–Terry rating (Elo, mean 0) with its 95% bootstrap interval."""
    plt = _pyplot()
    rows = [s for s in result.standings if s.rating is not None]
    rows.reverse()  # best at the top
    fig, ax = plt.subplots(figsize=(7.5, max(2.6, 0.6 * len(rows) + 1.6)))
    ys = list(range(len(rows)))
    for y, s in zip(ys, rows, strict=True):
        r = s.rating
        assert r is not None
        if not math.isnan(r.low):
            ax.plot([r.low, r.high], [y, y], color="#4477aa", linewidth=3, solid_capstyle="butt")
            ax.plot([r.low, r.high], [y, y], "|", color="#4477aa", markersize=14)
        ax.plot([r.elo], [y], "o", color="#cc3311", markersize=8, zorder=3)
        interval = "" if math.isnan(r.low) else f"  [{r.low:+.0f}, {r.high:+.0f}]"
        ax.annotate(
            f"{r.elo:+.0f}{interval}",
            (r.elo, y),
            textcoords="offset points",
            xytext=(0, 9),
            ha="center",
            fontsize=9,
        )
    ends = [x for s in rows if s.rating is not None for x in (s.rating.low, s.rating.high, 0.0)]
    ends = [x for x in ends if not math.isnan(x)]
    span = max(max(ends) - min(ends), 20.0)
    ax.set_xlim(min(ends) - 0.18 * span, max(ends) + 0.18 * span)  # room for the labels
    ax.axvline(0, color="#999999", linewidth=1, linestyle="--")
    ax.set_yticks(ys, [result.labels[s.player] for s in rows])
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("Bradley–Terry rating (Elo scale, mean 0) with 95% interval")
    ax.set_title(f"Ratings\n{_title(result)}", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return _save(plt, fig, path)


def plot_sprt(result: ArenaResult, path: Path) -> Path:
    """The SPRT's log-likelihood ratio after each deal, between its two bounds."""
    plt = _pyplot()
    s = result.sprt
    assert s is not None
    a, b = result.labels[:2]
    fig, ax = plt.subplots(figsize=(7.5, 4))
    xs = list(range(1, len(s.path) + 1))
    ax.plot(xs, s.path, color="#4477aa", linewidth=1.8, label="log-likelihood ratio")
    ax.axhline(s.config.upper, color="#228833", linestyle="--", label=f"accept H1 ({a} stronger)")
    ax.axhline(s.config.lower, color="#cc3311", linestyle="--", label="accept H0")
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.set_xlabel("deals (each played twice, seats swapped)")
    ax.set_ylabel("LLR")
    decision = s.decision or "no decision"
    ax.set_title(
        f"SPRT {a} vs {b}: elo0={s.config.elo0:g}, elo1={s.config.elo1:g}, "
        f"alpha={s.config.alpha:g}, beta={s.config.beta:g}: {decision} after {s.deals} deals",
        fontsize=10,
    )
    low, high = min([*s.path, s.config.lower]), max([*s.path, s.config.upper])
    ax.set_ylim(low - 0.15 * (high - low), high + 0.15 * (high - low))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, fontsize=9, frameon=False)
    ax.grid(alpha=0.3)
    return _save(plt, fig, path)
