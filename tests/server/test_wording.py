"""A table's socket errors are worded in the table's language (issue 13 item 8): Italian,
English or Romanian, the code the same in every language."""

from __future__ import annotations

import pytest

from briscola.apps.server.errors import PREFIX, word
from briscola.i18n import CATALOGS, DEFAULT_LANG, WEB_LANGS, t
from server.fuzzing import WS_CODES
from server_helpers import Player, TestClient

WORDED = {k.removeprefix(PREFIX) for k in CATALOGS[DEFAULT_LANG] if k.startswith(PREFIX)}
"""The socket error codes the catalogs word."""


def test_every_code_a_socket_may_get_is_worded_in_every_language() -> None:
    assert WS_CODES | {"internal"} <= WORDED
    for code in WORDED:
        texts = {lang: word(code, "the server's words", lang, seconds=3) for lang in WEB_LANGS}
        assert len(set(texts.values())) == len(WEB_LANGS), texts  # three different sentences
        assert "the server's words" not in texts.values()


@pytest.mark.parametrize("lang", WEB_LANGS)
def test_a_refused_move_and_message_are_said_in_the_table_s_language(
    client: TestClient, lang: str
) -> None:
    r = client.post("/api/tables", json={"preset": "classic", "host_name": "Anna", "lang": lang})
    assert r.status_code == 200, r.text
    body = r.json()
    host = Player(client, body["table_id"], 0, body["token"])
    host.connect()
    host.send({"type": "action", "action": "Ad"})
    refused = host.recv()
    assert refused["code"] == "not_started"
    assert refused["message"] == t("web.ws_error.not_started", lang)
    host.send({"type": "dance"})
    refused = host.recv()
    assert refused["code"] == "unknown_type"
    assert refused["message"] == t("web.ws_error.unknown_type", lang)
    host.close()
