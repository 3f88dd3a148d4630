"""The schema as the server made it before migrations (``create_all`` and
``add_missing_columns``): the four ``briscola_*`` tables of a game, the side table
``briscola_table_meta``, the leases' ``briscola_leases`` and the score keeper's ``score_*``.

A database made before migrations has no ``alembic_version`` table: this migration runs on it
too, and makes only what it lacks (every table is created if missing; an older database gets the
columns ``damaged`` and ``hints``), so every database leaves it with the same schema.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision: str | None = None
branch_labels = None
depends_on = None


def _tables() -> sa.MetaData:
    """Today's tables, as they were made before migrations (a copy: later changes are
    migrations of their own, never edits here)."""
    meta = sa.MetaData()
    zone = sa.DateTime(timezone=True)

    def table_id() -> sa.Column[str]:
        return sa.Column("table_id", sa.String(32), sa.ForeignKey("briscola_tables.id"),
                         primary_key=True)  # fmt: skip

    sa.Table(
        "briscola_tables", meta,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", zone, nullable=False),
        sa.Column("ruleset", sa.Text, nullable=False),
        sa.Column("match_format", sa.String(32), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("invite_code", sa.String(64), nullable=False),
        sa.Column("started", sa.Boolean, nullable=False),
        sa.Column("stand_in", sa.String(32), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("damaged", sa.Text, nullable=True),
        sa.Column("hints", sa.Boolean, nullable=True),
    )  # fmt: skip
    sa.Table(
        "briscola_seats", meta, table_id(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("joined", sa.Boolean, nullable=False),
        sa.Column("host", sa.Boolean, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )  # fmt: skip
    sa.Table(
        "briscola_deals", meta, table_id(),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("deck", sa.Text, nullable=False),
    )  # fmt: skip
    sa.Table(
        "briscola_actions", meta, table_id(),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("at", zone, nullable=False),
    )  # fmt: skip
    sa.Table(
        "briscola_table_meta", meta, table_id(),
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )  # fmt: skip
    sa.Table(
        "briscola_leases", meta,
        sa.Column("table_id", sa.String(100), primary_key=True),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )  # fmt: skip

    def sheet_id() -> sa.Column[int]:
        return sa.Column("sheet_id", sa.Integer,
                         sa.ForeignKey("score_sheets.id", ondelete="CASCADE"), nullable=False,
                         index=True)  # fmt: skip

    sa.Table(
        "score_sheets", meta,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, index=True),
        sa.Column("owner", sa.String(200), nullable=True, index=True),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("created_at", zone, nullable=False),
        sa.Column("updated_at", zone, nullable=False),
    )  # fmt: skip
    sa.Table(
        "score_games", meta,
        sa.Column("id", sa.Integer, primary_key=True),
        sheet_id(),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("match", sa.Integer, nullable=False),
        sa.Column("outcome", sa.String(20), nullable=False),
        sa.Column("winner", sa.String(200), nullable=True),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("finished_at", zone, nullable=False),
        sa.UniqueConstraint("sheet_id", "number"),
    )  # fmt: skip
    sa.Table(
        "score_changes", meta,
        sa.Column("id", sa.Integer, primary_key=True),
        sheet_id(),
        sa.Column("change_id", sa.String(64), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.UniqueConstraint("sheet_id", "change_id"),
    )  # fmt: skip
    return meta


ADDED = {"damaged": sa.Text, "hints": sa.Boolean}
"""The columns of ``briscola_tables`` added after its first version (nullable)."""


def upgrade() -> None:
    bind = op.get_bind()
    _tables().create_all(bind, checkfirst=True)  # only the tables the database lacks
    have = {c["name"] for c in sa.inspect(bind).get_columns("briscola_tables")}
    for name, kind in ADDED.items():
        if name not in have:
            op.add_column("briscola_tables", sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    for name in reversed(_tables().sorted_tables):
        op.drop_table(name.name)
