"""Quick match (issue 37, part 2): filled in by the lobby's work."""

from __future__ import annotations

revision = "0005_lobby"
down_revision: str | None = "0004_player_settings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
