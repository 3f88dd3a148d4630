"""Helpers of the schema migrations' tests (their database on SQLite and on PostgreSQL is
conftest.py's ``url`` fixture)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from briscola.apps.server.store import MIGRATIONS, open_engine

__all__ = ["downgrade"]


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
