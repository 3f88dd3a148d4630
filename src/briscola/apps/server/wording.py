"""The errors a table's sockets are sent, worded in the table's language.

The ``message`` of every WebSocket ``error`` that a seat or a spectator of a table is sent is a
sentence in the table's ``lang`` (Italian, English or Romanian: the catalogs' keys
``web.ws_error.<code>``), the words a person reads; its ``code`` is the same in every language,
for programs. What the server knows in more detail (which field of a message is wrong, why the
rules refuse a move) a person does not need: the web client only offers what may be sent, and a
program reads the code.

>>> word("not_your_turn", "it is seat 1's turn, not yours (you are seat 0)", "it")
'Non tocca a te: aspetta il tuo turno.'
>>> word("rate_limited", "too many messages: wait 2 s", "ro", seconds=2)
'Prea multe mesaje: așteaptă 2 s.'
>>> word("no_such_code", "as the server said it", "it")
'as the server said it'
"""

from __future__ import annotations

from typing import Final

from briscola.i18n import CATALOGS, DEFAULT_LANG, WEB_LANGS, t

__all__ = ["PREFIX", "WORDED", "word"]

PREFIX: Final = "web.ws_error."
"""The catalog keys of the errors' words: ``web.ws_error.<code>``."""

WORDED: Final = frozenset(
    key.removeprefix(PREFIX) for key in CATALOGS[DEFAULT_LANG] if key.startswith(PREFIX)
)
"""The error codes worded in each language (every code a table's socket may be sent)."""


def word(code: str, message: str, lang: str, **facts: object) -> str:
    """The message of the error ``code`` in ``lang``, filled with ``facts`` (``seconds`` for
    ``rate_limited``); ``message`` (the server's own words) for a code or language that the
    catalogs do not word."""
    if code not in WORDED or lang not in WEB_LANGS:
        return message
    return t(PREFIX + code, lang, **facts)
