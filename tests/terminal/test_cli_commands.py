"""The ``briscola`` command's sub-commands are wired: serve, score, bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from briscola.apps.cli.commands import app


def test_score_is_mounted_and_forwards_arguments(tmp_path: object) -> None:
    runner = CliRunner()
    db = f"{tmp_path}/s.db"
    result = runner.invoke(
        app, ["score", "new", "--name", "casa", "--player", "Anna", "--player", "Bruno", "--db", db]
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["score", "add", "casa", "Anna", "+10", "--db", db])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["score", "show", "casa", "--db", db, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Anna" in result.output and "10" in result.output


def test_score_unknown_subcommand_fails_cleanly() -> None:
    result = CliRunner().invoke(app, ["score", "frobnicate"])
    assert result.exit_code == 2
    assert "frobnicate" in result.output


def test_serve_help_lists_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--port" in result.output and "--db" in result.output


def test_serve_rejects_a_bad_port() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2


def test_play_command_does_not_import_heavy_layers() -> None:
    code = (
        "import sys, briscola.apps.cli.commands; "
        "mods = ('numba', 'sqlalchemy', 'fastapi', 'pettingzoo'); "
        "heavy = [m for m in mods if m in sys.modules]; "
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_engine_and_arena_are_mounted() -> None:
    runner = CliRunner()
    for name in ("engine", "arena"):
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, result.output


def test_engine_answers_a_hello_through_the_command() -> None:
    result = CliRunner().invoke(app, ["engine", "--level", "simple"], input='{"type":"hello"}\n')
    assert result.exit_code == 0, result.output
    assert '"type": "hello"' in result.output or '"type":"hello"' in result.output


def test_bench_reference_writes_json(tmp_path: object) -> None:
    out = f"{tmp_path}/ref.json"
    result = CliRunner().invoke(app, ["bench", "--games", "5", "--preset", "pairs", "--json", out])
    assert result.exit_code == 0, result.output
    data = json.loads(Path(out).read_text())
    assert [r["preset"] for r in data["results"]] == ["pairs"]
    assert data["results"][0]["games"] == 5 and data["results"][0]["decisions"] >= 5 * 40


def test_bench_fast_compares_with_the_reference(tmp_path: object) -> None:
    out = f"{tmp_path}/fast.json"
    args = ["bench", "--fast", "--games", "2000", "--preset", "classic", "--workers", "1"]
    result = CliRunner().invoke(app, [*args, "--json", out])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(Path(out).read_text())["results"]
    assert row["preset"] == "classic"
    assert row["speedup"] > 1


def test_bench_rejects_an_unknown_preset() -> None:
    result = CliRunner().invoke(app, ["bench", "--preset", "sette"])
    assert result.exit_code == 2
    assert "sette" in result.output
