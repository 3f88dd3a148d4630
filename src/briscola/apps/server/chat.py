"""Free-text chat at a table with friends whose host allows it (issue 37, part 5).

The host allows it when making the table (``POST /api/tables`` with ``"chat": true``; stored in the
table's row, so a restart keeps it; a rematch keeps it too). It is never open at a table made by
quick match or to play the computer, nor at a public one (strangers join it from the lobby: its
``chat`` is turned off), nor at one where fewer than two people sit: those refuse a ``chat`` with
``chat_off``. At a table of partners (pairs, six, chiamata) the chat waits while a deal is played
(``chat_in_deal``): a word to a partner about a hand is a sign the rules do not allow (as the quick
messages, :meth:`~.room.Room.emote`). A seat sends ``{"type": "chat", "text": ...}`` (at most
:data:`~.protocol.CHAT_LENGTH` characters, spaces and line breaks folded into one space); every
seat and spectator is sent ``{"type": "chat", "seat": N, "text": ...}``. Spectators read it and may
not write (the socket loop refuses their message with ``spectator``); each message counts against
the client's message rate, as every message of the socket does.

What is promised and kept: the chat is live talk, not a record. The lines are kept in the room's
memory only (the last :data:`KEPT`), sent to a socket as it connects (after its ``state``),
and never written to the database, a log, the game's download or its review: a restart or the
table leaving memory forgets them, and nothing a person typed outlives the game's moments
(nothing to delete with an account, nothing for anybody to read later). docs/web-protocol.md
says so.

>>> chat = Chat(allowed=True)
>>> chat.add(1, "  ciao\\n a tutti ")
{'type': 'chat', 'seat': 1, 'text': 'ciao a tutti'}
>>> len(chat.lines)
1
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

__all__ = ["KEPT", "Chat", "chat"]

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

    def add(self, seat: int, text: str) -> dict[str, Any]:
        """Keep a seat's line (its spaces folded) and return the message that shows it."""
        line = {"type": "chat", "seat": seat, "text": " ".join(text.split())}
        self.lines.append(line)
        return line

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
    are folded (``bad_message``); else shown to everybody."""
    if not room.chat.open(room.table):
        raise Refusal("chat_off", "there is no chat at this table: its host did not allow it")
    if room.partners_in_deal():
        raise Refusal("chat_in_deal", "with partners, the chat waits for the deal's end")
    if not message.text.split() or has_surrogate(message.text):
        raise Refusal("bad_message", "a chat message is {'type': 'chat', 'text': '...'}: no text")
    async with room.lock:
        await room.tell(room.chat.add(peer.player, message.text))
