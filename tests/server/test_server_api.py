"""The game server's HTTP API: catalog, play now, create/join/start, errors, storage, pages."""

from __future__ import annotations

import sqlite3
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

import briscola
from briscola.apps.server.catalog import PresetsResponse
from briscola.apps.server.protocol import PublicTable
from briscola.apps.server.tables import NAMES
from server_helpers import TestClient, client_for, make_table


def error(r: Any, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and body["message"], body
    return str(body["message"])


def test_importing_briscola_does_not_import_the_server() -> None:
    import subprocess
    import sys

    code = "import sys, briscola, briscola.session.table; print('fastapi' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert briscola.__version__


def test_the_server_package_imports_no_web_framework() -> None:
    import subprocess
    import sys

    code = "import sys, briscola.apps.server; print('fastapi' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


def test_healthz(client: TestClient) -> None:
    health = client.get("/healthz").json()
    assert health["status"] == "ok"
    assert health["bot_workers"] == 0 and health["bot_queue"] == 0 and health["bot_budget"] == 1
    assert health["bot_ready"] is True and health["tables"] == 0
    assert health["version"] == version("briscola")  # the installed package's (issue 38)


def test_presets_list_every_preset_with_options_and_defaults(client: TestClient) -> None:
    body = client.get("/api/presets").json()
    PresetsResponse.model_validate(body)
    names = [p["name"] for p in body["presets"]]
    assert names == ["classic", "three", "quattro", "pairs", "six", "scoperta", "chiamata"]
    by_name = {p["name"]: p for p in body["presets"]}
    assert by_name["chiamata"]["players"] == 5 and by_name["pairs"]["teams"]
    assert by_name["classic"]["title"]["it"] and by_name["classic"]["title"]["en"]
    options = {o["name"]: o for o in by_name["classic"]["options"]}
    assert options["exchange"]["values"] == ["none", "two", "seven"]
    assert options["exchange"]["default"] == "none"
    assert "removed" in {o["name"] for o in by_name["three"]["options"]}
    assert "single" in [m["name"] for m in body["match_formats"]]
    # "two deals to 120", the match the seeds name first, is offered next to a single deal
    second = body["match_formats"][1]
    assert second["name"] == "points:120"
    assert second["title"] == {"it": "Due smazzate a 120", "en": "Two deals to 120",
                               "ro": "Două mâini la 120"}  # fmt: skip


def test_every_option_value_makes_a_table(client: TestClient) -> None:
    for p in client.get("/api/presets").json()["presets"]:
        for option in p["options"]:
            for value in option["values"]:
                if p["name"] == "scoperta" and option["name"] == "open_hands" and not value:
                    continue
                r = client.post(
                    "/api/play",
                    json={
                        "preset": p["name"],
                        "options": {option["name"]: value},
                        "level": "random",
                    },
                )
                assert r.status_code == 200, (p["name"], option["name"], value, r.text)


def test_levels_come_from_the_bot_registry(client: TestClient) -> None:
    body = client.get("/api/levels").json()
    names = [lv["name"] for lv in body["levels"]]
    assert "random" in names and "simple" in names and body["default"] == "simple"
    assert all(lv["title"]["it"] and lv["description"]["en"] for lv in body["levels"])


def test_levels_say_where_they_play_and_hide_the_frozen_baseline(client: TestClient) -> None:
    levels = {lv["name"]: lv for lv in client.get("/api/levels").json()["levels"]}
    assert levels["neural"]["presets"] == ["classic", "pairs"]  # the presets with a network
    assert levels["champion"]["presets"] is None
    assert "champion-v1" not in levels  # for the arena, not offered to people


def test_play_now_makes_a_started_table(client: TestClient) -> None:
    r = client.post("/api/play", json={"preset": "pairs", "level": "random", "name": "Zoe"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["seat"] == 0 and len(body["token"]) >= 20
    assert body["url"] == f"/table/{body['table_id']}?seat=0#token={body['token']}"
    info = client.get(f"/api/tables/{body['table_id']}").json()
    PublicTable.model_validate(info)  # strictly: no field the document does not say
    assert info["status"] == "playing" and info["deal"] == 0
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
    assert info["seats"][0]["name"] == "Zoe" and info["seats"][1]["bot"] == "random"
    assert body["token"] not in str(info)


def test_no_computer_player_is_named_as_a_person_at_the_table(client: TestClient) -> None:
    # a draw that ignored the people's names would give one in about 31 tables of 100 here (five
    # computers of sixteen names), more below (where two computers sit from the start, whose
    # names the two drawn at the start must not repeat): in 20 tables almost surely once
    for _ in range(20):
        r = client.post("/api/play", json={"preset": "six", "name": "marco 🦊 Rossi"})
        seats = client.get(f"/api/tables/{r.json()['table_id']}").json()["seats"]
        computers = [s["name"] for s in seats if s["kind"] == "bot"]
        assert len(computers) == 5 and "Marco" not in computers, computers
    for _ in range(20):  # the seats left empty, given to the computer as the host starts
        seats = ["human", "bot", "bot", "human", "human", "human"]
        body = {"preset": "six", "host_name": "Giulia B.", "seats": seats}
        r = client.post("/api/tables", json=body)
        tid, code, host = r.json()["table_id"], r.json()["invite_code"], r.json()["token"]
        client.post(f"/api/tables/{tid}/join", json={"invite_code": code, "name": "Luca"})
        seats = client.post(f"/api/tables/{tid}/start", json={"token": host}).json()["seats"]
        computers = [s["name"] for s in seats if s["kind"] == "bot"]
        assert len(set(computers)) == 4 and not {"Giulia", "Luca"} & set(computers), computers


def test_a_computer_is_named_again_when_a_person_of_its_name_joins(
    client: TestClient, db: Path
) -> None:
    r = client.post("/api/tables", json={"preset": "three", "seats": ["human", "human", "bot"]})
    tid, code = r.json()["table_id"], r.json()["invite_code"]
    computer = client.get(f"/api/tables/{tid}").json()["seats"][2]["name"]
    client.post(f"/api/tables/{tid}/join", json={"invite_code": code, "name": computer.upper()})
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[1]["name"] == computer.upper() and seats[2]["kind"] == "bot"
    assert seats[2]["name"] in NAMES and seats[2]["name"] != computer
    with sqlite3.connect(db) as con:  # stored with the seat taken
        query = "SELECT name FROM briscola_seats WHERE table_id = ? AND seat = 2"
        assert con.execute(query, (tid,)).fetchone() == (seats[2]["name"],)


def test_play_now_defaults(client: TestClient) -> None:
    r = client.post("/api/play", json={})
    assert r.status_code == 200
    info = client.get(f"/api/tables/{r.json()['table_id']}").json()
    assert info["preset"] == "classic" and info["seats"][1]["bot"] == "simple"
    assert info["seats"][0]["name"] == "Giocatore 1"


def test_bad_requests_are_explained(client: TestClient) -> None:
    error(client.post("/api/play", json={"preset": "seven"}), 400, "unknown_preset")
    msg = error(
        client.post("/api/play", json={"options": {"exchange": "three"}}), 400, "bad_options"
    )
    assert "exchange" in msg
    msg = error(client.post("/api/play", json={"options": {"colour": "red"}}), 400, "bad_options")
    assert "colour" in msg
    error(
        client.post("/api/play", json={"preset": "pairs", "options": {"open_hands": True}}),
        400,
        "bad_options",
    )
    error(client.post("/api/play", json={"level": "grandmaster"}), 400, "unknown_level")
    error(client.post("/api/play", json={"match": "best-of:4"}), 400, "bad_match")
    error(client.post("/api/play", json={"lang": "fr"}), 422, "invalid_request")
    error(client.post("/api/play", json={"presetx": 1}), 422, "invalid_request")
    for bad in ("An\x00na", "Anna\nMaria", "\x07"):
        msg = error(client.post("/api/play", json={"name": bad}), 422, "invalid_request")
        assert "name" in msg and "control characters" in msg
    msg = error(client.post("/api/tables", json={"host_name": "H\x00"}), 422, "invalid_request")
    assert "host_name" in msg
    r = client.post("/api/play", content=b"not json", headers={"content-type": "application/json"})
    error(r, 422, "invalid_request")
    error(client.post("/api/tables", json={"seats": ["human"]}), 400, "bad_seats")
    error(client.post("/api/tables", json={"seats": ["bot", "human"]}), 400, "bad_seats")
    error(client.post("/api/tables", json={"seats": ["human", "robot"]}), 400, "bad_seats")
    error(client.post("/api/tables", json={"seats": ["human", "bot:nobody"]}), 400, "unknown_level")
    error(client.get("/api/tables/nope"), 404, "not_found")
    error(client.post("/api/tables/nope/join", json={"invite_code": "x"}), 404, "not_found")


def test_create_join_start(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={
            "preset": "pairs",
            "match": "best-of:3",
            "seats": ["human", "bot:random", "human", "human"],
            "host_name": "Anna",
            "lang": "en",
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    tid, code, host = body["table_id"], body["invite_code"], body["token"]
    assert body["invite_url"] == f"/join/{tid}/{code}" and body["seat"] == 0
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "waiting" and info["deal"] is None
    assert [s["joined"] for s in info["seats"]] == [True, True, False, False]
    assert info["seats"][2]["name"] == "Player 3"

    error(client.post(f"/api/tables/{tid}/join", json={"invite_code": "wrong"}), 403, "bad_invite")
    j = client.post(f"/api/tables/{tid}/join", json={"invite_code": code, "name": "Bruno"})
    assert j.status_code == 200 and j.json()["seat"] == 2
    bruno = j.json()["token"]
    assert j.json()["url"] == f"/table/{tid}?seat=2#token={bruno}"
    assert client.get(f"/api/tables/{tid}").json()["seats"][2]["name"] == "Bruno"

    error(client.post(f"/api/tables/{tid}/start", json={"token": bruno}), 403, "not_host")
    error(client.post(f"/api/tables/{tid}/start", json={"token": "nope"}), 403, "bad_token")
    error(
        client.post(f"/api/tables/{tid}/start", json={"token": host, "fill": "x"}),
        400,
        "unknown_level",
    )
    s = client.post(f"/api/tables/{tid}/start", json={"token": host, "fill": "random"})
    assert s.status_code == 200, s.text
    info = s.json()
    assert info["status"] == "playing"
    assert info["seats"][3]["kind"] == "bot" and info["seats"][3]["bot"] == "random"
    # a computer player takes an Italian first name (the level is shown beside it)
    assert info["seats"][3]["name"] in NAMES
    error(client.post(f"/api/tables/{tid}/start", json={"token": host}), 409, "already_started")
    error(
        client.post(f"/api/tables/{tid}/join", json={"invite_code": code}), 409, "already_started"
    )


def test_a_full_table_refuses_joins(client: TestClient) -> None:
    tid, tokens, code = make_table(client, "classic", ["human", "human"])
    assert len(tokens) == 2
    error(client.post(f"/api/tables/{tid}/join", json={"invite_code": code}), 409, "table_full")


def test_tokens_are_stored_as_hashes_only(client: TestClient, db: Path) -> None:
    tid, tokens, _ = make_table(client, "three", ["human", "human", "bot"])
    with sqlite3.connect(db) as con:
        dump = "\n".join(con.iterdump())
    for _, token in tokens:
        assert token not in dump
    assert dump.count("briscola_seats") >= 1 and tid in dump


def test_openapi_describes_the_api(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    for path in (
        "/api/presets",
        "/api/levels",
        "/api/play",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/start",
    ):
        assert path in doc["paths"], path
    schemas = doc["components"]["schemas"]
    for name in ("PlayRequest", "PlayResponse", "PublicTable", "ErrorResponse", "JoinRequest"):
        assert name in schemas


def test_pages_are_served(client: TestClient) -> None:
    tid, _, code = make_table(client, "classic", ["human", "human"])
    pages = ("/", f"/table/{tid}", f"/join/{tid}/{code}", "/embed?preset=classic&level=simple")
    for path in pages:
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"], path
        assert "<html" in r.text.lower()
    for path in ("/table/abc", "/join/abc/def"):  # no such table: the error page, not a table
        r = client.get(path)
        assert r.status_code == 404 and "text/html" in r.headers["content-type"], path


def test_static_files_and_missing_pages(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "js" / "app.js").write_text("export const x = 1;\n")
    (web / "table.html").write_text("<!doctype html><html><body>TABLE PAGE</body></html>")
    with client_for(tmp_path / "db.sqlite", static_dir=web) as c:
        assert c.get("/static/js/app.js").text == "export const x = 1;\n"
        tid, _, _ = make_table(c, "classic", ["human", "human"])
        assert "TABLE PAGE" in c.get(f"/table/{tid}").text
        assert c.get("/table/xyz").status_code == 404  # no such table
        home = c.get("/")
        assert home.status_code == 200 and "not installed" in home.text
        assert c.get("/static/nope.js").status_code == 404


def test_pacing_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from briscola.apps.server.app import create_app

    monkeypatch.setenv("BRISCOLA_BOT_DELAY", "0.25")
    monkeypatch.setenv("BRISCOLA_HUMAN_TIMEOUT", "5")
    app = create_app(tmp_path / "a.db")
    assert app.state.settings.bot_delay == 0.25 and app.state.settings.human_timeout == 5
    assert create_app(tmp_path / "a.db", bot_delay=0).state.settings.bot_delay == 0
    monkeypatch.setenv("BRISCOLA_BOT_DELAY", "soon")
    with pytest.raises(ValueError, match="BRISCOLA_BOT_DELAY"):
        create_app(tmp_path / "a.db")
