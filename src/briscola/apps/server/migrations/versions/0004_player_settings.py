"""A player's table settings (issue 39, part 1: they follow the player to another device): one
nullable JSON column ``settings`` on ``briscola_players`` (``NULL``: none stored yet). One
column rather than one per setting: the settings are read and written together, the server checks
each one as it comes in (players/routes.py), and a new setting needs no migration.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_player_settings"
down_revision: str | None = "0003_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("briscola_players", sa.Column("settings", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("briscola_players") as batch:  # SQLite drops a column by copying
        batch.drop_column("settings")
