"""The interactive score keeper: one line a change, the sheet shown after each, saved at once.

Lines: ``1 +10`` or ``anna +5`` (quick points; ``anna -5`` corrects), ``2 = 73`` or ``anna 73``
(the number pad: the competitor's points in this deal), ``u`` undo, ``r`` redo, ``m`` next deal,
``n`` New game, ``s`` show, ``storia`` history, ``h`` help, ``q`` quit. Competitors are named by
their number in the table, their name, a member's name, or the start of one.

>>> parse_line("anna + 10"), parse_line("2 = 73"), parse_line("Anna Maria 5")
(Entry(who='anna', op='+', amount=10), Entry(who='2', op='=', amount=73), \
Entry(who='Anna Maria', op='=', amount=5))
>>> parse_line("U"), parse_line("nuova partita"), parse_line("anna"), parse_line("+5")
('undo', 'new_game', None, None)
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Final

from rich.console import Console
from rich.text import Text

from briscola.scorekeeper.messages import DEFAULT_LANG, ScoreError, t
from briscola.scorekeeper.model import Sheet
from briscola.scorekeeper.render import history_table, sheet_view
from briscola.scorekeeper.store import SheetStore, StaleSheetError
from briscola.scorekeeper.terms import Outcome

__all__ = [
    "Entry",
    "apply_entry",
    "competitor_index",
    "confirm_close",
    "parse_line",
    "run_repl",
    "unfinished",
    "unfinished_detail",
]

_WORDS: Final = {
    "undo": ("u", "undo", "annulla"),
    "redo": ("r", "redo", "ripeti", "rifai"),
    "new_game": ("n", "new", "nuova", "new game", "nuova partita", "new-game"),
    "deal": ("m", "d", "deal", "smazzata", "nuova smazzata", "mano", "next deal", "next-deal"),
    "show": ("s", "show", "mostra", "foglio", "sheet"),
    "history": ("storia", "history", "cronologia"),
    "help": ("h", "?", "help", "aiuto"),
    "quit": ("q", "quit", "exit", "esci", "fine"),
}
_COMMANDS: Final = {word: cmd for cmd, words in _WORDS.items() for word in words}
_YES: Final = frozenset({"s", "si", "sì", "y", "yes"})
_SIGNED: Final = re.compile(r"^(?P<who>.+?)\s*(?P<op>[+\-=])\s*(?P<amount>\d+)$")
_BARE: Final = re.compile(r"^(?P<who>.+?)\s+(?P<amount>\d+)$")


@dataclass(frozen=True)
class Entry:
    """Points for a competitor: ``op`` is ``+`` or ``-`` (quick points) or ``=`` (the pad)."""

    who: str
    op: str
    amount: int


def parse_line(line: str) -> str | Entry | None:
    """A command name, an :class:`Entry`, or ``None`` for a line that means nothing."""
    text = " ".join(line.split())
    command = _COMMANDS.get(text.casefold())
    if command is not None:
        return command
    match = _SIGNED.match(text)
    if match:
        return Entry(match["who"].strip(), match["op"], int(match["amount"]))
    match = _BARE.match(text)
    if match:
        return Entry(match["who"].strip(), "=", int(match["amount"]))
    return None


def competitor_index(sheet: Sheet, ref: str) -> int:
    """A competitor by number in the table (from 1) or by name (see :meth:`Sheet.index`).

    >>> sheet = Sheet("s", ["Anna", "Bruno"])
    >>> competitor_index(sheet, "2"), competitor_index(sheet, "an")
    (1, 0)
    """
    text = ref.strip()
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(sheet.competitors):
            names = ", ".join(c.name for c in sheet.competitors)
            raise ScoreError("unknown_competitor", ref=text, names=names)
        return number - 1
    return sheet.index(text)


def apply_entry(sheet: Sheet, entry: Entry, lang: str = DEFAULT_LANG) -> str | None:
    """Apply the points of an entry to the sheet; a note in ``lang`` when a number replaced a
    total of this deal (``1 10`` after ``1 +10`` writes 10, it does not add it).

    >>> sheet = Sheet("s", ["Anna", "Bruno"])
    >>> apply_entry(sheet, Entry("1", "+", 10)) is None
    True
    >>> apply_entry(sheet, Entry("1", "=", 50), "en")
    'Anna: 10 → 50 in this deal (a number alone replaces the total; to add, type 1 +50)'
    """
    i = competitor_index(sheet, entry.who)
    if entry.op != "=":
        sheet.add(i, entry.amount if entry.op == "+" else -entry.amount)
        return None
    old = sheet.deal_points[i]
    sheet.set_total(i, entry.amount)
    if old in (0, entry.amount):
        return None
    name = sheet.competitors[i].name
    return t("ui.replaced", lang, name=name, old=old, new=entry.amount, who=entry.who)


def unfinished(sheet: Sheet) -> bool:
    """A game with points in it that nobody has won or drawn yet (New game would close it)."""
    return any(any(deal) for deal in sheet.deals) and sheet.outcome is Outcome.PLAYING


def unfinished_detail(sheet: Sheet) -> str:
    """The totals of the game in progress, for the question before closing it: ``Anna 10 · …``."""
    return " · ".join(f"{c.name} {p}" for c, p in zip(sheet.competitors, sheet.totals, strict=True))


def confirm_close(console: Console, sheet: Sheet, lang: str, echo: bool = False) -> bool:
    """Ask before New game closes an unfinished game; yes is ``s``/``si``/``y``/``yes``.

    ``echo`` shows the answer read (from a pipe, for a readable transcript).
    """
    detail = unfinished_detail(sheet)
    question = t("ui.confirm_unfinished", lang, game=sheet.game_number, detail=detail)
    try:
        answer = console.input(question)
    except (EOFError, KeyboardInterrupt):
        return False
    if echo:
        console.print(Text(answer), highlight=False)
    return answer.strip().casefold() in _YES


def _change(sheet: Sheet, command: str, lang: str) -> str | None:
    if command == "undo":
        return t("ui.undone", lang, change=sheet.undo().describe(lang))
    if command == "redo":
        return t("ui.redone", lang, change=sheet.redo().describe(lang))
    if command == "new_game":
        sheet.new_game()
    elif command == "deal":
        sheet.next_deal()
    return None


def run_repl(store: SheetStore, ref: str, lang: str, console: Console) -> None:
    """Keep the sheet ``ref`` interactively until ``q`` or the end of the input."""
    stored = store.find(ref)
    sheet, revision = stored.sheet, stored.revision
    console.print(Text(t("ui.repl_intro", lang, name=sheet.name)))
    console.print(sheet_view(sheet, lang))
    echo = not sys.stdin.isatty()  # from a pipe: show each line read, for a readable transcript
    while True:
        try:
            line = console.input(t("ui.prompt", lang))
        except EOFError:
            console.print()
            break
        except KeyboardInterrupt:
            console.print()
            break
        if echo:
            console.print(Text(line), highlight=False)
        command = parse_line(line)
        if not line.strip():
            continue
        if command is None:
            console.print(Text(t("ui.bad_line", lang, line=line.strip()), style="red"))
            continue
        if command == "quit":
            break
        if command == "help":
            console.print(Text(t("ui.repl_help", lang)))
            continue
        if command == "show":
            console.print(sheet_view(sheet, lang))
            continue
        if command == "history":
            console.print(history_table(sheet, lang))
            continue
        if (
            command == "new_game"
            and unfinished(sheet)
            and not confirm_close(console, sheet, lang, echo)
        ):
            console.print(Text(t("ui.kept", lang)))
            continue
        try:
            if isinstance(command, Entry):
                note = apply_entry(sheet, command, lang)
            else:
                note = _change(sheet, command, lang)
            revision = store.save(stored.id, sheet, revision=revision)
        except StaleSheetError as err:
            console.print(Text(err.message(lang), style="red"))
            stored = store.get(stored.id)
            sheet, revision = stored.sheet, stored.revision
            console.print(sheet_view(sheet, lang))
            continue
        except ScoreError as err:
            console.print(Text(err.message(lang), style="red"))
            continue
        if note:
            console.print(Text(note))
        console.print(sheet_view(sheet, lang))
    console.print(Text(t("ui.bye", lang)))
