"""Bots online (issue 37, part 6): ``briscola connect``, run as a subprocess against a real server
started here, plays full classic games as a bot account against a person driven through the
table's WebSocket protocol (the person seeks "bots" in the lobby with their cookie); ``--engine``
plays the same with a small engine program (examples/first_legal_engine.py); a refused or revoked
token, a bad URL and a server that is not there are said clearly, the last after retrying with
back-off; the client plays a seat given its URL, and comes back to it when its socket drops."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from briscola.apps.protocol.external import ExternalEngine
from briscola.apps.protocol.online import (
    ConnectError,
    EngineMover,
    LevelMover,
    Mover,
    Session,
    play_online,
    play_table,
    seat_of,
)
from briscola.apps.server.app import create_app
from briscola.apps.server.players.routes import COOKIE
from briscola.apps.server.store import hash_token

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "examples" / "first_legal_engine.py"
PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    """A server in a thread of this process, on a port of its own."""

    db: str
    port: int
    server: uvicorn.Server | None = None
    thread: threading.Thread | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Served:
        app = create_app(self.db, bot_delay=0, trick_hold=0)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            assert self.thread.is_alive(), "the server did not start"
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=20)
            self.server = self.thread = None


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(f"sqlite:///{tmp_path / 'online.db'}", free_port()).start()
    yield server
    server.stop()


def bot_account(served: Served, owner: str = "anna", name: str = "Fulmine") -> tuple[str, str]:
    """An account makes a bot account: the bot's id and its token."""
    with httpx.Client(base_url=served.http) as http:
        reply = http.post("/api/players/signup", json={"username": owner, "password": PASSWORD})
        assert reply.status_code == 200, reply.text
        made = http.post("/api/players/me/bots/new", json={"name": name})
        assert made.status_code == 201, made.text
        return made.json()["bot"]["id"], made.json()["token"]


def guest_cookie(served: Served, name: str = "Bruno") -> str:
    with httpx.Client(base_url=served.http) as http:
        assert http.post("/api/players/guest", json={"name": name}).status_code == 200
        return str(http.cookies[COOKIE])


class Enough(Exception):
    """The person stops playing here (the test does something else meanwhile)."""


@dataclass
class Person:
    """A person at a table's socket who plays their first legal card each turn."""

    states: list[dict[str, Any]] = field(default_factory=list)

    def play(
        self, ws: ClientConnection, token: str | None, limit: float = 240, until_moves: int = 99
    ) -> dict[str, Any]:
        """Play the seat to the match's end (``token``: say hello first): the last table info.
        ``until_moves``: stop (raising :class:`Enough`) once the deal holds that many moves."""
        if token is not None:
            ws.send(json.dumps({"type": "hello", "token": token}))
        else:
            ws.send(json.dumps({"type": "sync"}))
        acted: tuple[int, int] | None = None
        readied: int | None = None
        end = time.monotonic() + limit
        while time.monotonic() < end:
            message = json.loads(ws.recv(timeout=60))
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            self.states.append(message)
            table, obs = message["table"], message["observation"]
            if obs and len(obs["actions"]) >= until_moves:
                raise Enough
            if table["status"] == "over":
                return dict(table)
            if table["status"] == "deal_over" and readied != table["deal"]:
                readied = table["deal"]
                ws.send(json.dumps({"type": "next_deal"}))
            elif table["status"] == "playing" and obs and obs["legal"]:
                key = (table["deal"], len(obs["actions"]))
                if key != acted:
                    acted = key
                    ws.send(json.dumps({"type": "action", "action": obs["legal"][0]}))
        raise AssertionError("the match did not end in time")


def seek_bots_and_play(
    served: Served, cookie: str, game: str = "classic", rated: bool = False
) -> dict[str, Any]:
    """A person seeks a game against bot accounts in the lobby, then plays it to its end."""
    headers = {"Cookie": f"{COOKIE}={cookie}"}
    with ws_connect(f"{served.ws}/ws/lobby", additional_headers=headers) as lobby:
        seek = {"type": "seek", "game": game, "rated": rated, "opponents": "bots"}
        lobby.send(json.dumps(seek))
        while True:
            message = json.loads(lobby.recv(timeout=60))
            assert message["type"] not in ("error", "offer"), message
            if message["type"] == "matched":
                break
    table_id, seat, token = seat_of(message["url"])
    with ws_connect(f"{served.ws}/ws/{table_id}") as ws:
        person = Person()
        table = person.play(ws, token)
    return {"table": table, "seat": seat, "table_id": table_id, "person": person}


def connect_command(served: Served, token: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "briscola", "connect", "--server", served.http, *args]


def start_connect(served: Served, token: str, *args: str) -> subprocess.Popen[str]:
    """``briscola connect`` as a subprocess; the token through its variable (never argv)."""
    env = {**os.environ, "BRISCOLA_BOT_TOKEN": token, "BRISCOLA_LANG": "en"}
    return subprocess.Popen(connect_command(served, token, *args), env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_as_in_a_terminal)  # fmt: skip


def _as_in_a_terminal() -> None:
    """Ctrl+C as a terminal delivers it: a child inherits an ignored or blocked SIGINT from its
    parent (Python then never installs its own handler, or never sees the signal), and the test
    runner's worker may be such a parent; a person's shell never is."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def finished(proc: subprocess.Popen[str], timeout: float = 120) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"briscola connect did not end:\n{out}\n{err}") from None
    return proc.returncode, out, err


def the_person_played_the_bot(result: dict[str, Any], bot_name: str) -> None:
    """The match is over, every deal dealt, the other seat is the bot account's, marked a bot."""
    table = result["table"]
    assert table["status"] == "over" and table["match"]["over"]
    other = table["seats"][1 - result["seat"]]
    assert other["name"] == bot_name and other["kind"] == "human"  # a program's seat, not ours
    assert other["player"]["bot"] is True  # marked as a bot account for everybody at the table
    assert result["table"]["seats"][result["seat"]].get("player", {}).get("bot") is not True
    total = sum(table["match"]["points"])
    assert total == 120 and table["match"]["deals"]


@pytest.mark.parametrize(
    ("mover_args", "engine_name"),
    [(["--level", "champion"], None), (["--engine", f"{sys.executable} {ENGINE}"], "first-legal")],
    ids=["level", "engine"],
)
def test_briscola_connect_plays_a_full_classic_game_against_a_person(
    served: Served, mover_args: list[str], engine_name: str | None
) -> None:
    _, token = bot_account(served)
    proc = start_connect(served, token, *mover_args, "--game", "classic", "--games", "1")
    try:
        result = seek_bots_and_play(served, guest_cookie(served))
    finally:
        code, out, err = finished(proc)
    assert code == 0, (out, err)
    the_person_played_the_bot(result, "Fulmine")
    points = result["table"]["match"]["points"]
    bot_points = points[1 - result["seat"]]
    assert f"Matched: table {result['table_id']}, seat {1 - result['seat']}." in out
    assert f"({bot_points} points)" in out and "Games played: 1." in out
    winner = result["table"]["match"]["winner"]
    word = "drawn" if winner is None else "won" if winner != result["seat"] else "lost"
    assert f"Game 1 {word}" in out
    if engine_name:
        assert f"Engine ready: {engine_name}." in out
    assert token not in out + err


def test_a_bot_account_plays_several_games_one_after_another(served: Served) -> None:
    _, token = bot_account(served)
    proc = start_connect(served, token, "--level", "random", "--games", "2", "--lang", "it")
    try:
        cookie = guest_cookie(served)
        first = seek_bots_and_play(served, cookie)
        second = seek_bots_and_play(served, cookie)
    finally:
        code, out, err = finished(proc)
    assert code == 0, (out, err)
    assert first["table_id"] != second["table_id"]
    assert "Partite giocate: 2." in out and out.count("Partita trovata") == 2


def test_a_refused_or_revoked_token_is_said_and_not_retried(served: Served) -> None:
    bot_id, token = bot_account(served)
    code, out, err = finished(start_connect(served, "brb_" + "x" * 43, "--games", "1"), 30)
    assert code == 3 and "The server refused the token" in err, (out, err)
    with httpx.Client(base_url=served.http) as http:  # Anna revokes the bot's token
        login = http.post("/api/players/login", json={"username": "anna", "password": PASSWORD})
        assert login.status_code == 200
        token_id = http.get("/api/players/me/bots").json()["bots"][0]["tokens"][0]["id"]
        revoked = http.post(f"/api/players/me/bots/{bot_id}/tokens/{token_id}/revoke")
        assert revoked.status_code == 200
    code, out, err = finished(start_connect(served, token, "--games", "1", "--lang", "it"), 30)
    assert code == 3 and "Il server ha rifiutato la chiave" in err, (out, err)


def test_a_bad_url_is_said_at_once(served: Served) -> None:
    for url in ("ftp://example.org", "http://", "http://host:99999", "https://host/?x=1"):
        env = {**os.environ, "BRISCOLA_BOT_TOKEN": "brb_x"}
        command = [sys.executable, "-m", "briscola", "connect", "--server", url, "--lang", "en"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done
        assert "is not a server's address" in done.stderr.replace("\n", " ").replace("│", ""), done
    nothing = subprocess.run(
        [sys.executable, "-m", "briscola", "connect", "--server", f"{served.http}/nothing",
         "--token", "brb_x", "--lang", "en"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert nothing.returncode == 1 and "There is no online lobby" in nothing.stderr, nothing


def test_a_server_that_is_not_there_is_retried_with_back_off_then_given_up(
    tmp_path: Path,
) -> None:
    port = free_port()
    said: list[tuple[str, dict[str, Any]]] = []
    session = Session(f"http://127.0.0.1:{port}", "brb_x", retry_for=4,
                      say=lambda key, **facts: said.append((key, facts)))  # fmt: skip
    began = time.monotonic()
    with pytest.raises(ConnectError) as gone:
        asyncio.run(play_online(session, LevelMover("random")))
    assert gone.value.code == "gone" and 2.0 < time.monotonic() - began < 8
    waits = [facts["seconds"] for key, facts in said if key == "retry"]
    assert len(waits) >= 2 and waits[1] > waits[0]  # backing off
    # and a server that comes up while the client retries is played on
    later = Served(f"sqlite:///{tmp_path / 'later.db'}", port)
    said.clear()
    session = Session(later.http, "brb_" + "y" * 43, retry_for=60,
                      say=lambda key, **facts: said.append((key, facts)))  # fmt: skip
    timer = threading.Timer(1.5, later.start)
    timer.start()
    try:
        with pytest.raises(ConnectError) as refused:  # it reached the server: the token is not one
            asyncio.run(play_online(session, LevelMover("random")))
    finally:
        timer.join()
        later.stop()
    assert refused.value.code == "refused"
    assert [key for key, _ in said].count("retry") >= 1


def friends_table(served: Served) -> tuple[dict[str, Any], dict[str, Any]]:
    """A classic table of two people: the host's reply and the second seat's (joined)."""
    with httpx.Client(base_url=served.http) as http:
        made = http.post("/api/tables", json={"preset": "classic", "seats": ["human", "human"],
                                              "host_name": "Anna"}).json()  # fmt: skip
        join = {"invite_code": made["invite_code"], "name": "Robo"}
        joined = http.post(f"/api/tables/{made['table_id']}/join", json=join).json()
        start = http.post(f"/api/tables/{made['table_id']}/start", json={"token": made["token"]})
        assert start.status_code == 200
    return made, joined


def play_seat_beside_a_person(served: Served, mover: Mover) -> tuple[dict[str, Any], Any]:
    made, joined = friends_table(served)
    done: dict[str, Any] = {}

    def person() -> None:
        with ws_connect(f"{served.ws}/ws/{made['table_id']}") as ws:
            done["table"] = Person().play(ws, made["token"])

    thread = threading.Thread(target=person)
    thread.start()
    table_id, seat, token = seat_of(joined["url"])
    refusals: list[Any] = []
    session = Session(
        served.http,
        "unused",
        say=lambda key, **f: refusals.append(f) if key == "refused_move" else None,
    )
    result = asyncio.run(play_table(session, f"{served.ws}/ws/{table_id}", seat, token, mover))
    thread.join(timeout=60)
    assert refusals == []  # the server accepted every move the client sent
    return done["table"], result


def test_the_client_plays_a_seat_given_its_url_with_a_level_or_an_engine(served: Served) -> None:
    table, result = play_seat_beside_a_person(served, LevelMover("simple", seed=7))
    points = table["match"]["points"]
    assert table["status"] == "over" and result["points"] == points[1]
    assert result["outcome"] == {None: "draw", 1: "won", 0: "lost"}[table["match"]["winner"]]
    lines: list[str] = []
    with ExternalEngine([sys.executable, str(ENGINE)], transcript=lines) as engine:
        table, result = play_seat_beside_a_person(served, EngineMover(engine, seed=7))
    assert table["status"] == "over" and result["points"] == table["match"]["points"][1]
    sent = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    kinds = [m["type"] for m in sent]
    assert kinds[:3] == ["hello", "new_game", "act"]  # the deal begins before its first move
    assert kinds.count("new_game") == 1  # a single deal: one new_game
    acts = [m["observation"] for m in sent if m["type"] == "act"]
    assert len(acts) == 20 and all(obs["seat"] == 1 and obs["legal"] for obs in acts)


def test_ctrl_c_resigns_the_game_in_progress_and_the_person_plays_on(served: Served) -> None:
    _, token = bot_account(served)
    proc = start_connect(served, token, "--level", "simple")  # until stopped
    headers = {"Cookie": f"{COOKIE}={guest_cookie(served)}"}
    with ws_connect(f"{served.ws}/ws/lobby", additional_headers=headers) as lobby:
        lobby.send(json.dumps({"type": "seek", "game": "classic", "opponents": "bots"}))
        while (message := json.loads(lobby.recv(timeout=60)))["type"] != "matched":
            assert message["type"] != "error", message
    table_id, seat, token_ = seat_of(message["url"])
    with ws_connect(f"{served.ws}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token_}))
        while True:  # the bot is at the table: its seat connected
            state = json.loads(ws.recv(timeout=60))
            if state["type"] == "state" and state["table"]["seats"][1 - seat]["connected"]:
                break
        proc.send_signal(signal.SIGINT)
        code, out, err = finished(proc, 30)
        table = Person().play(ws, None)  # the computer plays the bot's seat from now on
    assert code == 130, (out, err)
    assert "Resigned the game in progress." in err and "Stopped." in err
    assert table["resigned"] == [1 - seat] and table["status"] == "over"


def test_a_server_that_goes_away_mid_game_is_waited_for_and_the_game_plays_on(
    tmp_path: Path,
) -> None:
    """The server stops in the middle of a deal and comes back on the same database: the client
    retries with back-off, says so, sits down again with the same seat and finishes the match."""
    served = Served(f"sqlite:///{tmp_path / 'restart.db'}", free_port()).start()
    made, joined = friends_table(served)
    table_id, seat, token = seat_of(joined["url"])
    said: list[str] = []
    outcome: dict[str, Any] = {}
    session = Session(served.http, "unused", say=lambda key, **facts: said.append(key))

    def bot() -> None:
        url = f"{served.ws}/ws/{table_id}"
        outcome.update(asyncio.run(play_table(session, url, seat, token, LevelMover("simple"))))

    thread = threading.Thread(target=bot)
    thread.start()
    try:
        with ws_connect(f"{served.ws}/ws/{made['table_id']}") as ws:
            person = Person()
            with pytest.raises(Enough):
                person.play(ws, made["token"], until_moves=6)
        served.stop()  # the server goes away in the middle of the deal
        time.sleep(1.5)
        served.start()  # and comes back, its tables in its database
        with ws_connect(f"{served.ws}/ws/{made['table_id']}") as ws:
            table = Person().play(ws, made["token"])
        thread.join(timeout=60)
    finally:
        served.stop()
    assert not thread.is_alive() and table["status"] == "over"
    assert "dropped" in said and "retry" in said
    assert outcome["points"] == table["match"]["points"][seat]


def test_no_bot_token_reaches_the_servers_log_at_debug(tmp_path: Path) -> None:
    """``briscola serve --log-level debug`` (its access log and the WebSocket library's debug
    lines, which write a socket's request headers, the lobby's ``Authorization`` among them):
    a bot account plays a game there, and neither its token nor its hash is in any line."""
    port = free_port()
    env = {**os.environ, "BRISCOLA_DB": f"sqlite:///{tmp_path / 'logs.db'}",
           "BRISCOLA_BOT_DELAY": "0", "BRISCOLA_TRICK_HOLD": "0"}  # fmt: skip
    command = [sys.executable, "-m", "briscola", "serve", "--port", str(port),
               "--host", "127.0.0.1", "--log-level", "debug", "--bot-workers", "1"]  # fmt: skip
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)  # fmt: skip
    served = Served("unused", port)
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{served.http}/healthz").status_code == 200:
                    break
            assert time.monotonic() < deadline and server.poll() is None, "no server"
            time.sleep(0.2)
        _, token = bot_account(served)
        proc = start_connect(served, token, "--level", "random", "--games", "1")
        try:
            result = seek_bots_and_play(served, guest_cookie(served))
        finally:
            code, out, err = finished(proc)
        assert code == 0, (out, err)
    finally:
        server.send_signal(signal.SIGINT)
        logged, _ = server.communicate(timeout=30)
    the_person_played_the_bot(result, "Fulmine")
    assert "/api/players/me/bots/new" in logged and "authorization: Bearer ***" in logged, logged
    assert token not in logged and token.removeprefix("brb_") not in logged
    assert hash_token(token) not in logged


def test_a_bot_account_plays_pairs_with_computer_players_filling_the_other_seats(
    served: Served,
) -> None:
    """A game of four: the person seeks pairs against bots; the one bot account waiting takes a
    seat, computer players the other two; the client counts its team's result."""
    _, token = bot_account(served)
    proc = start_connect(served, token, "--level", "random", "--game", "pairs", "--games", "1")
    try:
        result = seek_bots_and_play(served, guest_cookie(served), "pairs")
    finally:
        code, out, err = finished(proc)
    assert code == 0, (out, err)
    table = result["table"]
    seats = table["seats"]
    bot_seat = next(s["seat"] for s in seats if s["name"] == "Fulmine")
    assert [s["kind"] for s in seats].count("bot") == 2  # the computer's two
    assert seats[bot_seat]["player"]["bot"] is True
    match = table["match"]
    assert match["competitors"] == "teams" and sum(match["points"]) == 120
    team = bot_seat % 2
    word = "drawn" if match["winner"] is None else "won" if match["winner"] == team else "lost"
    assert f"Game 1 {word} ({match['points'][team]} points)." in out


def test_a_server_that_closes_each_socket_at_once_is_not_hammered() -> None:
    """A server that accepts the table's socket and closes it at once (a full one, 1013): the
    client waits longer each time before it tries again, and gives up after ``retry_for``."""
    from websockets.asyncio.server import ServerConnection, serve

    opened: list[float] = []
    said: list[str] = []

    async def full(ws: ServerConnection) -> None:
        opened.append(time.monotonic())
        await ws.close(1013, "try again later")

    async def scenario() -> ConnectError:
        async with serve(full, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            session = Session(f"http://127.0.0.1:{port}", "unused", retry_for=4,
                              say=lambda key, **facts: said.append(key))  # fmt: skip
            with pytest.raises(ConnectError) as gone:
                url = f"ws://127.0.0.1:{port}/ws/T"
                await play_table(session, url, 0, "token", LevelMover("random"))
            return gone.value

    gone = asyncio.run(scenario())
    assert gone.code == "gone"
    assert 2 <= len(opened) <= 4, opened  # 1 s, 2 s, then 4 s would pass the 4 s given
    gaps = [b - a for a, b in itertools.pairwise(opened)]
    assert all(b > a for a, b in itertools.pairwise(gaps)) and gaps[0] >= 0.7, gaps
    assert said.count("dropped") == len(opened)


def test_a_rated_game_against_a_bot_account_rates_both_and_the_bot_is_on_the_bots_board(
    served: Served,
) -> None:
    """A person with an account seeks a rated classic game against bots: the bot account is
    rated like anyone, on the bots' leaderboard and not on the people's, its profile marked."""
    _, token = bot_account(served)
    with httpx.Client(base_url=served.http) as http:
        made = http.post("/api/players/signup", json={"username": "dario", "password": PASSWORD})
        assert made.status_code == 200
        cookie = str(http.cookies[COOKIE])
    for _ in range(3):  # a draw between two new ratings moves neither: play again
        proc = start_connect(served, token, "--level", "simple", "--games", "1")
        try:
            result = seek_bots_and_play(served, cookie, rated=True)
        finally:
            code, out, err = finished(proc)
        assert code == 0, (out, err)
        if result["table"]["match"]["winner"] is not None:
            break
    else:  # pragma: no cover - three draws in a row
        pytest.fail("three draws in a row")
    bot_won = result["table"]["match"]["winner"] != result["seat"]
    with httpx.Client(base_url=served.http) as http:
        deadline = time.monotonic() + 10
        while not (bot := http.get("/api/profiles/Fulmine").json())["ratings"]:
            assert time.monotonic() < deadline, "the game was not rated"
            time.sleep(0.2)
        person = http.get("/api/profiles/dario").json()
        bots_board = http.get("/api/leaderboard/classic", params={"bots": "true"}).json()
        people_board = http.get("/api/leaderboard/classic").json()
    assert bot["bot"] is True and person["bot"] is False
    bot_rating = bot["ratings"][0]["rating"]
    person_rating = person["ratings"][0]["rating"]
    assert (bot_rating > 1500 > person_rating) if bot_won else (person_rating > 1500 > bot_rating)
    assert [p["username"] for p in bots_board["players"]] == ["Fulmine"]
    assert [p["username"] for p in people_board["players"]] == ["dario"]
