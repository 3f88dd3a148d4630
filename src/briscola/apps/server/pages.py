"""The web client's pages: Jinja2 templates in the web client's directory (each page extends
``layout/base.html``, which holds the ``<head>`` they share), or a short page that says the client
is missing (the API still works without it).

>>> import tempfile
>>> from starlette.requests import Request
>>> request = Request({"type": "http"})
>>> with tempfile.TemporaryDirectory() as folder:
...     web = Path(folder)
...     (web / "layout").mkdir()
...     _ = (web / "layout" / "base.html").write_text("<h1>{% block body %}{% endblock %}</h1>")
...     page = '{% extends "layout/base.html" %}{% block body %}A{% endblock %}'
...     _ = (web / "a.html").write_text(page)
...     templates = web_templates(web)
...     found = html_page(templates, request, "a.html", "<p>missing</p>")
...     missing = html_page(templates, request, "b.html", "<p>missing</p>")
>>> found.status_code, found.body, missing.body
(200, b'<h1>A</h1>', b'<p>missing</p>')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, TemplateNotFound, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from briscola import __version__
from briscola.apps.server.errors import http_error_reply
from briscola.i18n import WEB_LANGS, t

__all__ = [
    "default_static_dir",
    "error_page",
    "html_page",
    "install_error_pages",
    "page_lang",
    "page_routes",
    "web_templates",
]

LANG_COOKIE = "briscola_lang"
"""The cookie in which the web client keeps the language of its pages (js/common/i18n.js)."""

_JSON_PATHS = ("/api/", "/static/", "/ws/")
"""Where an unknown address is answered with JSON ``{code, message}``, not a page."""

_FALLBACK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Briscola</title></head><body><h1>Briscola</h1>
<p>The game server is running, but the web client ({page}) is not installed.</p>
<p>The API is described at <a href="/docs">/docs</a>.</p></body></html>"""


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
    fallback: str,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """The page ``name`` rendered (with ``headers``), or the page ``fallback`` if it is missing."""
    try:
        return templates.TemplateResponse(request, name, headers=headers)
    except TemplateNotFound:
        return HTMLResponse(fallback)


def page_routes(web: Path) -> APIRouter:
    """The game's pages (home, table, invitation, embed) from the web client directory ``web``."""
    router = APIRouter(include_in_schema=False)
    templates = web_templates(web)

    def page(request: Request, name: str) -> Response:
        return html_page(templates, request, name, _FALLBACK.format(page=name))

    @router.get("/")
    async def home(request: Request) -> Response:
        return page(request, "index.html")

    @router.get("/table/{table_id}")
    async def table_page(request: Request, table_id: str) -> Response:
        if not await _table_exists(request, table_id):
            return error_page(templates, request, "unknown_table", 404)
        return page(request, "table.html")

    @router.get("/join/{table_id}/{invite_code}")
    async def join_page(request: Request, table_id: str, invite_code: str) -> Response:
        # a full or started table is the invitation page's to say (with "watch instead")
        if not await _table_exists(request, table_id):
            return error_page(templates, request, "unknown_table", 404)
        return page(request, "join.html")

    @router.get("/embed")
    async def embed_page(request: Request) -> Response:
        return page(request, "embed.html")

    return router


async def _table_exists(request: Request, table_id: str) -> bool:
    """Is there a table ``table_id`` (in play or stored)? True when the app keeps no tables."""
    rooms = getattr(request.app.state, "rooms", None)
    if rooms is None or len(table_id) > 64:
        return rooms is None
    return await rooms.get(table_id) is not None


def page_lang(request: Request) -> str:
    """The language of a page the server words itself (one of the web client's, Italian, English
    or Romanian): ``?lang=``, else the client's cookie, else the browser's Accept-Language, else
    Italian.

    >>> from starlette.requests import Request
    >>> def asked(query: str = "", cookie: str = "", accept: str = "") -> str:
    ...     headers = [(b"cookie", cookie.encode()), (b"accept-language", accept.encode())]
    ...     scope = {"type": "http", "query_string": query.encode(), "headers": headers}
    ...     return page_lang(Request(scope))
    >>> asked(), asked("lang=en"), asked(cookie="briscola_lang=en"), asked(accept="en-GB,en;q=0.8")
    ('it', 'en', 'en', 'en')
    >>> asked("lang=xx", accept="de, it;q=0.5")
    'it'
    >>> asked("lang=ro"), asked(cookie="briscola_lang=ro"), asked(accept="ro-RO,ro;q=0.9,en;q=0.8")
    ('ro', 'ro', 'ro')
    """
    asked = [request.query_params.get("lang", ""), request.cookies.get(LANG_COOKIE, "")]
    for part in request.headers.get("accept-language", "").split(","):
        asked.append(part.split(";")[0].strip().split("-")[0].lower())
    return next((lang for lang in asked if lang in WEB_LANGS), WEB_LANGS[0])


def error_page(templates: Jinja2Templates, request: Request, kind: str, status: int) -> Response:
    """The page of an error a person meets by a link (``kind``: ``unknown_table`` or
    ``not_found``), in the page's language, with the HTTP status ``status`` and a link to each
    other language (its name in itself)."""
    lang = page_lang(request)
    others = [
        {"lang": x, "name": t("web.error.language", x), "href": f"{request.url.path}?lang={x}"}
        for x in WEB_LANGS
        if x != lang
    ]
    texts = {
        "unknown_table": (
            t("web.error.unknown_table.title", lang),
            t("web.error.unknown_table.text", lang),
        ),
        "not_found": (t("web.error.not_found.title", lang), t("web.error.not_found.text", lang)),
    }
    title, text = texts[kind]
    context = {
        "lang": lang,
        "kind": kind,
        "heading": title,
        "text": text,
        "home": t("web.error.home", lang),
        "other_langs": others,
    }
    try:
        return templates.TemplateResponse(request, "error.html", context, status_code=status)
    except TemplateNotFound:
        return HTMLResponse(f"<!doctype html><title>Briscola</title><h1>{title}</h1>", status)


def install_error_pages(app: FastAPI, web: Path) -> None:
    """Answer a page that is not there (a GET of an unknown address outside ``/api/``,
    ``/static/`` and ``/ws/``) with the error page in the page's language; every other HTTP
    error stays ``{code, message}`` (:func:`~briscola.apps.server.errors.http_error_reply`).
    Call it after :func:`~briscola.apps.server.errors.add_error_handlers`."""
    templates = web_templates(web)

    async def reply(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        path = request.url.path
        page = request.method in ("GET", "HEAD") and not path.startswith(_JSON_PATHS)
        if exc.status_code == 404 and page and path != "/api":
            return error_page(templates, request, "not_found", 404)
        return await http_error_reply(request, exc)

    app.exception_handler(StarletteHTTPException)(reply)
