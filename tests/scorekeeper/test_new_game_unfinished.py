"""``briscola score new-game`` never closes an unfinished game silently (issue 14, item 6): on a
terminal it asks, elsewhere it refuses and says to add ``--yes``; a won game closes at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from briscola.scorekeeper import cli
from briscola.scorekeeper.cli import score_app
from briscola.scorekeeper.store import SheetStore


def run(db: str, *args: str, input: str | None = None, code: int = 0) -> str:
    result = CliRunner(env={"COLUMNS": "120"}).invoke(score_app, [*args, "--db", db], input=input)
    assert result.exit_code == code, result.output
    return result.output


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A sheet ``Sera`` (Anna, Bruno) with 30-20 in its first game: unfinished."""
    path = str(tmp_path / "scores.db")
    run(path, "new", "--name", "Sera", "--player", "Anna", "--player", "Bruno")
    run(path, "set", "Sera", "anna", "30")
    run(path, "set", "Sera", "bruno", "20")
    return path


def game_number(db: str) -> int:
    store = SheetStore(db)
    try:
        return store.find("Sera").sheet.game_number
    finally:
        store.close()


def test_without_a_terminal_an_unfinished_game_is_refused_with_the_way_out(db: str) -> None:
    out = run(db, "new-game", "Sera", code=1)
    assert "La partita 1 non è finita (Anna 30 · Bruno 20)" in out
    assert "--yes" in out
    out = run(db, "new-game", "Sera", "--lang", "en", code=1)
    assert "Game 1 is not finished (Anna 30 · Bruno 20): to close it anyway, add --yes." in out
    assert game_number(db) == 1  # nothing closed


def test_yes_closes_the_unfinished_game(db: str) -> None:
    out = run(db, "new-game", "Sera", "--yes", "--lang", "en")
    assert "Sera · game 2" in out
    assert game_number(db) == 2


@pytest.mark.parametrize(("answer", "code", "games"), [("n\n", 1, 1), ("s\n", 0, 2)])
def test_on_a_terminal_it_asks_first(
    db: str, monkeypatch: pytest.MonkeyPatch, answer: str, code: int, games: int
) -> None:
    monkeypatch.setattr(cli, "_interactive", lambda: True)
    out = run(db, "new-game", "Sera", input=answer, code=code)
    assert "La partita 1 non è finita (Anna 30 · Bruno 20): chiuderla lo stesso? (s/n)" in out
    if code:
        assert "La partita continua." in out
    assert game_number(db) == games


def test_a_won_game_closes_without_a_question(db: str) -> None:
    run(db, "set", "Sera", "anna", "70")
    out = run(db, "new-game", "Sera", "--lang", "en")
    assert "Sera · game 2" in out
