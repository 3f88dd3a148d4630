"""The Schemathesis configuration of the HTTP conformance and fuzz tests
(test_conformance_http.py, test_fuzz_http.py): ``--checks all``, with what a schema-valid
request may be answered."""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from schemathesis.config import SchemathesisConfig

__all__ = ["POSITIVE_REFUSALS", "config"]

POSITIVE_REFUSALS = ["2xx", "3xx", "400", "401", "403", "404", "409", "429"]
"""What a schema-valid request may be answered (Schemathesis's ``positive_data_acceptance``):
2xx, or a refusal with a code of its own. 400 is among them for a rule that JSON Schema cannot
say (the classic game has 2 seats, not 4; an option the preset does not offer; a match format
that is not one; a sheet's competitor twice), docs/web-protocol.md lists its codes; 422
``invalid_request`` never is: it answers what the document itself refuses."""


def config(seed: int, examples: int) -> SchemathesisConfig:
    """``--checks all``, every phase, ``--seed``, ``--max-examples``, no health check."""
    return SchemathesisConfig.from_dict(
        {
            "seed": seed,
            "suppress-health-check": ["all"],
            "continue-on-failure": True,
            "checks": {
                "enabled": True,
                "positive_data_acceptance": {"expected-statuses": POSITIVE_REFUSALS},
            },
            "generation": {"max-examples": examples},
        }
    )
