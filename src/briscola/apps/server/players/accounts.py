"""The players in the database: guests, accounts, sessions, the seats they took, their games.

Every method is one short transaction on the store's engine. A session id is random (32 bytes,
URL-safe) and only its SHA-256 is stored (:func:`~briscola.apps.server.store.hash_token`); a
password only as its Argon2id hash (``pwdlib``). Hashing and checking a password takes about
0.2 s of one core (Argon2id, 64 MiB): the routes run them in a thread.

>>> from briscola.apps.server.store import Storage
>>> accounts = Accounts(Storage("sqlite://").engine)
>>> anna, session = accounts.new_guest("Anna", "🦊")
>>> accounts.by_session(session) == anna, accounts.by_session("forged") is None
(True, True)
>>> accounts.claim(anna.id, "Anna_B", "correct horse")
>>> accounts.check_login("anna_b", "correct horse").username, accounts.check_login("anna_b", "x")
('Anna_B', None)
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import sqlalchemy as sa
from pwdlib import PasswordHash
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from briscola.apps.server.players.schema import PlayerRow, PlayerSeatRow, SessionRow
from briscola.apps.server.store import Base, hash_token
from briscola.core.record import FORMAT, VERSION, GameRecord, RecordError
from briscola.i18n import t

__all__ = ["PASSWORD_LENGTH", "SESSION_DAYS", "USERNAME", "AccountError", "Accounts", "Player",
           "deleted_name"]  # fmt: skip

SESSION_DAYS: Final = 400
"""How long a session lasts (browsers keep a cookie at most 400 days)."""
USERNAME: Final = re.compile(r"[A-Za-z0-9_.-]{3,24}")
"""What a username may be: 3 to 24 letters, digits, ``.``, ``-``, ``_``."""
PASSWORD_LENGTH: Final = (8, 128)
"""The shortest and longest password, in characters."""

_TABLES, _SEATS, _DEALS, _ACTIONS = (
    Base.metadata.tables[f"briscola_{name}"] for name in ("tables", "seats", "deals", "actions")
)  # the store's tables, by their names in the database
_HASHER: Final = PasswordHash.recommended()  # Argon2id with pwdlib's (the library's) parameters
_DUMMY: Final = _HASHER.hash("no such player")  # checked for an unknown username: the same time


class AccountError(Exception):
    """A refusal: ``code`` says which (``username_taken``, ``already_claimed``...)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Player:
    """A player as the API shows them to themselves."""

    id: str
    name: str
    avatar: str
    username: str | None
    created_at: datetime
    settings: dict[str, Any] = field(default_factory=dict)  # the table's, as the routes check them
    bot: bool = False  # a bot account (issue 37, part 6): plays online through a token

    @property
    def guest(self) -> bool:
        """Not claimed yet: no username and password."""
        return self.username is None

    def public(self) -> dict[str, Any]:
        """The player's own view (``GET /api/players/me``)."""
        return {"id": self.id, "name": self.name, "avatar": self.avatar,
                "username": self.username, "guest": self.guest,
                "created_at": self.created_at.isoformat(), "settings": self.settings,
                "bot": self.bot}  # fmt: skip

    @classmethod
    def of(cls, row: PlayerRow) -> Player:
        created = row.created_at
        if created.tzinfo is None:  # SQLite gives it back naive
            created = created.replace(tzinfo=UTC)
        settings = dict(row.settings or {})
        return cls(row.id, row.name, row.avatar, row.username, created, settings, bool(row.bot))


def check_password(password: str) -> None:
    """Refuse a password too short or too long (``bad_password``)."""
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise AccountError("bad_password")


class Accounts:
    """The players, their sessions and seats, on ``engine`` (migrated by the store)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)

    def new_guest(self, name: str, avatar: str) -> tuple[Player, str]:
        """A new guest and the id of their first session."""
        row = PlayerRow(id=secrets.token_urlsafe(9), name=name, avatar=avatar,
                        created_at=datetime.now(UTC))  # fmt: skip
        with self._session.begin() as s:
            s.add(row)
        return Player.of(row), self.new_session(row.id)

    def new_session(self, player_id: str) -> str:
        """A new session of the player: its id (only its hash is stored)."""
        session_id = secrets.token_urlsafe(32)
        with self._session.begin() as s:
            s.add(SessionRow(id_hash=hash_token(session_id), player_id=player_id,
                             created_at=datetime.now(UTC)))  # fmt: skip
        return session_id

    def end_session(self, session_id: str) -> None:
        """Forget a session (logging out)."""
        with self._session.begin() as s:
            s.execute(sa.delete(SessionRow).where(SessionRow.id_hash == hash_token(session_id)))

    def by_session(self, session_id: str) -> Player | None:
        """The player whose session this is (not older than :data:`SESSION_DAYS`), or None."""
        since = datetime.now(UTC) - timedelta(days=SESSION_DAYS)
        query = (
            sa.select(PlayerRow)
            .join(SessionRow, SessionRow.player_id == PlayerRow.id)
            .where(SessionRow.id_hash == hash_token(session_id), SessionRow.created_at > since)
        )
        with self._session() as s:
            row = s.scalars(query).first()
            return Player.of(row) if row is not None else None

    def update(self, player_id: str, name: str | None, avatar: str | None,
               settings: dict[str, Any] | None = None) -> Player:  # fmt: skip
        """Change the player's name or avatar (those given); the ``settings`` given replace
        those stored under the same names, the others stay."""
        with self._session.begin() as s:
            row = s.get_one(PlayerRow, player_id)
            row.name = row.name if name is None else name
            row.avatar = row.avatar if avatar is None else avatar
            if settings:
                row.settings = {**(row.settings or {}), **settings}  # a new dict: saved
            return Player.of(row)

    def claim(self, player_id: str, username: str, password: str) -> None:
        """Give the guest a username and a password (``bad_username``, ``bad_password``,
        ``already_claimed``, ``username_taken``)."""
        if not USERNAME.fullmatch(username):
            raise AccountError("bad_username")
        check_password(password)
        hashed = _HASHER.hash(password)
        try:
            with self._session.begin() as s:
                row = s.get_one(PlayerRow, player_id)
                if row.login is not None:
                    raise AccountError("already_claimed")
                row.username, row.login, row.password_hash = username, username.casefold(), hashed
        except IntegrityError:  # another has that username (the unique login)
            raise AccountError("username_taken") from None

    def check_login(self, username: str, password: str) -> Player | None:
        """The player with this username and password, or None (an unknown username takes as
        long to refuse as a wrong password)."""
        with self._session() as s:
            query = sa.select(PlayerRow).where(PlayerRow.login == username.casefold())
            row = s.scalars(query).first()
        stored = row.password_hash if row is not None else None
        ok = _HASHER.verify(password[: PASSWORD_LENGTH[1]], stored or _DUMMY)
        return Player.of(row) if row is not None and stored and ok else None

    def take_seat(self, player_id: str, table_id: str, seat: int, *, replace: bool = True) -> None:
        """The player sits at ``seat`` of the table (their game from now on); with ``replace``
        false, only if no player has that seat yet."""
        with self._session.begin() as s:
            if replace or s.get(PlayerSeatRow, (table_id, seat)) is None:
                s.merge(PlayerSeatRow(table_id=table_id, seat=seat, player_id=player_id))

    def seats(self, player_id: str) -> list[tuple[str, int]]:
        """The player's seats (table id, seat number), the oldest table first."""
        query = (
            sa.select(PlayerSeatRow.table_id, PlayerSeatRow.seat)
            .join(_TABLES, _TABLES.c.id == PlayerSeatRow.table_id)
            .where(PlayerSeatRow.player_id == player_id)
            .order_by(_TABLES.c.created_at, _TABLES.c.id)
        )
        with self.engine.connect() as conn:
            return [(str(tid), int(seat)) for tid, seat in conn.execute(query)]

    def games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's games, as downloaded: each table's rules, match, seats (who sat where),
        the player's seats there (a browser may take two seats of its own table) and its deals;
        a deal still in play (its deck is secret) only says so."""
        mine: dict[str, list[int]] = {}
        for table_id, seat in self.seats(player_id):  # the oldest table first
            mine.setdefault(table_id, []).append(seat)
        games = []
        with self.engine.connect() as conn:
            for table_id, yours in mine.items():
                table = conn.execute(sa.select(_TABLES).where(_TABLES.c.id == table_id)).one()
                ruleset = _json_object(table.ruleset)
                seats = conn.execute(
                    sa.select(_SEATS).where(_SEATS.c.table_id == table_id).order_by(_SEATS.c.seat)
                )
                games.append({
                    "table_id": table_id, "created_at": _aware(table.created_at).isoformat(),
                    "ruleset": ruleset, "match": table.match_format, "lang": table.lang,
                    "your_seats": yours,
                    "seats": [{"seat": r.seat, "name": r.name, "kind": r.kind, "bot": r.bot}
                              for r in seats],
                    "deals": _deals(conn, table_id, ruleset),
                })  # fmt: skip
        return games

    def delete(self, player_id: str) -> list[tuple[str, int]]:
        """Delete the player, their sessions and links; each seat they took now reads "deleted
        player" in its table's language. The seats renamed (table id, seat)."""
        seats = self.seats(player_id)
        with self.engine.begin() as conn:
            for table_id, seat in seats:
                lang = conn.execute(sa.select(_TABLES.c.lang).where(_TABLES.c.id == table_id))
                where = (_SEATS.c.table_id == table_id, _SEATS.c.seat == seat)
                name = deleted_name(str(lang.scalar_one()))
                conn.execute(sa.update(_SEATS).where(*where).values(name=name))
            for row in (PlayerSeatRow, SessionRow):
                conn.execute(sa.delete(row).where(row.player_id == player_id))
            conn.execute(sa.delete(PlayerRow).where(PlayerRow.id == player_id))
        return seats


def _deals(conn: Connection, table_id: str, ruleset: dict[str, Any]) -> list[dict[str, Any]]:
    """A table's deals: the record of each one that is over, ``{"in_play": true}`` else (its
    deck is still secret)."""
    deals = []
    for deal in conn.execute(
        sa.select(_DEALS).where(_DEALS.c.table_id == table_id).order_by(_DEALS.c.number)
    ):
        where = (_ACTIONS.c.table_id == table_id, _ACTIONS.c.deal == deal.number)
        query = sa.select(_ACTIONS.c.action).where(*where).order_by(_ACTIONS.c.number)
        actions: list[str] = list(conn.scalars(query))
        data = {"format": FORMAT, "version": VERSION, "ruleset": ruleset,
                "dealer": deal.dealer, "deck": deal.deck, "actions": actions}  # fmt: skip
        try:
            record = GameRecord.from_dict(data)
            over = record.replay().is_over
        except (RecordError, KeyError, TypeError, ValueError):
            over = False  # unreadable: shown as in play, its deck kept back
        deals.append(record.to_dict() if over else {"in_play": True})
    return deals


def deleted_name(lang: str) -> str:
    """What a deleted player's seat reads, in the table's language.

    >>> deleted_name("it"), deleted_name("ro"), deleted_name("xx")
    ('giocatore cancellato', 'jucător șters', 'giocatore cancellato')
    """
    return t("web.players.deleted", lang if lang in ("it", "en", "ro") else "it")


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
