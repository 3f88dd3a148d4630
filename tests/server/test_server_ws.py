"""The game server's WebSocket: full games for every preset, bad messages, tokens, turns,
restarts, absent humans, and the hidden-information guarantee."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from briscola.apps.server.protocol import ErrorMessage, StateMessage
from briscola.core.game import Phase, State
from briscola.core.rules import Ruleset
from helpers import deal_positions
from server.midgame import restart_mid_game
from server_helpers import (
    Player,
    TestClient,
    card_tokens,
    cards_on_the_table,
    client_for,
    connect_all,
    deal_states,
    hello,
    make_table,
    nothing_pending,
    play_humans,
    recv,
)

PRESETS = ["classic", "three", "pairs", "six", "scoperta", "chiamata"]


def play_vs_bots(
    client: TestClient,
    preset: str,
    seed: int,
    match: str = "single",
    options: dict[str, Any] | None = None,
    level: str = "random",
) -> Player:
    """One human (seat 0) against bots, through the WebSocket, to the end of the match."""
    rng = random.Random(seed)
    r = client.post(
        "/api/play",
        json={"preset": preset, "level": level, "match": match, "options": options or {}},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    me = Player(client, body["table_id"], 0, body["token"])
    me.connect()
    acted: set[tuple[int, int]] = set()
    asked: set[int] = set()
    for _ in range(20_000):
        state = me.last_state
        StateMessage.model_validate(state)
        status = state["table"]["status"]
        deal = state["table"]["deal"]
        if status == "over":
            break
        if status == "deal_over" and deal not in asked:
            asked.add(deal)
            me.send({"type": "next_deal"})
        obs = state["observation"]
        key = (deal, len(obs["actions"]))
        if status == "playing" and obs["turn"] == 0 and key not in acted:
            acted.add(key)
            me.send({"type": "action", "action": rng.choice(obs["legal"])})
        message = me.recv()
        assert message["type"] == "state", message
    else:  # pragma: no cover
        raise AssertionError("the match did not end")
    return me


# -- full games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_full_game_between_humans(client: TestClient, preset: str) -> None:
    match = "best-of:3" if preset == "classic" else "single"
    table_id, players = play_humans(client, preset, seed=PRESETS.index(preset), match=match)
    final = players[0].last_state
    assert final["table"]["status"] == "over" and final["table"]["match"]["over"]
    assert final["events"][-1]["type"] == "match_over"
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "over" and info["result"] == final["table"]["result"]


@pytest.mark.parametrize("preset", PRESETS)
def test_full_match_against_bots(client: TestClient, preset: str) -> None:
    match = "deals:2" if preset == "chiamata" else "first-to:2"
    me = play_vs_bots(client, preset, seed=3, match=match)
    final = me.last_state
    assert final["table"]["status"] == "over"
    assert len(final["table"]["match"]["deals"]) >= 2
    me.close()


def test_bots_play_with_a_delay(db: Path) -> None:
    with client_for(db, bot_delay=0.02) as c:
        start = time.monotonic()
        me = play_vs_bots(c, "classic", seed=1)
        elapsed = time.monotonic() - start
        bot_moves = sum(
            1 for m in me.messages for e in m["events"] if e["type"] == "played" and e["seat"] == 1
        )
        assert bot_moves == 20 and elapsed >= 0.02 * bot_moves
        me.close()


# -- bad messages, tokens, turns ----------------------------------------------------------------
def test_bad_messages_get_errors_and_the_socket_stays_open(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    a, b = connect_all(client, table_id, tokens)
    assert a.last_state["observation"] is None
    assert a.last_state["invite_url"] is not None and b.last_state["invite_url"] is None

    def err(p: Player, payload: Any, code: str, raw: bool = False) -> str:
        assert p.ws is not None
        if raw:
            p.ws.send_text(payload)
        else:
            p.send(payload)
        m = p.recv()
        ErrorMessage.model_validate(m)
        assert m["type"] == "error" and m["code"] == code, m
        assert m["message"]
        return str(m["message"])

    err(a, "{not json", "bad_json", raw=True)
    err(a, "[1, 2]", "bad_json", raw=True)
    err(a, {"type": "dance"}, "unknown_type")
    err(a, {"action": "Ad"}, "unknown_type")
    err(a, {"type": "action"}, "bad_message")
    err(a, {"type": "action", "action": 3}, "bad_message")
    err(a, {"type": "action", "action": "Ad"}, "not_started")
    err(a, {"type": "next_deal"}, "not_started")
    assert a.ws is not None
    a.ws.send_bytes(b"\xff\xfe")
    assert a.recv()["code"] == "bad_json"

    host = tokens[0][1]
    assert client.post(f"/api/tables/{table_id}/start", json={"token": host}).status_code == 200
    for p in (a, b):
        assert p.recv()["events"][0]["type"] == "deal_started"
    obs = a.last_state["observation"]
    turn = obs["turn"]
    mover, other = (a, b) if turn == a.seat else (b, a)
    msg = err(other, {"type": "action", "action": "Ad"}, "not_your_turn")
    assert msg == "Non tocca a te: aspetta il tuo turno."  # in the table's language
    err(mover, {"type": "action", "action": "Zz"}, "bad_action")
    err(mover, {"type": "action", "action": "bid 3"}, "illegal_action")
    hand = mover.last_state["observation"]["hand"]
    not_mine = next(str(c) for c in Ruleset().deck() if str(c) not in hand)
    msg = err(mover, {"type": "action", "action": not_mine}, "illegal_action")
    assert msg == "Questa mossa non è consentita ora."
    err(mover, {"type": "next_deal"}, "deal_not_over")
    # errors went to the sender only
    assert nothing_pending(other.ws) if other.ws is not None else False
    # the sockets are still open and working
    mover.send({"type": "ping"})
    assert mover.recv() == {"type": "pong"}
    mover.send({"type": "sync"})
    again = mover.recv()
    assert again["type"] == "state" and again["events"] == []
    card = mover.last_state["observation"]["legal"][0]
    mover.send({"type": "action", "action": card})
    for p in (a, b):
        m = p.recv()
        assert m["events"][0] == {
            "type": "played",
            "seat": mover.seat,
            "card": card,
            "action": card,
        }
    a.close()
    b.close()


def test_italian_words_are_accepted(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "chiamata", ["human"] * 5)
    players = connect_all(client, table_id, tokens)
    client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    for p in players:
        p.recv()
    turn = players[0].last_state["observation"]["turn"]
    actor = next(p for p in players if p.seat == turn)
    actor.send({"type": "action", "action": "passo"})
    for p in players:
        assert p.recv()["events"] == [{"type": "passed", "seat": turn, "action": "pass"}]
    for p in players:
        p.close()


def test_wrong_or_missing_token_is_refused(client: TestClient) -> None:
    body = client.post("/api/play", json={"level": "random"}).json()
    tid = body["table_id"]
    for url, first, reason in (
        (f"/ws/{tid}", hello("wrong"), "bad token"),
        (f"/ws/{tid}", hello("\ud800"), "bad token"),
        (f"/ws/{tid}", hello(""), "missing token"),
        (f"/ws/{tid}", {"type": "hello"}, "missing token"),
        (f"/ws/{tid}", {"type": "sync"}, "expected hello"),
        (f"/ws/{tid}?token={body['token']}", hello(body["token"]), "token in URL"),
        ("/ws/nope", hello(body["token"]), "unknown table"),
    ):
        with client.websocket_connect(url) as ws:
            ws.send_json(first)
            with pytest.raises(WebSocketDisconnect) as info:
                recv(ws)
            assert info.value.code == 1008 and info.value.reason == reason


def test_a_token_only_opens_its_own_table(client: TestClient) -> None:
    one = client.post("/api/play", json={"level": "random"}).json()
    two = client.post("/api/play", json={"level": "random"}).json()
    with client.websocket_connect(f"/ws/{two['table_id']}") as ws:
        ws.send_json(hello(one["token"]))
        with pytest.raises(WebSocketDisconnect) as info:
            recv(ws)
        assert info.value.code == 1008


def test_two_tabs_of_one_seat_get_the_same_messages(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    a, b = connect_all(client, table_id, tokens)
    a2 = Player(client, table_id, 0, tokens[0][1])
    a2.connect()
    assert nothing_pending(a.ws) if a.ws is not None else False  # already connected: no news
    client.post(f"/api/tables/{table_id}/start", json={"token": tokens[0][1]})
    m1, m2 = a.recv(), a2.recv()
    assert m1 == m2
    b.recv()
    a2.close()
    assert nothing_pending(b.ws) if b.ws is not None else False  # seat 0 is still connected
    for p in (a, b):
        p.close()


def test_join_is_announced_to_the_host(client: TestClient) -> None:
    r = client.post("/api/tables", json={"preset": "classic", "seats": ["human", "human"]}).json()
    host = Player(client, r["table_id"], 0, r["token"])
    first = host.connect()
    assert first["invite_url"] == r["invite_url"]
    client.post(
        f"/api/tables/{r['table_id']}/join", json={"invite_code": r["invite_code"], "name": "Bea"}
    )
    m = host.recv()
    assert m["events"] == [{"type": "joined", "seat": 1, "name": "Bea"}]
    assert m["table"]["seats"][1]["joined"]
    host.close()


# -- restart ------------------------------------------------------------------------------------
def test_restart_resumes_the_game_exactly(db: Path) -> None:
    restart_mid_game(lambda: client_for(db), random.Random(5))


def test_restart_between_deals_and_before_the_start(db: Path) -> None:
    with client_for(db) as c1:
        tid, tokens, _ = make_table(c1, "classic", ["human", "human"], match="best-of:3")
        waiting, _, _ = make_table(c1, "classic", ["human", "human"])
        players = connect_all(c1, tid, tokens)
        c1.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
        for p in players:
            p.recv()
        by_seat = {p.seat: p for p in players}
        while players[0].last_state["table"]["status"] == "playing":
            turn = players[0].last_state["observation"]["turn"]
            actor = by_seat[turn]
            actor.send({"type": "action", "action": actor.last_state["observation"]["legal"][0]})
            for p in players:
                p.recv()
        players[0].send({"type": "next_deal"})
        for p in players:
            p.recv()
        before = c1.get(f"/api/tables/{tid}").json()
        assert before["status"] == "deal_over"
        for p in players:
            p.close()
    with client_for(db) as c2:
        after = c2.get(f"/api/tables/{tid}").json()
        for key in ("status", "match", "deal", "result"):
            assert after[key] == before[key]
        assert c2.get(f"/api/tables/{waiting}").json()["status"] == "waiting"
        players = connect_all(c2, tid, tokens)
        for p in players:
            p.send({"type": "next_deal"})
            for q in players:
                q.recv()
        assert players[0].last_state["table"]["status"] == "playing"
        assert players[0].last_state["table"]["deal"] == 1
        for p in players:
            p.close()


# -- absent humans --------------------------------------------------------------------------------
def test_an_absent_human_is_played_by_the_computer_after_the_timeout(db: Path) -> None:
    with client_for(db, human_timeout=0.2) as c:
        tid, tokens, _ = make_table(c, "classic", ["human", "human"])
        a, b = connect_all(c, tid, tokens)
        c.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
        a.recv()
        b.recv()
        if a.last_state["observation"]["turn"] == 1:  # let seat 1 play once: seat 0 is to act
            b.send({"type": "action", "action": b.last_state["observation"]["legal"][0]})
            a.recv()
            b.recv()
        if a.last_state["observation"]["turn"] == 1:
            b.send({"type": "action", "action": b.last_state["observation"]["legal"][0]})
            a.recv()
            b.recv()
        assert a.last_state["observation"]["turn"] == 0
        b.close()
        m = a.recv()
        assert m["events"] == [{"type": "presence", "seat": 1, "connected": False}]
        assert m["table"]["seats"][1]["connected"] is False
        start = time.monotonic()
        m = a.recv()
        assert m["events"] == [{"type": "autoplay", "seat": 1, "on": True}]
        assert time.monotonic() - start >= 0.1
        assert m["table"]["seats"][1]["autoplay"] is True
        # seat 0 plays; the computer answers for seat 1
        saw = False
        for _ in range(100):
            state = a.last_state
            if state["table"]["status"] != "playing":
                break
            if state["observation"]["turn"] == 0:
                a.send({"type": "action", "action": state["observation"]["legal"][0]})
            m = a.recv()
            if any(e["type"] == "played" and e["seat"] == 1 for e in m["events"]):
                saw = True
                break
        assert saw
        # seat 1 comes back: the computer gives the seat back
        b = Player(c, tid, 1, tokens[1][1])
        back = b.connect()
        assert back["table"]["seats"][1]["autoplay"] is False
        for _ in range(50):  # the computer may have moved for seat 1 meanwhile
            m = a.recv()
            if {"type": "autoplay", "seat": 1, "on": False} in m["events"]:
                break
        assert {"type": "presence", "seat": 1, "connected": True} in m["events"]
        assert m["table"]["seats"][1] == back["table"]["seats"][1]
        a.close()
        b.close()


def test_a_human_who_never_comes_is_played_by_the_computer(db: Path) -> None:
    with client_for(db, human_timeout=0.2) as c:
        tid, tokens, _ = make_table(c, "pairs", ["human", "human", "human", "bot:random"])
        a = Player(c, tid, 0, tokens[0][1])
        a.connect()
        c.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
        a.recv()
        autoplayed: set[int] = set()
        for _ in range(20):
            m = a.recv()
            autoplayed |= {e["seat"] for e in m["events"] if e["type"] == "autoplay" and e["on"]}
            if autoplayed == {1, 2}:
                break
        assert autoplayed == {1, 2}
        a.close()


def test_nobody_plays_while_no_human_is_connected(db: Path) -> None:
    with client_for(db, human_timeout=0.05) as c:
        tid, tokens, _ = make_table(c, "classic", ["human", "human"])
        c.post(f"/api/tables/{tid}/start", json={"token": tokens[0][1]})
        time.sleep(0.15)
        info = c.get(f"/api/tables/{tid}").json()
        assert not any(s["autoplay"] for s in info["seats"])
        # the first to come back finds the other seat handed to the computer
        a = Player(c, tid, 0, tokens[0][1])
        first = a.connect()
        assert first["table"]["seats"][1]["autoplay"] is True
        a.close()


# -- hidden information -------------------------------------------------------------------------
def _teammates(ruleset: Ruleset, seat: int) -> list[int]:
    if ruleset.partnership.value != "alternate":
        return []
    return [s for s in range(ruleset.players) if s != seat and s % 2 == seat % 2]


def _visible_now(state: State, seat: int) -> set[str]:
    """What ``seat`` may see in ``state``, from the rules reference (not from observe())."""
    rules = state.ruleset
    seen = {str(c) for c in state.hands[seat]} | cards_on_the_table(state)
    if rules.partners_see_hands and not state.stock and state.phase is Phase.PLAY:
        for mate in _teammates(rules, seat):
            seen |= {str(c) for c in state.hands[mate]}
    if rules.partners_show_first:  # the partners' hands as dealt, shown before the first trick
        dealt = list(zip(deal_positions(rules, state.dealer), state.deck, strict=False))
        for mate in _teammates(rules, seat):
            seen |= {str(c) for s, c in dealt if s == mate}
    return seen


def check_hidden_information(client: TestClient, table_id: str, players: list[Player]) -> int:
    """Every card in every message to every seat is one that seat may see then."""
    stored = client.app.state.storage.load(table_id)  # type: ignore[attr-defined]
    ruleset = Ruleset.from_dict(stored.ruleset)
    removed = {str(c) for c in ruleset.removed}
    tokens = {p.token for p in players}
    checked = 0
    for p in players:
        # what the seat may know at (deal, number of actions), cumulatively
        known: dict[tuple[int, int], set[str]] = {}
        so_far = set(removed)
        for number, (dealer, deck, actions) in enumerate(stored.deals):
            states = deal_states(ruleset, dealer, deck, actions)
            for i, state in enumerate(states):
                so_far |= _visible_now(state, p.seat)
                known[(number, i)] = set(so_far)
        for message in p.messages:
            text = str(message)
            assert not any(t in text for t in tokens), "a token was sent"
            if message["type"] != "state":
                continue
            deal = message["table"]["deal"]
            obs = message["observation"]
            allowed = removed if deal is None else known[(deal, len(obs["actions"]))]
            cards = card_tokens(message)
            assert cards <= allowed, (p.seat, sorted(cards - allowed), message)
            if obs is not None and obs["partner"] is not None and obs["phase"] != "over":
                partner = obs["partner"]
                played = [c for t in obs["tricks"] for _, c in t["plays"]]
                played += [c for _, c in obs["trick"]]
                assert p.seat == partner or obs["called"] in played
            checked += 1
    return checked


def test_the_checker_finds_cards_but_not_inside_ids() -> None:
    """A table id or invite code such as "6b_013sZ" is not the 6 of bastoni (a random id once
    made the hidden-information check fail one game in a few hundred)."""
    message = {"table_id": "6b_013sZ", "invite": "/join/Ad-x9/Rs_k", "hand": ["Ad", "7c"]}
    assert card_tokens(message) == {"Ad", "7c"}
    assert card_tokens({"Fb": "x", "trick": [[0, "Cd"]]}) == {"Fb", "Cd"}


HIDDEN_CASES = [
    ("classic", {"accusi": True, "exchange": "two"}),
    ("classic", {"exchange": "seven", "inversion": True}),
    ("scoperta", {}),
    ("three", {"accusi": True}),
    ("pairs", {}),
    ("pairs", {"exchange": "two", "tricks_visible": "always"}),
    ("six", {"accusi": True}),
    ("six", {"partners_show_first": True, "partners_see_hands": False}),
    ("chiamata", {}),
    ("chiamata", {"caller_leads": True}),
]


@pytest.mark.parametrize(("preset", "options"), HIDDEN_CASES)
def test_no_seat_is_ever_sent_a_card_it_may_not_see(
    client: TestClient, preset: str, options: dict[str, Any]
) -> None:
    checked = 0
    for seed in range(3):
        table_id, players = play_humans(client, preset, seed=seed, options=options)
        checked += check_hidden_information(client, table_id, players)
    assert checked > 100


def test_no_card_leaks_in_a_match_against_bots(client: TestClient) -> None:
    for preset in ("chiamata", "pairs"):
        me = play_vs_bots(client, preset, seed=7, match="deals:2")
        check_hidden_information(client, me.table_id, [me])
        me.close()


def test_no_shown_card_leaks_to_an_opponent_of_bots(client: TestClient) -> None:
    """partners_show_first with bots: the human (seat 0) sees its partner's shown cards, never
    the opponents' (the bots at seats 1 and 3 showed each other theirs)."""
    for seed in (3, 8):
        options = {"partners_show_first": True}
        me = play_vs_bots(client, "pairs", seed=seed, options=options, level="medium")
        check_hidden_information(client, me.table_id, [me])
        views = [m["observation"] for m in me.messages if m["type"] == "state"]
        shown = [v["shown"] for v in views if v is not None]
        assert any("2" in s for s in shown) and not any("1" in s or "3" in s for s in shown)
        me.close()
        check_hidden_information(client, me.table_id, [me])
        me.close()
