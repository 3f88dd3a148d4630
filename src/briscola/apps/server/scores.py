"""The score keeper on the web: score sheets behind a secret link, kept with the server's data.

The sheets are :class:`briscola.scorekeeper.Sheet` values in a
:class:`briscola.scorekeeper.store.SheetStore` on the server's own SQLAlchemy engine. A sheet is
known by an unguessable key (``/score/{key}``, like a table's token): whoever has the link may
read and change it; there are no accounts. Each change carries the revision the client last saw,
so two phones on one sheet never overwrite each other (a stale one gets 409 and the sheet as it
is now). Errors are ``{"code", "message"}`` with the message in the request's language
(``?lang=``, else ``Accept-Language``, else Italian).

The routes are described in docs/web-protocol.md ("The score keeper") and in the OpenAPI
document; :func:`install` adds them to an app. Their bodies are in :mod:`.score_schemas`.
"""

from __future__ import annotations

import re
import secrets
import threading
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from briscola.apps.server.errors import ApiError, api_error_reply, request_lang
from briscola.apps.server.pages import html_page, web_templates
from briscola.apps.server.score_schemas import (
    MAX_COMPETITORS,
    AddChange,
    AddCompetitorChange,
    ApplyRequest,
    CreateSheetRequest,
    DeclarationsChange,
    FormatChange,
    HistoryResponse,
    NewGameChange,
    NextDealChange,
    RedoChange,
    RemoveCompetitorChange,
    RenameChange,
    RenameSheetChange,
    ScoreErrorResponse,
    SetTotalChange,
    SheetResponse,
    SheetView,
    StaleResponse,
    StoredGameView,
    TargetChange,
    UndoChange,
)
from briscola.scorekeeper import Competitor, ScoreError, Sheet
from briscola.scorekeeper.export import csv_text
from briscola.scorekeeper.messages import DEFAULT_LANG, t
from briscola.scorekeeper.store import SheetRow, SheetStore, StaleSheetError, StoredSheet

__all__ = [
    "ApplyRequest",
    "CreateSheetRequest",
    "HistoryResponse",
    "ScoreApiError",
    "SheetResponse",
    "SheetView",
    "StaleResponse",
    "install",
    "new_key",
]

OWNER_PREFIX = "web:"
"""The store's ``owner`` of a web sheet is this prefix and the sheet's key."""
KEY_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def new_key() -> str:
    """A fresh secret key for a sheet's link (22 URL-safe characters, 128 bits)."""
    return secrets.token_urlsafe(16)


class ScoreApiError(ApiError):
    """An HTTP error of the score keeper: ``{"code", "message"}`` and any ``extra`` fields."""


# -- helpers ------------------------------------------------------------------------------------
def _lang(request: Request, lang: str | None) -> str:
    """The request's language (one of the web client's): ``?lang=``, else the first known one in
    Accept-Language (:func:`~.errors.request_lang`), else the default."""
    return request_lang(request.headers, lang) or DEFAULT_LANG


def _word(key: str, lang: str, **params: Any) -> str:
    """The web score keeper's message ``key`` (``score.web.<key>`` in briscola.i18n)."""
    return t(f"web.{key}", lang, **params)


def _score_error(err: ScoreError, lang: str) -> ScoreApiError:
    return ScoreApiError(400, err.code, err.message(lang))


def _too_many(lang: str) -> ScoreApiError:
    message = _word("too_many_competitors", lang, n=MAX_COMPETITORS)
    return ScoreApiError(400, "too_many_competitors", message)


def _labels(sheet: Sheet, lang: str) -> tuple[str | None, str | None]:
    """What Undo and Redo would do, in words (computed on a copy)."""
    undo = redo = None
    if sheet.can_undo or sheet.can_redo:
        data = sheet.to_dict()
        if sheet.can_undo:
            undo = Sheet.from_dict(data).undo().describe(lang)
        if sheet.can_redo:
            redo = Sheet.from_dict(data).redo().describe(lang)
    return undo, redo


def _response(key: str, stored: StoredSheet, lang: str, change: str | None = None) -> SheetResponse:
    sheet = stored.sheet
    undo, redo = _labels(sheet, lang)
    return SheetResponse(
        id=key,
        url=f"/score/{key}",
        revision=stored.revision,
        sheet=SheetView.model_validate(sheet.view()),
        target_value=sheet.target.value,
        single_deal=sheet.target.single_deal,
        counts_points=sheet.target.counts_points,
        target_text=sheet.target.describe(lang),
        format_text=sheet.format.describe(lang),
        undo_label=undo,
        redo_label=redo,
        change=change,
    )


def _apply(sheet: Sheet, change: BaseModel, lang: str) -> str | None:
    """Make ``change`` on ``sheet``; the change in words."""
    if isinstance(change, UndoChange):
        return sheet.undo().describe(lang)
    if isinstance(change, RedoChange):
        return sheet.redo().describe(lang)
    if isinstance(change, AddChange):
        sheet.add(change.competitor, change.delta)
    elif isinstance(change, SetTotalChange):
        sheet.set_total(change.competitor, change.value)
    elif isinstance(change, NextDealChange):
        sheet.next_deal()
    elif isinstance(change, NewGameChange):
        sheet.new_game()
    elif isinstance(change, RenameChange):
        sheet.rename(change.competitor, change.name)
    elif isinstance(change, AddCompetitorChange):
        if len(sheet.competitors) >= MAX_COMPETITORS:
            raise _too_many(lang)
        sheet.add_competitor(change.name)
    elif isinstance(change, RemoveCompetitorChange):
        sheet.remove_competitor(change.competitor)
    elif isinstance(change, TargetChange):
        sheet.set_target(change.target)
    elif isinstance(change, FormatChange):
        sheet.set_format(change.format)
    elif isinstance(change, DeclarationsChange):
        sheet.set_declarations(change.allowed)
    elif isinstance(change, RenameSheetChange):
        sheet.rename_sheet(change.name)
    else:  # pragma: no cover - the union is closed
        raise TypeError(f"unknown change {change!r}")
    return _labels(sheet, lang)[0]


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ScoreErrorResponse, "description": "A change the sheet refuses, and why"},
    404: {"model": ScoreErrorResponse, "description": "No sheet at this link"},
}
_MISSING_PAGE = "<!doctype html><title>Briscola</title><p>score.html is missing</p>"
LangQuery = Annotated[
    Literal["it", "en", "ro"] | None,
    Query(description="The language of messages (default: Accept-Language, else it)"),
]


class _Sheets:
    """The web sheets in a :class:`SheetStore`, found by key; one writer at a time."""

    def __init__(self, engine: Engine) -> None:
        self.store = SheetStore(engine)
        self.engine = engine
        self.lock = threading.Lock()

    def row_id(self, key: str, lang: str) -> int:
        if KEY_RE.match(key):
            with Session(self.engine) as session:
                query = select(SheetRow.id).where(SheetRow.owner == OWNER_PREFIX + key)
                found = session.scalars(query).first()
            if found is not None:
                return int(found)
        raise ScoreApiError(404, "not_found", _word("not_found", lang))

    def load(self, key: str, lang: str) -> StoredSheet:
        try:
            return self.store.get(self.row_id(key, lang))
        except ScoreError as err:  # a stored sheet that no longer reads (bad_state)
            raise _score_error(err, lang) from None


router = APIRouter(tags=["score keeper"])
"""The score keeper's API; it finds the sheets in the app's ``state.score_sheets``."""


def _sheets(request: Request) -> _Sheets:
    sheets: _Sheets = request.app.state.score_sheets
    return sheets


SheetsOf = Annotated[_Sheets, Depends(_sheets)]
"""The web sheets of the app that answers the request."""


@router.post("/api/scores", response_model=SheetResponse, status_code=201, responses=_ERRORS)
def create_sheet(
    req: CreateSheetRequest, request: Request, sheets: SheetsOf, lang: LangQuery = None
) -> SheetResponse:
    """A new score sheet; its ``url`` is its secret link (keep it: there are no accounts)."""
    language = _lang(request, lang)
    if len(req.competitors) > MAX_COMPETITORS:
        raise _too_many(language)
    try:
        people = [Competitor.parse(text) for text in req.competitors]
        name = req.name.strip() or " – ".join(p.name for p in people)[:200]
        if not name:
            name = _word("sheet_title", language)
        sheet = Sheet(name, people, req.target, req.format, req.declarations)
        key = new_key()
        with sheets.lock:
            sheets.store.create(sheet, owner=OWNER_PREFIX + key)
        return _response(key, sheets.load(key, language), language)
    except ScoreError as err:
        raise _score_error(err, language) from None


@router.get("/api/scores/{key}", response_model=SheetResponse, responses=_ERRORS)
def get_sheet(
    key: str, request: Request, sheets: SheetsOf, lang: LangQuery = None
) -> SheetResponse:
    """The sheet as it stands, with its revision."""
    language = _lang(request, lang)
    try:
        return _response(key, sheets.load(key, language), language)
    except ScoreError as err:
        raise _score_error(err, language) from None


@router.post(
    "/api/scores/{key}/changes",
    response_model=SheetResponse,
    responses={
        **_ERRORS,
        409: {"model": StaleResponse, "description": "The sheet changed meanwhile"},
    },
)
def apply_change(
    key: str, req: ApplyRequest, request: Request, sheets: SheetsOf, lang: LangQuery = None
) -> SheetResponse:
    """Make one change (points, undo, redo, new game, settings) on the sheet at the
    client's ``revision``; the sheet after it. A stale revision changes nothing: 409 with
    the sheet as it is now, for the client to show before it tries again. A change sent again
    with the ``id`` of one already applied changes nothing either: 200 with the sheet now."""
    language = _lang(request, lang)
    with sheets.lock:
        try:
            stored = sheets.load(key, language)
            if req.id is not None and sheets.store.applied(stored.id, req.id) is not None:
                return _response(key, stored, language)  # sent again: already counted
            if req.revision is not None and req.revision != stored.revision:
                raise StaleSheetError("stale_sheet", name=stored.sheet.name)
            change = _apply(stored.sheet, req.change, language)
            revision = sheets.store.save(
                stored.id, stored.sheet, revision=stored.revision, change_id=req.id
            )
        except StaleSheetError as err:
            current = _response(key, sheets.load(key, language), language)
            raise ScoreApiError(
                409, err.code, err.message(language), current=current.model_dump()
            ) from None
        except ScoreError as err:
            raise _score_error(err, language) from None
    return _response(key, StoredSheet(stored.id, revision, stored.sheet), language, change)


@router.get("/api/scores/{key}/history", response_model=HistoryResponse, responses=_ERRORS)
def get_history(
    key: str, request: Request, sheets: SheetsOf, lang: LangQuery = None
) -> HistoryResponse:
    """The finished games, oldest first, with the time each was closed."""
    language = _lang(request, lang)
    stored = sheets.load(key, language)
    games = [
        StoredGameView(**g.game.to_dict(), finished_at=g.finished_at.isoformat())
        for g in sheets.store.games(stored.id)
    ]
    return HistoryResponse(id=key, name=stored.sheet.name, games=games)


@router.get(
    "/api/scores/{key}/export.csv",
    response_class=Response,
    responses={
        200: {"content": {"text/csv": {}}, "description": "The sheet as CSV"},
        404: _ERRORS[404],
    },
)
def export_sheet(key: str, request: Request, sheets: SheetsOf, lang: LangQuery = None) -> Response:
    """The sheet as CSV (a download): a row per game, a column per competitor, trophies."""
    language = _lang(request, lang)
    sheet = sheets.load(key, language).sheet
    slug = re.sub(r"[^A-Za-z0-9]+", "-", sheet.name).strip("-").lower() or "sheet"
    return Response(
        csv_text(sheet, language),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{slug[:60]}.csv"'},
    )


def install(app: FastAPI, engine: Engine, web: Path) -> None:
    """Add the score keeper's routes and pages to ``app``: sheets in ``engine``'s database, the
    pages from the web client directory ``web``."""
    sheets = _Sheets(engine)
    app.state.score_sheets = sheets
    app.state.score_store = sheets.store
    pages = APIRouter(tags=["score keeper"], include_in_schema=False)

    templates = web_templates(web)

    def page(request: Request) -> Response:
        no_cache = {"Cache-Control": "no-cache"}
        return html_page(templates, request, "score.html", _MISSING_PAGE, headers=no_cache)

    @pages.get("/score")
    def score_home(request: Request) -> Response:
        return page(request)

    @pages.get("/score/{key}")
    def score_page(request: Request, key: str) -> Response:
        return page(request)

    @pages.get("/score-sw.js")
    def service_worker() -> Response:
        path = web / "js" / "score" / "sw.js"
        if not path.is_file():
            return Response(status_code=404)
        return FileResponse(
            path, media_type="text/javascript", headers={"Cache-Control": "no-cache"}
        )

    app.exception_handler(ScoreApiError)(api_error_reply)
    app.include_router(router)
    app.include_router(pages)
