"""The score keeper: score sheets for games played with a real deck.

The model (:mod:`.model`, :mod:`.commands`, :mod:`.terms`, :mod:`.messages`) is pure;
:mod:`.store` keeps sheets in a database (SQLAlchemy), :mod:`.export` writes CSV, and :mod:`.cli`
is the ``briscola score`` command.

>>> from briscola.scorekeeper import Sheet
>>> sheet = Sheet("Sera", ["Anna", "Bruno"], target="120")
>>> sheet.set_total("Anna", 70); sheet.set_total("Bruno", 50); sheet.next_deal()
>>> sheet.set_total("Anna", 55)
>>> sheet.totals, sheet.winner  # Bruno's points of the second deal are not in yet
((125, 50), None)
>>> sheet.set_total("Bruno", 65)
>>> sheet.totals, sheet.winner
((125, 115), 0)
"""

from briscola.scorekeeper.messages import DEFAULT_LANG, LANGS, ScoreError, t
from briscola.scorekeeper.model import Change, Sheet
from briscola.scorekeeper.terms import (
    Competitor,
    FormatKind,
    GameEntry,
    Outcome,
    SheetFormat,
    Target,
    TargetKind,
)

__all__ = [
    "DEFAULT_LANG",
    "LANGS",
    "Change",
    "Competitor",
    "FormatKind",
    "GameEntry",
    "Outcome",
    "ScoreError",
    "Sheet",
    "SheetFormat",
    "Target",
    "TargetKind",
    "t",
]
