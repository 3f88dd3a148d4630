"""Issue 12: the CSV export neutralises names a spreadsheet would run as formulas."""

from __future__ import annotations

import csv
import io

from briscola.scorekeeper import Sheet
from briscola.scorekeeper.export import csv_text, safe_cell


def test_formula_like_names_get_a_leading_quote() -> None:
    sheet = Sheet("Sera", ["@SUM(A1)", "-Bruno", "Carla"], target="chiamata")
    sheet.set_total("Carla", -5)
    rows = list(csv.reader(io.StringIO(csv_text(sheet, "en"))))
    assert rows[0][-3:] == ["'@SUM(A1)", "'-Bruno", "Carla"]
    assert rows[1][-1] == "-5"  # a number stays a number
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell


def test_safe_cell_covers_every_formula_start() -> None:
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert safe_cell(start + "x") == "'" + start + "x"
    assert safe_cell("Anna") == "Anna"
    assert safe_cell(12) == 12
