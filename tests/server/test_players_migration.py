"""Migration 0003 (the players' tables) on SQLite and PostgreSQL: a database at 0002 with a
table in it gets the three tables, a player plays there and is deleted, and the downgrade to
0002 takes the tables away again, leaving the games. Migration 0004 (the players' settings): a
player made at 0003 keeps everything, has no settings, stores some; the downgrade to 0003 takes
the column away and keeps the player."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sqlalchemy as sa

from briscola.apps.server.players.accounts import AccountError, Accounts
from briscola.apps.server.store import (
    Storage,
    StoredSeat,
    StoredTable,
    migrate,
    open_engine,
)  # fmt: skip
from server.migration_helpers import columns_and_tables
from server.migration_helpers import downgrade as _downgrade  # test_ratings_*.py import it here
from server.test_server_postgres import pg_url  # noqa: F401 (the PostgreSQL fixture)

pytestmark = pytest.mark.server

PLAYERS = {"briscola_players", "briscola_sessions", "briscola_player_seats"}
HEAD = "0008_results_due"


def _state(url: str) -> tuple[list[str], set[str]]:
    engine = open_engine(url)
    try:
        with engine.connect() as conn:
            versions = [
                v[0] for v in conn.execute(sa.text("SELECT version_num FROM alembic_version"))
            ]
        return versions, set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_migration_0003_applies_and_reverts(url: str) -> None:
    engine = open_engine(url)
    migrate(engine, "0002_table_columns")
    engine.dispose()
    versions, names = _state(url)
    assert versions == ["0002_table_columns"] and not PLAYERS & names
    storage = Storage(url)  # upgraded to the head as it opens
    try:
        assert _state(url)[0] == [HEAD] and _state(url)[1] >= PLAYERS
        seat = StoredSeat(0, "human", None, "Anna", True, True, None)
        storage.create_table(StoredTable("T", {}, "single", 1, "c", False, "s", "ro", [seat], []))
        accounts = Accounts(storage.engine)
        anna, session = accounts.new_guest("Anna", "🦊")
        accounts.claim(anna.id, "anna", "correct horse")
        accounts.take_seat(anna.id, "T", 0)
        bruno, _ = accounts.new_guest("Bruno", "")
        with pytest.raises(AccountError, match="username_taken"):  # the unique login
            accounts.claim(bruno.id, "ANNA", "another horse")
        assert accounts.by_session(session) == replace(anna, username="anna")
        assert accounts.seats(anna.id) == [("T", 0)]
        assert accounts.delete(anna.id) == [("T", 0)]
        stored = storage.load("T")
        assert stored is not None and stored.seats[0].name == "jucător șters"
        assert accounts.by_session(session) is None and accounts.check_login("anna", "x") is None
    finally:
        storage.close()
    _downgrade(url, "0002_table_columns")
    versions, names = _state(url)
    assert versions == ["0002_table_columns"] and not PLAYERS & names
    assert "briscola_tables" in names
    Storage(url).close()  # and up again
    assert _state(url)[0] == [HEAD]


def _columns(url: str) -> set[str]:
    return columns_and_tables(url, "briscola_players")[0]


def test_migration_0004_adds_the_settings_and_reverts(url: str) -> None:
    engine = open_engine(url)
    migrate(engine, "0003_players")
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO briscola_players (id, name, avatar, created_at)"
                " VALUES ('p1', 'Anna', '', '2026-01-02 03:04:05+00:00')"
            )
        )
    engine.dispose()
    assert "settings" not in _columns(url)
    storage = Storage(url)  # upgraded to the head as it opens
    try:
        assert _state(url)[0] == [HEAD] and "settings" in _columns(url)
        accounts = Accounts(storage.engine)
        session = accounts.new_session("p1")
        anna = accounts.by_session(session)
        assert anna is not None and (anna.name, anna.settings) == ("Anna", {})
        accounts.update("p1", None, None, {"deck": "napoletane", "cards": "large"})
        accounts.update("p1", None, None, {"cards": "small"})  # the others stay
        anna = accounts.by_session(session)
        assert anna is not None and anna.settings == {"deck": "napoletane", "cards": "small"}
    finally:
        storage.close()
    _downgrade(url, "0003_players")
    assert _state(url)[0] == ["0003_players"] and "settings" not in _columns(url)
    engine = open_engine(url)
    with engine.connect() as conn:
        names = [str(row[0]) for row in conn.execute(sa.text("SELECT name FROM briscola_players"))]
    engine.dispose()
    assert names == ["Anna"]
