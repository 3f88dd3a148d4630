"""The server's errors and their words in the user's language (a socket's refusal, the
:class:`~.protocol.Refusal`, is worded here too). Every HTTP error is ``{"code", "message"}``
(and any extra fields), with a message a person understands.

>>> import asyncio, json
>>> err = ApiError(404, "not_found", "there is no table 'x'")
>>> reply = asyncio.run(api_error_reply(None, err))
>>> reply.status_code, json.loads(reply.body)
(404, {'code': 'not_found', 'message': "there is no table 'x'"})

The errors a table's sockets are sent, worded in the table's language, and the table API's
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

The table API's HTTP errors in the caller's language (:func:`word_errors`).

Every error of a request to the table API (``/api/play``, ``/api/tables`` and each table's
routes under it) keeps its status, code and other fields; its ``message`` is the catalog's
sentence (``web.api_error.<code>``) in the language the request names (``?lang=``, else
``Accept-Language``), and the server's own words (English, with every detail) when it names
none. :func:`word_errors` wraps each error handler of the app so; the score
keeper's errors, already in the request's language, and every other path are left as they are.
"""

from __future__ import annotations

import inspect
import json
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from briscola.apps.server.limits import ServerFull
from briscola.apps.server.schemas import ErrorResponse
from briscola.i18n import CATALOGS, DEFAULT_LANG, WEB_LANGS, t

__all__ = [
    "API_PREFIX",
    "API_WORDED",
    "PREFIX",
    "TABLE_API",
    "WORDED",
    "ApiError",
    "add_error_handlers",
    "api_error_reply",
    "document_errors",
    "http_error_reply",
    "internal_error_reply",
    "invalid_request_reply",
    "request_lang",
    "server_full_reply",
    "word",
    "word_errors",
    "worded_reply",
]

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


TABLE_API = re.compile(r"/api/(play|tables)(/|$)")
"""The paths of the table API."""

Handler = Callable[[Request, Any], Response | Awaitable[Response]]


def _facts(exc: Exception, reply: Response) -> dict[str, object]:
    """What a sentence may name: the seconds to wait, the tables a full server holds."""
    facts: dict[str, object] = {"seconds": reply.headers.get("retry-after", "1")}
    if isinstance(exc, ServerFull):
        facts["n"] = exc.limit
    return facts


def worded_reply(request: Request, exc: Exception, reply: Response) -> Response:
    """``reply`` (an error's ``{code, message}``) with its message in the request's language,
    for a request to the table API that names one; else ``reply`` itself."""
    lang = request_lang(request.headers, request.query_params.get("lang"))
    if lang is None or not TABLE_API.match(request.url.path):
        return reply
    try:
        body = json.loads(bytes(reply.body))
    except ValueError:
        return reply
    if not isinstance(body, dict) or not isinstance(body.get("code"), str):
        return reply
    message = str(body.get("message", ""))
    body["message"] = word(body["code"], message, lang, prefix=API_PREFIX, **_facts(exc, reply))
    headers = {k: v for k, v in reply.headers.items() if k.lower() != "content-length"}
    return JSONResponse(body, status_code=reply.status_code, headers=headers)


def _worded(handler: Handler) -> Handler:
    async def reply(request: Request, exc: Any) -> Response:
        answer = handler(request, exc)
        if inspect.isawaitable(answer):
            answer = await answer
        return worded_reply(request, exc, answer)

    reply.__doc__ = handler.__doc__
    return reply


def word_errors(app: FastAPI) -> None:
    """Make every error handler of ``app`` word the table API's errors in the request's
    language (call it once the handlers are added)."""
    for key, handler in list(app.exception_handlers.items()):
        app.exception_handlers[key] = _worded(handler)


log = logging.getLogger(__name__)

MAX_MESSAGE = 300
"""The longest error message the server sends: what it quotes of an input is cut to fit."""

UNREADABLE = "the request body cannot be read as JSON (nested too deep, or not JSON at all)"
"""The message of a body that FastAPI cannot read at all: JSON nested past Python's recursion
limit (about 1,000 levels) or a form it cannot parse. Its reply is 422 ``invalid_request``, as
for any other body that does not match the API."""

_HTTP_CODES = {
    401: ("unauthorized", "this needs a seat's token"),
    403: ("forbidden", "this is not allowed"),
    404: ("not_found", "there is nothing at this address"),
    405: ("method_not_allowed", "this address does not take that method"),
    413: ("too_large", "the request is too large"),
    415: ("unsupported_media_type", "send JSON"),
    429: ("rate_limited", "too many requests: wait a moment"),
}


class ApiError(Exception):
    """An HTTP error with a code and a message a person understands; ``extra`` fields go into
    the reply's body too."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra


async def api_error_reply(request: Request, exc: ApiError) -> JSONResponse:
    """The reply to an :class:`ApiError`."""
    body = {"code": exc.code, "message": exc.message, **exc.extra}
    return JSONResponse(body, status_code=exc.status)


def _short(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to ``limit`` characters.

    >>> _short("abc", 2)
    'ab…'
    """
    return text if len(text) <= limit else text[:limit] + "…"


async def invalid_request_reply(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 ``invalid_request``: a body that is not JSON, or each field that does not match the
    API with what is wrong (at most five, never more than a short excerpt of the input)."""
    parts = []
    for err in exc.errors()[:5]:
        if err.get("type") == "json_invalid":
            body = {"code": "invalid_request", "message": "the request body is not valid JSON"}
            return JSONResponse(body, status_code=422)
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        msg = _short(str(err.get("msg", "invalid")), 120)
        parts.append(f"{_short(where, 60)}: {msg}" if where else msg)
    message = _short("; ".join(parts)) or "the request does not match the API"
    return JSONResponse({"code": "invalid_request", "message": message}, status_code=422)


async def http_error_reply(request: Request, exc: Exception) -> JSONResponse:
    """FastAPI's and Starlette's own errors (an unknown address, a wrong method…) in the same
    ``{code, message}`` shape as every other error; a body FastAPI cannot read (its 400) is
    422 ``invalid_request``.

    >>> import asyncio, json
    >>> reply = asyncio.run(http_error_reply(None, StarletteHTTPException(405)))
    >>> reply.status_code, json.loads(reply.body)["code"]
    (405, 'method_not_allowed')
    >>> reply = asyncio.run(http_error_reply(None, StarletteHTTPException(400)))
    >>> reply.status_code, json.loads(reply.body)["code"]
    (422, 'invalid_request')
    """
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400:  # FastAPI could not read the body: one invalid request
        return JSONResponse({"code": "invalid_request", "message": UNREADABLE}, status_code=422)
    code, message = _HTTP_CODES.get(exc.status_code, (f"http_{exc.status_code}", "refused"))
    if isinstance(exc.detail, str) and exc.detail and exc.status_code not in _HTTP_CODES:
        message = _short(exc.detail)
    return JSONResponse(
        {"code": code, "message": message}, status_code=exc.status_code, headers=exc.headers
    )


async def server_full_reply(request: Request, exc: Exception) -> JSONResponse:
    """503 ``server_full`` (or ``table_moved``): a table that this process cannot load now.

    >>> import asyncio, json
    >>> reply = asyncio.run(server_full_reply(None, ServerFull(10)))
    >>> reply.status_code, json.loads(reply.body)["code"]
    (503, 'server_full')
    """
    assert isinstance(exc, ServerFull)
    return JSONResponse({"code": exc.code, "message": str(exc)}, status_code=503)


async def internal_error_reply(request: Request, exc: Exception) -> JSONResponse:
    """500 ``internal``: a bug, in the same shape (the traceback is logged by the server)."""
    body = {"code": "internal", "message": "the server could not do that (an error of its own)"}
    return JSONResponse(body, status_code=500)


_ERROR_REF = {"$ref": "#/components/schemas/ErrorResponse"}
_INVALID = {
    "description": "invalid_request: the body or a parameter does not match the API",
    "content": {"application/json": {"schema": _ERROR_REF}},
}
_UNAVAILABLE = {
    "description": "server_full: the server holds as many tables as it may; table_moved: "
    "another process serves the table now (several processes). Try again later",
    "content": {"application/json": {"schema": _ERROR_REF}},
}


def document_errors(app: FastAPI, table_paths: re.Pattern[str] | None = None) -> None:
    """Make ``app``'s OpenAPI document say what it answers to an invalid request: the 422 of
    every operation is ``{code, message}`` (:class:`~.schemas.ErrorResponse`), not FastAPI's
    ``{"detail": [...]}``, which the server never sends. Every operation whose path matches
    ``table_paths`` (a table's, which a full server or another process may refuse) says it may
    answer 503.

    >>> from fastapi import FastAPI
    >>> app = FastAPI()
    >>> @app.get("/x/{n}")
    ... def x(n: int) -> int:
    ...     return n
    >>> document_errors(app)
    >>> app.openapi()["paths"]["/x/{n}"]["get"]["responses"]["422"]["content"]
    {'application/json': {'schema': {'$ref': '#/components/schemas/ErrorResponse'}}}
    >>> "HTTPValidationError" in app.openapi()["components"]["schemas"]
    False
    """
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = build()
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        schemas.setdefault(
            "ErrorResponse", ErrorResponse.model_json_schema(ref_template=_ERROR_REF["$ref"])
        )
        for path, operations in document.get("paths", {}).items():
            for operation in operations.values():
                responses = operation.get("responses", {})
                if "422" in responses:
                    responses["422"] = dict(_INVALID)
                if table_paths is not None and table_paths.match(path):
                    responses.setdefault("503", dict(_UNAVAILABLE))
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]


def add_error_handlers(app: FastAPI, table_paths: re.Pattern[str] | None = None) -> None:
    """Make ``app`` answer every error as ``{code, message}``: :class:`ApiError`, invalid
    requests, FastAPI's own 4xx (404, 405…), a full server (503) and a bug (500); its OpenAPI
    document says so (503 on every operation whose path matches ``table_paths``)."""
    app.exception_handler(ApiError)(api_error_reply)
    app.exception_handler(ServerFull)(server_full_reply)
    app.exception_handler(RequestValidationError)(invalid_request_reply)
    app.exception_handler(StarletteHTTPException)(http_error_reply)
    app.exception_handler(Exception)(internal_error_reply)
    document_errors(app, table_paths)
