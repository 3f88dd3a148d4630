"""The players' HTTP API (``/api/players/...``, docs/online.md): a guest, sign-up (claiming the
guest), log in and out, the player's own data, their games' download, deleting the account.

A browser is known by one cookie, :data:`COOKIE`: a session's random id (HttpOnly, SameSite=Lax,
Secure when the request came over HTTPS; the database keeps only its hash). No route takes a
player's id: each acts for the cookie's player only. Every request that changes something is
refused when it comes from another site (:func:`same_site`: ``Sec-Fetch-Site``, else
``Origin``). Sign-ups and new guests count against the ``create`` rate of the server's limiter,
wrong passwords against its ``guess`` rate, for the client's address and for the username (a
password cannot be guessed faster from many addresses). Errors are ``{"code", "message"}``,
the message the catalogs' ``web.api_error.<code>`` in the request's language (English words for
a request naming none, as :mod:`..errors` does for every error).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Final, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from briscola.apps.server.errors import API_PREFIX, RATE_LIMITED, ApiError, request_lang, word
from briscola.apps.server.limits import RateLimiter, client_ip, rate_limited
from briscola.apps.server.players.accounts import (
    PASSWORD_LENGTH,
    SESSION_DAYS,
    USERNAME,
    AccountError,
    Accounts,
    Player,
    deleted_name,
)
from briscola.apps.server.players.upkeep import merge_guest
from briscola.apps.server.schemas import ErrorResponse

__all__ = [
    "CHANGES",
    "COOKIE",
    "Me",
    "accounts_of",
    "router",
    "same_site",
    "seat_taken",
    "within_rate",
]

COOKIE: Final = "briscola_player"
"""The session cookie's name."""

_STATUS: Final = {"username_taken": 409, "already_claimed": 409, "bad_username": 422,
                  "bad_password": 422}  # fmt: skip
_ENGLISH: Final = {
    "not_signed_in": "no player here: start as a guest or log in",
    "bad_login": "wrong username or password",
    "wrong_password": "wrong password",
    "username_taken": "another player has that username",
    "already_claimed": "this player already has a username",
    "bad_username": "a username is 3 to 24 letters, digits, '.', '-' or '_'",
    "bad_password": "a password is 8 to 128 characters",
    "cross_site": "refused: the request comes from another site",
}
"""Each refusal's words for a program (a request naming no language); a person reads the
catalogs' ``web.api_error.<code>``."""


_USERNAME_SCHEMA: Final[dict[str, Any]] = {
    "pattern": f"^{USERNAME.pattern}$", "minLength": 3, "maxLength": 24,
}  # fmt: skip
_PASSWORD_SCHEMA: Final[dict[str, Any]] = {
    "minLength": PASSWORD_LENGTH[0], "maxLength": PASSWORD_LENGTH[1],
}  # fmt: skip


class Identity(BaseModel):
    """A guest's name and avatar (an emoji or a letter), as the home page keeps them."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field("", max_length=40)
    avatar: str = Field("", max_length=16)


class Settings(BaseModel):
    """A player's table settings, as the web client keeps them per device (js/table/prefs.js,
    js/common/deck.js, js/table/sound.js, the hand's order): each one of its choices; an unknown
    setting or choice is refused (422); ``true``/``false`` only for the switches, not 1 or 0."""

    model_config = ConfigDict(extra="forbid", strict=True)
    deck: Literal["progetto", "napoletane", "piacentine", "francesi"] | None = None
    cards: Literal["small", "normal", "large"] | None = None  # the hand's cards' size
    hold: Literal["short", "normal", "long"] | None = None  # how long a trick stays shown
    hand: Literal["right", "left"] | None = None  # the side for a left hand
    sound: bool | None = None
    volume: Literal["quiet", "normal", "loud"] | None = None
    sort: bool | None = None  # the hand sorted (else as dealt)


class Update(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, max_length=40)
    avatar: str | None = Field(None, max_length=16)
    settings: Settings | None = None


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class SignUp(BaseModel):
    """A username and a password to claim a player with. The document states their rules
    (:data:`~.accounts.USERNAME`, :data:`~.accounts.PASSWORD_LENGTH`); the server checks them
    itself, to answer ``bad_username`` or ``bad_password`` rather than a bare invalid request."""

    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64, json_schema_extra=_USERNAME_SCHEMA)
    password: str = Field(max_length=1024, json_schema_extra=_PASSWORD_SCHEMA)
    name: str = Field("", max_length=40)
    avatar: str = Field("", max_length=16)


class Confirm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str | None = Field(None, max_length=1024)


class PlayerView(BaseModel):
    """A player as they see themselves."""

    id: str
    name: str
    avatar: str
    username: str | None
    guest: bool
    created_at: str
    settings: dict[str, Any]
    bot: bool = False  # a bot account (players/bots.py)


def _refused(request: Request, code: str, status: int | None = None) -> ApiError:
    """The refusal ``code``, in the request's language."""
    message = word(code, _ENGLISH[code], request_lang(request), prefix=API_PREFIX)
    return ApiError(status or _STATUS.get(code, 403), code, message)


def accounts_of(request: Request) -> Accounts:
    """The app's players (made on first use, over the store's engine)."""
    state = request.app.state
    if getattr(state, "accounts", None) is None:
        state.accounts = Accounts(state.storage.engine)
    accounts: Accounts = state.accounts
    return accounts


def same_site(request: Request) -> bool:
    """Does the request come from this site's own pages (or from no page: a program)? A browser
    says where a request comes from in ``Sec-Fetch-Site``, else in ``Origin``."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == request.headers.get("host", "")


async def _checked(request: Request) -> None:
    """Refuse (``cross_site``) a request from another site."""
    if not same_site(request):
        raise _refused(request, "cross_site")


def _session(request: Request) -> str | None:
    value = request.cookies.get(COOKIE)
    return value if value and len(value) <= 128 else None


def _current(request: Request) -> Player | None:
    session = _session(request)
    return accounts_of(request).by_session(session) if session else None


async def _player(request: Request) -> Player:
    """The cookie's player, else ``not_signed_in`` (401)."""
    player = _current(request)
    if player is None:
        raise _refused(request, "not_signed_in", 401)
    return player


Me = Annotated[Player, Depends(_player)]
"""A route's parameter: the cookie's player (the bots' routes take it too)."""
Accts = Annotated[Accounts, Depends(accounts_of)]

router = APIRouter(
    prefix="/api/players",
    tags=["players"],
    responses={
        401: {"model": ErrorResponse, "description": "not_signed_in; bad_login"},
        403: {"model": ErrorResponse, "description": "cross_site; wrong_password"},
        409: {"model": ErrorResponse, "description": "username_taken; already_claimed"},
    },
)
"""The players' routes."""

CHANGES: Final = [Depends(_checked)]
"""A changing route's ``dependencies``: refused from another site before anything else."""
_RATE = RATE_LIMITED


def _limiter(request: Request) -> RateLimiter:
    limiter: RateLimiter = request.app.state.rooms.limiter
    return limiter


def within_rate(request: Request, kind: str, *keys: str) -> None:
    """Refuse the request (429) when any of ``keys`` is over its ``kind`` rate (``create``
    counts this request too; ``guess`` only checks: a wrong password is counted by
    :func:`_wrong`)."""
    limiter = _limiter(request)
    for key in keys:
        wait = limiter.take(kind, key) if kind == "create" else limiter.check(kind, key)
        if wait is not None:
            raise rate_limited(wait, "attempts")


def _wrong(request: Request, *keys: str) -> None:
    for key in keys:
        _limiter(request).charge("guess", key)


def _signed_in(request: Request, response: Response, accounts: Accounts, player_id: str) -> None:
    """A new session for the player in this browser (its former one, if any, ends)."""
    old = _session(request)
    if old:
        accounts.end_session(old)
    response.set_cookie(
        COOKIE,
        accounts.new_session(player_id),
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _name(text: str) -> str:
    return " ".join(text.split())


@router.post("/guest", response_model=PlayerView, dependencies=CHANGES, responses=_RATE)
async def guest(body: Identity, request: Request, response: Response, accounts: Accts) -> Any:
    """Play at once as a guest with this name and avatar; a browser that already is a player
    gets that player back (nothing new is made)."""
    player = _current(request)
    if player is not None:
        return player.public()
    within_rate(request, "create", client_ip(request.scope))
    player, session = accounts.new_guest(_name(body.name), body.avatar.strip())
    response.set_cookie(COOKIE, session, max_age=SESSION_DAYS * 86400, httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")  # fmt: skip
    return player.public()


@router.post("/signup", response_model=PlayerView, dependencies=CHANGES, responses=_RATE)
async def signup(body: SignUp, request: Request, response: Response, accounts: Accts) -> Any:
    """Claim this browser's guest (or a new player) with a username and a password."""
    within_rate(request, "create", client_ip(request.scope))
    player = _current(request)
    if player is None:
        player, first = accounts.new_guest(_name(body.name), body.avatar.strip())
        accounts.end_session(first)
    try:
        await asyncio.to_thread(accounts.claim, player.id, body.username, body.password)
    except AccountError as exc:
        raise _refused(request, exc.code) from None
    _signed_in(request, response, accounts, player.id)  # a new session id once claimed
    return accounts.update(player.id, None, None).public()


@router.post("/login", response_model=PlayerView, dependencies=CHANGES, responses=_RATE)
async def login(body: Credentials, request: Request, response: Response, accounts: Accts) -> Any:
    """Log in: this browser is the account's player from now on. A guest logging in brings
    their games to the account (their seats are the account's), and the guest is gone."""
    keys = (client_ip(request.scope), "login:" + body.username.casefold())
    within_rate(request, "guess", *keys)
    player = await asyncio.to_thread(accounts.check_login, body.username, body.password)
    if player is None:
        _wrong(request, *keys)
        raise _refused(request, "bad_login", 401)
    was = _current(request)
    if was is not None and was.guest:  # the guest's games are the account's from now on
        merge_guest(accounts.engine, was.id, player.id)
    _signed_in(request, response, accounts, player.id)
    return player.public()


@router.post("/logout", dependencies=CHANGES)
async def logout(request: Request, accounts: Accts) -> JSONResponse:
    """Log out: the session ends and the cookie goes."""
    session = _session(request)
    if session:
        accounts.end_session(session)
    reply = JSONResponse({"ok": True})
    reply.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return reply


@router.get("/me", response_model=PlayerView)
async def me(player: Me) -> Any:
    """The cookie's player."""
    return player.public()


@router.post("/me/update", response_model=PlayerView, dependencies=CHANGES)
async def update(body: Update, player: Me, accounts: Accts) -> Any:
    """Change the player's name, avatar or table settings (those given; the settings not given
    stay as stored)."""
    name = None if body.name is None else _name(body.name)
    avatar = None if body.avatar is None else body.avatar.strip()
    settings = body.settings.model_dump(exclude_none=True) if body.settings else None
    return accounts.update(player.id, name, avatar, settings).public()


@router.get("/me/games")
async def games(player: Me, accounts: Accts) -> JSONResponse:
    """Download the player's games (JSON): each table they sat at, with the record of each
    deal that is over."""
    body = {"player": player.public(), "games": accounts.games(player.id)}
    disposition = {"Content-Disposition": 'attachment; filename="briscola-games.json"'}
    return JSONResponse(body, headers=disposition)


@router.post("/me/delete", dependencies=CHANGES, responses=_RATE)
async def delete(body: Confirm, request: Request, player: Me, accounts: Accts) -> JSONResponse:
    """Delete the player (an account confirms with its password): their seats in past games
    read "deleted player" from then on, their sessions end."""
    if not player.guest:
        keys = (client_ip(request.scope), "login:" + (player.username or "").casefold())
        within_rate(request, "guess", *keys)
        ok = await asyncio.to_thread(
            accounts.check_login, player.username or "", body.password or ""
        )
        if ok is None or ok.id != player.id:
            _wrong(request, *keys)
            raise _refused(request, "wrong_password")
    seats = accounts.delete(player.id)
    await _rename_in_memory(request, seats)
    reply = JSONResponse({"ok": True, "seats": len(seats)})
    reply.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return reply


async def _rename_in_memory(request: Request, seats: list[tuple[str, int]]) -> None:
    """A table in memory now says "deleted player" at the seats too (it writes its seats again
    later, and would write the old name back)."""
    rooms = request.app.state.rooms
    loaded = set(rooms.table_ids())
    for table_id, seat in seats:
        if table_id in loaded and (room := await rooms.get(table_id)) is not None:
            async with room.lock:
                room.table.seats[seat].name = deleted_name(room.lang)
                await room.save_seat(seat)


def seat_taken(request: Request, table_id: str, seat: int, *, replace: bool = True) -> None:
    """The tables' routes call this once a seat is taken: the request's player (if it has one,
    and it comes from this site) sat there, so the table is one of their games. With
    ``replace`` false the seat is linked only if no player has it yet (the host starting a
    table made before their browser was a player)."""
    player = _current(request) if same_site(request) else None
    if player is not None:
        accounts_of(request).take_seat(player.id, table_id, seat, replace=replace)
