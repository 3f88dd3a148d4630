"""An unknown option's suggestion (issue 36, item 16): ``briscola play --level x`` suggests the
option meant, ``--opponent``, not the options spelled near «level» (``--help, --seed``); another
unknown option still gets Click's spelling suggestions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.i18n.cli import localize


@pytest.fixture(autouse=True)
def back_to_italian() -> Iterator[None]:
    yield
    localize("it")  # the words are the process's: leave them as the default for other tests


def _error(*args: str) -> str:
    runner = CliRunner(env={"COLUMNS": "200", "BRISCOLA_LANG": ""})
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    return " ".join(result.output.split())


def test_level_suggests_the_opponent_option() -> None:
    out = _error("play", "--level", "x")
    assert "Opzione sconosciuta: --level (opzioni possibili: --opponent)" in out, out
    out = _error("play", "--lang", "en", "--level", "x")
    assert "No such option: --level (Possible options: --opponent)" in out, out


def test_a_misspelt_option_still_gets_the_options_spelled_near_it() -> None:
    out = _error("play", "--sead", "3")
    assert "Opzione sconosciuta: --sead (opzioni possibili: --seat, --seed)" in out, out
