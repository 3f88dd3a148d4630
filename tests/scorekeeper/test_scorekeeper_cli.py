"""``briscola score``, driven through its Typer sub-app on a temporary database: the commands,
the interactive score keeper fed from a script, and the sheet found again in the database."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from briscola.scorekeeper import Outcome
from briscola.scorekeeper.cli import score_app
from briscola.scorekeeper.store import SheetStore


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "scores.db")


def run(db: str, *args: str, input: str | None = None, code: int = 0) -> str:
    result = CliRunner(env={"COLUMNS": "120"}).invoke(score_app, [*args, "--db", db], input=input)
    assert result.exit_code == code, result.output
    return result.output


def table_rows(output: str) -> list[list[str]]:
    """The body rows of the tables in ``output``, as lists of cell texts."""
    return [
        [cell.strip() for cell in line.strip().strip("│").split("│")]
        for line in output.splitlines()
        if line.startswith("│")
    ]


def row_of(output: str, name: str) -> list[str]:
    """The last table row of ``name`` in ``output`` (a cell that is the name, or starts with it
    and then shows the trophies)."""
    return [
        row
        for row in table_rows(output)
        if any(cell == name or cell.startswith(name + "  🏆") for cell in row)
    ][-1]


def test_commands_from_new_to_export(db: str, tmp_path: Path) -> None:
    out = run(db, "new", "--name", "Sera", "--pair", "Anna+Bruno", "--pair", "Carla+Dario",
              "--format", "best-of:3")  # fmt: skip
    assert "Creato il foglio 1: Sera" in out
    assert "al meglio di 3" in out
    out = run(db, "list")
    assert row_of(out, "Sera")[:3] == ["1", "Sera", "Anna & Bruno, Carla & Dario"]

    # quick points, a correction, the pad, by number, name or member name
    run(db, "add", "Sera", "anna", "+10")
    run(db, "add", "Sera", "1", "+5")
    run(db, "add", "1", "bruno", "-5")
    out = run(db, "set", "sera", "2", "40")
    assert row_of(out, "Anna e Bruno")[2] == "10"  # a pair's members joined in words
    assert row_of(out, "Carla e Dario")[2] == "40"

    # mistakes: a clear message, nothing changed
    out = run(db, "set", "Sera", "carla", "111", code=1)
    assert "una smazzata vale al massimo 120 punti" in out
    out = run(db, "add", "Sera", "anna", "-20", "--lang", "en", code=1)
    assert "points cannot be negative" in out
    out = run(db, "add", "Sera", "zeno", "+5", code=1)
    assert "nessun concorrente corrisponde a 'zeno'" in out
    out = run(db, "add", "Sera", "anna", "dieci", code=1)
    assert "non è un numero intero" in out
    out = run(db, "show", "Nessuno", code=1)
    assert "nessun foglio 'Nessuno'" in out
    out = run(db, "deal", "Sera", code=1)
    assert "una smazzata sola" in out

    # undo and redo
    out = run(db, "undo", "Sera", "--lang", "en")
    assert "Undone: Carla & Dario = 40" in out
    out = run(db, "redo", "Sera")
    assert "Ripetuto: Carla & Dario = 40" in out

    # reach the target: the win shows, the game stays open
    out = run(db, "set", "Sera", "anna", "80")
    assert "★ Anna e Bruno VINCONO la partita 1! (80-40)" in out  # a pair: the plural
    assert row_of(out, "Anna e Bruno")[-1] == "★ VINCONO"
    assert row_of(out, "Anna e Bruno")[1] == "Anna e Bruno"  # the trophy comes with New game

    out = run(db, "new-game", "Sera", "--lang", "en")
    assert "Sera · game 2" in out
    # points and match wins; the trophy next to the name
    assert row_of(out, "Anna & Bruno")[1:4] == ["Anna & Bruno  🏆 1", "0", "1"]
    assert "Match 1 (best of 3): Anna & Bruno 1, Carla & Dario 0 · 2 wins take it" in out

    out = run(db, "show", "Sera", "--history", "--lang", "en")
    assert "History of Sera" in out
    assert row_of(out, "win")[:4] == ["1", "1", "win", "Anna & Bruno"]

    csv_path = tmp_path / "sera.csv"
    out = run(db, "export", "Sera", "--csv", str(csv_path), "--lang", "en")
    assert "Exported to" in out
    rows = list(csv.reader(io.StringIO(csv_path.read_text(encoding="utf-8"))))
    assert rows[0] == ["game", "match", "outcome", "winner", "Anna & Bruno", "Carla & Dario"]
    assert rows[1] == ["1", "1", "win", "Anna & Bruno", "80", "40"]
    assert rows[-2] == ["trophies", "", "", "", "1", "0"]
    out = run(db, "export", "Sera", "--csv", "-")
    assert out.splitlines()[1] == "1,1,vittoria,Anna & Bruno,80,40"


def test_settings_and_competitors(db: str) -> None:
    run(db, "new", "-n", "Tavolo", "-p", "Anna", "-p", "Bruno", "--target", "120")
    run(db, "set", "Tavolo", "anna", "70")
    out = run(db, "deal", "Tavolo", "--lang", "en")
    assert "Deal 2" in out
    assert row_of(out, "Anna")[2:4] == ["0", "70"]
    run(db, "add-competitor", "Tavolo", "Carla")
    run(db, "rename", "Tavolo", "3", "Carlotta")
    out = run(db, "remove-competitor", "Tavolo", "bruno")
    assert "Carlotta" in out and "Bruno" not in out
    run(db, "target", "Tavolo", "150")
    run(db, "format", "Tavolo", "first-to:2")
    out = run(db, "declarations", "Tavolo", "true", "--lang", "en")
    assert "target: 150 points · first to 2 · with declarations" in out
    out = run(db, "target", "Tavolo", "0", code=1)
    assert "il traguardo deve essere almeno 1, non 0" in out
    run(db, "rename-sheet", "Tavolo", "Tavolo 2")
    out = run(db, "list", "--lang", "en")
    assert row_of(out, "Tavolo 2")[2:5] == ["Anna, Carlotta", "150", "first-to:2"]
    out = run(db, "delete", "Tavolo 2", "--yes", "--lang", "en")
    assert "Deleted sheet Tavolo 2" in out
    assert "No sheets" in run(db, "list", "--lang", "en")


def test_new_sheet_checks(db: str) -> None:
    out = run(db, "new", "-n", "Solo", "-p", "Anna", code=1)
    assert "almeno due concorrenti" in out
    out = run(db, "new", "-n", "Nessuno", code=1)
    assert "--player" in out
    out = run(db, "new", "-n", " ", "-p", "A", "-p", "B", "--lang", "en", code=1)
    assert "a name cannot be empty" in out
    out = run(db, "new", "-n", "X", "-p", "A", "-p", "B", "--target", "-3", code=1)
    assert "almeno 1" in out
    out = run(db, "new", "-n", "X", "-p", "A", "-p", "B", "--format", "best-of:2", code=1)
    assert "numero dispari" in out
    out = run(db, "new", "-n", "X", "--pair", "Anna", "-p", "B", code=1)
    assert "Anna+Bruno" in out
    out = run(db, "list", "--lang", "de", code=1)
    assert "usa it o en" in out
    run(db, "new", "-n", "X", "-p", "A", "-p", "B")
    out = run(db, "new", "-n", "x", "-p", "A", "-p", "B", code=1)
    assert "c'è già un foglio di nome x" in out


def test_the_database_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.db"
    monkeypatch.setenv("BRISCOLA_SCORE_DB", str(path))
    result = CliRunner().invoke(score_app, ["new", "-n", "Env", "-p", "A", "-p", "B"])
    assert result.exit_code == 0, result.output
    assert SheetStore(path).find("Env").sheet.name == "Env"


SESSION = """\
1 +10
anna +10
anna +5
anna -5
2 = 40
bruno +1
sette bello
zeno +5
1 = 130
anna = 75
u
r
n
n
h
1 +10
2 +10
2 +10
q
"""


def test_interactive_score_keeper_from_a_script(db: str) -> None:
    run(db, "new", "-n", "Sera", "-p", "Anna", "-p", "Bruno")
    out = run(db, "play", "Sera", input=SESSION)
    said = [
        "Foglio Sera: scrivi h per l'aiuto, q per uscire.",
        "punti> 1 +10",  # each line is echoed from the pipe, then the sheet follows
        "non capisco 'sette bello': scrivi h per l'aiuto",
        "nessun concorrente corrisponde a 'zeno'",
        "qui sarebbero 171 (Anna 130 + Bruno 41)",
        "★ Anna VINCE la partita 1! (75-41)",
        "Annullato: Anna = 75",
        "Ripetuto: Anna = 75",
        "questa partita non ha ancora punti",  # the second n finds an empty game
        "Partita 1: Anna VINCE (Anna 75 · Bruno 41)",
        "Nuova partita",  # the help
    ]
    assert [line for line in said if line not in out] == []
    assert out.rstrip().endswith("Alla prossima! Il foglio è salvato.")
    # the last table: game 2 in progress, Anna's trophy
    assert "Sera · partita 2" in out
    assert row_of(out, "Anna")[1:3] == ["Anna  🏆 1", "10"]
    assert row_of(out, "Bruno")[1:3] == ["Bruno", "20"]

    # reopened from the database: everything is kept, undo included
    store = SheetStore(db)
    sheet = store.find("Sera").sheet
    assert sheet.game_number == 2 and sheet.totals == (10, 20)
    assert [c.trophies for c in sheet.competitors] == [1, 0]
    [game] = sheet.history
    assert (game.outcome, game.winner, game.totals) == (Outcome.WIN, "Anna", (75, 41))
    assert [g.game.winner for g in store.games(store.find("Sera").id)] == ["Anna"]
    assert sheet.undo().describe("en") == "Bruno +10"
    store.close()

    # and once more at the terminal, in English, ending at the end of the input
    out = run(db, "play", "1", "--lang", "en", input="u\nu\nu\nu\n")
    assert "Undone: new game" in out
    assert row_of(out, "Anna")[1:3] == ["Anna", "75"]  # no trophy any more
    assert out.rstrip().endswith("See you! The sheet is saved.")


def test_interactive_chiamata_session(db: str) -> None:
    run(db, "new", "-n", "Chiamata", "-p", "Anna", "-p", "Bruno", "-p", "Carla", "-p", "Dario",
        "-p", "Elena", "--target", "chiamata:3")  # fmt: skip
    lines = ["anna = 2", "bruno = 1", "carla -1", "dario -1", "m", "elena -1", "m"]
    lines += ["anna +2", "bruno +1", "carla -1", "dario -1", "elena -1", "n", "q"]
    out = run(db, "play", "Chiamata", "--lang", "en", input="\n".join(lines) + "\n")
    assert "in chiamata the units of a deal add up to zero: these add up to 1" in out
    assert "Anna WINS game 1! (4, 2, -2, -2, -2)" in out
    assert "Game 1: Anna WINS" in out
    sheet = SheetStore(db).find("Chiamata").sheet
    assert sheet.history[0].deals == ((2, 1, -1, -1, -1), (2, 1, -1, -1, -1))
