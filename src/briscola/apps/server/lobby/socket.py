"""The lobby's socket, ``/ws/lobby`` (docs/online.md, "Quick match").

Its player is the session cookie's (a guest or an account, players/routes.py) or, for a bot
account, the one of the ``Authorization: Bearer <token>`` header
(:func:`~briscola.apps.server.players.bots.bot_for_token`). No player: the error ``no_player``
and the socket closes; a cookie sent from a page of another site (its ``Origin``): ``cross_site``.
Each message is rate limited by the server's limiter (the ``message`` rate, per client), read
strictly (:func:`~.messages.read_lobby`) and handled by the process's :class:`~.service.Lobby`;
a refusal is sent as ``{"type": "error", "code", "message"}`` in the player's language (the
socket's ``?lang=`` or ``Accept-Language``), from the catalogs' ``web.ws_error.<code>``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from briscola.apps.server.errors import Refusal, request_lang
from briscola.apps.server.limits import client_ip, rate_limited
from briscola.apps.server.lobby.messages import CancelMessage, FillMessage, read_lobby
from briscola.apps.server.lobby.sending import send
from briscola.apps.server.lobby.service import Lobby
from briscola.apps.server.players.accounts import Player
from briscola.apps.server.players.bots import bot_for_token
from briscola.apps.server.players.routes import COOKIE

__all__ = ["POLICY_VIOLATION", "router"]

POLICY_VIOLATION = 1008
"""The close code for a socket without a player."""

log = logging.getLogger(__name__)

router = APIRouter()
"""The lobby's socket route (mounted before the tables' ``/ws/{table_id}``)."""


def _same_site(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == ws.headers.get("host", "")


def _player(ws: WebSocket, lobby: Lobby) -> Player | None:
    """The socket's player: a bot account's token, else the session cookie's."""
    auth = ws.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        token = auth[7:].strip()
        return bot_for_token(lobby.engine, token) if 0 < len(token) <= 256 else None
    session = ws.cookies.get(COOKIE)
    if not session or len(session) > 128:
        return None
    return lobby.accounts.by_session(session)


def worded(refusal: Refusal, lang: str | None) -> dict[str, Any]:
    """The ``error`` message of a refusal in ``lang``, with the end of a cool-down (``until``)."""
    said = refusal.worded(lang)
    if "until" in refusal.params:
        said["until"] = refusal.params["until"]
    return said


async def _refuse(ws: WebSocket, code: str, message: str, lang: str | None) -> None:
    await send(ws, Refusal(code, message).worded(lang))
    await ws.close(POLICY_VIOLATION, code)


@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket) -> None:
    """A player in the lobby: seeks, cancels, fills; told the lobby's numbers and the match."""
    lobby: Lobby = ws.app.state.lobby
    lang = request_lang(ws)
    await ws.accept()
    if not _same_site(ws):
        await _refuse(ws, "cross_site", "refused: the socket comes from another site", lang)
        return
    player = await asyncio.to_thread(_player, ws, lobby)
    if player is None:
        await _refuse(ws, "no_player", "no player here: start as a guest or log in", lang)
        return
    limiter, ip = lobby.rooms.limiter, client_ip(ws.scope)
    await lobby.join(ws, player)
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode(errors="replace")
            try:
                wait = limiter.take("message", ip)
                if wait is not None:
                    raise rate_limited(wait, "messages")
                message = read_lobby(text)
                if isinstance(message, Refusal):
                    raise message
                if isinstance(message, CancelMessage):
                    await lobby.cancel(player)
                elif isinstance(message, FillMessage):
                    await lobby.fill(player)
                else:
                    await lobby.seek(player, message, lang)
            except Refusal as refusal:
                await send(ws, worded(refusal, lang))
            except Exception:  # a bug must not cost the player their socket
                log.exception("a lobby message failed")
                await send(ws, Refusal("internal", "the server could not do that").worded(lang))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await lobby.leave(ws, player)
