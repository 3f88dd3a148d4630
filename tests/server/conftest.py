"""Fixtures of the game server's tests: a database file and a test client of a fresh app on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

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
