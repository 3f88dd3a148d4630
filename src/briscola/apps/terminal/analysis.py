"""The analysis and hints in the terminal: a table of the moves, the summary, the PNG curve.

``briscola analyze RECORD.json`` (:func:`analyze_file`), the offer at the end of a deal in
``briscola play`` (:func:`offer`) and the hint command (:func:`show_hint`) all print through
here. Every word is in the catalogs (``terminal.analysis.``, ``terminal.hint.``).

>>> import io
>>> from rich.console import Console
>>> from briscola.analysis import analyze
>>> from briscola.core.game import new_game
>>> from briscola.core.record import GameRecord
>>> from briscola.core.rules import preset
>>> deal = new_game(preset("classic"), seed=2)
>>> for _ in range(40):
...     deal = deal.apply(deal.legal_actions()[-1])
>>> out = io.StringIO()
>>> show(Console(file=out, width=120), analyze(GameRecord.from_state(deal), 0, budget=4), "en")
>>> "Accuracy" in out.getvalue() and "Hindsight: accuracy" in out.getvalue()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from briscola.analysis import (
    DEFAULT_BUDGET,
    Analysis,
    Judgement,
    MoveAnalysis,
    Rating,
    Summary,
    analyze,
    hint,
    phase_name,
)
from briscola.apps.terminal.i18n import t
from briscola.core.observation import Observation
from briscola.core.record import GameRecord, RecordError
from briscola.core.state import Phase

__all__ = ["AnalysisFailed", "analyze_file", "offer", "plot", "show", "show_analysis", "show_hint"]

_STYLE = {
    Rating.FORCED: "dim",
    Rating.BEST: "green",
    Rating.GOOD: "cyan",
    Rating.INACCURACY: "yellow",
    Rating.MISTAKE: "red",
    Rating.BLUNDER: "bold red",
}
_COLOUR = {  # the curve's markers
    Rating.FORCED: "#9e9e9e",
    Rating.BEST: "#2e7d32",
    Rating.GOOD: "#0288d1",
    Rating.INACCURACY: "#f9a825",
    Rating.MISTAKE: "#e65100",
    Rating.BLUNDER: "#b71c1c",
}


class AnalysisFailed(Exception):
    """An analysis that cannot be made or written; the message is in the user's language."""


def _say(console: Console, text: str) -> None:
    """Print a line as it is (through a pipe, long lines are not wrapped)."""
    console.print(text, markup=False, highlight=False, soft_wrap=not console.is_terminal)


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _cell(j: Judgement, lang: str) -> str:
    if j.loss <= 0:
        return j.rating.name_in(lang)
    return f"{j.rating.name_in(lang)} ({j.best} {_pct(j.best_win)})"


def _where(move: MoveAnalysis, lang: str) -> str:
    """The trick's number, or "asta" / "chiamata" for a bid or the call of Briscola chiamata."""
    if move.phase is Phase.PLAY:
        return str(move.trick)
    return phase_name(move.phase, lang)


def _summary_line(key: str, s: Summary, lang: str) -> str:
    counts = ", ".join(
        f"{r.name_in(lang)} {n}" for r, n in s.counts.items() if n and r is not Rating.FORCED
    )
    return t(key, lang, accuracy=f"{s.accuracy:.0f}", counts=counts or "-")


def show(console: Console, result: Analysis, lang: str) -> None:
    """Print the table of ``result``'s moves and its summaries (view, then hindsight)."""
    title = t("analysis.title", lang, who=result.seat, preset=result.record.ruleset.name)
    table = Table(title=title)
    for key in ("move", "trick", "played", "win", "best", "rating", "hindsight"):
        table.add_column(t(f"analysis.col.{key}", lang))
    for n, move in enumerate(result.moves, 1):
        view, hind = move.view, move.hindsight
        table.add_row(
            str(n),
            _where(move, lang),
            str(move.played),
            _pct(view.win),
            f"{view.best} {_pct(view.best_win)}",
            f"[{_STYLE[view.rating]}]{view.rating.name_in(lang)}[/]",
            "" if hind is None else _cell(hind, lang),
        )
    console.print(table)
    console.print(t("analysis.view", lang), highlight=False)
    console.print(_summary_line("analysis.summary", result.summary, lang), highlight=False)
    turning = result.summary.turning_point
    if turning is None:
        console.print(t("analysis.no_turning", lang))
    else:
        move = result.moves[turning]
        words = {"played": str(move.played), "best": str(move.view.best)}
        if move.phase is Phase.PLAY:
            line = t("analysis.turning", lang, trick=move.trick, loss=_pct(move.view.loss), **words)
        else:
            where = _where(move, lang)
            line = t("analysis.turning.bid", lang, where=where, loss=_pct(move.view.loss), **words)
        console.print(line, highlight=False)
    hind_summary = result.hindsight_summary
    if hind_summary is None:
        console.print(t("analysis.unfinished", lang))
        return
    console.print(t("analysis.hindsight", lang), highlight=False)
    console.print(_summary_line("analysis.summary.hindsight", hind_summary, lang), highlight=False)


def plot(result: Analysis, path: Path, lang: str) -> None:
    """Write the win-probability curve of ``result`` as a PNG (matplotlib: the dev extras);
    :class:`AnalysisFailed` when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise AnalysisFailed(t("analysis.no_matplotlib", lang)) from None
    xs = list(range(1, len(result.moves) + 1))
    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    ax.plot(xs, [m.view.win for m in result.moves], color="#37474f",
            label=t("analysis.plot.view", lang))  # fmt: skip
    ax.scatter(xs, [m.view.win for m in result.moves], zorder=3,
               c=[_COLOUR[m.view.rating] for m in result.moves])  # fmt: skip
    bids = [i for i, m in enumerate(result.moves, 1) if m.phase is not Phase.PLAY]
    if bids:  # the auction's and the call's moves: a square around the dot
        ax.scatter(bids, [result.moves[i - 1].view.win for i in bids], zorder=2, s=140,
                   marker="s", facecolors="none", edgecolors="#37474f",
                   label=t("analysis.plot.auction", lang))  # fmt: skip
    if result.hindsight_summary is not None:
        hind = [m.hindsight.win for m in result.moves if m.hindsight is not None]
        ax.plot(xs, hind, color="#8d6e63", linestyle="--", label=t("analysis.plot.hindsight", lang))
    turning = result.summary.turning_point
    if turning is not None:
        move = result.moves[turning]
        ax.annotate(
            f"{t('analysis.plot.best', lang)}: {move.view.best}",
            (turning + 1, move.view.win),
            xytext=(0, -28),
            textcoords="offset points",
            ha="center",
            arrowprops={"arrowstyle": "->"},
        )
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel(t("analysis.plot.x", lang))
    ax.set_title(t("analysis.plot.title", lang))
    ax.grid(alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


Progress = Callable[[int, int], None]


def analyze_file(
    console: Console,
    path: Path,
    seat: int = 0,
    *,
    lang: str = "it",
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    json_out: Path | None = None,
    plot_out: Path | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """``briscola analyze``: read the record at ``path``, analyse ``seat``'s moves, print them,
    and write the JSON and the PNG when asked; :class:`AnalysisFailed` on a bad record."""
    try:
        record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, RecordError) as exc:
        raise AnalysisFailed(t("analysis.bad_record", lang, path=str(path), error=exc)) from None
    players = record.ruleset.players
    if not 0 <= seat < players:
        name, last = record.ruleset.name, players - 1
        raise AnalysisFailed("--seat: " + t("cli.bad.seat", lang, value=seat, name=name, last=last))
    result = analyze(record, seat, budget, seed, progress=progress)
    if not result.moves:
        console.print(t("analysis.none", lang))
        return result
    show(console, result, lang)
    if json_out is not None:
        json_out.write_text(json.dumps(result.to_dict(), indent=1) + "\n", encoding="utf-8")
        console.print(t("analysis.saved", lang, path=str(json_out)), highlight=False)
    if plot_out is not None:
        plot(result, plot_out, lang)
        console.print(t("analysis.plot_saved", lang, path=str(plot_out)), highlight=False)
    return result


def offer(
    console: Console, read: Callable[[], str], record: GameRecord, seat: int, lang: str
) -> None:
    """At the end of a deal: ask, and on a yes (``s``, ``sì``, ``y``, ``yes``) show the analysis
    of ``seat``'s moves. The end of input is a no."""
    _say(console, t("analysis.offer", lang))
    try:
        answer = read().strip().lower()
    except EOFError:
        return
    if answer in {"s", "si", "sì", "y", "yes"}:
        show_analysis(console, record, seat, lang)


def show_analysis(console: Console, record: GameRecord | None, seat: int, lang: str) -> None:
    """Analyse ``seat``'s moves in ``record`` (the last finished deal) and show them."""
    if record is None:
        _say(console, t("analysis.nothing_yet", lang))
        return
    _say(console, t("analysis.working", lang) + "…")
    try:
        result = analyze(record, seat)
    except ImportError:
        console.print(t("analysis.unavailable", lang))
        return
    if result.moves:
        show(console, result, lang)
    else:
        console.print(t("analysis.none", lang))


def show_hint(console: Console, obs: Observation, lang: str) -> None:
    """The hint command: the champion's choice for ``obs`` (the human's turn), from what the
    human can see only."""
    if obs.phase is not Phase.PLAY or not obs.legal:
        console.print(t("hint.not_now", lang))
        return
    try:
        tip = hint(obs, seed=len(obs.actions))
    except ImportError:
        console.print(t("analysis.unavailable", lang))
        return
    _say(console, t("hint.say", lang, reason=tip.reason(lang)))
