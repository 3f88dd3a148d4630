"""A finished deal's review and analysis, and the hints (docs/web-protocol.md, "Analysis and
hints"). A deal's analysis runs in the background (:class:`~.cache.AnalysisCache`): a request
waits ``wait`` seconds for it, else is answered 202 with the progress, and asks again.

>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=2)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> steps = deal_steps(GameRecord.from_state(state))
>>> len(steps), [len(h) for h in steps[0]["hands"]], sum(s["points"] for s in steps)
(20, [3, 3], 120)
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from briscola.analysis import DEFAULT_BUDGET, Analysis, Rating, analyze, hint, phase_name
from briscola.apps.server.analysis.cache import AnalysisCache
from briscola.apps.server.errors import UNAVAILABLE, ApiError
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.schemas import ErrorResponse
from briscola.apps.server.tables import RoomsOf, table_room
from briscola.core.actions import Play
from briscola.core.record import GameRecord
from briscola.core.state import Phase
from briscola.i18n import WEB_LANGS
from briscola.session.table import DEAL_OVER, OVER, Table

__all__ = ["WAIT", "AnalysisRunning", "budget", "cache", "deal_steps", "router"]

WAIT = 1.0
"""Seconds a request for an analysis waits for it by default before it is answered 202."""

_ERROR: dict[str, Any] = {"model": ErrorResponse}
router = APIRouter(
    tags=["analysis"],
    responses={404: {**_ERROR, "description": "No such table or deal"}, **UNAVAILABLE},
)
"""The review's, the analysis's and the hints' routes."""
_NOT_OVER: dict[int | str, dict[str, Any]] = {
    409: {**_ERROR, "description": "deal_not_over: the deal is not over"}
}


class AnalysisRunning(BaseModel):
    """The reply (202) while an analysis is worked out: ask again for the result."""

    status: Literal["running"] = "running"
    progress: float = Field(ge=0, le=1, description="the share of the moves analysed so far")


def budget(request: Request) -> int:
    """Worlds a decision: ``app.state.analysis_budget`` when set (tests), else the default."""
    return int(getattr(request.app.state, "analysis_budget", DEFAULT_BUDGET))


def cache(request: Request) -> AnalysisCache:
    """The app's answers of the engine (``app.state.analysis_cache``): analyses, lessons' whys."""
    state = request.app.state
    if not hasattr(state, "analysis_cache"):
        state.analysis_cache = AnalysisCache()
    kept: AnalysisCache = state.analysis_cache
    return kept


def deal_steps(record: GameRecord) -> list[dict[str, Any]]:
    """One step per trick of a finished deal: the hands before it, the stock left, the cards
    played, the winner, the trick's points and every seat's points after it."""
    states = record.states()
    steps: list[dict[str, Any]] = []
    start = states[0]
    taken = [0] * record.ruleset.players
    for before, after, action in zip(states[:-1], states[1:], record.actions, strict=True):
        if isinstance(action, Play) and not before.trick:
            start = before
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            points = trick.points(record.ruleset)
            taken[trick.winner] += points
            steps.append({
                "hands": [[str(c) for c in hand] for hand in start.hands],
                "stock": len(start.stock),
                "plays": [[s, str(c)] for s, c in trick.plays],
                "winner": trick.winner,
                "points": points,
                "taken": list(taken),
            })  # fmt: skip
    return steps


async def _finished(rooms: Rooms, table_id: str, number: int) -> tuple[Table, GameRecord]:
    """The table and its deal ``number``'s record: 404 without it, 409 ``deal_not_over`` before
    it is over (every hand is public then)."""
    table = (await table_room(rooms, table_id)).table
    if not 0 <= number < len(table.deals):
        raise ApiError(404, "no_such_deal", f"the table has no deal {number}")
    if number == len(table.deals) - 1 and table.status not in (DEAL_OVER, OVER):
        raise ApiError(409, "deal_not_over", "a deal can be reviewed once it is over")
    deal = table.deals[number]
    return table, GameRecord(table.ruleset, deal.dealer, deal.deck, tuple(deal.actions))


@router.get("/api/tables/{table_id}/deals/{number}", responses=_NOT_OVER)
async def deal_review(table_id: str, number: int, rooms: RoomsOf) -> dict[str, Any]:
    """A finished deal: its record (as :class:`~briscola.core.record.GameRecord` reads it), the
    seats' names and its steps."""
    table, record = await _finished(rooms, table_id, number)
    final = record.replay()
    trump = final.briscola if final.briscola is not None else final.called
    return {
        "table_id": table_id,
        "deal": number,
        "deals": len(table.deals),
        "seats": [s.name for s in table.seats],
        "record": record.to_dict(),
        "steps": deal_steps(record),
        "briscola": str(trump) if trump is not None else None,
        "review_url": f"/review/{table_id}/{number}",
    }


@router.get(
    "/api/tables/{table_id}/deals/{number}/analysis",
    responses={
        202: {
            "model": AnalysisRunning,
            "description": "Still being worked out: the share of the moves done; ask again",
        },
        400: {**_ERROR, "description": "bad_seat: the seat is not one of the table's"},
        **_NOT_OVER,
    },
)
async def deal_analysis(
    table_id: str,
    number: int,
    request: Request,
    rooms: RoomsOf,
    seat: Annotated[int, Query()],
    wait: Annotated[
        float, Query(ge=0, le=30, description="Seconds to wait for the result before a 202")
    ] = WAIT,
) -> Any:
    """A finished deal's analysis from ``seat``'s view, with the seats' names and the ratings'
    and phases' names in each language; 202 with the progress while it is worked out."""
    table, record = await _finished(rooms, table_id, number)
    players = record.ruleset.players
    if not 0 <= seat < players:
        raise ApiError(400, "bad_seat", f"seat must be from 0 to {players - 1}, not {seat}")
    worlds, kept, key = budget(request), cache(request), ("analysis", table_id, number, seat)
    report = kept.reporter(key)
    result: Analysis | None = await kept.get(
        key, lambda: analyze(record, seat, worlds, seed=number, progress=report), wait
    )
    if result is None:
        running = AnalysisRunning(progress=round(kept.progress(key), 3))
        return JSONResponse(running.model_dump(), status_code=202)
    return {
        "table_id": table_id,
        "deal": number,
        "seats": [s.name for s in table.seats],
        "analysis": result.to_dict(),
        "ratings": {r.value: {lang: r.name_in(lang) for lang in WEB_LANGS} for r in Rating},
        "phases": {
            p.value: {lang: phase_name(p, lang) for lang in WEB_LANGS}
            for p in (Phase.AUCTION, Phase.CALL)
        },
    }


@router.get(
    "/api/tables/{table_id}/hint",
    responses={
        403: {**_ERROR, "description": "bad_token; hints_off: the host has not allowed hints"},
        409: {**_ERROR, "description": "not_your_turn: it is not this seat's turn to play"},
    },
)
async def seat_hint(
    table_id: str,
    request: Request,
    rooms: RoomsOf,
    x_seat_token: Annotated[str, Header(description="The seat's token (never in the URL).")],
) -> dict[str, Any]:
    """The champion's choice for the token's seat, whose turn it is to play a card, and why."""
    room = await table_room(rooms, table_id)
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
    tip = await asyncio.to_thread(hint, obs, budget(request), len(obs.actions))
    return {**tip.to_dict(), "reason": {lang: tip.reason(lang) for lang in WEB_LANGS}}
