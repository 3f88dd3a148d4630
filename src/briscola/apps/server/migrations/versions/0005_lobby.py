"""Quick match (issue 37, part 2): ``briscola_tables.rated`` (a quick match's rated game) and
``briscola_tables.public`` (the host lists the table in the lobby while seats are free), both
nullable Booleans (``NULL``: casual, not listed, as every table made before); and
``briscola_lobby_seeks``, the seat token's hash of each seek waiting in a pool shared by several
processes (the seeker's process mints the token; the process that makes the table reads the hash).

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
    op.add_column("briscola_tables", sa.Column("rated", sa.Boolean, nullable=True))
    op.add_column("briscola_tables", sa.Column("public", sa.Boolean, nullable=True))
    op.create_table(
        "briscola_lobby_seeks",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("briscola_lobby_seeks")
    # SQLite drops a column itself since 3.35 (a batch copy of briscola_tables would break the
    # seats' foreign keys), as 0002 does
    op.drop_column("briscola_tables", "public")
    op.drop_column("briscola_tables", "rated")
    op.drop_column("briscola_tables", "chat")  # the table's
