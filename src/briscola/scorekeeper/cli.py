"""``briscola score``: the score keeper at the terminal, as a Typer sub-app (``score_app``).

Mount it with ``app.add_typer(score_app, name="score")``. Every command takes ``--db`` (a file
or SQLAlchemy URL; default ``$BRISCOLA_SCORE_DB`` or the user's data folder) and ``--lang``
(``it``, the default, or ``en``). A sheet is named by its id or its name.
The options and steps the commands share are in :mod:`briscola.scorekeeper.cli_parts`.

>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(score_app, ["--help"])
>>> result.exit_code, "new-game" in result.output
(0, True)
"""

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from briscola.i18n.cli import LocalizedGroup
from briscola.scorekeeper.cli_parts import (
    Db,
    Lang,
    SheetRef,
    Who,
    Yes,
    change_sheet,
    checked_lang,
    fail,
    opened_store,
    plain_console,
    points_command,
    sheet_command,
    text_command,
)
from briscola.scorekeeper.export import csv_text
from briscola.scorekeeper.messages import DEFAULT_LANG, ScoreError, t
from briscola.scorekeeper.model import Sheet
from briscola.scorekeeper.render import history_table, sheet_view, sheets_table
from briscola.scorekeeper.repl import (
    competitor_index,
    confirm_close,
    run_repl,
    unfinished,
    unfinished_detail,
)

__all__ = ["score_app"]

score_app = typer.Typer(
    cls=LocalizedGroup,  # usage, help and errors in the language of --lang
    name="score",
    help="Score keeper for games played with a real deck (segnapunti).",
    no_args_is_help=True,
    add_completion=False,
)


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
    lang = checked_lang(lang)
    people = list(player or [])
    for text in pair or []:
        if "+" not in text:
            fail(ScoreError("bad_pair", text=text).message(lang))
        people.append(text)
    if not people:
        fail(t("ui.needs_competitors", lang))
    with opened_store(db, lang) as store:
        sheet = Sheet(
            name,
            people,
            target=target,
            format=format,
            declarations=declarations,
            points_tie=points_tie,
        )
        sheet_id = store.create(sheet)
        console = plain_console()
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
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        plain_console().print(sheets_table(store.sheets(), lang))


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
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        found = store.find(sheet).sheet
        console = plain_console()
        console.print(sheet_view(found, lang))
        if history:
            console.print(history_table(found, lang))


@score_app.command("history")
def history(sheet: SheetRef, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """Show the finished games of a sheet."""
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        plain_console().print(history_table(store.find(sheet).sheet, lang))


points_command(
    score_app,
    "add",
    "Add points to a competitor in this deal (quick buttons; negative to correct).",
    "+",
    "amount",
    "Points to add: +10, +5, +1, -5, 14…",
)
points_command(
    score_app,
    "set",
    "Type a competitor's points in this deal (the number pad).",
    "=",
    "value",
    "The competitor's points in this deal.",
)


sheet_command(
    score_app,
    "deal",
    "Close this deal and start the next one in the same game (120, chiamata, custom).",
    Sheet.next_deal,
)
sheet_command(score_app, "undo", "Undo the last change.", Sheet.undo, "ui.undone")
sheet_command(score_app, "redo", "Redo the last undone change.", Sheet.redo, "ui.redone")


@score_app.command("new-game")
def new_game(sheet: SheetRef, yes: Yes = False, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """New game (Nuova partita): close this game into the history and start again.

    A game with points that nobody has won yet is closed only when the user says so: asked on a
    terminal, with ``--yes`` otherwise (refused with a message saying how).
    """
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        current = store.find(sheet).sheet
    if not yes and unfinished(current):
        if not _interactive():
            detail = unfinished_detail(current)
            fail(t("ui.unfinished_refused", lang, game=current.game_number, detail=detail))
        if not confirm_close(plain_console(), current, lang):
            plain_console().print(Text(t("ui.kept", lang)))
            raise typer.Exit(1)
    change_sheet(db, lang, sheet, Sheet.new_game)


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
    change_sheet(db, lang, sheet, lambda s: s.rename(_who(s, competitor), new_name))


text_command(score_app, "rename-sheet", "Rename a sheet.", "NAME", Sheet.rename_sheet)
text_command(
    score_app,
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
    change_sheet(db, lang, sheet, lambda s: s.remove_competitor(_who(s, competitor)))


text_command(
    score_app,
    "target",
    "Change a sheet's target.",
    "target",
    Sheet.set_target,
    "61, 120, chiamata[:N] or a number.",
)
text_command(
    score_app,
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
    change_sheet(db, lang, sheet, lambda s: s.set_declarations(allowed))


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
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        text = csv_text(store.find(sheet).sheet, lang)
    if str(csv_path) == "-":
        sys.stdout.write(text)
        return
    csv_path.write_text(text, encoding="utf-8", newline="")
    plain_console().print(Text(t("ui.exported", lang, path=str(csv_path))))


@score_app.command("delete")
def delete(sheet: SheetRef, yes: Yes = False, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """Delete a sheet and its history."""
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        stored = store.find(sheet)
        name = stored.sheet.name
        if not yes and not typer.confirm(t("ui.confirm_delete", lang, name=name)):
            raise typer.Exit(1)
        store.delete(stored.id)
        plain_console().print(Text(t("ui.deleted", lang, name=name)))


@score_app.command("play")
def play(sheet: SheetRef, db: Db = None, lang: Lang = DEFAULT_LANG) -> None:
    """Keep score interactively: 1 +10, anna +5, 2 = 73, u, r, m, n, q (h for help)."""
    lang = checked_lang(lang)
    with opened_store(db, lang) as store:
        run_repl(store, sheet, lang, plain_console())
