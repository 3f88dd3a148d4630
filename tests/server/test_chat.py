"""Free-text chat at a table with friends whose host allows it (issue 37, part 5): a seat's line
reaches every seat and spectator; refused where the host did not allow it, at a table against
the computer, from a spectator, too long or empty, over the message rate; the host's choice
survives a restart, the lines are only in memory (sent again to a socket that connects)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from briscola.apps.server.chat import KEPT
from briscola.apps.server.protocol import CHAT_LENGTH, ChatShown, StateMessage
from server.test_protocol import _record
from server.test_rematch import _play_to_the_end
from server.test_spectators import Spectator
from server_helpers import Player, TestClient, client_for, connect_all, nothing_pending

pytestmark = pytest.mark.server


def chat_table(
    client: TestClient, chat: bool = True, seats: list[str] | None = None, preset: str = "classic"
) -> tuple[str, list[tuple[int, str]]]:
    """A table with friends (the host allows the chat, or not), every other person joined."""
    seats = seats or ["human", "human"]
    body = {"preset": preset, "seats": seats, "host_name": "Anna", "chat": chat}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    made = r.json()
    tokens = [(0, made["token"])]
    for i in range(seats.count("human") - 1):
        join = {"invite_code": made["invite_code"], "name": f"Bruno{i}"}
        j = client.post(f"/api/tables/{made['table_id']}/join", json=join)
        tokens.append((j.json()["seat"], j.json()["token"]))
    return made["table_id"], tokens


def _said(players: list[Any]) -> list[dict[str, Any]]:
    return [p.recv() for p in players]


def test_a_line_reaches_every_seat_and_the_spectator(client: TestClient) -> None:
    table_id, tokens = chat_table(client, preset="pairs", seats=["human"] * 4)
    players = connect_all(client, table_id, tokens)
    assert players[0].last_state["chat"] is True
    spectator = Spectator(client, table_id)
    assert spectator.recv()["chat"] is True
    _said(players)  # a spectator came
    players[2].send({"type": "chat", "text": "  Ciao\n a   tutti! 🦊 "})
    line = {"type": "chat", "seat": players[2].seat, "text": "Ciao a tutti! 🦊"}
    for message in _said([*players, spectator]):
        assert message == line
        ChatShown.model_validate(message)
        _record(message)  # a real one for tests/js/protocol-messages.json
    players[1].send({"type": "emote", "emote": "bella_giocata"})  # free before the deal
    for message in _said([*players, spectator]):
        assert message == {"type": "emote", "seat": players[1].seat, "emote": "bella_giocata"}
        _record(message)
    spectator.send({"type": "chat", "text": "posso?"})  # spectators read, they do not write
    refused = spectator.recv()
    assert refused["type"] == "error" and refused["code"] == "spectator"
    assert all(nothing_pending(p.ws) for p in players)  # nobody is told of it
    spectator.close()


def test_too_long_or_empty_lines_are_refused_and_nobody_is_told(client: TestClient) -> None:
    table_id, tokens = chat_table(client)
    first, second = connect_all(client, table_id, tokens)
    for text in ("x" * (CHAT_LENGTH + 1), "", "   \n ", 7):
        first.send({"type": "chat", "text": text})
        refused = first.recv()
        assert refused["type"] == "error" and refused["code"] == "bad_message", (text, refused)
    first.send({"type": "chat", "text": "y" * CHAT_LENGTH})  # the longest line is fine
    assert first.recv()["text"] == "y" * CHAT_LENGTH
    assert second.recv()["text"] == "y" * CHAT_LENGTH
    assert nothing_pending(second.ws)


@pytest.mark.parametrize(
    ("how", "seats"),
    [("host said no", ["human", "human"]), ("one person", ["human", "bot:random"])],
)
def test_chat_is_refused_where_it_is_not_open(
    client: TestClient, how: str, seats: list[str]
) -> None:
    table_id, tokens = chat_table(client, chat=how != "host said no", seats=seats)
    players = connect_all(client, table_id, tokens)
    assert players[0].last_state["chat"] is False
    players[0].send({"type": "chat", "text": "ciao"})
    refused = players[0].recv()
    assert refused == {
        "type": "error",
        "code": "chat_off",
        "message": "A questo tavolo non c'è la chat: chi l'ha aperto non l'ha permessa.",
    }
    assert all(nothing_pending(p.ws) for p in players)


def test_a_table_against_the_computer_has_no_chat(client: TestClient) -> None:
    r = client.post("/api/play", json={"preset": "classic", "name": "Anna", "lang": "en"})
    body = r.json()
    player = Player(client, body["table_id"], 0, body["token"])
    assert player.connect()["chat"] is False
    player.send({"type": "chat", "text": "hello?"})
    refused = player.recv()
    while refused["type"] == "state":  # the computer may be playing
        refused = player.recv()
    assert refused["code"] == "chat_off"
    assert refused["message"] == "There is no chat at this table: its host did not allow it."
    player.close()


def test_lines_over_the_message_rate_are_refused(tmp_path: Path) -> None:
    limited = {"message_rate": "4/0.01", "rate_exempt": "none"}  # 4, then one a 100 s
    with client_for(tmp_path / "rate.db", **limited) as client:
        table_id, tokens = chat_table(client)
        first, second = connect_all(client, table_id, tokens)
        codes = []
        for i in range(6):
            first.send({"type": "chat", "text": f"riga {i}"})
            codes.append(first.recv().get("code"))
        assert codes[:4] == [None] * 4 and codes[4:] == ["rate_limited"] * 2, codes
        assert [second.recv()["text"] for _ in range(4)] == [f"riga {i}" for i in range(4)]
        assert nothing_pending(second.ws)


def test_the_lines_are_sent_again_to_a_socket_that_connects(client: TestClient) -> None:
    table_id, tokens = chat_table(client)
    first, second = connect_all(client, table_id, tokens)
    for i in range(KEPT + 3):
        (first if i % 2 else second).send({"type": "chat", "text": f"riga {i}"})
        first.recv()
        second.recv()
    second.close()
    first.recv()  # second left
    again = Player(client, table_id, tokens[1][0], tokens[1][1])
    assert again.connect()["type"] == "state"
    replayed = [again.recv() for _ in range(KEPT)]
    assert [m["text"] for m in replayed] == [f"riga {i}" for i in range(3, KEPT + 3)]
    assert nothing_pending(again.ws, 0.2)  # each line once
    spectator = Spectator(client, table_id)
    spectator.recv()  # its state
    assert [spectator.recv()["text"] for _ in range(KEPT)][-1] == f"riga {KEPT + 2}"
    spectator.close()


def test_the_hosts_choice_survives_a_restart_and_the_lines_do_not(tmp_path: Path) -> None:
    db = tmp_path / "restart.db"
    with client_for(db) as client:
        table_id, tokens = chat_table(client)
        first, second = connect_all(client, table_id, tokens)
        first.send({"type": "chat", "text": "segreto tra noi"})
        first.recv()
        second.recv()
        first.close()
        second.close()
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        row = conn.execute(
            sa.text("SELECT chat FROM briscola_tables WHERE id = :t"), {"t": table_id}
        ).one()
        dump = "\n".join(
            str(r)
            for name in ("briscola_tables", "briscola_seats", "briscola_actions")
            for r in conn.execute(sa.text(f"SELECT * FROM {name}"))
        )
    engine.dispose()
    assert row.chat in (True, 1)
    assert "segreto" not in dump  # never written
    with client_for(db) as client:  # a restart: the room is loaded again from storage
        first = Player(client, table_id, *tokens[0])
        state = first.connect()
        assert state["chat"] is True
        StateMessage.model_validate(state)
        assert nothing_pending(first.ws, 0.2)  # the lines were in memory only
        second = Player(client, table_id, *tokens[1])
        second.connect()
        first.recv()
        second.send({"type": "chat", "text": "ancora qui"})
        assert first.recv() == {"type": "chat", "seat": 1, "text": "ancora qui"}


def test_partners_chat_waits_for_the_deals_end_and_others_talk_at_any_time(
    client: TestClient,
) -> None:
    for preset, seats in (("pairs", ["human"] * 4), ("classic", ["human", "human"])):
        table_id, tokens = chat_table(client, preset=preset, seats=seats)
        players = connect_all(client, table_id, tokens)
        started = client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
        assert started.status_code == 200, started.text
        for p in players:
            assert p.recv()["table"]["status"] == "playing"
        players[1].send({"type": "chat", "text": "ho il tre"})
        said = players[1].recv()
        if preset == "pairs":  # a word to a partner about a hand: a sign the rules forbid
            assert said["code"] == "chat_in_deal", said
            assert said["message"] == "Tra compagni la chat aspetta la fine della smazzata."
            assert all(nothing_pending(p.ws) for p in players)
        else:  # each plays for themselves: the chat is free
            assert said == {"type": "chat", "seat": 1, "text": "ho il tre"}
            assert players[0].recv() == said
        for p in players:
            p.close()


def test_the_rematch_keeps_the_hosts_choice(client: TestClient) -> None:
    table_id, tokens = chat_table(client)
    players = connect_all(client, table_id, tokens)
    client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    for p in players:
        p.recv()
    _play_to_the_end(players)
    for p in players:
        p.send({"type": "rematch"})
    links = {}
    for p in players:
        while (m := p.recv())["type"] != "rematch":
            pass
        links[p.seat] = m
    new_id = links[0]["table_id"]
    assert client.app.state.storage.load(new_id).chat is True  # type: ignore[attr-defined]
    seat, token = links[0]["url"].split("?seat=")[1].split("#token=")
    again = Player(client, new_id, int(seat), token)
    assert again.connect()["chat"] is True
    again.close()


def test_a_public_table_has_no_chat(client: TestClient) -> None:
    body = {"preset": "classic", "host_name": "Anna", "chat": True, "public": True}
    made = client.post("/api/tables", json=body).json()  # strangers join it from the lobby
    host = Player(client, made["table_id"], 0, made["token"])
    assert host.connect()["chat"] is False
    assert client.app.state.storage.load(made["table_id"]).chat is False  # type: ignore[attr-defined]
    host.send({"type": "chat", "text": "ciao"})
    assert host.recv()["code"] == "chat_off"
    host.close()
