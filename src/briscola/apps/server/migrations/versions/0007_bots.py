"""Bots online (issue 37, part 6): filled in by the bots' work."""

from __future__ import annotations

revision = "0007_bots"
down_revision: str | None = "0006_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
