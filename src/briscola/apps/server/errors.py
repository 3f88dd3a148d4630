"""The server's errors: each carries its ``code`` (the same in every language, for programs), the
server's own words (English, with the details) and the facts its sentence needs, and is worded
once per transport in the reader's language, the server's own words for one who names none
(docs/web-protocol.md): a socket's :class:`Refusal` from the catalogs' ``web.ws_error.<code>``
(:meth:`Refusal.worded`), an HTTP :class:`ApiError` (a refusal with a status) from
``web.api_error.<code>`` by :func:`error_reply`, the one handler of every error (the score
keeper words its own).

>>> err = ApiError(429, "rate_limited", "too many requests: wait 3 s", seconds=3)
>>> err.said(None, API_PREFIX), err.said("it", API_PREFIX)
('too many requests: wait 3 s', 'Troppe richieste: aspetta 3 s.')
>>> err.worded("it")
{'type': 'error', 'code': 'rate_limited', 'message': 'Troppi messaggi: aspetta 3 s.'}
>>> api_error(StarletteHTTPException(405)).code, api_error(StarletteHTTPException(400)).status
('method_not_allowed', 422)
>>> word("no_such_code", "as the server said it", "it")
'as the server said it'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from briscola.apps.server.schemas import ErrorResponse
from briscola.i18n import CATALOGS, DEFAULT_LANG, WEB_LANGS, t
from briscola.session.table import TableError

PREFIX: Final = "web.ws_error."
"""The catalog keys of a socket's errors: ``web.ws_error.<code>``."""
API_PREFIX: Final = "web.api_error."
"""The catalog keys of the HTTP errors: ``web.api_error.<code>``."""


def word(
    code: str, message: str, lang: str | None, *, prefix: str = PREFIX, **facts: object
) -> str:
    """The sentence ``prefix + code`` of the catalogs in ``lang`` filled with ``facts``
    (``seconds``, ``n``); ``message`` (the server's own words) for a code or a language the
    catalogs do not word."""
    if lang not in WEB_LANGS or prefix + code not in CATALOGS[DEFAULT_LANG]:
        return message
    try:
        return t(prefix + code, lang, **facts)
    except KeyError:  # a fact the sentence needs is not known here
        return message


def request_lang(conn: HTTPConnection, kept: str | None = None) -> str | None:
    """The language a request or socket names, one of the web client's: its ``?lang=``, else
    ``kept`` (a language the client keeps, e.g. in a cookie), else the first in its
    ``Accept-Language``; None when none names one.

    >>> def lang(query: str = "", accept: str = "") -> str | None:
    ...     headers = [(b"accept-language", accept.encode())]
    ...     scope = {"type": "http", "query_string": query.encode(), "headers": headers}
    ...     return request_lang(HTTPConnection(scope))
    >>> lang(accept="ro-RO,ro;q=0.9,en;q=0.8"), lang("lang=it", "de-DE"), lang("lang=xx")
    ('ro', 'it', None)
    """
    for asked in conn.query_params.get("lang"), kept:
        if asked in WEB_LANGS:
            return asked
    for part in conn.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().split("-")[0].lower()
        if code in WEB_LANGS:
            return code
    return None


class Refusal(Exception):
    """A message, request or socket refused: its ``code``, the server's own words (``message``)
    and the facts its sentence needs (``params``)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    @classmethod
    def of_table(cls, exc: TableError, seat: int | None) -> Refusal:
        """A table's refusal as said to the seat itself.

        >>> exc = TableError("not_your_turn", "it is seat 1's turn, not seat 0's")
        >>> Refusal.of_table(exc, 0).message
        "it is seat 1's turn, not yours (you are seat 0)"
        """
        message = exc.message
        if exc.code == "not_your_turn" and seat is not None:
            message = message.replace(f"not seat {seat}'s", f"not yours (you are seat {seat})")
        return cls(exc.code, message)

    def said(self, lang: str | None, prefix: str = PREFIX) -> str:
        """The sentence in ``lang`` (the server's own words for None)."""
        return word(self.code, self.message, lang, prefix=prefix, **self.params)

    def worded(self, lang: str | None) -> dict[str, Any]:
        """The socket's ``error`` message in ``lang``."""
        return {"type": "error", "code": self.code, "message": self.said(lang)}


class ApiError(Refusal):
    """A refusal with an HTTP ``status``, more fields of its body (``extra``) and its
    ``headers``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        **params: object,
    ) -> None:
        super().__init__(code, message, **params)
        self.status = status
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})


class ServerFull(ApiError):
    """The process holds as many tables as it may: 503 (a socket's close 1013)."""

    def __init__(self, limit: int) -> None:
        message = f"the server is full ({limit} tables in play here): try again in a few minutes"
        super().__init__(503, "server_full", message, n=limit)


class TableElsewhere(ServerFull):
    """Another process holds the table (several processes, :mod:`.cluster`): like a full
    server, the client tries again and reaches the holder."""

    def __init__(self) -> None:
        message = "the table is being served by another process: try again"
        ApiError.__init__(self, 503, "table_moved", message)


RATE_LIMITED: Final[dict[int | str, dict[str, Any]]] = {
    429: {
        "model": ErrorResponse,
        "description": "rate_limited: too many requests from this client; Retry-After says "
        "how many seconds to wait",
        "headers": {
            "Retry-After": {
                "description": "whole seconds to wait before trying again (at least 1)",
                "schema": {"type": "integer", "minimum": 1},
            }
        },
    },
}
"""The OpenAPI ``responses`` of a rate-limited operation (its 429 and ``Retry-After``), declared
once for every router."""

UNAVAILABLE: Final[dict[int | str, dict[str, Any]]] = {
    503: {
        "model": ErrorResponse,
        "description": "server_full: the server holds as many tables as it may; table_moved: "
        "another process serves the table now (several processes). Try again later",
    },
}
"""The OpenAPI ``responses`` of an operation on a table, which a full server or another process
may refuse (:class:`ServerFull`, :class:`TableElsewhere`)."""

MAX_MESSAGE = 300
"""The longest message the server words itself: what it quotes of an input is cut to fit."""

UNREADABLE = "the request body cannot be read as JSON (nested too deep, or not JSON at all)"
"""A body FastAPI cannot read (its 400: JSON nested past Python's recursion limit, a form it
cannot parse) is an invalid request (422) like any other."""

_HTTP_CODES = {  # what Starlette raises (its 400: UNREADABLE)
    404: ("not_found", "there is nothing at this address"),
    405: ("method_not_allowed", "this address does not take that method"),
}


def _short(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _invalid(exc: RequestValidationError) -> str:
    """What does not match the API: a body that is not JSON, or each field that does not match
    with what is wrong (at most five, never more than a short excerpt of the input)."""
    parts = []
    for err in exc.errors()[:5]:
        if err.get("type") == "json_invalid":
            return "the request body is not valid JSON"
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        msg = _short(str(err.get("msg", "invalid")), 120)
        parts.append(f"{_short(where, 60)}: {msg}" if where else msg)
    return _short("; ".join(parts)) or "the request does not match the API"


def api_error(exc: Exception) -> ApiError:
    """``exc`` as an :class:`ApiError`: itself, 422 ``invalid_request``, FastAPI's and
    Starlette's own errors (404 ``not_found``, 405 ``method_not_allowed``…), and 500
    ``internal`` for a bug (its traceback is logged by the server)."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, RequestValidationError):
        return ApiError(422, "invalid_request", _invalid(exc))
    if isinstance(exc, StarletteHTTPException):
        if exc.status_code == 400:
            return ApiError(422, "invalid_request", UNREADABLE)
        status = exc.status_code
        code, message = _HTTP_CODES.get(status, (f"http_{status}", _short(str(exc.detail))))
        return ApiError(status, code, message, headers=exc.headers)
    return ApiError(500, "internal", "the server could not do that (an error of its own)")


async def error_reply(request: Request, exc: Exception) -> JSONResponse:
    """The reply to any error: ``{"code", "message", ...}`` in the request's language (the score
    keeper's, ``/api/scores``, worded by it in its own catalog)."""
    err = api_error(exc)
    lang = request_lang(request)
    if request.url.path.startswith("/api/scores"):
        lang = None
    body = {"code": err.code, "message": err.said(lang, API_PREFIX), **err.extra}
    return JSONResponse(body, status_code=err.status, headers=err.headers)


_INVALID = {
    "description": "invalid_request: the body or a parameter does not match the API",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}},
}


def add_error_handlers(app: FastAPI) -> None:
    """Make ``app`` answer every error with :func:`error_reply`, and its OpenAPI document say
    that every 422 is ``{code, message}`` (:class:`~.schemas.ErrorResponse`, which the routes'
    other errors name, not FastAPI's ``{"detail": [...]}``)."""
    for kind in (ApiError, RequestValidationError, StarletteHTTPException, Exception):
        app.add_exception_handler(kind, error_reply)
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = build()
            for operations in document["paths"].values():
                for operation in operations.values():
                    if "422" in operation["responses"]:
                        operation["responses"]["422"] = _INVALID
            schemas = document["components"]["schemas"]
            del schemas["HTTPValidationError"], schemas["ValidationError"]
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
