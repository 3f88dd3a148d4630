"""The seat's identity at the table (issue 37, part 5): a seat a known player took carries their
avatar, whether they are a bot account and, for a claimed account, the username of their
profile, in every state and in the table's public information; a seat nobody known took has
none; no player id, no session, no token; a deleted account's seat shows nothing more."""

from __future__ import annotations

from typing import Any

import pytest

from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.protocol import PublicTable, StateMessage
from server.test_protocol import _record
from server.test_spectators import Spectator
from server_helpers import Player, TestClient

pytestmark = pytest.mark.server


def _seats(message: dict[str, Any]) -> list[dict[str, Any]]:
    table = message.get("table", message)
    return list(table["seats"])


def test_the_plates_know_the_avatar_the_profile_and_nothing_secret(client: TestClient) -> None:
    anna = client.post("/api/players/guest", json={"name": "Anna", "avatar": "🦊"}).json()
    anna_cookie = client.cookies.get(COOKIE)
    made = client.post(
        "/api/tables",
        json={
            "preset": "pairs",
            "host_name": "Anna",
            "seats": ["human", "human", "human", "bot:random"],
        },
    )
    table_id, code = made.json()["table_id"], made.json()["invite_code"]
    client.cookies.clear()
    bruno = client.post(
        "/api/players/signup",
        json={"username": "bruno_b", "password": "correct horse", "name": "Bruno", "avatar": "🐻"},
    ).json()
    bruno_cookie = client.cookies.get(COOKIE)
    joined = client.post(f"/api/tables/{table_id}/join", json={"invite_code": code, "name": "B"})
    client.cookies.clear()  # the third person has no player: no identity
    carla = client.post(f"/api/tables/{table_id}/join", json={"invite_code": code, "name": "C"})
    host = Player(client, table_id, 0, made.json()["token"])
    seats = _seats(host.connect())
    assert seats[0]["player"] == {"avatar": "🦊", "bot": False, "profile": None}  # a guest
    assert seats[joined.json()["seat"]]["player"] == {
        "avatar": "🐻",
        "bot": False,
        "profile": "bruno_b",
    }
    assert "player" not in seats[carla.json()["seat"]] and "player" not in seats[3]
    _record(host.messages[0])  # a real one for tests/js/protocol-messages.json
    text = str(host.messages) + client.get(f"/api/tables/{table_id}").text
    for secret in (
        anna["id"],
        bruno["id"],
        anna_cookie,
        bruno_cookie,
        made.json()["token"],
        joined.json()["token"],
    ):
        assert secret and secret not in text
    assert code not in client.get(f"/api/tables/{table_id}").text  # the host's state has it
    public = client.get(f"/api/tables/{table_id}").json()
    PublicTable.model_validate(public)
    assert _seats(public)[0]["player"]["avatar"] == "🦊"
    spectator = Spectator(client, table_id)
    watched = spectator.recv()
    StateMessage.model_validate(watched)
    assert _seats(watched)[joined.json()["seat"]]["player"]["profile"] == "bruno_b"
    spectator.close()
    host.close()


def test_a_seat_joined_later_shows_its_player_when_they_come(client: TestClient) -> None:
    made = client.post("/api/tables", json={"preset": "classic", "host_name": "Anna"}).json()
    host = Player(client, made["table_id"], 0, made["token"])
    assert "player" not in _seats(host.connect())[1]
    client.post("/api/players/guest", json={"name": "Bruno", "avatar": "🐻"})
    joined = client.post(
        f"/api/tables/{made['table_id']}/join",
        json={"invite_code": made["invite_code"], "name": "Bruno"},
    ).json()
    host.recv()  # joined
    bruno = Player(client, made["table_id"], joined["seat"], joined["token"])
    assert _seats(bruno.connect())[1]["player"]["avatar"] == "🐻"
    assert _seats(host.recv())[1]["player"]["avatar"] == "🐻"  # told as Bruno came
    bruno.close()
    host.close()


def test_a_deleted_accounts_seat_shows_no_identity(client: TestClient) -> None:
    client.post("/api/players/guest", json={"name": "Anna", "avatar": "🦊"})
    made = client.post("/api/tables", json={"preset": "classic", "host_name": "Anna"}).json()
    host = Player(client, made["table_id"], 0, made["token"])
    assert _seats(host.connect())[0]["player"]["avatar"] == "🦊"
    assert client.post("/api/players/me/delete", json={}).status_code == 200
    host.close()
    again = Player(client, made["table_id"], 0, made["token"])
    seat = _seats(again.connect())[0]
    assert "player" not in seat and seat["name"] == "giocatore cancellato"
    again.close()


def test_a_bot_accounts_seat_is_marked_as_a_bot(client: TestClient) -> None:
    owner = {"username": "carla_c", "password": "correct horse", "name": "Carla"}
    assert client.post("/api/players/signup", json=owner).status_code == 200
    made_bot = client.post("/api/players/me/bots/new", json={"name": "Robo_7"})
    assert made_bot.status_code == 201, made_bot.text
    bot = made_bot.json()["bot"]
    made = client.post("/api/tables", json={"preset": "classic", "host_name": "Carla"}).json()
    joined = client.post(
        f"/api/tables/{made['table_id']}/join",
        json={"invite_code": made["invite_code"], "name": "Robo"},
    ).json()
    # the bot account sits there (as the lobby links a matched seat to its player)
    client.app.state.accounts.take_seat(bot["id"], made["table_id"], joined["seat"])  # type: ignore[attr-defined]
    robo = Player(client, made["table_id"], joined["seat"], joined["token"])
    seat = _seats(robo.connect())[joined["seat"]]
    assert seat["player"] == {"avatar": "🤖", "bot": True, "profile": "Robo_7"}
    assert made_bot.json()["token"] not in str(robo.messages)
    robo.close()
