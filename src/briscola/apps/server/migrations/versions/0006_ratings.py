"""Ratings (issue 37, parts 3 and 4): ``briscola_ratings`` (a player's rating per game kind:
OpenSkill's mu and sigma on the 1500 scale, the rated games) and ``briscola_results`` (each
linked seat's result of a finished match, rated or not: the statistics, the recent games and the
ratings' history). Nothing existing changes; ratings/schema.py holds the same tables as models.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_ratings"
down_revision: str | None = "0005_lobby"
branch_labels = None
depends_on = None

_ZONE = sa.DateTime(timezone=True)


def _player_id(primary: bool) -> sa.Column[str]:
    return sa.Column("player_id", sa.String(16),
                     sa.ForeignKey("briscola_players.id", ondelete="CASCADE"), nullable=False,
                     primary_key=primary, index=not primary)  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "briscola_ratings",
        _player_id(True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", _ZONE, nullable=False),
    )
    op.create_index("ix_briscola_ratings_board", "briscola_ratings", ["game", "mu"])
    op.create_table(
        "briscola_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("briscola_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        _player_id(False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        *(sa.Column(name, sa.Integer, nullable=False) for name in (
            "points", "deals", "cappotti")),
        sa.Column("role", sa.String(8), nullable=True),
        *(sa.Column(name, sa.Integer, nullable=False) for name in (
            "caller_deals", "caller_won", "partner_deals", "partner_won")),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        sa.Column("finished_at", _ZONE, nullable=False),
    )  # fmt: skip
    op.create_index(
        "ix_briscola_results_player_time", "briscola_results", ["player_id", "finished_at"]
    )


def downgrade() -> None:
    for table in ("briscola_results", "briscola_ratings"):
        op.drop_table(table)  # their indexes go with them
