"""The server in Romanian, the web client's third language: the pages it words itself (an unknown
table, an unknown address) in Romanian from ``?lang=ro``, the client's cookie or the browser's
Accept-Language, with a link to each other language; the API takes ``lang: "ro"`` (a table, a
score sheet) and sends Romanian titles and the score keeper's refusals in Romanian; a person
without a name is "Jucătorul N"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server_helpers import (
    TestClient,
    client_for,
    error_page,
    page_language_from_cookie_then_browser,
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(tmp_path_factory.mktemp("romanian") / "briscola.db") as c:
        yield c


def test_an_unknown_table_s_page_in_romanian(client: TestClient) -> None:
    html = error_page(client.get("/table/nosuchtable?lang=ro"))
    assert '<html lang="ro">' in html
    assert "<h1>Masa aceasta nu există</h1>" in html and "La pagina principală" in html
    # a link to each other language, named in that language, and none to Romanian itself
    assert 'href="/table/nosuchtable?lang=it" lang="it" hreflang="it">Italiano</a>' in html
    assert 'href="/table/nosuchtable?lang=en" lang="en" hreflang="en">English</a>' in html
    assert "?lang=ro" not in html
    # the Italian page offers Romanian too
    italian = error_page(client.get("/table/nosuchtable"))
    assert 'hreflang="ro">Română</a>' in italian and 'hreflang="en">English</a>' in italian


def test_romanian_from_the_cookie_and_from_the_browser(client: TestClient) -> None:
    page_language_from_cookie_then_browser(
        client, "ro", "ro-RO,ro;q=0.9,en;q=0.8", "Pagina nu a fost găsită"
    )


def test_the_catalog_sends_romanian_titles(client: TestClient) -> None:
    body = client.get("/api/presets").json()
    classic = next(p for p in body["presets"] if p["name"] == "classic")
    assert classic["title"]["ro"] == "Briscola clasică"
    assert all(o["title"]["ro"] and o["help"]["ro"] for o in classic["options"])
    assert body["match_formats"][0]["title"]["ro"] == "O mână"
    levels = client.get("/api/levels").json()["levels"]
    assert {lvl["name"]: lvl["title"]["ro"] for lvl in levels}["easy"] == "Ușor"


def test_a_romanian_table_names_a_person_without_a_name(client: TestClient) -> None:
    r = client.post("/api/play", json={"lang": "ro"})
    assert r.status_code == 200, r.text
    info = client.get(f"/api/tables/{r.json()['table_id']}").json()
    assert info["seats"][0]["name"] == "Jucătorul 1"
    made = client.post("/api/tables", json={"seats": ["human", "human"], "lang": "ro"})
    assert made.status_code == 200, made.text
    info = client.get(f"/api/tables/{made.json()['table_id']}").json()
    assert info["seats"][1]["name"] == "Jucătorul 2"


def test_the_score_keeper_takes_lang_ro(client: TestClient) -> None:
    r = client.post("/api/scores?lang=ro", json={"competitors": ["Ana", "Bogdan"]})
    assert r.status_code == 201, r.text
    key = r.json()["id"]
    assert client.get(f"/api/scores/{key}?lang=ro").status_code == 200
    assert client.get(f"/api/scores/{key}/export.csv?lang=ro").status_code == 200
    assert r.json()["target_text"] == "61 de puncte într-o mână"
    # a refusal in the page's words, from ?lang= or from the browser
    refused = client.post("/api/scores?lang=ro", json={"competitors": ["Ana"]})
    assert refused.json()["message"] == "o foaie are nevoie de cel puțin doi concurenți"
    asked = {"accept-language": "ro-RO,ro;q=0.9"}
    refused = client.post("/api/scores", json={"competitors": ["Ana"]}, headers=asked)
    assert refused.json()["message"] == "o foaie are nevoie de cel puțin doi concurenți"
