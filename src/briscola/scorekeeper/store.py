"""Score sheets kept in a database with SQLAlchemy: SQLite by default, any SQLAlchemy URL.

Three tables, meant for the web app too: ``score_sheets`` (one row a sheet: its name, an optional
owner, its whole state as JSON and a revision number for optimistic locking), ``score_games``
(one row per finished game, kept in step with the sheet's history, with the time it was closed)
and ``score_changes`` (the ids of the last changes a client sent, so that a change sent again,
after its answer was lost on the way back, is not counted twice).

The default database is ``$BRISCOLA_SCORE_DB`` (a URL or a file path) or else
``scores.db`` in the user's data folder (``~/.local/share/briscola`` on Linux).

>>> from briscola.scorekeeper import Sheet
>>> store = SheetStore("sqlite://")  # in memory
>>> sheet_id = store.create(Sheet("Sera", ["Anna", "Bruno"]))
>>> stored = store.find("sera")
>>> stored.sheet.add("Anna", 61); stored.sheet.new_game()
>>> store.save(stored.id, stored.sheet, revision=stored.revision)
2
>>> [(g.game.winner, g.game.totals) for g in store.games(sheet_id)]
[('Anna', (61, 0))]
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, DateTime, Engine, ForeignKey, String, UniqueConstraint, create_engine
from sqlalchemy import delete as sql_delete
from sqlalchemy import select as sql_select
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    MappedColumn,
    Session,
    mapped_column,
    relationship,
)
from sqlalchemy.sql.elements import ColumnElement

from briscola.scorekeeper.messages import ScoreError
from briscola.scorekeeper.model import Sheet
from briscola.scorekeeper.terms import GameEntry

__all__ = [
    "ENV_VAR",
    "KEPT_CHANGE_IDS",
    "ChangeRow",
    "GameRow",
    "ScoreBase",
    "SheetInfo",
    "SheetRow",
    "SheetStore",
    "StaleSheetError",
    "StoredGame",
    "StoredSheet",
    "database_url",
    "default_database_path",
]

ENV_VAR = "BRISCOLA_SCORE_DB"
KEPT_CHANGE_IDS = 200  # a sheet's last change ids kept (a phone resends at most its queue)


class StaleSheetError(ScoreError):
    """The sheet was saved by someone else since it was read."""


def default_database_path() -> Path:
    """Where the score sheets live by default: the user's data folder, ``briscola/scores.db``."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "briscola" / "scores.db"


def database_url(db: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL for ``db``: a URL as is, a file path as SQLite, and when ``db`` is
    ``None`` the ``BRISCOLA_SCORE_DB`` variable or the default path.

    >>> database_url("postgresql://localhost/briscola")
    'postgresql://localhost/briscola'
    >>> database_url("/tmp/s.db")
    'sqlite:////tmp/s.db'
    """
    text = os.fspath(db) if db is not None else os.environ.get(ENV_VAR, "")
    if not text:
        text = os.fspath(default_database_path())
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


class ScoreBase(DeclarativeBase):
    """The declarative base of the score keeper's tables (its own metadata)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _sheet_id() -> MappedColumn[int]:
    """The column of a row that belongs to a sheet: the sheet's id, indexed; deleting the sheet
    deletes the row."""
    return mapped_column(ForeignKey("score_sheets.id", ondelete="CASCADE"), index=True)


class SheetRow(ScoreBase):
    """A score sheet: its state is :meth:`Sheet.to_dict` as JSON."""

    __tablename__ = "score_sheets"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    owner: Mapped[str | None] = mapped_column(String(200), index=True, default=None)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    revision: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    games: Mapped[list[GameRow]] = relationship(
        back_populates="sheet", cascade="all, delete-orphan", order_by="GameRow.number"
    )


class GameRow(ScoreBase):
    """A closed game of a sheet: :meth:`GameEntry.to_dict` as JSON (``record``), and when."""

    __tablename__ = "score_games"
    __table_args__ = (UniqueConstraint("sheet_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sheet_id: Mapped[int] = _sheet_id()
    number: Mapped[int]
    match: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(20))
    winner: Mapped[str | None] = mapped_column(String(200), default=None)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    sheet: Mapped[SheetRow] = relationship(back_populates="games")


class ChangeRow(ScoreBase):
    """A change a client made with its own id, and the revision the sheet had after it."""

    __tablename__ = "score_changes"
    __table_args__ = (UniqueConstraint("sheet_id", "change_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sheet_id: Mapped[int] = _sheet_id()
    change_id: Mapped[str] = mapped_column(String(64))
    revision: Mapped[int]


@dataclass(frozen=True)
class StoredSheet:
    """A sheet read from the store, with its id and the revision it was read at."""

    id: int
    revision: int
    sheet: Sheet


@dataclass(frozen=True)
class SheetInfo:
    """A line of the list of sheets."""

    id: int
    name: str
    owner: str | None
    competitors: tuple[str, ...]
    target: str
    format: str
    game: int
    revision: int
    updated_at: datetime


@dataclass(frozen=True)
class StoredGame:
    """A closed game and when it was closed."""

    game: GameEntry
    finished_at: datetime


def _owned_by(owner: str | None) -> ColumnElement[bool]:
    return SheetRow.owner.is_(None) if owner is None else SheetRow.owner == owner


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("totals", "deals", "outcome")
    return all(a.get(k) == b.get(k) for k in keys)


class SheetStore:
    """Score sheets in a database: ``db`` is a URL, a file path, an Engine, or ``None`` for the
    default (see :func:`database_url`). The tables are created when missing."""

    def __init__(self, db: str | os.PathLike[str] | Engine | None = None) -> None:
        if isinstance(db, Engine):
            self.engine = db
        else:
            url = database_url(db)
            if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
                Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(url)
        ScoreBase.metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def _check_name(
        self, session: Session, name: str, owner: str | None, skip: int | None = None
    ) -> None:
        query = sql_select(SheetRow.id, SheetRow.name).where(_owned_by(owner))
        for row_id, row_name in session.execute(query):
            if row_id != skip and row_name.casefold() == name.casefold():
                raise ScoreError("duplicate_sheet", name=name)

    def create(self, sheet: Sheet, owner: str | None = None) -> int:
        """Store a new sheet (its name unique for its owner); its id is returned."""
        with self._session() as session, session.begin():
            self._check_name(session, sheet.name, owner)
            row = SheetRow(name=sheet.name, owner=owner, state=sheet.to_dict())
            session.add(row)
            self._sync_games(row, sheet)
            session.flush()
            return row.id

    def get(self, sheet_id: int) -> StoredSheet:
        """The sheet with this id; :class:`ScoreError` when there is none."""
        with self._session() as session:
            row = session.get(SheetRow, sheet_id)
            if row is None:
                raise ScoreError("no_sheet", ref=str(sheet_id))
            return StoredSheet(row.id, row.revision, Sheet.from_dict(row.state))

    def find(self, ref: str | int, owner: str | None = None) -> StoredSheet:
        """The sheet with this id (a number) or name (any case)."""
        text = str(ref).strip()
        if text.isdigit():
            return self.get(int(text))
        key = " ".join(text.split()).casefold()
        for info in self.sheets(owner):
            if info.name.casefold() == key:
                return self.get(info.id)
        raise ScoreError("no_sheet", ref=text)

    def save(
        self,
        sheet_id: int,
        sheet: Sheet,
        revision: int | None = None,
        change_id: str | None = None,
    ) -> int:
        """Save a sheet over the stored one; the new revision is returned.

        With ``revision`` (the one it was read at), :class:`StaleSheetError` when someone saved
        it meanwhile, so two phones on one sheet do not overwrite each other. With
        ``change_id`` (the client's id of the change saved), :meth:`applied` knows it after, in
        the same transaction; the sheet's last :data:`KEPT_CHANGE_IDS` ids are kept.

        >>> store = SheetStore("sqlite://")
        >>> sheet_id = store.create(Sheet("s", ["Anna", "Bruno"]))
        >>> stored = store.get(sheet_id)
        >>> stored.sheet.add(0, 5)
        >>> store.save(sheet_id, stored.sheet, revision=1, change_id="phone-1")
        2
        >>> store.applied(sheet_id, "phone-1"), store.applied(sheet_id, "phone-2")
        (2, None)
        """
        with self._session() as session, session.begin():
            row = session.get(SheetRow, sheet_id)
            if row is None:
                raise ScoreError("no_sheet", ref=str(sheet_id))
            if revision is not None and row.revision != revision:
                raise StaleSheetError("stale_sheet", name=row.name)
            if sheet.name != row.name:
                self._check_name(session, sheet.name, row.owner, skip=row.id)
            row.name = sheet.name
            row.state = sheet.to_dict()
            row.revision += 1
            row.updated_at = _now()
            self._sync_games(row, sheet)
            if change_id is not None:
                session.add(
                    ChangeRow(sheet_id=sheet_id, change_id=change_id, revision=row.revision)
                )
                self._prune_changes(session, sheet_id, row.revision)
            return row.revision

    def applied(self, sheet_id: int, change_id: str) -> int | None:
        """The revision a change with this client id was saved at; ``None`` if it never was
        (or is older than the last :data:`KEPT_CHANGE_IDS`)."""
        with self._session() as session:
            query = sql_select(ChangeRow.revision).where(
                ChangeRow.sheet_id == sheet_id, ChangeRow.change_id == change_id
            )
            return session.scalar(query)

    @staticmethod
    def _prune_changes(session: Session, sheet_id: int, revision: int) -> None:
        oldest = revision - KEPT_CHANGE_IDS
        if oldest > 0:
            session.execute(
                sql_delete(ChangeRow).where(
                    ChangeRow.sheet_id == sheet_id, ChangeRow.revision <= oldest
                )
            )

    @staticmethod
    def _sync_games(row: SheetRow, sheet: Sheet) -> None:
        wanted = {game.number: game.to_dict() for game in sheet.history}
        for game_row in list(row.games):
            record = wanted.get(game_row.number)
            if record is None:
                row.games.remove(game_row)
            elif not _same_game(game_row.record, record):
                game_row.record, game_row.finished_at = record, _now()
            else:
                game_row.record = record
        have = {g.number for g in row.games}
        for number, record in sorted(wanted.items()):
            if number not in have:
                row.games.append(GameRow(number=number, match=record["match"], record=record))
        for game_row in row.games:
            game_row.outcome = game_row.record["outcome"]
            game_row.winner = game_row.record["winner"]
            game_row.match = game_row.record["match"]

    def delete(self, sheet_id: int) -> None:
        """Delete a sheet and its games."""
        with self._session() as session, session.begin():
            row = session.get(SheetRow, sheet_id)
            if row is None:
                raise ScoreError("no_sheet", ref=str(sheet_id))
            session.execute(sql_delete(ChangeRow).where(ChangeRow.sheet_id == sheet_id))
            session.delete(row)

    def sheets(self, owner: str | None = None) -> list[SheetInfo]:
        """The sheets of ``owner`` (``None``: the sheets without one), most recent first."""
        with self._session() as session:
            query = sql_select(SheetRow).order_by(SheetRow.updated_at.desc(), SheetRow.id.desc())
            query = query.where(_owned_by(owner))
            infos = []
            for row in session.scalars(query):
                view = row.state.get("view", {})
                infos.append(
                    SheetInfo(
                        id=row.id,
                        name=row.name,
                        owner=row.owner,
                        competitors=tuple(c["name"] for c in view.get("competitors", ())),
                        target=str(view.get("target", "")),
                        format=str(view.get("format", "")),
                        game=int(view.get("game", 1)),
                        revision=row.revision,
                        updated_at=row.updated_at,
                    )
                )
            return infos

    def games(self, sheet_id: int) -> list[StoredGame]:
        """The finished games of a sheet, oldest first, with the time each was closed."""
        with self._session() as session:
            query = sql_select(GameRow).where(GameRow.sheet_id == sheet_id).order_by(GameRow.number)
            rows = session.scalars(query)
            return [StoredGame(GameEntry.from_dict(g.record), g.finished_at) for g in rows]
