"""The command line's own words in the chosen language (issue 14): a bad option, a missing
argument, a bad value, an unknown command and ``--help``, in Italian (the default, as every
``--lang``) and in English (``--lang en`` anywhere on the line, or ``BRISCOLA_LANG``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.i18n.cli import localize
from briscola.scorekeeper.cli import score_app

# Typer's own English words, which an Italian command line never shows
ENGLISH_CHROME = re.compile(
    r"\b(Usage|No such option|Missing argument|Show this message|Try|Invalid value|Options|"
    r"Arguments|Commands|Error)\b|\[default: "
)


def run(*args: str, code: int, env: dict[str, str] | None = None, target: object = app) -> str:
    runner = CliRunner(env={"COLUMNS": "100", "BRISCOLA_LANG": "", **(env or {})})
    result = runner.invoke(target, list(args))  # type: ignore[arg-type]
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


@pytest.fixture(autouse=True)
def back_to_italian() -> Iterator[None]:
    yield
    localize("it")  # the words are the process's: leave them as the default for other tests


def test_a_bad_option_in_italian_and_in_english() -> None:
    out = run("play", "--bogus", code=2)
    assert "Uso: briscola play [OPZIONI] [PRESET]" in out
    assert "Scrivi 'briscola play --help' per l'aiuto." in out
    assert "Errore" in out and "Opzione sconosciuta: --bogus" in out
    assert not ENGLISH_CHROME.findall(out)
    out = run("play", "--bogus", "--lang", "en", code=2)
    assert "Usage: briscola play [OPTIONS] [PRESET]" in out
    assert "Try 'briscola play --help' for help." in out and "No such option: --bogus" in out


def test_a_missing_argument_in_italian_and_in_english() -> None:
    out = run("show", code=2, target=score_app)
    assert "Manca l'argomento 'SHEET'." in out and "Uso:" in out
    out = run("show", "--lang=en", code=2, target=score_app)
    assert "Missing argument 'SHEET'." in out and "Usage:" in out


def test_a_bad_value_and_an_unknown_command() -> None:
    out = run("play", "--seat", "x", code=2)
    assert "Valore non valido per '--seat': serve un numero intero" in out
    out = run("giocare", code=2)
    assert "Comando sconosciuto: 'giocare'." in out
    out = run("giocare", code=2, env={"BRISCOLA_LANG": "en"})
    assert "No such command 'giocare'." in out


def test_help_in_italian_and_in_english() -> None:
    out = run("play", "--help", code=0)
    for words in ("Uso: briscola play [OPZIONI] [PRESET]", "Argomenti", "Opzioni",
                  "Mostra questo aiuto ed esce.", "[predefinito: classic]"):  # fmt: skip
        assert words in out, words
    assert not ENGLISH_CHROME.findall(out)
    out = run("play", "--help", "--lang", "en", code=0)
    for words in ("Usage: briscola play [OPTIONS] [PRESET]", "Arguments", "Options",
                  "Show this message and exit.", "[default: classic]"):  # fmt: skip
        assert words in out, words
    out = run("--help", code=0, env={"BRISCOLA_LANG": "en"})
    assert "Usage: briscola [OPTIONS] COMMAND [ARGS]..." in out and "Commands" in out
    out = run("--help", code=0)
    assert "Uso: briscola [OPZIONI] COMANDO [ARGOMENTI]..." in out and "Comandi" in out


def test_the_environment_chooses_the_language_of_the_commands_too() -> None:
    out = run("new", "--name", "x", "--db", ":memory:", code=1, target=score_app,
              env={"BRISCOLA_LANG": "en"})  # fmt: skip
    assert "give the competitors with --player" in out
    out = run("new", "--name", "x", "--db", ":memory:", code=1, target=score_app)
    assert "dai i concorrenti con --player" in out
