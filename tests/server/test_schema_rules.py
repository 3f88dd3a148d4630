"""Issue 40: every rule of a request that JSON Schema can say is in the OpenAPI document, so a
request the document calls valid is one the server takes (Schemathesis's
``positive_data_acceptance``, test_conformance_http.py).

Each rule below was once said only by the server's 400 (the document took the request): the
classic game has 2 seats, not 4; an option the preset does not offer; a match format that is not
one; a level that is no computer player; a score sheet of one competitor, or the same one twice; a
name of spaces; a target or a match format the score keeper does not read. Each is now in the
document (one body per preset with its options and seats, enums and patterns), and the server
still answers it with its own code, as before. What the document still cannot say (a sheet's
state) is listed in server/conformance.py's ``RULES``.
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from briscola.apps.server import catalog
from briscola.core.rules import PRESETS
from server_helpers import TestClient

pytestmark = pytest.mark.server

SHEET = {"competitors": ["Anna", "Bruno"]}

TABLE_RULES = [
    ("/api/tables", {"preset": "classic", "seats": ["human", "bot:simple", "human"]}, "bad_seats"),
    ("/api/tables", {"preset": "pairs", "seats": ["human", "human"]}, "bad_seats"),
    ("/api/tables", {"seats": ["bot:simple", "human"]}, "bad_seats"),
    ("/api/tables", {"seats": ["human", "robot"]}, "bad_seats"),
    ("/api/tables", {"seats": ["human", "bot:grandmaster"]}, "unknown_level"),
    ("/api/play", {"preset": "seven"}, "unknown_preset"),
    ("/api/play", {"preset": "classic", "options": {"removed": "2d"}}, "bad_options"),
    ("/api/play", {"preset": "three", "options": {"signals": True}}, "bad_options"),
    ("/api/play", {"preset": "three", "options": {"removed": "7d"}}, "bad_options"),
    ("/api/play", {"options": {"exchange": "three"}}, "bad_options"),
    ("/api/play", {"options": {"inversion": "yes"}}, "bad_options"),
    ("/api/play", {"options": {"inversion": 1}}, "bad_options"),
    ("/api/tables", {"preset": "chiamata", "options": {"exchange": "two"}}, "bad_options"),
    ("/api/play", {"match": "best-of:4"}, "bad_match"),
    ("/api/play", {"match": "0" * 99}, "bad_match"),
    ("/api/tables", {"match": "first-to:0"}, "bad_match"),
    ("/api/tables", {"match": "deals:1234567"}, "bad_match"),
    ("/api/play", {"level": "grandmaster"}, "unknown_level"),
]

SHEET_RULES = [
    ({"competitors": ["Anna"]}, "too_few_competitors"),
    ({"competitors": [f"P{i}" for i in range(13)]}, "too_many_competitors"),
    ({"competitors": ["Anna", "Anna"]}, "duplicate_name"),
    ({"competitors": ["Anna", "   "]}, "empty_name"),
    ({"competitors": ["Anna", "Bruno+"]}, "empty_name"),
    ({"competitors": ["Anna", "Noi=Bruno"]}, "bad_pair"),
    ({**SHEET, "target": "0"}, "target_low"),
    ({**SHEET, "target": "61:2"}, "bad_target"),
    ({**SHEET, "target": "1000000"}, "bad_target"),
    ({**SHEET, "format": "best-of:4"}, "even_best_of"),
    ({**SHEET, "format": "first-to:0"}, "format_number"),
    ({**SHEET, "format": "doubles"}, "bad_format"),
]

CHANGE_RULES = [
    ({"op": "add", "competitor": 0, "delta": 0}, "zero_delta"),
    ({"op": "rename", "competitor": 0, "name": "  "}, "empty_name"),
    ({"op": "rename_sheet", "name": " "}, "empty_name"),
    ({"op": "add_competitor", "name": "Carla+"}, "empty_name"),
    ({"op": "add_competitor", "name": "Noi=Carla"}, "bad_pair"),
    ({"op": "target", "target": "chiamata:0"}, "target_low"),
    ({"op": "format", "format": "best-of:2"}, "even_best_of"),
]


def body_schema(client: TestClient, path: str) -> Draft202012Validator:
    """A validator of the request body of ``POST path``, as the OpenAPI document says it."""
    doc = client.get("/openapi.json").json()
    schema = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return Draft202012Validator({**schema, "components": doc["components"]})


def refused(
    client: TestClient, path: str, body: dict[str, Any], code: str, url: str | None = None
) -> None:
    """The document calls ``body`` invalid for ``POST path``, and the server answers it (at
    ``url``, by default ``path``) 400 ``code``."""
    assert not body_schema(client, path).is_valid(body), f"the document takes {body}"
    reply = client.post(url or path, json=body)
    assert (reply.status_code, reply.json()["code"]) == (400, code), reply.text


@pytest.mark.parametrize(("path", "body", "code"), TABLE_RULES)
def test_a_table_rule_is_in_the_document(
    client: TestClient, path: str, body: dict[str, Any], code: str
) -> None:
    refused(client, path, body, code)


@pytest.mark.parametrize(("body", "code"), SHEET_RULES)
def test_a_sheet_rule_is_in_the_document(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    refused(client, "/api/scores", body, code)


@pytest.mark.parametrize(("change", "code"), CHANGE_RULES)
def test_a_change_rule_is_in_the_document(
    client: TestClient, change: dict[str, Any], code: str
) -> None:
    key = client.post("/api/scores", json=SHEET).json()["id"]
    path = "/api/scores/{key}/changes"
    refused(client, path, {"change": change}, code, url=path.format(key=key))


def test_the_start_fill_is_a_level_in_the_document(client: TestClient) -> None:
    made = client.post("/api/tables", json={}).json()
    path = f"/api/tables/{made['table_id']}/start"
    assert not body_schema(client, "/api/tables/{table_id}/start").is_valid(
        {"token": made["token"], "fill": "grandmaster"}
    )
    reply = client.post(path, json={"token": made["token"], "fill": "grandmaster"})
    assert (reply.status_code, reply.json()["code"]) == (400, "unknown_level"), reply.text


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_body_the_document_gives_a_preset_is_taken(client: TestClient, preset: str) -> None:
    """For each preset, each value of each option it offers, a full table of seats and every
    level: the document takes the body and so does the server."""
    n = PRESETS[preset].players
    seats = ["human", "bot", *(f"bot:{level.name}" for level in catalog.levels().levels)]
    check = body_schema(client, "/api/tables")
    for k, option in enumerate(catalog.preset_options(PRESETS[preset])):
        for value in option.values:
            body = {
                "preset": preset,
                "options": {option.name: value},
                "seats": ["human", *(seats[(k + i) % len(seats)] for i in range(n - 1))],
                "match": "best-of:3",
            }
            assert check.is_valid(body), body
            reply = client.post("/api/tables", json=body)
            assert reply.status_code == 200, (body, reply.text)
    assert not check.is_valid({"preset": preset, "seats": ["human"] * (n + 1)})
