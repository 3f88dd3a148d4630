"""The review of a finished deal, and the pages around a game that are not a seat's.

``GET /api/tables/{table_id}/deals/{number}``: a finished deal's record (the one that
:class:`~briscola.core.record.GameRecord` reads) and its steps, one per trick, each with every
hand as it was before the trick (the deal is over: nothing is hidden any more). A deal still in
play is refused (409 ``deal_not_over``). The pages ``/review/{table_id}/{number}`` (a shareable
link to that review) and ``/watch/{table_id}`` (a spectator's table) are served here too (an
unknown table's is the error page, 404).

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

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from briscola.apps.server.errors import ApiError
from briscola.apps.server.pages import _table_exists, error_page, html_page, web_templates
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.schemas import ErrorResponse
from briscola.core.actions import Play
from briscola.core.record import GameRecord
from briscola.session.table import DEAL_OVER, OVER

__all__ = ["deal_steps", "flow_pages", "router"]

router = APIRouter(
    tags=["tables"],
    responses={
        404: {"model": ErrorResponse, "description": "No such table or deal"},
        409: {"model": ErrorResponse, "description": "The deal is not over"},
    },
)
"""The review's API route."""


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


@router.get("/api/tables/{table_id}/deals/{number}")
async def deal_review(table_id: str, number: int, request: Request) -> dict[str, Any]:
    """A finished deal: its record, the seats' names and its steps trick by trick."""
    rooms: Rooms = request.app.state.rooms
    room = await rooms.get(table_id)
    if room is None:
        raise ApiError(404, "not_found", f"there is no table {table_id!r}")
    table = room.table
    if not 0 <= number < len(table.deals):
        raise ApiError(404, "no_such_deal", f"the table has no deal {number}")
    finished = number < len(table.deals) - 1 or table.status in (DEAL_OVER, OVER)
    if not finished:
        raise ApiError(409, "deal_not_over", "a deal can be reviewed once it is over")
    deal = table.deals[number]
    record = GameRecord(table.ruleset, deal.dealer, deal.deck, tuple(deal.actions))
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


def flow_pages(web: Path) -> APIRouter:
    """The pages of a spectator (``/watch/{id}``) and of a deal's review (``/review/{id}/{n}``)."""
    pages = APIRouter(include_in_schema=False)
    templates = web_templates(web)
    missing = "<p>The web client ({page}) is not installed.</p>"

    def page(request: Request, table_id: str, name: str) -> Response:
        return html_page(templates, request, name, missing.format(page=name))

    @pages.get("/watch/{table_id}")
    async def watch_page(request: Request, table_id: str) -> Response:
        if not await _table_exists(request, table_id):
            return error_page(templates, request, "unknown_table", 404)
        return page(request, table_id, "watch.html")

    @pages.get("/review/{table_id}/{number}")
    async def review_page(request: Request, table_id: str, number: str) -> Response:
        if not await _table_exists(request, table_id):
            return error_page(templates, request, "unknown_table", 404)
        return page(request, table_id, "review.html")

    return pages
