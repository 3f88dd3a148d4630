"""A score sheet as CSV: one row per game (finished games, then the one in progress), one column
per competitor, and the trophies at the bottom.

>>> from briscola.scorekeeper import Sheet
>>> sheet = Sheet("Sera", ["Anna", "Bruno"])
>>> sheet.set_total("Anna", 70); sheet.set_total("Bruno", 50); sheet.new_game()
>>> sheet.add("Bruno", 10)
>>> print(csv_text(sheet, "en"), end="")
game,outcome,winner,Anna,Bruno
1,win,Anna,70,50
2,in progress,,0,10
trophies,,,1,0
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TextIO

from briscola.scorekeeper.messages import DEFAULT_LANG, t
from briscola.scorekeeper.model import Sheet
from briscola.scorekeeper.terms import FormatKind

__all__ = ["csv_text", "export_csv", "safe_cell"]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula in a text cell."""


def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: a text that starts like a formula (``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return) gets a leading ``'``; numbers stay numbers.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("Anna"), safe_cell(-5), safe_cell("-Anna")
    ("'=HYPERLINK(1)", 'Anna', -5, "'-Anna")
    """
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    """A CSV writer whose every text cell goes through :func:`safe_cell`."""

    def __init__(self, out: TextIO) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Sequence[object]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])


def export_csv(sheet: Sheet, out: TextIO, lang: str = DEFAULT_LANG) -> None:
    """Write ``sheet`` as CSV to ``out`` (open it with ``newline=""``), headers in ``lang``.

    Competitors who left the sheet keep a column for the games they played. A name that a
    spreadsheet would read as a formula is written with a leading ``'`` (:func:`safe_cell`).
    """
    with_match = sheet.format.kind is not FormatKind.SINGLE
    names = [c.name for c in sheet.competitors]
    for game in sheet.history:
        names.extend(n for n in game.names if n not in names)
    writer = _SafeWriter(out)
    keys = ("game", "match", "outcome", "winner") if with_match else ("game", "outcome", "winner")
    writer.writerow([t(f"csv.{key}", lang) for key in keys] + names)
    blank = [""] * (len(keys) - 1)
    for game in sheet.history:
        scores = dict(zip(game.names, game.totals, strict=True))
        match = [game.match] if with_match else []
        outcome = t(f"outcome.{game.outcome.value}", lang)
        writer.writerow(
            [game.number, *match, outcome, game.winner or ""] + [scores.get(n, "") for n in names]
        )
    if any(sheet.totals) or not sheet.history:
        current = dict(zip((c.name for c in sheet.competitors), sheet.totals, strict=True))
        winner = sheet.winner
        match = [sheet.match_number] if with_match else []
        writer.writerow(
            [
                sheet.game_number,
                *match,
                t(f"outcome.{sheet.outcome.value}", lang),
                "" if winner is None else sheet.competitors[winner].name,
            ]
            + [current.get(n, "") for n in names]
        )
    trophies = {c.name: c.trophies for c in sheet.competitors}
    writer.writerow([t("csv.trophies", lang), *blank] + [trophies.get(n, "") for n in names])
    if with_match:
        won = {c.name: c.matches for c in sheet.competitors}
        writer.writerow([t("csv.matches", lang), *blank] + [won.get(n, "") for n in names])


def csv_text(sheet: Sheet, lang: str = DEFAULT_LANG) -> str:
    """The CSV of :func:`export_csv` as a string."""
    buffer = io.StringIO()
    export_csv(sheet, buffer, lang)
    return buffer.getvalue()
