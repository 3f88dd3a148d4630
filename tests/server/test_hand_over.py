"""A table handed over to another process (``Rooms.hand_over``, asked over Redis by the process
nginx now sends the table's id to: :mod:`briscola.apps.server.cluster`): its room leaves
memory, its sockets are closed with 1012 so that they reconnect through nginx, the room it
leaves behind never writes to storage again (a change that was waiting for its lock would
otherwise be stored beside the new holder's), and the table is whole in storage for the next
process to load.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from briscola.apps.server.cluster import TableElsewhere

pytestmark = pytest.mark.server


def test_a_handed_over_table_closes_its_sockets_and_never_writes_again(client: TestClient) -> None:
    body = {"preset": "classic", "seats": ["human", "human"], "host_name": "Anna"}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table_id, token = r.json()["table_id"], r.json()["token"]
    rooms: Any = client.app.state.rooms  # type: ignore[attr-defined]
    portal: Any = client.portal  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "state"
        room = portal.call(rooms.get, table_id)
        assert portal.call(rooms.hand_over, table_id) is True
        assert table_id not in rooms.table_ids()
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1012
    with pytest.raises(TableElsewhere):  # the room left behind: any write is refused
        room.store()  # (the group commit is a room's one way to storage)
    with pytest.raises(TableElsewhere):
        room.commits.save(None)
    again = client.get(f"/api/tables/{table_id}")  # loaded again from storage, whole
    assert again.status_code == 200 and again.json()["status"] == "waiting"
    assert portal.call(rooms.get, table_id) is not room
