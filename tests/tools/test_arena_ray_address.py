"""``briscola arena --backend ray --address ...``: the address reaches ``ray.init`` (a running
cluster is joined, not a local one started), and it is refused without the ray backend."""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from briscola.tools.arena import run_arena
from briscola.tools.arena.backends import ArenaBackendError
from briscola.tools.arena.cli import arena_command


class Joined(Exception):
    """Raised by the stand-in ``ray.init``: the arena asked to join a cluster."""


def app() -> typer.Typer:
    out = typer.Typer()
    out.command()(arena_command)
    return out


def test_the_address_reaches_ray_init(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")
    calls: list[dict[str, Any]] = []

    def init(**kwargs: Any) -> None:
        calls.append(kwargs)
        raise Joined

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    args = ["simple", "random", "-n", "1", "--no-progress", "--backend", "ray"]
    result = CliRunner().invoke(app(), [*args, "--address", "10.0.0.5:6379"])
    assert isinstance(result.exception, Joined), result.output
    assert calls[0]["address"] == "10.0.0.5:6379"
    assert "num_cpus" not in calls[0]  # a running cluster says how many CPUs it has
    with pytest.raises(Joined):
        run_arena(["simple", "random"], deals=1, backend="ray", address="auto")
    assert calls[1]["address"] == "auto"


def test_an_address_needs_the_ray_backend() -> None:
    result = CliRunner().invoke(app(), ["simple", "random", "--address", "auto", "--no-progress"])
    assert result.exit_code == 2 and "--backend ray" in result.output
    with pytest.raises(ArenaBackendError, match="ray backend"):
        run_arena(["simple", "random"], deals=1, address="auto")
