"""Fixtures and hooks shared by every test folder (helpers are in ``helpers.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import PRESET_NAMES


@pytest.fixture(params=PRESET_NAMES)
def preset_name(request: pytest.FixtureRequest) -> str:
    """Each preset's name in turn."""
    return str(request.param)


# -- markers by area -----------------------------------------------------------------------------
AREAS = (
    "core", "fast", "env", "bots", "session", "server", "web", "terminal", "scorekeeper",
    "protocol", "tools", "i18n",
)  # fmt: skip
TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its area (its folder: ``pytest -m server``), and the browser tests
    with ``browser`` (``pytest -m "not browser"`` for a quick run)."""
    for item in items:
        try:
            area = item.path.resolve().relative_to(TESTS).parts[0]
        except ValueError:  # a doctest in src/ or docs/
            area = "core" if "briscola/core" in str(item.path) else ""
        if area in AREAS:
            item.add_marker(getattr(pytest.mark, area))
        if area == "web":
            item.add_marker(pytest.mark.browser)
