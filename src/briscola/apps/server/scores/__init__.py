"""The score keeper on the web: score sheets behind a secret link, kept with the server's data.

The sheets are :class:`briscola.scorekeeper.Sheet` values in a
:class:`briscola.scorekeeper.store.SheetStore` on the server's own SQLAlchemy engine. A sheet is
known by an unguessable key (``/score/{key}``, like a table's token): whoever has the link may
read and change it; there are no accounts. Each change carries the revision the client last saw,
so two phones on one sheet never overwrite each other (a stale one gets 409 and the sheet as it
is now). Messages are in the request's language (``?lang=``, else ``Accept-Language``, else
Italian). The routes (:mod:`.routes`) are described in docs/web-protocol.md ("The score
keeper"); their bodies are in :mod:`.schemas`; their pages in
:mod:`briscola.apps.server.pages`.
"""

from __future__ import annotations

from briscola.apps.server.scores.routes import KEY_RE, Sheets, install, router
from briscola.apps.server.scores.schemas import SheetResponse

__all__ = ["KEY_RE", "SheetResponse", "Sheets", "install", "router"]
