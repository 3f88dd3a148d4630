"""Bots online (issue 37, part 6): a column ``bot`` on ``briscola_players`` (false for every
player there is; true for a bot account) and ``briscola_bot_tokens``, a bot account's tokens:
the SHA-256 of each (never the token), the bot, the account that made it (its owner), when it was
made and when it was revoked (``NULL``: it works). Nothing else changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_bots"
down_revision: str | None = "0006_ratings"
branch_labels = None
depends_on = None

_ZONE = sa.DateTime(timezone=True)


def _player(name: str) -> sa.Column[str]:
    return sa.Column(name, sa.String(16), sa.ForeignKey("briscola_players.id", ondelete="CASCADE"),
                     nullable=False, index=True)  # fmt: skip


def upgrade() -> None:
    op.add_column(
        "briscola_players",
        sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "briscola_bot_tokens",
        sa.Column("id", sa.String(16), primary_key=True),
        _player("bot_id"),
        _player("owner_id"),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", _ZONE, nullable=False),
        sa.Column("revoked_at", _ZONE, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("briscola_bot_tokens")
    with op.batch_alter_table("briscola_players") as batch:  # SQLite drops a column by copying
        batch.drop_column("bot")
