"""The refusals a table's socket is sent outside a room's own errors: a socket refused before its
table is loaded (:func:`refuse`; a server that holds as many tables as it may:
:func:`refuse_full`), a client over its rate (:func:`rate_limited`), each in the language the
socket's request names (:mod:`.wording`), and a table's refusal said to the seat itself
(:func:`for_seat`)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import WebSocket

from briscola.apps.server.limits import ServerFull, retry_after
from briscola.apps.server.wording import word
from briscola.session.table import TableError

__all__ = ["TRY_AGAIN_LATER", "for_seat", "rate_limited", "refuse", "refuse_full"]

TRY_AGAIN_LATER = 1013
"""The WebSocket close code of a server that is full."""


async def refuse(
    ws: WebSocket, code: str, message: str, close: tuple[int, str], lang: str | None = None
) -> None:
    """Tell a new socket why it is refused, in the language its request names (``lang``, see
    :func:`~.wording.request_lang`; the server's ``message`` when it names none), and close it
    with ``close`` (code, reason)."""
    worded = word(code, message, lang)
    await ws.send_text(json.dumps({"type": "error", "code": code, "message": worded}))
    await ws.close(*close)


async def refuse_full(ws: WebSocket, exc: ServerFull, lang: str | None = None) -> None:
    """Tell a new socket that the server holds as many tables as it may (or that its table is
    moving to another process), and close it."""
    await refuse(ws, exc.code, str(exc), (TRY_AGAIN_LATER, "server full"), lang)


def rate_limited(wait: float, lang: str | None = None) -> dict[str, Any]:
    """The WebSocket error for a client over its rate: it may try again after ``wait`` s (in
    ``lang``: the table's, or the one the socket's request names; the server's words without)."""
    seconds = retry_after(wait)
    message = word("rate_limited", f"too many messages: wait {seconds} s", lang, seconds=seconds)
    return {"type": "error", "code": "rate_limited", "message": message}


def for_seat(exc: TableError, seat: int) -> str:
    """A table's message as said to the seat itself."""
    if exc.code == "not_your_turn":
        return exc.message.replace(f"not seat {seat}'s", f"not yours (you are seat {seat})")
    return exc.message
