"""Issue 40: the HTTP API conforms to its own OpenAPI document under Schemathesis with every check.

This is ``schemathesis run --checks all`` over every operation of ``/openapi.json``, run in
process by Schemathesis's own engine against the ASGI app on a temporary SQLite file: its four
phases (the document's examples, the coverage of each schema's edges, random fuzzing, and
stateful sequences that follow the links it infers: a table made, then joined, started, read),
and every check it has, among them:

* no 5xx; status codes, content types, headers and bodies as documented;
* ``negative_data_rejection``: a request the document calls invalid is refused (4xx);
* ``positive_data_acceptance``: a request the document calls valid is never refused as invalid.
  It may be refused for a rule that JSON Schema cannot say (the classic game has 2 seats, not 4;
  an option the preset does not offer; a match format that is not one; a score sheet's first
  competitor twice): that is a 400 with its own code, as docs/web-protocol.md lists them, so 400
  is among the statuses this check accepts, with 2xx, 401, 403, 404, 409 and 429. Never 422:
  ``invalid_request`` is the answer to what the document itself refuses;
* ``unsupported_method`` and ``allow_header_conformance``: a method an address does not take gets
  405 with an ``Allow`` header; ``missing_required_header``; ``use_after_free``,
  ``ensure_resource_availability``, ``ignored_auth``.

The run is seeded, so it is the same on every machine; the test counts the cases the engine
generated and asserts the count. The default run makes at least :data:`CASES` of them; the long
one (``-m slow``) runs :data:`LONG_SHARDS` more, each with its own seed, at least
:data:`LONG_CASES` in all.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.engine import events, from_schema

from briscola.apps.server import create_app
from briscola.apps.server.limits import Limits
from server.conformance import config
from server.fuzzing import watch_log

SEED = 2026
EXAMPLES = 280
"""Schemathesis's ``max-examples`` of the default run (per operation and phase)."""
CASES = 5_000
"""The least number of cases the default run generates."""

LONG_SHARDS = 8
LONG_EXAMPLES = 1_000
LONG_CASES = 100_000
"""The least number of cases the long run's shards generate together."""

OPERATIONS = 16


@dataclass
class Run:
    """What a run sent and what failed."""

    cases: int = 0
    operations: set[str] = field(default_factory=set)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _failure(label: str, check: str, case: Any, response: Any) -> str:
    status = response.status_code if response is not None else None
    text = response.content[:300] if response is not None else b""
    return (
        f"{label}: {check}: {case.method} {case.formatted_path} query={case.query} "
        f"body={case.body!r:.300} -> {status} {text!r}"
    )


def run(db: Path, seed: int, examples: int) -> Run:
    """Schemathesis's engine over every operation of a fresh app on ``db``."""
    limits = Limits.unlimited(max_tables=1_000_000)  # the fuzzer is one very busy client
    app = create_app(f"sqlite:///{db}", bot_delay=0, trick_hold=0, limits=limits)
    app.state.analysis_budget = 2  # the analysis and the hints think briefly
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config(seed, examples))
    result = Run()
    for event in from_schema(schema).execute():
        if isinstance(event, events.NonFatalError | events.FatalError):
            result.errors.append(f"{event.label if hasattr(event, 'label') else ''}: {event}")
            continue
        if not isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
            continue
        recorder = event.recorder
        result.cases += len(recorder.cases)
        for node in recorder.cases.values():
            result.operations.add(node.value.operation.label)
        for interaction in recorder.interactions.values():
            if interaction.response is not None:
                result.statuses[interaction.response.status_code] += 1
        for case_id, checks in recorder.checks.items():
            for check in checks:
                if check.status.name == "FAILURE":
                    sent = recorder.interactions.get(case_id)
                    response = sent.response if sent is not None else None
                    case = recorder.cases[case_id].value
                    result.failures.append(_failure(recorder.label, check.name, case, response))
    return result


def conforms(db: Path, seed: int, examples: int) -> Run:
    started = time.perf_counter()
    with watch_log() as log:
        result = run(db, seed, examples)
    took = time.perf_counter() - started
    print(
        f"seed {seed}: {result.cases} cases, {len(result.operations)} operations, {took:.0f} s, "
        f"{len(result.failures)} failures; statuses {sorted(result.statuses.items())}"
    )
    assert not result.errors, result.errors[:5]
    assert not result.failures, f"{len(result.failures)} failures: " + "\n".join(
        result.failures[:10]
    )
    assert len(result.operations) >= OPERATIONS, sorted(result.operations)
    assert not log.problems(), log.problems()
    return result


def test_every_check_passes_on_every_operation(tmp_path: Path) -> None:
    result = conforms(tmp_path / "briscola.db", SEED, EXAMPLES)
    assert result.cases >= CASES, result.cases
    assert result.statuses[422] and result.statuses[200], result.statuses  # both sides reached


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(LONG_SHARDS))
def test_every_check_passes_on_every_operation_long(tmp_path: Path, shard: int) -> None:
    result = conforms(tmp_path / "briscola.db", SEED + 1 + shard, LONG_EXAMPLES)
    assert result.cases >= LONG_CASES // LONG_SHARDS, result.cases
