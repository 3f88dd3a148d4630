"""An analysis that rates every move (issues 15 and 39; docs/analysis.md, docs/lessons.md): the
HTTP routes over :mod:`briscola.analysis`.

- :mod:`.routes`: a finished deal's review (every hand, trick by trick) and its analysis from a
  seat's view, and the hint for the seat whose turn it is;
- :mod:`.lessons`: «Impara a giocare»'s tables and the engine's reason for a move of theirs;
- :mod:`.cache`: the engine's answers (analyses and reasons) worked out once, off the event loop.
"""

from __future__ import annotations

from fastapi import APIRouter

from briscola.apps.server.analysis import lessons, routes
from briscola.apps.server.analysis.cache import AnalysisCache

__all__ = ["AnalysisCache", "router"]

router = APIRouter()
"""Every route of the package."""
router.include_router(routes.router)
router.include_router(lessons.router)
