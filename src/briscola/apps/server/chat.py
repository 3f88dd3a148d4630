"""Free-text chat at a table with friends whose host allows it (docs/web-protocol.md, ``chat``).

Open where the host allowed it (kept in the table's row and by a rematch) and two people or
more sit; closed while partners play a deal (``chat_in_deal``). The lines live in the room's
memory only (the last :data:`KEPT`, sent to a socket as it connects), never in the database, a
log, a download or a review: a restart or the table leaving memory forgets them.
"""

from __future__ import annotations

import contextlib
from collections import deque
from typing import TYPE_CHECKING, Any

from briscola.apps.server.errors import Refusal
from briscola.apps.server.protocol import ChatMessage, Peer, handles
from briscola.apps.server.views import dumps
from briscola.core.text import has_surrogate

if TYPE_CHECKING:
    from fastapi import WebSocket

    from briscola.apps.server.room import Room
    from briscola.session.table import Table


KEPT = 50
"""The most lines a room keeps, for a socket that connects later."""


class Chat:
    """A room's chat: whether the host allows it (``allowed``) and the last lines said."""

    def __init__(self, allowed: bool) -> None:
        self.allowed = allowed
        self.lines: deque[dict[str, Any]] = deque(maxlen=KEPT)

    def open(self, table: Table) -> bool:
        """Is the chat open at ``table``: allowed by its host, and two people or more there."""
        return self.allowed and len(table.human_seats()) >= 2

    async def replay(self, ws: WebSocket, table: Table) -> None:
        """Send one socket the lines kept, oldest first (a socket that just connected; one that
        went away is left to its own handler)."""
        if self.open(table):
            with contextlib.suppress(Exception):
                for line in list(self.lines):
                    await ws.send_text(dumps(line))


@handles(ChatMessage)
async def chat(room: Room, peer: Peer, message: ChatMessage) -> None:
    """A seat's line of chat: refused where the chat is not open (``chat_off``), between
    partners while a deal is played (``chat_in_deal``) or when the line is empty once its spaces
    are folded (``bad_message``); else kept, its spaces folded, and shown to everybody."""
    if not room.chat.open(room.table):
        raise Refusal("chat_off", "there is no chat at this table: its host did not allow it")
    if room.partners_in_deal():
        raise Refusal("chat_in_deal", "with partners, the chat waits for the deal's end")
    text = " ".join(message.text.split())
    if not text or has_surrogate(text):
        raise Refusal("bad_message", "a chat message is {'type': 'chat', 'text': '...'}: no text")
    async with room.lock:
        room.chat.lines.append(line := {"type": "chat", "seat": peer.player, "text": text})
        await room.tell(line)
