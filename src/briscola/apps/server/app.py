"""The ASGI application: the HTTP API, the WebSocket of each seat, and the web client's pages.

The protocol is described in docs/web-protocol.md; the HTTP API also by ``/openapi.json``.
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from briscola.apps.server import catalog, scores
from briscola.apps.server.rooms import Room, Rooms, Settings
from briscola.apps.server.schemas import (
    CreateTableRequest,
    CreateTableResponse,
    ErrorResponse,
    JoinRequest,
    JoinResponse,
    LevelsResponse,
    PlayRequest,
    PlayResponse,
    PresetsResponse,
    StartRequest,
    TableInfo,
)
from briscola.apps.server.storage import Storage, StoredSeat, hash_token
from briscola.bots import UnknownBotError, bot_info
from briscola.core.match import MatchFormat, MatchFormatError
from briscola.core.rules import Ruleset, RulesetError, preset
from briscola.session.table import Event, Seat, Table, TableError

__all__ = ["ApiError", "create_app", "default_static_dir"]

POLICY_VIOLATION = 1008

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An HTTP error with a code and a message a person understands."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def default_static_dir() -> Path:
    """The web client's directory: ``briscola/apps/web`` inside the installed package."""
    return Path(__file__).resolve().parent.parent / "web"


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "A bad request"},
    403: {"model": ErrorResponse, "description": "A bad token or invitation"},
    404: {"model": ErrorResponse, "description": "No such table"},
    409: {"model": ErrorResponse, "description": "The table cannot do that now"},
}

_FALLBACK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Briscola</title></head><body><h1>Briscola</h1>
<p>The game server is running, but the web client ({page}) is not installed.</p>
<p>The API is described at <a href="/docs">/docs</a>.</p></body></html>"""


def _new_id(nbytes: int = 6) -> str:
    return secrets.token_urlsafe(nbytes)


def _ruleset(name: str, options: dict[str, Any]) -> Ruleset:
    try:
        base = preset(name)
    except RulesetError as exc:
        raise ApiError(400, "unknown_preset", str(exc)) from None
    allowed = [o["name"] for o in catalog.preset_options(base)]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise ApiError(
            400,
            "bad_options",
            f"unknown option {unknown[0]!r} for {base.name}; options: {', '.join(allowed)}",
        )
    try:
        return base.with_options(**options) if options else base
    except (RulesetError, TypeError, ValueError) as exc:
        raise ApiError(400, "bad_options", str(exc)) from None


def _match(text: str) -> MatchFormat:
    try:
        return MatchFormat.parse(text)
    except MatchFormatError as exc:
        raise ApiError(400, "bad_match", str(exc)) from None


def _level(name: str) -> str:
    try:
        return bot_info(name).name
    except UnknownBotError as exc:
        raise ApiError(400, "unknown_level", str(exc)) from None


def _bot_names(levels: list[str | None], lang: str) -> list[str]:
    """Display names for bot seats: the level's title, numbered when a level repeats."""
    counts: dict[str, int] = {}
    for level in levels:
        if level is not None:
            counts[level] = counts.get(level, 0) + 1
    seen: dict[str, int] = {}
    names = []
    for level in levels:
        if level is None:
            names.append("")
            continue
        title = bot_info(level).title(lang)
        seen[level] = seen.get(level, 0) + 1
        names.append(f"{title} {seen[level]}" if counts[level] > 1 else title)
    return names


def _human_name(name: str, seat: int, lang: str) -> str:
    name = " ".join(name.split())[:40]
    if name:
        return name
    return f"Giocatore {seat + 1}" if lang == "it" else f"Player {seat + 1}"


def _seconds(value: float | None, env: str, default: float) -> float:
    """A duration: the value given, else the environment variable ``env``, else ``default``."""
    if value is None:
        text = os.environ.get(env, "").strip()
        try:
            value = float(text) if text else default
        except ValueError:
            raise ValueError(f"{env} must be a number of seconds, not {text!r}") from None
    if value < 0:
        raise ValueError(f"a duration cannot be negative: {value}")
    return value


def create_app(
    db_url: str | os.PathLike[str] | None = None,
    static_dir: str | Path | None = None,
    *,
    bot_delay: float | None = None,
    human_timeout: float | None = None,
    stand_in: str = "simple",
) -> FastAPI:
    """The game server as an ASGI app.

    ``db_url``: an SQLAlchemy URL or an SQLite file path (default ``$BRISCOLA_DB``, else
    ``./briscola.db``); ``static_dir``: the web client (default the package's ``web/``);
    ``bot_delay``: seconds between computer moves (default ``$BRISCOLA_BOT_DELAY``, else 0.8);
    ``human_timeout``: seconds before the computer plays for a disconnected person (default
    ``$BRISCOLA_HUMAN_TIMEOUT``, else 60).
    """
    settings = Settings(
        bot_delay=_seconds(bot_delay, "BRISCOLA_BOT_DELAY", 0.8),
        human_timeout=_seconds(human_timeout, "BRISCOLA_HUMAN_TIMEOUT", 60.0),
        stand_in=stand_in,
    )
    storage = Storage(db_url)
    rooms = Rooms(storage, settings)
    web = Path(static_dir) if static_dir is not None else default_static_dir()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await rooms.close()
        storage.close()

    app = FastAPI(
        title="Briscola",
        version="0.1.0",
        summary="The Briscola game server: tables, seats and play (see docs/web-protocol.md).",
        lifespan=lifespan,
    )
    app.state.storage = storage
    app.state.rooms = rooms
    app.state.settings = settings

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"code": exc.code, "message": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
        message = "; ".join(parts) or "the request does not match the API"
        return JSONResponse({"code": "invalid_request", "message": message}, status_code=422)

    async def room_or_404(table_id: str) -> Room:
        room = await rooms.get(table_id)
        if room is None:
            raise ApiError(404, "not_found", f"there is no table {table_id!r}")
        return room

    def new_room(
        ruleset: Ruleset,
        fmt: MatchFormat,
        seats: list[Seat],
        lang: str,
        host_token: str,
    ) -> Room:
        table_id = _new_id()
        invite = _new_id()
        seed = secrets.randbits(62)
        stored = [
            StoredSeat(
                seat=i,
                kind=s.kind,
                bot=s.bot,
                name=s.name,
                joined=s.joined,
                host=i == 0,
                token_hash=hash_token(host_token) if i == 0 else None,
            )
            for i, s in enumerate(seats)
        ]
        table = Table(ruleset, seats, fmt, seed, stand_in=settings.stand_in)
        storage.create_table(
            table_id, ruleset.to_dict(), str(fmt), seed, invite, settings.stand_in, lang, stored
        )
        room = Room(table_id, table, stored, invite, storage, settings, lang)
        rooms.add(room)
        return room

    # -- the API ----------------------------------------------------------------------------
    @app.get("/healthz", tags=["server"])
    async def healthz() -> dict[str, str]:
        """The server is up."""
        return {"status": "ok"}

    @app.get("/api/presets", response_model=PresetsResponse, tags=["catalog"])
    async def get_presets() -> dict[str, Any]:
        """The game variants, their options (allowed values, defaults) and match formats."""
        return catalog.presets()

    @app.get("/api/levels", response_model=LevelsResponse, tags=["catalog"])
    async def get_levels() -> dict[str, Any]:
        """The computer players."""
        return catalog.levels()

    @app.post("/api/play", response_model=PlayResponse, responses=_ERRORS, tags=["tables"])
    async def play(req: PlayRequest) -> PlayResponse:
        """Play now against the computer: a table with the human at seat 0, already started."""
        ruleset = _ruleset(req.preset, req.options)
        fmt = _match(req.match)
        level = _level(req.level)
        n = ruleset.players
        names = _bot_names([None] + [level] * (n - 1), req.lang)
        seats = [Seat.human(_human_name(req.name, 0, req.lang))]
        seats += [Seat.computer(level, names[i]) for i in range(1, n)]
        token = secrets.token_urlsafe(24)
        room = new_room(ruleset, fmt, seats, req.lang, token)
        async with room.lock:
            room.table.start()
            room.storage.mark_started(room.table_id)
            room.persist()
        url = f"/table/{room.table_id}?seat=0#token={token}"
        return PlayResponse(table_id=room.table_id, seat=0, token=token, url=url)

    @app.post("/api/tables", response_model=CreateTableResponse, responses=_ERRORS, tags=["tables"])
    async def create_table(req: CreateTableRequest) -> CreateTableResponse:
        """A table with friends: the host at seat 0, humans and bots as given."""
        ruleset = _ruleset(req.preset, req.options)
        fmt = _match(req.match)
        n = ruleset.players
        specs = req.seats if req.seats is not None else ["human"] * n
        if len(specs) != n:
            raise ApiError(
                400, "bad_seats", f"the {ruleset.name} game has {n} seats, not {len(specs)}"
            )
        levels: list[str | None] = []
        for spec in specs:
            kind, _, level = spec.strip().lower().partition(":")
            if kind == "human" and not level:
                levels.append(None)
            elif kind == "bot":
                levels.append(_level(level or catalog.DEFAULT_LEVEL))
            else:
                raise ApiError(
                    400, "bad_seats", f"a seat is 'human' or 'bot:<level>', not {spec!r}"
                )
        if levels[0] is not None:
            raise ApiError(400, "bad_seats", "seat 0 is the host's: it must be 'human'")
        names = _bot_names(levels, req.lang)
        seats = []
        for i, seat_level in enumerate(levels):
            if seat_level is None:
                if i == 0:
                    seats.append(Seat.human(_human_name(req.host_name, 0, req.lang)))
                else:
                    seats.append(Seat.human(_human_name("", i, req.lang), joined=False))
            else:
                seats.append(Seat.computer(seat_level, names[i]))
        token = secrets.token_urlsafe(24)
        room = new_room(ruleset, fmt, seats, req.lang, token)
        return CreateTableResponse(
            table_id=room.table_id,
            seat=0,
            token=token,
            invite_code=room.invite_code,
            invite_url=room.invite_url(),
            url=f"/table/{room.table_id}?seat=0#token={token}",
        )

    @app.post(
        "/api/tables/{table_id}/join",
        response_model=JoinResponse,
        responses=_ERRORS,
        tags=["tables"],
    )
    async def join(table_id: str, req: JoinRequest) -> JoinResponse:
        """Take the first free human seat with the invitation code."""
        room = await room_or_404(table_id)
        if not secrets.compare_digest(req.invite_code.encode(), room.invite_code.encode()):
            raise ApiError(403, "bad_invite", "this invitation code is not the table's")
        async with room.lock:
            table = room.table
            if table.started:
                raise ApiError(409, "already_started", "the game has already started")
            free = [i for i, s in enumerate(table.seats) if not s.is_bot and not s.joined]
            if not free:
                raise ApiError(409, "table_full", "every seat at this table is taken")
            seat = free[0]
            lang = room.lang
            token = secrets.token_urlsafe(24)
            table.seats[seat].joined = True
            table.seats[seat].name = _human_name(req.name, seat, lang)
            room.stored_seats[seat].token_hash = hash_token(token)
            room.save_seat(seat)
            await room.broadcast([Event("joined", {"seat": seat, "name": table.seats[seat].name})])
        return JoinResponse(
            table_id=table_id,
            seat=seat,
            token=token,
            url=f"/table/{table_id}?seat={seat}#token={token}",
        )

    @app.post(
        "/api/tables/{table_id}/start",
        response_model=TableInfo,
        responses=_ERRORS,
        tags=["tables"],
    )
    async def start(table_id: str, req: StartRequest) -> dict[str, Any]:
        """The host starts the game; empty human seats are given to bots of level ``fill``."""
        room = await room_or_404(table_id)
        seat = room.seat_for_token(req.token)
        if seat is None:
            raise ApiError(403, "bad_token", "this token is not one of the table's")
        if seat != room.host:
            raise ApiError(403, "not_host", "only the host can start the game")
        fill = _level(req.fill)
        async with room.lock:
            table = room.table
            if table.started:
                raise ApiError(409, "already_started", "the game has already started")
            empty = [i for i, s in enumerate(table.seats) if not s.is_bot and not s.joined]
            lang = room.lang
            try:
                events = table.start(fill)
            except TableError as exc:
                raise ApiError(409, exc.code, exc.message) from None
            names = _bot_names([fill] * len(empty), lang)
            for name, i in zip(names, empty, strict=True):
                table.seats[i].name = name
                room.save_seat(i)
            storage.mark_started(table_id)
            await room.commit(events)
            return room.info()

    @app.get("/api/tables/{table_id}", response_model=TableInfo, responses=_ERRORS, tags=["tables"])
    async def get_table(table_id: str) -> dict[str, Any]:
        """Public information about a table: seats, status, standing. No secrets, no cards."""
        room = await room_or_404(table_id)
        return room.info()

    # -- the WebSocket ----------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def ws_endpoint(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        room = await rooms.get(table_id)
        if room is None:
            await websocket.close(POLICY_VIOLATION, "unknown table")
            return
        if not token:
            await websocket.close(POLICY_VIOLATION, "missing token")
            return
        seat = room.seat_for_token(token)
        if seat is None:
            await websocket.close(POLICY_VIOLATION, "bad token")
            return
        await room.connect(seat, websocket)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    try:
                        text = data.decode()
                    except UnicodeDecodeError:
                        await room.error(websocket, "bad_json", "the message is not JSON text")
                        continue
                try:
                    await room.handle(seat, websocket, text)
                except Exception:  # a bug must not cost the player their socket
                    log.exception("table %s: message from seat %d failed", table_id, seat)
                    await room.error(websocket, "internal", "the server could not do that")
        except WebSocketDisconnect:
            pass
        finally:
            await room.disconnect(seat, websocket)
            rooms.forget_if_finished(room)

    # -- the web client ---------------------------------------------------------------------
    def page(name: str) -> Response:
        path = web / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(_FALLBACK.format(page=name))

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/join/{table_id}/{invite_code}", include_in_schema=False)
    async def join_page(table_id: str, invite_code: str) -> Response:
        return page("join.html")

    @app.get("/embed", include_in_schema=False)
    async def embed_page() -> Response:
        return page("embed.html")

    scores.install(app, storage.engine, web)  # the score keeper: /api/scores, /score

    if web.is_dir():
        app.mount("/static", StaticFiles(directory=web), name="static")

    return app
