"""A plain install (no extra) plays every level; each tool whose library is an extra says which
extra to install, in the command line's language, with status 2 and no traceback.

Each case runs in a fresh interpreter whose imports of the extras' libraries (and of the dev
extra's tools) fail, as on a plain ``pip install briscola``: a meta-path finder refuses them.
The wheel itself, installed into a clean virtual environment, is scripts/wheel_smoke.py's.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

import briscola
from briscola.bots import bot_names
from briscola.core.record import GameRecord
from briscola.core.rules import preset, preset_names
from briscola.extras import EXTRAS, install_command
from briscola.i18n import t
from helpers import random_game

pytestmark = pytest.mark.terminal

ROOT = Path(__file__).resolve().parents[2]
# What a plain install lacks: the libraries of every extra, and the dev extra's tools.
NOT_IN_A_PLAIN_INSTALL = (
    "torch", "ray", "matplotlib", "gymnasium", "pettingzoo", "psycopg",
    "pytest", "hypothesis", "httpx", "jsonschema", "schemathesis", "playwright",
)  # fmt: skip

BLOCKER = """
import sys

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Blocked())
"""


def run_without(
    code: str, blocked: tuple[str, ...] = NOT_IN_A_PLAIN_INSTALL, **env: str
) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter that cannot import the modules ``blocked``."""
    environ = {k: v for k, v in os.environ.items() if k != "BRISCOLA_LANG"}
    environ.update(NO_COLOR="1", COLUMNS="200", **env)
    return subprocess.run(
        [sys.executable, "-c", BLOCKER.format(blocked=blocked) + code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=environ,
    )


def briscola_without(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The ``briscola`` command with ``args``, none of the extras' libraries importable."""
    code = f"import sys\nfrom briscola.apps.cli import main\nsys.argv = {['briscola', *args]!r}\n"
    return run_without(code + "main()\n", **env)


def test_the_blocker_blocks() -> None:
    """The meta-path finder makes an extra's library (here torch) missing, as it would be."""
    done = run_without("import torch\n")
    assert done.returncode == 1 and "No module named 'torch'" in done.stderr


LEVELS = """
from briscola import apply, new_game, observe, preset
from briscola.bots import bot_names, make_bot
from briscola.core.rules import preset_names
for name in bot_names():
    for game in preset_names():
        rules = preset(game)
        state = new_game(rules, seed=3)
        bots = [make_bot(name, seed=seat) for seat in range(rules.players)]
        for _ in range(rules.players + 1):
            state = apply(state, bots[state.turn].act(observe(state, state.turn)))
        print(name, game, len(state.actions))
"""


def test_every_level_plays_on_a_plain_install() -> None:
    """Every level takes the first round's decisions of every preset (the auction's in Briscola
    chiamata): the search levels' kernels and the neural level's networks need only the base
    dependencies."""
    done = run_without(LEVELS)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    names = bot_names()
    assert {"champion", "neural", "hard"} <= set(names)
    for name in names:
        for game in preset_names():
            assert f"{name} {game} {preset(game).players + 1}" in lines


def test_the_environments_say_the_rl_extra_and_the_encoding_needs_none() -> None:
    code = """
from briscola.env import encode, OBS_SIZE
from briscola.extras import MissingExtra
print("encoding", OBS_SIZE)
for name in ("briscola_v0", "BriscolaEnv"):
    try:
        getattr(__import__("briscola.env", fromlist=[name]), name)
    except MissingExtra as exc:
        print(name, exc.extra, exc.module, "|", exc.text("en"), "|", exc)
"""
    done = run_without(code)
    assert done.returncode == 0, done.stderr
    said = {"en": t("terminal.extras.rl", "en", command=install_command("rl"))}
    said["it"] = t("terminal.extras.rl", "it", command=install_command("rl"))
    lines = done.stdout.splitlines()
    assert lines[0].startswith("encoding ")
    assert lines[1] == f"briscola_v0 rl pettingzoo | {said['en']} | {said['it']}"
    assert lines[2] == f"BriscolaEnv rl gymnasium | {said['en']} | {said['it']}"
    assert "pip install 'briscola[rl]'" in said["en"]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("record") / "deal.json"
    path.write_text(GameRecord.from_state(random_game(preset("classic"), seed=1)).to_json())
    return path


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize(
    ("extra", "args"),
    [
        ("train", ["train", "--out", "{tmp}/run", "--no-progress"]),
        ("ray", ["arena", "simple", "random", "--deals", "1", "--backend", "ray", "--no-progress"]),
        (
            "plots",
            ["arena", "simple", "random", "--deals", "1", "--out", "{tmp}/run", "--no-progress"],
        ),
        ("plots", ["bench", "--strength", "--deals", "1", "--plot", "{tmp}/run/strength.png"]),
        ("plots", ["analyze", "{record}", "--plot", "{tmp}/run/curve.png"]),
        # SQLAlchemy imports psycopg for the server's store: the error itself names the extra
        ("postgres", ["serve", "--port", "1", "--db", "postgresql+psycopg://u:p@127.0.0.1:1/db"]),
    ],
)
def test_a_tool_says_which_extra_to_install(
    extra: str, args: list[str], lang: str, tmp_path: Path, record_file: Path
) -> None:
    """In the command line's language, with status 2, no traceback, before any work: the run's
    folder is not made."""
    words = (a.format(tmp=tmp_path, record=record_file) for a in args)
    done = briscola_without(*words, BRISCOLA_LANG=lang)
    expected = t(f"terminal.extras.{extra}", lang, command=install_command(extra))
    assert (done.returncode, done.stderr.strip()) == (2, expected)
    # nothing else said (serve names its address before its store opens)
    assert done.stdout == "" or (args[0] == "serve" and done.stdout.count("\n") == 1)
    assert f"pip install 'briscola[{extra}]'" in expected
    assert not (tmp_path / "run").exists()


def test_the_messages_differ_by_language() -> None:
    for extra in EXTRAS:
        command = install_command(extra)
        it, en = (t(f"terminal.extras.{extra}", lang, command=command) for lang in ("it", "en"))
        assert it != en and command in it and command in en


def test_the_version_is_the_installed_distribution_s() -> None:
    """``briscola --version`` says pyproject.toml's version, read from the installed metadata."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    done = briscola_without("--version")
    assert done.returncode == 0
    assert done.stdout == f"briscola {project['version']}\n"
    assert briscola.__version__ == project["version"]


def test_the_extras_hold_no_player_s_library() -> None:
    """What a player's commands import is a base dependency: numpy and numba among them, and no
    extra but dev repeats one."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

    def names(requirements: list[str]) -> set[str]:
        return {r.split(">")[0].split("=")[0].split("[")[0].split("<")[0] for r in requirements}

    base = names(project["dependencies"])
    assert {"numpy", "numba", "fastapi", "uvicorn", "textual"} <= base
    extras = project["optional-dependencies"]
    assert set(extras) == {"dev", "rl", "plots", "ray", "postgres", "train"}
    for extra, requirements in extras.items():
        if extra != "dev":
            assert not names(requirements) & base, extra
            assert names(requirements) <= names(extras["dev"]), extra
    assert extras["train"] == ["torch==2.13.0"]  # a range would pull a CUDA build of GBs


def _smoke_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wheel_smoke", ROOT / "scripts/wheel_smoke.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_wheel(path: Path, leave_out: str) -> Path:
    """A zip holding the name of every file under src/briscola and docs' schemas, but one."""
    src = ROOT / "src"
    names = {
        p.relative_to(src).as_posix()
        for p in (src / "briscola").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    names |= {f"briscola/schemas/{p.name}" for p in (ROOT / "docs").glob("*.schema.json")}
    with zipfile.ZipFile(path, "w") as wheel:
        for name in sorted(names - {leave_out}):
            wheel.writestr(name, "")
    return path


@pytest.mark.parametrize(
    "leave_out",
    [
        "briscola/bots/weights/classic.npz",
        "briscola/apps/web/cards/Ad.svg",
        "briscola/i18n/ro.py",
        "briscola/schemas/protocol.schema.json",
        "briscola/apps/terminal/tui/styles.tcss",
    ],
)
def test_the_smoke_test_refuses_a_wheel_that_lacks_a_file(tmp_path: Path, leave_out: str) -> None:
    check_contents = _smoke_script().check_contents
    check_contents(_fake_wheel(tmp_path / "whole.whl", leave_out=""))  # the whole one passes
    with pytest.raises(SystemExit, match=re.escape(leave_out)):
        check_contents(_fake_wheel(tmp_path / "short.whl", leave_out=leave_out))
