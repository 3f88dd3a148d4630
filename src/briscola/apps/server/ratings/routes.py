"""The ratings' HTTP API (docs/online.md, "Ratings, leaderboards and profiles"):

- ``GET /api/leaderboard/{game}``: the top 100 of a game kind and the caller's own place when
  they have a rating there (``?bots=true``: the bot accounts' board; bots are never on the
  people's);
- ``GET /api/profiles/{username}``: a claimed account's ratings with their history, recent
  finished games (with their deals' review pages) and statistics; a guest has no public page.

Both only read, in a worker thread. Errors are ``{"code", "message"}`` in the request's language.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel

from briscola.apps.server.errors import ApiError
from briscola.apps.server.players.accounts import USERNAME
from briscola.apps.server.players.routes import COOKIE, accounts_of
from briscola.apps.server.ratings.board import GAMES, leaderboard, profile
from briscola.apps.server.schemas import ErrorResponse

__all__ = ["Game", "router"]

Game = Literal["classic", "three", "quattro", "pairs", "six", "chiamata"]
"""The game kinds with ratings (:data:`~.board.GAMES`)."""

router = APIRouter(tags=["ratings"])
"""The ratings' routes."""


class BoardEntry(BaseModel):
    """A player's line of a leaderboard (a bot's on the bots' board)."""

    rank: int
    username: str
    name: str
    avatar: str
    rating: int
    provisional: bool
    games: int


class Board(BaseModel):
    """A game kind's leaderboard."""

    game: str
    bots: bool
    players: list[BoardEntry]
    you: BoardEntry | None  # the caller's own line when they are on this board


class Point(BaseModel):
    at: str  # ISO 8601, UTC
    rating: int


class Rating(BaseModel):
    """A rating in a game kind and its history (the first point the start)."""

    game: str
    rating: int
    provisional: bool
    games: int
    history: list[Point]


class Played(BaseModel):
    """A finished game of the player."""

    table_id: str
    game: str
    rated: bool
    outcome: Literal["win", "draw", "loss"]
    left: bool
    points: int
    cappotti: int
    role: Literal["caller", "partner", "other"] | None  # chiamata: in the last deal
    rating: int | None  # after the game, if it was rated
    change: int | None
    finished_at: str
    seat: int
    reviews: list[str]  # each deal's review page
    analyses: list[str]  # each deal's analysis from the player's seat (the API)


class Deals(BaseModel):
    deals: int
    won: int


class Totals(BaseModel):
    """The statistics of a game kind (or of all: ``all``)."""

    games: int
    wins: int
    draws: int
    losses: int
    rated: int
    left: int
    average_points: float | None  # per deal
    cappotti: int
    caller: Deals  # chiamata: the deals as the caller, and won
    partner: Deals


class Profile(BaseModel):
    """A claimed account's public page."""

    username: str
    name: str
    avatar: str
    bot: bool
    since: str
    ratings: list[Rating]
    recent: list[Played]
    stats: dict[str, Totals]


def _me(request: Request) -> str | None:
    """The id of the cookie's player, if any (for their own place on a board)."""
    session = request.cookies.get(COOKIE)
    if not session or len(session) > 128:
        return None
    player = accounts_of(request).by_session(session)
    return player.id if player is not None else None


@router.get("/api/leaderboard/{game}", response_model=Board)
async def get_leaderboard(
    request: Request,
    game: Annotated[Game, Path(description="The game kind: " + ", ".join(GAMES))],
    bots: Annotated[bool, Query(description="The bot accounts' board")] = False,
) -> dict[str, Any]:
    """The top 100 of a game kind, and the caller's own place when they have a rating in it."""
    engine = request.app.state.storage.engine
    me = await asyncio.to_thread(_me, request)
    return await asyncio.to_thread(leaderboard, engine, game, bots, me)


@router.get(
    "/api/profiles/{username}",
    response_model=Profile,
    responses={404: {"model": ErrorResponse, "description": "no_such_player"}},
)
async def get_profile(
    request: Request,
    username: Annotated[str, Path(pattern=f"^{USERNAME.pattern}$", min_length=3, max_length=24)],
) -> dict[str, Any]:
    """A claimed account's ratings (with their history), recent games and statistics."""
    engine = request.app.state.storage.engine
    page = await asyncio.to_thread(profile, engine, username)
    if page is None:
        raise ApiError(404, "no_such_player", f"there is no player {username!r}")
    return page
