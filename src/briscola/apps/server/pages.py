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

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, TemplateNotFound, select_autoescape

__all__ = ["default_static_dir", "html_page", "page_routes", "web_templates"]

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
        return page(request, "table.html")

    @router.get("/join/{table_id}/{invite_code}")
    async def join_page(request: Request, table_id: str, invite_code: str) -> Response:
        return page(request, "join.html")

    @router.get("/embed")
    async def embed_page(request: Request) -> Response:
        return page(request, "embed.html")

    return router
