"""Helpers of the schema migrations' tests (their database on SQLite and on PostgreSQL is
conftest.py's ``url`` fixture)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from briscola.apps.server.store import MIGRATIONS, open_engine

__all__ = ["columns_and_tables", "downgrade"]


def downgrade(url: str, revision: str) -> None:
    """Take the database at ``url`` down to the migration ``revision``."""
    engine = open_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def columns_and_tables(url: str, table: str) -> tuple[set[str], set[str]]:
    """The columns of ``table`` and the names of every table in the database at ``url``."""
    engine = open_engine(url)
    try:
        inspector = sa.inspect(engine)
        return {c["name"] for c in inspector.get_columns(table)}, set(inspector.get_table_names())
    finally:
        engine.dispose()
