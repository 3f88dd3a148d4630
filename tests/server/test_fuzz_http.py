"""Issue 12: the HTTP API fuzzed from its own OpenAPI document with Schemathesis.

Every operation of ``/openapi.json`` gets requests that match the document (positive) and
requests that do not (negative: wrong types, missing or unknown fields, texts too long, odd
characters), sent in-process to one app on a temporary SQLite file. Path parameters, secrets and
numbers are now made up, now real (a waiting table, a started one, a finished one, a score sheet,
a seat's token, an invitation code), so the requests reach past the 404s. Each answer must be no
5xx, conform to the document (status, content type, headers, body), refuse what the document
calls invalid, and when it is an error be ``{code, message}`` with a short message quoting at
most an excerpt of the input. The requests actually sent are counted and the count asserted.
"""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis import Case, GenerationMode
    from schemathesis.checks import not_a_server_error
    from schemathesis.python.asgi import get_client
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        negative_data_rejection,
        positive_data_acceptance,
        response_headers_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

from briscola.apps.server.app import create_app
from server.conformance import config
from server.fuzzing import (
    HTTP_INPUTS,
    MAX_MESSAGE,
    SLOW_FACTOR,
    assert_no_echo,
    texts_in,
    watch_log,
)
from server_helpers import UNLIMITED, client_for, play_humans

SHARDS = 4
"""The operations are fuzzed in this many tests (so that ``pytest -n`` spreads them)."""

OPERATIONS = 16
"""Operations in the OpenAPI document, at least (fewer means the document lost some)."""

SETTINGS: dict[str, Any] = {
    "bot_delay": 0,
    "trick_hold": 0,
    "max_tables": 1_000_000,  # the fuzzer is one very busy client, its rates off
    **UNLIMITED,
}

TIMEOUT = 300
"""Seconds a request may take: a deal's first analysis compiles the search on a busy machine."""

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
POSITIVE_CHECKS = [*CHECKS, positive_data_acceptance]
"""A request that matches the document is never refused as invalid (422): see
test_conformance_http.py for the statuses it may get."""
NEGATIVE_CHECKS = [*CHECKS, negative_data_rejection]
TARGETS = st.sampled_from(["made-up", "waiting", "started", "finished", "secret", "secret"])
"""What a request is pointed at (see :func:`aim`)."""

PICKS = st.integers(0, 5)
"""Which of the real tables or sheets a request goes to (at most six of each are made)."""


@dataclass
class World:
    """The app under test, what is real in it (tables, tokens, sheets) and what was sent."""

    app: Any
    schema: Any
    client: Any
    finished: str
    waiting: dict[str, Any] = field(default_factory=dict)
    started: list[dict[str, Any]] = field(default_factory=list)
    sheets: list[str] = field(default_factory=list)
    touched: bool = False
    sent: int = 0
    statuses: dict[int, int] = field(default_factory=dict)

    def table(self, kind: str, pick: int) -> dict[str, Any]:
        """A real table: the ``waiting`` one (new when the last one started), the ``pick``-th
        ``started`` one against the computer (new when there are not so many), or the
        ``finished`` one."""
        if kind == "finished":
            return {"table_id": self.finished}
        if kind == "started":
            if pick >= len(self.started):
                self.started.append(self.made(self.client.post("/api/play", json={})))
            return self.started[pick % len(self.started)]
        if not self.waiting or (
            self.touched and self.status(self.waiting["table_id"]) != "waiting"
        ):
            self.touched = False
            seats = ["human", "human", "bot:random"]
            body = {"seats": seats, "preset": "three"}
            self.waiting = self.made(self.client.post("/api/tables", json=body))
        return self.waiting

    def sheet(self, pick: int) -> str:
        """A real score sheet's key: the ``pick``-th, new when there are not so many."""
        if pick >= len(self.sheets):
            r = self.client.post("/api/scores", json={"competitors": ["Anna", "Bruno+Carla"]})
            assert r.status_code == 201, r.text
            self.sheets.append(str(r.json()["id"]))
        return self.sheets[pick % len(self.sheets)]

    def status(self, table_id: str) -> str:
        r = self.client.get(f"/api/tables/{table_id}")
        assert r.status_code == 200, r.text
        return str(r.json()["status"])

    def made(self, r: Any) -> dict[str, Any]:
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def tables(self) -> list[str]:
        """Every real table the fuzzer pointed at."""
        ids = [self.finished, *(t["table_id"] for t in self.started)]
        return ids + ([self.waiting["table_id"]] if self.waiting else [])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db: Path = tmp_path_factory.mktemp("fuzz_http") / "briscola.db"
    with client_for(db, **SETTINGS) as before:  # a finished table, stored in the database
        finished, _ = play_humans(before, "classic", seed=3)
    app = create_app(f"sqlite:///{db}", **SETTINGS)
    app.state.analysis_budget = 2  # the analysis and the hints think briefly
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config(0, 1))
    with get_client(app) as client:
        yield World(app, schema, client, finished)


def operations(world: World) -> list[tuple[str, str, bool]]:
    """Every operation of the OpenAPI document, as (method, path, whether it takes input)."""
    paths = world.app.openapi()["paths"]
    return sorted(
        (method.upper(), path, bool(op.get("parameters") or op.get("requestBody")))
        for path, ops in paths.items()
        for method, op in ops.items()
    )


def aim(world: World, case: Case, target: str, pick: int) -> bool:
    """Point ``case`` at something real now and then: a table, a sheet, a deal and a seat, a
    token, a code. True when more than the table or sheet was replaced (a negative case may
    then have become a valid one)."""
    params = case.path_parameters if case.path_parameters is not None else {}
    if target == "made-up":
        return False
    if "key" in params:
        params["key"] = world.sheet(pick)
    if "table_id" not in params:
        return False
    table = world.table("finished" if target == "secret" and "number" in params else target, pick)
    params["table_id"] = table["table_id"]
    if case.method == "POST" and target in {"waiting", "secret"}:
        world.touched = True  # a join or a start: the waiting table may have started or filled
    if target != "secret":
        return False
    if "number" in params:
        params["number"] = 0
    if case.query is not None and "seat" in case.query:
        case.query["seat"] = pick % 2
    if case.headers is not None and "x-seat-token" in case.headers:
        case.headers["x-seat-token"] = world.table("started", pick)["token"]
    name = {"join": "invite_code", "start": "token"}.get(case.operation.path.rpartition("/")[2])
    if isinstance(case.body, dict) and name in case.body:
        case.body[name] = world.table("waiting", pick)[name]
    return True


def check(world: World, case: Case, response: Any, checks: list[Any]) -> None:
    """The answer conforms to the document; an error is ``{code, message}``, short, no echo."""
    case.validate_response(response, checks=checks)
    status = response.status_code
    world.statuses[status] = world.statuses.get(status, 0) + 1
    if status < 400:
        return
    body = response.json()
    assert isinstance(body, dict), body
    code, message = body.get("code"), body.get("message")
    assert isinstance(code, str) and code, body
    assert isinstance(message, str) and 0 < len(message) <= MAX_MESSAGE, body
    body.pop("current", None)  # a stale sheet's answer holds the sheet as it is
    sent = [*texts_in(case.body), *texts_in(case.path_parameters), *texts_in(case.query)]
    assert_no_echo([*sent, *texts_in(case.headers)], json.dumps(body, ensure_ascii=False))


def fuzz(world: World, method: str, path: str, mode: GenerationMode, examples: int) -> int:
    """Send ``examples`` generated requests of one operation; how many were sent."""
    operation = world.schema[path][method]
    checks = NEGATIVE_CHECKS if mode is GenerationMode.NEGATIVE else POSITIVE_CHECKS
    before = world.sent

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode), target=TARGETS, pick=PICKS)
    def run(case: Case, target: str, pick: int) -> None:
        replaced = aim(world, case, target, pick)
        response = case.call(session=world.client, timeout=TIMEOUT)
        world.sent += 1
        check(world, case, response, CHECKS if replaced else checks)

    try:
        run()
    except Unsatisfiable:  # nothing can be made invalid (an operation without parameters)
        assert mode is GenerationMode.NEGATIVE and world.sent == before
    return world.sent - before


def fuzz_shard(world: World, shard: int, total: int) -> tuple[int, int]:
    """Fuzz this shard's operations with about ``total`` requests over all operations; the
    requests sent and the least that had to be."""
    ops = operations(world)
    per_mode = max(1, total // max(1, sum(takes for _, _, takes in ops)) // 2)
    sent = wanted = 0
    with watch_log() as log:
        for method, path, takes_input in ops[shard::SHARDS]:
            started = time.perf_counter()
            if takes_input:
                n = fuzz(world, method, path, GenerationMode.POSITIVE, per_mode)
                n += fuzz(world, method, path, GenerationMode.NEGATIVE, per_mode)
                wanted += per_mode
            else:
                n = fuzz(world, method, path, GenerationMode.POSITIVE, 1)
            sent += n
            print(f"{method} {path}: {n} requests in {time.perf_counter() - started:.1f}s")
        for table_id in world.tables():  # nothing the fuzzer did broke a table
            assert world.status(table_id) in {"waiting", "playing", "deal_over", "over"}
    assert not log.problems(), log.problems()
    return sent, wanted


def test_the_document_holds_every_operation(world: World) -> None:
    ops = operations(world)
    assert len(ops) >= OPERATIONS, ops
    assert ("POST", "/api/tables/{table_id}/join", True) in ops


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_answer_is_documented_and_clear(world: World, shard: int) -> None:
    sent, wanted = fuzz_shard(world, shard, HTTP_INPUTS)
    assert sent >= wanted, (sent, wanted)
    print(f"shard {shard}: {sent} requests; statuses {sorted(world.statuses.items())}")


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_answer_is_documented_and_clear_long(world: World, shard: int) -> None:
    sent, wanted = fuzz_shard(world, shard, HTTP_INPUTS * SLOW_FACTOR)
    print(f"shard {shard}: {sent} requests; statuses {sorted(world.statuses.items())}")
    assert sent >= wanted, (sent, wanted)
