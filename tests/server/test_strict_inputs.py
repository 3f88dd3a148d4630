"""Issue 40: the HTTP bodies are read strictly, as the OpenAPI document says them, and every body
too deep or unreadable is one documented answer (422 ``invalid_request``).

A boolean is ``true`` or ``false`` (never ``0``, ``1`` or ``"yes"``); an integer is a JSON number
without a fraction (``5`` or ``5.0``, never ``true``, ``"5"`` or ``5.5``); a name holds no
control character, and the document says so with a ``pattern``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from server_helpers import TestClient

pytestmark = pytest.mark.server

KEY_BODY = {"competitors": ["Anna", "Bruno"]}


def invalid(reply: Any) -> None:
    assert reply.status_code == 422, reply.text
    assert reply.json()["code"] == "invalid_request" and reply.json()["message"], reply.text


# -- depth --------------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [100, 900, 1_000, 100_000])
@pytest.mark.parametrize("path", ["/api/tables", "/api/play", "/api/scores"])
def test_a_body_nested_at_any_depth_is_an_invalid_request(
    client: TestClient, depth: int, path: str
) -> None:
    for body in ("[" * depth + "]" * depth, '{"preset": ' + "[" * depth + "]" * depth + "}"):
        reply = client.post(path, content=body, headers={"Content-Type": "application/json"})
        invalid(reply)
        assert len(reply.json()["message"]) <= 300


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_a_change_nested_too_deep_is_an_invalid_request(client: TestClient, depth: int) -> None:
    key = client.post("/api/scores", json=KEY_BODY).json()["id"]
    body = '{"change": ' + '{"op": ' * depth + "1" + "}" * depth + "}"
    reply = client.post(
        f"/api/scores/{key}/changes", content=body, headers={"Content-Type": "application/json"}
    )
    invalid(reply)
    assert "nested too deep" in reply.json()["message"]


# -- booleans -----------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [0, 1, "yes", "true", "", None, [], {}])
def test_hints_take_a_json_boolean_only(client: TestClient, value: Any) -> None:
    invalid(client.post("/api/tables", json={"hints": value}))


def test_hints_true_and_false_are_taken(client: TestClient) -> None:
    for value in (True, False):
        made = client.post("/api/tables", json={"hints": value})
        assert made.status_code == 200, made.text
        assert client.get(f"/api/tables/{made.json()['table_id']}").json()["hints"] is value


@pytest.mark.parametrize("value", [0, 1, "yes", "no", "true", None])
def test_a_sheet_s_declarations_take_a_json_boolean_only(client: TestClient, value: Any) -> None:
    invalid(client.post("/api/scores", json={**KEY_BODY, "declarations": value}))
    key = client.post("/api/scores", json=KEY_BODY).json()["id"]
    change = {"op": "declarations", "allowed": value}
    invalid(client.post(f"/api/scores/{key}/changes", json={"change": change}))


def test_a_sheet_s_declarations_true_is_taken(client: TestClient) -> None:
    made = client.post("/api/scores", json={**KEY_BODY, "declarations": True})
    assert made.status_code == 201 and made.json()["sheet"]["declarations"] is True


# -- integers -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "change",
    [
        {"op": "add", "competitor": 0, "delta": True},
        {"op": "add", "competitor": 0, "delta": "5"},
        {"op": "add", "competitor": 0, "delta": 5.5},
        {"op": "add", "competitor": False, "delta": 5},
        {"op": "add", "competitor": "1", "delta": 5},
        {"op": "add", "competitor": 13, "delta": 5},
        {"op": "set_total", "competitor": 0, "value": 100_001},
        {"op": "rename", "competitor": -1, "name": "Carla"},
    ],
)
def test_a_change_s_numbers_are_strict(client: TestClient, change: dict[str, Any]) -> None:
    key = client.post("/api/scores", json=KEY_BODY).json()["id"]
    invalid(client.post(f"/api/scores/{key}/changes", json={"change": change}))
    invalid(client.post(f"/api/scores/{key}/changes", json={"revision": True, "change": change}))


def test_a_whole_number_written_with_a_fraction_is_that_number(client: TestClient) -> None:
    """JSON Schema's ``integer`` takes ``5.0``: so does the server."""
    key = client.post("/api/scores", json=KEY_BODY).json()["id"]
    change = {"op": "add", "competitor": 1.0, "delta": 5.0}
    reply = client.post(f"/api/scores/{key}/changes", json={"revision": 1.0, "change": change})
    assert reply.status_code == 200, reply.text
    assert reply.json()["sheet"]["deals"][-1] == [0, 5]
    invalid(client.post(f"/api/scores/{key}/changes", json={"revision": "2", "change": change}))


# -- names --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["An\x00na", "An\nna", "An\x7fna", "An\x9fna"])
def test_a_name_with_a_control_character_is_refused_as_the_document_says(
    client: TestClient, name: str
) -> None:
    invalid(client.post("/api/tables", json={"host_name": name}))
    invalid(client.post("/api/play", json={"name": name}))
    invalid(client.post("/api/scores", json={"competitors": [name, "Bruno"]}))
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    for model, field in [
        ("CreateTableRequest", "host_name"),
        ("PlayRequest", "name"),
        ("JoinRequest", "name"),
        ("CreateSheetRequest", "name"),
    ]:
        for properties in fields(schemas[model]):
            pattern = properties[field]["pattern"]
            assert re.search(pattern, name) is None and re.search(pattern, "Anna Maria")


def fields(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """A body's properties; for a body per preset (``oneOf``), each one's."""
    return [body["properties"] for body in schema.get("oneOf", [schema])]


def test_the_document_says_booleans_and_integers_as_the_server_reads_them(
    client: TestClient,
) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert all(p["hints"]["type"] == "boolean" for p in fields(schemas["CreateTableRequest"]))
    assert schemas["CreateSheetRequest"]["properties"]["declarations"]["type"] == "boolean"
    assert schemas["DeclarationsChange"]["properties"]["allowed"]["type"] == "boolean"
    competitor = schemas["AddChange"]["properties"]["competitor"]
    assert (competitor["type"], competitor["minimum"], competitor["maximum"]) == ("integer", 0, 12)
    delta = schemas["AddChange"]["properties"]["delta"]
    assert (delta["minimum"], delta["maximum"]) == (-100_000, 100_000)
    revision = schemas["ApplyRequest"]["properties"]["revision"]["anyOf"][0]
    assert revision == {"type": "integer", "minimum": 0}
