"""Errors a person meets, in the page's language: the server's pages for an unknown table and an
unknown address (HTML, 404, Italian unless ``?lang=``, the client's cookie or the browser asks
otherwise), the API's errors still JSON; and every error code the server sends has its words in
the web client's catalogue (js/common/strings-errors.js), in Italian and English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from server_helpers import (
    TestClient,
    client_for,
    error_page,
    page_language_from_cookie_then_browser,
)

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "briscola" / "apps" / "server"
SESSION = ROOT / "src" / "briscola" / "session"
STRINGS = ROOT / "src" / "briscola" / "apps" / "web" / "js" / "common" / "strings-errors.js"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(tmp_path_factory.mktemp("errors") / "briscola.db") as c:
        yield c


def test_an_unknown_table_is_a_page_in_italian_then_english(client: TestClient) -> None:
    html = error_page(client.get("/table/nosuchtable"))
    assert '<html lang="it">' in html
    assert "<h1>Questo tavolo non c&#39;è</h1>" in html
    assert 'href="/table/nosuchtable?lang=en"' in html and ">English</a>" in html
    assert '<script type="module" src="/static/js/table/errorpage.js"></script>' in html
    english = error_page(client.get("/table/nosuchtable?lang=en"))
    assert '<html lang="en">' in english and "<h1>There is no such table</h1>" in english
    # an invitation to a table that does not exist says the same
    assert "There is no such table" in error_page(client.get("/join/nosuchtable/code?lang=en"))


def test_the_page_language_comes_from_the_cookie_then_the_browser(client: TestClient) -> None:
    page_language_from_cookie_then_browser(client, "en", "en-GB,en;q=0.9", "Page not found")


def test_a_known_table_is_the_tableerror_page(client: TestClient) -> None:
    made = client.post("/api/tables", json={"seats": ["human", "human"]}).json()
    table_id = made["table_id"]
    assert client.get(f"/table/{table_id}").status_code == 200
    code = made["invite_url"].rsplit("/", 1)[-1]
    join = client.get(f"/join/{table_id}/{code}")
    assert join.status_code == 200 and "table/join.js" in join.text


def test_api_errors_stay_json(client: TestClient) -> None:
    for path in ("/api/nothing", "/api/tables/nosuchtable", "/static/nothing.js"):
        reply = client.get(path)
        assert reply.status_code == 404, path
        assert reply.headers["content-type"].startswith("application/json"), path
        assert set(reply.json()) >= {"code", "message"}, path
    assert client.post("/no/such/page").headers["content-type"].startswith("application/json")


# the ways the server's sources name an error's code
_CODE_PATTERNS = [
    r'ApiError\(\s*\d+,\s*"([a-z_]+)"',
    r'TableError\(\s*"([a-z_]+)"',
    r'Refusal\(\s*"([a-z_]+)"',
    r'\berror\(\s*\w+,\s*"([a-z_]+)"',
    r'"code":\s*"([a-z_]+)"',
    r'\bcode\s*=\s*"([a-z_]+)"',
    r'^\s*\d{3}: \("([a-z_]+)"',
]


def _server_codes() -> dict[str, str]:
    """Every error code in the game server's sources (the score keeper's are its own), with a
    file that sends it; a code held in a constant (``ApiError(409, DAMAGED, …)``) is resolved."""
    codes: dict[str, str] = {}
    for path in sorted([*SERVER.glob("*.py"), *SESSION.glob("*.py")]):  # scores/ aside
        text = path.read_text(encoding="utf-8")
        found = [m for p in _CODE_PATTERNS for m in re.findall(p, text, re.M)]
        for name in re.findall(r"ApiError\(\s*\d+,\s*([A-Z_]+)\b", text):
            found += re.findall(rf'^{name}\s*=\s*"([a-z_]+)"', text, re.M)
        for code in found:
            codes.setdefault(code, path.name)
    return codes


def _catalogue() -> dict[str, set[str]]:
    """The codes of strings-errors.js, by language."""
    text = STRINGS.read_text(encoding="utf-8")
    it, en = text.split("\n  en: {", 1)
    return {
        lang: set(re.findall(r'"error\.([a-z_]+)":', part))
        for lang, part in (("it", it), ("en", en))
    }


def test_every_error_code_of_the_server_has_words_in_both_languages() -> None:
    codes = _server_codes()
    assert {"not_your_turn", "not_found", "bad_invite", "internal", "too_large"} <= set(codes)
    catalogue = _catalogue()
    for lang, known in catalogue.items():
        missing = sorted(f"{code} ({where})" for code, where in codes.items() if code not in known)
        assert not missing, f"strings-errors.js ({lang}) lacks error.<code> for: {missing}"
    assert catalogue["it"] == catalogue["en"]
