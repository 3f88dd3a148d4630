"""What the ``briscola score`` commands share: their options (``--db``, ``--lang``, the sheet
and competitor arguments), the steps of a command (open the store, load a sheet, change it, save
it and show it; fail with a message in the user's language) and the registrars of the commands
that differ only in their words (:func:`points_command`, :func:`sheet_command`,
:func:`text_command`). :mod:`briscola.scorekeeper.cli` builds the sub-app with them.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from briscola.i18n.cli import ENV_VAR as LANG_VAR
from briscola.scorekeeper.messages import DEFAULT_LANG, LANGS, ScoreError, t
from briscola.scorekeeper.model import Change, Sheet
from briscola.scorekeeper.render import sheet_view
from briscola.scorekeeper.repl import Entry, apply_entry
from briscola.scorekeeper.store import ENV_VAR, SheetStore

__all__ = [
    "Db",
    "Lang",
    "SheetRef",
    "Who",
    "Yes",
    "change_sheet",
    "checked_lang",
    "enter_points",
    "fail",
    "opened_store",
    "parse_amount",
    "plain_console",
    "points_command",
    "sheet_command",
    "text_command",
]

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar=ENV_VAR,
        show_envvar=True,
        help="Database: a file path or an SQLAlchemy URL (default: the user's data folder).",
    ),
]
Lang = Annotated[str, typer.Option("--lang", envvar=LANG_VAR, help="Language: it or en.")]
SheetRef = Annotated[str, typer.Argument(metavar="SHEET", help="The sheet's id or name.")]
Who = Annotated[
    str, typer.Argument(metavar="COMPETITOR", help="Number in the table (from 1) or name.")
]
Yes = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")]
_AMOUNT_CONTEXT = {"ignore_unknown_options": True}


def fail(message: str) -> NoReturn:
    """Print ``message`` in red on the standard error and end the command with status 1."""
    Console(stderr=True, highlight=False).print(Text(message, style="bold red"))
    raise typer.Exit(1)


def checked_lang(lang: str) -> str:
    """``lang`` when the score keeper speaks it, else :func:`fail` saying so."""
    if lang not in LANGS:
        fail(t("ui.bad_lang", DEFAULT_LANG, lang=lang))
    return lang


def plain_console() -> Console:
    """A console on the standard output that does not colour numbers or names by itself."""
    return Console(highlight=False)


@contextmanager
def opened_store(db: str | None, lang: str) -> Iterator[SheetStore]:
    """The sheets' store at ``db``, closed afterwards; a :class:`ScoreError` raised inside
    ends the command with its message in ``lang``."""
    store: SheetStore | None = None
    try:
        store = SheetStore(db)
        yield store
    except ScoreError as err:
        fail(err.message(lang))
    finally:
        if store is not None:
            store.close()


def change_sheet(
    db: str | None, lang: str, ref: str, action: Callable[[Sheet], Change | None], verb: str = ""
) -> None:
    """Load a sheet, change it, save it and show it."""
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        stored = store.find(ref)
        change = action(stored.sheet)
        store.save(stored.id, stored.sheet, revision=stored.revision)
        console = plain_console()
        if change is not None and verb:
            console.print(Text(t(verb, lang, change=change.describe(lang))))
        console.print(sheet_view(stored.sheet, lang))


def parse_amount(text: str, lang: str) -> int:
    """The whole number ``text`` (spaces allowed), else :func:`fail` saying so in ``lang``."""
    try:
        return int(text.replace(" ", ""))
    except ValueError:
        fail(t("ui.bad_amount", lang, text=text))


def points_command(
    app: typer.Typer, name: str, help: str, op: str, value: str, value_help: str
) -> None:
    """Register ``briscola score NAME SHEET COMPETITOR POINTS``: the entry ``op`` (``+`` adds
    the points, ``=`` sets them) in the current deal."""

    def command(
        sheet: SheetRef,
        competitor: Who,
        points: Annotated[str, typer.Argument(metavar=value, help=value_help)],
        db: Db = None,
        lang: Lang = DEFAULT_LANG,
    ) -> None:
        amount = parse_amount(points, lang)
        change_sheet(db, lang, sheet, lambda s: enter_points(s, Entry(competitor, op, amount)))

    app.command(name, help=help, context_settings=_AMOUNT_CONTEXT)(command)


def enter_points(sheet: Sheet, entry: Entry) -> None:
    """Apply a points entry, a negative amount to add taken as one to take away."""
    if entry.op == "+" and entry.amount < 0:
        entry = Entry(entry.who, "-", -entry.amount)
    apply_entry(sheet, entry)


def sheet_command(
    app: typer.Typer, name: str, help: str, action: Callable[[Sheet], Change | None], verb: str = ""
) -> None:
    """Register ``briscola score NAME SHEET``: ``action`` on the sheet (and ``verb`` telling the
    change it returns)."""

    def command(sheet: SheetRef, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
        change_sheet(db, lang, sheet, action, verb)

    app.command(name, help=help)(command)


def text_command(
    app: typer.Typer,
    name: str,
    help: str,
    value: str,
    action: Callable[[Sheet, str], None],
    value_help: str | None = None,
) -> None:
    """Register ``briscola score NAME SHEET VALUE``: ``action`` on the sheet with the text."""

    def command(
        sheet: SheetRef,
        text: Annotated[str, typer.Argument(metavar=value, help=value_help)],
        db: Db = None,
        lang: Lang = DEFAULT_LANG,
    ) -> None:
        change_sheet(db, lang, sheet, lambda s: action(s, text))

    app.command(name, help=help)(command)
