"""Migration 0005 (the quick match) on SQLite and PostgreSQL: a table stored at 0004 is casual and
not public once upgraded; a rated, public table and a seek's token hash are stored at the head;
the downgrade to 0004 takes the columns and ``briscola_lobby_seeks`` away and keeps the tables,
and the upgrade brings them back."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from briscola.apps.server.lobby.pool import Entry
from briscola.apps.server.lobby.shared import RedisPool
from briscola.apps.server.store import (
    Storage,
    StoredSeat,
    StoredTable,
    migrate,
    open_engine,
)  # fmt: skip
from server.migration_helpers import downgrade
from server.test_server_postgres import pg_url  # noqa: F401 (the PostgreSQL fixture)

pytestmark = pytest.mark.server

SEEKS = "briscola_lobby_seeks"


def _schema(url: str) -> tuple[list[str], set[str], set[str]]:
    """The revision, the tables and the columns of ``briscola_tables``."""
    engine = open_engine(url)
    try:
        with engine.connect() as conn:
            versions = [
                v[0] for v in conn.execute(sa.text("SELECT version_num FROM alembic_version"))
            ]
        inspector = sa.inspect(engine)
        columns = {c["name"] for c in inspector.get_columns("briscola_tables")}
        return versions, set(inspector.get_table_names()), columns
    finally:
        engine.dispose()


def _table(table_id: str, **more: bool) -> StoredTable:
    seat = StoredSeat(0, "human", None, "Anna", True, True, None)
    return StoredTable(table_id, {"name": "classic"}, "single", 1, "c", False, "simple", "it",
                       [seat], [], **more)  # fmt: skip


def test_migration_0005_applies_and_reverts(url: str) -> None:
    engine = open_engine(url)
    migrate(engine, "0004_player_settings")
    engine.dispose()
    version, names, columns = _schema(url)
    assert version == ["0004_player_settings"] and SEEKS not in names
    assert not {"rated", "public"} & columns
    engine = open_engine(url)
    with engine.begin() as conn:  # a table stored before the quick match
        conn.execute(sa.text(
            "INSERT INTO briscola_tables (id, created_at, ruleset, match_format, seed,"
            " invite_code, started, stand_in, lang) VALUES ('OLD', '2026-01-02 03:04:05+00:00',"
            " '{\"name\": \"classic\"}', 'single', 1, 'c', false, 'simple', 'it')"
        ))  # fmt: skip
    engine.dispose()
    storage = Storage(url)  # upgraded to the head as it opens
    try:
        _, names, columns = _schema(url)
        assert SEEKS in names and {"rated", "public"} <= columns
        old = storage.load("OLD")
        assert old is not None and (old.rated, old.public) == (False, False)
        storage.create_table(_table("NEW", rated=True, public=True))
        new = storage.load("NEW")
        assert new is not None and (new.rated, new.public) == (True, True)
        pool = RedisPool("redis://127.0.0.1:1", storage.engine, "a")  # no Redis asked here
        entry = Entry("p1", "a", "b", "classic", 1500.0, 0.0)
        pool._remember(entry.player, "Anna", "f" * 64)
        assert pool._recall(["p1", "p2"]) == {"p1": ("Anna", "f" * 64)}
    finally:
        storage.close()
    downgrade(url, "0004_player_settings")
    version, names, columns = _schema(url)
    assert version == ["0004_player_settings"] and SEEKS not in names
    assert not {"rated", "public"} & columns
    storage = Storage(url)  # and up again: the tables kept
    try:
        again = storage.load("NEW")
        assert again is not None and (again.rated, again.public) == (False, False)
    finally:
        storage.close()
