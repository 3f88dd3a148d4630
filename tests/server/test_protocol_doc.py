"""The protocol's documents say every error: docs/web-protocol.md lists every error code a
WebSocket may be sent, read from the code (the refusals of the message reader, the table's errors,
the session's and the server's own, the codes the server's socket modules send, and those of the
errors a socket is refused with); the OpenAPI document says which operations answer 429 and 503,
and a full server answers 503, never 500. The WebSocket's messages as protocol.py declares them:
docs/web-protocol.schema.json is generated from them and current, and docs/web-protocol.md shows
every message type and lists every event with its fields."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server.cluster.handoffs import TABLE_PATH
from briscola.apps.server.errors import ServerFull, TableElsewhere
from briscola.apps.server.protocol import (
    ClientMessage,
    ServerMessage,
    TableEvent,
    models_of,
    schema_text,
    type_of,
)
from briscola.apps.server.rooms import DAMAGED
from server_helpers import TestClient, client_for, hello, recv

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "briscola" / "apps" / "server"
SOCKET_MODULES = ["protocol", "room", "rooms", "app", "chat", "limits"]
"""The server's modules whose errors go to sockets."""

NOT_ON_SOCKETS = {
    "already_started": "POST /api/tables/{id}/start (HTTP 409)",
    "seats_empty": "a start with empty seats and no computer to fill them (HTTP)",
    "bad_seats": "a table made with the wrong number of seats, or of no person (HTTP 400)",
    "bad_dealer": "a table made with a dealer that is no seat (never by the server)",
    "bad_seat": "a seat number that is not the table's: a socket's seat is its token's",
    "bad_record": "rebuilding a stored table (on a socket: damaged_table)",
    "no_bot_to_act": "asking a computer to move when none is to act (a bug, never sent)",
    "no_one_to_act": "the same, when nobody is to act",
}
"""The table's codes that no socket is sent, and why."""

_RAISED = re.compile(r"TableError\(\s*\"([a-z_]+)\"")
_SENT = [
    re.compile(r"Refusal\(\s*\"([a-z_]+)\""),
    re.compile(r"ApiError\(\s*\d+,\s*\"([a-z_]+)\""),
    re.compile(r"\.error\(\s*\w+,\s*\"([a-z_]+)\""),
    re.compile(r"\"code\": \"([a-z_]+)\""),
]


def _source(paths: list[Path]) -> str:
    return "\n".join(p.read_text() for p in paths)


def table_codes() -> set[str]:
    """The codes of the table's errors, raised by the session and the server's socket modules."""
    session = sorted((ROOT / "src" / "briscola" / "session").glob("*.py"))
    paths = session + [SERVER / f"{m}.py" for m in SOCKET_MODULES]
    return set(_RAISED.findall(_source(paths)))


def socket_codes() -> set[str]:
    """Every code a socket may get: see the module's documentation."""
    text = _source([SERVER / f"{m}.py" for m in SOCKET_MODULES])
    sent = {code for pattern in _SENT for code in pattern.findall(text)}
    refused = {ServerFull(1).code, TableElsewhere().code, DAMAGED}
    return (table_codes() - set(NOT_ON_SOCKETS)) | sent | refused


def documented() -> set[str]:
    """The codes in the first column of the socket errors' table of docs/web-protocol.md."""
    doc = (ROOT / "docs" / "web-protocol.md").read_text()
    start = doc.index("**`error`**")
    section = doc[start : doc.index("**`pong`**", start)]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M))


def test_the_protocol_lists_every_error_code_a_socket_may_get() -> None:
    codes = socket_codes()
    assert {"illegal_action", "bad_json", "rate_limited", "internal", "spectator"} <= codes
    assert codes - documented() == set(), "add them to docs/web-protocol.md"
    assert documented() - codes == set(), "no longer sent: remove them from the doc"


def test_the_codes_said_not_to_reach_sockets_are_still_the_tables() -> None:
    assert set(NOT_ON_SOCKETS) <= table_codes()


# -- the HTTP API's 429 and 503 in the OpenAPI document ------------------------------------------
RATE_LIMITED = {
    ("post", "/api/play"),
    ("post", "/api/tables"),
    ("post", "/api/tables/{table_id}/join"),
    ("post", "/api/tables/{table_id}/start"),
    ("post", "/api/offline-games"),  # a finished offline game stored (issue 39)
    ("post", "/api/lessons/{name}"),  # a lesson's table (issue 39, part 2)
    # the players (issue 37, part 1: docs/online.md): a new guest, a sign-up, a password tried
    ("post", "/api/players/guest"),
    ("post", "/api/players/signup"),
    ("post", "/api/players/login"),
    ("post", "/api/players/me/delete"),
    ("post", "/api/players/me/bots/new"),  # a bot account made (issue 37, part 6)
}
"""The operations that count against a client's rate (create, join, guess: limits.py)."""


def _operations(client: TestClient) -> dict[tuple[str, str], dict[str, Any]]:
    paths = client.get("/openapi.json").json()["paths"]
    return {(m, path): op for path, ops in paths.items() for m, op in ops.items()}


def _error_reply(response: dict[str, Any]) -> bool:
    schema = response["content"]["application/json"]["schema"]
    return bool(schema == {"$ref": "#/components/schemas/ErrorResponse"})


def test_the_openapi_document_says_which_operations_answer_429(client: TestClient) -> None:
    operations = _operations(client)
    assert set(operations) >= RATE_LIMITED
    for key, op in operations.items():
        if key in RATE_LIMITED:
            assert _error_reply(op["responses"]["429"]), key
            assert "Retry-After" in op["responses"]["429"]["description"]
        else:
            assert "429" not in op["responses"], key


def test_the_openapi_document_says_every_tables_operation_may_answer_503(
    client: TestClient,
) -> None:
    operations = _operations(client)
    tables = [k for k in operations if TABLE_PATH.match(k[1])] + [("post", "/api/play")]
    assert len(tables) >= 7  # join, start, info, a deal's review, analysis, hint, create
    for key in tables:
        reply = operations[key]["responses"]["503"]
        assert _error_reply(reply) and "server_full" in reply["description"], key
        assert "table_moved" in reply["description"]
    assert "503" not in operations[("get", "/api/presets")]["responses"]


def test_a_full_server_answers_503_on_every_tables_route_never_500(db: Path) -> None:
    with client_for(db, max_tables=1) as client:
        kept = client.post("/api/tables", json={}).json()["table_id"]  # stored, idle
        busy = client.post("/api/tables", json={}).json()  # the idle one leaves memory
        with client.websocket_connect(f"/ws/{busy['table_id']}") as ws:
            ws.send_json(hello(busy["token"]))
            assert recv(ws)["type"] == "state"  # in use: kept cannot be loaded
            for path in (f"/api/tables/{kept}", f"/api/tables/{kept}/deals/0"):
                reply = client.get(path)
                assert reply.status_code == 503, (path, reply.text)
                assert reply.json()["code"] == "server_full" and reply.json()["message"]


# -- the WebSocket's messages, declared in protocol.py -------------------------------------------
def test_the_protocols_json_schema_is_current() -> None:
    schema = ROOT / "docs" / "web-protocol.schema.json"
    assert schema.read_text(encoding="utf-8") == schema_text(), (
        "run: python scripts/gen_protocol_schema.py"
    )


def _websocket_part() -> str:
    doc = (ROOT / "docs" / "web-protocol.md").read_text()
    return doc[doc.index("## WebSocket `/ws/{table_id}`") : doc.index("## Running the server")]


def test_the_doc_lists_every_event_with_its_fields() -> None:
    part = _websocket_part()
    table = part[part.index("**Events**") : part.index("**`error`**")]
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (.*?) \|", table, flags=re.M))
    for model in models_of(TableEvent):
        kind = type_of(model)
        assert kind in rows, f"docs/web-protocol.md: the events' table lacks {kind}"
        for name in (f.name for f in dataclasses.fields(model)):
            if name != "type":
                assert f"`{name}`" in rows[kind], (kind, name)


def test_the_doc_shows_every_message_type() -> None:
    part = _websocket_part()
    for kind in map(type_of, (*models_of(ClientMessage), *models_of(ServerMessage))):
        assert f'{{"type": "{kind}"' in part or f"**`{kind}`**" in part, kind
