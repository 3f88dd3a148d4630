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
    "protocol", "tools", "i18n", "analysis",
)  # fmt: skip
TESTS = Path(__file__).resolve().parent
# The heavier files, in the default run but easy to leave out: ``pytest -m "not bench"``.
HEAVY = {
    "test_fast_parity.py": "parity",
    "test_sides_parity.py": "parity",
    "test_bench_levels.py": "bench",
    "test_levels.py": "bench",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its area (its folder: ``pytest -m server``), the browser tests with
    ``browser``, the parity runs with ``parity`` and the levels' timings and ladders with
    ``bench`` (``pytest -m "not browser and not bench"`` for a quick run)."""
    for item in items:
        try:
            area = item.path.resolve().relative_to(TESTS).parts[0]
        except ValueError:  # a doctest in src/ or docs/
            area = "core" if "briscola/core" in str(item.path) else ""
        if area in AREAS:
            item.add_marker(getattr(pytest.mark, area))
        if area == "web":
            item.add_marker(pytest.mark.browser)
        heavy = HEAVY.get(item.path.name)
        if heavy is not None:
            item.add_marker(getattr(pytest.mark, heavy))
