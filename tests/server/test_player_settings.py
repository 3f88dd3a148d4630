"""A player's table settings (issue 39 part 1, with issue 37's players): kept on the server with
the player, shown by ``GET /api/players/me``, changed through ``/me/update`` (each setting one
of its choices, an unknown one refused 422), the same from the player's second browser, never
read or changed with another player's cookie; the server's decks are deck.js's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest

from briscola.apps.server.players.routes import Settings
from server_helpers import TestClient, client_for

pytestmark = pytest.mark.server

ME = "/api/players/me"
UPDATE = ME + "/update"
PASSWORD = "correct horse battery"
DECK_JS = Path(__file__).parents[2] / "src/briscola/apps/web/js/common/deck.js"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "settings.db") as c:
        yield c


def second(client: TestClient) -> TestClient:
    return TestClient(client.app, client=("testclient", 50001))


def start(client: TestClient, name: str) -> dict[str, Any]:
    r = client.post("/api/players/guest", json={"name": name, "avatar": ""})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_settings_are_stored_with_the_player_and_follow_them_to_another_browser(
    client: TestClient,
) -> None:
    assert start(client, "Anna")["settings"] == {}
    chosen = {"deck": "napoletane", "cards": "large", "hold": "long", "hand": "left",
              "sound": True, "volume": "quiet", "sort": True}  # fmt: skip
    r = client.post(UPDATE, json={"settings": chosen})
    assert r.status_code == 200 and r.json()["settings"] == chosen
    r = client.post(UPDATE, json={"settings": {"cards": "small", "sound": False}})
    assert r.json()["settings"] == {**chosen, "cards": "small", "sound": False}  # others stay
    r = client.post("/api/players/signup", json={"username": "anna", "password": PASSWORD})
    assert r.status_code == 200, r.text
    laptop = second(client)
    r = laptop.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["settings"]["deck"] == "napoletane"
    assert laptop.get(ME).json()["settings"] == {**chosen, "cards": "small", "sound": False}


@pytest.mark.parametrize(
    "settings",
    [
        {"deck": "siciliane"},
        {"cards": "huge"},
        {"cards": 1.2},
        {"hold": "forever"},
        {"hand": "both"},
        {"volume": "deafening"},
        {"volume": 11},
        {"sound": "maybe"},
        {"sort": 1},  # a switch is true or false, never a number
        {"sound": "true"},
        {"colour": "green"},
        ["deck", "napoletane"],
    ],
)
def test_a_setting_out_of_its_choices_or_unknown_is_refused(
    client: TestClient, settings: Any
) -> None:
    start(client, "Anna")
    client.post(UPDATE, json={"settings": {"deck": "piacentine"}})
    r = client.post(UPDATE, json={"settings": settings})
    assert r.status_code == 422, r.text
    assert client.get(ME).json()["settings"] == {"deck": "piacentine"}  # nothing changed


def test_another_players_cookie_neither_reads_nor_changes_them(client: TestClient) -> None:
    start(client, "Anna")
    client.post(UPDATE, json={"settings": {"deck": "francesi", "cards": "large"}})
    bruno = second(client)
    assert bruno.get(ME).status_code == 401
    assert bruno.post(UPDATE, json={"settings": {"deck": "progetto"}}).status_code == 401
    start(bruno, "Bruno")
    assert bruno.get(ME).json()["settings"] == {}
    bruno.post(UPDATE, json={"settings": {"deck": "progetto"}})
    assert client.get(ME).json()["settings"] == {"deck": "francesi", "cards": "large"}
    assert bruno.get(ME).json()["settings"] == {"deck": "progetto"}


def test_the_servers_decks_are_the_web_clients() -> None:
    found = re.search(r"export const DECKS = \[([^\]]*)\]", DECK_JS.read_text(encoding="utf-8"))
    assert found is not None
    js_decks = re.findall(r'"([a-z]+)"', found.group(1))
    deck_type = Settings.model_fields["deck"].annotation
    assert js_decks and list(get_args(get_args(deck_type)[0])) == js_decks
