"""The full-screen table's pop-up panels: a page of text over the table, closed by a key.

:class:`InfoScreen` shows a title and a body (the last trick, one's own tricks, the help, a deal's
result) and returns, when closed, the name of the key that closed it, so the app decides what a
key means there (Enter after a deal's result deals the next one; Esc only closes).
:class:`AskScreen` asks a yes-or-no question (leaving the table); :class:`ChoiceScreen` picks one
of a few choices (a sign to the partner).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["AskScreen", "ChoiceScreen", "InfoScreen"]


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


class ChoiceScreen(ModalScreen[int | None]):
    """A short numbered list to pick from (the partner signs): ↑ ↓ and Enter, or a digit, pick
    one (its index is returned); Esc closes without a choice (None)."""

    def __init__(self, title: str, choices: list[str], footer: str) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.footer = footer
        self.selected = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static(Text(self.title_text, style="bold"), id="panel-title")
            yield Static(self._list(), id="panel-body")
            yield Static(Text(self.footer, style="dim italic"), id="panel-footer")

    def _list(self) -> Text:
        lines = []
        for i, choice in enumerate(self.choices):
            mark = "▶" if i == self.selected else " "
            style = "bold reverse" if i == self.selected else ""
            lines.append(Text(f" {mark} {i + 1}. {choice} ", style=style))
        return Text("\n").join(lines)

    def on_key(self, event: events.Key) -> None:
        """Move, pick or close (other keys are ignored while the list is open)."""
        event.stop()
        if event.key in ("up", "left", "down", "right"):
            step = -1 if event.key in ("up", "left") else 1
            self.selected = (self.selected + step) % len(self.choices)
            self.query_one("#panel-body", Static).update(self._list())
        elif event.key == "enter":
            self.dismiss(self.selected)
        elif event.key.isdigit() and 1 <= int(event.key) <= len(self.choices):
            self.dismiss(int(event.key) - 1)
        elif event.key in ("escape", "s", "q"):
            self.dismiss(None)
