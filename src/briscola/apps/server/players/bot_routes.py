"""The bot accounts' HTTP API, under ``/api/players/me/bots`` (docs/online.md, "Bots online"):
a claimed account makes a bot account and is shown its token once, lists its bots and their
tokens (ids and dates, never a token), makes another token for a bot and revokes one.

Each path takes one method, as the players' routes do (``GET .../bots`` lists, ``POST
.../bots/new`` makes one): a 405's ``Allow`` header names the path's one method. As every
players' route: the cookie's player only (no route acts for an id it is given: another
player's bot or token is ``no_such_bot``, as one that does not exist), every change refused from
another site (``cross_site``), a new bot counted against the ``create`` rate. A token is in one
answer's body only; it is never in a URL or a log.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from briscola.apps.server.errors import API_PREFIX, RATE_LIMITED, ApiError, request_lang, word
from briscola.apps.server.limits import client_ip
from briscola.apps.server.players.accounts import USERNAME, AccountError
from briscola.apps.server.players.bots import Bots
from briscola.apps.server.players.routes import CHANGES, Me, within_rate
from briscola.apps.server.schemas import ErrorResponse

__all__ = ["router"]

_ENGLISH: Final = {
    "bot_needs_account": "only an account with a username makes bot accounts: sign up first",
    "bad_username": "a username is 3 to 24 letters, digits, '.', '-' or '_'",
    "username_taken": "another player has that username",
    "too_many_bots": "an account makes at most 10 bot accounts",
    "no_such_bot": "no such bot or token among yours",
}
_STATUS: Final = {"bad_username": 422, "username_taken": 409, "too_many_bots": 409,
                  "no_such_bot": 404}  # fmt: skip


class NewBot(BaseModel):
    """A bot account's name (its username: 3 to 24 letters, digits, ``.``, ``-``, ``_``) and
    avatar."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=64, json_schema_extra={"pattern": f"^{USERNAME.pattern}$"})
    avatar: str = Field("🤖", max_length=16)


def _refused(request: Request, code: str) -> ApiError:
    lang = request_lang(request)
    message = word(code, _ENGLISH[code], lang, prefix=API_PREFIX)
    return ApiError(_STATUS.get(code, 403), code, message)


def _bots(request: Request) -> Bots:
    state = request.app.state
    if getattr(state, "bots", None) is None:
        state.bots = Bots(state.storage.engine)
    bots: Bots = state.bots
    return bots


AllBots = Annotated[Bots, Depends(_bots)]

router = APIRouter(
    prefix="/api/players/me/bots",
    tags=["players"],
    responses={
        401: {"model": ErrorResponse, "description": "not_signed_in"},
        403: {"model": ErrorResponse, "description": "cross_site; bot_needs_account"},
        404: {"model": ErrorResponse, "description": "no_such_bot"},
    },
)
"""The bot accounts' routes."""


@router.post(
    "/new",
    status_code=201,
    dependencies=CHANGES,
    responses={
        **RATE_LIMITED,
        409: {"model": ErrorResponse, "description": "username_taken; too_many_bots"},
        422: {"model": ErrorResponse, "description": "bad_username"},
    },
)
async def create(body: NewBot, request: Request, owner: Me, bots: AllBots) -> Any:
    """Make a bot account: the answer holds its token, shown this once (only its hash is
    kept: a lost token is revoked and another made)."""
    within_rate(request, "create", client_ip(request.scope))
    try:
        bot, token = bots.create(owner.id, body.name.strip(), body.avatar.strip())
    except AccountError as exc:
        raise _refused(request, exc.code) from None
    return {"bot": bot.public(), "token": token}


@router.get("")
async def listed(owner: Me, bots: AllBots) -> Any:
    """The player's bot accounts, each with its tokens' ids and dates (never a token)."""
    return {"bots": [bot.public() for bot in bots.of_owner(owner.id)]}


@router.post("/{bot_id}/tokens", status_code=201, dependencies=CHANGES)
async def new_token(bot_id: str, request: Request, owner: Me, bots: AllBots) -> Any:
    """Another token for one of the player's bots, shown this once."""
    try:
        view, token = bots.new_token(owner.id, bot_id)
    except AccountError as exc:
        raise _refused(request, exc.code) from None
    return {**view.public(), "token": token}


@router.post("/{bot_id}/tokens/{token_id}/revoke", dependencies=CHANGES)
async def revoke(bot_id: str, token_id: str, request: Request, owner: Me, bots: AllBots) -> Any:
    """Revoke one of the player's bots' tokens: the lobby refuses it from now on."""
    try:
        bots.revoke(owner.id, bot_id, token_id)
    except AccountError as exc:
        raise _refused(request, exc.code) from None
    return {"ok": True}
