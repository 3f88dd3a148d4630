"""Offline games to the history (issue 39): a game played on a device without a network (the web
app's offline game, :mod:`briscola.session.local` in Pyodide) is sent here once the device is
online again, as its record. The server replays the record (:meth:`Table.rebuild
<briscola.session.table.Table.rebuild>`: every action must be legal, the match must be over),
stores it as a finished table, and links its seat to the request's player (the player's games,
:func:`~.routes.seat_taken`), so the game's review and the player's games show it like any
other. The device names each game by a random id of its own: the same game sent again answers
the same table, so each game is stored once.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from briscola.apps.server.errors import RATE_LIMITED, ApiError, request_lang
from briscola.apps.server.limits import client_ip
from briscola.apps.server.players.routes import seat_taken, within_rate
from briscola.apps.server.rooms import Rooms
from briscola.apps.server.schemas import ErrorResponse
from briscola.apps.server.store import Progress, StoredSeat, StoredTable
from briscola.core.cards import CardParseError, format_cards, parse_cards
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.rules import Ruleset, RulesetError
from briscola.session.local import LEVELS
from briscola.session.table import OVER, Seat, Table, TableError

__all__ = ["OfflineGame", "OfflineRecord", "OfflineStored", "router", "table_id_of"]

router = APIRouter(tags=["tables"])

_REFUSED: dict[int | str, dict[str, Any]] = {
    400: {
        "model": ErrorResponse,
        "description": "bad_record (the record does not replay), deal_not_over (its match "
        "is not over), unknown_level",
    },
    **RATE_LIMITED,
}

Deal = tuple[
    int, Annotated[str, Field(max_length=200)], Annotated[list[str], Field(max_length=400)]
]


class OfflineRecord(BaseModel):
    """A finished offline game as :meth:`LocalTable.record
    <briscola.session.local.LocalTable.record>` makes it (its seats and standing are read from
    the replay, not from here)."""

    ruleset: dict[str, Any]
    match: str = Field(max_length=40)
    seed: int = Field(ge=0, le=2**53 - 1)  # a float64 holds it exactly (the client's: 32 bits)
    level: str = Field(max_length=40, json_schema_extra={"enum": list(LEVELS)})
    deals: list[Deal] = Field(min_length=1, max_length=60)


class OfflineGame(BaseModel):
    """``POST /api/offline-games``: the device's id of the game and its record."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]{6,64}$")
    record: OfflineRecord
    name: str = Field("", max_length=40, description="the person's name at seat 0")


class OfflineStored(BaseModel):
    """The stored table of an offline game: its id and its first deal's review."""

    table_id: str
    review_url: str


def table_id_of(game_id: str) -> str:
    """The table of the device's game ``game_id``: always the same, never a live table's
    (those are 8 characters long).

    >>> table_id_of("abc123"), len(table_id_of("abc123"))
    ('off-6ca13d52ca70c883', 20)
    """
    return "off-" + hashlib.sha256(game_id.encode()).hexdigest()[:16]


def replay(game: OfflineGame) -> Table:
    """The game's table replayed from its record; ApiError (400) when it does not replay to the
    end of the match, with the reason."""
    rec = game.record
    try:
        ruleset = Ruleset.from_dict(rec.ruleset)
        fmt = MatchFormat.parse(rec.match)
    except (RulesetError, MatchFormatError, TypeError, ValueError) as exc:
        raise ApiError(400, "bad_record", f"the record's rules do not read: {exc}") from None
    if rec.level not in LEVELS:
        raise ApiError(400, "unknown_level", f"{rec.level!r} is not an offline level")
    seats = [Seat.human(game.name)] + [Seat.computer(rec.level) for _ in range(ruleset.players - 1)]
    try:
        deals = [(dealer, parse_cards(deck), actions) for dealer, deck, actions in rec.deals]
        table = Table.rebuild(ruleset, seats, fmt, rec.seed, deals)
    except (TableError, CardParseError, ValueError) as exc:
        raise ApiError(400, "bad_record", f"the record does not replay: {exc}") from None
    if table.status != OVER:
        raise ApiError(400, "deal_not_over", "the record's match is not over")
    return table


@router.post("/api/offline-games", response_model=OfflineStored, responses=_REFUSED)
async def offline_game(game: OfflineGame, request: Request) -> Any:
    """A finished offline game to keep: replayed, stored once as a finished table, and linked to
    the request's player. Counted as a new table against the client's rate (429 over it)."""
    rooms: Rooms = request.app.state.rooms
    table_id = table_id_of(game.id)
    if rooms.storage.load(table_id) is None:
        within_rate(request, "create", client_ip(request.scope))
        lang = request_lang(request) or "it"
        store(rooms, table_id, replay(game), lang)
    seat_taken(request, table_id, 0)
    return OfflineStored(table_id=table_id, review_url=f"/review/{table_id}/0")


def store(rooms: Rooms, table_id: str, table: Table, lang: str) -> None:
    """``table`` (finished) stored as ``table_id`` (its language ``lang``): its row, seats and
    deals, then its actions."""
    settings, seed = rooms.settings, table.seed
    assert seed is not None  # replayed from a record, which names its seed
    seats = [StoredSeat.of(i, s, host=i == 0) for i, s in enumerate(table.seats)]
    deals: list[tuple[int | None, str | None, list[str]]] = [
        (d.dealer, format_cards(d.deck), []) for d in table.deals
    ]
    row = StoredTable(
        table_id, table.ruleset.to_dict(), str(table.match.format), seed,
        secrets.token_urlsafe(6), True, settings.stand_in, lang, seats, deals, played_out=True,
    )  # fmt: skip
    rooms.storage.create_table(row)
    actions = tuple(
        (n, k, deal.seats[k], str(action))
        for n, deal in enumerate(table.deals)
        for k, action in enumerate(deal.actions)
    )
    rooms.storage.save_many([Progress(table_id, actions=actions)])
