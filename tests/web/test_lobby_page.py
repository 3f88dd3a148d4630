"""The lobby page's script against the lobby's own declarations (no browser): it sends exactly
the lobby socket's client messages, a seek with the fields the server reads, offers exactly the
game kinds the lobby plays, and options that each of those games has."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

from briscola.apps.server.catalog import preset_options
from briscola.apps.server.lobby.messages import GAMES, ClientLobbyMessage, SeekMessage
from briscola.core.rules import PRESETS

WEB = Path(__file__).resolve().parents[2] / "src" / "briscola" / "apps" / "web"
PAGE = (WEB / "js" / "table" / "lobby.js").read_text(encoding="utf-8")
PARTS = (WEB / "js" / "table" / "lobby-parts.js").read_text(encoding="utf-8")


def js_list(source: str, name: str) -> list[Any]:
    """The array literal of strings ``export const NAME = [...]`` in a script."""
    found = re.search(rf"export const {name} = (\[[^\]]*\]);", source)
    assert found, name
    return list(json.loads(found.group(1)))


def test_the_page_sends_the_lobby_s_client_messages_only() -> None:
    sent = set(re.findall(r'send\(\{\s*type: "(\w+)"', PAGE))
    models = get_args(get_args(ClientLobbyMessage)[0])
    types = {get_args(m.model_fields["type"].annotation)[0] for m in models}
    assert sent == types == {"seek", "cancel", "fill"}
    seek = re.search(r'send\(\{\s*type: "seek",(.*?)\}\);', PAGE, re.S)
    assert seek is not None
    fields = set(re.findall(r"^\s*(\w+):", seek.group(1), re.M))
    assert fields | {"type"} == set(SeekMessage.model_fields)


def test_the_page_offers_the_lobby_s_games_and_options_they_have() -> None:
    assert tuple(js_list(PARTS, "GAMES")) == GAMES
    offered = js_list(PARTS, "OFFERED")
    options = {game: {o.name for o in preset_options(PRESETS[game])} for game in GAMES}
    for game in GAMES:  # what /api/presets offers each game (chiamata exchanges no briscola)
        assert set(offered) - {"exchange"} <= options[game], game
    assert sum("exchange" in options[game] for game in GAMES) == len(GAMES) - 1
