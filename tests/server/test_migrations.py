"""The schema's migrations (apps/server/migrations, run when the storage opens): a database that
today's main wrote before migrations existed (no ``alembic_version``, the side table
``briscola_table_meta``; an older one without the ``damaged`` and ``hints`` columns) is upgraded,
its side table's texts become columns of the table's row, and its table in play plays on through
the server, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import briscola.apps.server.app  # noqa: F401 (every module's tables on the store's metadata)
from briscola.apps.server.store import (
    Base,
    Progress,
    Saved,
    Storage,
    StoredTable,
    hash_token,
    migrate,
    open_engine,
)  # fmt: skip
from briscola.core.rules import preset
from briscola.session.table import Seat, Table
from server.migration_helpers import downgrade
from server.test_server_postgres import client_on, pg_url  # noqa: F401 (the PostgreSQL fixture)
from server_helpers import Player

pytestmark = pytest.mark.server

HEAD = "0008_results_due"
TOKENS = {0: "anna-token", 1: "bruno-token"}


def _main_schema(older: bool) -> sa.MetaData:
    """The tables as main (53c3957) made them with ``create_all``: storage_rows.py's four, meta.py's
    side table (``older``: before the ``damaged`` and ``hints`` columns)."""
    meta = sa.MetaData()
    zone = sa.DateTime(timezone=True)

    def key() -> sa.Column[str]:
        return sa.Column("table_id", sa.String(32), sa.ForeignKey("briscola_tables.id"),
                         primary_key=True)  # fmt: skip

    added: list[sa.Column[Any]] = (
        [] if older else [sa.Column("damaged", sa.Text), sa.Column("hints", sa.Boolean)]
    )
    sa.Table("briscola_tables", meta, sa.Column("id", sa.String(32), primary_key=True),
             sa.Column("created_at", zone, nullable=False),
             sa.Column("ruleset", sa.Text, nullable=False),
             sa.Column("match_format", sa.String(32), nullable=False),
             sa.Column("seed", sa.BigInteger, nullable=False),
             sa.Column("invite_code", sa.String(64), nullable=False),
             sa.Column("started", sa.Boolean, nullable=False),
             sa.Column("stand_in", sa.String(32), nullable=False),
             sa.Column("lang", sa.String(8), nullable=False), *added)  # fmt: skip
    sa.Table("briscola_seats", meta, key(), sa.Column("seat", sa.Integer, primary_key=True),
             sa.Column("kind", sa.String(8), nullable=False), sa.Column("bot", sa.String(32)),
             sa.Column("name", sa.String(64), nullable=False),
             sa.Column("joined", sa.Boolean, nullable=False),
             sa.Column("host", sa.Boolean, nullable=False),
             sa.Column("token_hash", sa.String(64)))  # fmt: skip
    sa.Table("briscola_deals", meta, key(), sa.Column("number", sa.Integer, primary_key=True),
             sa.Column("dealer", sa.Integer, nullable=False),
             sa.Column("deck", sa.Text, nullable=False))  # fmt: skip
    sa.Table("briscola_actions", meta, key(), sa.Column("deal", sa.Integer, primary_key=True),
             sa.Column("number", sa.Integer, primary_key=True),
             sa.Column("seat", sa.Integer, nullable=False),
             sa.Column("action", sa.String(32), nullable=False),
             sa.Column("at", zone, nullable=False))  # fmt: skip
    sa.Table("briscola_table_meta", meta, key(), sa.Column("key", sa.String(32), primary_key=True),
             sa.Column("value", sa.Text, nullable=False))  # fmt: skip
    return meta


def _main_database(url: str, older: bool = False) -> None:
    """A database as main wrote it: a three-seat table in play (four cards played; Carla
    resigned, Bruno away and played by the stand-in, the computers fast) and a table waiting,
    with their side table's texts (one unreadable)."""
    table = Table(preset("three"), [Seat.human(n) for n in ("Anna", "Bruno", "Carla")],
                  "deals:2", 2026, stand_in="random")  # fmt: skip
    table.start()
    for _ in range(4):
        seat = table.to_act()
        assert seat is not None
        obs = table.observation(seat)
        assert obs is not None
        table.submit(seat, obs.legal[0])
    table.resign(2)
    progress, _ = Saved(table, []).unsaved("A", table)
    now = datetime.now(UTC)
    row = {"created_at": now, "ruleset": json.dumps(table.ruleset.to_dict()),
           "match_format": "deals:2", "seed": 2026, "invite_code": "c", "stand_in": "random",
           "lang": "it"} | ({} if older else {"damaged": None, "hints": False})  # fmt: skip
    meta = _main_schema(older)
    names = ("tables", "seats", "deals", "actions", "table_meta")
    tables, seats, deals, actions, texts = (meta.tables[f"briscola_{n}"] for n in names)
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        meta.create_all(conn)
        conn.execute(sa.insert(tables), [row | {"id": "A", "started": True},
                                         row | {"id": "B", "started": False}])  # fmt: skip
        conn.execute(sa.insert(seats), [
            {"table_id": "A", "seat": i, "kind": s.kind, "bot": s.bot, "name": s.name,
             "joined": True, "host": i == 0,
             "token_hash": hash_token(TOKENS[i]) if i in TOKENS else None}
            for i, s in enumerate(table.seats)])  # fmt: skip
        conn.execute(sa.insert(deals), [{"table_id": "A", "number": n, "dealer": d, "deck": k}
                                        for n, d, k in progress.deals])  # fmt: skip
        conn.execute(sa.insert(actions), [
            {"table_id": "A", "deal": d, "number": n, "seat": s, "action": a, "at": now}
            for d, n, s, a in progress.actions])  # fmt: skip
        flags = {"at": [1, 4], "autoplay": [1], "ready": []}
        kept = {
            "A": {
                "speed": "veloce",
                "resigned": "[2]",
                "seat_flags": json.dumps(flags),
                "rematch": "B",
            },
            "B": {"rematch_of": "A", "seat_flags": "{not json", "unattended": "over"},
        }
        conn.execute(
            sa.insert(texts),
            [
                {"table_id": t, "key": k, "value": v}
                for t, pairs in kept.items()
                for k, v in pairs.items()
            ],
        )
    engine.dispose()


def _version_and_tables(url: str) -> tuple[list[Any], set[str], set[str]]:
    engine = sa.create_engine(url)
    try:
        inspector = sa.inspect(engine)
        columns = {c["name"] for c in inspector.get_columns("briscola_tables")}
        with engine.connect() as conn:
            versions = list(conn.execute(sa.text("SELECT version_num FROM alembic_version")))
        return [v[0] for v in versions], set(inspector.get_table_names()), columns
    finally:
        engine.dispose()


@pytest.mark.parametrize("older", [False, True], ids=["main", "before-damaged"])
def test_a_database_written_by_main_is_migrated_and_its_table_plays_on(
    url: str, older: bool
) -> None:
    _main_database(url, older)
    storage = Storage(url)  # the migrations run as it opens
    try:
        versions, names, columns = _version_and_tables(url)
        assert versions == [HEAD]
        assert "briscola_table_meta" not in names
        assert {"damaged", "hints", "speed", "resigned", "seat_flags", "played_out"} <= columns
        a, b = storage.load("A"), storage.load("B")
        assert a is not None and b is not None
        assert (a.speed, a.resigned, a.rematch_id, a.played_out) == ("veloce", [2], "B", False)
        assert a.seat_flags == {"at": [1, 4], "autoplay": [1], "ready": []}
        assert (b.rematch_of, b.seat_flags, b.played_out, b.speed) == ("A", None, True, None)
        assert a.damaged is None and a.hints is False
    finally:
        storage.close()
    with client_on(url) as client:
        info = client.get("/api/tables/A").json()
        assert info["status"] == "playing" and info["resigned"] == [2]
        assert [s["autoplay"] for s in info["seats"]] == [False, True, False]  # kept flags
        anna = Player(client, "A", 0, TOKENS[0])
        state = anna.connect()
        assert state["speed"] == "veloce"
        assert len(state["observation"]["actions"]) >= 4
        played = 0
        while played < 2:  # Anna plays; the stand-in plays Bruno's seat, the computer Carla's
            obs = anna.last_state["observation"]
            playing = anna.last_state["table"]["status"] == "playing"
            if obs["turn"] == 0 and obs["legal"] and playing:
                anna.send({"type": "action", "action": obs["legal"][0]})
                played += 1
            anna.recv()
        anna.close()
    storage = Storage(url)  # opened again: nothing left to migrate, every move kept
    try:
        a = storage.load("A")
        assert a is not None and sum(len(actions) for _, _, actions in a.deals) >= 7
        assert _version_and_tables(url)[0] == [HEAD]
    finally:
        storage.close()


def test_a_new_database_gets_the_whole_schema_and_a_downgrade_brings_the_side_table_back(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    Storage(url).close()
    versions, names, _ = _version_and_tables(url)
    assert versions == [HEAD]
    assert {"briscola_tables", "briscola_leases", "score_sheets"} <= names
    storage = Storage(url)
    storage.create_table(StoredTable("T", {}, "single", 1, "c", False, "simple", "it", [], []))
    storage.save_many([Progress("T", columns={"speed": "lenta", "played_out": True})])
    storage.close()
    downgrade(url, "0001_baseline")
    engine = open_engine(url)
    with engine.connect() as conn:
        rows = set(conn.execute(sa.text("SELECT key, value FROM briscola_table_meta")))
    engine.dispose()
    assert rows == {("speed", "lenta"), ("unattended", "over")}
    storage = Storage(url)  # upgraded again
    stored = storage.load("T")
    assert stored is not None and (stored.speed, stored.played_out) == ("lenta", True)
    storage.close()


def test_processes_opening_a_database_together_migrate_it_once(url: str) -> None:
    """Four storages opened at the same time on a database main wrote: one migrates it under
    the lock, the others find it done (no error, one version row)."""
    _main_database(url)
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            engine = open_engine(url)
            migrate(engine)
            engine.dispose()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert _version_and_tables(url)[0] == [HEAD]
    storage = Storage(url)
    a = storage.load("A")
    storage.close()
    assert a is not None and a.speed == "veloce"


def test_the_migrations_make_the_schema_the_metadata_declares(url: str) -> None:
    """What the Core statements and the ORM rows declare (``store.Base``'s tables: columns,
    types, nullability, indexes) is what the migrations made: Alembic's autogenerate finds
    nothing to change (the tables of other metadata, leases' and the score keeper's, aside)."""
    Storage(url).close()
    ours = Base.metadata.tables

    def include_name(name: str | None, kind: str, parent: Any) -> bool:
        return kind != "table" or name in ours

    engine = open_engine(url)
    try:
        with engine.connect() as conn:
            opts = {"compare_type": True, "include_name": include_name}
            assert (
                compare_metadata(MigrationContext.configure(conn, opts=opts), Base.metadata) == []
            )
    finally:
        engine.dispose()
