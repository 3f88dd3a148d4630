"""Secrets never written to a log: the filter that masks them, and a real ``briscola serve``
process whose whole log (at trace level) holds none of the tokens its games used."""

from __future__ import annotations

import json
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from briscola.apps.server import WS_MAX_SIZE
from briscola.apps.server.settings import MASK, SecretFilter, log_config, mask
from server_helpers import TestClient, hello, recv

TOKEN = "Zk3_q-9XbT0aLmP2vYc8RtWnH4sJdE6u"  # the shape of secrets.token_urlsafe(24)


# -- the filter ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "masked"),
    [
        (f'1.2.3.4:5 - "WebSocket /ws/ab_12cd?token={TOKEN}" 403', '/ws/ab_12cd?token=***" 403'),
        (f"GET /table/ab?seat=0&token={TOKEN}&x=1 HTTP/1.1", "?seat=0&token=***&x=1 HTTP"),
        (f"/table/ab?seat=0#token={TOKEN}", "?seat=0#token=***"),
        (f'< TEXT \'{{"type":"hello","token":"{TOKEN}"}}\' [52 bytes]', '"token":"***"}'),
        (f'{{"type": "hello", "token": "{TOKEN}"}}', '"token": "***"}'),
        (f'"{{\\"token\\": \\"{TOKEN}\\"}}"', '\\"token\\": \\"***\\"}'),
        (f"StartRequest(token='{TOKEN}')", "StartRequest(token='***')"),
        ("{'invite_code': 'Xy12abCD', 'name': 'Anna'}", "'invite_code': '***', 'name'"),
        (f"Authorization: Bearer {TOKEN}", "Authorization: Bearer ***"),
        ("GET /join/ab_12cd/Xy12abCD HTTP/1.1", "GET /join/ab_12cd/*** HTTP/1.1"),
        ("GET /score/k3J9aB7_xQ2mN5pL8vR1tY HTTP/1.1", "GET /score/*** HTTP/1.1"),
        ("POST /api/scores/k3J9aB7_xQ2mN5pL8vR1tY/changes", "/api/scores/***/changes"),
        (f"seat 2 of ab_12cd took {TOKEN} now", f"seat 2 of ab_12cd took {MASK} now"),
    ],
)
def test_mask_hides_every_form_of_a_secret(line: str, masked: str) -> None:
    out = mask(line)
    assert masked in out, out
    assert TOKEN not in out and "Xy12abCD" not in out and "k3J9aB7" not in out
    assert mask(out) == out  # masking twice changes nothing


@pytest.mark.parametrize(
    "line",
    [
        '127.0.0.1:40000 - "GET /api/tables/ab_12cd HTTP/1.1" 200',
        "table ab_12cd: message from seat 1 failed: missing token, bad token",
        'File "tests/server/test_logs.py", in test_a_token_only_opens_its_own_table',
        "websockets.exceptions.ConnectionClosedError: WebSocketServerProtocol HTTP_BAD_REQUEST",
        '{"type": "error", "code": "not_your_turn", "message": "it is seat 1\'s turn"}',
        "KeyError: 0",
        "< Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits",
        "< sec-websocket-extensions: permessage-deflate",
    ],
)
def test_mask_leaves_ordinary_lines_alone(line: str) -> None:
    assert mask(line) == line


def _formatted(record: logging.LogRecord) -> str:
    SecretFilter().filter(record)
    return logging.Formatter("%(message)s").format(record)


def test_the_filter_masks_arguments_in_place_and_tracebacks() -> None:
    # uvicorn's access formatter unpacks the arguments: they stay a tuple of the same length
    args = ("1.2.3.4:5", "GET", f"/x?token={TOKEN}", "1.1", 200)
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s %s %s", args, None)
    SecretFilter().filter(record)
    assert isinstance(record.args, tuple) and len(record.args) == 5
    assert record.args[2] == "/x?token=***" and record.args[4] == 200
    named = logging.LogRecord("b", logging.INFO, "", 1, "%(t)s", ({"t": TOKEN},), None)
    assert _formatted(named) == MASK
    try:
        raise ValueError(f"no seat for token={TOKEN}")
    except ValueError:
        failed = logging.LogRecord("b", logging.ERROR, "", 1, "x %s", (TOKEN,), sys.exc_info())
    text = _formatted(failed)
    assert "ValueError: no seat for token=***" in text and TOKEN not in text


def test_a_record_with_a_bad_format_is_written_masked() -> None:
    """Its message and arguments as they came (logging would otherwise print them unmasked, in
    its report of the bad format)."""
    bad = logging.LogRecord("b", logging.INFO, "", 1, "seat %d", (TOKEN,), None)
    text = _formatted(bad)
    assert text.startswith("seat %d (") and MASK in text and TOKEN not in text


def test_log_config_filters_every_handler_and_logger() -> None:
    config = log_config("debug")
    assert all(h["filters"] == ["secrets"] for h in config["handlers"].values())
    assert all(lg["filters"] == ["secrets"] for lg in config["loggers"].values())
    assert config["loggers"]["briscola"]["level"] == "DEBUG"
    assert config["root"]["handlers"] == ["default"]
    assert log_config() is not log_config() and "filters" not in log_config()["formatters"]


# -- the token in the hello --------------------------------------------------------------------
def test_the_token_comes_in_the_hello_and_only_there(client: TestClient) -> None:
    body = client.post("/api/play", json={"level": "random"}).json()
    with client.websocket_connect(f"/ws/{body['table_id']}") as ws:
        ws.send_json(hello(body["token"]))
        state = recv(ws)
        assert state["type"] == "state" and state["seat"] == 0
        ws.send_json(hello(body["token"]))  # a second hello is no message of an open socket
        ws.send_json({"type": "ping"})
        answers: list[dict[str, Any]] = []
        while len(answers) < 2:  # a bot's move may come between them
            message = recv(ws)
            if message["type"] != "state":
                answers.append(message)
        assert answers[0]["type"] == "error" and answers[0]["code"] == "unknown_type"
        assert answers[1] == {"type": "pong"}


# -- a real server ------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A ``briscola serve`` process on loopback at trace level: (base URL, its log file)."""
    port = _free_port()
    log = tmp_path / "server.log"
    briscola = Path(sys.executable).with_name("briscola")
    command = [str(briscola), "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'live.db'}", "--log-level", "trace"]
    env = {**os.environ, "BRISCOLA_BOT_DELAY": "0", "BRISCOLA_HUMAN_TIMEOUT": "60"}
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/api/presets", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert server.poll() is None, log.read_text()
            time.sleep(0.1)
        else:  # pragma: no cover
            raise AssertionError("the server did not start: " + log.read_text())
        yield base, log
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover
            server.kill()
            server.wait()


class Seat:
    """One seat's real WebSocket, its token sent in the hello message."""

    def __init__(self, base: str, table_id: str, token: str) -> None:
        self.ws: ClientConnection = connect(base.replace("http", "ws") + f"/ws/{table_id}")
        self.ws.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last: dict[str, Any] = {}

    def recv(self) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=10))
        assert message["type"] == "state", message
        self.last = message
        return self.last

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))


def _play_humans(base: str, tokens: list[str], table_id: str, rng: random.Random) -> None:
    """Every seat a human, each change one state to every seat, to the end of the match."""
    seats = []
    for token in tokens:
        seats.append(Seat(base, table_id, token))
        seats[-1].recv()
        for earlier in seats[:-1]:
            earlier.recv()  # the newcomer's presence
    start = httpx.post(f"{base}/api/tables/{table_id}/start", json={"token": tokens[0]})
    assert start.status_code == 200, start.text
    for _ in range(2_000):
        for s in seats:
            s.recv()
        state = seats[0].last
        if state["table"]["status"] == "over":
            break
        if state["table"]["status"] == "deal_over":
            for s in seats[:-1]:
                s.send({"type": "next_deal"})
                for t in seats:
                    t.recv()
            seats[-1].send({"type": "next_deal"})
            continue
        actor = seats[state["observation"]["turn"]]
        actor.send({"type": "action", "action": rng.choice(actor.last["observation"]["legal"])})
    else:  # pragma: no cover
        raise AssertionError("the game did not end")
    for s in seats:
        s.ws.close()


def _play_vs_bot(base: str, rng: random.Random) -> list[str]:
    """``/api/play`` against a bot to the end; the token (and table id) it used."""
    body = httpx.post(f"{base}/api/play", json={"level": "random", "match": "first-to:2"}).json()
    me = Seat(base, body["table_id"], body["token"])
    asked: set[int] = set()
    state = me.recv()
    while state["table"]["status"] != "over":
        deal = state["table"]["deal"]
        if state["table"]["status"] == "deal_over" and deal not in asked:
            asked.add(deal)
            me.send({"type": "next_deal"})
        legal = state["observation"]["legal"] if state["table"]["status"] == "playing" else []
        if legal:
            me.send({"type": "action", "action": rng.choice(legal)})
        state = me.recv()
        while legal and state["observation"]["legal"] == legal:  # until my move is taken
            state = me.recv()
    me.ws.close()
    return [body["token"]]


def _table(base: str, preset: str, humans: int) -> tuple[str, list[str], str]:
    r = httpx.post(f"{base}/api/tables", json={"preset": preset, "host_name": "Anna"}).json()
    tokens = [r["token"]]
    for i in range(humans - 1):
        join = {"invite_code": r["invite_code"], "name": f"P{i}"}
        tokens.append(
            httpx.post(f"{base}/api/tables/{r['table_id']}/join", json=join).json()["token"]
        )
    return r["table_id"], tokens, r["invite_code"]


def _refused(base: str, path: str, first: dict[str, Any]) -> str:
    """The close reason of a socket the server refuses."""
    ws = connect(base.replace("http", "ws") + path).__enter__()
    with pytest.raises(ConnectionClosed) as info:
        ws.send(json.dumps(first))
        ws.recv(timeout=10)
    ws.close()
    assert info.value.rcvd is not None and info.value.rcvd.code == 1008
    return info.value.rcvd.reason


def test_no_token_reaches_the_servers_log(live: tuple[str, Path]) -> None:
    base, log = live
    rng = random.Random(12)
    secrets: list[str] = []
    for preset, humans in (("classic", 2), ("three", 3)):
        table_id, tokens, code = _table(base, preset, humans)
        assert httpx.get(f"{base}/join/{table_id}/{code}").status_code == 200
        _play_humans(base, tokens, table_id, rng)
        secrets += [*tokens, code]
    secrets += _play_vs_bot(base, rng)
    # the old way, the token in the URL: refused, and the access line is masked all the same
    table_id, tokens, code = _table(base, "classic", 1)
    secrets += [*tokens, code]
    assert _refused(base, f"/ws/{table_id}?token={tokens[0]}", {"type": "sync"}) == "token in URL"
    bad = "A" + tokens[0][1:]  # a wrong token, of the right shape
    assert _refused(base, f"/ws/{table_id}", {"type": "hello", "token": bad}) == "bad token"
    secrets.append(bad)
    time.sleep(0.3)  # let the last lines reach the file
    text = log.read_text()
    assert '"WebSocket /ws/' in text and "[accepted]" in text, text[-2000:]
    assert '"hello"' in text and "< TEXT" in text  # the frames were logged (trace level)
    assert f"/ws/{table_id}?token={MASK}" in text
    leaked = [s for s in secrets if s in text]
    assert not leaked, f"{len(leaked)} of {len(secrets)} secrets in the log"


def test_a_huge_frame_is_refused_by_the_transport(live: tuple[str, Path]) -> None:
    """A frame over the hard limit (1 MiB) never reaches the game: the socket is closed as too
    big (1009), and the server goes on serving."""
    base, _ = live
    table_id, tokens, _ = _table(base, "classic", 2)
    seat = Seat(base, table_id, tokens[0])
    seat.recv()
    with pytest.raises(ConnectionClosed) as info:
        seat.ws.send("x" * (WS_MAX_SIZE + 1))
        seat.ws.recv(timeout=10)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1009
    assert httpx.get(f"{base}/api/tables/{table_id}", timeout=5).status_code == 200
