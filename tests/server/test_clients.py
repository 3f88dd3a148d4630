"""Who the client is (issue 40, finding 5): ``X-Forwarded-For`` names the client only on a
connection from one of the configured proxies (the ``trusted_proxies`` setting, none by default);
the rate limits count that client; this machine's addresses are exempt only when no proxy is
configured. In the app (any peer address, through httpx's ASGI transport) and through a real
``briscola serve`` on loopback, where uvicorn used to trust any ``X-Forwarded-For`` from
127.0.0.1 (2,402 creates in 6 s with no 429, a new address on each request)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from briscola.apps.server.app import create_app
from briscola.apps.server.limits import RateLimiter
from briscola.apps.server.settings import Settings
from briscola.tools.bench.serve_process import ServeProcess

pytestmark = pytest.mark.server

PROXY = "10.0.0.1"


def _settings(db: Path, **given: object) -> Settings:
    """A server's settings whose create rate is 3 per 300 s."""
    return Settings.load(db=f"sqlite:///{db}", create_rate="3/0.01", bot_delay=0, **given)


async def _creates(settings: Settings, peer: str, forwarded: list[str | None]) -> list[int]:
    """The status of one ``POST /api/tables`` from ``peer`` for each ``X-Forwarded-For`` value
    (None: no header)."""
    app = create_app(settings)
    transport = httpx.ASGITransport(app=app, client=(peer, 40000))
    statuses = []
    async with httpx.AsyncClient(transport=transport, base_url="http://server") as client:
        for value in forwarded:
            headers = {"X-Forwarded-For": value} if value is not None else {}
            reply = await client.post("/api/tables", json={}, headers=headers)
            statuses.append(reply.status_code)
    return statuses


def test_a_forwarded_address_from_a_peer_that_is_no_proxy_changes_nothing(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "a.db", trusted_proxies=PROXY)
    forged = [f"192.0.2.{i}" for i in range(6)]  # a new address on every request
    statuses = asyncio.run(_creates(settings, "10.0.0.2", forged))
    assert statuses == [200] * 3 + [429] * 3


def test_from_a_configured_proxy_the_forwarded_address_is_the_client(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "a.db", trusted_proxies="10.0.0.0/24")
    forwarded = ["198.51.100.7"] * 4 + ["198.51.100.8"] + ["203.0.113.9, 198.51.100.7"]
    statuses = asyncio.run(_creates(settings, PROXY, forwarded))
    # the 4th from .7 is refused; .8 is another client; a client that writes its own
    # X-Forwarded-For before the proxy's gets the address the proxy saw, .7: refused
    assert statuses == [200, 200, 200, 429, 200, 429]


def test_without_a_proxy_the_header_is_ignored_and_this_machine_is_exempt(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "a.db")
    assert settings.trusted_proxies == () and "127.0.0.1" in RateLimiter(settings).exempt
    statuses = asyncio.run(_creates(settings, "127.0.0.1", ["192.0.2.1"] * 5 + [None]))
    assert statuses == [200] * 6  # loopback, whatever it forwards
    statuses = asyncio.run(_creates(settings, "10.0.0.3", ["127.0.0.1"] * 4))
    assert statuses == [200] * 3 + [429]  # a client cannot say it is loopback


def test_with_a_proxy_on_this_machine_this_machine_is_not_exempt(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "a.db", trusted_proxies="127.0.0.1")
    assert RateLimiter(settings).exempt == ()
    statuses = asyncio.run(_creates(settings, "127.0.0.1", [None] * 4))
    assert statuses == [200] * 3 + [429]
    explicit = _settings(tmp_path / "b.db", trusted_proxies="127.0.0.1", rate_exempt="10.9.9.9")
    statuses = asyncio.run(_creates(explicit, "127.0.0.1", ["10.9.9.9"] * 5))
    assert statuses == [200] * 5  # an exemption given is kept, for the client forwarded


def test_the_socket_of_a_forwarded_client_counts_as_that_client(tmp_path: Path) -> None:
    from server_helpers import TestClient

    settings = _settings(tmp_path / "a.db", trusted_proxies=PROXY, guess_rate="2/0.01")
    with TestClient(create_app(settings), client=(PROXY, 40000)) as client:
        table_id = client.post("/api/tables", json={}).json()["table_id"]

        def hello(forwarded: str) -> object:
            headers = {"X-Forwarded-For": forwarded}
            with client.websocket_connect(f"/ws/{table_id}", headers=headers) as ws:
                ws.send_json({"type": "hello", "token": "A" * 32})
                while (message := ws.receive())["type"] != "websocket.close":
                    pass  # the rate_limited error before the close
                return message["reason"]

        assert [hello("198.51.100.7") for _ in range(3)] == ["bad token"] * 2 + ["rate limited"]
        assert hello("198.51.100.8") == "bad token"  # another client


# -- a real server ------------------------------------------------------------------------------
@pytest.fixture
def served(tmp_path: Path) -> Iterator[dict[str, ServeProcess]]:
    """Two ``briscola serve`` processes on loopback, creating 3 tables per 300 s per client:
    ``alone`` with no proxy configured and no exemption, ``proxied`` behind a proxy on this
    machine (127.0.0.1) with the default exemption."""
    common = {"BRISCOLA_CREATE_RATE": "3/0.01", "BRISCOLA_BOT_WORKERS": "0"}
    kinds = {
        "alone": {**common, "BRISCOLA_RATE_EXEMPT": "none"},
        "proxied": {**common, "BRISCOLA_TRUSTED_PROXIES": "127.0.0.1"},
    }
    processes = {}
    try:
        for name, env in kinds.items():
            args = ["--db", f"sqlite:///{tmp_path / name}.db", "--log-level", "warning"]
            processes[name] = ServeProcess(args, tmp_path / f"{name}.log", env)
        for process in processes.values():
            process.wait_ready(timeout=60)
        yield processes
    finally:
        for process in processes.values():
            process.stop()


def test_a_real_server_counts_the_peer_and_the_proxys_client(
    served: dict[str, ServeProcess],
) -> None:
    alone = served["alone"].base + "/api/tables"
    forged = [
        httpx.post(alone, json={}, headers={"X-Forwarded-For": f"192.0.2.{i}"}) for i in range(5)
    ]
    assert [r.status_code for r in forged] == [200] * 3 + [429] * 2  # uvicorn trusted it
    proxied = served["proxied"].base + "/api/tables"
    direct = [httpx.post(proxied, json={}).status_code for _ in range(4)]
    assert direct == [200] * 3 + [429]  # loopback, no longer exempt behind a proxy
    other = httpx.post(proxied, json={}, headers={"X-Forwarded-For": "198.51.100.7"})
    assert other.status_code == 200  # the proxy's client, counted as itself
