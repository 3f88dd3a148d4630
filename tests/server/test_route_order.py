"""The order in which a request meets the app's routes (issue 35, part 7: the CPU a move).

Starlette matches a request against each route in turn, and this FastAPI's included routers
cost some 3 µs a route tried: a table's socket matched after the players', ratings', bots',
analysis and offline routes cost 140 µs more a connection than matched after the table API's.
So the game's own routes come first; no route after them answers one of their paths.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.routing import BaseRoute, Match

from briscola.apps.server.app import create_app


def _leaves(routes: list[BaseRoute]) -> list[Any]:
    """The app's routes in the order a request is matched against them (included routers
    opened)."""
    out: list[Any] = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        out += _leaves(inner.routes) if inner is not None else [route]
    return out


def _reached(routes: list[Any], kind: str, path: str, method: str | None = None) -> tuple[int, Any]:
    """The position and route a request reaches: the first that matches it fully."""
    scope: dict[str, Any] = {"type": kind, "path": path, "root_path": "", "headers": []}
    scope |= {"query_string": b""} | ({"method": method} if method else {})
    for i, route in enumerate(routes):
        if route.matches(dict(scope))[0] == Match.FULL:
            return i, route
    raise AssertionError(f"no route for {kind} {path}")


def test_a_games_socket_and_requests_meet_only_the_games_routes_first(tmp_path: Path) -> None:
    routes = _leaves(create_app(f"sqlite:///{tmp_path / 'b.db'}").router.routes)
    game = {"briscola.apps.server.tables", "briscola.apps.server.app", "fastapi.applications",
            "briscola.apps.server.lobby.socket"}  # fmt: skip
    for kind, path, method, name in [
        ("websocket", "/ws/t1", None, "ws_endpoint"),
        ("websocket", "/ws/t1/watch", None, "watch_endpoint"),
        ("http", "/api/play", "POST", "play"),
        ("http", "/api/tables/t1/join", "POST", "join"),
    ]:
        at, route = _reached(routes, kind, path, method)
        assert route.endpoint.__name__ == name
        before = {r.endpoint.__module__ for r in routes[:at] if hasattr(r, "endpoint")}
        assert before <= game, f"{path} is matched after {sorted(before - game)}"


def test_the_lobbys_socket_is_not_taken_for_a_tables(tmp_path: Path) -> None:
    routes = _leaves(create_app(f"sqlite:///{tmp_path / 'b.db'}").router.routes)
    assert _reached(routes, "websocket", "/ws/lobby")[1].endpoint.__name__ == "lobby_socket"
