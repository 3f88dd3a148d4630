"""The package as people install it (issue 38): build the sdist and the wheel, check them, install
the wheel into a clean virtual environment outside the checkout, and play with it there.

    .venv/bin/python scripts/wheel_smoke.py [--keep]

1. ``python -m build`` (the sdist, then the wheel built from the sdist), ``twine check --strict``.
2. The wheel holds every file of src/briscola that git tracks (the web client's pages, styles,
   scripts and card SVGs, the bots' weights, the i18n catalogs, the server's migrations), and
   every docs/*.schema.json as briscola/schemas/.
3. A new virtual environment in a temporary folder gets the wheel alone (``pip install``: the
   base dependencies, no extra), and its Python runs this script from that folder (``--inside``,
   importing nothing of the checkout): ``briscola --version``; a whole ``play`` against the
   champion by piped moves; a whole game of ``play --tui`` by keys (Textual's headless pilot);
   every level's first decisions in every preset; ``score``; the champion's move over the engine
   protocol (docs/protocol.md); ``analyze``; ``briscola serve`` on a free port answering ``/``
   and ``/healthz`` (the version in both), serving every file of the offline game (``/offline``,
   ``/sw.js``, each of ``offline/files.json``), and one whole game over its WebSocket, against the
   champion.

``make test`` runs it (so CI proves it on every submission). It prints each step's seconds; the
whole took 148 s to 270 s on a shared machine of two cores (README.md), most of it pip's install
and the first compile of the search's kernels in the new environment. ``--keep`` leaves
the temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# What the wheel must hold beyond the tracked files: each a path inside it, checked by name.
NAMED = (
    "briscola/apps/web/index.html",
    "briscola/apps/web/layout/base.html",
    "briscola/apps/web/css/base.css",
    "briscola/apps/web/js/table/home.js",
    "briscola/apps/web/cards/back.svg",
    "briscola/apps/terminal/tui/styles.tcss",
    "briscola/bots/weights/classic.npz",
    "briscola/bots/weights/pairs.npz",
    "briscola/bots/weights/chiamata-caller.json",
    "briscola/i18n/it.py",
    "briscola/i18n/en.py",
    "briscola/i18n/ro.py",
    "briscola/py.typed",
    # the offline game's (hatch_build.py, scripts/offline_bundle.py): ignored by git, built
    "briscola/apps/web/offline/briscola.zip",
    "briscola/apps/web/offline/files.json",
    "briscola/apps/web/offline/pyodide/pyodide.asm.wasm",
)


def say(step: str, started: float) -> None:
    print(f"wheel smoke: {step} ({time.monotonic() - started:.1f} s)", flush=True)


def run(*args: str | Path, cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``args`` run in ``cwd``; its output shown and the script stopped if it fails."""
    done = subprocess.run([str(a) for a in args], cwd=cwd, text=True, capture_output=True, **kwargs)
    if done.returncode != 0:
        sys.exit(f"wheel smoke: {' '.join(map(str, args))} failed:\n{done.stdout}{done.stderr}")
    return done


# -- outside: build, check, install ------------------------------------------------------------


def check_contents(wheel: Path) -> None:
    """Every tracked file of src/briscola, every named one, every docs/*.schema.json."""
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = run("git", "ls-files", "src/briscola", cwd=ROOT).stdout.split()
    wanted = {p.removeprefix("src/") for p in tracked if (ROOT / p).is_file()} | set(NAMED)
    wanted |= {f"briscola/schemas/{p.name}" for p in (ROOT / "docs").glob("*.schema.json")}
    cards = [n for n in names if n.startswith("briscola/apps/web/cards/") and n.endswith(".svg")]
    migrations = ROOT / "src" / "briscola" / "apps" / "server" / "migrations"
    if migrations.is_dir():  # the server's schema changes, run at start (alembic)
        wanted |= {
            p.relative_to(ROOT / "src").as_posix()
            for p in migrations.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }
    missing = sorted(wanted - names)
    if missing or len(cards) < 41:  # 40 cards and the back
        sys.exit(f"wheel smoke: the wheel lacks {missing or f'card SVGs ({len(cards)} found)'}")


def outside(keep: bool) -> None:
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="briscola-wheel-"))
    try:
        dist = tmp / "dist"
        run(sys.executable, "-m", "build", "--outdir", dist, ROOT, cwd=tmp)
        (sdist,), (wheel,) = dist.glob("*.tar.gz"), dist.glob("*.whl")
        say(f"built {sdist.name} and {wheel.name}", started)
        run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel, cwd=tmp)
        check_contents(wheel)
        say("twine check, the wheel's contents", started)
        venv = tmp / "venv"
        run(sys.executable, "-m", "venv", venv, cwd=tmp)
        python = venv / "bin" / "python"
        run(python, "-m", "pip", "install", "--quiet", wheel, cwd=tmp)
        say(f"installed into {venv}", started)
        inside = tmp / "smoke.py"
        shutil.copy(__file__, inside)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BRISCOLA_LANG")}
        done = subprocess.run(
            [str(python), str(inside), "--inside", str(ROOT)], cwd=tmp, env=env, check=False
        )
        if done.returncode != 0:
            sys.exit("wheel smoke: the installed wheel failed (above)")
        say("every step passed", started)
    finally:
        if keep:
            print(f"wheel smoke: kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


# -- inside: the clean environment's Python, run from the temporary folder ---------------------


def briscola(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> str:
    """The installed ``briscola`` command's output; it must succeed."""
    command = Path(sys.executable).parent / "briscola"
    environ = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", **(env or {})}
    done = subprocess.run(
        [str(command), *args], input=stdin, text=True, capture_output=True, env=environ
    )
    if done.returncode != 0:
        sys.exit(f"briscola {' '.join(args)}: status {done.returncode}\n{done.stdout}{done.stderr}")
    return done.stdout


def check(condition: bool, what: str) -> None:
    if not condition:
        sys.exit(f"wheel smoke: {what}")


def play_line_mode() -> None:
    out = briscola(
        "play", "--seed", "7", "--lang", "en", "--opponent", "champion", stdin="1\n" * 40
    )
    check("End of the deal" in out and "Points: " in out, f"play did not finish:\n{out}")


def play_tui() -> None:
    import asyncio

    from briscola.apps.terminal.game import GameOptions
    from briscola.apps.terminal.tui import TableApp
    from briscola.apps.terminal.tui.flow import BOT, MOVE, THE_END
    from briscola.core.match import MatchFormat
    from briscola.core.rules import preset

    options = GameOptions(preset("classic"), lang="en", seed=5, match=MatchFormat.parse("single"))
    app = TableApp(options, bot_delay=0, trick_hold=0)

    async def drive() -> None:
        async with app.run_test(size=(110, 34)) as pilot:
            for _ in range(2000):
                await pilot.pause()
                if app.game.waiting == MOVE:
                    await pilot.press("1")
                elif app.game.waiting != BOT:
                    break
            check(app.game.waiting == THE_END, f"the TUI game did not end ({app.game.waiting})")
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(drive())
    check(app.game.table.status == "over", "the TUI game is not over")


def every_level() -> None:
    """Each level takes the first round's decisions of every preset (the auction's in Briscola
    chiamata): the search levels' kernels compile and the networks load in the new environment."""
    from briscola import apply, new_game, observe, preset
    from briscola.bots import bot_names, make_bot
    from briscola.core.rules import preset_names

    for game in preset_names():
        rules = preset(game)
        for name in bot_names():
            state = new_game(rules, seed=3)
            bots = [make_bot(name, seed=seat) for seat in range(rules.players)]
            for _ in range(rules.players + 1):
                check(state.turn is not None, f"{game}: the deal ended early")
                assert state.turn is not None
                state = apply(state, bots[state.turn].act(observe(state, state.turn)))


def score(tmp: Path) -> None:
    db = ["--db", str(tmp / "score.db"), "--lang", "en"]
    briscola("score", "new", "--name", "Sera", "--player", "Anna", "--player", "Bruno", *db)
    briscola("score", "set", "Sera", "anna", "70", *db)
    briscola("score", "set", "Sera", "bruno", "50", *db)
    out = briscola("score", "show", "Sera", *db)
    check("Anna" in out and "70" in out, f"score show:\n{out}")


def engine() -> None:
    from briscola import new_game, observe, preset

    state = new_game(preset("classic"), seed=3)
    assert state.turn is not None
    obs = observe(state, state.turn)
    requests = [{"type": "hello"}, {"type": "act", "id": 1, "observation": obs.to_dict()}]
    lines = "".join(json.dumps(r) + "\n" for r in [*requests, {"type": "quit"}])
    replies = [json.loads(line) for line in briscola("engine", "--level", "champion", stdin=lines)
               .splitlines()]  # fmt: skip
    hello, action, bye = replies
    check(hello["type"] == "hello" and hello["name"] == "briscola-champion", f"hello: {hello}")
    check(action["type"] == "action" and action["id"] == 1, f"act: {action}")
    check(action["action"] in [str(a) for a in obs.legal], f"an illegal move: {action}")
    check(bye == {"type": "bye"}, f"quit: {bye}")


def analyze(tmp: Path) -> None:
    from briscola import apply, new_game, observe, preset
    from briscola.bots import make_bot
    from briscola.core.record import GameRecord

    state = new_game(preset("classic"), seed=9)
    bot = make_bot("simple", seed=1)
    while state.turn is not None:
        state = apply(state, bot.act(observe(state, state.turn)))
    (tmp / "deal.json").write_text(GameRecord.from_state(state).to_json())
    briscola("analyze", str(tmp / "deal.json"), "--budget", "50", "--json", str(tmp / "a.json"))
    moves = json.loads((tmp / "a.json").read_text())["moves"]
    check(len(moves) == 20, f"analyze rated {len(moves)} moves, not 20")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(tmp: Path) -> Iterator[str]:
    """``briscola serve`` on a free port, until it answers ``/healthz``; its base URL."""
    port = free_port()
    command = Path(sys.executable).parent / "briscola"
    env = {**os.environ, "BRISCOLA_BOT_DELAY": "0", "BRISCOLA_TRICK_HOLD": "0"}
    args = [str(command), "serve", "--port", str(port), "--db", f"sqlite:///{tmp / 'web.db'}"]
    log = (tmp / "serve.log").open("w")
    proc = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if proc.poll() is not None:
                break
            try:
                urllib.request.urlopen(url + "/healthz", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        check(proc.poll() is None, "briscola serve stopped:\n" + (tmp / "serve.log").read_text())
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return reply.status, reply.read().decode()


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
        return answer


def web_game(url: str) -> int:
    """One whole game against the champion over the WebSocket (docs/web-protocol.md); how many
    moves the human seat took."""
    from websockets.sync.client import connect

    table = post(url + "/api/play", {"level": "champion", "lang": "en"})
    moves = 0
    seen = -1
    ws_url = url.replace("http", "ws", 1) + f"/ws/{table['table_id']}"
    with connect(ws_url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["token"]}))
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "error":
                sys.exit(f"wheel smoke: the server refused a move: {message}")
            if message["type"] != "state":
                continue
            obs = message["observation"]
            if message["table"]["status"] == "over":
                return moves
            done = len(obs["actions"])
            if obs["turn"] == message["seat"] and obs["legal"] and done != seen:
                seen = done
                ws.send(json.dumps({"type": "action", "action": obs["legal"][0]}))
                moves += 1
    sys.exit("wheel smoke: the game over the WebSocket did not end in 240 s")


def serve(tmp: Path, version: str) -> None:
    with server(tmp) as url:
        status, home = get(url + "/")
        check(status == 200 and "<html" in home, f"/ answered {status}")
        check(f"briscola {version}" in home, "the home page's footer lacks the version")
        health = json.loads(get(url + "/healthz")[1])
        check(health["status"] == "ok", f"/healthz: {health}")
        check(health.get("version") == version, f"/healthz's version: {health.get('version')}")
        # the offline game's files, from the installed package (docs/offline.md)
        listed = json.loads(get(url + "/static/offline/files.json")[1])["files"]
        for path in ("/offline", "/sw.js", "/static/offline/briscola.zip", *listed):
            with urllib.request.urlopen(url + path, timeout=10) as reply:
                check(reply.status == 200, f"{path} answered {reply.status}")
        moves = web_game(url)
        check(moves == 20, f"the human seat took {moves} moves over the WebSocket, not 20")


def inside(checkout: Path) -> None:
    from importlib.metadata import version

    import briscola as package

    started = time.monotonic()
    where = Path(package.__file__).resolve()
    check(checkout not in where.parents, f"briscola imported from the checkout: {where}")
    tmp = Path.cwd()
    out = briscola("--version")
    check(out == f"briscola {version('briscola')}\n", f"--version said {out!r}")
    steps = [
        ("play (line mode, against the champion)", play_line_mode),
        ("play --tui (a whole game by keys, headless)", play_tui),
        ("every level decides in every preset", every_level),
        ("score", lambda: score(tmp)),
        ("engine (a champion's move)", engine),
        ("analyze", lambda: analyze(tmp)),
        (
            "serve (/, /healthz, the offline game's files, a game over the WebSocket)",
            lambda: serve(tmp, version("briscola")),
        ),
    ]
    for name, step in steps:
        step()
        say(name, started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="leave the temporary folder")
    parser.add_argument("--inside", metavar="CHECKOUT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        inside(Path(args.inside).resolve())
    else:
        outside(args.keep)


if __name__ == "__main__":
    main()
