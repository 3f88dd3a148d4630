"""The analysis and hints over HTTP: a finished deal's analysis (cached, off the event loop), a
deal in play refused, a hint by the seat's token in a header, only against computers."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from briscola.analysis import Analysis
from briscola.apps.server.analysis import AnalysisCache
from briscola.core.cards import Card, Rank
from server_helpers import Player, client_for, play_humans  # type: ignore[import-not-found]

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "analysis.schema.json").read_text()
)


def play_vs_computer(client: Any, preset: str = "classic", seed: int = 3) -> tuple[str, Player]:
    """A table against the computer (seat 0 human), played to the end of its deal."""
    rng = random.Random(seed)
    r = client.post("/api/play", json={"preset": preset, "level": "simple"})
    assert r.status_code == 200, r.text
    me = Player(client, r.json()["table_id"], 0, r.json()["token"])
    me.connect()
    while me.last_state["table"]["status"] not in ("deal_over", "over"):
        obs = me.last_state["observation"]
        if obs["turn"] == 0 and obs["legal"]:
            me.send({"type": "action", "action": rng.choice(obs["legal"])})
        assert me.recv()["type"] == "state"
    return r.json()["table_id"], me


def analysis_of(client: Any, url: str, **params: Any) -> Any:
    """The analysis at ``url`` once it is ready (a 202 reply means: still being worked out)."""
    for _ in range(120):
        r = client.get(url, params={"wait": 5, **params})
        if r.status_code != 202:
            return r
    raise AssertionError(f"{url}: no analysis after ten minutes")


def test_a_finished_deal_is_analysed_from_a_seat_s_view(tmp_path: Path) -> None:
    with client_for(tmp_path / "a.db") as client:
        client.app.state.analysis_budget = 16
        table_id, me = play_vs_computer(client)
        url = f"/api/tables/{table_id}/deals/0/analysis"
        r = analysis_of(client, url, seat=1)
        assert r.status_code == 200, r.text
        body = r.json()
        jsonschema.validate(body["analysis"], SCHEMA)
        assert body["analysis"]["seat"] == 1 and body["analysis"]["finished"] is True
        assert len(body["analysis"]["moves"]) == 20 and len(body["seats"]) == 2
        blunder = body["ratings"]["blunder"]
        assert (blunder["it"], blunder["en"]) == ("errore grave", "blunder")
        cache = client.app.state.analysis_cache
        assert client.get(url, params={"seat": 1}).json() == body  # from the cache
        assert list(cache._done) == [("analysis", table_id, 0, 1)]
        bad = client.get(url, params={"seat": 5})  # a rule the schema cannot say: 400
        assert (bad.status_code, bad.json()["code"]) == (400, "bad_seat")
        assert client.get(f"/api/tables/{table_id}/deals/3/analysis?seat=0").status_code == 404
        assert client.get("/api/tables/nope/deals/0/analysis?seat=0").status_code == 404
        me.close()


def test_a_deal_in_play_is_not_analysed_and_a_hint_needs_the_token(tmp_path: Path) -> None:
    with client_for(tmp_path / "b.db") as client:
        r = client.post("/api/play", json={"preset": "classic", "level": "simple"})
        table_id, token = r.json()["table_id"], r.json()["token"]
        me = Player(client, table_id, 0, token)
        me.connect()
        r = client.get(f"/api/tables/{table_id}/deals/0/analysis", params={"seat": 0})
        assert r.status_code == 409 and r.json()["code"] == "deal_not_over"
        hint_url = f"/api/tables/{table_id}/hint"
        assert client.get(hint_url).status_code == 422  # no token: the header is required
        bad = client.get(hint_url, headers={"X-Seat-Token": "nope"})
        assert bad.status_code == 403 and bad.json()["code"] == "bad_token"
        while me.last_state["observation"]["turn"] != 0:
            me.recv()
        tip = client.get(hint_url, headers={"X-Seat-Token": token})
        assert tip.status_code == 200, tip.text
        legal = me.last_state["observation"]["legal"]
        body = tip.json()
        assert body["best"] in legal and {a["action"] for a in body["actions"]} == set(legal)
        card = Card.parse(body["best"])  # the classic deal's first move is a card to play
        article = "l'" if card.rank is Rank.ASSO else "il "
        assert body["reason"]["it"].startswith(f"Gioca {article}{card.name('it')}: vinci il ")
        assert body["reason"]["en"].startswith(f"Play the {card.name('en')}: you win ")
        assert body["reason"]["ro"].startswith(f"Joacă {card.name('ro')}: câștigi în ")
        r = client.post("/api/play", json={"preset": "chiamata", "level": "simple"})
        auction = client.get(
            f"/api/tables/{r.json()['table_id']}/hint", headers={"X-Seat-Token": r.json()["token"]}
        )  # the auction waits for seat 0's bid: no card to play yet
        assert auction.status_code == 409 and auction.json()["code"] == "not_your_turn"
        me.close()


def test_no_hints_at_a_table_with_friends(tmp_path: Path) -> None:
    with client_for(tmp_path / "c.db") as client:
        client.app.state.analysis_budget = 16
        table_id, players = play_humans(client, "classic", seed=2)
        r = client.get(f"/api/tables/{table_id}/hint", headers={"X-Seat-Token": players[0].token})
        assert r.status_code == 403 and r.json()["code"] == "hints_off"
        r = analysis_of(client, f"/api/tables/{table_id}/deals/0/analysis", seat=0)
        assert r.status_code == 200  # the analysis of a finished deal is for everybody's view


def test_the_cache_computes_once_and_keeps_the_latest() -> None:
    calls: list[int] = []

    def compute(n: int) -> Any:
        calls.append(n)
        return n

    async def scenario() -> list[Any]:
        cache = AnalysisCache(size=2)
        first = await asyncio.gather(
            *(cache.get(("t", 0, 0), lambda: compute(0)) for _ in range(3))
        )
        await cache.get(("t", 1, 0), lambda: compute(1))
        await cache.get(("t", 2, 0), lambda: compute(2))
        await cache.get(("t", 0, 0), lambda: compute(3))  # dropped: computed again
        return [first, list(cache._done)]

    first, kept = asyncio.run(scenario())
    assert first == [0, 0, 0] and calls == [0, 1, 2, 3]
    assert kept == [("t", 2, 0), ("t", 0, 0)]


def test_a_failed_analysis_is_not_cached() -> None:
    def boom() -> Analysis:
        raise ValueError("no")

    async def scenario() -> bool:
        cache = AnalysisCache()
        with pytest.raises(ValueError):
            await cache.get(("t", 0, 0), boom)
        return not cache._done and not cache._running

    assert asyncio.run(scenario())


def test_an_analysis_being_worked_out_answers_202_with_its_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first request starts the work and, not done within ``wait``, is answered 202 with
    the share of the moves done; later ones see it grow; the last one gets the analysis."""
    from briscola.apps.server.analysis import routes

    gates = [threading.Event(), threading.Event()]
    real = routes.analyze

    def staged(record: Any, seat: int, budget: int, seed: int, progress: Any) -> Analysis:
        progress(1, 4)
        gates[0].wait(30)
        progress(3, 4)
        gates[1].wait(30)
        return real(record, seat, budget, seed=seed, progress=progress)

    monkeypatch.setattr(routes, "analyze", staged)

    def progress_when(client: Any, url: str, share: float) -> list[Any]:
        seen = []
        for _ in range(100):
            r = client.get(url, params={"seat": 0, "wait": 0})
            assert r.status_code == 202, r.text
            seen.append(r.json())
            if r.json()["progress"] == share:
                return seen
            time.sleep(0.05)
        raise AssertionError(f"the progress never reached {share}: {seen[-3:]}")

    with client_for(tmp_path / "p.db") as client:
        client.app.state.analysis_budget = 4
        table_id, me = play_vs_computer(client)
        url = f"/api/tables/{table_id}/deals/0/analysis"
        first = progress_when(client, url, 0.25)
        assert first[0] in ({"status": "running", "progress": 0.0}, first[-1])
        assert first[-1] == {"status": "running", "progress": 0.25}
        gates[0].set()
        assert progress_when(client, url, 0.75)[-1] == {"status": "running", "progress": 0.75}
        gates[1].set()
        done = analysis_of(client, url, seat=0)
        assert done.status_code == 200 and len(done.json()["analysis"]["moves"]) == 20
        assert client.get(url, params={"seat": 0, "wait": 0}).json() == done.json()  # cached
        spec = client.get("/openapi.json").json()
        replies = spec["paths"]["/api/tables/{table_id}/deals/{number}/analysis"]["get"]
        assert "202" in replies["responses"] and "200" in replies["responses"]
        assert client.get(url, params={"seat": 0, "wait": 31}).status_code == 422
        me.close()


def test_a_chiamata_deal_s_analysis_names_the_auction_and_the_call(tmp_path: Path) -> None:
    with client_for(tmp_path / "q.db") as client:
        client.app.state.analysis_budget = 8
        table_id, me = play_vs_computer(client, "chiamata", seed=5)
        r = analysis_of(client, f"/api/tables/{table_id}/deals/0/analysis", seat=0)
        assert r.status_code == 200, r.text
        body = r.json()
        jsonschema.validate(body["analysis"], SCHEMA)
        assert body["phases"]["auction"]["it"] == "asta"
        assert body["phases"]["call"]["en"] == "call"
        phases = [m["phase"] for m in body["analysis"]["moves"]]
        assert phases[0] == "auction" and phases[-1] == "play"
        me.close()


def _friends_table(client: Any, hints: bool | None) -> tuple[str, list[tuple[int, str]]]:
    """A two-player table of two people, started: (table id, [(seat, token)])."""
    body: dict[str, Any] = {"preset": "classic", "seats": ["human", "human"], "host_name": "Anna"}
    if hints is not None:
        body["hints"] = hints
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    table_id, code = r.json()["table_id"], r.json()["invite_code"]
    j = client.post(f"/api/tables/{table_id}/join", json={"invite_code": code, "name": "Bea"})
    assert j.status_code == 200, j.text
    tokens = [(0, r.json()["token"]), (1, j.json()["token"])]
    start = client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    assert start.status_code == 200, start.text
    assert start.json()["hints"] is bool(hints)
    return table_id, tokens


def _hint_for_the_seat_to_play(client: Any, table_id: str, tokens: list[tuple[int, str]]) -> Any:
    """The hint asked by the seat whose turn it is (and the other seat's answer: not its turn)."""
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "playing"
    players = [Player(client, table_id, seat, token) for seat, token in tokens]
    turn = players[0].connect()["observation"]["turn"]
    players[0].close()
    other = client.get(
        f"/api/tables/{table_id}/hint", headers={"X-Seat-Token": tokens[1 - turn][1]}
    )
    mine = client.get(f"/api/tables/{table_id}/hint", headers={"X-Seat-Token": tokens[turn][1]})
    return mine, other


def test_the_host_may_allow_hints_at_a_table_with_friends_and_it_survives_a_restart(
    tmp_path: Path,
) -> None:
    db = tmp_path / "h.db"
    with client_for(db) as client:
        client.app.state.analysis_budget = 8
        allowed, tokens = _friends_table(client, hints=True)
        refused, refused_tokens = _friends_table(client, hints=None)  # off by default
        assert client.get(f"/api/tables/{allowed}").json()["hints"] is True
        assert client.get(f"/api/tables/{refused}").json()["hints"] is False
        mine, other = _hint_for_the_seat_to_play(client, allowed, tokens)
        assert mine.status_code == 200, mine.text
        assert Card.parse(mine.json()["best"]).name("it") in mine.json()["reason"]["it"]
        assert other.status_code == 409 and other.json()["code"] == "not_your_turn"
        mine, _ = _hint_for_the_seat_to_play(client, refused, refused_tokens)
        assert mine.status_code == 403 and mine.json()["code"] == "hints_off"
    with client_for(db) as client:  # a new server on the same database: the setting is kept
        client.app.state.analysis_budget = 8
        assert client.get(f"/api/tables/{allowed}").json()["hints"] is True
        assert client.get(f"/api/tables/{refused}").json()["hints"] is False
        assert _hint_for_the_seat_to_play(client, allowed, tokens)[0].status_code == 200
        mine, _ = _hint_for_the_seat_to_play(client, refused, refused_tokens)
        assert mine.status_code == 403 and mine.json()["code"] == "hints_off"


def test_an_older_database_gets_the_hints_column_with_hints_off(tmp_path: Path) -> None:
    import sqlalchemy
    from alembic import command
    from alembic.config import Config

    from briscola.apps.server.store import MIGRATIONS, Storage

    db = tmp_path / "old.db"
    with client_for(db) as client:
        table_id, _ = _friends_table(client, hints=True)
    engine = sqlalchemy.create_engine(f"sqlite:///{db}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:  # as a version before migrations and the setting
        config.attributes["connection"] = conn
        command.downgrade(config, "0001_baseline")
        conn.execute(sqlalchemy.text("ALTER TABLE briscola_tables DROP COLUMN hints"))
        conn.execute(sqlalchemy.text("DROP TABLE alembic_version"))
    engine.dispose()
    storage = Storage(db)  # the baseline migration adds the column back, empty
    stored = storage.load(table_id)
    storage.close()
    assert stored is not None and stored.hints is False
    with client_for(db) as client:
        assert client.get(f"/api/tables/{table_id}").json()["hints"] is False
