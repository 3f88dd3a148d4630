"""Every field of a table a column of ``briscola_tables``: what the side table
``briscola_table_meta`` held as named JSON texts (speed, resigned, rematch, rematch_of,
seat_flags, unattended) is copied into the new columns, and the side table is dropped.

A text that cannot be read (not JSON, not the shape the server wrote) is left out, as the
server ignored it when it read it.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002_table_columns"
down_revision: str | None = "0001_baseline"
branch_labels = None
depends_on = None


def _new() -> list[sa.Column[object]]:
    """The new columns of ``briscola_tables`` (made afresh for each use)."""
    return [
        sa.Column("speed", sa.String(16), nullable=True),
        sa.Column("resigned", sa.JSON, nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("seat_flags", sa.JSON, nullable=True),
        sa.Column("played_out", sa.Boolean, nullable=False, server_default=sa.false()),
    ]


_META = sa.table("briscola_table_meta", sa.column("table_id", sa.String),
                 sa.column("key", sa.String), sa.column("value", sa.Text))  # fmt: skip
_TABLES = sa.table("briscola_tables", sa.column("id", sa.String),
                   *(sa.column(c.name, c.type) for c in _new()))  # fmt: skip


def _json(text: str, kind: type) -> Any:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, kind) else None


def _columns(meta: dict[str, str]) -> dict[str, Any]:
    """A table's new columns from its named texts."""
    resigned = _json(meta.get("resigned", "null"), list)
    if resigned is not None:
        resigned = [s for s in resigned if isinstance(s, int)]
    return {
        "speed": meta.get("speed"),
        "resigned": resigned,
        "rematch_id": meta.get("rematch"),
        "rematch_of": meta.get("rematch_of"),
        "seat_flags": _json(meta.get("seat_flags", "null"), dict),
        "played_out": meta.get("unattended") == "over",
    }


def upgrade() -> None:
    for column in _new():
        op.add_column("briscola_tables", column)
    bind = op.get_bind()
    meta: dict[str, dict[str, str]] = {}
    for table_id, key, value in bind.execute(sa.select(_META)):
        meta.setdefault(str(table_id), {})[str(key)] = str(value)
    for table_id, texts in meta.items():
        bind.execute(sa.update(_TABLES).where(_TABLES.c.id == table_id).values(_columns(texts)))
    op.drop_table("briscola_table_meta")


def downgrade() -> None:
    op.create_table(
        "briscola_table_meta",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("briscola_tables.id"),
                  primary_key=True),
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )  # fmt: skip
    bind = op.get_bind()
    rows = []
    for table_id, speed, resigned, rematch, of, flags, out in bind.execute(sa.select(_TABLES)):
        texts = {"speed": speed, "rematch": rematch, "rematch_of": of,
                 "resigned": json.dumps(resigned) if resigned else None,
                 "seat_flags": None if flags is None else json.dumps(flags),
                 "unattended": "over" if out else None}  # fmt: skip
        rows += [{"table_id": table_id, "key": k, "value": v} for k, v in texts.items() if v]
    if rows:
        bind.execute(sa.insert(_META), rows)
    for column in _new():  # SQLite drops a column itself since 3.35
        op.drop_column("briscola_tables", column.name)
