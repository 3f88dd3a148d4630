"""The score keeper on the web: :class:`briscola.scorekeeper.Sheet` values behind a secret link
(``/score/{key}``), kept in the server's database with their revisions; docs/web-protocol.md
("The score keeper") describes the routes (:mod:`.routes`), their bodies (:mod:`.schemas`) and
how two phones on one sheet never overwrite each other.
"""

from __future__ import annotations

from briscola.apps.server.scores.routes import KEY_RE, Sheets, install, router
from briscola.apps.server.scores.schemas import SheetResponse

__all__ = ["KEY_RE", "SheetResponse", "Sheets", "install", "router"]
