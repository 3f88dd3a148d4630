"""The post-game analysis and the hints over HTTP (docs/web-protocol.md, "Analysis and hints";
docs/analysis.md): a finished deal's analysis from one seat's view, and the champion's choice
for a seat's turn (its token in ``X-Seat-Token``, never in the URL).

An analysis runs off the event loop, at most :data:`MAX_RUNNING` at once, in the background; the
:data:`CACHE_SIZE` latest are kept in memory. A request waits ``wait`` seconds for it, else is
answered 202 with the progress, and asks again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from briscola.analysis import DEFAULT_BUDGET, Analysis, Rating, analyze, hint, phase_name
from briscola.apps.server.errors import ApiError
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.schemas import ErrorResponse
from briscola.apps.server.tables import deal_review, table_room
from briscola.core.record import GameRecord
from briscola.core.state import Phase
from briscola.i18n import WEB_LANGS

__all__ = ["CACHE_SIZE", "MAX_RUNNING", "WAIT", "AnalysisCache", "AnalysisRunning", "router"]

_ERROR = {"model": ErrorResponse}
router = APIRouter(
    tags=["analysis"],
    responses={
        400: {**_ERROR, "description": "bad_seat: the seat is not one of the table's"},
        403: {**_ERROR, "description": "A bad token, or hints off at this table"},
        404: {**_ERROR, "description": "No such table or deal"},
        409: {**_ERROR, "description": "The deal is not over, or it is not this seat's turn"},
    },
)
"""The analysis's and the hints' API routes."""

CACHE_SIZE = 64
MAX_RUNNING = 2
WAIT = 1.0
"""Seconds a request for an analysis waits for it by default before it is answered 202."""
Key = tuple[str, int, int]
"""An analysis's key: the table, the deal's number and the seat."""


class AnalysisRunning(BaseModel):
    """The reply (202) while an analysis is worked out: ask again for the result."""

    status: Literal["running"] = "running"
    progress: float = Field(ge=0, le=1, description="the share of the moves analysed so far")


class AnalysisCache:
    """Analyses by (table, deal, seat), the ``size`` latest kept; one computation per key at a
    time (a second request waits for the first's result), in the background."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._done: OrderedDict[Key, Analysis] = OrderedDict()
        self._running: dict[Key, asyncio.Future[Analysis]] = {}
        self._progress: dict[Key, float] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._slots = asyncio.Semaphore(MAX_RUNNING)

    def progress(self, key: Key) -> float:
        """The share of ``key``'s moves analysed so far (0 while it waits for a free slot; 1 once
        it is done)."""
        if key in self._done:
            return 1.0
        return self._progress.get(key, 0.0)

    def reporter(self, key: Key) -> Callable[[int, int], None]:
        """A progress callback for ``key``'s computation (called from its worker thread)."""

        def report(done: int, total: int) -> None:
            self._progress[key] = done / total if total else 1.0

        return report

    async def get(
        self, key: Key, compute: Callable[[], Analysis], timeout: float | None = None
    ) -> Analysis | None:
        """The analysis of ``key``: cached, else ``compute()`` run in a worker thread; None when
        it is not there within ``timeout`` seconds (the computation goes on)."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        future = self._running.get(key) or self._start(key, compute)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            return None

    def _start(self, key: Key, compute: Callable[[], Analysis]) -> asyncio.Future[Analysis]:
        future: asyncio.Future[Analysis] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        self._progress[key] = 0.0
        task = asyncio.create_task(self._run(key, compute, future))
        self._tasks.add(task)  # a reference, until it is done
        task.add_done_callback(self._tasks.discard)
        return future

    async def _run(
        self, key: Key, compute: Callable[[], Analysis], future: asyncio.Future[Analysis]
    ) -> None:
        try:
            async with self._slots:
                result = await asyncio.to_thread(compute)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            return
        finally:
            del self._running[key]
            self._progress.pop(key, None)
        self._done[key] = result
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        future.set_result(result)


def _budget(request: Request) -> int:
    """Worlds a decision: ``app.state.analysis_budget`` when set (tests), else the default."""
    return int(getattr(request.app.state, "analysis_budget", DEFAULT_BUDGET))


def _cache(request: Request) -> AnalysisCache:
    state = request.app.state
    if not hasattr(state, "analysis_cache"):
        state.analysis_cache = AnalysisCache()
    cache: AnalysisCache = state.analysis_cache
    return cache


@router.get(
    "/api/tables/{table_id}/deals/{number}/analysis",
    responses={
        202: {
            "model": AnalysisRunning,
            "description": "Still being worked out: the share of the moves done; ask again",
        }
    },
)
async def deal_analysis(
    table_id: str,
    number: int,
    request: Request,
    seat: Annotated[int, Query()],
    wait: Annotated[
        float, Query(ge=0, le=30, description="Seconds to wait for the result before a 202")
    ] = WAIT,
) -> Any:
    """A finished deal's analysis from ``seat``'s view, with the seats' names and the ratings'
    and phases' names in each language; 202 with the progress while it is worked out."""
    rooms: Rooms = request.app.state.rooms
    review = await deal_review(table_id, number, rooms)  # the deal exists and is over
    record = GameRecord.from_dict(review["record"])
    players = record.ruleset.players
    if not 0 <= seat < players:
        raise ApiError(400, "bad_seat", f"seat must be from 0 to {players - 1}, not {seat}")
    budget = _budget(request)
    cache = _cache(request)
    key = (table_id, number, seat)
    report = cache.reporter(key)
    result = await cache.get(
        key, lambda: analyze(record, seat, budget, seed=number, progress=report), wait
    )
    if result is None:
        running = AnalysisRunning(progress=round(cache.progress(key), 3))
        return JSONResponse(running.model_dump(), status_code=202)
    return {
        "table_id": table_id,
        "deal": number,
        "seats": review["seats"],
        "analysis": result.to_dict(),
        "ratings": {r.value: {lang: r.name_in(lang) for lang in WEB_LANGS} for r in Rating},
        "phases": {
            p.value: {lang: phase_name(p, lang) for lang in WEB_LANGS}
            for p in (Phase.AUCTION, Phase.CALL)
        },
    }


@router.get("/api/tables/{table_id}/hint")
async def seat_hint(
    table_id: str,
    request: Request,
    x_seat_token: Annotated[str, Header(description="The seat's token (never in the URL).")],
) -> dict[str, Any]:
    """The champion's choice for the token's seat, whose turn it is to play a card, and why."""
    room = await table_room(request.app.state.rooms, table_id)
    seat = room.seat_for_token(x_seat_token)
    if seat is None:
        raise ApiError(403, "bad_token", "this token is not one of the table's")
    table = room.table
    if not room.hints and any(not s.is_bot for i, s in enumerate(table.seats) if i != seat):
        raise ApiError(
            403, "hints_off", "the host has not allowed hints at this table with other people"
        )
    obs = table.observation(seat)
    if obs is None or obs.phase is not Phase.PLAY or not obs.legal:
        raise ApiError(409, "not_your_turn", "a hint is given when it is your turn to play")
    tip = await asyncio.to_thread(hint, obs, _budget(request), len(obs.actions))
    return {**tip.to_dict(), "reason": {lang: tip.reason(lang) for lang in WEB_LANGS}}
