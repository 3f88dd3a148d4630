"""Issue 12: every input answered clearly. Every error of the HTTP API is ``{code, message}``
(FastAPI's own 404/405/422 and a bug's 500 included); odd numbers and texts get a 4xx; every
WebSocket message type refuses unknown fields the same way; refusals quote a short excerpt."""

from __future__ import annotations

import json
from typing import Any

import pytest

from briscola.apps.server.errors import Refusal
from briscola.apps.server.protocol import MAX_DEPTH, MAX_FRAME, read_message
from server_helpers import Player, TestClient, connect_all, make_table


def shaped(r: Any, status: int, code: str | None = None) -> str:
    """The message of an error reply, after checking its status and its shape."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) >= {"code", "message"}, body
    assert isinstance(body["code"], str) and isinstance(body["message"], str) and body["message"]
    if code is not None:
        assert body["code"] == code, body
    assert len(r.content) < 1000
    return str(body["message"])


def test_fastapis_own_errors_have_the_documented_shape(client: TestClient) -> None:
    shaped(client.get("/api/nothing-here"), 404, "not_found")
    page = client.get("/not/a/page")  # a person's address: the error page, in HTML
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]
    shaped(client.delete("/api/presets"), 405, "method_not_allowed")
    shaped(client.put("/api/tables"), 405, "method_not_allowed")
    r = client.post("/api/tables", content=b"{bad", headers={"content-type": "application/json"})
    assert "not valid JSON" in shaped(r, 422, "invalid_request")
    shaped(client.post("/api/tables", json={"nope": 1}), 422, "invalid_request")


def test_deeply_nested_json_is_refused_with_the_shape(client: TestClient) -> None:
    body = ("[" * 5000 + "]" * 5000).encode()
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500
    shaped(r, r.status_code)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"invite_code": "\ud800"}, "invite_code"),
        ({"invite_code": "x", "name": "\ud800"}, "name"),
        ({"invite_code": "x" * 10_000}, "invite_code"),
    ],
)
def test_a_lone_surrogate_or_a_huge_invite_code_is_a_clear_422(
    client: TestClient, body: dict[str, str], field: str
) -> None:
    table_id = client.post("/api/tables", json={}).json()["table_id"]
    content = json.dumps(body).encode()  # ensure_ascii: "\ud800" travels as its escape
    r = client.post(
        f"/api/tables/{table_id}/join",
        content=content,
        headers={"content-type": "application/json"},
    )
    assert field in shaped(r, 422, "invalid_request")


def test_a_lone_surrogate_token_cannot_start(client: TestClient) -> None:
    table_id = client.post("/api/tables", json={}).json()["table_id"]
    content = json.dumps({"token": "\ud800"}).encode()
    r = client.post(
        f"/api/tables/{table_id}/start",
        content=content,
        headers={"content-type": "application/json"},
    )
    shaped(r, 422, "invalid_request")


@pytest.mark.parametrize("match", ["best-of:²", "first-to:٣", "deals:" + "9" * 40])
def test_odd_match_numbers_are_a_clear_400(client: TestClient, match: str) -> None:
    message = shaped(client.post("/api/tables", json={"match": match}), 400, "bad_match")
    assert len(message) < 200
    shaped(client.post("/api/play", json={"match": match}), 400, "bad_match")


def test_a_match_format_of_5000_digits_is_too_long(client: TestClient) -> None:
    match = "first-to:" + "9" * 5000
    assert "match" in shaped(client.post("/api/tables", json={"match": match}), 422)


def test_a_bug_is_a_500_in_the_same_shape(client: TestClient) -> None:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]

    async def broken(table_id: str) -> None:
        raise RuntimeError("a bug")

    rooms.get = broken
    quiet = TestClient(client.app, raise_server_exceptions=False)
    shaped(quiet.get("/api/tables/abc"), 500, "internal")


# -- WebSocket messages -------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["ping", "sync", "next_deal", "action"])
def test_every_message_type_refuses_unknown_fields_the_same_way(kind: str) -> None:
    message: dict[str, Any] = {"type": kind, "extra": 1}
    if kind == "action":
        message["action"] = "Ad"
    refused = read_message(json.dumps(message))
    assert isinstance(refused, Refusal)
    assert refused.code == "bad_message"
    assert f"a {kind} message is" in refused.message and "unknown field 'extra'" in refused.message


def test_refusals_quote_only_an_excerpt() -> None:
    for message in (
        {"type": "action", "action": "A" * 1_000_000},
        {"type": "x" * 1_000_000},
        {"type": "ping", "y" * 1_000_000: 1},
    ):
        text = json.dumps(message)
        refused = read_message(text[: MAX_FRAME - 10] + '"}' if len(text) > MAX_FRAME else text)
        assert isinstance(refused, Refusal)
        assert len(refused.message) < 300, refused


def test_frames_over_the_limit_and_deep_nesting_are_refused() -> None:
    big = read_message(json.dumps({"type": "action", "action": "A" * MAX_FRAME}))
    assert isinstance(big, Refusal) and big.code == "too_large"
    deep = read_message(
        '{"type": "ping", "x": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"
    )
    assert isinstance(deep, Refusal) and deep.code == "bad_json"
    assert "nested" in deep.message
    flat = read_message('{"type": "ping", "x": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')
    assert isinstance(flat, Refusal) and flat.code == "bad_message"  # brackets inside a string


def test_bad_messages_over_a_socket_get_short_clear_errors(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    a, _b = connect_all(client, table_id, tokens)

    def refused(p: Player, raw: str) -> dict[str, Any]:
        assert p.ws is not None
        p.ws.send_text(raw)
        m = p.recv()
        assert m["type"] == "error", m
        assert len(m["message"]) < 300
        return m

    assert refused(a, json.dumps({"type": "ping", "x": 1}))["code"] == "bad_message"
    assert refused(a, json.dumps({"type": "sync", "x": 1}))["code"] == "bad_message"
    assert refused(a, json.dumps({"type": "next_deal", "x": 1}))["code"] == "bad_message"
    assert refused(a, json.dumps({"type": "action", "action": "A" * 60_000}))["code"] == (
        "bad_message"
    )
    assert refused(a, "[" * 100_000)["code"] == "too_large"
    assert refused(a, "[" * 10_000)["code"] == "bad_json"
    assert refused(a, json.dumps({"type": "action", "action": "bid ²"}))["code"] != "internal"
    a.send({"type": "ping"})
    assert a.recv()["type"] == "pong"  # the socket stays open


# -- values checked before they are stored ------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "options", "needle"),
    [
        ("three", {"removed": "Ac Ad As Ab"}, "removed must be one of 2c, 2d, 2s, 2b"),
        ("three", {"removed": ["2c", "2d"]}, "removed must be one of"),
        ("three", {"removed": "x" * 100_000}, "removed must be one of"),
        ("classic", {"inversion": "yes"}, "inversion must be true or false"),
        ("classic", {"inversion": 1}, "inversion must be true or false"),
        ("classic", {"exchange": "t" * 100_000}, "exchange must be one of"),
        ("classic", {"exchange": ["two"]}, "exchange must be one of"),
    ],
)
def test_option_values_outside_the_catalog_are_refused(
    client: TestClient, preset: str, options: dict[str, Any], needle: str
) -> None:
    for path in ("/api/tables", "/api/play"):
        r = client.post(path, json={"preset": preset, "options": options})
        assert needle in shaped(r, 400, "bad_options")


def test_offered_option_values_are_taken(client: TestClient) -> None:
    r = client.post("/api/tables", json={"preset": "three", "options": {"removed": "2d"}})
    assert r.status_code == 200, r.text
    info = client.get(f"/api/tables/{r.json()['table_id']}").json()
    assert info["ruleset"]["removed"] == ["2d"]
    r = client.post("/api/tables", json={"preset": "three", "options": {"removed": ["2s"]}})
    assert r.status_code == 200, r.text
    r = client.post("/api/tables", json={"options": {"inversion": True, "exchange": "Seven"}})
    assert r.status_code == 200, r.text


def test_every_422_is_documented_in_the_error_shape(client: TestClient) -> None:
    """Found by the HTTP fuzzer: the document said FastAPI's ``{"detail": [...]}``."""
    doc = client.get("/openapi.json").json()
    answers = [op["responses"] for ops in doc["paths"].values() for op in ops.values()]
    invalid = [r["422"] for r in answers if "422" in r]
    assert len(invalid) >= 10
    for response in invalid:
        schema = response["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorResponse"}, response
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    r = client.post("/api/tables", json={"seats": "human"})
    assert set(r.json()) == {"code", "message"}


def test_a_deal_reviews_refusals_are_documented(client: TestClient) -> None:
    """Found by the HTTP fuzzer: an unknown table's review answered an undocumented 404."""
    doc = client.get("/openapi.json").json()
    review = doc["paths"]["/api/tables/{table_id}/deals/{number}"]["get"]["responses"]
    assert {"404", "409"} <= set(review)
    shaped(client.get("/api/tables/nope/deals/0"), 404, "not_found")
    table_id = client.post("/api/play", json={}).json()["table_id"]
    shaped(client.get(f"/api/tables/{table_id}/deals/0"), 409, "deal_not_over")
    shaped(client.get(f"/api/tables/{table_id}/deals/7"), 404, "no_such_deal")
