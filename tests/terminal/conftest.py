"""Fixtures of the terminal tests: output as through a pipe, and the line-mode game played from
a script of typed lines (``briscola play ... < script``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app

Play = Callable[..., str]
"""``play(*args, stdin=...)``: the output of ``briscola play ARGS`` fed the lines of ``stdin``."""


@pytest.fixture(autouse=True)
def plain_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output as through a pipe, even where the environment forces colour."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)


def _play(*args: str, stdin: str) -> str:
    result = CliRunner().invoke(app, ["play", *args], input=stdin)
    assert "Traceback" not in result.output, result.output
    return result.output


@pytest.fixture
def play() -> Play:
    """The line-mode game's output for a command line and a script of typed lines (a traceback
    in it fails the test)."""
    return _play
