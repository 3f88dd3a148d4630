"""A helper of the score keeper's API tests: a new sheet through the API."""

from __future__ import annotations

from typing import Any

from briscola.apps.server.scores import SheetResponse
from server_helpers import TestClient


def create_sheet(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new score sheet (Anna and Bruno unless ``competitors`` says otherwise), as the API
    answers it (a :class:`SheetResponse`, checked)."""
    body.setdefault("competitors", ["Anna", "Bruno"])
    r = client.post("/api/scores", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    SheetResponse.model_validate(data)
    return data
