"""Recording finished matches: each linked player's result, and at a rated table the ratings.

:class:`Recorder` is the collaborator the app gives to :class:`~..rooms.Rooms`: a room calls it
once, after the commit that stored its match's end, with the table. It reads the outcome at once
(:func:`~.outcome.outcomes`: the table may change later, a person coming back), then writes in a
worker thread, off the event loop, in one transaction:

- one :class:`~.schema.ResultRow` per seat that a player took (``players.seat_taken``), for
  every finished match, rated or not (a table already recorded is left as it is: once);
- at a table whose row says ``rated``, the new ratings of the players (:mod:`.system`). A rated
  game **left** (the player resigned, or was gone past the timeout and the computer played on
  to the end, or stayed but let the move clock give the stand-in :data:`TIMED_OUT_LEFT` of their
  moves: the row's ``timed_out``) counts as a **loss**: the leaver is rated as a side of their
  own, last. A table where one player took several seats rates nobody.

The same transaction clears the row's ``results_due`` mark (set with the match's end): a table
whose end was stored but whose results were not (a crash) is recorded at the next start
(:mod:`.catchup`). It begins with that row, locking it: two processes recording one table do so
one after the other, the second finding the results there (recorded once).

:func:`cooldown_until` reads the rated games a player left: the second within
:data:`LEAVING_WINDOW` keeps them from rated games for a while (:data:`COOLDOWNS`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from briscola.apps.server.players.schema import PlayerSeatRow
from briscola.apps.server.ratings.outcome import SeatOutcome, outcomes
from briscola.apps.server.ratings.schema import RatingRow, ResultRow
from briscola.apps.server.ratings.system import MU, SIGMA, Skill, update
from briscola.apps.server.store import Base
from briscola.session.table import Table

__all__ = ["COOLDOWNS", "LEAVING_WINDOW", "TIMED_OUT_LEFT", "Recorder", "aware", "cooldown_until",
           "rating_of", "record_match"]  # fmt: skip

log = logging.getLogger(__name__)

LEAVING_WINDOW: Final = timedelta(hours=24)
"""How far back the rated games a player left are counted."""
COOLDOWNS: Final = (timedelta(0), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2))
"""The cool-down after the 1st, 2nd, 3rd, 4th (and each later) rated game left within the
window, from the last one's end: none after the first."""
TIMED_OUT_LEFT: Final = 3
"""A person who let the move clock give the stand-in this many of their moves, while there, left
the rated game (they stalled the others)."""

_TABLES: Final = Base.metadata.tables["briscola_tables"]


def aware(moment: datetime) -> datetime:
    """A moment read back from the database, in UTC (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def rating_of(engine: Engine, player_id: str, game: str) -> float:
    """The player's displayed rating in the game kind (:data:`~.system.MU` for a new player)."""
    query = sa.select(RatingRow.mu).where(RatingRow.player_id == player_id, RatingRow.game == game)
    with engine.connect() as conn:
        mu = conn.execute(query).scalar_one_or_none()
    return MU if mu is None else float(mu)


def cooldown_until(engine: Engine, player_id: str, now: datetime | None = None) -> datetime | None:
    """When the player may seek a rated game again after leaving rated games, or ``None``."""
    now = now or datetime.now(UTC)
    query = (
        sa.select(ResultRow.finished_at)
        .where(ResultRow.player_id == player_id, ResultRow.rated.is_(True),
               ResultRow.left.is_(True), ResultRow.finished_at >= now - LEAVING_WINDOW)
        .order_by(ResultRow.finished_at.desc())
    )  # fmt: skip
    with engine.connect() as conn:
        left = [aware(at) for at in conn.execute(query).scalars()]
    if not left:
        return None
    until = left[0] + COOLDOWNS[min(len(left), len(COOLDOWNS)) - 1]
    return until if until > now else None


class Recorder:
    """The rooms' collaborator that records each finished match (see the module)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._pending: set[asyncio.Future[Any]] = set()
        # one writer: two tables ending together never rate the same player from stale rows;
        # made as work comes, so an app started again after close (its lifespan run twice) records
        self._writer: ThreadPoolExecutor | None = None

    def __call__(self, table_id: str, table: Table) -> None:
        """A room's match is over and stored: record it in a worker thread (errors logged)."""
        try:
            seats = outcomes(table)
        except Exception:
            log.exception("the result of table %s could not be read", table_id)
            return
        self.run(record_match, self.engine, table_id, table.ruleset.name, seats, datetime.now(UTC))

    def run(self, work: Callable[..., Any], *args: Any) -> None:
        """Run ``work(*args)`` in the writer thread, in order with the results being recorded:
        as the server starts, :func:`.catchup.catch_up` (the results a crash left unrecorded)
        before any match that ends from then on."""
        if self._writer is None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="briscola-ratings")
        job = asyncio.get_running_loop().run_in_executor(self._writer, work, *args)
        self._pending.add(job)
        job.add_done_callback(self._done)

    def _done(self, job: asyncio.Future[Any]) -> None:
        self._pending.discard(job)
        if not job.cancelled() and (error := job.exception()) is not None:
            log.error("the result of a finished table could not be recorded: %r", error)

    async def drain(self) -> None:
        """Wait for the results being written (the app's end, the tests)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    def close(self) -> None:
        """Stop the writer thread (after :meth:`drain`); work that comes later starts another."""
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None


def record_match(
    engine: Engine, table_id: str, game: str, seats: Sequence[SeatOutcome], at: datetime
) -> None:
    """Write the results of a finished table and, if it is rated, the new ratings (once)."""
    with engine.begin() as conn:
        row = _TABLES.c.id == table_id  # first: its lock (PostgreSQL; SQLite's write lock)
        conn.execute(sa.update(_TABLES).where(row).values(results_due=None))
        done = sa.select(ResultRow.seat).where(ResultRow.table_id == table_id).limit(1)
        if conn.execute(done).first() is not None:
            return
        seats_taken = sa.select(PlayerSeatRow.seat, PlayerSeatRow.player_id).where(
            PlayerSeatRow.table_id == table_id
        )
        links = {int(seat): str(player) for seat, player in conn.execute(seats_taken)}
        linked = [s for s in seats if s.seat in links]
        if not linked:
            return
        table = conn.execute(sa.select(_TABLES.c.rated, _TABLES.c.timed_out).where(row)).one()
        rated = bool(table.rated) and len(set(links.values())) == len(links)
        if rated:  # stalling the others by the clock is leaving
            counts: list[int] = list(table.timed_out or [])
            stalled = {i for i, n in enumerate(counts) if n >= TIMED_OUT_LEFT}
            linked = [replace(s, left=True) if s.seat in stalled else s for s in linked]
        after = _rate(conn, game, [(s, links[s.seat]) for s in linked], at) if rated else {}
        for s in linked:
            player = links[s.seat]
            before, new = after.get(player, (None, None))
            conn.execute(sa.insert(ResultRow).values(
                table_id=table_id, seat=s.seat, player_id=player, game=game, rated=rated,
                outcome="loss" if rated and s.left else s.outcome, left=s.left,
                points=s.points, deals=s.deals, cappotti=s.cappotti, role=s.role, **s.roles,
                rating_before=before, rating_after=new, finished_at=at,
            ))  # fmt: skip


def _rate(
    conn: Connection, game: str, seats: list[tuple[SeatOutcome, str]], at: datetime
) -> dict[str, tuple[float, float]]:
    """Update the ratings of a rated table's players: each one's (before, after)."""
    sides: dict[int, list[tuple[SeatOutcome, str]]] = {}
    leavers: list[tuple[SeatOutcome, str]] = []
    for s, player in seats:
        (leavers if s.left else sides.setdefault(s.side, [])).append((s, player))
    teams = list(sides.values()) + [[one] for one in leavers]
    if len(teams) < 2:
        return {}
    last = max(s.rank for s, _ in seats) + 1
    ranks = [team[0][0].rank if not team[0][0].left else last for team in teams]
    players = sorted(p for _, p in seats)  # locked in one order: two tables never deadlock
    fresh = [{"player_id": p, "game": game, "mu": MU, "sigma": SIGMA, "games": 0,
              "updated_at": at} for p in players]  # fmt: skip
    insert = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
    conn.execute(insert(RatingRow).values(fresh).on_conflict_do_nothing())  # new players' rows
    query = (
        sa.select(RatingRow)
        .where(RatingRow.game == game, RatingRow.player_id.in_(players))
        .order_by(RatingRow.player_id)
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()  # processes ending tables of the same player wait here
    stored = {r.player_id: r for r in conn.execute(query)}
    skills = [[_skill(stored[p]) for _, p in team] for team in teams]
    changes: dict[str, tuple[float, float]] = {}
    for team, old, new in zip(teams, skills, update(skills, ranks), strict=True):
        for (_, player), before, skill in zip(team, old, new, strict=True):
            changes[player] = (before.mu, skill.mu)
            conn.execute(
                sa.update(RatingRow)
                .where(RatingRow.player_id == player, RatingRow.game == game)
                .values(games=RatingRow.games + 1, mu=skill.mu, sigma=skill.sigma, updated_at=at)
            )
    return changes


def _skill(row: Any) -> Skill:
    return Skill(float(row.mu), float(row.sigma))
