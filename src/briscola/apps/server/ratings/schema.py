"""The ratings' tables, on the store's :class:`~briscola.apps.server.store.Base` (migration
``0006_ratings`` makes them): each player's rating per game kind, and each linked seat's result
of every finished match (rated or not), which is also the ratings' history. And the partial
index of the tables whose results are due (``briscola_tables.results_due``, migration
``0008_results_due``), which :mod:`.catchup` reads."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from briscola.apps.server.store import Base

__all__ = ["RESULTS_DUE", "RatingRow", "ResultRow"]

_DUE = Base.metadata.tables["briscola_tables"].c.results_due
RESULTS_DUE = Index("ix_briscola_tables_results_due", _DUE, postgresql_where=_DUE.is_(True),
                    sqlite_where=_DUE.is_(True))  # fmt: skip
"""Only the tables whose results are due: the catch-up reads them, whatever the tables stored."""


class RatingRow(Base):
    """A player's rating in one game kind: OpenSkill's ``mu`` and ``sigma`` (on the displayed
    1500 scale) and how many rated games made it."""

    __tablename__ = "briscola_ratings"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("briscola_players.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(16), primary_key=True)  # a preset's name
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_briscola_ratings_board", "game", "mu"),)


class ResultRow(Base):
    """One seat's result of a finished match, for the seat's player.

    ``outcome``: ``win``, ``draw`` or ``loss`` (a rated game left counts as a loss); ``points``:
    the points the seat's side took over the match's deals (``deals`` of them); ``cappotti``: the
    deals where the side took every card point; in chiamata, the deals played as the caller and
    as the partner and how many of each were won, and ``role`` in the last deal (``caller``,
    ``partner``, ``other``). For a rated table, the rating before and after (``None`` for a
    casual one)."""

    __tablename__ = "briscola_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        ForeignKey("briscola_players.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column(Boolean)
    outcome: Mapped[str] = mapped_column(String(8))
    left: Mapped[bool] = mapped_column(Boolean)  # resigned, or the computer played on for them
    points: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)
    cappotti: Mapped[int] = mapped_column(Integer)
    role: Mapped[str | None] = mapped_column(String(8))
    caller_deals: Mapped[int] = mapped_column(Integer)
    caller_won: Mapped[int] = mapped_column(Integer)
    partner_deals: Mapped[int] = mapped_column(Integer)
    partner_won: Mapped[int] = mapped_column(Integer)
    rating_before: Mapped[float | None] = mapped_column(Float)
    rating_after: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_briscola_results_player_time", "player_id", "finished_at"),)
