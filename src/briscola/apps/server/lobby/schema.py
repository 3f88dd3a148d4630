"""The lobby's table, on the store's :class:`~briscola.apps.server.store.Base` (migration
``0005_lobby``): with several processes, the seat token's hash of each seek in the shared pool,
written by the seeker's process (which keeps the token) and read by the process that makes the
table. A row lives while its seek waits."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, String
from sqlalchemy.orm import Mapped, mapped_column

from briscola.apps.server.store import Base

__all__ = ["LobbySeekRow"]


class LobbySeekRow(Base):
    """A waiting seek's seat token hash (SHA-256 hex) and its player's name."""

    __tablename__ = "briscola_lobby_seeks"

    player_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64))
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
