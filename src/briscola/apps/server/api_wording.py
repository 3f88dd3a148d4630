"""The table API's HTTP errors in the caller's language (:mod:`.wording`).

Every error of a request to the table API (``/api/play``, ``/api/tables`` and each table's
routes under it) keeps its status, code and other fields; its ``message`` is the catalog's
sentence (``web.api_error.<code>``) in the language the request names (``?lang=``, else
``Accept-Language``), and the server's own words (English, with every detail) when it names
none. :func:`word_errors` wraps each error handler of the app (:mod:`.errors`) so; the score
keeper's errors, already in the request's language, and every other path are left as they are.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.responses import Response

from briscola.apps.server.limits import ServerFull
from briscola.apps.server.wording import API_PREFIX, request_lang, word

__all__ = ["TABLE_API", "word_errors", "worded_reply"]

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
