"""The server's HTTP errors: every one is ``{"code", "message"}`` (and any extra fields), with a
message a person understands.

>>> import asyncio, json
>>> err = ApiError(404, "not_found", "there is no table 'x'")
>>> reply = asyncio.run(api_error_reply(None, err))
>>> reply.status_code, json.loads(reply.body)
(404, {'code': 'not_found', 'message': "there is no table 'x'"})
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

__all__ = ["ApiError", "add_error_handlers", "api_error_reply", "invalid_request_reply"]


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


async def invalid_request_reply(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 ``invalid_request``: each field that does not match the API, with what is wrong."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
    message = "; ".join(parts) or "the request does not match the API"
    return JSONResponse({"code": "invalid_request", "message": message}, status_code=422)


def add_error_handlers(app: FastAPI) -> None:
    """Make ``app`` reply to :class:`ApiError` and to invalid requests as above."""
    app.exception_handler(ApiError)(api_error_reply)
    app.exception_handler(RequestValidationError)(invalid_request_reply)
