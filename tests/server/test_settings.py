"""The server's one Settings (issue 35, part 5): every setting read from its ``BRISCOLA_*``
variable, given values first, bad values named; the settings handed to another process as
variables come back the same; ``create_app`` takes them whole or one by one; docs/operations.md's
table is the model's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from briscola.apps.server.app import create_app
from briscola.apps.server.limits import LOOPBACK, RateLimiter
from briscola.apps.server.settings import Rate, Settings, SettingsError, variable

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]

VALUES = {
    "host": ("0.0.0.0", "0.0.0.0"),
    "port": ("8123", 8123),
    "db": ("sqlite:///x.db", "sqlite:///x.db"),
    "log_level": ("WARNING", "warning"),
    "workers": ("3", 3),
    "redis": ("redis://:secret@127.0.0.1:6380/1", "redis://:secret@127.0.0.1:6380/1"),
    "trusted_proxies": ("127.0.0.1, 10.0.0.0/8", ("127.0.0.1", "10.0.0.0/8")),
    "bot_workers": ("2", 2),
    "bot_delay": ("0.25", 0.25),
    "human_timeout": ("5", 5.0),
    "move_timeout": ("7.5", 7.5),
    "trick_hold": ("0", 0.0),
    "stand_in": ("medium", "medium"),
    "max_tables": ("7", 7),
    "idle_seconds": ("3", 3.0),
    "lobby_offer_seconds": ("7.5", 7.5),
    "create_rate": ("5/2", Rate(5, 2)),
    "join_rate": ("off", Rate(0, 0)),
    "guess_rate": ("3/0.1", Rate(3, 0.1)),
    "message_rate": ("100/50", Rate(100, 50)),
    "rate_exempt": ("none", ()),
    "process": ("host-1-ab.2", "host-1-ab.2"),
    "tune_gc": ("1", True),
}


def test_every_setting_is_read_from_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(VALUES) == set(Settings.model_fields)
    for name, (text, _) in VALUES.items():
        monkeypatch.setenv(variable(name), text)
    settings = Settings.load()
    assert {name: getattr(settings, name) for name in VALUES} == {
        name: value for name, (_, value) in VALUES.items()
    }
    assert Settings.load(max_tables=9, port=None).max_tables == 9  # given first; None: not given
    again = Settings.load(trick_hold=2)
    assert again.trick_hold == 2.0 and again.max_tables == 7


def test_the_variables_of_some_settings_make_them_again(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings.load(
        trusted_proxies="::1", rate_exempt="10.0.0.9", create_rate="off", bot_delay=0.1
    )
    for name, text in settings.environ().items():
        monkeypatch.setenv(name, text)
    assert Settings.load() == settings
    assert RateLimiter(settings).exempt == ("10.0.0.9",) and settings.create_rate == Rate(0, 0)


def test_an_empty_variable_is_no_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRISCOLA_BOT_WORKERS", "")
    monkeypatch.setenv("BRISCOLA_DB", "")
    settings = Settings.load()
    assert settings.bot_workers is None and settings.db is None


def test_a_bad_value_is_named_where_it_was_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRISCOLA_IDLE_SECONDS", "soon")
    with pytest.raises(
        SettingsError, match=r"^BRISCOLA_IDLE_SECONDS must be a number, not 'soon'$"
    ):
        Settings.load()
    with pytest.raises(SettingsError, match=r"^--idle-seconds must be at least 0, not -1$"):
        Settings.load(label=lambda name: "--" + name.replace("_", "-"), idle_seconds=-1)
    with pytest.raises(SettingsError, match=r"^trick_hold must be from 0 to 30, not 45$"):
        Settings.load(trick_hold=45, idle_seconds=1)
    with pytest.raises(TypeError, match="unknown settings: speed"):
        Settings.load(speed=1)


def test_the_exemption_of_this_machine_holds_without_a_proxy_only() -> None:
    def exempt(**settings: str) -> tuple[str, ...]:
        return RateLimiter(Settings.load(**settings)).exempt

    assert exempt() == LOOPBACK
    assert exempt(trusted_proxies="127.0.0.1") == ()
    assert exempt(trusted_proxies="127.0.0.1", rate_exempt="::1") == ("::1",)


def test_create_app_takes_the_settings_whole_or_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRISCOLA_MOVE_TIMEOUT", "9")
    settings = Settings.load(db=f"sqlite:///{tmp_path / 'a.db'}", max_tables=3, bot_delay=0)
    made = create_app(settings).state.settings
    assert (made.max_tables, made.move_timeout) == (3, 9.0)
    made = create_app(settings, trick_hold=0.5, max_tables=2, guess_rate="off").state
    assert made.settings.trick_hold == 0.5 and made.rooms.settings.max_tables == 2
    assert made.rooms.limiter.check("guess", "10.0.0.1") is None
    made = create_app(tmp_path / "b.db", bot_delay=0, stand_in="medium").state.settings
    assert (made.db, made.stand_in, made.move_timeout) == (str(tmp_path / "b.db"), "medium", 9.0)
    with pytest.raises(SettingsError, match=r"^stand_in must be one of .*, not 'nobody'$"):
        create_app(tmp_path / "b.db", stand_in="nobody")


def test_every_serve_option_is_a_setting() -> None:
    from typer.main import get_command

    from briscola.apps.cli.commands import app

    serve = get_command(app).commands["serve"]  # type: ignore[attr-defined]
    options = {param.name: param.opts for param in serve.params}
    del options["print_nginx_config"]
    assert "max_tables" in options and set(options) <= set(Settings.model_fields)
    for name, flags in options.items():
        assert flags == ["--" + name.replace("_", "-")], name  # as a bad value names it


def _gen_settings(*args: str) -> subprocess.CompletedProcess[str]:
    script = ROOT / "scripts" / "gen_settings.py"
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True)


def test_the_settings_table_in_the_docs_is_current(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    checked = _gen_settings("--check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for name in Settings.model_fields:
        assert f"`{variable(name)}`" in doc
    stale = tmp_path / "operations.md"
    stale.write_text(doc.replace("| `BRISCOLA_PORT` | `8000` |", "| `BRISCOLA_PORT` | `80` |"))
    assert _gen_settings("--check", "--doc", str(stale)).returncode == 1
    assert _gen_settings("--doc", str(stale)).returncode == 0
    assert stale.read_text() == doc  # made again, as it was
