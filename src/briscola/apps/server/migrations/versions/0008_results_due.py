"""A crash loses no result (issue 37): ``briscola_tables.results_due``, true from the commit that
stores a match's end until the transaction that records its results (``NULL``: nothing due, as
every table made before), with a partial index of the true ones, which the recorder's catch-up
reads as the server starts; and ``briscola_tables.timed_out``, each seat's moves that the move
clock gave the stand-in while its person was there (JSON, ``NULL``: none), which a rated game
counts (ratings/record.py). Nothing else changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_results_due"
down_revision: str | None = "0007_bots"
branch_labels = None
depends_on = None

INDEX = "ix_briscola_tables_results_due"


def upgrade() -> None:
    op.add_column("briscola_tables", sa.Column("results_due", sa.Boolean, nullable=True))
    op.add_column("briscola_tables", sa.Column("timed_out", sa.JSON, nullable=True))
    op.create_index(
        INDEX, "briscola_tables", ["results_due"],
        postgresql_where=sa.text("results_due IS true"), sqlite_where=sa.text("results_due IS 1"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_index(INDEX, "briscola_tables")
    # SQLite drops a column itself since 3.35 (a batch copy of briscola_tables would break the
    # seats' foreign keys), as 0005 does
    op.drop_column("briscola_tables", "timed_out")
    op.drop_column("briscola_tables", "results_due")
