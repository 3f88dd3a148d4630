"""Issue 40: the HTTP API conforms to its own OpenAPI document under Schemathesis with every check.

This is ``schemathesis run --checks all`` over every operation of ``/openapi.json``, run in
process by Schemathesis's own engine against the ASGI app on a temporary SQLite file: its four
phases (the document's examples, the coverage of each schema's edges, random fuzzing, and
stateful sequences that follow the links it infers: a table made, then joined, started, read),
and every check it has, among them:

* no 5xx; status codes, content types, headers and bodies as documented;
* ``negative_data_rejection``: a request the document calls invalid is refused (4xx);
* ``positive_data_acceptance``: a request the document calls valid is never refused as invalid.
  The document says every rule JSON Schema can say (one body per preset with its options and
  seats, the computer levels, the match formats, the score keeper's names, competitors, targets
  and formats: test_schema_rules.py), so a schema-valid request is taken, but for a rule that
  depends on a score sheet as it stands (a competitor's position past the last, nothing to undo,
  a deal over 120, a second deal in a game of one, two names alike in any case or spacing...).
  Such a request is answered 400 with one of the codes of ``server.conformance.RULES``, each
  with why the document cannot say it, and only those: the custom check
  ``refused_by_a_rule`` fails a schema-valid request answered 400 with any other code
  (``bad_request``, ``invalid_request``, ``bad_seats``...), and 422 is never accepted;
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
from types import SimpleNamespace
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.engine import events, from_schema

from briscola.apps.server.app import create_app
from server.conformance import RULES, config, refused_by_a_rule
from server.fuzzing import watch_log
from server_helpers import UNLIMITED

SEED = 2026
EXAMPLES = 280
"""Schemathesis's ``max-examples`` of the default run (per operation and phase)."""
CASES = 5_000
"""The least number of cases the default run generates."""

LONG_SHARDS = 8
LONG_EXAMPLES = 1_000
LONG_CASES = 100_000
"""The least number of cases the long run's shards generate together."""


@dataclass
class Run:
    """What a run sent and what failed."""

    cases: int = 0
    documented: set[str] = field(default_factory=set)
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
    busy = {"max_tables": 1_000_000, **UNLIMITED}  # the fuzzer is one very busy client
    app = create_app(f"sqlite:///{db}", bot_delay=0, trick_hold=0, **busy)
    app.state.analysis_budget = 2  # the analysis and the hints think briefly
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config(seed, examples))
    result = Run(documented={op.ok().label for op in schema.get_all_operations()})
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
        f"seed {seed}: {result.cases} cases, {len(result.operations)} of "
        f"{len(result.documented)} operations, {took:.0f} s, "
        f"{len(result.failures)} failures; statuses {sorted(result.statuses.items())}"
    )
    assert not result.errors, result.errors[:5]
    assert not result.failures, f"{len(result.failures)} failures: " + "\n".join(
        result.failures[:10]
    )
    assert result.operations == result.documented, sorted(result.documented - result.operations)
    assert len(result.documented) >= 16, sorted(result.documented)  # the tables' and the sheets'
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


def _answer(mode: str, status: int, code: str) -> tuple[Any, Any]:
    generation = SimpleNamespace(mode=SimpleNamespace(is_positive=mode == "positive"))
    case = SimpleNamespace(meta=SimpleNamespace(generation=generation))
    response = SimpleNamespace(status_code=status, json=lambda: {"code": code, "message": "m"})
    return case, response


@pytest.mark.parametrize("code", ["bad_request", "invalid_request", "bad_seats", "bad_match"])
def test_a_valid_request_refused_with_another_code_fails(code: str) -> None:
    case, response = _answer("positive", 400, code)
    with pytest.raises(AssertionError, match=code):
        refused_by_a_rule(None, response, case)


@pytest.mark.parametrize("code", sorted(RULES))
def test_a_valid_request_refused_for_a_listed_rule_passes(code: str) -> None:
    case, response = _answer("positive", 400, code)
    assert refused_by_a_rule(None, response, case) is None
    case, response = _answer("negative", 400, "bad_request")  # an invalid one: any refusal
    assert refused_by_a_rule(None, response, case) is None
