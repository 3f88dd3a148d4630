"""The full-screen table's pop-up panels: a page of text over the table, closed by a key.

:class:`InfoScreen` shows a title and a body (the last trick, one's own tricks, the help, a deal's
result) and returns, when closed, the name of the key that closed it, so the app decides what a
key means there (Enter after a deal's result deals the next one; Esc only closes).
:class:`AskScreen` asks a yes-or-no question (leaving the table).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["AskScreen", "InfoScreen"]


class InfoScreen(ModalScreen[str]):
    """A panel of text; any of ``keys`` closes it, returning that key's name."""

    def __init__(
        self,
        title: str,
        body: Text,
        footer: str,
        keys: tuple[str, ...] = ("enter", "escape"),
        *,
        prose: bool = False,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.footer = footer
        self.keys = keys
        self.prose = prose  # a text to wrap (the help), not lines of cards

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static(Text(self.title_text, style="bold"), id="panel-title")
            yield Static(self.body, id="panel-body", classes="prose" if self.prose else "")
            yield Static(Text(self.footer, style="dim italic"), id="panel-footer")

    def on_key(self, event: events.Key) -> None:
        """Close on one of the panel's keys (others are ignored while it is open)."""
        event.stop()
        if event.key in self.keys:
            self.dismiss(event.key)


class AskScreen(ModalScreen[bool]):
    """A yes-or-no question: S or Y (or Enter) for yes, N or Esc for no."""

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static(Text(self.title_text, style="bold"), id="panel-title")
            yield Static(Text(self.body), id="panel-body")

    def on_key(self, event: events.Key) -> None:
        """Answer with the key pressed."""
        event.stop()
        if event.key in ("s", "y", "enter"):
            self.dismiss(True)
        elif event.key in ("n", "escape"):
            self.dismiss(False)
