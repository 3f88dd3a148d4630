"""The refusals a table's socket is sent outside a room's own errors: a server that holds as many
tables as it may (:func:`refuse_full`), a client over its rate (:func:`rate_limited`), and a
table's refusal said to the seat itself (:func:`for_seat`)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import WebSocket

from briscola.apps.server.limits import ServerFull, retry_after
from briscola.apps.server.wording import word
from briscola.session.table import TableError

__all__ = ["TRY_AGAIN_LATER", "for_seat", "rate_limited", "refuse_full"]

TRY_AGAIN_LATER = 1013
"""The WebSocket close code of a server that is full."""


async def refuse_full(ws: WebSocket, exc: ServerFull) -> None:
    """Tell a new socket that the server holds as many tables as it may, and close it."""
    await ws.send_text(json.dumps({"type": "error", "code": exc.code, "message": str(exc)}))
    await ws.close(TRY_AGAIN_LATER, "server full")


def rate_limited(wait: float, lang: str | None = None) -> dict[str, Any]:
    """The WebSocket error for a client over its rate: it may try again after ``wait`` s (in
    the table's language ``lang``, when the table is known)."""
    seconds = retry_after(wait)
    message = f"too many messages: wait {seconds} s"
    if lang is not None:
        message = word("rate_limited", message, lang, seconds=seconds)
    return {"type": "error", "code": "rate_limited", "message": message}


def for_seat(exc: TableError, seat: int) -> str:
    """A table's message as said to the seat itself."""
    if exc.code == "not_your_turn":
        return exc.message.replace(f"not seat {seat}'s", f"not yours (you are seat {seat})")
    return exc.message
