"""Bot accounts (issue 37, part 6): players that a program plays online with a token, as
Lichess's bots do.

A claimed account makes a bot account (a player with ``bot`` true, a username of its own and no
password: nobody logs in as a bot) and is shown the bot's token once; the database keeps only
the token's SHA-256 (:func:`~briscola.apps.server.store.hash_token`), in ``briscola_bot_tokens``
(migration ``0007_bots``), with the bot, its owner, when it was made and when it was revoked. The
owner lists their bots and their tokens (never a token, only its id and dates), makes another
token for a bot and revokes one. The lobby's socket resolves an ``Authorization: Bearer <token>``
header with :func:`bot_for_token`: a revoked token, an unknown one, or the token of a bot whose
owner deleted their account is no bot.

>>> from briscola.apps.server.players.accounts import Accounts
>>> from briscola.apps.server.store import Storage
>>> engine = Storage("sqlite://").engine
>>> anna, _ = Accounts(engine).new_guest("Anna", "")
>>> Accounts(engine).claim(anna.id, "anna", "correct horse")
>>> bots = Bots(engine)
>>> bot, token = bots.create(anna.id, "Fulmine", "🤖")
>>> bot.bot, bot.username, bot_for_token(engine, token) == bot
(True, 'Fulmine', True)
>>> [b.name for b in bots.of_owner(anna.id)]
['Fulmine']
>>> bots.revoke(anna.id, bot.id, bots.of_owner(anna.id)[0].tokens[0].id)
>>> bot_for_token(engine, token) is None
True
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy import DateTime, ForeignKey, String
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, aliased, mapped_column, sessionmaker

from briscola.apps.server.players.accounts import USERNAME, AccountError, Player
from briscola.apps.server.players.schema import PlayerRow
from briscola.apps.server.store import Base, hash_token

__all__ = ["MAX_BOTS", "TOKEN_PREFIX", "BotTokenRow", "BotView", "Bots", "TokenView",
           "bot_for_token"]  # fmt: skip

MAX_BOTS: Final = 10
"""How many bot accounts one account may make."""
TOKEN_PREFIX: Final = "brb_"
"""What every bot token starts with (then 43 random URL-safe characters): a person or a secret
scanner can tell a bot token from any other string."""
_MAX_TOKEN: Final = 128  # longer is no token of ours: not even hashed


class BotTokenRow(Base):
    """A bot account's token: its SHA-256 only, the bot, the owner, made and revoked when."""

    __tablename__ = "briscola_bot_tokens"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)  # shown to the owner
    bot_id: Mapped[str] = mapped_column(
        ForeignKey("briscola_players.id", ondelete="CASCADE"), index=True
    )
    owner_id: Mapped[str] = mapped_column(
        ForeignKey("briscola_players.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class TokenView:
    """A token as its owner sees it: its id and dates, never the token."""

    id: str
    created_at: datetime
    revoked_at: datetime | None

    def public(self) -> dict[str, Any]:
        """As the API shows it."""
        revoked = self.revoked_at.isoformat() if self.revoked_at else None
        return {"id": self.id, "created_at": self.created_at.isoformat(), "revoked_at": revoked,
                "active": self.revoked_at is None}  # fmt: skip


@dataclass(frozen=True)
class BotView:
    """One of an owner's bots and its tokens, the newest first."""

    id: str
    name: str
    avatar: str
    created_at: datetime
    tokens: list[TokenView]

    def public(self) -> dict[str, Any]:
        """As the API shows it."""
        return {"id": self.id, "name": self.name, "avatar": self.avatar, "bot": True,
                "created_at": self.created_at.isoformat(),
                "tokens": [token.public() for token in self.tokens]}  # fmt: skip


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


class Bots:
    """The bot accounts on ``engine`` (migrated by the store). Refusals are
    :class:`~.accounts.AccountError`: ``bot_needs_account`` (a guest or a bot making a bot),
    ``bad_username`` (the bot's name is its username), ``username_taken``, ``too_many_bots``,
    ``no_such_bot`` (not one of the owner's bots or tokens: another's bot reads the same)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)

    def create(self, owner_id: str, name: str, avatar: str) -> tuple[Player, str]:
        """A new bot account of ``owner_id`` named ``name`` (a username), and its first token
        (shown once: only its hash is kept)."""
        if not USERNAME.fullmatch(name):
            raise AccountError("bad_username")
        now = datetime.now(UTC)
        token = _new_token()
        try:
            with self._session.begin() as s:
                owner = s.get(PlayerRow, owner_id)
                if owner is None or owner.login is None or owner.bot:
                    raise AccountError("bot_needs_account")
                count = sa.select(sa.func.count(sa.distinct(BotTokenRow.bot_id))).where(
                    BotTokenRow.owner_id == owner_id
                )
                if (s.scalar(count) or 0) >= MAX_BOTS:
                    raise AccountError("too_many_bots")
                row = PlayerRow(id=secrets.token_urlsafe(9), name=name, avatar=avatar,
                                username=name, login=name.casefold(), created_at=now,
                                bot=True)  # fmt: skip
                s.add(row)
                s.flush()
                s.add(self._token_row(row.id, owner_id, token, now))
        except IntegrityError:  # another player has that username (the unique login)
            raise AccountError("username_taken") from None
        return Player.of(row), token

    def new_token(self, owner_id: str, bot_id: str) -> tuple[TokenView, str]:
        """Another token for the owner's bot (its other tokens stay until revoked)."""
        self._owned(owner_id, bot_id)
        now, token = datetime.now(UTC), _new_token()
        row = self._token_row(bot_id, owner_id, token, now)
        with self._session.begin() as s:
            s.add(row)
        return TokenView(row.id, now, None), token

    def revoke(self, owner_id: str, bot_id: str, token_id: str) -> None:
        """Revoke one of the owner's bot's tokens (at once: the lobby refuses it from then on).
        Revoking a revoked token changes nothing."""
        where = (BotTokenRow.id == token_id, BotTokenRow.bot_id == bot_id,
                 BotTokenRow.owner_id == owner_id)  # fmt: skip
        with self._session.begin() as s:
            row = s.scalars(sa.select(BotTokenRow).where(*where)).first()
            if row is None:
                raise AccountError("no_such_bot")
            if row.revoked_at is None:
                row.revoked_at = datetime.now(UTC)

    def of_owner(self, owner_id: str) -> list[BotView]:
        """The owner's bots, the oldest first, each with its tokens, the newest first."""
        query = (
            sa.select(PlayerRow, BotTokenRow)
            .join(BotTokenRow, BotTokenRow.bot_id == PlayerRow.id)
            .where(BotTokenRow.owner_id == owner_id)
            .order_by(PlayerRow.created_at, PlayerRow.id, BotTokenRow.created_at.desc())
        )
        bots: dict[str, BotView] = {}
        with self._session() as s:
            for player, token in s.execute(query):
                view = bots.setdefault(player.id, BotView(
                    player.id, player.name, player.avatar, _aware(player.created_at), []
                ))  # fmt: skip
                revoked = _aware(token.revoked_at) if token.revoked_at else None
                view.tokens.append(TokenView(token.id, _aware(token.created_at), revoked))
        return list(bots.values())

    def _owned(self, owner_id: str, bot_id: str) -> None:
        query = sa.select(BotTokenRow.id).where(
            BotTokenRow.bot_id == bot_id, BotTokenRow.owner_id == owner_id
        )
        with self._session() as s:
            if s.scalars(query.limit(1)).first() is None:
                raise AccountError("no_such_bot")

    @staticmethod
    def _token_row(bot_id: str, owner_id: str, token: str, now: datetime) -> BotTokenRow:
        return BotTokenRow(id=secrets.token_urlsafe(9), bot_id=bot_id, owner_id=owner_id,
                           token_hash=hash_token(token), created_at=now)  # fmt: skip


def bot_for_token(engine: Engine, token: str) -> Player | None:
    """The bot account whose token this is, or None: an unknown token, a revoked one, one that
    is not a bot token at all, or a bot whose owner is gone. Only the token's hash is looked up
    (an index lookup: the time tells nothing of how close a guess came)."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > _MAX_TOKEN:
        return None
    owner = aliased(PlayerRow)
    query = (
        sa.select(PlayerRow)
        .join(BotTokenRow, BotTokenRow.bot_id == PlayerRow.id)
        .join(owner, owner.id == BotTokenRow.owner_id)
        .where(
            BotTokenRow.token_hash == hash_token(token),
            BotTokenRow.revoked_at.is_(None),
            PlayerRow.bot.is_(True),
        )
    )
    with sessionmaker(engine)() as s:
        row = s.scalars(query).first()
        return Player.of(row) if row is not None else None
