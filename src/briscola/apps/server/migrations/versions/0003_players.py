"""The players (issue 37, part 1): ``briscola_players`` (a guest, or an account with a username
and an Argon2 password hash), ``briscola_sessions`` (a browser's session, its id kept hashed) and
``briscola_player_seats`` (the seats a player took, for their games). Nothing existing changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_players"
down_revision: str | None = "0002_table_columns"
branch_labels = None
depends_on = None

_ZONE = sa.DateTime(timezone=True)


def _player_id() -> sa.Column[str]:
    return sa.Column("player_id", sa.String(16),
                     sa.ForeignKey("briscola_players.id", ondelete="CASCADE"), nullable=False,
                     index=True)  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "briscola_players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("avatar", sa.String(16), nullable=False),
        sa.Column("username", sa.String(32), nullable=True),
        sa.Column("login", sa.String(32), nullable=True, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created_at", _ZONE, nullable=False),
    )
    op.create_table(
        "briscola_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        _player_id(),
        sa.Column("created_at", _ZONE, nullable=False),
    )
    op.create_table(
        "briscola_player_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("briscola_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        _player_id(),
    )  # fmt: skip


def downgrade() -> None:
    for table in ("briscola_player_seats", "briscola_sessions", "briscola_players"):
        op.drop_table(table)
