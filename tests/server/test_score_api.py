"""The score keeper's HTTP API: sheets behind a secret link, changes with revisions, undo and
redo, the win, new games and trophies, stale revisions, messages in Italian and English, history,
CSV, and the pages."""

from __future__ import annotations

import csv
import inspect
import io
from pathlib import Path
from typing import Any, get_args

from score_sheets import create_sheet

from briscola.apps.server.scores import KEY_RE, SheetResponse
from briscola.apps.server.scores.routes import _METHODS
from briscola.apps.server.scores.schemas import AnyChange
from briscola.scorekeeper import Sheet
from server_helpers import TestClient, client_for

create = create_sheet  # the ``client`` fixture is the server tests' (conftest.py)


def change(
    client: TestClient, sheet: dict[str, Any], lang: str = "it", **op: Any
) -> dict[str, Any]:
    """Make a change at the sheet's revision; the new sheet (checked to be a 200)."""
    r = client.post(
        f"/api/scores/{sheet['id']}/changes?lang={lang}",
        json={"revision": sheet["revision"], "change": op},
    )
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def refused(
    client: TestClient, sheet: dict[str, Any], status: int, code: str, lang: str = "it", **op: Any
) -> str:
    r = client.post(
        f"/api/scores/{sheet['id']}/changes?lang={lang}",
        json={"revision": sheet["revision"], "change": op},
    )
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and body["message"], body
    return str(body["message"])


def test_create_and_get_a_sheet(client: TestClient) -> None:
    sheet = create(client, competitors=["Anna+Bruno", "Carla+Dario"], target="120")
    assert KEY_RE.match(sheet["id"]) and len(sheet["id"]) >= 22
    assert sheet["url"] == f"/score/{sheet['id']}"
    assert sheet["revision"] == 1
    view = sheet["sheet"]
    assert view["name"] == "Anna & Bruno – Carla & Dario"
    assert [c["name"] for c in view["competitors"]] == ["Anna & Bruno", "Carla & Dario"]
    assert view["competitors"][0]["members"] == ["Anna", "Bruno"]
    assert (view["target"], view["format"], view["totals"]) == ("120", "single", [0, 0])
    assert sheet["target_text"] == "120 punti in due smazzate"
    assert (sheet["target_value"], sheet["single_deal"], sheet["counts_points"]) == (
        120,
        False,
        True,
    )
    again = client.get(f"/api/scores/{sheet['id']}?lang=en").json()
    assert again["sheet"] == view and again["target_text"] == "120 points over two deals"
    # each sheet has its own key, and the same name twice is fine (no accounts to clash)
    other = create(client, competitors=["Anna+Bruno", "Carla+Dario"], target="120")
    assert other["id"] != sheet["id"]


def test_create_with_a_name_target_and_format(client: TestClient) -> None:
    sheet = create(
        client,
        name="  Sabato  sera ",
        competitors=["Anna", "Bruno", "Carla"],
        target="chiamata:15",
        format="best-of:3",
        declarations=False,
    )
    view = sheet["sheet"]
    assert view["name"] == "Sabato sera"
    assert (view["target"], view["format"], view["wins_needed"]) == ("chiamata:15", "best-of:3", 2)
    assert sheet["counts_points"] is False and sheet["target_value"] == 15
    assert sheet["format_text"] == "al meglio di 3"


def test_quick_buttons_pad_win_and_new_game(client: TestClient) -> None:
    sheet = create(client, format="best-of:3")
    for delta in (10, 10, 5, 1):
        sheet = change(client, sheet, op="add", competitor=0, delta=delta)
    sheet = change(client, sheet, op="add", competitor=0, delta=-5)
    assert sheet["sheet"]["totals"] == [21, 0] and sheet["revision"] == 6
    assert sheet["change"] == "Anna -5" and sheet["undo_label"] == "Anna -5"
    sheet = change(client, sheet, op="set_total", competitor=1, value=42)
    assert sheet["sheet"]["outcome"] == "playing"
    sheet = change(client, sheet, op="add", competitor=0, delta=43)
    view = sheet["sheet"]
    assert view["totals"] == [64, 42]
    assert (view["outcome"], view["winner"], view["decides_match"]) == ("win", 0, False)
    # the win shows, the game stays open until New game
    assert view["game"] == 1 and view["history"] == []
    sheet = change(client, sheet, op="new_game")
    view = sheet["sheet"]
    assert view["game"] == 2 and view["totals"] == [0, 0] and view["outcome"] == "playing"
    assert [c["trophies"] for c in view["competitors"]] == [1, 0]
    assert view["standing"] == [1, 0]
    assert view["history"][0]["totals"] == [64, 42] and view["history"][0]["winner"] == "Anna"
    # a second win takes the match (best of 3)
    sheet = change(client, sheet, op="set_total", competitor=0, value=80)
    assert sheet["sheet"]["decides_match"] is True
    sheet = change(client, sheet, op="new_game")
    view = sheet["sheet"]
    assert view["match"] == 2 and view["standing"] == [0, 0]
    assert view["competitors"][0] == {"name": "Anna", "members": [], "trophies": 2, "matches": 1}
    assert view["history"][1]["match_winner"] == "Anna"


def test_undo_and_redo_every_change(client: TestClient) -> None:
    sheet = create(client)
    sheet = change(client, sheet, op="add", competitor=0, delta=10)
    sheet = change(client, sheet, op="set_total", competitor=1, value=30)
    sheet = change(client, sheet, op="rename", competitor=1, name="Bea")
    assert [c["name"] for c in sheet["sheet"]["competitors"]] == ["Anna", "Bea"]
    sheet = change(client, sheet, lang="en", op="undo")
    assert sheet["change"] == "Bruno → Bea"
    assert sheet["sheet"]["competitors"][1]["name"] == "Bruno"
    sheet = change(client, sheet, op="undo")
    assert sheet["change"] == "Bruno = 30" and sheet["sheet"]["totals"] == [10, 0]
    assert sheet["sheet"]["can_redo"] is True and sheet["redo_label"] == "Bruno = 30"
    sheet = change(client, sheet, op="redo")
    assert sheet["sheet"]["totals"] == [10, 30]
    sheet = change(client, sheet, op="undo")
    sheet = change(client, sheet, op="undo")
    assert sheet["sheet"]["can_undo"] is False and sheet["undo_label"] is None
    message = refused(client, sheet, 400, "nothing_to_undo", op="undo")
    assert message == "niente da annullare"
    # a new change drops what was undone
    sheet = change(client, sheet, op="add", competitor=1, delta=1)
    assert sheet["sheet"]["can_redo"] is False
    assert refused(client, sheet, 400, "nothing_to_redo", lang="en", op="redo") == (
        "nothing to redo"
    )


def test_new_game_undone_takes_the_trophy_back(client: TestClient) -> None:
    sheet = create(client)
    sheet = change(client, sheet, op="set_total", competitor=1, value=70)
    sheet = change(client, sheet, op="new_game")
    assert sheet["sheet"]["competitors"][1]["trophies"] == 1
    sheet = change(client, sheet, op="undo")
    assert sheet["change"] == "nuova partita"
    assert sheet["sheet"]["competitors"][1]["trophies"] == 0
    assert sheet["sheet"]["totals"] == [0, 70] and sheet["sheet"]["winner"] == 1
    history = client.get(f"/api/scores/{sheet['id']}/history").json()
    assert history["games"] == []


def test_sixty_sixty_is_a_draw_without_trophy(client: TestClient) -> None:
    sheet = create(client)
    sheet = change(client, sheet, op="set_total", competitor=0, value=60)
    sheet = change(client, sheet, op="set_total", competitor=1, value=60)
    view = sheet["sheet"]
    assert (view["outcome"], view["winner"], view["deal_is_draw"]) == ("draw", None, True)
    sheet = change(client, sheet, op="new_game")
    view = sheet["sheet"]
    assert view["history"][0]["outcome"] == "draw"
    assert [c["trophies"] for c in view["competitors"]] == [0, 0]


def test_deals_over_a_game(client: TestClient) -> None:
    sheet = create(client, target="120")
    sheet = change(client, sheet, op="set_total", competitor=0, value=70)
    sheet = change(client, sheet, op="set_total", competitor=1, value=50)
    sheet = change(client, sheet, op="next_deal")
    sheet = change(client, sheet, op="add", competitor=0, delta=60)
    assert sheet["sheet"]["outcome"] == "playing"  # the other side's points are not in yet
    sheet = change(client, sheet, op="add", competitor=1, delta=60)
    view = sheet["sheet"]
    assert view["deals"] == [[70, 50], [60, 60]] and view["totals"] == [130, 110]
    assert view["outcome"] == "win"
    single = create(client)
    single = change(client, single, op="add", competitor=0, delta=1)
    message = refused(client, single, 400, "single_deal", lang="en", op="next_deal")
    assert "single deal" in message


def test_checks_speak_italian_and_english(client: TestClient) -> None:
    sheet = create(client)
    sheet = change(client, sheet, op="set_total", competitor=0, value=73)
    it = refused(client, sheet, 400, "over_120", op="set_total", competitor=1, value=50)
    assert it == (
        "una smazzata vale al massimo 120 punti (senza accusi): "
        "qui sarebbero 123 (Anna 73 + Bruno 50)"
    )
    en = refused(client, sheet, 400, "over_120", lang="en", op="add", competitor=1, delta=48)
    assert en.startswith("a deal is worth at most 120 points")
    neg = refused(client, sheet, 400, "negative", op="add", competitor=1, delta=-5)
    assert neg == "Bruno: -5 punti in una smazzata; i punti non possono essere negativi"
    refused(client, sheet, 400, "zero_delta", op="add", competitor=1, delta=0)
    refused(client, sheet, 400, "unknown_competitor", op="add", competitor=5, delta=1)
    refused(client, sheet, 400, "duplicate_name", op="rename", competitor=1, name="anna")
    refused(client, sheet, 400, "even_best_of", op="format", format="best-of:4")
    refused(client, sheet, 400, "target_low", op="target", target="0")
    refused(client, sheet, 400, "too_few_competitors", op="remove_competitor", competitor=0)
    # nothing changed: the revision is the same
    now = client.get(f"/api/scores/{sheet['id']}").json()
    assert now["revision"] == sheet["revision"] and now["sheet"]["totals"] == [73, 0]
    # Accept-Language when there is no ?lang=
    r = client.post(
        "/api/scores", json={"competitors": ["Anna"]}, headers={"Accept-Language": "en"}
    )
    assert r.status_code == 400 and r.json() == {
        "code": "too_few_competitors",
        "message": "a sheet needs at least two competitors",
    }
    r = client.post("/api/scores", json={"competitors": ["Anna", "anna"]})
    assert r.json()["message"] == "c'è già un concorrente di nome anna"
    r = client.post("/api/scores?lang=en", json={"competitors": ["A", "B"], "target": "sette"})
    assert r.json()["code"] == "bad_target"


def test_settings_changes(client: TestClient) -> None:
    sheet = create(client)
    sheet = change(client, sheet, op="add_competitor", name="Carla+Dario")
    sheet = change(client, sheet, op="rename_sheet", name="Torneo")
    sheet = change(client, sheet, op="target", target="200")
    sheet = change(client, sheet, op="format", format="first-to:2")
    sheet = change(client, sheet, op="declarations", allowed=True)
    sheet = change(client, sheet, op="remove_competitor", competitor=0)
    view = sheet["sheet"]
    assert view["name"] == "Torneo"
    assert [c["name"] for c in view["competitors"]] == ["Bruno", "Carla & Dario"]
    assert (view["target"], view["format"], view["declarations"]) == ("200", "first-to:2", True)
    assert sheet["target_text"] == "200 punti"


def test_a_change_sent_again_with_its_id_is_counted_once(client: TestClient) -> None:
    """A phone whose answer was lost sends the same change again (same id, the revision it
    had): the sheet counts it once and answers 200 with the sheet as it is."""
    sheet = create(client)
    url = f"/api/scores/{sheet['id']}/changes"
    body = {
        "revision": sheet["revision"],
        "change": {"op": "add", "competitor": 1, "delta": 5},
        "id": "phone-a-000001",
    }
    first = client.post(url, json=body)
    assert first.status_code == 200 and first.json()["sheet"]["totals"] == [0, 5]
    again = client.post(url, json=body)
    assert again.status_code == 200, again.text
    assert again.json()["sheet"]["totals"] == [0, 5]
    assert again.json()["revision"] == first.json()["revision"] == sheet["revision"] + 1
    # a new id at the old revision is a stale change as before; at the new one it counts
    fresh = {**body, "id": "phone-a-000002"}
    assert client.post(url, json=fresh).status_code == 409
    fresh["revision"] = first.json()["revision"]
    assert client.post(url, json=fresh).json()["sheet"]["totals"] == [0, 10]
    # undo the first: sending it again still changes nothing
    undone = change(client, client.get(f"/api/scores/{sheet['id']}").json(), op="undo")
    assert undone["sheet"]["totals"] == [0, 5]
    assert client.post(url, json=body).json()["sheet"]["totals"] == [0, 5]


def test_a_change_id_is_checked(client: TestClient) -> None:
    sheet = create(client)
    url = f"/api/scores/{sheet['id']}/changes?lang=en"
    for bad in ["short", "x" * 65, "has space 123", "àccentato123", 12345678]:
        r = client.post(url, json={"change": {"op": "add", "competitor": 0, "delta": 1}, "id": bad})
        assert r.status_code == 422, (bad, r.text)
        assert r.json()["code"] == "invalid_request", r.json()
        assert r.json()["message"].startswith("id: "), r.json()
    assert client.get(f"/api/scores/{sheet['id']}").json()["sheet"]["totals"] == [0, 0]


def test_a_stale_revision_is_refused_with_the_current_sheet(client: TestClient) -> None:
    phone_a = create(client)
    phone_b = client.get(f"/api/scores/{phone_a['id']}").json()
    phone_a = change(client, phone_a, op="add", competitor=0, delta=10)
    r = client.post(
        f"/api/scores/{phone_b['id']}/changes?lang=en",
        json={
            "revision": phone_b["revision"],
            "change": {"op": "add", "competitor": 1, "delta": 5},
        },
    )
    assert r.status_code == 409
    body = r.json()
    assert body["code"] == "stale_sheet" and "changed meanwhile" in body["message"]
    current = SheetResponse.model_validate(body["current"])
    assert current.revision == phone_a["revision"] and current.sheet.totals == [10, 0]
    # retried at the current revision it goes through; without a revision it always does
    retried = change(client, body["current"], op="add", competitor=1, delta=5)
    assert retried["sheet"]["totals"] == [10, 5]
    r = client.post(
        f"/api/scores/{phone_b['id']}/changes",
        json={"change": {"op": "add", "competitor": 1, "delta": 1}},
    )
    assert r.status_code == 200 and r.json()["sheet"]["totals"] == [10, 6]


def test_unknown_sheets_and_bad_requests(client: TestClient) -> None:
    for key in ("nope", "A" * 22):
        r = client.get(f"/api/scores/{key}?lang=en")
        assert r.status_code == 404
        assert r.json() == {
            "code": "not_found",
            "message": "no score sheet at this link: check the address",
        }
    sheet = create(client)
    r = client.post(f"/api/scores/{sheet['id']}/changes", json={"change": {"op": "jump"}})
    assert r.status_code == 422 and r.json()["code"] == "invalid_request"
    r = client.post(
        f"/api/scores/{sheet['id']}/changes",
        json={"change": {"op": "add", "competitor": 0, "delta": 10, "extra": 1}},
    )
    assert r.status_code == 422
    r = client.post("/api/scores", json={"competitors": [f"P{i}" for i in range(13)]})
    assert r.status_code == 400 and r.json()["code"] == "too_many_competitors"
    for body in ({"competitors": ["A\x00", "B"]}, {"competitors": ["A", "B"], "name": "x\x00y"}):
        r = client.post("/api/scores", json=body)
        assert r.status_code == 422, r.text
        assert "control characters" in r.json()["message"]
    r = client.post(
        f"/api/scores/{sheet['id']}/changes",
        json={
            "revision": sheet["revision"],
            "change": {"op": "rename", "competitor": 0, "name": "\x00"},
        },
    )
    assert r.status_code == 422 and "control characters" in r.json()["message"]
    assert client.get(f"/api/scores/{sheet['id']}").json()["sheet"] == sheet["sheet"]


def test_history_and_csv(client: TestClient) -> None:
    sheet = create(client, name="Sera", format="first-to:2")
    sheet = change(client, sheet, op="set_total", competitor=0, value=70)
    sheet = change(client, sheet, op="set_total", competitor=1, value=50)
    sheet = change(client, sheet, op="new_game")
    sheet = change(client, sheet, op="add", competitor=1, delta=10)
    history = client.get(f"/api/scores/{sheet['id']}/history").json()
    assert history["name"] == "Sera"
    [game] = history["games"]
    assert (game["number"], game["totals"], game["winner"]) == (1, [70, 50], "Anna")
    assert game["finished_at"].startswith("20")
    r = client.get(f"/api/scores/{sheet['id']}/export.csv?lang=en")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert r.headers["content-disposition"] == 'attachment; filename="sera.csv"'
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows == [
        ["game", "match", "outcome", "winner", "Anna", "Bruno"],
        ["1", "1", "win", "Anna", "70", "50"],
        ["2", "1", "in progress", "", "0", "10"],
        ["trophies", "", "", "", "1", "0"],
        ["matches won", "", "", "", "0", "0"],
    ]
    it = client.get(f"/api/scores/{sheet['id']}/export.csv").text
    assert it.splitlines()[0] == "partita,incontro,esito,vincitore,Anna,Bruno"


def test_sheets_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "briscola.db"
    with client_for(db) as client:
        sheet = create(client)
        sheet = change(client, sheet, op="add", competitor=1, delta=10)
    with client_for(db) as client:
        again = client.get(f"/api/scores/{sheet['id']}").json()
        assert again["revision"] == sheet["revision"] and again["sheet"]["totals"] == [0, 10]
        assert change(client, again, op="undo")["sheet"]["totals"] == [0, 0]


def test_pages_and_openapi(client: TestClient) -> None:
    for path in ("/score", "/score/abcdefghijklmnopqrstuv"):
        r = client.get(path)
        assert r.status_code == 200 and "/static/js/score/main.js" in r.text
    r = client.get("/score-sw.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert 'href="/score"' in client.get("/").text
    paths = client.get("/openapi.json").json()["paths"]
    assert {
        "/api/scores",
        "/api/scores/{key}",
        "/api/scores/{key}/changes",
        "/api/scores/{key}/history",
        "/api/scores/{key}/export.csv",
    } <= set(paths)
    ops = paths["/api/scores/{key}/changes"]["post"]
    assert {"200", "400", "404", "409"} <= set(ops["responses"])


def test_every_change_of_the_union_has_its_handler() -> None:
    """Each change a request may carry (:data:`AnyChange`) is made by the sheet's method of its
    ``op`` (or the one :data:`_METHODS` names), which takes the change's other fields in order
    (one added to the union without one would be answered 500)."""
    for model in get_args(get_args(AnyChange)[0]):
        op, *fields = model.model_fields
        for name in get_args(model.model_fields[op].annotation):
            method = getattr(Sheet, _METHODS.get(name, name), None)
            assert callable(method), name
            assert len(inspect.signature(method).parameters) == 1 + len(fields), name
