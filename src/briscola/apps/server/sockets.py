"""The WebSocket of each seat: ``/ws/{table_id}?token=...``.

A socket with an unknown table or a bad token is closed with the policy-violation code; every
message of a good one goes to its room, which answers or explains the refusal. A bug in handling
one message is logged and answered with an ``internal`` error: the player keeps the socket.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from briscola.apps.server.rooms import Rooms

__all__ = ["POLICY_VIOLATION", "router"]

POLICY_VIOLATION = 1008
"""The WebSocket close code for an unknown table, a missing token or a bad one."""

log = logging.getLogger(__name__)


router = APIRouter()
"""The seats' WebSocket route; it finds the tables in the app's ``state.rooms``."""


@router.websocket("/ws/{table_id}")
async def ws_endpoint(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    """A seat's connection to its table (see docs/web-protocol.md)."""
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()
    room = await rooms.get(table_id)
    if room is None:
        await websocket.close(POLICY_VIOLATION, "unknown table")
        return
    if not token:
        await websocket.close(POLICY_VIOLATION, "missing token")
        return
    seat = room.seat_for_token(token)
    if seat is None:
        await websocket.close(POLICY_VIOLATION, "bad token")
        return
    await room.connect(seat, websocket)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                try:
                    text = data.decode()
                except UnicodeDecodeError:
                    await room.error(websocket, "bad_json", "the message is not JSON text")
                    continue
            try:
                await room.handle(seat, websocket, text)
            except Exception:  # a bug must not cost the player their socket
                log.exception("table %s: message from seat %d failed", table_id, seat)
                await room.error(websocket, "internal", "the server could not do that")
    except WebSocketDisconnect:
        pass
    finally:
        await room.disconnect(seat, websocket)
        rooms.forget_if_finished(room)
