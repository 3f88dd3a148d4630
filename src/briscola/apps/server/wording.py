"""The errors a table's sockets are sent, worded in the table's language, and the table API's
HTTP errors, worded in the request's.

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

The errors of the table API's HTTP requests, and a socket's refusals before its table is
loaded (a full server, a table moving to another process, a damaged one, a hello over its
rate), are worded in the **request's** language (:func:`request_lang`: ``?lang=``, else the
first of the web client's languages in ``Accept-Language``; the score keeper reads it the same
way), from the catalogs' keys ``web.api_error.<code>`` and ``web.ws_error.<code>``. A request
that names no language (a program) gets the server's own words: English, with every detail.

>>> request_lang({"accept-language": "ro-RO,ro;q=0.9,en;q=0.8"}, None)
'ro'
>>> request_lang({"accept-language": "de-DE"}, "it"), request_lang({}, "xx")
('it', None)
>>> word("server_full", "the server is full", "en", prefix=API_PREFIX, n=40)
'The server is full (40 tables in play): try again in a few minutes.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from briscola.i18n import CATALOGS, DEFAULT_LANG, WEB_LANGS, t

__all__ = ["API_PREFIX", "API_WORDED", "PREFIX", "WORDED", "request_lang", "word"]

PREFIX: Final = "web.ws_error."
"""The catalog keys of the errors' words: ``web.ws_error.<code>``."""

WORDED: Final = frozenset(
    key.removeprefix(PREFIX) for key in CATALOGS[DEFAULT_LANG] if key.startswith(PREFIX)
)
"""The error codes worded in each language (every code a table's socket may be sent)."""


API_PREFIX: Final = "web.api_error."
"""The catalog keys of the table API's HTTP errors: ``web.api_error.<code>``."""

API_WORDED: Final = frozenset(
    key.removeprefix(API_PREFIX) for key in CATALOGS[DEFAULT_LANG] if key.startswith(API_PREFIX)
)
"""The HTTP error codes worded in each language."""

_WORDED: Final = {PREFIX: WORDED, API_PREFIX: API_WORDED}


def word(
    code: str, message: str, lang: str | None, *, prefix: str = PREFIX, **facts: object
) -> str:
    """The message of the error ``code`` in ``lang``, filled with ``facts`` (``seconds`` for
    ``rate_limited``, ``n`` for ``server_full``); ``message`` (the server's own words) for a
    code or language that the catalogs do not word. ``prefix``: the socket errors' keys
    (:data:`PREFIX`) or the HTTP errors' (:data:`API_PREFIX`)."""
    if lang not in WEB_LANGS or code not in _WORDED.get(prefix, frozenset()):
        return message
    try:
        return t(prefix + code, lang, **facts)
    except KeyError:  # a fact the sentence needs is not known here
        return message


def request_lang(headers: Mapping[str, str], asked: str | None) -> str | None:
    """The language a request names: ``asked`` (its ``?lang=``) when it is one of the web
    client's, else the first of them in its ``Accept-Language`` header; None when neither
    names one."""
    if asked in WEB_LANGS:
        return asked
    for part in headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in WEB_LANGS:
            return code
    return None
