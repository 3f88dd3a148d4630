"""The post-game analysis and the hints over HTTP (issue 15; docs/analysis.md).

* ``GET /api/tables/{table_id}/deals/{number}/analysis?seat=N``: a finished deal's analysis from
  seat ``N``'s view (each move valued from what that seat could know then, and in hindsight).
  Only a finished deal is analysed (409 ``deal_not_over`` before): then every hand is public
  anyway (the review shows them), so no token is needed, and a deal still in play never is.
* ``GET /api/tables/{table_id}/hint`` with the seat's token in the ``X-Seat-Token`` header
  (never in the URL): the champion's choice for that seat's turn, from its observation only.
  Hints are given at tables where every other seat is a computer; at a table with friends they
  are refused (403 ``hints_off``): there is no host setting to allow them yet.

The search runs off the event loop (:func:`asyncio.to_thread`), at most :data:`MAX_RUNNING` at
once; analyses are cached in memory per deal and seat, the :data:`CACHE_SIZE` latest kept.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request

from briscola.analysis import DEFAULT_BUDGET, Analysis, Rating, analyze, hint
from briscola.apps.server.errors import ApiError
from briscola.apps.server.review import deal_review
from briscola.apps.server.rooms import Room, Rooms
from briscola.apps.server.schemas import ErrorResponse
from briscola.core.record import GameRecord
from briscola.core.state import Phase
from briscola.i18n import WEB_LANGS

__all__ = ["CACHE_SIZE", "MAX_RUNNING", "AnalysisCache", "router"]

_ERROR = {"model": ErrorResponse}
router = APIRouter(
    tags=["analysis"],
    responses={
        403: {**_ERROR, "description": "A bad token, or hints off at this table"},
        404: {**_ERROR, "description": "No such table or deal"},
        409: {**_ERROR, "description": "The deal is not over, or it is not this seat's turn"},
        422: {**_ERROR, "description": "A bad seat or request"},
    },
)
"""The analysis's and the hints' API routes."""

CACHE_SIZE = 64
MAX_RUNNING = 2


class AnalysisCache:
    """Analyses by (table, deal, seat), the ``size`` latest kept; one computation per key at a
    time (a second request waits for the first's result)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._done: OrderedDict[tuple[str, int, int], Analysis] = OrderedDict()
        self._running: dict[tuple[str, int, int], asyncio.Future[Analysis]] = {}
        self._slots = asyncio.Semaphore(MAX_RUNNING)

    async def get(self, key: tuple[str, int, int], compute: Callable[[], Analysis]) -> Analysis:
        """The cached analysis of ``key``, else ``compute()`` run in a worker thread."""
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        if key in self._running:
            return await asyncio.shield(self._running[key])
        future: asyncio.Future[Analysis] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            async with self._slots:
                result = await asyncio.to_thread(compute)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        finally:
            del self._running[key]
        future.set_result(result)
        self._done[key] = result
        while len(self._done) > self.size:
            self._done.popitem(last=False)
        return result


def _budget(request: Request) -> int:
    """Worlds a decision: ``app.state.analysis_budget`` when set (tests), else the default."""
    return int(getattr(request.app.state, "analysis_budget", DEFAULT_BUDGET))


def _cache(request: Request) -> AnalysisCache:
    state = request.app.state
    if not hasattr(state, "analysis_cache"):
        state.analysis_cache = AnalysisCache()
    cache: AnalysisCache = state.analysis_cache
    return cache


async def _room(request: Request, table_id: str) -> Room:
    rooms: Rooms = request.app.state.rooms
    room = await rooms.get(table_id)
    if room is None:
        raise ApiError(404, "not_found", f"there is no table {table_id!r}")
    return room


@router.get("/api/tables/{table_id}/deals/{number}/analysis")
async def deal_analysis(
    table_id: str, number: int, request: Request, seat: Annotated[int, Query()]
) -> dict[str, Any]:
    """A finished deal's analysis from ``seat``'s view, with the seats' names and the ratings'
    names in each language."""
    # the review's checks: the table and the deal exist, and the deal is over (409 before)
    review = await deal_review(table_id, number, request)
    record = GameRecord.from_dict(review["record"])
    players = record.ruleset.players
    if not 0 <= seat < players:
        raise ApiError(422, "bad_seat", f"seat must be from 0 to {players - 1}, not {seat}")
    budget = _budget(request)
    result = await _cache(request).get(
        (table_id, number, seat), lambda: analyze(record, seat, budget, seed=number)
    )
    return {
        "table_id": table_id,
        "deal": number,
        "seats": review["seats"],
        "analysis": result.to_dict(),
        "ratings": {r.value: {lang: r.name_in(lang) for lang in WEB_LANGS} for r in Rating},
    }


@router.get("/api/tables/{table_id}/hint")
async def seat_hint(
    table_id: str,
    request: Request,
    x_seat_token: Annotated[str, Header(description="The seat's token (never in the URL).")],
) -> dict[str, Any]:
    """The champion's choice for the token's seat, whose turn it is to play a card, and why."""
    room = await _room(request, table_id)
    seat = room.seat_for_token(x_seat_token)
    if seat is None:
        raise ApiError(403, "bad_token", "this token is not one of the table's")
    table = room.table
    if any(not s.is_bot for i, s in enumerate(table.seats) if i != seat):
        raise ApiError(403, "hints_off", "hints are given only at tables against the computer")
    obs = table.observation(seat)
    if obs is None or obs.phase is not Phase.PLAY or not obs.legal:
        raise ApiError(409, "not_your_turn", "a hint is given when it is your turn to play")
    tip = await asyncio.to_thread(hint, obs, _budget(request), len(obs.actions))
    return {**tip.to_dict(), "reason": {lang: tip.reason(lang) for lang in WEB_LANGS}}
