"""A bot account plays online (issue 37, part 6): the client side of ``briscola connect``.

The client opens the server's lobby socket (``/ws/lobby``) with the bot's token in an
``Authorization: Bearer`` header, seeks a game of one kind, and once ``matched`` plays the seat
at the table's socket (``/ws/{table_id}``: the seat's token, from the seat's URL's fragment, in
the first message, as the web client does), to the match's end; then it seeks again, until it has
played ``games`` matches (None: until stopped). docs/online.md ("Bots online") and
docs/web-protocol.md describe both sockets.

Who decides the moves is a :class:`Mover`: :class:`LevelMover`, one of the project's levels,
asked as the terminal and the server ask their computer players (a bot made for each decision
with that decision's seed, :func:`~briscola.session.botturn.decision_seed`, from a seed of the
client's own: the table's seed is the server's secret), or :class:`EngineMover`, any program
speaking the engine protocol (:class:`~briscola.apps.protocol.external.ExternalEngine`). Both see
the seat's observation only, as the server sends it.

What the client has to say (connecting, matched, a game's result, waiting to retry) goes to a
``say(key, **facts)`` callback: the command line words it (``terminal.cli.connect.<key>``).
Failures are :class:`ConnectError` with a ``code``: ``bad_url`` (not an http(s) or ws(s) URL of
a host), ``refused`` (the server refused the token), ``no_lobby`` (no lobby at that address),
``gone`` (the server stayed unreachable past ``retry_for`` seconds, retried with back-off),
``lobby`` (the lobby refused the seek: its code and message), ``table_refused`` (the table
closed the seat's socket for good: a bad token, a damaged table), ``engine`` (the engine failed).

>>> server_urls("https://briscola.example/")
('wss://briscola.example/ws/lobby', 'wss://briscola.example')
>>> server_urls("localhost:8000")
('ws://localhost:8000/ws/lobby', 'ws://localhost:8000')
>>> seat_of("/table/Qw8rT2zc?seat=2#token=s3cret")
('Qw8rT2zc', 2, 's3cret')
>>> server_urls("ftp://briscola.example")
Traceback (most recent call last):
...
briscola.apps.protocol.online.ConnectError: ('bad_url', {'url': 'ftp://briscola.example'})
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final, Protocol
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidURI, WebSocketException

from briscola.apps.protocol.external import EngineError, ExternalEngine
from briscola.core.actions import Action
from briscola.core.observation import Observation
from briscola.session.botturn import BotRequest, Computers, decision_seed

__all__ = ["ConnectError", "EngineMover", "LevelMover", "Mover", "Session", "backoff",
           "close_quietly", "play_online", "play_table", "seat_of", "server_urls"]  # fmt: skip

Say = Callable[..., None]
"""Tells the user something: ``say(key, **facts)``."""

OPEN_TIMEOUT: Final = 10.0
MAX_ERRORS: Final = 5  # refusals of our own moves in a row before giving the table up


class ConnectError(Exception):
    """Why ``briscola connect`` stopped: ``code`` and the facts its sentence needs."""

    def __init__(self, code: str, /, **facts: Any) -> None:
        super().__init__(code, facts)
        self.code = code
        self.facts = facts


def server_urls(server: str) -> tuple[str, str]:
    """The lobby socket's URL and the sockets' base for ``server`` (``http(s)://host[:port]``,
    ``ws(s)://...``, or a bare ``host[:port]``: plain ``ws``); :class:`ConnectError`
    ``bad_url`` for anything else."""
    text = server.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    scheme = {"http": "ws", "ws": "ws", "https": "wss", "wss": "wss"}.get(parts.scheme.lower())
    try:
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:
        port_ok = False
    if scheme is None or not parts.hostname or not port_ok or parts.query or parts.fragment:
        raise ConnectError("bad_url", url=server)
    base = f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}"
    return base + "/ws/lobby", base


def seat_of(url: str) -> tuple[str, int, str]:
    """The table's id, the seat and its token in a seat's URL (``/table/ID?seat=N#token=T``, as
    POST /api/tables and the lobby's ``matched`` make them)."""
    parts = urlsplit(url)
    path = [p for p in parts.path.split("/") if p]
    seats = parse_qs(parts.query).get("seat", [])
    tokens = parse_qs(parts.fragment).get("token", [])
    if len(path) != 2 or not seats or not seats[0].isdigit() or not tokens:
        raise ConnectError("bad_seat_url")
    return path[1], int(seats[0]), tokens[0]


def backoff(first: float = 1.0, most: float = 30.0) -> Iterator[float]:
    """The waits between tries: doubling from ``first`` to ``most``, each one jittered by up to a
    quarter (many bots of a restarted server do not all come back at once)."""
    wait = first
    while True:
        yield wait * random.uniform(0.75, 1.0)  # not a secret
        wait = min(most, wait * 2)


class Mover(Protocol):
    """Decides the seat's moves."""

    def new_deal(self) -> None:
        """A deal begins at the seat's table (before its first decision there)."""
        ...  # pragma: no cover

    def decide(self, observation: Observation, deal: int) -> Action:
        """The action for ``observation`` (its ``legal`` is not empty) in deal number ``deal``."""
        ...  # pragma: no cover


@dataclass
class LevelMover:
    """One of the project's levels, asked as the terminal asks its computer players: a bot made
    for each decision with the decision's seed (from ``seed``, the seat, the deal, the move)."""

    level: str
    seed: int = field(default_factory=lambda: secrets.randbits(62))

    def new_deal(self) -> None:
        """Nothing to do: each decision has a bot of its own."""

    def decide(self, observation: Observation, deal: int) -> Action:
        """A fresh bot of the level, seeded for this decision."""
        seat, move = observation.seat, len(observation.actions)
        request = BotRequest(seat, self.level, decision_seed(self.seed, seat, deal, move),
                             observation, deal, move)  # fmt: skip
        return Computers().decide(request)


@dataclass
class EngineMover:
    """A program that speaks the engine protocol, started once for the whole session."""

    engine: ExternalEngine
    seed: int = field(default_factory=lambda: secrets.randbits(62))
    deals: int = 0

    def new_deal(self) -> None:
        """The protocol's ``new_game`` (a fresh bot), seeded from the session's seed and the
        deal's count (an engine may answer it with an error: it is not asked again)."""
        self.deals += 1
        try:
            self.engine.new_game(decision_seed(self.seed, 0, self.deals, 0))
        except EngineError as exc:
            raise ConnectError("engine", reason=str(exc)) from None

    def decide(self, observation: Observation, deal: int) -> Action:
        """The engine's answer (it is checked to be legal; :class:`ConnectError` ``engine``)."""
        try:
            return self.engine.act(observation)
        except EngineError as exc:
            raise ConnectError("engine", reason=str(exc)) from None


@dataclass
class Session:
    """Where and how to play: the server, the bot's token, the game kind, how many matches
    (None: until stopped), the language the server words its refusals in, how long to keep
    retrying an unreachable server."""

    server: str
    token: str
    game: str = "classic"
    games: int | None = None
    lang: str = "it"
    retry_for: float = 300.0
    say: Say = field(default=lambda key, **facts: None)

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}", "Accept-Language": self.lang}


async def play_online(session: Session, mover: Mover) -> int:
    """Seek and play matches until ``session.games`` are played; the number played."""
    lobby_url, base = server_urls(session.server)
    played = 0
    while session.games is None or played < session.games:
        url = await _seek(session, lobby_url)
        table_id, seat, token = seat_of(url)
        session.say("matched", table=table_id, seat=seat)
        result = await play_table(session, f"{base}/ws/{table_id}", seat, token, mover)
        played += 1
        session.say(result["outcome"], n=played, points=result["points"])
    return played


@dataclass
class _Patience:
    """How long the client keeps trying: waits from :func:`backoff` while nothing comes from the
    server, :class:`ConnectError` ``gone`` once ``retry_for`` seconds passed since it last did."""

    session: Session
    waits: Iterator[float] = field(default_factory=backoff)
    since: float | None = None  # when the server last stopped answering (the loop's clock)

    def heard(self) -> None:
        """The server answered: the next trouble starts the waits afresh."""
        self.waits, self.since = backoff(), None

    async def wait(self, reason: str) -> None:
        """Wait before the next try, or give up."""
        now = asyncio.get_running_loop().time()
        self.since = now if self.since is None else self.since
        wait = next(self.waits)
        if now + wait - self.since > self.session.retry_for:
            raise ConnectError("gone", url=self.session.server, reason=reason)
        self.session.say("retry", seconds=round(wait, 1), reason=reason)
        await asyncio.sleep(wait)


async def _retrying(url: str, headers: dict[str, str], patience: _Patience) -> ClientConnection:
    """A socket to ``url``, tried again with back-off while the server cannot be reached."""
    server = patience.session.server
    while True:
        try:
            return await connect(url, additional_headers=headers, open_timeout=OPEN_TIMEOUT,
                                 proxy=None, user_agent_header="briscola-connect")  # fmt: skip
        except InvalidURI:
            raise ConnectError("bad_url", url=server) from None
        except InvalidStatus as exc:
            status = exc.response.status_code
            if status == 401:
                raise ConnectError("refused") from None
            if status < 500:  # 403: no socket route here (the lobby refuses with a message)
                raise ConnectError("no_lobby", url=server) from None
            reason = f"HTTP {status}"
        except (OSError, TimeoutError, WebSocketException) as exc:
            reason = str(exc) or type(exc).__name__
        await patience.wait(reason)


async def _seek(session: Session, lobby_url: str) -> str:
    """Seek a game in the lobby until matched: the seat's URL. A lost lobby is sought again."""
    patience = _Patience(session)
    while True:
        session.say("connecting", url=session.server)
        ws = await _retrying(lobby_url, session.headers(), patience)
        seeking = False
        try:
            await ws.send(json.dumps({"type": "seek", "game": session.game, "rated": True,
                                      "opponents": "people"}))  # fmt: skip
            async for text in ws:
                patience.heard()
                message = json.loads(text)
                kind = message.get("type")
                if kind == "matched":
                    return str(message["url"])
                if kind == "seeking" and not seeking:  # once: a widening window is no news
                    seeking = True
                    session.say("seeking", game=message.get("game", session.game))
                elif kind == "error":
                    code = str(message.get("code"))
                    if code in ("no_player", "not_signed_in", "bad_token"):
                        raise ConnectError("refused")
                    raise ConnectError("lobby", code=code, message=message.get("message", ""))
        except ConnectionClosed:
            pass  # the lobby went away: seek again
        finally:
            await ws.close()
        session.say("dropped")
        await patience.wait(f"closed {ws.close_code}")


async def play_table(
    session: Session, url: str, seat: int, token: str, mover: Mover
) -> dict[str, Any]:
    """Play ``seat`` at the table's socket ``url`` until the match is over (a lost socket is
    opened again, with back-off: the game waits for the seat). The result: ``outcome``
    (``won``, ``lost``, ``draw``) and ``points`` (the seat's side's, in the match)."""
    table = _Table(session, seat, mover)
    patience = _Patience(session)
    while True:
        ws = await _retrying(url, {"Accept-Language": session.lang}, patience)
        try:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            try:
                async for text in ws:
                    patience.heard()
                    over = await table.on_message(ws, json.loads(text))
                    if over is not None:
                        return over
            except asyncio.CancelledError:  # Ctrl+C: leave for good, nobody waits for the seat
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.send(json.dumps({"type": "resign"})), 2)
                    session.say("resigned")
                raise
            if ws.close_code == 1008:  # policy: a bad token, an unknown or damaged table
                raise ConnectError("table_refused", reason=ws.close_reason or "")
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == 1008:
                raise ConnectError("table_refused", reason=exc.rcvd.reason) from None
        finally:
            await ws.close()
        session.say("dropped")
        table.reset()
        await patience.wait(f"closed {ws.close_code}")


@dataclass
class _Table:
    """The seat's side of one table: answers each ``state`` once."""

    session: Session
    seat: int
    mover: Mover
    acted: tuple[int, int] | None = None  # (deal, move) last answered
    begun: int | None = None  # the deal the mover was last told of
    readied: int | None = None  # the deal after which next_deal was sent
    errors: int = 0

    def reset(self) -> None:
        self.acted = self.readied = None

    async def on_message(
        self, ws: ClientConnection, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Answer one message of the table's; the match's result once it is over."""
        kind = message.get("type")
        if kind == "error":
            self.errors += 1
            self.session.say("refused_move", code=message.get("code"),
                             message=message.get("message", ""))  # fmt: skip
            if self.errors > MAX_ERRORS:
                raise ConnectError("table_refused", reason=str(message.get("code")))
            self.acted = None
            await ws.send(json.dumps({"type": "sync"}))
            return None
        if kind != "state":
            return None
        table = message.get("table") or {}
        status, deal = table.get("status"), table.get("deal")
        if status == "over":
            return _result(table, self.seat)
        if status == "deal_over" and deal is not None and self.readied != deal:
            self.readied = deal
            await ws.send(json.dumps({"type": "next_deal"}))
            return None
        data = message.get("observation")
        if status != "playing" or not data or not data.get("legal") or deal is None:
            return None
        observation = Observation.from_dict(data)
        key = (deal, len(observation.actions))
        if observation.turn != self.seat or self.acted == key:
            return None
        self.acted = key
        if self.begun != deal:
            self.begun = deal
            await asyncio.to_thread(self.mover.new_deal)
        action = await asyncio.to_thread(self.mover.decide, observation, deal)
        await ws.send(json.dumps({"type": "action", "action": str(action)}))
        self.errors = 0
        return None


def _result(table: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's outcome of a finished match, from the table's public standing."""
    match = table.get("match") or {}
    mine = seat % 2 if match.get("competitors") == "teams" else seat  # teams: 0, 2, 4 and 1, 3, 5
    points = list(match.get("points") or [])
    winner = match.get("winner")
    outcome = "draw" if winner is None else "won" if winner == mine else "lost"
    return {"outcome": outcome, "points": points[mine] if mine < len(points) else 0}


def close_quietly(mover: Mover) -> None:
    """Stop an engine's process (a level has none)."""
    if isinstance(mover, EngineMover):
        with contextlib.suppress(EngineError, OSError):
            mover.engine.close()
