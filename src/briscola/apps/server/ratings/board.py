"""Reading the ratings: a game kind's leaderboard and a player's public profile.

Only what is public: claimed accounts (a guest has no public page and is on no board), finished
games (a result exists only once a match is over: no card, hand or table still in play), names,
avatars, ratings and results; never an id of a session, a token or a password's hash.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from briscola.apps.server.players.schema import PlayerRow
from briscola.apps.server.ratings.record import aware
from briscola.apps.server.ratings.schema import RatingRow, ResultRow
from briscola.apps.server.ratings.system import provisional, shown
from briscola.apps.server.store import Base
from briscola.core.rules import PRESETS

__all__ = ["BOARD_SIZE", "GAMES", "HISTORY", "RECENT", "leaderboard", "profile"]

GAMES: Final = tuple(name for name in PRESETS if name != "scoperta")
"""The game kinds played online, each with its ratings and its leaderboard."""
BOARD_SIZE: Final = 100
"""How many players a leaderboard lists."""
RECENT: Final = 20
"""How many of a player's last games their profile lists."""
HISTORY: Final = 200
"""The most points of a rating's history a profile gives (the latest)."""

_DEALS: Final = Base.metadata.tables["briscola_deals"]


def _board(game: str, bots: bool) -> Any:
    """The rows of a board: claimed accounts' ratings in ``game``, bots' or people's."""
    return (
        sa.select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma, RatingRow.games,
                  PlayerRow.username, PlayerRow.name, PlayerRow.avatar)
        .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
        .where(RatingRow.game == game, PlayerRow.login.is_not(None),
               PlayerRow.bot.is_(bots))
    )  # fmt: skip


def _entry(rank: int, row: Any) -> dict[str, Any]:
    return {"rank": rank, "username": row.username, "name": row.name, "avatar": row.avatar,
            "rating": shown(row.mu), "provisional": provisional(row.games, row.sigma),
            "games": row.games}  # fmt: skip


def leaderboard(
    engine: Engine, game: str, bots: bool = False, me: str | None = None
) -> dict[str, Any]:
    """The top :data:`BOARD_SIZE` of ``game`` (people's, or ``bots``'), the highest rating
    first (more games first among equals), and ``me``'s own place when they are on the board."""
    board = _board(game, bots)
    order = (RatingRow.mu.desc(), RatingRow.games.desc(), PlayerRow.login)
    with engine.connect() as conn:
        top = conn.execute(board.order_by(*order).limit(BOARD_SIZE)).all()
        you = None
        if me is not None:
            mine = conn.execute(board.where(RatingRow.player_id == me)).first()
            if mine is not None:
                above = sa.select(sa.func.count()).select_from(
                    board.where(RatingRow.mu > mine.mu).subquery()
                )
                you = _entry(int(conn.execute(above).scalar_one()) + 1, mine)
    return {"game": game, "bots": bots, "players": [_entry(i + 1, r) for i, r in enumerate(top)],
            "you": you}  # fmt: skip


def profile(engine: Engine, username: str) -> dict[str, Any] | None:
    """A claimed account's public page (None: no such account): its ratings per game kind with
    their history, its recent finished games and its statistics."""
    with engine.connect() as conn:
        player = conn.execute(
            sa.select(PlayerRow).where(PlayerRow.login == username.casefold())
        ).first()
        if player is None or player.username is None:
            return None
        results = conn.execute(
            sa.select(ResultRow).where(ResultRow.player_id == player.id)
            .order_by(ResultRow.finished_at, ResultRow.table_id, ResultRow.seat)
        ).all()  # fmt: skip
        ratings = conn.execute(
            sa.select(RatingRow).where(RatingRow.player_id == player.id).order_by(RatingRow.game)
        ).all()
        recent = [_game(conn, r) for r in reversed(results[-RECENT:])]
    return {
        "username": player.username, "name": player.name, "avatar": player.avatar,
        "bot": bool(player.bot), "since": aware(player.created_at).isoformat(),
        "ratings": [_rating(r, results) for r in ratings],
        "recent": recent,
        "stats": _stats(results),
    }  # fmt: skip


def _rating(row: Any, results: Sequence[Any]) -> dict[str, Any]:
    """A rating and its history: the rating after each rated game of its kind, the first point
    the rating before the first game shown."""
    rated = [r for r in results if r.game == row.game and r.rating_after is not None][-HISTORY:]
    history = [_point(rated[0].finished_at, rated[0].rating_before)] if rated else []
    history += [_point(r.finished_at, r.rating_after) for r in rated]
    return {"game": row.game, "rating": shown(row.mu), "provisional":
            provisional(row.games, row.sigma), "games": row.games, "history": history}  # fmt: skip


def _point(at: datetime, rating: float) -> dict[str, Any]:
    return {"at": aware(at).isoformat(), "rating": shown(rating)}


def _game(conn: Connection, r: Any) -> dict[str, Any]:
    """One finished game of the player, with its deals' review pages."""
    count = sa.select(sa.func.count()).where(_DEALS.c.table_id == r.table_id)
    deals = int(conn.execute(count).scalar_one())
    change = None if r.rating_after is None else shown(r.rating_after) - shown(r.rating_before)
    return {
        "table_id": r.table_id, "game": r.game, "rated": r.rated, "outcome": r.outcome,
        "left": r.left, "points": r.points, "cappotti": r.cappotti, "role": r.role,
        "rating": None if r.rating_after is None else shown(r.rating_after), "change": change,
        "finished_at": aware(r.finished_at).isoformat(), "seat": r.seat,
        "reviews": [f"/review/{r.table_id}/{n}" for n in range(deals)],
        "analyses": [f"/api/tables/{r.table_id}/deals/{n}/analysis?seat={r.seat}"
                     for n in range(deals)],
    }  # fmt: skip


def _stats(results: Sequence[Any]) -> dict[str, Any]:
    """The statistics of every game kind, and of all of them (``all``)."""
    by_game: dict[str, list[Any]] = defaultdict(list)
    for r in results:
        by_game[r.game].append(r)
    out = {game: _totals(rows) for game, rows in sorted(by_game.items())}
    out["all"] = _totals(results)
    return out


def _totals(rows: Sequence[Any]) -> dict[str, Any]:
    deals = sum(r.deals for r in rows)
    return {
        "games": len(rows),
        "wins": sum(r.outcome == "win" for r in rows),
        "draws": sum(r.outcome == "draw" for r in rows),
        "losses": sum(r.outcome == "loss" for r in rows),
        "rated": sum(bool(r.rated) for r in rows),
        "left": sum(bool(r.left) for r in rows),
        "average_points": round(sum(r.points for r in rows) / deals, 1) if deals else None,
        "cappotti": sum(r.cappotti for r in rows),
        "caller": {"deals": sum(r.caller_deals for r in rows),
                   "won": sum(r.caller_won for r in rows)},
        "partner": {"deals": sum(r.partner_deals for r in rows),
                    "won": sum(r.partner_won for r in rows)},
    }  # fmt: skip
