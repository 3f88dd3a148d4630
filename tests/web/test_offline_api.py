"""The offline game's Python (issue 39), without a browser: the bundle of sources that Pyodide
runs (scripts/offline_bundle.py) holds the rules core, the session and the offline levels and no
Numba or NumPy, and plays a whole match from the zip alone; the local table's state messages are
the server's, key for key; and POST /api/offline-games replays a finished game, stores it once,
and refuses a record that does not replay.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson
import pytest

from briscola.apps.server import room
from briscola.apps.server.players.offline import table_id_of
from briscola.apps.server.views import Views
from briscola.session.local import LEVELS, SPEEDS, LocalTable
from server_helpers import TestClient, client_for

ROOT = Path(__file__).resolve().parents[2]


def _bundle_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "offline_bundle", ROOT / "scripts/offline_bundle.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sources' zip, made from the package as the app's is."""
    out = tmp_path_factory.mktemp("offline")
    path: Path = _bundle_script().write_bundle(ROOT / "src", out)
    return path


def _imports(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_the_bundle_is_the_pure_python_path_and_imports_no_numba(bundle: Path) -> None:
    names = zipfile.ZipFile(bundle).namelist()
    for needed in ("briscola/session/local.py", "briscola/core/rules.py", "briscola/bots/easy.py"):
        assert needed in names
    for never in ("briscola/fast/", "briscola/apps/", "briscola/train/", "briscola/env/"):
        assert not [n for n in names if n.startswith(never)], never
    with zipfile.ZipFile(bundle) as zf:
        imported = set().union(*(_imports(zf.read(n).decode()) for n in names))
    assert not imported & {"numba", "numpy", "pydantic", "orjson", "torch"}
    assert imported - {"briscola", "__future__"} <= set(sys.stdlib_module_names)


PLAY_FROM_ZIP = """
import json, sys
sys.path[:0] = [sys.argv[1]]
class Refuse:
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top != "briscola" and top not in sys.stdlib_module_names:
            raise ImportError(name)
sys.meta_path.insert(0, Refuse())
from briscola.session.local import LEVELS, SPEEDS, LocalTable
import briscola.session.local as local
assert local.__file__.startswith(sys.argv[1]), local.__file__
out = []
for level in LEVELS:
    game = LocalTable("classic", level, seed=11)
    game.receive('{"type": "hello"}')
    game.table.seats[0].autoplay = True  # a computer plays the person's seat too
    while game.bot_step() is not None:
        pass
    out.append(game.record())
print(json.dumps(out))
"""


def test_a_whole_match_plays_from_the_zip_alone(bundle: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-c", PLAY_FROM_ZIP, str(bundle)],
        capture_output=True,
        text=True,
        cwd=bundle.parent,
        check=True,
    )
    records = json.loads(done.stdout)
    assert [r["level"] for r in records] == list(LEVELS)
    for record in records:
        assert record["standing"]["over"] is True
        assert sum(record["standing"]["points"]) == 120
        assert len(record["deals"][0][2]) == 40


FLOW = {
    "spectators": 0,
    "speed": "normale",
    "clock": None,
    "rematch": None,
    "watch_url": None,
    "trick_hold_ms": 1500,
}


def test_the_local_state_messages_are_the_servers_key_for_key() -> None:
    game = LocalTable("classic", "easy", seed=5, names=["Anna", "Bruno"])
    views = Views(game.table, "offline", hints=False)
    messages = [json.loads(game.receive('{"type": "hello"}')[0])]
    events: list[Any] = []
    while game.table.status == "playing":
        if game.table.to_act() == 0:
            card = game.table.observation(0).hand[0]  # type: ignore[union-attr]
            text = game.receive(json.dumps({"type": "action", "action": str(card)}))[0]
        else:
            step = game.bot_step()
            assert step is not None
            text = step
        messages.append(json.loads(text))
        events = messages[-1]["events"]
        shared = views.shared([], FLOW)
        server = orjson.loads(orjson.dumps(views.message(0, shared, host=True)))
        mine = dict(messages[-1], events=[])
        assert mine == server
    assert [e["type"] for e in events][-2:] == ["deal_over", "match_over"]
    assert json.loads(game.receive('{"type": "action", "action": "Ad"}')[0])["code"] in (
        "match_over",
        "not_your_turn",
    )


def _finished(level: str = "easy", seed: int = 3) -> dict[str, Any]:
    game = LocalTable("classic", level, seed=seed, names=["Anna"])
    game.table.seats[0].autoplay = True
    while game.bot_step() is not None:
        pass
    game.table.seats[0].autoplay = False
    return game.record()


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with client_for(tmp_path / "briscola.db") as c:
        yield c


def test_the_speed_is_the_servers_and_chosen_on_the_device() -> None:
    """The bar's speed menu offline: the server's speeds (a name it lacks left the menu blank),
    the one chosen in every state message after it, an unknown one refused as the server does."""
    assert tuple(room.SPEEDS) == SPEEDS
    game = LocalTable("classic", "easy", seed=5)
    assert json.loads(game.receive('{"type": "hello"}')[0])["speed"] == "normale"
    chosen = json.loads(game.receive('{"type": "speed", "speed": "veloce"}')[0])
    assert chosen["type"] == "state" and chosen["speed"] == "veloce"
    assert json.loads(game.receive('{"type": "sync"}')[0])["speed"] == "veloce"
    refused = json.loads(game.receive('{"type": "speed", "speed": "fast"}')[0])
    assert refused["type"] == "error" and refused["code"] == "bad_speed"
    assert game.speed == "veloce"


def test_a_finished_game_is_stored_once_and_reviewed(client: TestClient) -> None:
    record = _finished()
    body = {"id": "dev-game-1", "record": record, "name": "Anna"}
    first = client.post("/api/offline-games", json=body)
    assert first.status_code == 200, first.text
    table_id = first.json()["table_id"]
    assert table_id == table_id_of("dev-game-1")
    again = client.post("/api/offline-games", json=body)
    assert again.json() == first.json()
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "over"
    assert table["seats"][0]["name"] == "Anna"
    assert table["match"]["points"] == record["standing"]["points"]
    deal = client.get(f"/api/tables/{table_id}/deals/0").json()
    assert deal["record"]["actions"] == record["deals"][0][2]


def test_a_record_that_does_not_replay_is_refused(client: TestClient) -> None:
    record = _finished()
    actions = record["deals"][0][2]
    dealer, deck = record["deals"][0][:2]
    bad = dict(record, deals=[[dealer, deck, [actions[1], *actions[1:]]]])
    r = client.post("/api/offline-games?lang=en", json={"id": "dev-bad-1", "record": bad})
    assert r.status_code == 400 and r.json()["code"] == "bad_record"
    short = dict(record, deals=[[dealer, deck, actions[:-1]]])
    r = client.post("/api/offline-games?lang=it", json={"id": "dev-bad-2", "record": short})
    assert r.status_code == 400 and r.json()["code"] == "deal_not_over"
    assert r.json()["message"] == "La smazzata non è ancora finita."
    champion = dict(record, level="champion")
    r = client.post("/api/offline-games", json={"id": "dev-bad-3", "record": champion})
    assert r.status_code == 400 and r.json()["code"] == "unknown_level"
    assert client.get(f"/api/tables/{table_id_of('dev-bad-2')}").status_code == 404
