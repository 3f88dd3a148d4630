"""``briscola serve``'s flags build the server's settings: ``--trick-hold SECONDS`` (how long a
completed trick stays on the table before a computer player leads again) and the others reach
:class:`~briscola.apps.server.settings.Settings`, a flag before its ``BRISCOLA_*`` variable; a
value that cannot be used is refused with a clear message naming the flag or the variable (exit
status 2) and starts nothing."""

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
    monkeypatch.setattr(server, "serve", lambda settings: calls.append(dict(settings)))
    monkeypatch.delenv("BRISCOLA_TRICK_HOLD", raising=False)
    return calls


def test_the_trick_hold_reaches_the_server(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(app, ["serve", "--trick-hold", "2.5", "--bot-workers", "0"])
    assert result.exit_code == 0, result.output
    assert [call["trick_hold"] for call in started] == [2.5]


def test_without_the_flag_the_server_reads_its_environment(started: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(app, ["serve", "--bot-workers", "0"])
    assert result.exit_code == 0, result.output
    assert started[0]["trick_hold"] == 1.5  # $BRISCOLA_TRICK_HOLD, else 1.5


def test_the_server_holds_a_trick_as_long_as_it_is_told(tmp_path: Any) -> None:
    from briscola.apps.server.app import create_app

    made = create_app(f"sqlite:///{tmp_path}/b.db", trick_hold=0.25)
    assert made.state.settings.trick_hold == 0.25


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("-1", "vuole un valore da 0 a 30, non -1"),
        ("31", "vuole un valore da 0 a 30, non 31"),
        ("nan", "vuole un valore da 0 a 30, non nan"),
        ("inf", "vuole un valore da 0 a 30, non inf"),
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


def test_a_flag_comes_before_its_variable(
    started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRISCOLA_TRICK_HOLD", "2")
    monkeypatch.setenv("BRISCOLA_TRUSTED_PROXIES", "10.0.0.1")
    monkeypatch.setenv("BRISCOLA_MESSAGE_RATE", "5/2")
    runner = CliRunner()
    assert runner.invoke(app, ["serve", "--bot-workers", "0"]).exit_code == 0
    line = ["serve", "--bot-workers", "0", "--trick-hold", "0", "--trusted-proxies", "::1"]
    assert runner.invoke(app, line).exit_code == 0
    first, second = started
    assert (first["trick_hold"], first["trusted_proxies"]) == (2.0, ("10.0.0.1",))
    assert (second["trick_hold"], second["trusted_proxies"]) == (0.0, ("::1",))
    assert str(first["message_rate"]) == str(second["message_rate"]) == "5/2"
    assert first["tune_gc"] is False  # serve() sets it for its own process


@pytest.mark.parametrize(
    ("line", "env", "lang", "says"),
    [
        (["--trusted-proxies", "nginx"], {}, "it",
         "--trusted-proxies vuole indirizzi IP o reti separati da virgole, o none, non 'nginx'"),
        ([], {"BRISCOLA_GUESS_RATE": "0/5"}, "en",
         "BRISCOLA_GUESS_RATE must be BURST/PER_SECOND (BURST at least 1, PER_SECOND above 0, "
         "e.g. 30/0.5) or off, not '0/5'"),
        ([], {"BRISCOLA_RATE_EXEMPT": "10.0.0.0/8"}, "it",
         "BRISCOLA_RATE_EXEMPT vuole indirizzi IP separati da virgole, o none, non '10.0.0.0/8'"),
        (["--log-level", "loud"], {}, "it",
         "--log-level vuole uno fra critical, error, warning, info, debug o trace, non 'loud'"),
        (["--redis", "localhost:6379"], {}, "en",
         "--redis must be a redis://, rediss:// or unix:// URL, not 'localhost:6379'"),
        ([], {"BRISCOLA_BOT_DELAY": "-1"}, "it", "BRISCOLA_BOT_DELAY vuole almeno 0, non '-1'"),
    ],
)  # fmt: skip
def test_a_bad_setting_is_named_in_the_chosen_language(
    started: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
    line: list[str],
    env: dict[str, str],
    lang: str,
    says: str,
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("BRISCOLA_LANG", lang)
    result = CliRunner().invoke(app, ["serve", *line])
    assert result.exit_code == 2, result.output
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())
    assert says in said, said
    assert not started


def test_the_help_says_when_this_machine_is_not_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRISCOLA_LANG", "en")
    result = CliRunner().invoke(app, ["serve", "--help"], terminal_width=200)
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())
    assert "without --trusted-proxies this machine's own addresses are not limited" in said
    assert "this machine's addresses are limited like any other" in said
