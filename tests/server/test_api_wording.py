"""The HTTP errors (the score keeper's are its own), and a socket's refusals before its table is
loaded, are said in the request's language (issue 12): ``?lang=``, else ``Accept-Language``; the
code, status and other fields are the same in every language, and a request that names none gets
the server's own words (English, with the details)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from briscola.apps.server.errors import API_PREFIX
from briscola.i18n import CATALOGS, DEFAULT_LANG, WEB_LANGS, t
from server.test_error_codes import table_api_codes
from server_helpers import Player, TestClient, client_for, hello, make_table, recv

pytestmark = pytest.mark.server

ASKED = [
    ({"lang": "it"}, {}, "it"),
    ({}, {"Accept-Language": "it-IT,it;q=0.9"}, "it"),
    ({"lang": "en"}, {"Accept-Language": "it"}, "en"),
    ({}, {"Accept-Language": "en"}, "en"),
]
"""(query, headers, the language they name): ``?lang=`` first, else Accept-Language."""

API_WORDED = {
    k.removeprefix(API_PREFIX) for k in CATALOGS[DEFAULT_LANG] if k.startswith(API_PREFIX)
}
"""The HTTP error codes the catalogs word."""


def said(reply: Any, status: int, code: str) -> str:
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert body["code"] == code, body
    return str(body["message"])


def api(key: str, lang: str, **facts: object) -> str:
    return t(f"web.api_error.{key}", lang, **facts)


@pytest.mark.parametrize(("query", "headers", "lang"), ASKED)
def test_the_table_apis_refusals_are_in_the_requests_language(
    client: TestClient, query: dict[str, str], headers: dict[str, str], lang: str
) -> None:
    def post(path: str, body: dict[str, Any]) -> Any:
        return client.post(path, json=body, params=query, headers=headers)

    bad = post("/api/play", {"preset": "nope"})
    assert said(bad, 400, "unknown_preset") == api("unknown_preset", lang)
    bad = post("/api/tables", {"options": {"colour": "red"}})
    assert said(bad, 400, "bad_options") == api("bad_options", lang)
    missing = client.get("/api/tables/nope", params=query, headers=headers)
    assert said(missing, 404, "not_found") == api("not_found", lang)
    made = client.post("/api/tables", json={"preset": "pairs", "host_name": "Anna"}).json()
    join = post(f"/api/tables/{made['table_id']}/join", {"invite_code": "x", "name": "Bea"})
    assert said(join, 403, "bad_invite") == api("bad_invite", lang)
    start = f"/api/tables/{made['table_id']}/start"
    assert said(post(start, {"token": "x" * 32}), 403, "bad_token") == api("bad_token", lang)
    assert post(start, {"token": made["token"]}).status_code == 200
    again = post(start, {"token": made["token"]})
    assert said(again, 409, "already_started") == api("already_started", lang)
    shape = post("/api/tables", {"preset": 5})
    assert said(shape, 422, "invalid_request") == api("invalid_request", lang)
    verb = client.put("/api/play", params=query, headers=headers)
    assert said(verb, 405, "method_not_allowed") == api("method_not_allowed", lang)


def test_a_request_naming_no_language_gets_the_servers_own_words(client: TestClient) -> None:
    assert "unknown preset" in said(
        client.post("/api/play", json={"preset": "nope"}), 400, "unknown_preset"
    )
    unknown = client.post("/api/tables", json={"options": {"colour": "red"}})
    assert "colour" in said(unknown, 400, "bad_options")  # the detail a program may need
    german = client.get("/api/tables/nope", headers={"Accept-Language": "de-DE"})
    assert "nope" in said(german, 404, "not_found")  # not a language of the web client


def test_every_worded_code_has_a_sentence_in_each_language() -> None:
    assert {"unknown_preset", "not_found", "server_full", "rate_limited", "internal"} <= API_WORDED
    for code in API_WORDED:
        texts = {lang: api(code, lang, seconds=3, n=9) for lang in WEB_LANGS}
        assert len(set(texts.values())) == len(WEB_LANGS), texts


def test_every_code_the_table_api_may_answer_is_worded() -> None:
    missing = sorted(table_api_codes() - API_WORDED)
    assert not missing, f"no web.api_error.<code> in the catalogs for {missing}"


def test_every_route_but_the_score_keepers_is_worded(client: TestClient) -> None:
    unknown = client.get("/api/nothing", params={"lang": "it"})
    assert said(unknown, 404, "not_found") == api("not_found", "it")
    verb = client.post("/api/presets", headers={"Accept-Language": "ro"})
    assert said(verb, 405, "method_not_allowed") == api("method_not_allowed", "ro")
    sheet = {"competitors": ["Anna", "Bruno"], "declarations": "yes"}
    own = client.post("/api/scores", params={"lang": "en"}, json=sheet)  # the keeper's words
    assert said(own, 422, "invalid_request").startswith("declarations: ")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_full_server_and_a_rate_are_said_with_their_numbers(db: Path, lang: str) -> None:
    with client_for(db, max_tables=1) as client:
        table_id, tokens, _ = make_table(client, "classic", ["human", "bot:simple"])
        me = Player(client, table_id, 0, tokens[0][1])
        me.connect()
        full = client.post("/api/play", json={}, headers={"Accept-Language": lang})
        assert said(full, 503, "server_full") == api("server_full", lang, n=1)
        me.close()
    with client_for(db, rate_exempt="none", create_rate="1/0.01") as client:
        assert client.post("/api/play", json={}).status_code == 200
        again = client.post("/api/play", json={}, params={"lang": lang})
        seconds = again.headers["Retry-After"]
        assert said(again, 429, "rate_limited") == api("rate_limited", lang, seconds=seconds)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_socket_refused_before_its_table_is_loaded_is_told_in_its_language(
    db: Path, lang: str
) -> None:
    with client_for(db, max_tables=1) as client:
        away, _, _ = make_table(client, "classic", ["human", "bot:simple"])
        here, tokens, _ = make_table(client, "classic", ["human", "bot:simple"])  # `away` left
        me = Player(client, here, 0, tokens[0][1])
        me.connect()
        headers = {"Accept-Language": f"{lang};q=0.9"}
        with client.websocket_connect(f"/ws/{away}", headers=headers) as ws:
            refused = recv(ws)  # to load it, `here` must go: it is in use
            assert refused["code"] == "server_full"
            assert refused["message"] == t("web.ws_error.server_full", lang)
        me.close()
    with client_for(db, rate_exempt="none", guess_rate="1/0.01") as client:
        table_id, tokens, _ = make_table(client, "classic", ["human", "bot:simple"])
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json(hello("A" * 32))  # a wrong token: the only guess there was
        with client.websocket_connect(f"/ws/{table_id}?lang={lang}") as ws:
            ws.send_json(hello(tokens[0][1]))
            refused = recv(ws)
            assert refused["code"] == "rate_limited"
            assert refused["message"] == t("web.ws_error.rate_limited", lang, seconds=100)


@pytest.mark.parametrize("lang", ["it", "en", "ro"])
def test_the_web_clients_lang_parameter_beats_the_browsers_language(
    client: TestClient, lang: str
) -> None:
    """The web client asks every API call in its page's language (``?lang=``, js/common/util.js
    withLang), whatever the browser's own Accept-Language: the hint's and the analysis' errors,
    which the page shows, come in the page's language."""
    browser = {"Accept-Language": "en-US,en;q=0.9" if lang != "en" else "it-IT,it;q=0.9"}
    table_id, _, _ = make_table(client, "classic", ["human", "bot:simple"])
    hint = f"/api/tables/{table_id}/hint?lang={lang}"
    wrong = client.get(hint, headers={**browser, "X-Seat-Token": "A" * 32})
    assert said(wrong, 403, "bad_token") == api("bad_token", lang)
    analysis = f"/api/tables/{table_id}/deals/7/analysis?seat=0&lang={lang}"
    assert said(client.get(analysis, headers=browser), 404, "no_such_deal") == api(
        "no_such_deal", lang
    )
    join = client.post(f"/api/tables/nope/join?lang={lang}", json={"invite_code": "x"})
    assert said(join, 404, "not_found") == api("not_found", lang)
