"""docs/operations.md's backups, as an operator runs them: a table in play on PostgreSQL is
dumped with ``pg_dump --format=custom``, restored with ``pg_restore --no-owner`` into a fresh
database, and a new server on the restored database serves the same table (its public
information and the seat's view unchanged) and plays on from it (issue 38, part 5).

Needs ``BRISCOLA_TEST_POSTGRES_URL`` (``scripts/with-postgres.sh``, which ``make test`` runs the
tests in) and Debian's PostgreSQL client programs beside its server; skips without them, fails
under ``CI=true``.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from briscola.apps.server.app import create_app
from server_helpers import Player, TestClient

pytestmark = pytest.mark.server

ENV = "BRISCOLA_TEST_POSTGRES_URL"


def _program(name: str) -> str | None:
    """A PostgreSQL client program: on the PATH, else in Debian's versioned folder."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


def _needs(why: str) -> None:
    if os.environ.get("CI", "").lower() in ("true", "1"):
        pytest.fail(f"CI must test the backups: {why}")
    pytest.skip(why)


@pytest.fixture
def databases() -> Iterator[tuple[str, str]]:
    """Two fresh databases on the test server (the live one, the restored one), dropped after."""
    url = os.environ.get(ENV, "")
    if not url:
        _needs(f"{ENV} is not set (run the tests with: bash scripts/with-postgres.sh ...)")
    if _program("pg_dump") is None or _program("pg_restore") is None:
        _needs("pg_dump and pg_restore are not installed (Debian's postgresql-client)")
    names = [f"live_{secrets.token_hex(4)}", f"restored_{secrets.token_hex(4)}"]
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f"CREATE DATABASE {name}"))
        base = make_url(url)
        yield tuple(base.set(database=n).render_as_string(hide_password=False) for n in names)  # type: ignore[misc]
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    finally:
        admin.dispose()


def _libpq(url: str) -> str:
    """The SQLAlchemy URL as the connection string the PostgreSQL programs take."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _play_a_little(client: TestClient) -> tuple[str, str, dict[str, Any]]:
    """A table against the computer with three of the person's moves: its id, the person's
    token and the person's last state."""
    r = client.post("/api/play", json={"preset": "classic", "level": "simple", "name": "Anna"})
    assert r.status_code == 200, r.text
    body = r.json()
    me = Player(client, body["table_id"], 0, body["token"])
    state = me.connect()
    moves = 0
    while moves < 3:
        obs = state["observation"]
        if obs["turn"] == 0 and state["table"]["status"] == "playing":
            me.send({"type": "action", "action": obs["legal"][0]})
            moves += 1
        state = me.recv()
    while state["observation"]["turn"] != 0:  # the computer's answer stored too
        state = me.recv()
    me.close()
    return body["table_id"], body["token"], state


def test_a_backup_restored_into_a_fresh_database_serves_the_same_tables(
    databases: tuple[str, str], tmp_path: Path
) -> None:
    live, restored = databases
    with TestClient(create_app(live, bot_delay=0)) as client:
        table_id, token, before = _play_a_little(client)
        info = client.get(f"/api/tables/{table_id}").json()
    dump = tmp_path / "briscola.dump"
    pg_dump, pg_restore = _program("pg_dump"), _program("pg_restore")
    assert pg_dump and pg_restore
    subprocess.run([pg_dump, "--format=custom", f"--file={dump}", _libpq(live)], check=True)
    subprocess.run([pg_restore, "--no-owner", f"--dbname={_libpq(restored)}", str(dump)],
                   check=True)  # fmt: skip
    with TestClient(create_app(restored, bot_delay=0)) as client:
        assert client.get(f"/api/tables/{table_id}").json() == info
        me = Player(client, table_id, 0, token)
        state = me.connect()
        assert state["observation"] == before["observation"]
        card = state["observation"]["legal"][0]
        me.send({"type": "action", "action": card})
        after = me.recv()
        assert after["type"] == "state" and card not in after["observation"]["hand"]
        me.close()
