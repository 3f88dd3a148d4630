"""The server's stored rows: the SQLAlchemy tables (``briscola_tables``, ``briscola_seats``,
``briscola_deals``, ``briscola_actions``) and the plain forms the rest of the server reads and
writes (:class:`StoredTable`, :class:`StoredSeat`, :class:`Progress`), with the hash kept of a
seat's token.

:mod:`briscola.apps.server.storage` reads and writes them; its names are importable from there too.

>>> token_matches("s3cret", hash_token("s3cret")), token_matches("s3cret", None)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

if TYPE_CHECKING:
    from briscola.session.table import Seat

__all__ = [
    "ActionRow",
    "Base",
    "DealRow",
    "Progress",
    "SeatRow",
    "StoredSeat",
    "StoredTable",
    "TableRow",
    "hash_token",
    "token_matches",
]


def hash_token(token: str) -> str:
    """The stored form of a seat's token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    """The server's tables (their names start with ``briscola_``)."""


class TableRow(Base):
    __tablename__ = "briscola_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ruleset: Mapped[str] = mapped_column(Text)  # JSON
    match_format: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    invite_code: Mapped[str] = mapped_column(String(64))
    started: Mapped[bool] = mapped_column(Boolean, default=False)
    stand_in: Mapped[str] = mapped_column(String(32))
    lang: Mapped[str] = mapped_column(String(8), default="it")
    # why the table cannot be rebuilt exactly; None for a sound table (added to older databases)
    damaged: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    # the host allows hints (added to older databases: None there, hints off)
    hints: Mapped[bool | None] = mapped_column(Boolean, nullable=True, default=None)


class SeatRow(Base):
    __tablename__ = "briscola_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class DealRow(Base):
    __tablename__ = "briscola_deals"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    dealer: Mapped[int] = mapped_column(Integer)
    deck: Mapped[str] = mapped_column(Text)


class ActionRow(Base):
    __tablename__ = "briscola_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("briscola_tables.id"), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class StoredSeat:
    """A seat as stored."""

    seat: int
    kind: str
    bot: str | None
    name: str
    joined: bool
    host: bool
    token_hash: str | None

    @classmethod
    def of(
        cls, number: int, seat: Seat, host: bool = False, token_hash: str | None = None
    ) -> StoredSeat:
        """How seat ``number`` of a table is stored."""
        return cls(number, seat.kind, seat.bot, seat.name, seat.joined, host, token_hash)

    def columns(self) -> dict[str, Any]:
        """The seat's columns, all but its number."""
        values = asdict(self)
        del values["seat"]
        return values


@dataclass
class StoredTable:
    """A table as stored: enough to rebuild it exactly."""

    id: str
    ruleset: dict[str, Any]
    match_format: str
    seed: int
    invite_code: str
    started: bool
    stand_in: str
    lang: str
    seats: list[StoredSeat]
    # dealer, deck text, action texts; dealer and deck None for a deal whose row is missing
    deals: list[tuple[int | None, str | None, list[str]]]
    damaged: str | None = None
    """Why an earlier load found the table damaged (the stored mark), else None."""
    unreadable: str | None = None
    """Why a column cannot be read (the ruleset is no JSON object...), else None."""
    hints: bool = False
    """The host allows hints at the table ("Suggerimenti consentiti")."""

    def columns(self) -> dict[str, Any]:
        """The table's own row: its columns, the ruleset as JSON text (not its seats or deals)."""
        own = {c: getattr(self, c) for c in _COLUMNS}
        return {"ruleset": json.dumps(self.ruleset), **own, "hints": self.hints}

    @classmethod
    def of(cls, row: TableRow, seats: list[StoredSeat], deals: list[Any]) -> StoredTable:
        """The table stored in ``row``, with its seats and deals; a ruleset that is not a JSON
        object is read as ``{}`` and said in :attr:`unreadable`."""
        columns = {c: getattr(row, c) for c in _COLUMNS}
        try:
            ruleset = json.loads(row.ruleset)
        except (TypeError, ValueError, RecursionError):
            ruleset = None
        unreadable = None if isinstance(ruleset, dict) else "its ruleset is not a JSON object"
        return cls(
            ruleset=ruleset if isinstance(ruleset, dict) else {},
            seats=seats,
            deals=deals,
            damaged=row.damaged,
            unreadable=unreadable,
            hints=bool(row.hints),
            **columns,
        )


_COLUMNS: Final = ("id", "match_format", "seed", "invite_code", "started", "stand_in", "lang")
"""The columns of a table's row that :class:`StoredTable` holds as they are."""


@dataclass(frozen=True)
class Progress:
    """What one table did since it was last stored: whether its match started, the seats that
    changed with it, the deals dealt (number, dealer, deck text) and the actions taken (deal,
    number in the deal, seat, action text). False when there is nothing to store."""

    table_id: str
    started: bool = False
    seats: tuple[StoredSeat, ...] = ()
    deals: tuple[tuple[int, int, str], ...] = ()
    actions: tuple[tuple[int, int, int, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.started or self.seats or self.deals or self.actions)


def token_matches(token: str, token_hash: str | None) -> bool:
    """True when ``token`` is the one whose hash is stored (a constant-time comparison)."""
    if token_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)
