"""The web client's pages: Jinja2 templates in the web client's directory (each page extends
``layout/base.html``, the ``<head>`` they share), or a short page that says the client is
missing (the API still works without it); and the error page a person meets by a link.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, TemplateNotFound, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from briscola import __version__
from briscola.apps.server.errors import error_reply, request_lang
from briscola.i18n import WEB_LANGS, t

LANG_COOKIE = "briscola_lang"
"""The cookie in which the web client keeps the language of its pages (js/common/i18n.js)."""

_JSON_PATHS = ("/api/", "/static/", "/ws/")
"""Where an unknown address is answered with JSON ``{code, message}``, not a page."""

_MISSING = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Briscola</title></head><body><h1>Briscola</h1>
<p>The game server is running, but the web client ({page}) is not installed.</p>
<p>The API is described at <a href="/docs">/docs</a>.</p></body></html>"""

_NO_CACHE = {"Cache-Control": "no-cache"}

Endpoint = Callable[..., Any]


def default_static_dir() -> Path:
    """The web client's directory: ``briscola/apps/web`` inside the installed package."""
    return Path(__file__).resolve().parent.parent / "web"


def web_templates(web: Path) -> Jinja2Templates:
    """The pages of the web client directory ``web`` as Jinja2 templates: HTML autoescaped, and
    the line of a block tag dropped (a page's HTML comes out as it is written)."""
    env = Environment(
        loader=FileSystemLoader(web),
        autoescape=select_autoescape(),
        trim_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals["version"] = __version__  # the home page's footer says it
    return Jinja2Templates(env=env)


def html_page(
    templates: Jinja2Templates,
    request: Request,
    name: str,
    headers: Mapping[str, str] | None = None,
    context: dict[str, Any] | None = None,
    status: int = 200,
) -> Response:
    """The page ``name`` rendered (with ``headers``, ``context``), or a page saying that it is
    missing."""
    try:
        return templates.TemplateResponse(request, name, context, status, headers)
    except TemplateNotFound:
        return HTMLResponse(_MISSING.format(page=name), status)


def page_lang(request: Request) -> str:
    """The language of a page the server words itself (one of the web client's): ``?lang=``,
    else the client's cookie, else the browser's Accept-Language, else Italian.

    >>> def asked(query: str = "", cookie: str = "", accept: str = "") -> str:
    ...     headers = [(b"cookie", cookie.encode()), (b"accept-language", accept.encode())]
    ...     scope = {"type": "http", "query_string": query.encode(), "headers": headers}
    ...     return page_lang(Request(scope))
    >>> asked(), asked("lang=en"), asked(cookie="briscola_lang=en"), asked(accept="en-GB,en;q=0.8")
    ('it', 'en', 'en', 'en')
    >>> asked("lang=xx", accept="de, it;q=0.5"), asked(accept="ro-RO,ro;q=0.9,en;q=0.8")
    ('it', 'ro')
    """
    return request_lang(request, request.cookies.get(LANG_COOKIE)) or WEB_LANGS[0]


def error_page(templates: Jinja2Templates, request: Request, kind: str) -> Response:
    """The 404 page of an error a person meets by a link (``kind``: ``unknown_table`` or
    ``not_found``), in the page's language, with a link to each other language (its name in
    itself)."""
    lang = page_lang(request)
    others = [
        {"lang": x, "name": t("web.error.language", x), "href": f"{request.url.path}?lang={x}"}
        for x in WEB_LANGS
        if x != lang
    ]
    context = {
        "lang": lang,
        "kind": kind,
        "heading": t(f"web.error.{kind}.title", lang),
        "text": t(f"web.error.{kind}.text", lang),
        "home": t("web.error.home", lang),
        "other_langs": others,
    }
    return html_page(templates, request, "error.html", context=context, status=404)


def install_pages(app: FastAPI, web: Path) -> None:
    """Add the pages of the web client directory ``web`` to ``app``; a page of an unknown table
    is the error page (404), and so is any unknown address that a browser asks for (a GET
    outside ``/api/``, ``/static/`` and ``/ws/``), every other HTTP error staying
    ``{code, message}``."""
    pages = APIRouter(include_in_schema=False)
    templates = web_templates(web)

    def page(name: str, headers: Mapping[str, str] | None = None) -> Endpoint:
        async def serve(request: Request) -> Response:
            table_id = request.path_params.get("table_id")  # a table in play or stored
            if table_id is not None and (
                len(table_id) > 64 or await request.app.state.rooms.get(table_id) is None
            ):
                return error_page(templates, request, "unknown_table")
            return html_page(templates, request, name, headers)

        return serve

    pages.get("/")(page("index.html"))
    pages.get("/embed")(page("embed.html"))
    pages.get("/table/{table_id}")(page("table.html"))
    # a full or started table is the invitation page's to say (with "watch instead")
    pages.get("/join/{table_id}/{invite_code}")(page("join.html"))
    pages.get("/watch/{table_id}")(page("watch.html"))
    pages.get("/review/{table_id}/{number}")(page("review.html"))
    pages.get("/score")(page("score.html", _NO_CACHE))
    pages.get("/score/{key}")(page("score.html", _NO_CACHE))
    pages.get("/leaderboard")(page("leaderboard.html"))  # issue 37: js/table/leaderboard.js
    pages.get("/players/{username}")(page("profile.html"))  # issue 37: js/table/profile.js
    pages.get("/offline")(page("offline.html"))  # the offline game (issue 39), js/table/offline.js
    pages.get("/online")(page("online.html"))  # quick match (issue 37), js/table/lobby.js

    def worker(path: Path) -> Endpoint:  # a service worker, served from the root for its scope
        async def serve() -> Response:
            if not path.is_file():
                return Response(status_code=404)
            return FileResponse(path, media_type="text/javascript", headers=_NO_CACHE)

        return serve

    pages.get("/score-sw.js")(worker(web / "js" / "score" / "sw.js"))
    pages.get("/sw.js")(worker(web / "js" / "offline" / "sw.js"))  # the installable app's

    async def not_found(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        path = request.url.path
        asked = request.method in ("GET", "HEAD") and not path.startswith(_JSON_PATHS)
        if exc.status_code == 404 and asked and path != "/api":
            return error_page(templates, request, "not_found")
        return await error_reply(request, exc)

    app.include_router(pages)
    app.add_exception_handler(StarletteHTTPException, not_found)
