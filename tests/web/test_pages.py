"""The web client's pages as the server renders them (Jinja2 templates that extend
``layout/base.html``): each has the shared head, its own title and module script, and nothing of
the template language is left in the HTML."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from server_helpers import TestClient, client_for

WEB = Path(__file__).resolve().parents[2] / "src" / "briscola" / "apps" / "web"
# the stylesheets every page links first (layout/base.html), in the order of the cascade
STYLES = ("base.css", "home.css", "table.css", "seats.css", "felt.css", "hand.css", "panels.css",
          "embed.css")  # fmt: skip

# path: (title, module script, body class, viewport under the notch)
PAGES = {
    "/": ("Briscola", "table/home.js", "felt-bg home", False),
    "/join/{table}/{code}": ("Briscola", "table/join.js", "felt-bg home", False),
    "/table/{table}": ("Briscola", "table/table.js", None, True),
    "/embed?preset=classic": ("Briscola", "table/embed.js", None, False),
    "/online": ("Gioca online · Briscola", "table/lobby.js", "felt-bg home lobby-page", False),
    "/score": ("Segnapunti · Briscola", "score/main.js", "felt-bg sk-page", True),
    "/score/abcdefghijklmnop": ("Segnapunti · Briscola", "score/main.js", "felt-bg sk-page", True),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(tmp_path_factory.mktemp("pages") / "briscola.db") as c:
        yield c


@pytest.mark.parametrize("path", PAGES)
def test_each_page_has_the_shared_head_and_its_own_script(client: TestClient, path: str) -> None:
    title, script, body_class, cover = PAGES[path]
    if "{table}" in path:  # the pages of a table are pages only for a table that exists
        made = client.post("/api/tables", json={"seats": ["human", "human"]}).json()
        code = made["invite_url"].rsplit("/", 1)[-1]
        path = path.format(table=made["table_id"], code=code)
    reply = client.get(path)
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/html")
    html = reply.text
    assert html.startswith('<!doctype html>\n<html lang="it">\n<head>\n<meta charset="utf-8">\n')
    assert f"<title>{title}</title>" in html
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    sheets = re.findall(r'<link rel="stylesheet" href="/static/css/([^"]+)">', html)
    assert sheets[: len(STYLES)] == list(STYLES)  # the parts of the look, in their order
    assert all((WEB / "css" / sheet).is_file() for sheet in sheets)
    modules = re.findall(r'<script type="module" src="/static/js/([^"]+)"></script>', html)
    assert modules == [script]
    assert (WEB / "js" / script).is_file()
    body = f'<body class="{body_class}">' if body_class else "<body>"
    assert body in html
    assert ("viewport-fit=cover" in html) is cover
    assert "{%" not in html and "{{" not in html and "{#" not in html
    assert html.endswith("</body>\n</html>\n")


def test_the_score_page_has_its_own_styles_and_is_never_cached(client: TestClient) -> None:
    reply = client.get("/score")
    assert reply.headers["cache-control"] == "no-cache"
    assert '<link rel="stylesheet" href="/static/css/score.css">' in reply.text
    assert '<meta name="theme-color" content="#0f4525">' in reply.text
    assert "score.css" not in client.get("/").text
    assert "cache-control" not in client.get("/").headers


def test_the_brand_link_is_in_the_top_line_of_home_and_score(client: TestClient) -> None:
    brand = (WEB / "layout" / "brand.html").read_text(encoding="utf-8").strip()
    assert brand.startswith('<a class="brand" href="/">')
    for path in ("/", "/score"):
        header = client.get(path).text.split('<header class="topline', 1)[1].split("</header>")[0]
        assert brand in header, path


def test_a_page_missing_from_the_web_directory_says_so(tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    with client_for(tmp_path / "db.sqlite", static_dir=web) as c:
        home, score = c.get("/"), c.get("/score")
    for page, name in ((home, "index.html"), (score, "score.html")):
        assert page.status_code == 200 and f"the web client ({name}) is not installed" in page.text
