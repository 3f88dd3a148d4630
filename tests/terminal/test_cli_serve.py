"""``briscola serve --trick-hold SECONDS``: how long a completed trick stays on the table before
a computer player leads again reaches the server's settings; a value that is no number of
seconds from 0 to 30 is refused with a clear message (exit status 2) and starts nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from briscola.apps.cli.commands import app


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The options each ``serve`` would have started the server with (none is started)."""
    import briscola.apps.server as server

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(server, "serve", lambda **options: calls.append(options))
    monkeypatch.delenv("BRISCOLA_TRICK_HOLD", raising=False)
    return calls


def test_the_trick_hold_reaches_the_server(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(app, ["serve", "--trick-hold", "2.5", "--bot-workers", "0"])
    assert result.exit_code == 0, result.output
    assert [call["trick_hold"] for call in started] == [2.5]


def test_without_the_flag_the_server_reads_its_environment(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(app, ["serve", "--bot-workers", "0"])
    assert result.exit_code == 0, result.output
    assert started[0]["trick_hold"] is None  # create_app: $BRISCOLA_TRICK_HOLD, else 1.5


def test_the_server_holds_a_trick_as_long_as_it_is_told(tmp_path: Any) -> None:
    from briscola.apps.server import create_app

    made = create_app(f"sqlite:///{tmp_path}/b.db", trick_hold=0.25)
    assert made.state.settings.trick_hold == 0.25


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("-1", "da 0 a 30"),
        ("31", "da 0 a 30"),
        ("nan", "da 0 a 30"),
        ("inf", "da 0 a 30"),
        ("soon", "serve un numero"),  # Typer's own words in the command line's language
    ],
)
def test_a_bad_trick_hold_is_refused(started: list[dict[str, Any]], value: str, says: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--trick-hold", value])
    assert result.exit_code == 2, result.output
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())  # the box's lines joined
    assert "--trick-hold" in said and says in said, said
    assert not started


def test_the_help_names_the_flag() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], terminal_width=200)
    assert result.exit_code == 0
    assert "--trick-hold" in result.output and "BRISCOLA_TRICK_HOLD" in result.output
