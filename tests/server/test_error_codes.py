"""Issue 40: every HTTP error code the server can send is listed in docs/web-protocol.md.

The codes are read from the code itself, not copied: every ``ApiError(status, "code", ...)`` of
the server's modules, the codes of FastAPI's own errors (:mod:`briscola.apps.server.errors`),
of a full server and of a table served by another process, the codes of the table's refusals
that ``POST .../start`` passes on, and every code of the score keeper's refusals
(``ScoreError("code", ...)``) that the web score keeper can pass on (not its command line's).
Each must be named, as `` `code` ``, in the document's HTTP part (before the WebSocket section)
or in its score keeper part. The WebSocket codes are checked by test_protocol_doc.py.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from starlette.exceptions import HTTPException

import briscola.apps.server as server_package
import briscola.scorekeeper as scorekeeper_package
from briscola.apps.server import errors
from briscola.apps.server.errors import ServerFull, TableElsewhere
from briscola.apps.server.rooms import DAMAGED
from briscola.scorekeeper.terms import Outcome
from briscola.session.turns import Turns

DOC = Path(__file__).resolve().parents[2] / "docs" / "web-protocol.md"
SERVER = Path(server_package.__file__).parent
SCOREKEEPER = Path(scorekeeper_package.__file__).parent
TERMINAL_ONLY = {"cli.py", "cli_parts.py", "repl.py"}
"""The score keeper's command line: its refusals never reach the web."""

API_ERROR = re.compile(r"ApiError\(\s*\d{3},\s*\"([a-z_]+)\"")
SCORE_ERROR = re.compile(r"ScoreError\(\s*(f?)\"([a-z0-9_.{}]+)\"")
TABLE_ERROR = re.compile(r"TableError\(\s*\"([a-z_]+)\"")


def _doc_parts() -> tuple[str, str]:
    """The document's HTTP part (up to the WebSocket section) and its score keeper part."""
    text = DOC.read_text(encoding="utf-8")
    http = text[: text.index("\n## WebSocket")]
    scores = text[text.index("\n## The score keeper") :]
    return http, scores


def _source(folder: Path, skip: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    return "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")) if p.name not in skip
    )


def table_api_codes() -> set[str]:
    """Every code the table API, the analysis and FastAPI's own errors may answer."""
    codes = set(API_ERROR.findall(_source(SERVER) + _source(SERVER / "analysis")))  # not scores/
    codes |= set(TABLE_ERROR.findall(inspect.getsource(Turns.start)))  # start passes them on
    for status in (400, 404, 405):  # what Starlette raises (400: a body it cannot read)
        codes.add(errors.api_error(HTTPException(status)).code)
    codes |= {errors.api_error(exc).code for exc in (ServerFull(1), TableElsewhere(), KeyError())}
    codes |= {"invalid_request", DAMAGED}
    return codes


def score_codes() -> set[str]:
    """Every code of the score keeper's refusals that the web score keeper passes on."""
    codes = set(API_ERROR.findall(_source(SERVER / "scores")))
    codes |= {"stale_sheet", "not_found", "invalid_request"}
    for fstring, code in SCORE_ERROR.findall(_source(SCOREKEEPER, TERMINAL_ONLY)):
        if fstring:
            assert code == "game_over.{outcome.value}", code  # the one code made at run time
            codes |= {f"game_over.{o.value}" for o in (Outcome.WIN, Outcome.DRAW)}  # a game's end
        else:
            codes.add(code)
    return codes


def test_the_codes_are_found_in_the_code() -> None:
    table = table_api_codes()
    assert {"bad_options", "bad_seats", "hints_off", "no_such_deal", "already_started"} <= table
    assert {"not_found", "method_not_allowed", "rate_limited", "server_full"} <= table
    assert {"over_120", "nothing_to_undo", "game_over.win", "stale_sheet"} <= score_codes()
    assert "bad_request" not in table  # an unreadable body is an invalid request (422)


@pytest.mark.parametrize("code", sorted(table_api_codes()))
def test_every_table_api_code_is_documented(code: str) -> None:
    http, _ = _doc_parts()
    assert f"`{code}`" in http, f"docs/web-protocol.md's HTTP API does not list `{code}`"


@pytest.mark.parametrize("code", sorted(score_codes()))
def test_every_score_keeper_code_is_documented(code: str) -> None:
    _, scores = _doc_parts()
    assert f"`{code}`" in scores, f"docs/web-protocol.md's score keeper does not list `{code}`"
