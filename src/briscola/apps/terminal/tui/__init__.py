"""The full-screen terminal table (``briscola play --tui``), built with Textual.

The same game as the line mode (:mod:`briscola.apps.terminal.game`), drawn as a table: the cards
as small boxes, the players around it, the briscola and the stock, keyboard play. The turn flow is
the session's :class:`~briscola.session.table.Table`, the words the line mode's narration and the
``terminal.tui.`` messages of :mod:`briscola.i18n`. Modules: :mod:`.flow` (the game without a
screen), :mod:`.views` (what each part shows), :mod:`.cards` (card art), :mod:`.screens` (pop-up
panels), :mod:`.app` (the Textual app) and ``styles.tcss``.

Textual is imported only here and below, so the line mode starts without it.
"""

from __future__ import annotations

from briscola.apps.terminal.tui.app import NoTerminalError, TableApp, run_tui

__all__ = ["NoTerminalError", "TableApp", "run_tui"]
