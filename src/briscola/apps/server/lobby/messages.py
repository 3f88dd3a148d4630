"""The lobby socket's messages (``/ws/lobby``, docs/online.md "Quick match"): typed pydantic
models, a discriminated union on ``type`` for each direction, read strictly by the protocol's
:class:`~briscola.apps.server.protocol.Reader` (an unknown field, type or value is refused with
``bad_message``, ``unknown_type``, ``bad_json`` or ``too_large``, as at a table).

No message carries a card, and none but ``matched`` a token: the receiver's own seat's, in its
URL, made as POST /api/tables makes its seat URLs.

>>> read_lobby('{"type": "seek", "game": "classic", "rated": true}')
SeekMessage(type='seek', game='classic', options={}, rated=True, opponents='people')
>>> read_lobby('{"type": "seek", "game": "classic", "colour": "red"}').code
'bad_message'
>>> read_lobby('{"type": "dance"}').code
'unknown_type'
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field

from briscola.apps.server.protocol import Reader, Refusal, Strict

__all__ = [
    "GAMES",
    "CancelMessage",
    "ClientLobbyMessage",
    "ErrorMessage",
    "FillMessage",
    "LobbyMessage",
    "MatchedMessage",
    "OfferMessage",
    "OpenTable",
    "SeekMessage",
    "SeekingMessage",
    "ServerLobbyMessage",
    "read_lobby",
]

GAMES = ("classic", "three", "quattro", "pairs", "six", "chiamata")
"""The game kinds offered online (the presets' names; ``scoperta`` is not offered)."""


# -- client -> server ----------------------------------------------------------------------------
class SeekMessage(Strict):
    """Look for a game: its kind, the options (the ones the catalog offers for it, as at
    POST /api/tables), rated or casual, against people or against bot accounts."""

    type: Literal["seek"]
    game: str = Field(max_length=20, examples=["classic"])
    options: dict[str, Any] = Field(default_factory=dict, max_length=12)
    rated: bool = False
    opponents: Literal["people", "bots"] = "people"


class CancelMessage(Strict):
    """Stop seeking."""

    type: Literal["cancel"]


class FillMessage(Strict):
    """After an ``offer``: play now, the empty seats given to computer players (casual)."""

    type: Literal["fill"]


ClientLobbyMessage = Annotated[
    Union[SeekMessage, CancelMessage, FillMessage],  # noqa: UP007
    Field(discriminator="type"),
]
"""What a lobby socket may send."""


# -- server -> client ----------------------------------------------------------------------------
class OpenTable(Strict):
    """A public table with free seats: what anybody may see of it (no card, no token)."""

    id: str
    game: str
    seats: int
    free: int
    host: str
    join_url: str


class LobbyMessage(Strict):
    """The lobby's numbers (summed over every server process) and the open public tables."""

    type: Literal["lobby"] = "lobby"
    online: int
    searching: int
    playing: int
    tables: list[OpenTable] = Field(default_factory=list)


class SeekingMessage(Strict):
    """The seek is in the pool: seconds waited so far and the ratings it accepts now."""

    type: Literal["seeking"] = "seeking"
    game: str
    rated: bool
    waited: float
    window: tuple[int, int]


class OfferMessage(Strict):
    """Nobody compatible came in time: the client may send ``fill``."""

    type: Literal["offer"] = "offer"


class MatchedMessage(Strict):
    """A table was made: the receiver's seat and its URL (with the seat's token)."""

    type: Literal["matched"] = "matched"
    table_id: str
    seat: int
    url: str


class ErrorMessage(Strict):
    """A refusal: ``code`` for programs, ``message`` in the player's language; ``until``: the
    end of a cool-down (``cooldown``), ISO 8601."""

    type: Literal["error"] = "error"
    code: str
    message: str
    until: str | None = None


ServerLobbyMessage = Annotated[
    Union[LobbyMessage, SeekingMessage, OfferMessage, MatchedMessage, ErrorMessage],  # noqa: UP007
    Field(discriminator="type"),
]
"""What the lobby sends."""

_READER = Reader(ClientLobbyMessage)


def read_lobby(text: str) -> SeekMessage | CancelMessage | FillMessage | Refusal:
    """The message a lobby socket sent in ``text``, or the :class:`Refusal` that says why not."""
    message: SeekMessage | CancelMessage | FillMessage | Refusal = _READER.read(text)
    return message
