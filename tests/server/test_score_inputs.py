"""Issue 12: the score keeper's API refuses odd values with a clear 4xx: a competitor given as
``true``, numbers in odd digits, a formula-like name in the CSV export."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from score_sheets import create_sheet

from briscola.apps.server.scores.schemas import (
    COMPETITOR_PATTERN,
    FORMAT_PATTERN,
    NAME_PATTERN,
    TARGET_PATTERN,
)
from briscola.scorekeeper import ScoreError
from briscola.scorekeeper.terms import Competitor, SheetFormat, Target, clean_name
from server_helpers import TestClient

_sheet = create_sheet  # the ``client`` fixture is the server tests' (conftest.py)


@pytest.mark.parametrize(
    "change",
    [
        {"op": "add", "competitor": True, "delta": 10},
        {"op": "add", "competitor": "0", "delta": 10},
        {"op": "add", "competitor": 0, "delta": True},
        {"op": "set_total", "competitor": 0, "value": "61"},
    ],
)
def test_numbers_are_json_numbers_only(client: TestClient, change: dict[str, Any]) -> None:
    sheet = _sheet(client)
    r = client.post(
        f"/api/scores/{sheet['id']}/changes", json={"revision": sheet["revision"], "change": change}
    )
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "invalid_request"


@pytest.mark.parametrize("target", ["²", "custom:²", "9" * 39])
def test_odd_targets_are_a_clear_400(client: TestClient, target: str) -> None:
    r = client.post("/api/scores?lang=en", json={"competitors": ["A", "B"], "target": target})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["code"] == "bad_target" and len(body["message"]) < 200


def test_odd_formats_are_a_clear_400(client: TestClient) -> None:
    r = client.post("/api/scores?lang=en", json={"competitors": ["A", "B"], "format": "best-of:²"})
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "format_number"


def test_the_csv_export_neutralises_formula_names(client: TestClient) -> None:
    sheet = _sheet(client, competitors=["@SUM(1)", "-Bruno"])
    r = client.get(f"/api/scores/{sheet['id']}/export.csv")
    assert r.status_code == 200, r.text
    header = r.text.splitlines()[0].split(",")
    assert header[-2:] == ["'@SUM(1)", "'-Bruno"]


@pytest.mark.parametrize(
    ("pattern", "parse", "texts"),
    [
        (NAME_PATTERN, clean_name, ["Anna", " A ", "", "   "]),
        (
            COMPETITOR_PATTERN,
            Competitor.parse,
            [
                "Anna",
                "Anna+Bruno",
                "Noi = Anna + Bruno",
                "A+B=C+D",
                "",
                "Anna+",
                "Noi=Anna",
                "=A+B",
            ],
        ),
        (
            TARGET_PATTERN,
            Target.parse,
            ["61", "chiamata:15", "200", "custom:61", "0", "chiamata:0", "1000000", "61:2", "x"],
        ),
        (
            FORMAT_PATTERN,
            SheetFormat.parse,
            ["single", "best-of:3", "primo-a:2", "best-of:4", "first-to:0", "single:1"],
        ),
    ],
)
def test_the_documents_patterns_read_as_the_score_keeper(
    pattern: str, parse: Callable[[str], object], texts: list[str]
) -> None:
    """A pattern of the OpenAPI document (scores/schemas.py) takes what the score keeper reads
    and nothing it refuses."""
    for text in texts:
        try:
            parse(text)
            reads = True
        except ScoreError:
            reads = False
        assert bool(re.match(pattern, text)) == reads, text
