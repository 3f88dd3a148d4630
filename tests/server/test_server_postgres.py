"""The game server on PostgreSQL: a whole game through the WebSocket, a restart mid-game on the
same database, and a score sheet's round trip.

Needs ``BRISCOLA_TEST_POSTGRES_URL`` (``postgresql+psycopg://user:pass@host:port/db``), which
``scripts/with-postgres.sh`` sets for a throwaway server (``make test`` runs the tests inside
it). Without it these tests skip, except under ``CI=true``, where they fail: CI must test
PostgreSQL. Each test works in a schema of its own, dropped afterwards.
"""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

import pytest

from briscola.apps.server.app import create_app
from server.midgame import restart_mid_game
from server_helpers import TestClient, play_humans

ENV = "BRISCOLA_TEST_POSTGRES_URL"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose connections work in a fresh schema (dropped after the test)."""
    url = os.environ.get(ENV, "")
    if not url:
        why = f"{ENV} is not set (run the tests with: bash scripts/with-postgres.sh ...)"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(f"CI must test PostgreSQL: {why}")
        pytest.skip(why)
    from sqlalchemy import create_engine, text

    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(url)
    try:
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
        sep = "&" if "?" in url else "?"
        yield f"{url}{sep}options={quote(f'-csearch_path={schema}')}"
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    finally:
        admin.dispose()


@contextmanager
def client_on(url: str, **settings: Any) -> Iterator[TestClient]:
    """A test client of a fresh app on the database ``url`` (bots without delay)."""
    settings.setdefault("bot_delay", 0)
    with TestClient(create_app(url, **settings)) as client:
        yield client


def test_the_tables_are_in_postgresql(pg_url: str) -> None:
    with client_on(pg_url) as c:
        from sqlalchemy import create_engine, inspect

        engine = create_engine(pg_url)
        try:
            assert engine.dialect.name == "postgresql"
            names = set(inspect(engine).get_table_names())
        finally:
            engine.dispose()
        assert {"briscola_tables", "briscola_seats", "briscola_deals", "briscola_actions"} <= names
        assert {"score_sheets", "score_games"} <= names
        assert c.get("/healthz").status_code == 200


def test_a_whole_game_between_humans(pg_url: str) -> None:
    with client_on(pg_url) as c:
        table_id, players = play_humans(c, "classic", seed=3)
        assert players[0].last_state["table"]["status"] == "over"
    # the finished game reads back the same from a new server on the same database
    with client_on(pg_url) as c:
        info = c.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "over"


def test_restart_mid_game_resumes_exactly(pg_url: str) -> None:
    restart_mid_game(lambda: client_on(pg_url), random.Random(7))


def test_a_score_sheet_round_trip(pg_url: str) -> None:
    with client_on(pg_url) as c:
        r = c.post(
            "/api/scores",
            json={"competitors": ["Anna+Bruno", "Carla+Dario"], "name": "Sera – «è» 🂡"},
        )
        assert r.status_code == 201, r.text
        sheet = r.json()
        key = sheet["id"]
        for op in (
            {"op": "add", "competitor": 0, "delta": 70},  # 61 wins: the game is won
            {"op": "new_game"},
            {"op": "add", "competitor": 1, "delta": 30},
        ):
            r = c.post(
                f"/api/scores/{key}/changes", json={"revision": sheet["revision"], "change": op}
            )
            assert r.status_code == 200, r.text
            sheet = r.json()
        assert sheet["sheet"]["totals"] == [0, 30]
        # a stale revision is refused with the sheet as it is now
        r = c.post(
            f"/api/scores/{key}/changes",
            json={"revision": 1, "change": {"op": "add", "competitor": 0, "delta": 1}},
        )
        assert r.status_code == 409, r.text
    with client_on(pg_url) as c:  # a new server on the same database
        again = c.get(f"/api/scores/{key}").json()
        assert again["sheet"]["name"] == "Sera – «è» 🂡"
        assert again["revision"] == sheet["revision"]
        assert again["sheet"] == sheet["sheet"]
        assert [g["totals"] for g in again["sheet"]["history"]] == [[70, 0]]
        assert again["sheet"]["competitors"][0]["trophies"] == 1
        history = c.get(f"/api/scores/{key}/history")
        assert history.status_code == 200, history.text


def test_a_nul_character_in_a_name_is_refused_and_nothing_is_stored(pg_url: str) -> None:
    with client_on(pg_url) as c:
        r = c.post("/api/play", json={"preset": "classic", "level": "random", "name": "An\x00na"})
        assert r.status_code == 422, r.text
        assert "control characters" in r.json()["message"]
        r = c.post("/api/scores", json={"competitors": ["A\x00", "B"], "name": "x"})
        assert r.status_code == 422, r.text
        r = c.post("/api/play", json={"preset": "classic", "level": "random", "name": "Anna"})
        assert r.status_code == 200, r.text
        table_id = r.json()["table_id"]
    with client_on(pg_url) as c:
        assert c.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Anna"
