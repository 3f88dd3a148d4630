"""The score keeper's routes (``/api/scores``: make a sheet, read it, change it, its history,
its CSV) and the sheets they find by key (:class:`Sheets`); see the package's documentation."""

from __future__ import annotations

import re
import secrets
import threading
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from briscola.apps.server.errors import ApiError, error_reply, request_lang
from briscola.apps.server.scores.schemas import (
    MAX_COMPETITORS,
    ApplyRequest,
    CreateSheetRequest,
    HistoryResponse,
    ScoreErrorResponse,
    SheetResponse,
    SheetView,
    StaleResponse,
    StoredGameView,
)
from briscola.scorekeeper import Competitor, ScoreError, Sheet
from briscola.scorekeeper.export import csv_text
from briscola.scorekeeper.messages import DEFAULT_LANG, t
from briscola.scorekeeper.store import SheetRow, SheetStore, StaleSheetError, StoredSheet

OWNER_PREFIX = "web:"
"""The store's ``owner`` of a web sheet is this prefix and the sheet's key."""
KEY_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
"""What a sheet's key may look like."""


def _labels(sheet: Sheet, lang: str) -> tuple[str | None, str | None]:
    """What Undo and Redo would do, in words (computed on a copy)."""
    undo = redo = None
    if sheet.can_undo:
        undo = Sheet.from_dict(sheet.to_dict()).undo().describe(lang)
    if sheet.can_redo:
        redo = Sheet.from_dict(sheet.to_dict()).redo().describe(lang)
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


_METHODS = {"target": "set_target", "format": "set_format", "declarations": "set_declarations"}
"""The :class:`Sheet` method that makes a change of :data:`~.schemas.AnyChange` whose ``op`` is
not the method's own name; the change's other fields are the method's arguments, in order."""


def _apply(sheet: Sheet, change: BaseModel, lang: str) -> str | None:
    """Make ``change`` on ``sheet``; the change in words (for undo and redo, what they did)."""
    op, *args = change.model_dump().values()
    if op == "add_competitor" and len(sheet.competitors) >= MAX_COMPETITORS:
        raise _too_many(lang)
    done = getattr(sheet, _METHODS.get(op, op))(*args)
    return done.describe(lang) if op in ("undo", "redo") else _labels(sheet, lang)[0]


def _word(key: str, lang: str, **params: Any) -> str:
    """The web score keeper's words ``key`` (``score.web.<key>`` in briscola.i18n)."""
    return t(f"web.{key}", lang, **params)


def _too_many(lang: str) -> ApiError:
    message = _word("too_many_competitors", lang, n=MAX_COMPETITORS)
    return ApiError(400, "too_many_competitors", message)


class Sheets:
    """The web sheets in a :class:`SheetStore`, found by key; one writer at a time."""

    def __init__(self, engine: Engine) -> None:
        self.store = SheetStore(engine)
        self.engine = engine
        self.lock = threading.Lock()

    def load(self, key: str, lang: str) -> StoredSheet:
        """The sheet of ``key`` (404 ``not_found`` for none, said in ``lang``)."""
        if KEY_RE.match(key):
            with Session(self.engine) as session:
                query = select(SheetRow.id).where(SheetRow.owner == OWNER_PREFIX + key)
                found = session.scalars(query).first()
            if found is not None:
                return self.store.get(int(found))  # bad_state: a sheet that no longer reads
        raise ApiError(404, "not_found", _word("not_found", lang))


async def _sheets(request: Request) -> Sheets:
    sheets: Sheets = request.app.state.score_sheets
    return sheets


async def _language(
    request: Request,
    lang: Annotated[
        Literal["it", "en", "ro"] | None,
        Query(description="The language of messages (default: Accept-Language, else it)"),
    ] = None,
) -> str:
    """The request's language (:func:`~.errors.request_lang`, which reads ``lang``, declared here
    for the API's docs and checks), else Italian."""
    return request_lang(request) or DEFAULT_LANG


SheetsOf = Annotated[Sheets, Depends(_sheets)]
"""The web sheets of the app that answers the request."""
Language = Annotated[str, Depends(_language)]
"""The language of the request's answer."""

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ScoreErrorResponse, "description": "A change the sheet refuses, and why"},
    404: {"model": ScoreErrorResponse, "description": "No sheet at this link"},
}

router = APIRouter(tags=["score keeper"])
"""The score keeper's API; it finds the sheets in the app's ``state.score_sheets``."""


@router.post("/api/scores", response_model=SheetResponse, status_code=201, responses=_ERRORS)
def create_sheet(req: CreateSheetRequest, sheets: SheetsOf, lang: Language) -> SheetResponse:
    """A new score sheet; its ``url`` is its secret link (keep it: there are no accounts)."""
    if len(req.competitors) > MAX_COMPETITORS:
        raise _too_many(lang)
    people = [Competitor.parse(text) for text in req.competitors]
    name = (
        req.name.strip() or " – ".join(p.name for p in people)[:200] or _word("sheet_title", lang)
    )
    sheet = Sheet(name, people, req.target, req.format, req.declarations)
    key = secrets.token_urlsafe(16)  # 22 URL-safe characters, 128 bits
    with sheets.lock:
        sheets.store.create(sheet, owner=OWNER_PREFIX + key)
    return _response(key, sheets.load(key, lang), lang)


@router.get("/api/scores/{key}", response_model=SheetResponse, responses=_ERRORS)
def get_sheet(key: str, sheets: SheetsOf, lang: Language) -> SheetResponse:
    """The sheet as it stands, with its revision."""
    return _response(key, sheets.load(key, lang), lang)


@router.post(
    "/api/scores/{key}/changes",
    response_model=SheetResponse,
    responses={
        **_ERRORS,
        409: {"model": StaleResponse, "description": "The sheet changed meanwhile"},
    },
)
def apply_change(key: str, req: ApplyRequest, sheets: SheetsOf, lang: Language) -> SheetResponse:
    """Make one change (points, undo, redo, new game, settings) on the sheet at the
    client's ``revision``; the sheet after it. A stale revision changes nothing: 409 with
    the sheet as it is now, for the client to show before it tries again. A change sent again
    with the ``id`` of one already applied changes nothing either: 200 with the sheet now."""
    with sheets.lock:
        stored = sheets.load(key, lang)
        if req.id is not None and sheets.store.applied(stored.id, req.id) is not None:
            return _response(key, stored, lang)  # sent again: already counted
        try:
            if req.revision is not None and req.revision != stored.revision:
                raise StaleSheetError("stale_sheet", name=stored.sheet.name)
            change = _apply(stored.sheet, req.change, lang)
            revision = sheets.store.save(
                stored.id, stored.sheet, revision=stored.revision, change_id=req.id
            )
        except StaleSheetError as err:
            current = _response(key, sheets.load(key, lang), lang).model_dump()
            raise ApiError(409, err.code, err.message(lang), extra={"current": current}) from None
    return _response(key, StoredSheet(stored.id, revision, stored.sheet), lang, change)


@router.get("/api/scores/{key}/history", response_model=HistoryResponse, responses=_ERRORS)
def get_history(key: str, sheets: SheetsOf, lang: Language) -> HistoryResponse:
    """The finished games, oldest first, with the time each was closed."""
    stored = sheets.load(key, lang)
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
def export_sheet(key: str, sheets: SheetsOf, lang: Language) -> Response:
    """The sheet as CSV (a download): a row per game, a column per competitor, trophies."""
    sheet = sheets.load(key, lang).sheet
    slug = re.sub(r"[^A-Za-z0-9]+", "-", sheet.name).strip("-").lower() or "sheet"
    return Response(
        csv_text(sheet, lang),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{slug[:60]}.csv"'},
    )


async def _refused(request: Request, exc: Exception) -> Response:
    """A sheet's refusal: 400 with its code, said in the request's language."""
    assert isinstance(exc, ScoreError)
    lang = request_lang(request) or DEFAULT_LANG
    return await error_reply(request, ApiError(400, exc.code, exc.message(lang)))


def install(app: FastAPI, engine: Engine) -> None:
    """Add the score keeper's API to ``app``, its sheets in ``engine``'s database; a sheet's
    refusal (a :class:`ScoreError`) is answered 400 with its code."""
    app.state.score_sheets = Sheets(engine)
    app.add_exception_handler(ScoreError, _refused)
    app.include_router(router)
