"""Ratings (issue 37, parts 3 and 4): filled in by the ratings' work."""

from __future__ import annotations

revision = "0006_ratings"
down_revision: str | None = "0005_lobby"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
