"""The Schemathesis configuration of the HTTP conformance and fuzz tests
(test_conformance_http.py, test_fuzz_http.py): ``--checks all``, with what a schema-valid
request may be answered.

The OpenAPI document says every rule of a request that JSON Schema can say (one body per preset
with its options and seats, the computer levels, the match formats, the score keeper's names,
competitors, targets and formats): a request it calls valid is taken. What it cannot say is
what depends on a score sheet or a table as it stands, or on replaying an offline game, so a
schema-valid request may still be refused with 400 and one of the codes of :data:`RULES`, and
only with those (:func:`refused_by_a_rule`); ``bad_request``, ``invalid_request`` or any other
code fails.
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.config import SchemathesisConfig
    from schemathesis.core.errors import IncorrectUsage

__all__ = ["POSITIVE_REFUSALS", "RULES", "config", "refused_by_a_rule"]

_AS_IT_STANDS = "depends on the sheet as it stands, which a request's schema cannot see"

RULES: dict[str, str] = {
    "duplicate_name": "two competitors named alike (in any case or spacing, a pair's name "
    "'Anna & Bruno' beside 'Anna+Bruno'): JSON Schema's uniqueItems compares the texts as "
    "written, and a new or renamed name is compared with the sheet's",
    "unknown_competitor": f"a competitor's position past the sheet's last: {_AS_IT_STANDS}",
    "too_many_competitors": f"a 13th competitor added: {_AS_IT_STANDS}",
    "too_few_competitors": f"a competitor removed from two: {_AS_IT_STANDS}",
    "nothing_to_undo": _AS_IT_STANDS,
    "nothing_to_redo": _AS_IT_STANDS,
    "negative": f"a competitor's points in a deal below 0: {_AS_IT_STANDS}",
    "over_120": f"a deal's points over 120 without declarations: {_AS_IT_STANDS}",
    "over_declarations": f"a deal's points over the most with declarations: {_AS_IT_STANDS}",
    "zero_sum": f"a chiamata deal whose units do not add up to 0: {_AS_IT_STANDS}",
    "single_deal": f"a second deal in a game of one deal (target 61): {_AS_IT_STANDS}",
    "empty_deal": f"a deal closed with no points: {_AS_IT_STANDS}",
    "empty_game": f"a game closed with no points: {_AS_IT_STANDS}",
    "game_over.win": f"a deal added to a game already won: {_AS_IT_STANDS}",
    "game_over.draw": f"a deal added to a game already drawn: {_AS_IT_STANDS}",
    "standing_over": f"a match format that a competitor's wins already pass: {_AS_IT_STANDS}",
    "bad_seat": "an analysis's seat past the table's last (a table of two has seats 0 and 1): "
    "depends on the table, which a request's schema cannot see",
    "bad_record": "an offline game's record that does not replay (an illegal move, a ruleset "
    "or a deck that does not read): only playing the game through tells",
    "deal_not_over": "an offline game's record whose match is not over: only playing it "
    "through tells",
}
"""The 400 codes a schema-valid request may get, each with why the document cannot say its rule
(docs/web-protocol.md lists them too)."""

POSITIVE_REFUSALS = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]
"""What ``positive_data_acceptance`` lets a schema-valid request be answered: Schemathesis's
default and 400, which :func:`refused_by_a_rule` narrows to the codes of :data:`RULES`."""


def refused_by_a_rule(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schema-valid request answered 400 names one of :data:`RULES`."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        code = response.json().get("code")
    except (ValueError, AttributeError):
        code = None
    if code not in RULES:
        raise AssertionError(
            f"a valid request was refused with 400 {code!r}, not one of the rules the document "
            f"cannot say ({', '.join(RULES)})"
        )
    return None


# registered once, though pytest's doctest collection imports this file a second time
with contextlib.suppress(IncorrectUsage):
    schemathesis.check(refused_by_a_rule)


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
