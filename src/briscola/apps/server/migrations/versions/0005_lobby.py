"""Quick match (issue 37, part 2): filled in by the lobby's work.

Also here, from the table's work (issue 37, part 5): ``briscola_tables.chat``, the host allows
free-text chat at a table with friends (nullable Boolean, ``NULL``: off, as ``hints``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_lobby"
down_revision: str | None = "0004_player_settings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("briscola_tables", sa.Column("chat", sa.Boolean, nullable=True))  # the table's


def downgrade() -> None:
    with op.batch_alter_table("briscola_tables") as batch:  # SQLite drops a column by copying
        batch.drop_column("chat")  # the table's
