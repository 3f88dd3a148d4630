"""Fixtures of the game server's tests: a database file, a test client of a fresh app on it, a
Redis of the test's own and the migrations' database on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from briscola.apps.server.cluster.workers import Missing, local_redis
from server_helpers import TestClient, client_for


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The SQLite file of the test's server."""
    return tmp_path / "briscola.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """A test client of a fresh app on ``db`` (bots without delay)."""
    with client_for(db) as c:
        yield c


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A Redis of the test's own; the test fails (never skips) when redis-server is missing or
    does not start."""
    try:
        with local_redis() as url:
            yield url
    except Missing as exc:
        pytest.fail(str(exc))


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database of a migration's test: an SQLite file, or a fresh PostgreSQL schema (the
    ``pg_url`` fixture, which the test's module imports from test_server_postgres)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'briscola.db'}"
    return str(request.getfixturevalue("pg_url"))
