"""The errors a table's socket is sent: each a :class:`Refusal` that carries its code and the
facts its sentence needs, worded once, as it is sent (:meth:`Refusal.worded`), in the table's
language (a socket refused before its table is loaded: the language its request names, see
:func:`~.wording.request_lang`). The sentences are the catalogs' ``web.ws_error.<code>``; a
socket that names no language is sent the server's own words (English, with the details).

>>> Refusal("rate_limited", "too many messages: wait 2 s", seconds=2).worded("it")
{'type': 'error', 'code': 'rate_limited', 'message': 'Troppi messaggi: aspetta 2 s.'}
>>> Refusal("bad_json", "the message is not JSON").worded(None)["message"]
'the message is not JSON'
>>> from briscola.session.table import TableError
>>> refusal = Refusal.of_table(TableError("not_your_turn", "it is seat 1's turn, not seat 0's"), 0)
>>> refusal.message
"it is seat 1's turn, not yours (you are seat 0)"
"""

from __future__ import annotations

from typing import Any

from fastapi import WebSocket

from briscola.apps.server.limits import ServerFull, retry_after
from briscola.apps.server.wire import dumps
from briscola.apps.server.wording import word
from briscola.session.table import TableError

__all__ = ["TRY_AGAIN_LATER", "Refusal", "rate_limited", "refuse", "refuse_full"]

TRY_AGAIN_LATER = 1013
"""The WebSocket close code of a server that is full."""


class Refusal(Exception):
    """A message refused, or a socket: its ``code`` (the same in every language, for programs),
    the server's own words (``message``) and the facts its sentence needs (``params``)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Refusal) and (self.code, self.message, self.params) == (
            other.code,
            other.message,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.code, self.message))

    @classmethod
    def of_table(cls, exc: TableError, seat: int | None) -> Refusal:
        """A table's refusal as said to the seat itself."""
        message = exc.message
        if exc.code == "not_your_turn" and seat is not None:
            message = message.replace(f"not seat {seat}'s", f"not yours (you are seat {seat})")
        return cls(exc.code, message)

    def worded(self, lang: str | None) -> dict[str, Any]:
        """The ``error`` message, its sentence in ``lang`` (the server's words for None)."""
        message = word(self.code, self.message, lang, **self.params)
        return {"type": "error", "code": self.code, "message": message}


async def refuse(
    ws: WebSocket, refusal: Refusal, close: tuple[int, str], lang: str | None = None
) -> None:
    """Tell a new socket why it is refused, in the language its request names (``lang``), and
    close it with ``close`` (code, reason)."""
    await ws.send_text(dumps(refusal.worded(lang)))
    await ws.close(*close)


async def refuse_full(ws: WebSocket, exc: ServerFull, lang: str | None = None) -> None:
    """Tell a new socket that the server holds as many tables as it may (or that its table is
    moving to another process), and close it."""
    await refuse(ws, Refusal(exc.code, str(exc)), (TRY_AGAIN_LATER, "server full"), lang)


def rate_limited(wait: float) -> Refusal:
    """A client over its rate: it may try again after ``wait`` s."""
    seconds = retry_after(wait)
    return Refusal("rate_limited", f"too many messages: wait {seconds} s", seconds=seconds)
