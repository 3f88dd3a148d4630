"""The players' tables, on the store's :class:`~briscola.apps.server.store.Base` (migration
``0003_players`` makes them, ``0004_player_settings`` adds the settings): a player (a guest, or
an account once claimed with a username and a password, with their table settings), their
sessions (each one a browser's cookie, kept as a hash) and the seats they took at tables."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from briscola.apps.server.store import Base

__all__ = ["PlayerRow", "PlayerSeatRow", "SessionRow"]


class PlayerRow(Base):
    """A player: a guest until ``login`` (the username, case-folded, unique) is set."""

    __tablename__ = "briscola_players"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    avatar: Mapped[str] = mapped_column(String(16))
    username: Mapped[str | None] = mapped_column(String(32))  # as typed
    login: Mapped[str | None] = mapped_column(String(32), unique=True)  # casefolded
    password_hash: Mapped[str | None] = mapped_column(Text)  # Argon2id, pwdlib's form
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the table's settings
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # 0007


class SessionRow(Base):
    """A browser's session: the SHA-256 of the id in its cookie, never the id itself."""

    __tablename__ = "briscola_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        ForeignKey("briscola_players.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerSeatRow(Base):
    """A seat of a table that a player took (a seat is one player's at most)."""

    __tablename__ = "briscola_player_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        ForeignKey("briscola_players.id", ondelete="CASCADE"), index=True
    )
