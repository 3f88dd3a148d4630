"""The lines the terminal shows under a score sheet, in both languages."""

from __future__ import annotations

import pytest

from briscola.scorekeeper import Sheet
from briscola.scorekeeper.render import sheet_lines


@pytest.mark.parametrize(("lang", "word"), [("it", "PAREGGIO 60-60"), ("en", "DRAW 60-60")])
def test_a_drawn_sheet_says_draw_in_the_users_language(lang: str, word: str) -> None:
    sheet = Sheet("s", ["Anna", "Bruno"])
    sheet.set_total("Anna", 60)
    sheet.set_total("Bruno", 60)
    text = " ".join(line.plain for line in sheet_lines(sheet, lang))
    assert word in text
    assert "draw_line" not in text
