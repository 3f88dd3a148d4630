"""The lessons' tables (apps/server/analysis/lessons.py): the same deal every time, and the engine's
reason for a move, at a lesson's table only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from briscola.analysis import evaluate, judge
from briscola.apps.server.analysis.lessons import LESSONS, reason
from briscola.core.actions import parse_action
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.session.table import Seat, Table
from server_helpers import Player, client_for  # type: ignore[import-not-found]


def lesson(client: Any, name: str, lang: str = "it") -> tuple[dict[str, Any], Player]:
    r = client.post(f"/api/lessons/{name}", json={"lang": lang})
    assert r.status_code == 200, r.text
    made = r.json()
    assert f"lesson={name}" in made["url"] and made["url"].startswith(f"/table/{made['table_id']}")
    me = Player(client, made["table_id"], 0, made["token"])
    me.connect()
    return made, me


def test_a_lesson_deals_the_same_cards_each_time(tmp_path: Path) -> None:
    with client_for(tmp_path / "a.db") as client:
        hands = []
        for _ in range(2):
            _, me = lesson(client, "first")
            obs = me.last_state["observation"]
            hands.append((obs["hand"], obs["briscola"]))
        assert hands[0] == hands[1]
        # the seed's deal: the first deal of a two-player table of that seed
        table = Table(
            preset("classic"), [Seat.human(), Seat.computer("simple")], seed=LESSONS["first"].seed
        )
        table.start()
        assert table.state is not None
        assert hands[0][0] == [str(c) for c in table.state.hands[0]]
        assert client.post("/api/lessons/nope", json={}).status_code == 404


def test_why_gives_the_engine_s_judgement_of_a_computer_move(tmp_path: Path) -> None:
    with client_for(tmp_path / "a.db") as client:
        client.app.state.analysis_budget = 8
        made, me = lesson(client, "first", "en")
        while not me.last_state["observation"]["actions"]:  # the computer leads the first trick
            assert me.recv()["type"] == "state"
        obs = me.last_state["observation"]
        why = f"/api/tables/{made['table_id']}/why"
        mine = {"X-Seat-Token": made["token"]}
        r = client.get(why, params={"move": 0}, headers=mine)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["seat"] == 1 and body["played"] == obs["actions"][0]
        # the same judgement worked out here from the lesson's deal, as seat 1 saw it
        table = Table(
            preset("classic"), [Seat.human(), Seat.computer("simple")], seed=LESSONS["first"].seed
        )
        table.start()
        log = table.deals[-1]
        state = new_game(preset("classic"), deck=log.deck, dealer=log.dealer)
        judged = judge(evaluate(observe(state, 1), 8, 0), parse_action(body["played"]))
        assert body["best"] == str(judged.best) and body["win"] == round(judged.win, 4)
        name = me.last_state["table"]["seats"][1]["name"]
        for lang in ("it", "en", "ro"):
            assert body["reason"][lang] == reason(judged, name, lang)
        assert body["reason"]["en"].startswith(f"{name} played the ")
        assert "Le altre mosse:" in body["reason"]["it"]
        again = client.get(why, params={"move": 0}, headers=mine)
        kept = client.app.state.analysis_cache._done
        assert again.json() == body and ("why", made["table_id"], 0, 0) in kept
        later = client.get(why, params={"move": 5}, headers=mine)
        assert (later.status_code, later.json()["code"]) == (409, "no_move")
        # the person's cards are named too: nobody else may ask (a spectator knows the table)
        other = client.get(why, params={"move": 0}, headers={"X-Seat-Token": "not-it"})
        assert (other.status_code, other.json()["code"]) == (403, "bad_token")
        assert client.get(why, params={"move": 0}).status_code == 422  # no token at all


def test_why_is_refused_at_any_other_table(tmp_path: Path) -> None:
    with client_for(tmp_path / "a.db") as client:
        r = client.post("/api/play", json={"preset": "classic"})
        table_id = r.json()["table_id"]
        token = {"X-Seat-Token": r.json()["token"]}
        refused = client.get(f"/api/tables/{table_id}/why", params={"move": 0}, headers=token)
        assert (refused.status_code, refused.json()["code"]) == (403, "not_lesson")
        gone = client.get("/api/tables/nope/why", params={"move": 0}, headers=token)
        assert gone.status_code == 404


def test_the_reason_words_a_bid_and_a_pass() -> None:
    state = new_game(preset("chiamata"), seed=LESSONS["chiamata"].seed)
    assert state.turn is not None
    values = evaluate(observe(state, state.turn), 4, 0)
    for action in (parse_action("pass"), parse_action("bid A")):
        judged = judge(values, action)
        it = reason(judged, "Anna", "it")
        assert it.startswith(
            "Anna ha passato." if str(action) == "pass" else "Anna ha offerto Asso."
        )
        assert "%" in it and "Le altre mosse:" in it
