"""Issue 40: the WebSocket frame limits of docs/web-protocol.md hold on a real uvicorn server.

A text frame over 64 KB (:data:`~briscola.apps.server.protocol.MAX_FRAME` characters) and up to
the transport's hard limit (:data:`~briscola.apps.server.WS_MAX_SIZE`, 1 MiB) is answered with a
``too_large`` error and the socket stays open (it still answers ``ping``); a bigger one closes
the socket with 1009 (message too big). The test client does not apply uvicorn's
``ws_max_size``, so these tests start uvicorn itself, as ``briscola serve`` does, on a free port.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from briscola.apps.server import WS_MAX_SIZE
from briscola.apps.server.app import create_app
from server_helpers import UNLIMITED

MAX_FRAME = 64 * 1024
"""The largest message the reader takes (docs/web-protocol.md: 64 KB)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A uvicorn server with the ``briscola serve`` frame limit; its address."""
    db = tmp_path_factory.mktemp("frames") / "briscola.db"
    app = create_app(f"sqlite:///{db}", bot_delay=0, **UNLIMITED)
    port = _free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, ws_max_size=WS_MAX_SIZE, log_level="warning"
    )
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(30)


@contextmanager
def _seat(server: str) -> Iterator[ClientConnection]:
    """A socket of the host of a new table with friends, past its hello and first state."""
    r = httpx.post(f"http://{server}/api/tables", json={"preset": "classic"}, timeout=30)
    assert r.status_code == 200, r.text
    made = r.json()
    with connect(f"ws://{server}/ws/{made['table_id']}", max_size=None, open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        assert _recv(ws)["type"] == "state"
        yield ws


def _recv(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return message


def _frame(size: int) -> str:
    """A valid ``ping`` message padded with spaces to ``size`` bytes (ASCII: bytes = chars)."""
    text = '{"type": "ping"}'
    return text + " " * (size - len(text))


def test_the_hard_limit_is_above_the_reader_s() -> None:
    assert WS_MAX_SIZE == 1024 * 1024
    assert WS_MAX_SIZE > MAX_FRAME


@pytest.mark.parametrize(
    "size", [MAX_FRAME, MAX_FRAME + 1, 65 * 1024, 256 * 1024 + 1, WS_MAX_SIZE - 1, WS_MAX_SIZE]
)
def test_a_frame_up_to_the_hard_limit_is_answered_and_the_socket_kept(
    server: str, size: int
) -> None:
    with _seat(server) as ws:
        ws.send(_frame(size))
        reply = _recv(ws)
        if size <= MAX_FRAME:
            assert reply == {"type": "pong"}, reply
        else:
            assert reply["type"] == "error" and reply["code"] == "too_large", reply
            assert len(reply["message"]) < 200
        ws.send(json.dumps({"type": "ping"}))
        assert _recv(ws) == {"type": "pong"}


@pytest.mark.parametrize("size", [WS_MAX_SIZE + 1, 8 * WS_MAX_SIZE])
def test_a_frame_over_the_hard_limit_closes_the_socket_with_1009(server: str, size: int) -> None:
    with _seat(server) as ws:
        ws.send(_frame(size))
        with pytest.raises(ConnectionClosed) as closed:
            _recv(ws)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
