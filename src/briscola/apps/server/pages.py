"""The web client's pages: the HTML files of the web client's directory, or a short page that
says the client is missing (the API still works without it).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as empty:
...     reply = html_page(Path(empty) / "index.html", "<p>missing</p>")
>>> reply.status_code, reply.body
(200, b'<p>missing</p>')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

__all__ = ["default_static_dir", "html_page", "page_routes"]

_FALLBACK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Briscola</title></head><body><h1>Briscola</h1>
<p>The game server is running, but the web client ({page}) is not installed.</p>
<p>The API is described at <a href="/docs">/docs</a>.</p></body></html>"""


def default_static_dir() -> Path:
    """The web client's directory: ``briscola/apps/web`` inside the installed package."""
    return Path(__file__).resolve().parent.parent / "web"


def html_page(path: Path, fallback: str, headers: Mapping[str, str] | None = None) -> Response:
    """The HTML file at ``path`` (with ``headers``), or the page ``fallback`` when it is missing."""
    if path.is_file():
        return FileResponse(path, media_type="text/html", headers=headers)
    return HTMLResponse(fallback)


def page_routes(web: Path) -> APIRouter:
    """The game's pages (home, table, invitation, embed) from the web client directory ``web``."""
    router = APIRouter(include_in_schema=False)

    def page(name: str) -> Response:
        return html_page(web / name, _FALLBACK.format(page=name))

    @router.get("/")
    async def home() -> Response:
        return page("index.html")

    @router.get("/table/{table_id}")
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @router.get("/join/{table_id}/{invite_code}")
    async def join_page(table_id: str, invite_code: str) -> Response:
        return page("join.html")

    @router.get("/embed")
    async def embed_page() -> Response:
        return page("embed.html")

    return router
