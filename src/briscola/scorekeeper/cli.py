"""``briscola score``: the score keeper at the terminal, as a Typer sub-app (``score_app``).

Mount it with ``app.add_typer(score_app, name="score")``. Every command takes ``--db`` (a file
or SQLAlchemy URL; default ``$BRISCOLA_SCORE_DB`` or the user's data folder) and ``--lang``
(``it``, the default, or ``en``). A sheet is named by its id or its name.

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(score_app, ["--help"])
>>> result.exit_code, "new-game" in result.output
(0, True)
"""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from briscola.i18n.cli import ENV_VAR as LANG_VAR
from briscola.i18n.cli import LocalizedGroup
from briscola.scorekeeper.export import csv_text
from briscola.scorekeeper.messages import DEFAULT_LANG, LANGS, ScoreError, t
from briscola.scorekeeper.model import Change, Sheet
from briscola.scorekeeper.render import history_table, sheet_view, sheets_table
from briscola.scorekeeper.repl import (
    Entry,
    apply_entry,
    competitor_index,
    confirm_close,
    run_repl,
    unfinished,
    unfinished_detail,
)
from briscola.scorekeeper.store import ENV_VAR, SheetStore

__all__ = ["score_app"]

score_app = typer.Typer(
    cls=LocalizedGroup,  # usage, help and errors in the language of --lang
    name="score",
    help="Score keeper for games played with a real deck (segnapunti).",
    no_args_is_help=True,
    add_completion=False,
)

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


def _fail(message: str) -> NoReturn:
    Console(stderr=True, highlight=False).print(Text(message, style="bold red"))
    raise typer.Exit(1)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        _fail(t("ui.bad_lang", DEFAULT_LANG, lang=lang))
    return lang


def _console() -> Console:
    return Console(highlight=False)


@contextmanager
def _store(db: str | None, lang: str) -> Iterator[SheetStore]:
    store: SheetStore | None = None
    try:
        store = SheetStore(db)
        yield store
    except ScoreError as err:
        _fail(err.message(lang))
    finally:
        if store is not None:
            store.close()


def _change(
    db: str | None, lang: str, ref: str, action: Callable[[Sheet], Change | None], verb: str = ""
) -> None:
    """Load a sheet, change it, save it and show it."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        stored = store.find(ref)
        change = action(stored.sheet)
        store.save(stored.id, stored.sheet, revision=stored.revision)
        console = _console()
        if change is not None and verb:
            console.print(Text(t(verb, lang, change=change.describe(lang))))
        console.print(sheet_view(stored.sheet, lang))


def _amount(text: str, lang: str) -> int:
    try:
        return int(text.replace(" ", ""))
    except ValueError:
        _fail(t("ui.bad_amount", lang, text=text))


@score_app.command("new")
def new_sheet(
    name: Annotated[str, typer.Option("--name", "-n", help="The sheet's name.")],
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", help="A player (repeat for each; Anna+Bruno is a pair)."),
    ] = None,
    pair: Annotated[
        list[str] | None,
        typer.Option("--pair", help="A pair as one competitor: Anna+Bruno or Noi=Anna+Bruno."),
    ] = None,
    target: Annotated[
        str,
        typer.Option(
            "--target",
            "-t",
            help="61 (one deal), 120 (two deals), chiamata (units; chiamata:N), or any number.",
        ),
    ] = "61",
    format: Annotated[
        str, typer.Option("--format", "-f", help="single, best-of:N or first-to:N.")
    ] = "single",
    declarations: Annotated[
        bool, typer.Option("--declarations", help="Allow declarations (deals over 120).")
    ] = False,
    points_tie: Annotated[
        str,
        typer.Option(
            "--points-tie",
            help="Level at the target over several deals (120-120): draw, or one_more deal.",
        ),
    ] = "draw",
    db: Db = None,
    lang: Lang = DEFAULT_LANG,
) -> None:
    """Create a score sheet."""
    lang = _lang(lang)
    people = list(player or [])
    for text in pair or []:
        if "+" not in text:
            _fail(ScoreError("bad_pair", text=text).message(lang))
        people.append(text)
    if not people:
        _fail(t("ui.needs_competitors", lang))
    with _store(db, lang) as store:
        sheet = Sheet(
            name,
            people,
            target=target,
            format=format,
            declarations=declarations,
            points_tie=points_tie,
        )
        sheet_id = store.create(sheet)
        console = _console()
        console.print(Text(t("ui.created", lang, id=sheet_id, name=sheet.name), style="bold"))
        console.print(sheet_view(sheet, lang))
        hint = pairs_hint(sheet, lang)
        if hint:
            console.print(Text(hint, style="yellow"))


def pairs_hint(sheet: Sheet, lang: str = DEFAULT_LANG) -> str | None:
    """A hint to register pairs when four single players keep points (likely two against two).

    >>> print(pairs_hint(Sheet("s", ["Anna", "Bruno", "Carla", "Dario"]), "it"))
    Quattro giocatori: se giocate due contro due, registrate le coppie (--pair Anna+Bruno --pair \
Carla+Dario): i punti dei compagni contano insieme.
    >>> pairs_hint(Sheet("s", ["Anna+Carla", "Bruno+Dario"]), "en") is None
    True
    """
    people = sheet.competitors
    if len(people) != 4 or any(c.is_pair for c in people) or not sheet.target.counts_points:
        return None
    a, b, c, d = (p.name for p in people)
    return t("ui.pairs_hint", lang, a=a, b=b, c=c, d=d)


@score_app.command("list")
def list_sheets(db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """List the score sheets."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        _console().print(sheets_table(store.sheets(), lang))


@score_app.command("show")
def show(
    sheet: SheetRef,
    history: Annotated[
        bool, typer.Option("--history", "-H", help="Show the finished games too.")
    ] = False,
    db: Db = None,
    lang: Lang = DEFAULT_LANG,
) -> None:
    """Show a sheet: points, trophies, the win, the match standing."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        found = store.find(sheet).sheet
        console = _console()
        console.print(sheet_view(found, lang))
        if history:
            console.print(history_table(found, lang))


@score_app.command("history")
def history(sheet: SheetRef, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """Show the finished games of a sheet."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        _console().print(history_table(store.find(sheet).sheet, lang))


def _points_command(name: str, help: str, op: str, value: str, value_help: str) -> None:
    """Register ``briscola score NAME SHEET COMPETITOR POINTS``: the entry ``op`` (``+`` adds
    the points, ``=`` sets them) in the current deal."""

    def command(
        sheet: SheetRef,
        competitor: Who,
        points: Annotated[str, typer.Argument(metavar=value, help=value_help)],
        db: Db = None,
        lang: Lang = DEFAULT_LANG,
    ) -> None:
        amount = _amount(points, lang)
        _change(db, lang, sheet, lambda s: _entry(s, Entry(competitor, op, amount)))

    score_app.command(name, help=help, context_settings=_AMOUNT_CONTEXT)(command)


_points_command(
    "add",
    "Add points to a competitor in this deal (quick buttons; negative to correct).",
    "+",
    "amount",
    "Points to add: +10, +5, +1, -5, 14…",
)
_points_command(
    "set",
    "Type a competitor's points in this deal (the number pad).",
    "=",
    "value",
    "The competitor's points in this deal.",
)


def _entry(sheet: Sheet, entry: Entry) -> None:
    if entry.op == "+" and entry.amount < 0:
        entry = Entry(entry.who, "-", -entry.amount)
    apply_entry(sheet, entry)


def _sheet_command(
    name: str, help: str, action: Callable[[Sheet], Change | None], verb: str = ""
) -> None:
    """Register ``briscola score NAME SHEET``: ``action`` on the sheet (and ``verb`` telling the
    change it returns)."""

    def command(sheet: SheetRef, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
        _change(db, lang, sheet, action, verb)

    score_app.command(name, help=help)(command)


def _text_command(
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
        _change(db, lang, sheet, lambda s: action(s, text))

    score_app.command(name, help=help)(command)


_sheet_command(
    "deal",
    "Close this deal and start the next one in the same game (120, chiamata, custom).",
    Sheet.next_deal,
)
_sheet_command("undo", "Undo the last change.", Sheet.undo, "ui.undone")
_sheet_command("redo", "Redo the last undone change.", Sheet.redo, "ui.redone")


@score_app.command("new-game")
def new_game(sheet: SheetRef, yes: Yes = False, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """New game (Nuova partita): close this game into the history and start again.

    A game with points that nobody has won yet is closed only when the user says so: asked on a
    terminal, with ``--yes`` otherwise (refused with a message saying how).
    """
    lang = _lang(lang)
    with _store(db, lang) as store:
        current = store.find(sheet).sheet
    if not yes and unfinished(current):
        if not _interactive():
            detail = unfinished_detail(current)
            _fail(t("ui.unfinished_refused", lang, game=current.game_number, detail=detail))
        if not confirm_close(_console(), current, lang):
            _console().print(Text(t("ui.kept", lang)))
            raise typer.Exit(1)
    _change(db, lang, sheet, Sheet.new_game)


def _interactive() -> bool:
    """True when a person can answer a question: the standard input is a terminal."""
    return sys.stdin.isatty()


@score_app.command("rename")
def rename(
    sheet: SheetRef,
    competitor: Who,
    new_name: Annotated[str, typer.Argument(metavar="NAME")],
    db: Db = None,
    lang: Lang = DEFAULT_LANG,
) -> None:
    """Rename a competitor."""
    _change(db, lang, sheet, lambda s: s.rename(_who(s, competitor), new_name))


_text_command("rename-sheet", "Rename a sheet.", "NAME", Sheet.rename_sheet)
_text_command(
    "add-competitor",
    "Add a competitor (a player or a pair).",
    "NAME",
    Sheet.add_competitor,
    "A name, or Anna+Bruno.",
)


@score_app.command("remove-competitor")
def remove_competitor(
    sheet: SheetRef, competitor: Who, db: Db = None, lang: Lang = DEFAULT_LANG
) -> None:
    """Remove a competitor (their past games stay in the history)."""
    _change(db, lang, sheet, lambda s: s.remove_competitor(_who(s, competitor)))


_text_command(
    "target",
    "Change a sheet's target.",
    "target",
    Sheet.set_target,
    "61, 120, chiamata[:N] or a number.",
)
_text_command(
    "format",
    "Change a sheet's match format.",
    "format",
    Sheet.set_format,
    "single, best-of:N or first-to:N.",
)


@score_app.command("declarations")
def set_declarations(
    sheet: SheetRef,
    allowed: Annotated[bool, typer.Argument(help="true to allow deals over 120, false not.")],
    db: Db = None,
    lang: Lang = DEFAULT_LANG,
) -> None:
    """Allow or forbid declarations (accusi)."""
    _change(db, lang, sheet, lambda s: s.set_declarations(allowed))


def _who(sheet: Sheet, ref: str) -> int:
    return competitor_index(sheet, ref)


@score_app.command("export")
def export(
    sheet: SheetRef,
    csv_path: Annotated[
        Path, typer.Option("--csv", help="The CSV file to write (- for the standard output).")
    ],
    db: Db = None,
    lang: Lang = DEFAULT_LANG,
) -> None:
    """Export a sheet's games and totals to CSV."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        text = csv_text(store.find(sheet).sheet, lang)
    if str(csv_path) == "-":
        sys.stdout.write(text)
        return
    csv_path.write_text(text, encoding="utf-8", newline="")
    _console().print(Text(t("ui.exported", lang, path=str(csv_path))))


@score_app.command("delete")
def delete(sheet: SheetRef, yes: Yes = False, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """Delete a sheet and its history."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        stored = store.find(sheet)
        name = stored.sheet.name
        if not yes and not typer.confirm(t("ui.confirm_delete", lang, name=name)):
            raise typer.Exit(1)
        store.delete(stored.id)
        _console().print(Text(t("ui.deleted", lang, name=name)))


@score_app.command("play")
def play(sheet: SheetRef, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """Keep score interactively: 1 +10, anna +5, 2 = 73, u, r, m, n, q (h for help)."""
    lang = _lang(lang)
    with _store(db, lang) as store:
        run_repl(store, sheet, lang, _console())
