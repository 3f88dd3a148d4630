"""A table handed over to another process (``cluster.handoffs.hand_over``, asked over Redis by the
process nginx now sends the table's id to: :mod:`briscola.apps.server.cluster`): its room leaves
memory, its sockets are closed with 1012 so that they reconnect through nginx, the room it
leaves behind never writes to storage again (a change that was waiting for its lock would
otherwise be stored beside the new holder's), and the table is whole in storage for the next
process to load.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from briscola.apps.server.cluster.handoffs import hand_over
from briscola.apps.server.errors import TableElsewhere
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.settings import Settings
from briscola.apps.server.store import Storage

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
        assert portal.call(hand_over, rooms, table_id) is True
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


class _Leases:
    """A stand-in for the cluster's leases: takes a table unless ``others`` hold it."""

    def __init__(self, others: set[str]) -> None:
        self.others = others
        self.calls: list[tuple[str, str]] = []

    def take(self, table_id: str) -> bool:
        self.calls.append(("take", table_id))
        return table_id not in self.others

    def release(self, table_id: str) -> None:
        self.calls.append(("release", table_id))


def test_the_rooms_take_and_release_the_leases_they_are_given(client: TestClient, db: Path) -> None:
    """Several processes are two hooks the rooms are given (the leases' ``take`` as ``hold``,
    ``release`` as ``let_go``): a table another process holds is not loaded here
    (``table_moved``); one loaded is taken, and released as its room leaves memory. Without
    them (one process) every table is this one's."""
    body = {"preset": "classic", "seats": ["human", "bot:simple"], "host_name": "Anna"}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table_id = r.json()["table_id"]
    storage = Storage(str(db))
    settings = Settings.load(db=str(db))

    async def play(leases: _Leases | None) -> Rooms:
        if leases is None:
            rooms = Rooms(storage, settings)
        else:
            rooms = Rooms(storage, settings, hold=leases.take, let_go=leases.release)
        try:
            room = await rooms.get(table_id)
            assert room is not None and room.table_id == table_id
            assert rooms.let_go_idle(now=float("inf")) == 1
        finally:
            await rooms.close()
        return rooms

    elsewhere = _Leases({table_id})
    with pytest.raises(TableElsewhere):
        asyncio.run(play(elsewhere))
    assert elsewhere.calls == [("take", table_id)]
    here = _Leases(set())
    asyncio.run(play(here))
    assert here.calls == [("take", table_id), ("release", table_id)]
    asyncio.run(play(None))
    storage.close()
