"""Post-game analysis and hints, on the champion's search (issue 15; docs/analysis.md).

* :func:`analyze`: a seat's moves in a deal's record, each valued from what the seat could know
  then, rated by the win probability lost, summarised; in hindsight too once the deal is over.
* :func:`hint`: the champion's choice for the seat to act and its reason.
* :func:`evaluate` and :func:`hindsight`: the value of every legal action of one decision.

Layering: it uses core, fast and bots, and is used by the apps (cli, terminal, server).
"""

from __future__ import annotations

from briscola.analysis.auction import phase_name
from briscola.analysis.deal import Analysis, Judgement, MoveAnalysis, Summary, analyze, judge
from briscola.analysis.evaluation import DEFAULT_BUDGET, ActionValue, evaluate, hindsight
from briscola.analysis.hints import Hint, hint
from briscola.analysis.ratings import THRESHOLDS, Rating, move_accuracy

__all__ = [
    "DEFAULT_BUDGET",
    "THRESHOLDS",
    "ActionValue",
    "Analysis",
    "Hint",
    "Judgement",
    "MoveAnalysis",
    "Rating",
    "Summary",
    "analyze",
    "evaluate",
    "hindsight",
    "hint",
    "judge",
    "move_accuracy",
    "phase_name",
]
